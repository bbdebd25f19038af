import { type Donde, NOMBRE_REGISTRO, type Registro, type TipoServicio } from '../../tipos.js';
import { dia as diaComun, relojUtc } from '../helpers/fechas.js';
import type { RefServicio } from '../tipos.js';

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

/**
 * Minutes of an 'AAAA-MM-DD HH:MM' local (Colombian) time on a UTC scale: only compared with other
 * RIPS times, so the offset cancels out. Null when malformed (the structure checker reports it).
 */
export function minutos(v: unknown): number | null {
  if (typeof v !== 'string' || v.length !== 16) return null;
  const t = relojUtc(v);
  return Number.isNaN(t) ? null : t / 60_000;
}

/** 'AAAA-MM-DD' of a valid date ('AAAA-MM-DD') or date-time ('AAAA-MM-DD HH:MM'); null otherwise. */
export function dia(v: unknown): string | null {
  return diaComun(v) ?? null;
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
