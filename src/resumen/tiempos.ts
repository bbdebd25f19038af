/**
 * RDA time to acceptance from the daily histograms: bucket b holds [1.1^b, 1.1^(b+1)) ms (bucket 0
 * also below 1 ms), as `resumen_cubeta` in the migration. Percentiles from merged buckets are
 * within 5 % of the exact value, plus the rounding to whole milliseconds (the bucket's geometric
 * middle, never above the exact maximum); count, mean, attempts and maximum are exact.
 */
export const RAZON_CUBETA = 1.1;
/** `resumen_tiempo_dia.tipo` of each day's all-types row (what a daily series reads). */
export const TIPOS_JUNTOS = '*';

export interface AcumuladoTiempos {
  aceptados: number;
  intentos: number;
  sumaMs: number;
  maxMs: number;
  cubetas: Map<number, number>;
}

export interface Tiempos {
  aceptados: number;
  intentosPorAceptado: number | null;
  promedioMs: number | null;
  p50Ms: number | null;
  p95Ms: number | null;
  maxMs: number | null;
}

export function acumuladoVacio(): AcumuladoTiempos {
  return { aceptados: 0, intentos: 0, sumaMs: 0, maxMs: 0, cubetas: new Map() };
}

export function sumarCubeta(a: AcumuladoTiempos, cubeta: number, cantidad: number): void {
  a.cubetas.set(cubeta, (a.cubetas.get(cubeta) ?? 0) + cantidad);
}

/** A row of `resumen_tiempo_dia` (bigints as node-pg returns them; `cubetas` is {"bucket": count}). */
export interface FilaTiempos {
  aceptados: string;
  intentos: string;
  suma: string;
  max: string;
  cubetas: Record<string, number | string>;
}

/** Adds accumulator `b` into `a`. */
export function fusionar(a: AcumuladoTiempos, b: AcumuladoTiempos): void {
  a.aceptados += b.aceptados;
  a.intentos += b.intentos;
  a.sumaMs += b.sumaMs;
  a.maxMs = Math.max(a.maxMs, b.maxMs);
  for (const [cubeta, n] of b.cubetas) sumarCubeta(a, cubeta, n);
}

export function sumarFila(a: AcumuladoTiempos, f: FilaTiempos): void {
  a.aceptados += Number(f.aceptados);
  a.intentos += Number(f.intentos);
  a.sumaMs += Number(f.suma);
  a.maxMs = Math.max(a.maxMs, Number(f.max));
  for (const b in f.cubetas) sumarCubeta(a, Number(b), Number(f.cubetas[b]));
}

/** The milliseconds a bucket stands for: its geometric middle, never above the exact maximum. */
function valorCubeta(b: number, maxMs: number): number {
  return Math.round(Math.min(b === 0 ? 1 : RAZON_CUBETA ** (b + 0.5), maxMs));
}

/** The bucket holding the q-quantile (as `resumen_percentil_cubeta` in the migration picks it). */
function cubetaPercentil(a: AcumuladoTiempos, q: number): number | null {
  const n = [...a.cubetas.values()].reduce((x, y) => x + y, 0);
  if (n === 0) return null;
  const rango = Math.max(1, Math.ceil(q * n));
  let acumulado = 0;
  for (const b of [...a.cubetas.keys()].sort((x, y) => x - y)) {
    acumulado += a.cubetas.get(b)!;
    if (acumulado >= rango) return b;
  }
  return null;
}

function percentil(a: AcumuladoTiempos, q: number): number | null {
  const b = cubetaPercentil(a, q);
  return b === null ? null : valorCubeta(b, a.maxMs);
}

/** The figures from the sums and the two percentiles (null when nothing was accepted). */
function cifras(
  aceptados: number,
  intentos: number,
  sumaMs: number,
  maxMs: number,
  p50Ms: number | null,
  p95Ms: number | null,
): Tiempos {
  if (aceptados === 0)
    return {
      aceptados: 0,
      intentosPorAceptado: null,
      promedioMs: null,
      p50Ms: null,
      p95Ms: null,
      maxMs: null,
    };
  return {
    aceptados,
    intentosPorAceptado: Math.round((intentos / aceptados) * 100) / 100,
    promedioMs: Math.round(sumaMs / aceptados),
    p50Ms,
    p95Ms,
    maxMs,
  };
}

/** A closed day's row whose p50 and p95 buckets were computed in the database (no histogram read). */
export function tiemposPrecalculados(
  f: Omit<FilaTiempos, 'cubetas'>,
  p50Cubeta: number,
  p95Cubeta: number,
): Tiempos {
  const maxMs = Number(f.max);
  return cifras(
    Number(f.aceptados),
    Number(f.intentos),
    Number(f.suma),
    maxMs,
    valorCubeta(p50Cubeta, maxMs),
    valorCubeta(p95Cubeta, maxMs),
  );
}

export function tiemposDe(a: AcumuladoTiempos): Tiempos {
  return cifras(a.aceptados, a.intentos, a.sumaMs, a.maxMs, percentil(a, 0.5), percentil(a, 0.95));
}
