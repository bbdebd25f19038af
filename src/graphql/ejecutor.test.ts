import { ApolloServer } from '@apollo/server';
import { buildSchema, type ExecutionResult, type GraphQLError, parse } from 'graphql';
import { isCompiledQuery } from 'graphql-jit';
import { describe, expect, it } from 'vitest';
import { ErrorApp } from '../errores/errores.js';
import { ejecutorCompilado, errorCompleto, OperacionesCompiladas } from './ejecutor.js';

const schema = buildSchema(`
  type Hallazgo { codigo: String! ruta: String }
  type Query { hallazgos(n: Int!): [Hallazgo!]! saludo: String falla: String }
`);
// Resolvers on the schema, as type-graphql builds them (this executor has no root value).
const campos = schema.getQueryType()!.getFields();
campos.hallazgos!.resolve = (_r, { n }: { n: number }) =>
  Array.from({ length: n }, (_, i) => ({ codigo: `R${i}`, ruta: null }));
campos.saludo!.resolve = () => 'hola';
campos.falla!.resolve = () => {
  throw Object.assign(new Error('insert into x values (CC 52345678)'), { code: '23514' });
};

describe('operaciones compiladas con graphql-jit', () => {
  it('compila una vez por texto y descarta la menos usada al pasar el máximo', () => {
    const ops = new OperacionesCompiladas(schema, 2);
    const a = ops.obtener('a', parse('{ saludo }'));
    expect(isCompiledQuery(a)).toBe(true);
    expect(ops.obtener('a', parse('{ saludo }'))).toBe(a);
    ops.obtener('b', parse('{ hallazgos(n: 1) { codigo } }'));
    ops.obtener('a', parse('{ saludo }'));
    ops.obtener('c', parse('{ hallazgos(n: 2) { codigo } }'));
    expect(ops.tamano).toBe(2);
    expect(ops.obtener('a', parse('{ saludo }'))).toBe(a); // 'b' was the least recently used
  });

  it('una operación que no compila devuelve sus errores', () => {
    const r = new OperacionesCompiladas(schema).obtener('x', parse('{ saludo } { saludo }'));
    expect(isCompiledQuery(r)).toBe(false);
  });

  it('un operationName que no está en el documento es entrada inválida en español, no un error interno', () => {
    const r = new OperacionesCompiladas(schema).obtener('y', parse('query A { saludo }'), 'B');
    expect(isCompiledQuery(r)).toBe(false);
    const e = (r as ExecutionResult).errors?.[0];
    expect(e).toBeInstanceOf(ErrorApp);
    expect(e!.message).toBe('El documento no tiene una operación llamada «B» (operationName).');
    expect((e as ErrorApp).codigo).toBe('entrada-invalida');
  });

  it('Apollo ejecuta por el ejecutor compilado, con el mismo resultado que graphql-js', async () => {
    const ops = new OperacionesCompiladas(schema);
    const conJit = new ApolloServer({ gateway: ejecutorCompilado(schema, ops) });
    const sinJit = new ApolloServer({ schema });
    await Promise.all([conJit.start(), sinJit.start()]);
    try {
      const consulta = { query: 'query($n: Int!) { hallazgos(n: $n) { codigo ruta } }', variables: { n: 3 } };
      const [a, b] = await Promise.all([
        conJit.executeOperation(consulta),
        sinJit.executeOperation(consulta),
      ]);
      expect(a.body).toEqual(b.body);
      expect(a.body).toMatchObject({ singleResult: { data: { hallazgos: [{ codigo: 'R0' }, {}, {}] } } });
      await conJit.executeOperation(consulta);
      expect(ops.tamano).toBe(1);
    } finally {
      await Promise.all([conJit.stop(), sinJit.stop()]);
    }
  });

  it('los errores sin extensions de graphql-jit (variable de un escalar propio de GraphQL, Error de un resolver) llegan a formatError', async () => {
    const vistos: unknown[] = [];
    const apollo = new ApolloServer({
      gateway: ejecutorCompilado(schema),
      formatError: (f, e) => {
        vistos.push(e);
        return {
          message: `formateado: ${f.message}`,
          locations: f.locations,
          path: f.path,
          extensions: { code: 'x' },
        };
      },
    });
    await apollo.start();
    try {
      for (const n of [{}, { toString: 1, valueOf: 1 }, [1], 'x', 2 ** 40]) {
        const r = await apollo.executeOperation({
          query: 'query($n: Int!) { hallazgos(n: $n) { codigo } }',
          variables: { n },
        });
        const e = (r.body as { singleResult: ExecutionResult }).singleResult.errors?.[0];
        // Not Apollo's bare "Internal server error": formatError ran, with the variable's error and its location.
        expect(e?.message).toMatch(
          /^formateado: Variable "\$n" got invalid value .*; Expected type Int; Int cannot represent/,
        );
        expect(e?.locations).toEqual([{ line: 1, column: 7 }]);
      }
      const r = await apollo.executeOperation({ query: '{ falla }' });
      const e = (r.body as { singleResult: ExecutionResult }).singleResult.errors?.[0];
      expect(e?.message).toBe('formateado: insert into x values (CC 52345678)');
      expect(e?.path).toEqual(['falla']);
      // The resolver's own error is the cause, for normalizarError to log it by code and frames.
      const causa = (vistos.at(-1) as GraphQLError).originalError;
      expect(causa).toBeInstanceOf(Error);
      expect((causa as Error & { code: string }).code).toBe('23514');
    } finally {
      await apollo.stop();
    }
  });

  it('errorCompleto deja intacto un error que ya trae extensions', () => {
    const e = new ErrorApp('entrada-invalida', 'x');
    expect(errorCompleto(e)).toBe(e);
  });
});
