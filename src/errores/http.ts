import { GraphQLError } from 'graphql';
import { CODIGOS_ERROR, type CodigoError, ErrorApp, errores } from './errores.js';

export interface CuerpoError {
  error: string;
  codigo?: string;
  detalles?: unknown;
  modulo?: string;
  reintentarEnSegundos?: number;
  resultado?: string;
  reintentoSeguro?: boolean;
  radicacionId?: string;
}

export function estadoHttp(codigo: string): number {
  return (CODIGOS_ERROR as Record<string, number>)[codigo] ?? 500;
}

/** The one place where an error becomes an HTTP status and a Spanish body. */
export function aRespuesta(e: unknown): {
  status: number;
  body: CuerpoError;
  headers: Record<string, string>;
} {
  let err: ErrorApp;
  if (e instanceof ErrorApp) err = e;
  else if (
    e instanceof GraphQLError &&
    typeof e.extensions?.code === 'string' &&
    e.extensions.code in CODIGOS_ERROR
  ) {
    const { code, ...extras } = e.extensions as { code: CodigoError } & Record<string, unknown>;
    err = new ErrorApp(code, e.message, extras);
  } else err = errores.interno();
  const body: CuerpoError = { error: err.message, codigo: err.codigo };
  if (err.extras.detalles) body.detalles = err.extras.detalles;
  if (err.extras.modulo) body.modulo = err.extras.modulo;
  if (err.extras.resultado) body.resultado = err.extras.resultado;
  if (err.extras.reintentoSeguro !== undefined) body.reintentoSeguro = err.extras.reintentoSeguro;
  if (err.extras.radicacionId) body.radicacionId = err.extras.radicacionId;
  const headers: Record<string, string> = {};
  if (err.extras.reintentarEnSegundos !== undefined) {
    body.reintentarEnSegundos = err.extras.reintentarEnSegundos;
    headers['Retry-After'] = String(err.extras.reintentarEnSegundos);
  }
  return { status: estadoHttp(err.codigo), body, headers };
}
