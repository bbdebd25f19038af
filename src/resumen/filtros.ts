import type { DetalleError } from '../errores/errores.js';
import { errores } from '../errores/errores.js';
import { aDias, contarPeriodos, DESPLAZAMIENTO_BOGOTA_MS } from './periodos.js';
import type { Agrupacion, ModuloResumen } from './valores.js';

/** A report's filters as received (GraphQL arguments or REST query string, already enum-checked). */
export interface FiltrosEntrada {
  desde?: string | null;
  hasta?: string | null;
  modulo?: ModuloResumen | null;
  agrupar?: Agrupacion | null;
}

/** Filters checked: dates are Colombian calendar days, `hasta` exclusive. */
export interface FiltrosResumen {
  desde: string | null;
  hasta: string | null;
  modulo: ModuloResumen | null;
  agrupar: Agrupacion | null;
}

/** A day-by-day series is refused over three years (1,096 days), any series over 1,200 periods. */
export const MAX_DIAS_SERIE_DIARIA = 1096;
export const MAX_PERIODOS = 1200;
/** The earliest day a report accepts: no range starts before it. */
export const MIN_FECHA = '2000-01-01';
const MAX_FECHA = '2100-12-31';

const FECHA =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

const EJEMPLO =
  'Use una fecha (2026-01-31) o una fecha y hora a las 00:00 de Colombia (2026-01-31T00:00:00-05:00).';

/**
 * A date, or a date-time at a Colombian midnight (any offset), as the Colombian date it starts.
 * The roll-ups hold whole Colombian days: a bound inside a day could not be answered exactly, so it
 * is refused rather than silently widened.
 */
function leerFecha(campo: 'desde' | 'hasta', valor: string, problemas: DetalleError[]): string | null {
  const texto = valor.trim();
  const m = texto.length <= 40 ? FECHA.exec(texto) : null;
  if (!m) {
    problemas.push({ campo, mensaje: `«${campo}» no es una fecha válida. ${EJEMPLO}` });
    return null;
  }
  const [, y, mes, d, h, mi, s, fr, zona] = m;
  const fecha = `${y}-${mes}-${d}`;
  if (
    !esDiaDelCalendario(Number(y), Number(mes), Number(d)) ||
    Number(h ?? 0) > 23 ||
    Number(mi ?? 0) > 59 ||
    Number(s ?? 0) > 59 ||
    (zona !== undefined && zona !== 'Z' && !/^[+-](?:[01]\d|2[0-3]):?[0-5]\d$/.test(zona))
  ) {
    problemas.push({ campo, mensaje: `«${campo}» (${fecha}) no es una fecha del calendario. ${EJEMPLO}` });
    return null;
  }
  // A real date far outside the range: said as such, before any time-zone arithmetic.
  if (Number(y) < Number(MIN_FECHA.slice(0, 4)) - 1 || Number(y) > Number(MAX_FECHA.slice(0, 4)) + 1) {
    problemas.push({ campo, mensaje: fueraDeRango(campo, fecha) });
    return null;
  }
  let resultado = fecha;
  if (h !== undefined) {
    const desplazamiento = zona === undefined ? DESPLAZAMIENTO_BOGOTA_MS : desplazamientoDe(zona);
    const instante =
      Date.UTC(Number(y), Number(mes) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0)) -
      desplazamiento +
      Number(`0.${fr ?? '0'}`) * 1000;
    const bogota = new Date(instante + DESPLAZAMIENTO_BOGOTA_MS).toISOString();
    // A fraction below the millisecond is still past midnight.
    if (!bogota.endsWith('T00:00:00.000Z') || /[1-9]/.test(fr?.slice(3) ?? '')) {
      problemas.push({
        campo,
        mensaje: `«${campo}» debe caer a las 00:00 de Colombia (America/Bogota): el resumen se agrega por días completos de Colombia y ${texto} es ${bogota.slice(0, 10)} a las ${bogota.slice(11, 16)}. ${EJEMPLO}`,
      });
      return null;
    }
    resultado = bogota.slice(0, 10);
  }
  if (resultado < MIN_FECHA || resultado > MAX_FECHA) {
    problemas.push({ campo, mensaje: fueraDeRango(campo, resultado) });
    return null;
  }
  return resultado;
}

const fueraDeRango = (campo: string, fecha: string) =>
  `«${campo}» (${fecha}) es una fecha del calendario, pero está fuera del rango del resumen: debe estar entre ${MIN_FECHA} y ${MAX_FECHA}.`;

/**
 * Whether y-m-d exists in the proleptic Gregorian calendar. Not through Date: Date.UTC reads the
 * years 0–99 as 1900–1999, so 0001-01-01 came back as 1901-01-01 and was called "not a date".
 */
function esDiaDelCalendario(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const bisiesto = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return d <= (m === 2 ? (bisiesto ? 29 : 28) : m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31);
}

function desplazamientoDe(zona: string): number {
  if (zona === 'Z') return 0;
  const signo = zona.startsWith('-') ? -1 : 1;
  const digitos = zona.slice(1).replace(':', '');
  return signo * (Number(digitos.slice(0, 2)) * 60 + Number(digitos.slice(2, 4))) * 60_000;
}

/** Checks the filters; every problem at once, in Spanish, as a 400 naming each parameter. */
export function leerFiltros(e: FiltrosEntrada): FiltrosResumen {
  const problemas: DetalleError[] = [];
  const desde = e.desde === undefined || e.desde === null ? null : leerFecha('desde', e.desde, problemas);
  const hasta = e.hasta === undefined || e.hasta === null ? null : leerFecha('hasta', e.hasta, problemas);
  if (desde && hasta && desde >= hasta)
    problemas.push({
      campo: 'hasta',
      mensaje: `«hasta» (${hasta}) debe ser posterior a «desde» (${desde}): el período incluye «desde» y excluye «hasta».`,
    });
  if (problemas.length) throw errores.entradaInvalida(problemas.map((p) => p.mensaje).join(' '), problemas);
  return { desde, hasta, modulo: e.modulo ?? null, agrupar: e.agrupar ?? null };
}

/** A series' range, once both ends are known: refused when it would be too long to be useful. */
export function revisarSerie(desde: string, hasta: string, agrupar: Agrupacion): void {
  if (agrupar === 'dia' && aDias(hasta) - aDias(desde) > MAX_DIAS_SERIE_DIARIA)
    throw errores.entradaInvalida(
      `Una serie diaria cubre como máximo 3 años (${MAX_DIAS_SERIE_DIARIA} días) y ${desde} a ${hasta} son ${aDias(hasta) - aDias(desde)} días: use agrupar=semana o agrupar=mes, o acorte el período con desde y hasta.`,
      [{ campo: 'agrupar', mensaje: 'Serie diaria de más de 3 años' }],
    );
  const n = contarPeriodos(desde, hasta, agrupar);
  if (n > MAX_PERIODOS)
    throw errores.entradaInvalida(
      `La serie tendría ${n} períodos y el máximo es ${MAX_PERIODOS}: use una agrupación más amplia o acorte el período con desde y hasta.`,
      [{ campo: 'agrupar', mensaje: `Más de ${MAX_PERIODOS} períodos` }],
    );
}
