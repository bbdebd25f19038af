import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import type { EntityManager } from '@mikro-orm/postgresql';
import { catalogosIncluidos } from '../src/rips/catalogos/servicio.js';
import { ServicioValidacionRips } from '../src/rips/validacion/servicio.js';
import { decodificar } from '../src/rips/validacion/textos-bytes.js';
import { catalogosGrandes } from './catalogos-grandes.js';
import { mediana } from './estadistica.js';

/**
 * The engine alone, with no HTTP, next to a bare JSON.parse of the same bytes, in a process of its
 * own that never forces a collection: in a process that calls gc() (the benchmark's, to steady its
 * baseline) the engine's code runs 2.5–3× slower for a while after each forced collection, while
 * JSON.parse (native) barely changes, which made the earlier in-process column meaningless.
 * The body (as sent) comes on standard input; arguments: gzip (1|0), warm-up runs, timed runs.
 * Prints one JSON line.
 */
const [gzipArg, calentamientosArg, repeticionesArg] = process.argv.slice(2);
const enviado = readFileSync(0);
const gzip = gzipArg === '1';
const calentamientos = Number(calentamientosArg);
const repeticiones = Number(repeticionesArg);
const cuerpo = gzip ? gunzipSync(enviado) : enviado;

const catalogos = catalogosIncluidos();
// BENCH_CATALOGOS=grandes (inherited from bench/validar-rips.ts): the large tables, as the server has them.
if (process.env.BENCH_CATALOGOS === 'grandes')
  for (const [tabla, datos] of Object.entries(catalogosGrandes())) catalogos.poner(tabla, datos);
const servicio = new ServicioValidacionRips({ obtener: async () => catalogos }, {});
// Shipped catalogs only: the service never reaches the database.
const em = {} as EntityManager;

/** As the server reads a body whole: inflate, decode, then the service's own path for a body's text. */
async function motor(): Promise<number> {
  const t = performance.now();
  const bytes = gzip ? gunzipSync(enviado) : Buffer.from(enviado);
  await servicio.validarCuerpoTexto(em, decodificar(bytes, 0, bytes.length, true));
  return performance.now() - t;
}

function parse(): number {
  const t = performance.now();
  JSON.parse(cuerpo.toString('utf8'));
  return performance.now() - t;
}

for (let i = 0; i < calentamientos; i++) {
  await motor();
  parse();
}
const tiemposMotor: number[] = [];
const tiemposParse: number[] = [];
for (let i = 0; i < repeticiones; i++) {
  tiemposParse.push(parse());
  tiemposMotor.push(await motor());
}
console.log(JSON.stringify({ parseMs: mediana(tiemposParse), motorMs: mediana(tiemposMotor) }));
