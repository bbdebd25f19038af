import type { ApolloServerOptionsWithGateway, BaseContext } from '@apollo/server';
import {
  type DocumentNode,
  type ExecutionResult,
  GraphQLError,
  type GraphQLSchema,
  getNamedType,
  getVariableValues,
  isInputObjectType,
  type OperationDefinitionNode,
  printSchema,
  typeFromAST,
} from 'graphql';
import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';
import { LRUCache } from 'lru-cache';
import { type ErrorApp, errores } from '../errores/errores.js';

type Pasarela = ApolloServerOptionsWithGateway<BaseContext>['gateway'];

/**
 * Operations compiled once by graphql-jit and kept by their text (most recently used first): the
 * same schema, resolvers and shield as graphql-js, several times faster at completing results
 * (graphql-js resolves every field of every finding on its own).
 */
export class OperacionesCompiladas {
  private readonly compiladas: LRUCache<string, CompiledQuery>;

  constructor(
    private readonly schema: GraphQLSchema,
    maximo = 200,
  ) {
    this.compiladas = new LRUCache({ max: maximo });
  }

  /** The compiled operation, or the errors that prevented compiling it. */
  obtener(clave: string, documento: DocumentNode, operacion?: string): CompiledQuery | ExecutionResult {
    const hecha = this.compiladas.get(clave);
    if (hecha) return hecha;
    const r = compileQuery(this.schema, documento, operacion);
    if (isCompiledQuery(r)) this.compiladas.set(clave, r);
    else return { errors: (r.errors ?? []).map((e) => operacionInvalida(e.message)) };
    return r;
  }

  get tamano(): number {
    return this.compiladas.size;
  }
}

/**
 * What keeps a validated document from compiling is the request's choice of operation (graphql-jit
 * reports it as a plain error, which would otherwise become a 500): a Spanish 400.
 */
function operacionInvalida(mensaje: string): ErrorApp {
  const desconocida = /^Unknown operation named "(.*)"/.exec(mensaje);
  if (desconocida)
    return errores.entradaInvalida(
      `El documento no tiene una operación llamada «${desconocida[1]!.slice(0, 64)}» (operationName).`,
    );
  if (/operation name/i.test(mensaje))
    return errores.entradaInvalida('El documento tiene varias operaciones: indique cuál en operationName.');
  return errores.entradaInvalida(`Consulta GraphQL inválida: ${mensaje.slice(0, 200)}`);
}

/**
 * graphql-jit builds an error without `extensions` when its cause is not a GraphQLError (a built-in
 * scalar's variable coercion, a resolver's plain Error). Apollo reads `extensions.code` before
 * formatError and, on such an error, answers a bare "Internal server error" that nobody logs: each one
 * is rebuilt as a graphql-js error keeping message, path, locations and cause, so it reaches formatError.
 */
export function errorCompleto(e: GraphQLError): GraphQLError {
  if (e.extensions && typeof e.extensions === 'object') return e;
  const r = new GraphQLError(e.message, { path: e.path, originalError: e.originalError ?? e });
  if (e.locations) (r as { locations?: GraphQLError['locations'] }).locations = e.locations;
  return r;
}

/**
 * Variables graphql-jit refused (it answers before running anything, without `data`): inside an input
 * object graphql-jit names only the innermost field (`$tipoDocumento`), graphql-js names the whole path
 * (`d.consultaExterna.paciente.tipoDocumento`) and reports every refusal, so when the operation takes an
 * input object graphql-js coerces the variables again to say where. Only on this failure path; undefined
 * when graphql-js finds nothing to refuse (graphql-jit's answer stays).
 */
function variablesRechazadas(
  schema: GraphQLSchema,
  operacion: OperationDefinitionNode,
  variables: Record<string, unknown>,
  sinSugerencias = false,
): readonly GraphQLError[] | undefined {
  const definiciones = operacion.variableDefinitions ?? [];
  const conObjeto = definiciones.some((v) => {
    const tipo = typeFromAST(schema, v.type as Parameters<typeof typeFromAST>[1]);
    return tipo !== undefined && isInputObjectType(getNamedType(tipo));
  });
  if (!conObjeto) return undefined;
  const r = getVariableValues(schema, definiciones, variables, {
    maxErrors: 20,
    hideSuggestions: sinSugerencias,
  });
  return r.errors?.length ? r.errors : undefined;
}

/**
 * Apollo Server's pluggable executor (its gateway interface, with a fixed schema) running each
 * validated operation through graphql-jit. Parsing, validation, introspection control, context
 * and error formatting stay Apollo's.
 */
export function ejecutorCompilado(
  schema: GraphQLSchema,
  operaciones = new OperacionesCompiladas(schema),
  /** Introspection off: refusals name no field the client did not write ("Did you mean …"). */
  o: { sinSugerencias?: boolean } = {},
): Pasarela {
  return {
    async load() {
      return {
        executor: async (rc) => {
          // The name the client asked for: Apollo leaves rc.operationName null when none matches, and
          // compiling without a name would then run the document's only operation instead of refusing.
          const nombre = rc.request.operationName ?? undefined;
          const c = operaciones.obtener(`${rc.queryHash}\u0000${nombre ?? ''}`, rc.document, nombre);
          if (!isCompiledQuery(c)) return c;
          const r = await c.query(undefined, rc.context, rc.request.variables ?? {});
          if (r.errors?.length && !('data' in r)) {
            const conRuta = variablesRechazadas(
              schema,
              rc.operation,
              rc.request.variables ?? {},
              o.sinSugerencias,
            );
            if (conRuta) return { errors: conRuta };
          }
          return r.errors?.length ? { ...r, errors: r.errors.map(errorCompleto) } : r;
        },
      };
    },
    onSchemaLoadOrUpdate(avisar) {
      avisar({ apiSchema: schema, coreSupergraphSdl: printSchema(schema) });
      return () => {};
    },
    async stop() {},
  };
}
