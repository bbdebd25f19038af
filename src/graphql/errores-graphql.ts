import type { GraphQLFormattedError } from 'graphql';
import type { CodigoError, ErrorApp } from '../errores/errores.js';

/**
 * The standard `extensions.code` of each of our codes, the one table for GraphQL answers: Apollo
 * Server's codes where it has one (BAD_USER_INPUT, GRAPHQL_VALIDATION_FAILED, INTERNAL_SERVER_ERROR…),
 * the conventional UNAUTHENTICATED/FORBIDDEN, otherwise the HTTP reason in the same style. Our Spanish
 * code goes next to it, in `extensions.codigo` (the REST body's `codigo`).
 */
export const CODIGO_ESTANDAR: Readonly<Record<CodigoError, string>> = {
  'entrada-invalida': 'BAD_USER_INPUT',
  'consulta-demasiado-compleja': 'GRAPHQL_VALIDATION_FAILED',
  'tenant-requerido': 'BAD_USER_INPUT',
  'introspeccion-deshabilitada': 'GRAPHQL_VALIDATION_FAILED',
  'no-autenticado': 'UNAUTHENTICATED',
  'credencial-invalida': 'UNAUTHENTICATED',
  'sin-permiso': 'FORBIDDEN',
  'modulo-no-contratado': 'FORBIDDEN',
  'entidad-no-autorizada': 'FORBIDDEN',
  'obligado-no-autorizado': 'FORBIDDEN',
  'no-encontrado': 'NOT_FOUND',
  'metodo-no-permitido': 'BAD_REQUEST',
  conflicto: 'CONFLICT',
  'tiempo-agotado': 'BAD_REQUEST',
  'cursor-expirado': 'BAD_USER_INPUT',
  'cuerpo-demasiado-grande': 'BAD_REQUEST',
  'tipo-contenido-no-soportado': 'BAD_REQUEST',
  'demasiadas-solicitudes': 'TOO_MANY_REQUESTS',
  'upstream-no-disponible': 'SERVICE_UNAVAILABLE',
  'upstream-no-configurado': 'SERVICE_UNAVAILABLE',
  'credenciales-no-configuradas': 'SERVICE_UNAVAILABLE',
  'bd-arrancando': 'SERVICE_UNAVAILABLE',
  interno: 'INTERNAL_SERVER_ERROR',
  'credenciales-rechazadas': 'SERVICE_UNAVAILABLE',
  'validador-ocupado': 'SERVICE_UNAVAILABLE',
  'servidor-ocupado': 'SERVICE_UNAVAILABLE',
  'consulta-persistida-no-encontrada': 'PERSISTED_QUERY_NOT_FOUND',
};

/**
 * Codes Apollo Server gives its own refusals: kept as they come, so a syntax error stays
 * GRAPHQL_PARSE_FAILED and a validation error GRAPHQL_VALIDATION_FAILED although both are ours
 * `entrada-invalida`.
 */
const DE_APOLLO: ReadonlySet<string> = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'OPERATION_RESOLUTION_FAILURE',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
]);

/** The standard code of an error as Apollo reported it (`error`) and as we normalized it (`e`). */
export function codigoEstandar(error: unknown, e: ErrorApp): string {
  const code = (error as { extensions?: { code?: unknown } } | null)?.extensions?.code;
  if (typeof code === 'string' && DE_APOLLO.has(code)) return code;
  return CODIGO_ESTANDAR[e.codigo] ?? 'INTERNAL_SERVER_ERROR';
}

/**
 * A GraphQL error as the client receives it: our Spanish message and `codigo`, the standard `code`.
 * An APQ miss keeps Apollo's exact message `PersistedQueryNotFound` (Apollo Client and urql retry on
 * it) and carries the Spanish explanation in `extensions.detalle`.
 */
export function errorParaCliente(
  formateado: GraphQLFormattedError,
  error: unknown,
  e: ErrorApp,
): GraphQLFormattedError {
  const { code: _propio, ...extras } = e.extensions as Record<string, unknown>;
  const code = codigoEstandar(error, e);
  const fallo = code === 'PERSISTED_QUERY_NOT_FOUND';
  return {
    message: fallo ? 'PersistedQueryNotFound' : e.message,
    path: formateado.path,
    locations: formateado.locations,
    extensions: { ...extras, code, codigo: e.codigo, ...(fallo ? { detalle: e.message } : {}) },
  };
}
