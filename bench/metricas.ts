import { performance } from 'node:perf_hooks';
import { Metricas } from '../src/metricas/metricas.js';
import { ripsValido } from '../test/fixtures/rips.js';
import { ClienteHttp } from './cliente-http.js';
import { mediana } from './estadistica.js';
import { guardarSalida } from './salida.js';
import { CLAVE_BENCH, iniciarServidorHijo } from './servidor-hijo.js';

/**
 * What the metrics cost a request: requests per second on POST /rips/validar with a small RIPS,
 * one server with metrics on and one with METRICS_ENABLED=false. Requests alternate one by one
 * between the two servers (the first of each pair swapped every round), so whatever else the
 * machine runs slows both alike; each round gives both a rate, and the medians are compared.
 */
const RONDAS = Number(process.env.BENCH_RONDAS ?? 9);
const POR_RONDA = Number(process.env.BENCH_SOLICITUDES ?? 400);
const CALENTAMIENTO = Number(process.env.BENCH_CALENTAMIENTO ?? 600);

const cuerpo = Buffer.from(JSON.stringify({ rips: ripsValido() }));
const cabeceras = { 'content-type': 'application/json', 'X-Api-Key': CLAVE_BENCH };

const con = await iniciarServidorHijo();
const sin = await iniciarServidorHijo({ METRICS_ENABLED: 'false' });
const variantes = [
  {
    nombre: 'con',
    servidor: con,
    cliente: new ClienteHttp(con.url),
    rps: [] as number[],
    cpuUs: [] as number[],
  },
  {
    nombre: 'sin',
    servidor: sin,
    cliente: new ClienteHttp(sin.url),
    rps: [] as number[],
    cpuUs: [] as number[],
  },
];

type Variante = (typeof variantes)[number];

/** One request, its wall time in ms. */
async function una(v: Variante): Promise<number> {
  const t = performance.now();
  const r = await v.cliente.post('/rips/validar', cuerpo, cabeceras);
  if (r.status !== 200) throw new Error(`HTTP ${r.status}: ${r.cuerpo.toString('utf8').slice(0, 300)}`);
  return performance.now() - t;
}

/** A round of `n` request pairs: each variant's rate (requests per second of its own time) and CPU. */
async function ronda(orden: Variante[], n: number): Promise<void> {
  const ms = orden.map(() => 0);
  const cpu = orden.map((v) => v.servidor.cpuMs());
  for (let i = 0; i < n; i++) for (let k = 0; k < orden.length; k++) ms[k]! += await una(orden[k]!);
  orden.forEach((v, k) => {
    v.rps.push(n / (ms[k]! / 1000));
    // The server's own CPU per request: other processes on the machine do not move it.
    v.cpuUs.push(((v.servidor.cpuMs() - cpu[k]!) * 1000) / n);
  });
}

let scrapeMs: number | undefined;
let series: number | undefined;
try {
  const sinRuta = await fetch(`${sin.url}/metrics`);
  if (sinRuta.status !== 404)
    throw new Error(`METRICS_ENABLED=false respondió ${sinRuta.status} en /metrics`);
  for (let i = 0; i < CALENTAMIENTO; i++) for (const v of variantes) await una(v);
  for (let r = 0; r < RONDAS; r++) await ronda(r % 2 === 0 ? variantes : [...variantes].reverse(), POR_RONDA);
  // What one scrape costs the server with the series this traffic left.
  const t = performance.now();
  const texto = await (await fetch(`${con.url}/metrics`)).text();
  scrapeMs = performance.now() - t;
  series = texto.split('\n').filter((l) => l && !l.startsWith('#')).length;
} finally {
  for (const v of variantes) {
    v.cliente.cerrar();
    await v.servidor.detener();
  }
}

/**
 * The same calls a validation request makes on the metrics (route, HTTP histogram, validation
 * counters and size), timed in this process: the cost itself, free of the machine's noise.
 */
function costoDirectoUs(): number {
  const m = new Metricas();
  const r = { valid: false, resumen: { rechazos: 1, avisos: 2, informativos: 16 } };
  const n = 200_000;
  const medidas: number[] = [];
  for (let k = 0; k < 5; k++) {
    const t = performance.now();
    for (let i = 0; i < n; i++) {
      m.solicitud(m.rutaDe('POST', '/rips/validar'), 200, 0.002);
      m.validacionRips(r, 'rest');
      m.bytesValidacionRest(cuerpo.length);
    }
    medidas.push(((performance.now() - t) * 1000) / n);
  }
  return mediana(medidas);
}

const [medCon, medSin] = variantes.map((v) => mediana(v.rps)) as [number, number];
const sobrecosto = (medSin - medCon) / medSin;
// Paired: each round ran both variants side by side, so their ratio cancels the machine's drift.
const sobrecostoPareado = 1 - mediana(variantes[0]!.rps.map((c, i) => c / variantes[1]!.rps[i]!));
const directo = costoDirectoUs();
const [cpuCon, cpuSin] = variantes.map((v) => mediana(v.cpuUs)) as [number, number];
const salida = {
  cuerpoBytes: cuerpo.length,
  rondas: RONDAS,
  solicitudesPorRonda: POR_RONDA,
  calentamiento: CALENTAMIENTO,
  rpsConMetricas: Math.round(medCon),
  rpsSinMetricas: Math.round(medSin),
  sobrecostoPorcentaje: Number((sobrecosto * 100).toFixed(2)),
  sobrecostoPareadoPorcentaje: Number((sobrecostoPareado * 100).toFixed(2)),
  costoDirectoUsPorSolicitud: Number(directo.toFixed(2)),
  costoDirectoPorcentaje: Number(((directo / (1e6 / medSin)) * 100).toFixed(3)),
  rondasCon: variantes[0]!.rps.map(Math.round),
  rondasSin: variantes[1]!.rps.map(Math.round),
  cpuUsPorSolicitudCon: Math.round(cpuCon),
  cpuUsPorSolicitudSin: Math.round(cpuSin),
  sobrecostoCpuPorcentaje: Number((((cpuCon - cpuSin) / cpuSin) * 100).toFixed(2)),
  scrapeMs: scrapeMs === undefined ? undefined : Number(scrapeMs.toFixed(1)),
  series,
};
guardarSalida('metricas', salida);
console.log(JSON.stringify(salida, null, 2));
if (sobrecosto >= 0.05 || sobrecostoPareado >= 0.05) {
  console.error(
    `Sobrecosto de las métricas ${salida.sobrecostoPorcentaje} % (pareado ${salida.sobrecostoPareadoPorcentaje} %; límite 5 %)`,
  );
  process.exitCode = 1;
}
