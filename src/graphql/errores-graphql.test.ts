import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { CODIGOS_ERROR, type CodigoError, ErrorApp, errores } from '../errores/errores.js';
import { CODIGO_ESTANDAR, codigoEstandar, errorParaCliente } from './errores-graphql.js';

describe('códigos estándar de GraphQL', () => {
  it('la tabla cubre cada código propio con un código en MAYÚSCULAS', () => {
    expect(Object.keys(CODIGO_ESTANDAR).sort()).toEqual(Object.keys(CODIGOS_ERROR).sort());
    for (const c of Object.values(CODIGO_ESTANDAR)) expect(c).toMatch(/^[A-Z_]+$/);
  });

  it.each<[CodigoError, string]>([
    ['entrada-invalida', 'BAD_USER_INPUT'],
    ['no-autenticado', 'UNAUTHENTICATED'],
    ['credencial-invalida', 'UNAUTHENTICATED'],
    ['sin-permiso', 'FORBIDDEN'],
    ['modulo-no-contratado', 'FORBIDDEN'],
    ['consulta-demasiado-compleja', 'GRAPHQL_VALIDATION_FAILED'],
    ['introspeccion-deshabilitada', 'GRAPHQL_VALIDATION_FAILED'],
    ['interno', 'INTERNAL_SERVER_ERROR'],
    ['consulta-persistida-no-encontrada', 'PERSISTED_QUERY_NOT_FOUND'],
  ])('%s → %s', (codigo, estandar) => {
    const e = new ErrorApp(codigo, 'x');
    expect(codigoEstandar(e, e)).toBe(estandar);
  });

  it('el código de Apollo se conserva (sintaxis, validación); uno ajeno no', () => {
    const e = errores.entradaInvalida('Consulta GraphQL inválida');
    const de = (code: string) => new GraphQLError('x', { extensions: { code } });
    expect(codigoEstandar(de('GRAPHQL_PARSE_FAILED'), e)).toBe('GRAPHQL_PARSE_FAILED');
    expect(codigoEstandar(de('GRAPHQL_VALIDATION_FAILED'), e)).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(codigoEstandar(de('INTERNAL_SERVER_ERROR'), e)).toBe('BAD_USER_INPUT');
    expect(codigoEstandar(de('OTRO'), errores.interno())).toBe('INTERNAL_SERVER_ERROR');
  });

  it('la respuesta lleva code estándar, codigo propio y los extras; nunca el code propio', () => {
    const e = errores.bdArrancando(5);
    const r = errorParaCliente({ message: 'x', path: ['a'] }, e, e);
    expect(r).toEqual({
      message: e.message,
      path: ['a'],
      locations: undefined,
      extensions: { code: 'SERVICE_UNAVAILABLE', codigo: 'bd-arrancando', reintentarEnSegundos: 5 },
    });
  });

  it('un fallo de APQ conserva el mensaje exacto de Apollo y explica en español aparte', () => {
    const apollo = new GraphQLError('PersistedQueryNotFound', {
      extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' },
    });
    const e = new ErrorApp('consulta-persistida-no-encontrada', 'Reenvíela con el texto completo.');
    expect(errorParaCliente({ message: 'PersistedQueryNotFound' }, apollo, e)).toEqual({
      message: 'PersistedQueryNotFound',
      path: undefined,
      locations: undefined,
      extensions: {
        code: 'PERSISTED_QUERY_NOT_FOUND',
        codigo: 'consulta-persistida-no-encontrada',
        detalle: 'Reenvíela con el texto completo.',
      },
    });
  });
});
