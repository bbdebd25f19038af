/**
 * Dates of the RIPS: `fechaNacimiento` is 'AAAA-MM-DD'; attention, egress and birth date-times
 * are 'AAAA-MM-DD HH:MM' in Colombian local time (UTC−5, no DST). A malformed value gives
 * `undefined` so a rule skips the comparison silently (the structure checker reports the format).
 */
const FECHA = /^(\d{4})-(\d{2})-(\d{2})$/;
const FECHA_HORA = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;
const DESFASE_COLOMBIA_MS = 5 * 3600_000;
export const HORA_MS = 3600_000;

function diasDelMes(anio: number, mes: number): number {
  return new Date(Date.UTC(anio, mes, 0)).getUTCDate();
}

function partesValidas(a: number, m: number, d: number, h = 0, mi = 0): boolean {
  return m >= 1 && m <= 12 && d >= 1 && d <= diasDelMes(a, m) && h <= 23 && mi <= 59;
}

/** Epoch (ms) of a 'AAAA-MM-DD HH:MM' Colombian local date-time, or undefined when malformed. */
export function instante(v: unknown): number | undefined {
  if (typeof v !== 'string') return undefined;
  const m = FECHA_HORA.exec(v);
  if (!m) return undefined;
  const [a, me, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (!partesValidas(a, me, d, h, mi)) return undefined;
  return Date.UTC(a, me - 1, d, h, mi) + DESFASE_COLOMBIA_MS;
}

/** 'AAAA-MM-DD' of a valid date or date-time value, or undefined. */
export function dia(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const m = FECHA.exec(v) ?? FECHA_HORA.exec(v);
  if (!m) return undefined;
  const [a, me, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number?, number?];
  return partesValidas(a, me, d, h, mi) ? v.slice(0, 10) : undefined;
}

/** Calendar day (AAAA-MM-DD) of an instant in Colombia. */
export function diaColombia(fecha: Date | number): string {
  const ms = typeof fecha === 'number' ? fecha : fecha.getTime();
  return new Date(ms - DESFASE_COLOMBIA_MS).toISOString().slice(0, 10);
}

/** Completed years between two valid 'AAAA-MM-DD' days (negative when `hasta` is earlier). */
export function edadEnAnios(nacimiento: string, hasta: string): number {
  const anios = Number(hasta.slice(0, 4)) - Number(nacimiento.slice(0, 4));
  return hasta.slice(5) < nacimiento.slice(5) ? anios - 1 : anios;
}

/** Hours between two instants, rounded to one decimal, for human-readable details. */
export function horasEntre(desde: number, hasta: number): string {
  return (Math.round(((hasta - desde) / HORA_MS) * 10) / 10).toString().replace('.', ',');
}
