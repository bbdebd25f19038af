import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { conectarBd } from './carga-directa.js';
import { cargarCatalogosGrandes, catalogosGrandes } from './catalogos-grandes.js';
import { ClienteHttp } from './cliente-http.js';
import { cuantil, mediana } from './estadistica.js';
import { type DatosRips, generarRips } from './generar-rips.js';
import { iniciarPiso } from './piso-http.js';
import { guardarSalida } from './salida.js';
import { CLAVE_BENCH, iniciarServidorHijo } from './servidor-hijo.js';

/** POST /rips/validar on 1 MB, 20 MB and 200 MB (gzip) bodies, next to a bare JSON.parse. */
const TAMANOS = (process.env.BENCH_MB ?? '1,20,200').split(',').map(Number);
const REPETICIONES = Number(process.env.BENCH_REPETICIONES ?? 3);
// Issue 18: the synthetic set repeats the same values (gzips 100:1); the varied one is closer to real files.
// BENCH_CONJUNTOS, not BENCH_DATOS: that one names a data folder to reuse (bench/servidor-hijo.ts).
const DATOS = (process.env.BENCH_CONJUNTOS ?? 'sintetico,variado').split(',') as DatosRips[];

/** Full collection when node runs with --expose-gc (npm run bench:rips does). */
const limpiar = (): void => (globalThis as { gc?: () => void }).gc?.();

/**
 * The engine alone (no HTTP) next to a bare parse, in a child process that never forces a
 * collection (bench/motor-hijo.ts says why).
 */
