import type { ErrorAccionable } from '../../errores/error-accionable.js';
import { ubicacion } from '../../errores/ubicacion.js';
import type { SeveridadError } from '../../errores/valores.js';
import { limpiarHallazgo, limpiarTexto } from '../json-acotado.js';
import { arr, type IssueFhir, type OperationOutcome, obj, SISTEMA_ERRORES_RDA, str } from './fhir.js';

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

/**
 * ErrorsRDA codes (`details.coding`, system SISTEMA_ERRORES_RDA) seen in the platform's answers
 * (issue 32): their own explanation. Any other ErrorsRDA code keeps its code and is explained by its
 * issue type.
 */
const POR_ERROR_RDA: Record<string, Explicacion> = {
  'BUNDLE-005': {
    titulo: 'Referencia a un recurso que la plataforma no encuentra',
    explicacion:
      'El documento hace referencia a un recurso que la plataforma no encontró ni entre las entradas del Bundle ni entre los recursos que ya tiene creados.',
    comoCorregir:
      'Dé a cada entrada un fullUrl (urn:uuid:…) y haga que cada referencia apunte a ese fullUrl, no a «#id»; quite del Bundle los recursos que ninguna sección referencia.',
  },
};

/** The texts of the platform's FHIR server and profile validator we can say in Spanish (issue 32). */
const NO_ENCONTRADO = /^Resource type '([^']{1,100})' with id '([^']{1,200})' couldn't be found/;
const CARDINALIDAD =
  /^Instance count for '([^']{1,300})' is (\d{1,6}), which is not within the specified cardinality of (\d{1,6})\.\.(\d{1,6}|\*)/;

interface Lectura {
  explicacion: string;
  titulo?: string;
  comoCorregir?: string;
  /** The element the text names, when the issue has no `expression`. */
  ruta?: string;
}

function leerTexto(texto: string | undefined): Lectura | undefined {
  if (!texto) return undefined;
  const t = texto.slice(0, 1000);
  const nf = NO_ENCONTRADO.exec(t);
  if (nf)
    return {
      explicacion: `El documento hace referencia a ${nf[1]} con id «${nf[2]}» y la plataforma no lo encontró: ninguna entrada tiene esa referencia como fullUrl y no es un recurso ya creado en la plataforma.`,
    };
  const c = CARDINALIDAD.exec(t);
  if (c) {
    const [, ruta, n, min, max] = c as unknown as [string, string, string, string, string];
    return {
      titulo: 'Cardinalidad del perfil incumplida',
      explicacion:
        max === '*'
          ? `El perfil RDA exige al menos ${min} elemento(s) ${ruta} y el documento trae ${n}.`
          : `El perfil RDA exige entre ${min} y ${max} elemento(s) ${ruta} y el documento trae ${n}.`,
      comoCorregir:
        'Registre (o quite) el elemento señalado en el sistema de origen y vuelva a enviar: la plataforma valida el perfil y rechaza el documento que no lo cumple.',
      ruta,
    };
  }
  return undefined;
}

/** Platform answers are untrusted: `constructor` or `__proto__` must not pick Object's members. */
const propia = <T>(t: Record<string, T>, k: unknown): T | undefined =>
  typeof k === 'string' && Object.hasOwn(t, k) ? t[k] : undefined;

/** Longest platform text quoted inside an explanation (the whole text stays in mensajeOriginal). */
const MAX_CITA = 500;

/**
 * One issue explained in Spanish. The code is the ErrorsRDA one when the issue carries it (else its
 * first coding, else `IHCE-{type}`); the platform's text (`details.text`, where the platform writes
 * it, and `diagnostics`) is kept in mensajeOriginal and, with `citar`, quoted in the explanation.
 */
function explicar(issue: IssueFhir, citar: boolean): ErrorAccionable {
  const code = str(issue.code) ?? 'processing';
  const e = propia(POR_TIPO, code) ?? (code === 'throttled' ? POR_TIPO.transient! : GENERICA);
  const codings = arr(obj(issue.details)?.coding).map(obj);
  const errorRda = str(codings.find((c) => c?.system === SISTEMA_ERRORES_RDA && str(c.code))?.code);
  const regla = errorRda ?? codings.map((c) => str(c?.code)).find(Boolean);
  const porCodigo = errorRda ? propia(POR_ERROR_RDA, errorRda) : undefined;
  const texto = str(obj(issue.details)?.text);
  const diagnostics = str(issue.diagnostics);
  const mensaje =
    texto && diagnostics && texto !== diagnostics ? `${texto} (${diagnostics})` : (texto ?? diagnostics);
  const lectura = citar ? leerTexto(texto ?? diagnostics) : undefined;
  const ruta =
    arr(issue.expression).map(str).find(Boolean) ??
    arr((issue as { location?: unknown }).location)
      .map(str)
      .find(Boolean) ??
    lectura?.ruta ??
    null;
  const base = lectura?.explicacion ?? porCodigo?.explicacion ?? e.explicacion;
  return {
    codigo: regla ?? `IHCE-${code}`,
    severidad: propia(SEVERIDAD, issue.severity) ?? 'rechazo',
    fuente: 'ihce',
    ubicacion: ubicacion({
      campo: ruta ? (ruta.split('.').pop() ?? null) : null,
      ruta,
      descripcion: ruta ? `Documento RDA · ${ruta}` : 'Documento RDA',
    }),
    titulo: porCodigo?.titulo ?? lectura?.titulo ?? e.titulo,
    explicacion:
      citar && mensaje ? `${base} Texto de la plataforma: «${limpiarTexto(mensaje, MAX_CITA)}».` : base,
    comoCorregir: porCodigo?.comoCorregir ?? lectura?.comoCorregir ?? e.comoCorregir,
    mensajeOriginal: mensaje ?? null,
  };
}

/** An issue of a platform answer, explained (explicar: ErrorsRDA code, text quoted). */
export function explicarIssue(issue: IssueFhir): ErrorAccionable {
  return explicar(issue, true);
}

/**
 * The title of a code `explicarIssue` made: from an issue type (`IHCE-required`…) or a known ErrorsRDA
 * code (`BUNDLE-005`); null for others.
 */
export function textosCodigoIhce(codigo: string): Explicacion | undefined {
  if (codigo.startsWith('IHCE-')) return propia(POR_TIPO, codigo.slice(5));
  return propia(POR_ERROR_RDA, codigo);
}

export function tituloCodigoIhce(codigo: string): string | null {
  return textosCodigoIhce(codigo)?.titulo ?? null;
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
  return explicar({ severity: 'error', code, diagnostics: mensaje }, false);
}
