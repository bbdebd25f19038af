import { filterSchema, MapperKind, mapSchema, pruneSchema } from '@graphql-tools/utils';
import { type GraphQLFieldResolver, type GraphQLSchema, isObjectType } from 'graphql';
import { applyMiddleware, type IMiddlewareFieldMap } from 'graphql-middleware';
import { allow, deny, shield } from 'graphql-shield';
import { buildSchema, type NonEmptyArray } from 'type-graphql';
import type { ShieldRule, TablaReglas } from '../auth/reglas.js';
import { ApiKeysResolver, reglasApiKeys } from '../entidades/api-keys.resolver.js';
import { EntidadSesionResolver, reglasSesion, SesionResolver } from '../entidades/sesion.resolver.js';
import { ErrorApp } from '../errores/errores.js';
import { reglasSuscripciones, SuscripcionesResolver } from '../eventos/suscripciones.resolver.js';
import { conEntradaUnoDe } from '../rda/construccion/entrada-graphql.js';
import { DocumentosRdaResolver, reglasDocumentosRda } from '../rda/documentos.resolver.js';
import { reglasTransmision, TransmisionResolver } from '../rda/transmision/transmision.resolver.js';
import { RESOLVERS_RESUMEN, reglasResumen } from '../resumen/resumen.resolver.js';
import { RadicacionResolver, reglasRadicacion } from '../rips/radicacion/radicacion.resolver.js';
import { reglasValidacionRips, ValidacionRipsResolver } from '../rips/validacion.resolver.js';
import { reglasWebhooks, WebhooksResolver } from '../webhooks/webhooks.resolver.js';

// biome-ignore lint/complexity/noBannedTypes: type-graphql takes resolver classes
type ClaseResolver = Function;

/** Each capability contributes its resolvers and the shield rules of its root fields. */
const CAPACIDADES: { resolvers: ClaseResolver[]; reglas: TablaReglas }[] = [
  { resolvers: [SesionResolver, EntidadSesionResolver], reglas: reglasSesion },
  { resolvers: [ApiKeysResolver], reglas: reglasApiKeys },
  { resolvers: [ValidacionRipsResolver], reglas: reglasValidacionRips },
  { resolvers: [TransmisionResolver], reglas: reglasTransmision },
  { resolvers: [...RESOLVERS_RESUMEN], reglas: reglasResumen },
  { resolvers: [DocumentosRdaResolver], reglas: reglasDocumentosRda },
  { resolvers: [RadicacionResolver], reglas: reglasRadicacion },
  { resolvers: [SuscripcionesResolver], reglas: reglasSuscripciones },
  { resolvers: [WebhooksResolver], reglas: reglasWebhooks },
];

export interface Extensiones {
  resolvers: ClaseResolver[];
  reglas: TablaReglas;
}

export async function construirSchemaBase(extra: Extensiones[] = []): Promise<GraphQLSchema> {
  const todas = [...CAPACIDADES, ...extra];
  const schema = await buildSchema({
    resolvers: todas.flatMap((c) => c.resolvers) as unknown as NonEmptyArray<ClaseResolver>,
    validate: false,
    // type-graphql demands a PubSub once a @Subscription exists; ours use their own `subscribe`
    // (src/eventos/suscripciones.resolver.ts, fed by the event bus), so this one is never used.
    pubSub: SIN_PUBSUB,
  });
  return conEntradaUnoDe(schema);
}

/**
 * Every root field must have an explicit rule (checked here at start-up); nested
 * fields are reachable only through a guarded root, so they are allowed.
 */
export function reglasDelSchema(schema: GraphQLSchema, tablas: TablaReglas[]) {
  const mapa: Record<string, Record<string, ShieldRule>> = {};
  for (const tipo of Object.values(schema.getTypeMap())) {
    if (!isObjectType(tipo) || tipo.name.startsWith('__')) continue;
    const raiz = tipo.name === 'Query' || tipo.name === 'Mutation' || tipo.name === 'Subscription';
    if (!raiz) {
      mapa[tipo.name] = { '*': allow };
      continue;
    }
    const reglas: Record<string, ShieldRule> = {};
    for (const campo of Object.keys(tipo.getFields())) {
      const regla = tablas.map((t) => t[tipo.name as keyof TablaReglas]?.[campo]).find(Boolean);
      if (!regla) throw new Error(`El campo ${tipo.name}.${campo} no tiene regla de autorización`);
      reglas[campo] = regla;
    }
    mapa[tipo.name] = reglas;
  }
  return mapa;
}

