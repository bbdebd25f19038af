import {
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLOutputType,
  type GraphQLSchema,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { EsquemaJson } from './tipos.js';

const ESCALARES_BASICOS: Record<string, EsquemaJson> = {
  String: { type: 'string' },
  ID: { type: 'string' },
  Boolean: { type: 'boolean' },
  Int: { type: 'integer' },
  Float: { type: 'number' },
  DateTimeISO: { type: 'string', format: 'date-time' },
  JSON: {},
  JSONObject: { type: 'object' },
};

/** OpenAPI 3.1 (JSON Schema 2020-12): null joins the type array, and the enum when there is one. */
function conNull(e: EsquemaJson): EsquemaJson {
  if (typeof e.type === 'string') {
    const conTipo: EsquemaJson = { ...e, type: [e.type, 'null'] };
    if (Array.isArray(e.enum)) conTipo.enum = [...e.enum, null];
    return conTipo;
  }
  return { anyOf: [e, { type: 'null' }] };
}

/**
 * JSON Schema of what an operation's root field returns, derived from the GraphQL
 * schema and the selection, so the REST contract cannot drift from the resolvers.
 */
export function esquemaDeRespuesta(schema: GraphQLSchema, doc: DocumentNode): EsquemaJson {
  const op = doc.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (!op) throw new Error('documento sin operación');
  const fragmentos = new Map(
    doc.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((f) => [f.name.value, f]),
  );
  const raiz = op.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  const campo = op.selectionSet.selections[0];
  if (!raiz || campo?.kind !== Kind.FIELD) throw new Error('la operación debe tener un campo raíz');
  const def = raiz.getFields()[campo.name.value];
  if (!def) throw new Error(`campo raíz desconocido: ${campo.name.value}`);

  const deTipo = (
    tipo: GraphQLOutputType,
    sel: SelectionSetNode | undefined,
  ): { esquema: EsquemaJson; noNulo: boolean } =>
    isNonNullType(tipo)
      ? { esquema: base(tipo.ofType, sel), noNulo: true }
      : { esquema: conNull(base(tipo, sel)), noNulo: false };

  const base = (tipo: GraphQLOutputType, sel: SelectionSetNode | undefined): EsquemaJson => {
    if (isNonNullType(tipo)) return base(tipo.ofType, sel);
    if (isListType(tipo)) return { type: 'array', items: deTipo(tipo.ofType, sel).esquema };
    if (isScalarType(tipo)) {
      const valores = tipo.extensions?.valores as readonly string[] | undefined;
      if (valores) return { type: 'string', enum: [...valores] };
      return ESCALARES_BASICOS[tipo.name] ?? { description: tipo.description ?? tipo.name };
    }
    // REST answers an enum's value (the seed's spelling), not its GraphQL name.
    if (isEnumType(tipo)) return { type: 'string', enum: tipo.getValues().map((v) => v.value as string) };
    if (isObjectType(tipo)) return deObjeto(tipo.name, sel);
    return {};
  };

  const deObjeto = (nombreTipo: string, sel: SelectionSetNode | undefined): EsquemaJson => {
    const tipo = schema.getType(nombreTipo);
    if (!isObjectType(tipo) || !sel) return { type: 'object' };
    const properties: Record<string, EsquemaJson> = {};
    const required: string[] = [];
    const recorrer = (s: SelectionSetNode) => {
      for (const x of s.selections) {
        if (x.kind === Kind.FRAGMENT_SPREAD) {
          const f = fragmentos.get(x.name.value);
          if (f) recorrer(f.selectionSet);
        } else if (x.kind === Kind.INLINE_FRAGMENT) recorrer(x.selectionSet);
        else if (x.name.value !== '__typename') {
          const f = tipo.getFields()[x.name.value];
          if (!f) continue;
          const nombre = x.alias?.value ?? x.name.value;
          const { esquema } = deTipo(f.type, x.selectionSet);
          // GraphQL answers every selected field, null included: present always, nullable per its type.
          if (!required.includes(nombre)) required.push(nombre);
          properties[nombre] = f.description ? { ...esquema, description: f.description } : esquema;
        }
      }
    };
    recorrer(sel);
    return { type: 'object', properties, required, additionalProperties: false };
  };

  return deTipo(def.type, campo.selectionSet).esquema;
}
