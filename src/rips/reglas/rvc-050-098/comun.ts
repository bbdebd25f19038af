import { type Donde, NOMBRE_REGISTRO, type Registro, type TipoServicio } from '../../tipos.js';
import type { RefServicio } from '../tipos.js';

const FECHA_HORA = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;
const FECHA = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Trimmed non-empty string, else null (null, '', numbers and other types count as "not informed"). */
export function texto(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const t = v.trim();
  return t === '' ? null : t;
}

/** A JSON number (N fields); anything else is left to the structure checker. */
export function numero(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function diaValido(a: number, m: number, d: number): boolean {
  const f = new Date(Date.UTC(a, m - 1, d));
  return f.getUTCFullYear() === a && f.getUTCMonth() === m - 1 && f.getUTCDate() === d;
}

/**
 * Minutes of an 'AAAA-MM-DD HH:MM' local (Colombian) time on a UTC scale: only compared with other
 * RIPS times, so the offset cancels out. Null when malformed (the structure checker reports it).
 */
export function minutos(v: unknown): number | null {
  if (typeof v !== 'string') return null;
  const m = FECHA_HORA.exec(v);
  if (!m) return null;
  const [a, me, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (!diaValido(a, me, d) || h > 23 || mi > 59) return null;
  return Date.UTC(a, me - 1, d, h, mi) / 60_000;
}

/** 'AAAA-MM-DD' of a valid date ('AAAA-MM-DD') or date-time ('AAAA-MM-DD HH:MM'); null otherwise. */
export function dia(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  if (v.length === 16) return minutos(v) === null ? null : v.slice(0, 10);
  const m = FECHA.exec(v);
  if (!m) return null;
  const [a, me, d] = m.slice(1).map(Number) as [number, number, number];
  return diaValido(a, me, d) ? v : null;
}

/** Field holding the start date-time of each kind of service record (for the newborn, the birth). */
export const CAMPO_INICIO: Readonly<Record<TipoServicio, string>> = {
  consultas: 'fechaInicioAtencion',
  procedimientos: 'fechaInicioAtencion',
  urgencias: 'fechaInicioAtencion',
  hospitalizacion: 'fechaInicioAtencion',
  recienNacidos: 'fechaNacimiento',
  medicamentos: 'fechaDispensAdmon',
  otrosServicios: 'fechaSuministroTecnologia',
};

function esObjeto(v: unknown): v is Registro {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The user's records of one service type with their original index (malformed entries skipped). */
export function registros(usuario: Registro, tipo: TipoServicio): [number, Registro][] {
  const servicios = usuario.servicios;
  if (!esObjeto(servicios)) return [];
  const lista = servicios[tipo];
  if (!Array.isArray(lista)) return [];
  const salida: [number, Registro][] = [];
  for (let i = 0; i < lista.length; i++) {
    const r = lista[i];
    if (esObjeto(r)) salida.push([i, r]);
  }
  return salida;
}

export function dondeServicio(ref: RefServicio): Donde {
  return { usuarioIndex: ref.usuarioIndex, tipoServicio: ref.tipo, servicioIndex: ref.indice };
}

/** "Hospitalización 2": how a person finds a record in the origin system's list. */
export function nombreRegistro(tipo: TipoServicio, indice: number): string {
  return `${NOMBRE_REGISTRO[tipo]} ${indice + 1}`;
}

/** Document key of a person (type + number), or null when either part is missing. */
export function claveDocumento(r: Registro): string | null {
  const tipo = texto(r.tipoDocumentoIdentificacion);
  const num = texto(r.numDocumentoIdentificacion);
  return tipo && num ? `${tipo} ${num}` : null;
}
