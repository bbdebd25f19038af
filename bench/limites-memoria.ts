import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { ripsValido } from '../test/fixtures/rips.js';
import { guardarSalida } from './salida.js';
import { CLAVE_BENCH, iniciarServidorHijo } from './servidor-hijo.js';

/**
 * Issue 18: the red team's worst cases, each against the built server in its own process: status,
 * answer size, time and what the request adds to the server's peak RSS (kernel counter reset before
 * each request), per MB of body as received and as inflated.
 */
const MiB = 1024 * 1024;
const REPETICIONES = Number(process.env.BENCH_REPETICIONES ?? 3);

function ripsConFactura(n: number): string {
  const base = ripsValido() as Record<string, unknown>;
  base.numFactura = 'MARCA';
  return JSON.stringify(base).replace('"MARCA"', `"${'F'.repeat(n)}"`);
}

const casos: { nombre: string; ruta: string; cuerpo: () => Buffer; gzip?: boolean }[] = [
  ...[1, 4, 16].map((mib) => ({
    nombre: `POST /rips/validar numFactura ${mib} MiB`,
    ruta: '/rips/validar',
    cuerpo: () => Buffer.from(`{"rips":${ripsConFactura(mib * MiB)}}`),
  })),
  ...[1, 4, 16].map((mib) => ({
    nombre: `POST /rips numFactura ${mib} MiB`,
    ruta: '/rips',
    cuerpo: () => Buffer.from(`{"rips":${ripsConFactura(mib * MiB)}}`),
  })),
  {
    nombre: 'POST /rips/validar 150 MiB de numFactura en gzip',
    ruta: '/rips/validar',
    cuerpo: () => gzipSync(Buffer.from(`{"rips":${ripsConFactura(150 * MiB)}}`), { level: 9 }),
    gzip: true,
  },
  {
    nombre: 'POST /rips 150 MiB de numFactura en gzip',
    ruta: '/rips',
    cuerpo: () => gzipSync(Buffer.from(`{"rips":${ripsConFactura(150 * MiB)}}`), { level: 9 }),
    gzip: true,
  },
];

const servidor = await iniciarServidorHijo();
const filas: Record<string, unknown>[] = [];
try {
  for (const caso of casos) {
    const cuerpo = caso.cuerpo();
    const inflado = caso.gzip ? 150 * MiB : cuerpo.length;
    const cabeceras: Record<string, string> = {
      'content-type': 'application/json',
      'X-Api-Key': CLAVE_BENCH,
      ...(caso.gzip ? { 'content-encoding': 'gzip' } : {}),
    };
    const medidas: { status: number; bytes: number; ms: number; incrementoMB: number }[] = [];
    for (let i = 0; i < REPETICIONES; i++) {
      servidor.reiniciarPico();
      const reposo = servidor.memoria().rssMB;
      const t = performance.now();
      // fetch, not node:http: it reads an early answer (400 once 1 MiB of a header has arrived)
      // while the rest of the body is still being sent, as a real client would.
      const r = await fetch(servidor.url + caso.ruta, {
        method: 'POST',
        headers: cabeceras,
        body: new Uint8Array(cuerpo),
      });
      const bytes = (await r.arrayBuffer()).byteLength;
      medidas.push({
        status: r.status,
        bytes,
        ms: Math.round(performance.now() - t),
        incrementoMB: Math.round(servidor.memoria().picoMB - reposo),
      });
    }
    const peor = Math.max(...medidas.map((m) => m.incrementoMB));
    const fila = {
      caso: caso.nombre,
      enviadoMB: Number((cuerpo.length / MiB).toFixed(2)),
      status: [...new Set(medidas.map((m) => m.status))],
      respuestaBytes: Math.max(...medidas.map((m) => m.bytes)),
      msMax: Math.max(...medidas.map((m) => m.ms)),
      incrementoMaxMB: peor,
      incrementoPorMBEnviado: Number((peor / (cuerpo.length / MiB)).toFixed(2)),
      incrementoPorMBInflado: Number((peor / (inflado / MiB)).toFixed(3)),
    };
    filas.push(fila);
    console.log(JSON.stringify(fila));
    if (medidas.some((m) => m.status >= 500)) throw new Error(`${caso.nombre}: 5xx`);
  }
} finally {
  await servidor.detener();
}
guardarSalida('limites-memoria', { filas });
