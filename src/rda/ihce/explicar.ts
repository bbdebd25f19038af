import type { ErrorAccionable } from '../../errores/error-accionable.js';
import { ubicacion } from '../../errores/ubicacion.js';
import type { SeveridadError } from '../../errores/valores.js';
import { limpiarHallazgo } from '../json-acotado.js';
import { arr, type IssueFhir, type OperationOutcome, obj, str } from './fhir.js';

interface Explicacion {
  titulo: string;
  explicacion: string;
  comoCorregir: string;
}

/** Spanish explanation per FHIR issue type (http://hl7.org/fhir/issue-type) the platform answers with. */
const POR_TIPO: Record<string, Explicacion> = {
  structure: {
    titulo: 'Estructura del documento inválida',
    explicacion: 'La plataforma IHCE no pudo leer el documento con la estructura del perfil RDA.',
    comoCorregir: 'Genere el Bundle con el constructor del servicio o revise el elemento señalado.',
  },
  invalid: {
    titulo: 'Contenido inválido',
    explicacion: 'La plataforma IHCE encontró contenido que no cumple el perfil RDA.',
    comoCorregir: 'Corrija el elemento señalado en el sistema de origen y vuelva a enviar.',
  },
  required: {
    titulo: 'Falta un dato obligatorio',
    explicacion: 'El perfil RDA exige el elemento señalado y el documento no lo trae.',
    comoCorregir: 'Registre el dato en la historia clínica de origen y vuelva a enviar el RDA.',
  },
  value: {
    titulo: 'Valor no permitido',
    explicacion: 'El elemento señalado tiene un valor que el perfil RDA no admite.',
    comoCorregir: 'Use un valor del sistema de codificación o del valor fijo que exige el perfil.',
  },
  invariant: {
    titulo: 'Regla del perfil incumplida',
    explicacion: 'El documento incumple una regla de consistencia del perfil RDA (fechas, códigos o tipo).',
    comoCorregir: 'Revise el elemento señalado: fechas del encuentro, tipo de documento y códigos.',
  },
  'business-rule': {
    titulo: 'Regla de negocio de la plataforma',
    explicacion:
      'La plataforma IHCE validó el documento contra fuentes nacionales (Registraduría, RETHUS, REPS) y lo rechazó.',
    comoCorregir:
      'Verifique el documento y nombres del paciente, el registro del profesional y el código de habilitación.',
  },
  duplicate: {
    titulo: 'RDA duplicado',
    explicacion:
      'Ya existe un RDA para el mismo paciente, periodo, prestador y profesional; la plataforma no acepta duplicados.',
    comoCorregir:
      'No reenvíe: consulte el RDA ya aceptado. Si la atención es otra, corrija fechas o profesional en el origen.',
  },
  conflict: {
    titulo: 'Conflicto con un documento existente',
    explicacion: 'La plataforma IHCE rechazó el documento porque choca con uno ya registrado.',
    comoCorregir: 'Consulte los RDA del paciente antes de reenviar.',
  },
  'not-found': {
    titulo: 'Recurso no encontrado en la plataforma',
    explicacion: 'La plataforma IHCE no encontró un recurso referenciado o solicitado.',
    comoCorregir: 'Verifique las referencias del documento.',
  },
  security: {
    titulo: 'Acceso denegado por la plataforma',
    explicacion: 'La plataforma IHCE rechazó las credenciales de la entidad (token o llave de suscripción).',
    comoCorregir:
      'El operador debe revisar las credenciales IHCE registradas (clientId, secreto, tenant, scope y llave).',
  },
  transient: {
    titulo: 'Plataforma IHCE no disponible',
    explicacion: 'La plataforma IHCE no respondió o respondió con un error temporal.',
    comoCorregir: 'No hace falta hacer nada: el servicio reintenta automáticamente.',
  },
};

const GENERICA: Explicacion = {
  titulo: 'Hallazgo de la plataforma IHCE',
  explicacion: 'La plataforma IHCE reportó un problema con el documento.',
  comoCorregir: 'Lea el mensaje original y corrija el elemento señalado en el sistema de origen.',
};

const SEVERIDAD: Record<IssueFhir['severity'], SeveridadError> = {
  fatal: 'rechazo',
  error: 'rechazo',
  warning: 'aviso-conformidad',
  information: 'informativo',
};

/** Platform answers are untrusted: `constructor` or `__proto__` must not pick Object's members. */
const propia = <T>(t: Record<string, T>, k: unknown): T | undefined =>
  typeof k === 'string' && Object.hasOwn(t, k) ? t[k] : undefined;

export function explicarIssue(issue: IssueFhir): ErrorAccionable {
  const code = str(issue.code) ?? 'processing';
  const e = propia(POR_TIPO, code) ?? (code === 'throttled' ? POR_TIPO.transient! : GENERICA);
  const regla = arr(obj(issue.details)?.coding)
    .map((c) => str(obj(c)?.code))
    .find(Boolean);
  const ruta = arr(issue.expression).map(str).find(Boolean) ?? null;
  return {
    codigo: regla ?? `IHCE-${code}`,
    severidad: propia(SEVERIDAD, issue.severity) ?? 'rechazo',
    fuente: 'ihce',
    ubicacion: ubicacion({
      campo: ruta ? (ruta.split('.').pop() ?? null) : null,
      ruta,
      descripcion: ruta ? `Documento RDA · ${ruta}` : 'Documento RDA',
    }),
    titulo: e.titulo,
    explicacion: e.explicacion,
    comoCorregir: e.comoCorregir,
    mensajeOriginal: str(issue.diagnostics) ?? str(obj(issue.details)?.text) ?? null,
  };
}

/** The title of a code `explicarIssue` made from an issue type (`IHCE-required`…); null for others. */
export function tituloCodigoIhce(codigo: string): string | null {
  return codigo.startsWith('IHCE-') ? (propia(POR_TIPO, codigo.slice(5))?.titulo ?? null) : null;
}

/** At most this many issues of one answer are kept (a hostile answer could carry millions). */
export const MAX_ISSUES_IHCE = 500;

/** Each issue explained, its texts made storable (no NUL nor lone surrogate) and bounded in size. */
export function explicarResultado(oo: OperationOutcome): ErrorAccionable[] {
  return oo.issue
    .slice(0, MAX_ISSUES_IHCE)
    .map((i) => limpiarHallazgo(explicarIssue((obj(i) ?? {}) as unknown as IssueFhir)));
}

/** A finding for an upstream answer that carries no OperationOutcome (gateway errors, timeouts). */
export function errorSinResultado(code: 'transient' | 'security', mensaje: string): ErrorAccionable {
  return explicarIssue({ severity: 'error', code, diagnostics: mensaje });
}
