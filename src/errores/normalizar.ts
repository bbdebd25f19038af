import { GraphQLError } from 'graphql';
import type { Logger } from 'pino';
import { esErrorDeConexion, type MonitorBd } from '../db/monitor.js';
import { resumenError } from '../logger.js';
import { CODIGOS_ERROR, type CodigoError, ErrorApp, errores } from './errores.js';

/** graphql-js wording for a variable that failed coercion: the REST body field of the same name. */
const VARIABLE_INVALIDA = /^Variable "\$(\w+)" (?:got invalid value|of required type|of non-null type)/;

/** Apollo's (English) refusal of `__schema`/`__type` when introspection is off. */
const INTROSPECCION = /introspection is not allowed/i;

export interface DepsNormalizar {
  monitor: MonitorBd;
  reintentarEnSegundos: number;
  log: Logger;
}

/** Turns anything thrown while serving a request into a typed ErrorApp (both doors use it). */
export function normalizarError(e: unknown, d: DepsNormalizar): ErrorApp {
  const original = e instanceof GraphQLError && e.originalError ? e.originalError : e;
  if (original instanceof ErrorApp) return original;
  const variable = e instanceof GraphQLError ? VARIABLE_INVALIDA.exec(e.message) : null;
  if (variable && !(original instanceof GraphQLError && original.extensions?.code)) {
    return errores.entradaInvalida(`El campo «${variable[1]}» no es válido.`, [
      { campo: variable[1]!, mensaje: (e as Error).message },
    ]);
  }
  if (original instanceof GraphQLError) {
    const code = original.extensions?.code;
    if (typeof code === 'string' && code in CODIGOS_ERROR) {
      // Variable coercion wraps our scalar errors: keep the outer message, it names the variable.
      return new ErrorApp(code as CodigoError, (e as Error).message);
    }
    if (!original.originalError)
      return errores.entradaInvalida(
        INTROSPECCION.test(original.message)
          ? 'La introspección del esquema GraphQL está deshabilitada en este entorno (GRAPHQL_INTROSPECTION). El esquema está en schema/schema.graphql del proyecto.'
          : `Consulta GraphQL inválida: ${original.message}`,
      );
  }
  if (esErrorDeConexion(original)) {
    d.monitor.reportarFallo(original);
    return errores.bdArrancando(d.reintentarEnSegundos);
  }
  d.log.error({ err: resumenError(original) }, 'error interno');
  return errores.interno();
}
