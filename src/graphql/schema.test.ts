import { execute, type GraphQLObjectType, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { construirSchema } from './schema.js';

describe('escudo del schema', () => {
  it('protege los campos raíz y deja sin envoltura los anidados', async () => {
    const schema = await construirSchema();
    const r = await execute({
      schema,
      document: parse('{ validarRips(rips: {}) { valid } }'),
      contextValue: { auth: null },
    });
    expect(r.errors?.[0]?.message).toMatch(/Falta la credencial/);
    expect(r.data?.validarRips ?? null).toBeNull();
    // A wrapped nested field would resolve through a promise: shield's cost on every finding. A plain
    // one has no resolver at all: the executor reads the property (src/graphql/tipo-objeto.ts).
    const anidado = schema.getType('ErrorAccionable') as GraphQLObjectType;
    expect(anidado.getFields().codigo!.resolve).toBeUndefined();
    const raiz = schema.getQueryType()!.getFields().validarRips!;
    expect(raiz.resolve).toBeTypeOf('function');
  });
});
