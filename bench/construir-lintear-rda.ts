import { performance } from 'node:perf_hooks';
import { construirBundle } from '../src/rda/construccion/construir.js';
import { lintearBundle } from '../src/rda/linter/lintear.js';
import { TIPOS_RDA } from '../src/rda/tipos.js';
import { AHORA_RDA, datosRda } from '../test/fixtures/rda.js';
import { mediana } from './estadistica.js';
import { guardarSalida } from './salida.js';

/** RDA bundles built and linted per second, per type and data variant, in process (no HTTP). */
const SEGUNDOS = Number(process.env.BENCH_SEGUNDOS ?? 2);
const REPETICIONES = Number(process.env.BENCH_REPETICIONES ?? 3);

/** Operations per second of `f` over a fixed time window (after a short warm-up). */
function porSegundo(f: () => void): number {
  for (let i = 0; i < 200; i++) f();
  let n = 0;
  const inicio = performance.now();
  const fin = inicio + SEGUNDOS * 1000;
  while (performance.now() < fin) {
    for (let i = 0; i < 20; i++) f();
    n += 20;
  }
  return n / ((performance.now() - inicio) / 1000);
}

const filas: Record<string, unknown>[] = [];
for (const tipo of TIPOS_RDA) {
  for (const variante of ['rico', 'minimo'] as const) {
    const datos = datosRda(tipo, variante);
    const bundle = construirBundle(tipo, datos, { ahora: AHORA_RDA });
    if (!lintearBundle(bundle, { ahora: AHORA_RDA }).valid)
      throw new Error(`${tipo} ${variante} no es válido`);
    const tam = Buffer.byteLength(JSON.stringify(bundle));
    const ambos: number[] = [];
    const construir: number[] = [];
    const lintear: number[] = [];
    for (let r = 0; r < REPETICIONES; r++) {
      ambos.push(
        porSegundo(() => {
          lintearBundle(construirBundle(tipo, datos, { ahora: AHORA_RDA }), { ahora: AHORA_RDA });
        }),
      );
      construir.push(porSegundo(() => construirBundle(tipo, datos, { ahora: AHORA_RDA })));
      lintear.push(porSegundo(() => lintearBundle(bundle, { ahora: AHORA_RDA })));
    }
    const fila = {
      tipo,
      variante,
      entradas: (bundle.entry as unknown[]).length,
      kb: Math.round(tam / 102.4) / 10,
      construidosYRevisadosPorSegundo: Math.round(mediana(ambos)),
      construidosPorSegundo: Math.round(mediana(construir)),
      revisadosPorSegundo: Math.round(mediana(lintear)),
    };
    filas.push(fila);
    console.log(
      `${tipo.padEnd(17)} ${variante.padEnd(7)} entries=${String(fila.entradas).padStart(2)} ${String(fila.kb).padStart(5)} KB ` +
        `build+lint=${fila.construidosYRevisadosPorSegundo}/s build=${fila.construidosPorSegundo}/s lint=${fila.revisadosPorSegundo}/s`,
    );
  }
}
guardarSalida('construir-lintear-rda', { segundos: SEGUNDOS, repeticiones: REPETICIONES, filas });
