import { type GraphQLObjectType, isObjectType } from 'graphql';
import { getMetadataStorage } from 'type-graphql';
import { describe, expect, it } from 'vitest';
import { construirSchema } from './schema.js';

describe('TipoObjeto: los campos simples los lee el ejecutor', () => {
  it('todo tipo objeto es simple y ningún campo lleva middlewares, roles ni otro nombre', async () => {
    const schema = await construirSchema();
    const almacen = getMetadataStorage();
    const nombres = new Set(almacen.objectTypes.map((o) => o.name));
    // Every object type of the schema comes from a class declared with TipoObjeto.
    for (const tipo of Object.values(schema.getTypeMap())) {
      if (!isObjectType(tipo) || tipo.name.startsWith('__')) continue;
      if (['Query', 'Mutation', 'Subscription'].includes(tipo.name)) continue;
      expect(nombres.has(tipo.name), tipo.name).toBe(true);
    }
    for (const o of almacen.objectTypes) {
      expect(o.simpleResolvers, o.name).toBe(true);
      for (const f of o.fields ?? []) {
        if (f.simple === false) continue;
        // A simple field skips type-graphql's per-field middlewares and roles, and is read by its
        // schema name: none of these may exist for it to read the same value as before.
        expect(f.middlewares ?? [], `${o.name}.${f.name}`).toEqual([]);
        expect(f.roles, `${o.name}.${f.name}`).toBeUndefined();
        expect(f.schemaName, `${o.name}.${f.name}`).toBe(f.name);
      }
    }
  });

  it('un campo con @FieldResolver conserva su resolver; uno simple no tiene', async () => {
    const schema = await construirSchema();
    const radicacion = schema.getType('Radicacion') as GraphQLObjectType;
    expect(radicacion.getFields().erroresRest!.resolve).toBeTypeOf('function');
    expect(radicacion.getFields().numFactura!.resolve).toBeUndefined();
    // A property holding a promise keeps type-graphql's resolver, which graphql-jit awaits.
    const conexion = schema.getType('RadicacionConexion') as GraphQLObjectType;
    expect(conexion.getFields().totalCount!.resolve).toBeTypeOf('function');
  });
});
