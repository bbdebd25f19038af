import { GraphQLError } from 'graphql';

/** Stable error codes shared by both doors (GraphQL `extensions.code`, REST `codigo`). */
export const CODIGOS_ERROR = {
  'entrada-invalida': 400,
  'consulta-demasiado-compleja': 400,
  'tenant-requerido': 400,
  'introspeccion-deshabilitada': 400,
  'no-autenticado': 401,
  'credencial-invalida': 401,
  'sin-permiso': 403,
  'modulo-no-contratado': 403,
  'entidad-no-autorizada': 403,
  'obligado-no-autorizado': 403,
  'no-encontrado': 404,
  // REST only: a known path asked with another method (with an Allow header).
  'metodo-no-permitido': 405,
  conflicto: 409,
  'tiempo-agotado': 408,
  'cursor-expirado': 410,
  'cuerpo-demasiado-grande': 413,
  'tipo-contenido-no-soportado': 415,
  'demasiadas-solicitudes': 429,
  'upstream-no-disponible': 502,
  'upstream-no-configurado': 503,
  'credenciales-no-configuradas': 503,
  'bd-arrancando': 503,
  interno: 500,
  'credenciales-rechazadas': 503,
  'validador-ocupado': 503,
  'servidor-ocupado': 503,
  // GraphQL only: Apollo answers an automatic-persisted-query miss with 200, and clients retry on the code.
  'consulta-persistida-no-encontrada': 200,
} as const;

export type CodigoError = keyof typeof CODIGOS_ERROR;

export interface DetalleError {
  campo: string;
  mensaje: string;
}

export interface ExtrasError {
  detalles?: DetalleError[];
  modulo?: string;
  reintentarEnSegundos?: number;
  /** A filing that got no answer: what ConsultarCUV showed (`no-consta`) or that it could not be asked. */
  resultado?: 'no-consta' | 'desconocido';
  reintentoSeguro?: boolean;
  radicacionId?: string;
}

/** A typed, user-facing error: Spanish message plus a stable code. */
export class ErrorApp extends GraphQLError {
  readonly codigo: CodigoError;
  readonly extras: ExtrasError;

  constructor(codigo: CodigoError, mensaje: string, extras: ExtrasError = {}) {
    super(mensaje, { extensions: { code: codigo, ...extras } });
    this.codigo = codigo;
    this.extras = extras;
    this.name = 'ErrorApp';
  }
}

export const errores = {
  noAutenticado: () =>
    new ErrorApp(
      'no-autenticado',
      'Falta la credencial: envíe el encabezado X-Api-Key o Authorization: Bearer.',
    ),
  credencialInvalida: (motivo: string) =>
    new ErrorApp('credencial-invalida', `Credencial inválida: ${motivo}.`),
  sinPermiso: (permiso: string) =>
    new ErrorApp('sin-permiso', `Su rol no tiene el permiso «${permiso}» necesario para esta operación.`),
  moduloNoContratado: (modulo: string) =>
    new ErrorApp(
      'modulo-no-contratado',
      `La entidad no tiene contratado el módulo «${modulo}». Solicite su activación al operador del servicio.`,
      { modulo },
    ),
  noEncontrado: (que: string) => new ErrorApp('no-encontrado', `${que} no existe.`),
  entradaInvalida: (mensaje: string, detalles?: DetalleError[]) =>
    new ErrorApp('entrada-invalida', mensaje, detalles ? { detalles } : {}),
  bdArrancando: (reintentarEnSegundos: number) =>
    new ErrorApp(
      'bd-arrancando',
      `La base de datos está arrancando o no responde. Reintente en ${reintentarEnSegundos} segundos.`,
      { reintentarEnSegundos },
    ),
  credencialesNoConfiguradas: (sistema: string) =>
    new ErrorApp(
      'credenciales-no-configuradas',
      `La entidad no tiene configuradas las credenciales de ${sistema}. El operador debe registrarlas con la CLI.`,
    ),
  upstreamNoConfigurado: (sistema: string) =>
    new ErrorApp('upstream-no-configurado', `El servicio ${sistema} no está configurado en este entorno.`),
  consultaDemasiadoCompleja: (mensaje: string) => new ErrorApp('consulta-demasiado-compleja', mensaje),
  demasiadasSolicitudes: (porQuien: string, reintentarEnSegundos: number) =>
    new ErrorApp(
      'demasiadas-solicitudes',
      `Demasiadas solicitudes ${porQuien}. Reintente en ${reintentarEnSegundos} segundos.`,
      { reintentarEnSegundos },
    ),
  interno: () =>
    new ErrorApp('interno', 'Error interno del servicio. Se registró con el identificador de la solicitud.'),
};

export function esErrorApp(e: unknown): e is ErrorApp {
  return e instanceof ErrorApp;
}
