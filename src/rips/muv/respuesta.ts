import { FORMATO_CUV } from './tipos.js';

/** One validation result of the mechanism, in our spelling. */
export interface ResultadoMuv {
  /** `RECHAZADO` or `NOTIFICACION` (kept as sent). */
  clase: string;
  codigo: string;
  descripcion: string;
  observaciones: string;
  pathFuente: string;
  fuente: string;
}

/** `ResultadoProcesoFevRips` read from the wire. */
export interface RespuestaCarga {
  aceptado: boolean;
  /** null when the mechanism sent none or 0 (what it answers for every rejected package). */
  procesoId: number | null;
  /** null when the mechanism sent none, "" or "0" (seen in rejections). */
  numFactura: string | null;
  /** Only a real CUV (96 hex); the mechanism's "No aplica…" text or "-" becomes null. */
  cuv: string | null;
  fechaRadicacion: string | null;
  modulo: string | null;
  ambiente: string | null;
  /** Text of the modality in the XML ("Pago capitacion"…); "" or null without XML. */
  modalidadPago?: string | null;
  /** InvoicePeriod of the XML, as the mechanism writes it. */
  periodoAtencion?: { fechaInicio: string | null; fechaFin: string | null } | null;
  resultados: ResultadoMuv[];
}

export interface CantidadTotalAtenciones {
  consultas: number;
  procedimientos: number;
  medicamentos: number;
  otrosServicios: number;
  recienNacidos: number;
  hospitalizaciones: number;
  urgencias: number;
}

/** `ConsultaCUVDTO` in camelCase, the fields this service exposes. */
export interface RegistroCuv {
  procesoId: number;
  cuv: string;
  numeroDocumento: string | null;
  numDocumentoIdObligado: string | null;
  fechaValidacion: string | null;
  esValido: boolean;
  tipoDocumento: string | null;
  fechaEmision: string | null;
  totalFactura: number | null;
  cantidadUsuarios: number | null;
  codigoPrestador: string | null;
  modalidadPago: string | null;
  numDocumentoReferenciado: string | null;
  resultadosValidacion: ResultadoMuv[];
  cantidadTotalAtenciones: CantidadTotalAtenciones | null;
}

type Objeto = Record<string, unknown>;

const esObjeto = (v: unknown): v is Objeto => typeof v === 'object' && v !== null && !Array.isArray(v);

/** ASP.NET may serialize PascalCase (manual) or camelCase (default): read either. */
function campo(o: Objeto, nombre: string): unknown {
  if (nombre in o) return o[nombre];
  const camel = nombre[0]!.toLowerCase() + nombre.slice(1);
  if (camel in o) return o[camel];
  const bajo = nombre.toLowerCase();
  for (const k of Object.keys(o)) if (k.toLowerCase() === bajo) return o[k];
  return undefined;
}

const texto = (v: unknown): string | null =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;
const numero = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};

export function leerResultados(v: unknown): ResultadoMuv[] {
  if (!Array.isArray(v)) return [];
  return v.filter(esObjeto).map((r) => ({
    clase: (texto(campo(r, 'Clase')) ?? '').toUpperCase(),
    codigo: texto(campo(r, 'Codigo')) ?? '',
    descripcion: texto(campo(r, 'Descripcion')) ?? '',
    observaciones: texto(campo(r, 'Observaciones')) ?? '',
    pathFuente: texto(campo(r, 'PathFuente')) ?? '',
    fuente: texto(campo(r, 'Fuente')) ?? '',
  }));
}

/**
 * The mechanism's summary that heads every rejection ("Se encontraron errores al procesar el archivo
 * Json de Fev"): it says there are rejections, it is not one more.
 */
export const CODIGO_RESUMEN_RECHAZO = 'CFR003';

/**
 * .NET runtime messages: the mechanism failed inside (one capture: RVG06 "Object reference not set
 * to an instance of an object." at "Estructura general"), no rule about the data spoke.
 */
const FALLA_INTERNA =
  /Object reference not set to an instance of an object|NullReferenceException|Index was outside the bounds of the array|Sequence contains no (?:matching )?elements?/i;

/** The runtime message when the result is the mechanism failing, not a verdict on the package's data. */
export function fallaInternaMuv(r: ResultadoMuv): string | null {
  if (r.clase === 'NOTIFICACION') return null;
  return FALLA_INTERNA.exec(`${r.descripcion} ${r.observaciones}`)?.[0] ?? null;
}

export const esFallaInternaMuv = (r: ResultadoMuv): boolean => fallaInternaMuv(r) !== null;

/** True when the body has the shape of `ResultadoProcesoFevRips` (also inside an HTTP 400). */
export function esResultadoProceso(v: unknown): v is Objeto {
  return (
    esObjeto(v) && (campo(v, 'ResultState') !== undefined || campo(v, 'ResultadosValidacion') !== undefined)
  );
}

export function leerCuv(v: unknown): string | null {
  const s = texto(v)?.trim().toLowerCase();
  return s && FORMATO_CUV.test(s) ? s : null;
}

/** A process id only when positive: rejected packages come back with `ProcesoId` 0, which names no process. */
const procesoIdDe = (v: unknown): number | null => {
  const n = numero(v);
  return n !== null && n > 0 ? n : null;
};

/** Rejections were seen with `NumFactura` "" and "0": neither names an invoice. */
const numFacturaDe = (v: unknown): string | null => {
  const s = texto(v)?.trim();
  return s && s !== '0' ? s : null;
};

