import { type Request, type Response, Router } from 'express';
import {
  type DocumentNode,
  type GraphQLEnumType,
  type GraphQLSchema,
  getNamedType,
  isEnumType,
  Kind,
  type OperationDefinitionNode,
  typeFromAST,
  validate,
} from 'graphql';
import { compileQuery, isCompiledQuery } from 'graphql-jit';
import { moduloDe, type Permiso } from '../src/auth/permisos.js';
import type { CodigoError } from '../src/errores/errores.js';
import { type ErrorApp, errores } from '../src/errores/errores.js';
import { aRespuesta } from '../src/errores/http.js';
import type { Contexto } from '../src/graphql/contexto.js';
import type { ControlInformes } from '../src/graphql/costo-informes.js';
import { aNombreGraphql, enumsDelDominio, serializadoresRest } from '../src/graphql/enums.js';
import { conParametros, NO_ENCONTRADA, ResolutorRutas, RUTAS_PROPIAS } from '../src/metricas/rutas.js';
import type { Ruta } from './tipos.js';

export interface DepsAdaptador {
  schema: GraphQLSchema;
  crearContexto: (req: Request) => Promise<Contexto>;
  normalizar: (e: unknown, req: Request) => ErrorApp;
  /** Reports' bound and pace, checked before a route's operation runs (as /graphql does). */
  informes?: ControlInformes;
}

/**
 * Challenge of every 401 (RFC 9110 §11.6.1): both schemes the service accepts, the API key header and an
 * OIDC bearer token, in one realm.
 */
export const DESAFIO_AUTENTICACION = 'ApiKey realm="motor", Bearer realm="motor"';

/** Code of the 405 body (the router answers it itself: no operation runs). */
export const CODIGO_METODO_NO_PERMITIDO: CodigoError = 'metodo-no-permitido';

const METODOS_HTTP = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * 405 with `Allow` for a known path asked with another method; unknown paths go on to the 404.
 * `soloFijas`: paths without parameters only, mounted before the routes so `GET /rips/validar` is a 405
 * rather than `GET /rips/{id}` with id «validar» (map lookups, no patterns); the full check runs after
 * the routes, for requests none of them answered.
 */
function metodoNoPermitido(rutas: Ruta[], soloFijas: boolean) {
  // /metrics is left out: when metrics are off the path does not exist at all.
  const todas = [...RUTAS_PROPIAS.filter((r) => r.ruta !== '/metrics'), ...rutas];
  const resolutor = new ResolutorRutas(
    soloFijas ? todas.filter((r) => !conParametros(r.ruta)) : todas,
    (plantilla) => plantilla,
  );
  return (req: Request, res: Response, next: () => void) => {
    if (req.method === 'OPTIONS') {
      next();
      return;
    }
    const permitidos = METODOS_HTTP.filter((m) => resolutor.resolver(m, req.path) !== NO_ENCONTRADA);
    if (!permitidos.length || permitidos.includes(req.method as (typeof METODOS_HTTP)[number])) {
      next();
      return;
    }
    res
      .set('Allow', permitidos.join(', '))
      .status(405)
      .json({
        error: `El método ${req.method} no está permitido en ${resolutor.resolver(permitidos[0]!, req.path)}; use ${permitidos.join(', ')}.`,
        codigo: CODIGO_METODO_NO_PERMITIDO,
      });
  };
}

/**
 * The shield's own refusal (module, then permission) checked before the variables are read, so a
 * caller without access gets 403 whatever its body holds; the shield still guards the operation.
 */
function autorizar(auth: NonNullable<Contexto['auth']>, permiso: Permiso): void {
  const modulo = moduloDe(permiso);
  if (!auth.modulos.includes(modulo)) throw errores.moduloNoContratado(modulo);
  if (!auth.permisos.includes(permiso)) throw errores.sinPermiso(permiso);
}

function raizUnica(data: Record<string, unknown>): unknown {
  const claves = Object.keys(data);
  return claves.length === 1 ? data[claves[0]!] : data;
}

/**
 * The operation's variables of a domain enum type: REST receives them in the seed's spelling
 * (`consulta-externa`) and hands the operation their GraphQL names, which coerce back to that value.
 */
function variablesEnum(schema: GraphQLSchema, doc: DocumentNode): [string, GraphQLEnumType][] {
  const delDominio = new Set(enumsDelDominio(schema));
  const op = doc.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const r: [string, GraphQLEnumType][] = [];
  for (const v of op?.variableDefinitions ?? []) {
    const tipo = typeFromAST(schema, v.type as Parameters<typeof typeFromAST>[1]);
    const nombrado = tipo ? getNamedType(tipo) : undefined;
    if (nombrado && isEnumType(nombrado) && delDominio.has(nombrado))
      r.push([v.variable.name.value, nombrado]);
  }
  return r;
}

