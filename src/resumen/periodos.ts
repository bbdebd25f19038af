import { DESFASE_COLOMBIA_MS, diaColombia } from '../rips/reglas/helpers/fechas.js';
import type { Agrupacion } from './valores.js';

/**
 * Calendar arithmetic on Colombian dates written `YYYY-MM-DD`. Bogotá has a fixed offset (UTC−5,
 * no daylight saving), so a date is a whole number of days: plain UTC arithmetic on the date part
 * is exact and needs no time-zone library.
 */
const DIA_MS = 86_400_000;
/** Bogotá's offset from UTC (the RIPS rules' own constant, as a signed offset). */
export const DESPLAZAMIENTO_BOGOTA_MS = -DESFASE_COLOMBIA_MS;

export function aDias(fecha: string): number {
  return (
    Date.UTC(Number(fecha.slice(0, 4)), Number(fecha.slice(5, 7)) - 1, Number(fecha.slice(8, 10))) / DIA_MS
  );
}

/** Dates already written (a series writes the same few hundred days twice per request). */
const FECHAS = new Map<number, string>();

export function deDias(dias: number): string {
  let f = FECHAS.get(dias);
  if (f === undefined) {
    f = new Date(dias * DIA_MS).toISOString().slice(0, 10);
    // Bounded: 2000–2100 is 36,525 days, the only ones a report accepts.
    if (FECHAS.size < 40_000) FECHAS.set(dias, f);
  }
  return f;
}

export function sumarDias(fecha: string, n: number): string {
  return deDias(aDias(fecha) + n);
}

/** Today in Bogotá. */
export function hoyBogota(ahora = Date.now()): string {
  return diaColombia(ahora);
}

/** The start of the period holding `fecha`: itself, its ISO week's Monday, or the 1st of its month. */
export function inicioPeriodo(fecha: string, a: Agrupacion): string {
  if (a === 'dia') return fecha;
  if (a === 'mes') return `${fecha.slice(0, 8)}01`;
  const d = aDias(fecha);
  // 1970-01-01 was a Thursday: (d + 3) mod 7 is 0 on Mondays.
  return deDias(d - ((((d + 3) % 7) + 7) % 7));
}

/** The start of the next period. */
export function siguientePeriodo(inicio: string, a: Agrupacion): string {
  if (a === 'dia') return sumarDias(inicio, 1);
  if (a === 'semana') return sumarDias(inicio, 7);
  const y = Number(inicio.slice(0, 4));
  const m = Number(inicio.slice(5, 7));
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** Every period touching [desde, hasta), each clipped to the range (a week may start before desde). */
export function periodos(
  desde: string,
  hasta: string,
  a: Agrupacion,
): { periodo: string; desde: string; hasta: string }[] {
  const lista: { periodo: string; desde: string; hasta: string }[] = [];
  for (let p = inicioPeriodo(desde, a); p < hasta; p = siguientePeriodo(p, a)) {
    const fin = siguientePeriodo(p, a);
    lista.push({ periodo: p, desde: p < desde ? desde : p, hasta: fin > hasta ? hasta : fin });
  }
  return lista;
}

/** How many periods [desde, hasta) spans (to refuse a series too long before building it). */
export function contarPeriodos(desde: string, hasta: string, a: Agrupacion): number {
  const dias = aDias(hasta) - aDias(desde);
  if (a === 'dia') return dias;
  if (a === 'semana') return Math.ceil((aDias(hasta) - aDias(inicioPeriodo(desde, 'semana'))) / 7);
  const meses = (y: string) => Number(y.slice(0, 4)) * 12 + Number(y.slice(5, 7)) - 1;
  return meses(sumarDias(hasta, -1)) - meses(desde) + 1;
}

/**
 * [desde, hasta) as the whole months inside it (read from the monthly roll-ups) and the edge days
 * before and after them (read from the daily ones); a range inside one month is all days.
 * `finDatos`: the day after the last one that can hold data (tomorrow). A range reaching it holds
 * every later day too, so its last month is whole: a year to today reads the current month's row.
 */
export function tramosMensuales(
  desde: string,
  hasta: string,
  finDatos?: string,
): { meses: [string, string] | null; dias: [string, string][] } {
  if (finDatos && hasta >= finDatos && desde < hasta)
    hasta = siguientePeriodo(inicioPeriodo(sumarDias(hasta, -1), 'mes'), 'mes');
  const m1 = desde.endsWith('-01') ? desde : siguientePeriodo(inicioPeriodo(desde, 'mes'), 'mes');
  const m2 = inicioPeriodo(hasta, 'mes');
  if (m1 >= m2) return { meses: null, dias: desde < hasta ? [[desde, hasta]] : [] };
  const dias: [string, string][] = [];
  if (desde < m1) dias.push([desde, m1]);
  if (m2 < hasta) dias.push([m2, hasta]);
  return { meses: [m1, m2], dias };
}
