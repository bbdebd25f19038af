import { GraphQLError } from 'graphql';
import type { Logger } from 'pino';
import { esErrorDeConexion, type MonitorBd } from '../db/monitor.js';
import { resumenError } from '../logger.js';
import { CODIGOS_ERROR, type CodigoError, ErrorApp, errores } from './errores.js';

export interface DepsNormalizar {
  monitor: MonitorBd;
  reintentarEnSegundos: number;
  log: Logger;
}

/** Turns anything thrown while serving a request into a typed ErrorApp (both doors use it). */
export function normalizarError(e: unknown, d: DepsNormalizar): ErrorApp {
  const original = e instanceof GraphQLError && e.originalError ? e.originalError : e;
  if (original instanceof ErrorApp) return original;
  if (original instanceof GraphQLError) {
    const code = original.extensions?.code;
    if (typeof code === 'string' && code in CODIGOS_ERROR) {
      // Variable coercion wraps our scalar errors: keep the outer message, it names the variable.
      return new ErrorApp(code as CodigoError, (e as Error).message);
    }
    if (!original.originalError)
      return errores.entradaInvalida(`Consulta GraphQL inválida: ${original.message}`);
  }
  if (esErrorDeConexion(original)) {
    d.monitor.reportarFallo(original);
    return errores.bdArrancando(d.reintentarEnSegundos);
  }
  d.log.error({ err: resumenError(original) }, 'error interno');
  return errores.interno();
}
