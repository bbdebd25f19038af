/**
 * Dates of the RIPS: `fechaNacimiento` is 'AAAA-MM-DD'; attention, egress and birth date-times
 * are 'AAAA-MM-DD HH:MM' in Colombian local time (UTC−5, no DST). A malformed value gives
 * `undefined` so a rule skips the comparison silently (the structure checker reports the format).
 */
export const DESFASE_COLOMBIA_MS = 5 * 3600_000;
export const HORA_MS = 3600_000;

const DIAS_MES = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const CERO = 48;

function digitos(v: string, desde: number, n: number): number {
  let r = 0;
  for (let i = desde; i < desde + n; i++) {
    const c = v.charCodeAt(i) - CERO;
    if (c < 0 || c > 9) return -1;
    r = r * 10 + c;
  }
  return r;
}

/**
 * Wall-clock milliseconds (as if UTC) of 'AAAA-MM-DD' or 'AAAA-MM-DD HH:MM', NaN when malformed
 * or not a calendar date. Hand-written because every rule compares dates on every record: a
 * regular expression plus `map(Number)` here was the engine's hottest path.
 */
export function relojUtc(v: string): number {
  return v.length === 10 || v.length === 16 ? memoValor[ranura(v)]! : Number.NaN;
}

// Many rules, and the structure check before them, read the same dates of the same record: a
// direct-mapped memo (slot from the day and time digits) answers them with one comparison,
// usually by identity of the string, and keeps the day text of each value.
const MEMO = 256; // a power of two
const memoTexto: (string | undefined)[] = new Array(MEMO);
const memoValor = new Float64Array(MEMO);
const memoDia: (string | undefined)[] = new Array(MEMO);

/** The memo slot holding `v` (10 or 16 characters), parsed on a miss. */
function ranura(v: string): number {
  const n = v.length;
  const k =
    (v.charCodeAt(n - 1) +
      3 * v.charCodeAt(n - 2) +
      7 * v.charCodeAt(n - 4) +
      13 * v.charCodeAt(n - 5) +
      29 * v.charCodeAt(6) +
      61 * v.charCodeAt(9) +
      127 * v.charCodeAt(8)) &
    (MEMO - 1);
  if (memoTexto[k] !== v) {
    memoTexto[k] = v;
    memoValor[k] = parsear(v);
    memoDia[k] = undefined;
  }
  return k;
}

const DIA_MS = 86_400_000;

/**
 * Date.UTC(a, m - 1, d) for the parsed fields, by arithmetic (days from the civil date; the builtin
 * call cost more than the parse). Like Date.UTC, years 0–99 mean 1900–1999.
 */
function diasCiviles(a: number, m: number, d: number): number {
  const anio = (a <= 99 ? a + 1900 : a) - (m <= 2 ? 1 : 0);
  const era = Math.floor(anio / 400);
  const anioEra = anio - era * 400;
  const diaAnio = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1;
  const diaEra = anioEra * 365 + Math.floor(anioEra / 4) - Math.floor(anioEra / 100) + diaAnio;
  return era * 146_097 + diaEra - 719_468;
}

function parsear(v: string): number {
  const n = v.length;
  if ((n !== 10 && n !== 16) || v.charCodeAt(4) !== 45 || v.charCodeAt(7) !== 45) return Number.NaN;
  const a = digitos(v, 0, 4);
  const m = digitos(v, 5, 2);
  const d = digitos(v, 8, 2);
  if (a < 0 || m < 1 || m > 12 || d < 1) return Number.NaN;
  const bisiesto = m === 2 && a % 4 === 0 && (a % 100 !== 0 || a % 400 === 0);
  if (d > DIAS_MES[m - 1]! + (bisiesto ? 1 : 0)) return Number.NaN;
  if (n === 10) return diasCiviles(a, m, d) * DIA_MS;
  if (v.charCodeAt(10) !== 32 || v.charCodeAt(13) !== 58) return Number.NaN;
  const h = digitos(v, 11, 2);
  const mi = digitos(v, 14, 2);
  if (h < 0 || h > 23 || mi < 0 || mi > 59) return Number.NaN;
  return diasCiviles(a, m, d) * DIA_MS + h * HORA_MS + mi * 60_000;
}

/** Epoch (ms) of a 'AAAA-MM-DD HH:MM' Colombian local date-time, or undefined when malformed. */
export function instante(v: unknown): number | undefined {
  if (typeof v !== 'string' || v.length !== 16) return undefined;
  const t = relojUtc(v);
  return Number.isNaN(t) ? undefined : t + DESFASE_COLOMBIA_MS;
}

/** 'AAAA-MM-DD' of a valid date or date-time value, or undefined. */
export function dia(v: unknown): string | undefined {
  if (typeof v !== 'string' || (v.length !== 10 && v.length !== 16)) return undefined;
  const k = ranura(v);
  if (Number.isNaN(memoValor[k])) return undefined;
  // Remembered: a 16-character value's slice is a new string on every call.
  let d = memoDia[k];
  if (d === undefined) {
    d = v.slice(0, 10);
    memoDia[k] = d;
  }
  return d;
}

/** Calendar day (AAAA-MM-DD) of an instant in Colombia. */
export function diaColombia(fecha: Date | number): string {
  const ms = typeof fecha === 'number' ? fecha : fecha.getTime();
  // Rules ask for the validation day once per record: remember the last answer.
  if (ms !== ultimoMs) {
    ultimoMs = ms;
    ultimoDia = new Date(ms - DESFASE_COLOMBIA_MS).toISOString().slice(0, 10);
  }
  return ultimoDia;
}

let ultimoMs = Number.NaN;
let ultimoDia = '';

/** Completed years between two valid 'AAAA-MM-DD' days (negative when `hasta` is earlier). */
export function edadEnAnios(nacimiento: string, hasta: string): number {
  // On char codes when both start with a 4-digit year (always, for valid days): the same
  // numbers and comparison as the slices below, without four strings per call.
  const a = digitos(hasta, 0, 4);
  const b = digitos(nacimiento, 0, 4);
  if (a >= 0 && b >= 0 && hasta.length >= 5 && nacimiento.length >= 5) {
    return restoMenor(hasta, nacimiento) ? a - b - 1 : a - b;
  }
  const anios = Number(hasta.slice(0, 4)) - Number(nacimiento.slice(0, 4));
  return hasta.slice(5) < nacimiento.slice(5) ? anios - 1 : anios;
}

/** `x.slice(5) < y.slice(5)` (code-unit order) without the slices. */
function restoMenor(x: string, y: string): boolean {
  const n = Math.min(x.length, y.length);
  for (let i = 5; i < n; i++) {
    const c = x.charCodeAt(i);
    const d = y.charCodeAt(i);
    if (c !== d) return c < d;
  }
  return x.length < y.length;
}

/** Hours between two instants, rounded to one decimal, for human-readable details. */
export function horasEntre(desde: number, hasta: number): string {
  return (Math.round(((hasta - desde) / HORA_MS) * 10) / 10).toString().replace('.', ',');
}
