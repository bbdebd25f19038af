import { performance } from 'node:perf_hooks';
import { catalogosIncluidos } from '../src/rips/catalogos/servicio.js';
import { CAMPOS } from '../src/rips/estructura/campos.js';
import { crearVerificadorEstructura } from '../src/rips/estructura/verificar.js';
import { REGLAS } from '../src/rips/reglas/registro.js';
import type { Regla } from '../src/rips/reglas/tipos.js';
import type { Registro } from '../src/rips/tipos.js';
import { recorrer } from '../src/rips/validacion/motor.js';
import { generarRips } from './generar-rips.js';
import { guardarSalida } from './salida.js';

/**
 * What each local rule and the structure check cost on an already parsed RIPS (no text, no HTTP):
 * the walk with one rule minus the walk with none, minimum of BENCH_REPETICIONES runs. Finds the
 * rules that dominate the engine's time per service.
 */
const MB = Number(process.env.BENCH_MB ?? 20);
const REPETICIONES = Number(process.env.BENCH_REPETICIONES ?? 5);

const catalogos = catalogosIncluidos();
const estructura = crearVerificadorEstructura(CAMPOS, catalogos);
const sintetico = generarRips(MB * 1024 * 1024);
const rips = JSON.parse(sintetico.texto) as Registro;
const fecha = new Date();

function tiempo(reglas: readonly Regla[], conEstructura = false): number {
  let mejor = Number.POSITIVE_INFINITY;
  for (let i = 0; i < REPETICIONES; i++) {
    const t = performance.now();
    const r = recorrer(rips, { fecha, catalogos, reglas, ...(conEstructura ? { estructura } : {}) });
    mejor = Math.min(mejor, performance.now() - t);
    if (r.hallazgos.length) throw new Error(`el RIPS sintético dio ${r.hallazgos.length} hallazgos`);
  }
  return mejor;
}

const locales = REGLAS.filter(
  (r) => r.alcance === 'local' && (r.catalogos ?? []).every((t) => catalogos.cargado(t)),
);
// Warm-up: every hook compiled before anything is timed.
tiempo(locales, true);
tiempo(locales, true);
const base = tiempo([]);
const todas = tiempo(locales);
const conEstructura = tiempo(locales, true);
const soloEstructura = tiempo([], true) - base;
const porRegla = locales
  .map((r) => ({ codigo: r.codigo, ms: Number((tiempo([r]) - base).toFixed(2)) }))
  .sort((a, b) => b.ms - a.ms);

const resumen = {
  tamanoMB: MB,
  usuarios: sintetico.usuarios,
  servicios: sintetico.servicios,
  reglasLocales: locales.length,
  recorridoVacioMs: Number(base.toFixed(1)),
  reglasMs: Number((todas - base).toFixed(1)),
  estructuraMs: Number(soloEstructura.toFixed(1)),
  reglasYEstructuraMs: Number((conEstructura - base).toFixed(1)),
  microsegundosPorServicio: Number((((conEstructura - base) * 1000) / sintetico.servicios).toFixed(2)),
};
console.log(JSON.stringify(resumen));
for (const f of porRegla.slice(0, Number(process.env.BENCH_TOP ?? 20)))
  console.log(`${f.codigo.padEnd(8)} ${f.ms.toFixed(2).padStart(7)} ms`);
guardarSalida('reglas-rips', { resumen, porRegla });