export function leerRespuestaCarga(v: Objeto): RespuestaCarga {
  const resultados = leerResultados(campo(v, 'ResultadosValidacion'));
  // Only `CodigoUnicoValidacion`: `codigoUnicoValidacionToShow` (seen in rejections) is a display text, never a CUV.
  const cuv = leerCuv(campo(v, 'CodigoUnicoValidacion'));
  const estado = campo(v, 'ResultState');
  return {
    aceptado: (estado === true || estado === 'true') && cuv !== null,
    procesoId: procesoIdDe(campo(v, 'ProcesoId') ?? campo(v, 'PorcesoID')),
    numFactura: numFacturaDe(campo(v, 'NumFactura')),
    cuv,
    fechaRadicacion: texto(campo(v, 'FechaRadicacion')),
    modulo: texto(campo(v, 'Modulo')),
    ambiente: texto(campo(v, 'Ambiente')),
    modalidadPago: texto(campo(v, 'ModalidadPago')),
    periodoAtencion: leerPeriodo(campo(v, 'PeriodoAtencion')),
    resultados,
  };
}

function leerPeriodo(v: unknown): RespuestaCarga['periodoAtencion'] {
  if (!esObjeto(v)) return null;
  return { fechaInicio: texto(campo(v, 'FechaInicio')), fechaFin: texto(campo(v, 'FechaFin')) };
}

/** A `BadRequestResponse {tipo, descripcion}` (swagger) as one rejection result. */
export function leerBadRequest(v: unknown): ResultadoMuv[] {
  if (!esObjeto(v)) return [];
  const descripcion = texto(campo(v, 'descripcion')) ?? texto(campo(v, 'title')) ?? texto(campo(v, 'detail'));
  if (!descripcion) return [];
  return [
    {
      clase: 'RECHAZADO',
      codigo: texto(campo(v, 'tipo')) ?? 'MUV400',
      descripcion,
      observaciones: '',
      pathFuente: '',
      fuente: '',
    },
  ];
}

/** `ConsultaCUVDTO` → null when the mechanism does not know the document (no CUV, no ProcesoId). */
export function leerRegistroCuv(v: unknown): RegistroCuv | null {
  if (!esObjeto(v)) return null;
  const cuv = leerCuv(campo(v, 'CodigoUnicoValidacion'));
  const procesoId = numero(campo(v, 'ProcesoId'));
  if (!cuv || !procesoId) return null;
  const c = campo(v, 'CantidadTotalAtenciones');
  const n = (o: Objeto, k: string) => numero(campo(o, k)) ?? 0;
  return {
    procesoId,
    cuv,
    numeroDocumento: texto(campo(v, 'NumeroDocumento')),
    numDocumentoIdObligado: texto(campo(v, 'NumDocumentoIdObligado')),
    fechaValidacion: texto(campo(v, 'FechaValidacion')),
    esValido: campo(v, 'EsValido') === true,
    tipoDocumento: texto(campo(v, 'TipoDocumento')),
    fechaEmision: texto(campo(v, 'FechaEmision')),
    totalFactura: numero(campo(v, 'TotalFactura')),
    cantidadUsuarios: numero(campo(v, 'CantidadUsuarios')),
    codigoPrestador: texto(campo(v, 'CodigoPrestador')),
    modalidadPago: texto(campo(v, 'ModalidadPago')),
    numDocumentoReferenciado: texto(campo(v, 'NumDocumentoReferenciado')),
    resultadosValidacion: leerResultados(campo(v, 'ResultadosValidacion')),
    cantidadTotalAtenciones: esObjeto(c)
      ? {
          consultas: n(c, 'Consultas'),
          procedimientos: n(c, 'Procedimientos'),
          medicamentos: n(c, 'Medicamentos'),
          otrosServicios: n(c, 'OtrosServicios'),
          recienNacidos: n(c, 'RecienNacidos'),
          hospitalizaciones: n(c, 'Hospitalizaciones'),
          urgencias: n(c, 'Urgencias'),
        }
      : null,
  };
}

/**
 * The mechanism's FechaRadicacion/FechaValidacion carry no offset ("2025-10-31T07:11:52.9807523");
 * the API Docker runs on Colombian time (UTC−5, no daylight saving).
 */
export function fechaMuv(v: string | null): Date | null {
  if (!v) return null;
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/.exec(v.trim());
  if (!m) return null;
  const ms = m[3] ? m[3].slice(0, 4).padEnd(4, '0') : '';
  const d = new Date(`${m[1]}T${m[2]!.length === 5 ? `${m[2]}:00` : m[2]}${ms}${m[4] ?? '-05:00'}`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * ConsultarCUV asked with a package's files and a CUV (LIN §4.5.1: the method computes the CUV from
 * the files sent): CCV000 says the files give another CUV; a valid record with that same CUV and no
 * rejection says they give this one; anything else says nothing.
 */
export function leerCalculoCuv(v: unknown, cuv: string): 'coincide' | 'difiere' | 'desconocido' {
  if (!esObjeto(v)) return 'desconocido';
  const resultados = leerResultados(campo(v, 'ResultadosValidacion'));
  if (resultados.some((r) => r.codigo === 'CCV000')) return 'difiere';
  if (resultados.some((r) => r.clase === 'RECHAZADO')) return 'desconocido';
  const registro = leerRegistroCuv(v);
  return registro?.esValido && registro.cuv === cuv ? 'coincide' : 'desconocido';
}