function conNombresGraphql(
  variables: Record<string, unknown>,
  enums: [string, GraphQLEnumType][],
): Record<string, unknown> {
  if (!enums.length) return variables;
  const r = { ...variables };
  for (const [nombre, tipo] of enums) {
    const v = r[nombre];
    r[nombre] = Array.isArray(v) ? v.map((x) => aNombreGraphql(tipo, x)) : aNombreGraphql(tipo, v);
  }
  return r;
}

/** Tells whether a request goes to a route that reads its own body as a stream (static paths only). */
export function conCuerpoFlujo(rutas: Ruta[]): (req: Request) => boolean {
  const claves = new Set(
    rutas.filter((r) => r.cuerpoFlujo).map((r) => `${r.metodo.toUpperCase()} ${r.ruta}`),
  );
  return (req) => claves.has(`${req.method} ${req.path}`);
}

/** Mounts every route of the table; each runs its GraphQL operation against the shielded schema. */
export function crearRouterRest(rutas: Ruta[], deps: DepsAdaptador): Router {
  const router = Router();
  router.use(metodoNoPermitido(rutas, true));
  const customSerializers = serializadoresRest(deps.schema);
  for (const r of rutas) {
    // The same schema, resolvers and shield as /graphql, through a compiled executor: each route runs
    // one fixed operation, and graphql-js completes results field by field (about 17 µs per finding
    // of a validation, more than the validation itself for a RIPS with many findings).
    const compilar = (operacion: Ruta['operacion']) => {
      const problemas = validate(deps.schema, operacion as DocumentNode);
      if (problemas.length)
        throw new Error(
          `La operación de ${r.metodo.toUpperCase()} ${r.ruta} no valida: ${problemas[0]!.message}`,
        );
      const compilada = compileQuery(deps.schema, operacion as DocumentNode, undefined, {
        customSerializers,
      });
      if (!isCompiledQuery(compilada))
        throw new Error(
          `La operación de ${r.metodo.toUpperCase()} ${r.ruta} no compila: ${compilada.errors?.[0]?.message}`,
        );
      const documento = operacion as DocumentNode;
      const definicion = documento.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION)!;
      return { compilada, documento, definicion, enums: variablesEnum(deps.schema, documento) };
    };
    const principal = compilar(r.operacion);
    const variantes = (r.variantes ?? []).map((v) => ({ cuando: v.cuando, ...compilar(v.operacion) }));
    router[r.metodo](r.ruta, async (req: Request, res: Response) => {
      try {
        const contextValue = await deps.crearContexto(req);
        // Every REST route needs a credential: 401 before the variables are read (a missing body field
        // must not answer 400 to an anonymous caller).
        if (!contextValue.auth) throw errores.noAutenticado();
        if (r.permiso) autorizar(contextValue.auth, r.permiso as Permiso);
        const { compilada, documento, definicion, enums } = variantes.find((v) => v.cuando(req)) ?? principal;
        const variables = r.variables?.(req) ?? {};
        await deps.informes?.antes(
          documento,
          definicion,
          variables,
          contextValue.auth.entidadId,
          `${r.metodo.toUpperCase()} ${r.ruta}`,
        );
        const resultado = await compilada.query(undefined, contextValue, conNombresGraphql(variables, enums));
        if (resultado.errors?.length) throw resultado.errors[0];
        const data = resultado.data as Record<string, unknown>;
        const salida = r.respuesta ? r.respuesta(data, req) : { status: 200, body: raizUnica(data) };
        const { status, body } = salida;
        if ('cabeceras' in salida && salida.cabeceras) res.set(salida.cabeceras);
        if ('tipoContenido' in salida && salida.tipoContenido)
          res.status(status).type(salida.tipoContenido).send(body);
        else if (r.tipoContenido) res.status(status).type(r.tipoContenido).send(JSON.stringify(body));
        else res.status(status).json(body);
      } catch (e) {
        const { status, body, headers } = aRespuesta(deps.normalizar(e, req));
        if (status === 401) headers['WWW-Authenticate'] = DESAFIO_AUTENTICACION;
        res.set(headers).status(status).json(body);
      }
    });
  }
  router.use(metodoNoPermitido(rutas, false));
  return router;
}