export async function construirSchema(extra: Extensiones[] = []): Promise<GraphQLSchema> {
  const base = await construirSchemaBase(extra);
  const tablas = [...CAPACIDADES, ...extra].map((c) => c.reglas);
  const escudo = shield(reglasDelSchema(base, tablas), {
    allowExternalErrors: true,
    fallbackRule: deny,
    fallbackError: () => new ErrorApp('sin-permiso', 'Operación no autorizada.'),
  });
  // Shield wraps every field of every type; nested fields are all `allow`, and a wrapped field
  // resolves through a promise (about 1 ms for a result of 16 findings, more for large ones), so
  // only the root fields keep their middleware.
  const porTipo = escudo.generate(base) as Record<string, IMiddlewareFieldMap>;
  const conEscudo = applyMiddleware(base, { Query: porTipo.Query!, Mutation: porTipo.Mutation! });
  return porTipo.Subscription ? escudarSuscripciones(conEscudo, porTipo.Subscription) : conEscudo;
}

/**
 * graphql-middleware wraps a subscription field's `resolve` (run for each event) when it has one, as
 * type-graphql's have: the rules must run once, in `subscribe`, so a refused subscription never reaches
 * the event bus. Each rule wraps `subscribe` here; its refusal is the subscription's error.
 */
function escudarSuscripciones(schema: GraphQLSchema, reglas: IMiddlewareFieldMap): GraphQLSchema {
  return mapSchema(schema, {
    [MapperKind.SUBSCRIPTION_ROOT_FIELD]: (campo, nombre) => {
      const m = reglas[nombre];
      const regla = (typeof m === 'function' ? m : m?.resolve) as ReglaMiddleware | undefined;
      const subscribe = campo.subscribe as GraphQLFieldResolver<unknown, unknown> | undefined;
      if (!regla || !subscribe) throw new Error(`El campo Subscription.${nombre} no tiene regla o subscribe`);
      return {
        ...campo,
        // Shield calls `subscribe` with the same four arguments once its rule allows it.
        subscribe: (p, a, c, i) => regla(subscribe, p, a, c, i),
      };
    },
  });
}

type ReglaMiddleware = (
  siguiente: GraphQLFieldResolver<unknown, unknown>,
  ...argumentos: Parameters<GraphQLFieldResolver<unknown, unknown>>
) => unknown;

const SIN_PUBSUB = {
  publish: () => {
    throw new Error('Las suscripciones no usan el PubSub de type-graphql');
  },
  subscribe: () => {
    throw new Error('Las suscripciones no usan el PubSub de type-graphql');
  },
};

/**
 * What only the REST door uses (its body read as a stream, its offset pages): `Tipo.campo` or
 * `Tipo.campo(argumento)`. The REST adapter runs on the whole schema; /graphql, its introspection and
 * the published SDL see the public one, without these.
 */
export const SOLO_REST: ReadonlySet<string> = new Set([
  'Query.validarRips(cuerpoFlujo)',
  // GET /rda: offset pages and the findings as stored (GraphQL has the connection and the split lists).
  'Query.transmisionesPagina',
  'Transmision.erroresRest',
  'Transmision.avisosRest',
  // POST /rips/validar, POST /rips and GET /rips/{id} answer every finding in `errores` (GraphQL splits them).
  'ResultadoValidacionRips.erroresRest',
  'Radicacion.erroresRest',
  'ResultadoValidacionRda.erroresRest',
  'ResultadoValidacionOficialRda.erroresRest',
  'VistaPreviaRda.erroresRest',
]);

/** The schema clients see: the whole one minus SOLO_REST, and minus the types only those used. */
export function schemaPublico(schema: GraphQLSchema): GraphQLSchema {
  return pruneSchema(
    filterSchema({
      schema,
      rootFieldFilter: (tipo, campo) => !SOLO_REST.has(`${tipo}.${campo}`),
      fieldFilter: (tipo, campo) => !SOLO_REST.has(`${tipo}.${campo}`),
      argumentFilter: (tipo, campo, argumento) => !SOLO_REST.has(`${tipo}.${campo}(${argumento})`),
    }),
  );
}