function motorEnHijo(
  enviado: Buffer,
  gzip: boolean,
  calentamientos: number,
  repeticiones: number,
): { parseMs: number; motorMs: number } {
  const salida = execFileSync(
    process.execPath,
    [
      '--max-old-space-size=8192',
      fileURLToPath(new URL('./motor-hijo.js', import.meta.url)),
      gzip ? '1' : '0',
      String(calentamientos),
      String(repeticiones),
    ],
    { input: enviado, encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  return JSON.parse(salida.trim().split('\n').pop()!) as { parseMs: number; motorMs: number };
}

const servidor = await iniciarServidorHijo();
// BENCH_CATALOGOS=grandes: CIE10, CUPSRips, CatalogoCUMs, IUM, FinalidadSexoEdad and FinalidadCUPS
// (bench/catalogos-grandes.ts), loaded in the server's database and in the engine child (motor-hijo.ts).
const CATALOGOS = process.env.BENCH_CATALOGOS === 'grandes' ? 'grandes' : 'incluidos';
if (CATALOGOS === 'grandes') {
  const bd = await conectarBd(servidor);
  try {
    await cargarCatalogosGrandes(bd, catalogosGrandes());
  } finally {
    await bd.end();
  }
}
const cliente = new ClienteHttp(servidor.url);
// BENCH_SIN_PISO=1 leaves out the floor (bench/piso-http.ts): a bare server that only parses.
const piso = process.env.BENCH_SIN_PISO ? undefined : await iniciarPiso();
const clientePiso = piso && new ClienteHttp(piso.url);
const filas: Record<string, unknown>[] = [];
try {
  for (const datos of DATOS)
    for (const mb of TAMANOS) {
      const rips = generarRips(mb * 1024 * 1024, datos);
      const cuerpo = Buffer.from(`{"rips":${rips.texto}}`);
      // Every body is sent gzip-compressed, as the issue measures it (and as the MUV recommends); BENCH_SIN_GZIP=1 sends them plain.
      const gzip = !process.env.BENCH_SIN_GZIP;
      const enviado = gzip ? gzipSync(cuerpo, { level: 6 }) : cuerpo;
      const parse: number[] = [];
      const total: number[] = [];
      const totalFetch: number[] = [];
      const totalPiso: number[] = [];
      const picos: number[] = [];
      const cpus: number[] = [];
      const reposos: number[] = [];
      const incrementos: number[] = [];
      let resumen: unknown;
      const cabeceras: Record<string, string> = {
        'content-type': 'application/json',
        'X-Api-Key': CLAVE_BENCH,
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      };
      const enviar = () => cliente.post('/rips/validar', enviado, cabeceras);
      // The same request through fetch, timed too: what a heavier client adds on its side.
      const enviarConFetch = () =>
        fetch(`${servidor.url}/rips/validar`, { method: 'POST', headers: cabeceras, body: enviado });
      // Untimed requests first, about 100 MB of bodies (at least one, at most 100): steady state
      // (JIT-compiled code in the request thread and in the validation threads, heaps sized), as in a
      // server that has run. Small bodies need many: a 1 MB body still got faster up to about the 50th
      // request.
      const calentamientos = Math.max(1, Math.min(100, Math.ceil(100 / mb)));
      let respuesta: Buffer | undefined;
      for (let i = 0; i < calentamientos; i++) {
        respuesta = (await enviar()).cuerpo;
        await (await enviarConFetch()).arrayBuffer();
      }
      // The floor writes a response of the same size as the server's, and is warmed as much.
      const enviarAlPiso = clientePiso && (() => clientePiso.post('/', enviado, cabeceras));
      if (clientePiso && enviarAlPiso) {
        await clientePiso.put('/respuesta', respuesta!);
        for (let i = 0; i < calentamientos; i++) await enviarAlPiso();
      }
      // Small bodies get more timed requests (30 for 1 MB): each takes milliseconds, and their median
      // moves with the machine's speed far more than a 20 MB one does.
      const repeticiones = Math.max(REPETICIONES, Math.min(31, Math.ceil(30 / mb)));
      for (let i = 0; i < repeticiones; i++) {
        // Each timing starts from a collected heap, so earlier garbage does not bill either side.
        limpiar();
        let t = performance.now();
        JSON.parse(cuerpo.toString('utf8'));
        parse.push(performance.now() - t);
        limpiar();
        servidor.reiniciarPico();
        const reposo = servidor.memoria().rssMB;
        reposos.push(reposo);
        const cpu = servidor.cpuMs();
        t = performance.now();
        const r = await enviar();
        const json = JSON.parse(r.cuerpo.toString('utf8')) as { valid: boolean; resumen: unknown };
        total.push(performance.now() - t);
        cpus.push(servidor.cpuMs() - cpu);
        picos.push(servidor.memoria().picoMB);
        incrementos.push(servidor.memoria().picoMB - reposo);
        if (r.status !== 200) throw new Error(`HTTP ${r.status}: ${JSON.stringify(json).slice(0, 300)}`);
        resumen = { valid: json.valid, ...(json.resumen as object) };
        limpiar();
        t = performance.now();
        await (await enviarConFetch()).json();
        totalFetch.push(performance.now() - t);
        if (enviarAlPiso) {
          limpiar();
          t = performance.now();
          const rp = await enviarAlPiso();
          JSON.parse(rp.cuerpo.toString('utf8'));
          totalPiso.push(performance.now() - t);
          if (rp.status !== 200) throw new Error(`piso: HTTP ${rp.status}`);
        }
      }
      // Warmed like the server, and at least twice.
      const motor = motorEnHijo(enviado, gzip, Math.max(2, calentamientos), repeticiones);
      const fila = {
        datos,
        catalogos: CATALOGOS,
        tamanoMB: Number((cuerpo.length / 1024 / 1024).toFixed(1)),
        enviadoMB: Number((enviado.length / 1024 / 1024).toFixed(1)),
        gzip,
        usuarios: rips.usuarios,
        servicios: rips.servicios,
        calentamientos,
        repeticiones,
        parseMs: Math.round(mediana(parse)),
        // The engine alone and its own bare parse, medians in a process without forced collections.
        motorMs: Math.round(motor.motorMs),
        parseHijoMs: Math.round(motor.parseMs),
        razonMotor: Number((motor.motorMs / motor.parseMs).toFixed(2)),
        totalMs: Math.round(mediana(total)),
        razon: Number((mediana(total) / mediana(parse)).toFixed(2)),
        // Spread of the request times over the repetitions, as multiples of the median parse.
        razonP25: Number((cuantil(total, 0.25) / mediana(parse)).toFixed(2)),
        razonP75: Number((cuantil(total, 0.75) / mediana(parse)).toFixed(2)),
        // Through fetch instead of node:http (not the primary figure: the extra is client work).
        totalFetchMs: Math.round(mediana(totalFetch)),
        razonFetch: Number((mediana(totalFetch) / mediana(parse)).toFixed(2)),
        // The floor (a server that only inflates, decodes and parses, same exchange) and what the
        // real server takes beyond it, both as multiples of the median parse.
        ...(totalPiso.length
          ? {
              pisoMs: Math.round(mediana(totalPiso)),
              razonPiso: Number((mediana(totalPiso) / mediana(parse)).toFixed(2)),
              sobrePiso: Number(((mediana(total) - mediana(totalPiso)) / mediana(parse)).toFixed(2)),
            }
          : {}),
        // CPU time of all the server's threads per request: the work, whatever the parallelism.
        cpuMs: Math.round(mediana(cpus)),
        serviciosPorSegundo: Math.round(rips.servicios / (mediana(total) / 1000)),
        reposoRssMB: Math.round(Math.min(...reposos)),
        picoRssMB: Math.round(Math.max(...picos)),
        // What a request adds to the process as it was just before it (peak − RSS at its start), the
        // highest over the repetitions, per byte of (uncompressed) body.
        incrementoPorSolicitud: Number((Math.max(...incrementos) / (cuerpo.length / 1024 / 1024)).toFixed(2)),
        // Stricter, as measured before: highest peak of the run minus its lowest idle RSS, so it also
        // counts whatever the process grew between requests (heap sizing, compiled code).
        incrementoSobreCuerpo: Number(
          ((Math.max(...picos) - Math.min(...reposos)) / (cuerpo.length / 1024 / 1024)).toFixed(2),
        ),
        resultado: resumen,
      };
      filas.push(fila);
      console.log(JSON.stringify(fila));
    }
} finally {
  cliente.cerrar();
  clientePiso?.cerrar();
  await piso?.detener();
  await servidor.detener();
}
guardarSalida('validar-rips', { filas });
