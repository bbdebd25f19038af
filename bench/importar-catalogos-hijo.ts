import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { crearOrm } from '../src/db/orm.js';
import { importarCatalogo } from '../src/rips/catalogos/importar.js';
import { abrirArchivo } from '../src/rips/catalogos/lectura.js';

/**
 * One measured import in a process of its own (so its peak RSS is the importer's alone):
 * `leer <archivo>` reads the file without a database; `importar <archivo>` imports it into
 * BENCH_BD_URL. Prints one JSON line: time, rows, and RSS before and at peak.
 */
const [modo, archivo] = process.argv.slice(2) as ['leer' | 'importar', string];
const MB = 1024 * 1024;

const orm =
  modo === 'importar'
    ? await crearOrm({ url: process.env.BENCH_BD_URL!, timeoutConexionMs: 5000 })
    : undefined;
const rssInicialMB = process.memoryUsage().rss / MB;
const t = performance.now();
let filas = 0;
let importadas: number | undefined;
if (orm) {
  const r = await importarCatalogo(orm.em.fork(), archivo);
  filas = r.leidas;
  importadas = r.importadas;
} else {
  const { filas: lectura } = await abrirArchivo(archivo);
  for await (const _ of lectura) filas += 1;
}
const ms = performance.now() - t;
await orm?.close(true);
process.stdout.write(
  `${JSON.stringify({
    modo,
    filas,
    importadas,
    ms: Math.round(ms),
    filasPorSegundo: Math.round((filas * 1000) / ms),
    rssInicialMB: Math.round(rssInicialMB),
    rssPicoMB: Math.round(process.resourceUsage().maxRSS / 1024),
  })}\n`,
);
process.exit(0);
