import { ObjectType, type ObjectTypeOptions } from 'type-graphql';

/**
 * `@ObjectType` whose plain fields are read by the executor itself (type-graphql's simpleResolvers).
 * Otherwise type-graphql gives every field a resolver of its own, which only runs global and field
 * middlewares (this schema has none: authorization is graphql-shield's, on the root fields) before
 * reading the property, and graphql-jit then calls one function per field of every finding: about
 * 20 µs of a small validation's answer, 13 ms of a year of daily figures (issue 34, bench:resumen).
 * `@FieldResolver` methods and `@Field` methods keep their own resolvers. A property that may hold a
 * promise (a count made on first read) must say `simple: false`: graphql-jit reads a plain property
 * inline and waits only for what a resolver returns. src/graphql/tipo-objeto.test.ts checks that every
 * object type is declared this way and that no simple field carries middlewares, roles or another name.
 */
export function TipoObjeto(
  nombre: string,
  opciones: Omit<ObjectTypeOptions, 'simpleResolvers'> = {},
): ClassDecorator {
  return ObjectType(nombre, { ...opciones, simpleResolvers: true });
}
