import { ApolloServer } from '@apollo/server';
import { buildSchema, type ExecutionResult, parse } from 'graphql';
import { isCompiledQuery } from 'graphql-jit';
import { describe, expect, it } from 'vitest';
import { ErrorApp } from '../errores/errores.js';
import { ejecutorCompilado, OperacionesCompiladas } from './ejecutor.js';

const schema = buildSchema(`
  type Hallazgo { codigo: String! ruta: String }
  type Query { hallazgos(n: Int!): [Hallazgo!]! saludo: String }
`);
// Resolvers on the schema, as type-graphql builds them (this executor has no root value).
const campos = schema.getQueryType()!.getFields();
campos.hallazgos!.resolve = (_r, { n }: { n: number }) =>
  Array.from({ length: n }, (_, i) => ({ codigo: `R${i}`, ruta: null }));
campos.saludo!.resolve = () => 'hola';

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
});
