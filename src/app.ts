import type { RequestListener } from 'node:http';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import type { MikroORM } from '@mikro-orm/postgresql';
import express, { type NextFunction, type Request, type Response } from 'express';
import { GraphQLError } from 'graphql';
import type { Logger } from 'pino';
import { conCuerpoFlujo, crearRouterRest, DESAFIO_AUTENTICACION } from '../rest-adapter/adaptador.js';
import { construirOpenApi } from '../rest-adapter/openapi.js';
import { RUTAS } from '../rest-adapter/rutas.js';
import { autenticar } from './auth/autenticacion.js';
import { hayProxiesConfiables } from './config/proxies.js';
import type { Config } from './config.js';
import { ErrorApp, errores } from './errores/errores.js';
import { aRespuesta } from './errores/http.js';
import { normalizarError } from './errores/normalizar.js';
import type { Contexto } from './graphql/contexto.js';
import { crearControlInformes, pluginInformes } from './graphql/costo-informes.js';
import { ejecutorCompilado } from './graphql/ejecutor.js';
import { errorParaCliente } from './graphql/errores-graphql.js';
import { consultaDeSolicitud, LimitesOperacion, problemaVariablesGet } from './graphql/limites.js';
import { crearLoaders } from './graphql/loaders.js';
import { construirSchema, type Extensiones, schemaPublico } from './graphql/schema.js';
import { avisoSinProxy } from './http/aviso-proxy.js';
import { aplicadorCabeceras, CSP_API } from './http/cabeceras-seguridad.js';
import { type ClasesHttp, clasesExpress } from './http/clases-express.js';
import { corsPorLista } from './http/cors.js';
import { CUERPO_SALUD, crearEntrada } from './http/entrada.js';
import { ServidorSuscripciones } from './http/graphql-ws.js';
import { verificarCuerpoJson } from './http/json-seguro.js';
import { LimitesTasa } from './http/limites-tasa.js';
import { paginas } from './http/paginas.js';
import {
  type CamposPropios,
  crearRegistroSolicitudes,
  enlazarRegistro,
  infoPropia,
  logDeSolicitud,
} from './http/registro-solicitudes.js';
import { TurnosCuerpo } from './http/turnos-cuerpo.js';
import { rutaParaRegistro } from './logger.js';
import { medirSolicitudes, pluginGraphql, rutaMetricas } from './metricas/http.js';
import { RUTAS_PROPIAS } from './metricas/rutas.js';
import { panel } from './panel/pagina.js';
import { Disponibilidad } from './salud/ready.js';
import type { Servicios } from './servicios.js';

export interface DepsApp {
  config: Config;
  log: Logger;
  servicios: Servicios;
  /** Undefined until the database is up and migrated. */
  orm: () => MikroORM | undefined;
  extensiones?: Extensiones[];
  /** True once a graceful stop began: /ready answers 503 `apagando`. */
  apagando?: () => boolean;
}

/** What a request builds only when it is used, shared by every copy Apollo makes of the context. */
interface Perezosos {
  em?: Contexto['em'];
  loaders?: Contexto['loaders'];
}

/**
 * The context of a request. Its logger, EntityManager and loaders are built on first use (most small
 * requests never touch the database: forking an EntityManager and building the loaders cost about 5 %
 * of such a request, issue 34) and read through the prototype: Apollo copies a context's own
 * properties for each operation (Object.assign), which would build them on every request. The lazy
 * ones live in one shared holder, so every copy (a batched request) gets the same fork.
 */
class ContextoSolicitud implements Contexto {
  readonly requestId: string;
  auth: Contexto['auth'] = null;
  private readonly perezosos: Perezosos = {};
  constructor(
    private readonly req: Request,
    private readonly logBase: Logger,
    readonly config: Config,
    private readonly orm: MikroORM,
    readonly servicios: Servicios,
  ) {
    this.requestId = String(req.id);
  }

  get em(): Contexto['em'] {
    this.perezosos.em ??= this.orm.em.fork();
    return this.perezosos.em;
  }

  get loaders(): Contexto['loaders'] {
    this.perezosos.loaders ??= crearLoaders(() => this.em, {
      maxHallazgos: this.config.graphqlLimites.maxHallazgos,
      auth: () => this.auth,
    });
    return this.perezosos.loaders;
  }

  get log(): Logger {
    return logDeSolicitud(this.req, this.logBase);
  }

  enlazarRegistro(campos: Record<string, unknown>): void {
    enlazarRegistro(this.req, campos);
  }

  infoPropia(campos: CamposPropios, mensaje: string): void {
    infoPropia(this.req, this.logBase, campos, mensaje);
  }
}

function cabecera(req: Request, nombre: string): string | undefined {
  const v = req.headers[nombre];
  return Array.isArray(v) ? v[0] : v;
}

/** Composes express: request id and logs · security headers · database guard · body · GraphQL · REST. */
export async function crearApp(d: DepsApp): Promise<{
  app: RequestListener;
  /** For http.createServer: requests born with express's API (src/http/clases-express.ts). */
  clases: ClasesHttp;
  cerrar: () => Promise<void>;
  suscripciones: ServidorSuscripciones;
}> {
  const { config, servicios, log } = d;
  const monitor = servicios.monitor;
  // REST runs on the whole schema; /graphql shows clients the public one (src/graphql/schema.ts SOLO_REST).
  const schema = await construirSchema(d.extensiones);
  const publico = schemaPublico(schema);
  const openapi = construirOpenApi(RUTAS, schema);
  const limitesOperacion = new LimitesOperacion(publico, config.graphqlLimites);
  // Reports weigh what they will compute: a bound per request, and a pace per entity (both doors).
  const informes = crearControlInformes(schema, config, (m) => servicios.metricas?.solicitudLimitada(m));
  const tasa = config.limiteTasa.habilitado
    ? new LimitesTasa({ ...config.limiteTasa, alLimitar: (l) => servicios.metricas?.solicitudLimitada(l) })
    : undefined;
  const normalizar = (e: unknown, req?: Request | { log?: Logger }, rest = false) =>
    normalizarError(e, {
      monitor,
      reintentarEnSegundos: config.bd.reintentarEnSegundos,
      // Read only when an unexpected error is logged.
      get log() {
        return req && 'headers' in req ? logDeSolicitud(req, log) : (req?.log ?? log);
      },
      schema,
      rest,
    });
  // A GraphQL error is normalized once, when Apollo reports it with the request's context (an unexpected
  // one is logged there, with the request id the answer promises); formatError reuses the result.
  const normalizados = new WeakMap<object, ErrorApp>();
  const normalizarGraphql = (e: unknown, logReq?: Logger): ErrorApp => {
    const hecho = e && typeof e === 'object' ? normalizados.get(e) : undefined;
    if (hecho) return hecho;
    const n = normalizar(e, { log: logReq });
    if (e && typeof e === 'object') normalizados.set(e, n);
    return n;
  };

  async function crearContexto(req: Request): Promise<Contexto> {
    const orm = d.orm();
    if (!orm) throw errores.bdArrancando(config.bd.reintentarEnSegundos);
    const ctx = new ContextoSolicitud(req, log, config, orm, servicios);
    const auth = await autenticar(
      {
        apiKey: cabecera(req, 'x-api-key'),
        authorization: cabecera(req, 'authorization'),
        tenant: cabecera(req, 'x-tenant'),
      },
      () => ctx.em,
      servicios.oidc,
      servicios.cacheAuth,
    );
    if (auth && tasa) await tasa.porEntidad(auth.entidadId);
    ctx.auth = auth;
    return ctx;
  }

  const apollo = new ApolloServer<Contexto>({
    gateway: ejecutorCompilado(publico, undefined, { sinSugerencias: !config.graphqlIntrospection }),
    introspection: config.graphqlIntrospection,
    // With introspection off, validation errors must not name fields, arguments or types the client did
    // not write ("Did you mean …"): graphql-js leaves them out, and Apollo's own switch strips any left.
    hideSchemaDetailsFromClientErrors: !config.graphqlIntrospection,
    validationOptions: { hideSuggestions: !config.graphqlIntrospection },
    // A backstop: every document's text is checked against the limits before Apollo parses it.
    parseOptions: { maxTokens: config.graphqlLimites.maxTokens },
    includeStacktraceInErrorResponses: false,
    // Names the operation in the request log and, with metrics on, counts it by name and outcome.
    plugins: [
      // Answers are per entity and never cached by HTTP caches; the cache-control plugin's per-field hook
      // also made Apollo wrap every field resolver of the schema (about 10 % of a large /graphql answer).
      ApolloServerPluginCacheControlDisabled(),
      pluginGraphql<Contexto>(servicios.metricas),
      pluginInformes<Contexto>(informes),
      {
        async requestDidStart() {
          return {
            // Subscriptions run over WebSocket (src/http/graphql-ws.ts); over HTTP one would run its
            // per-event resolver once with no event.
            async didResolveOperation(rc) {
              if (rc.operation?.operation !== 'subscription') return;
              const err = errores.entradaInvalida(
                'Las suscripciones se usan por WebSocket (protocolo graphql-ws) en /graphql, no por HTTP.',
              );
              throw new GraphQLError(err.message, {
                originalError: err,
                extensions: { ...err.extensions, http: { status: 400 } },
              });
            },
            async didEncounterErrors(rc) {
              for (const e of rc.errors) normalizarGraphql(e, rc.contextValue?.log);
            },
          };
        },
      },
    ],
    formatError: (formateado, error) => errorParaCliente(formateado, error, normalizarGraphql(error)),
  });
  await apollo.start();

  const app = express();
  app.disable('x-powered-by');
  const clases = clasesExpress(app);
  // The client address is the entry the trusted proxies (TRUST_PROXY) appended: entries before it are
  // the client's own say, and the per-address rate limit must not take them as its key. None trusted:
  // the connection's address.
  app.set('trust proxy', config.proxiesConfiables);
  const rutaRegistrable = rutaParaRegistro([...RUTAS_PROPIAS, ...RUTAS]);
  const metricas = servicios.metricas;
  if (metricas) metricas.observarBd(d.orm, () => monitor.disponible);
  // Metrics, the request id and log line, and the security headers run before express, in its front
  // (src/http/entrada.ts), which also answers a plain GET /health itself.
  const entrada = crearEntrada({
    app: app as unknown as RequestListener,
    medir: metricas ? medirSolicitudes(metricas) : undefined,
    avisarProxy: hayProxiesConfiables(config.proxiesConfiables) ? undefined : avisoSinProxy(log),
    // Only method, path (a route template or masked, never the query string: both may carry
    // identifiers) and status reach the log.
    registrar: crearRegistroSolicitudes(log, rutaRegistrable),
    // A strict CSP on every answer; the two pages (src/http/paginas.ts) set their own.
    cabeceras: aplicadorCabeceras({ contentSecurityPolicy: CSP_API }),
    cors: config.corsOrigenes.length > 0,
  });
  // Before the rate limit, the database guard and Apollo's CSRF guard: a preflight from an allowed
  // origin is answered here (204); any other origin gets no CORS headers and the guards apply as usual.
  if (config.corsOrigenes.length) app.use(corsPorLista(config.corsOrigenes));

  // What the front does not answer itself (HEAD, a query string, a conditional request, CORS).
  app.get('/health', (_req, res) => {
    res.json(CUERPO_SALUD);
  });

  // Before the database guard: metrics answer while the database starts. Off: no route (404).
  if (metricas) app.get('/metrics', rutaMetricas(metricas, config.metricas.token));

  const disponibilidad = new Disponibilidad({
    config,
    monitor,
    oidc: servicios.oidc,
    catalogos: servicios.catalogos,
    orm: d.orm,
  });
  app.get('/ready', async (_req, res) => {
    if (d.apagando?.()) {
      res.status(503).json(disponibilidad.apagando());
      return;
    }
    const listo = await disponibilidad.estado().catch(() => ({
      estado: 'degradado' as const,
      detalle: 'No se pudo determinar el estado de las dependencias',
    }));
    if (d.apagando?.()) {
      res.status(503).json(disponibilidad.apagando());
      return;
    }
    if (listo.estado === 'ok') {
      res.json(listo);
      return;
    }
    if (!monitor.disponible) {
      const { body, headers } = aRespuesta(errores.bdArrancando(config.bd.reintentarEnSegundos));
      res
        .set(headers)
        .status(503)
        .json({ ...listo, ...body });
      return;
    }
    res.status(503).json(listo);
  });

  // Static pages (/docs, GraphiQL, the panel): before the rate limit, the database guard and Apollo.
  app.use(paginas({ ide: config.graphqlIde }));
  app.use(panel({ activo: config.panel }));

  // Per client address, before the database guard, the body and authentication (health, readiness and
  // metrics, above, are not counted).
  if (tasa) app.use(tasa.porIp());

  // Database guard: nothing below runs while the database is starting or unreachable.
  app.use((_req, res, next) => {
    if (monitor.disponible && d.orm()) {
      next();
      return;
    }
    const { status, body, headers } = aRespuesta(errores.bdArrancando(config.bd.reintentarEnSegundos));
    res.set(headers).status(status).json(body);
  });

  app.get('/openapi.json', (_req, res) => {
    res.json(openapi);
  });

  // body-parser inflates gzip/deflate itself and applies the limit to the inflated size. Routes that
  // read their own body while it arrives (large RIPS) are left untouched.
  const cuerpoJson = express.json({
    limit: config.bodyLimitBytes,
    inflate: true,
    type: ['application/json', 'application/*+json'],
    // Depth, NUL and lone surrogates are refused before the body is parsed or reaches any service.
    verify: verificarCuerpoJson,
  });
  const esDeFlujo = conCuerpoFlujo(RUTAS);
  app.locals.limiteCuerpo = config.bodyLimitBytes;
  const leerJson = new TurnosCuerpo(config.http.cuerpos).envolver(cuerpoJson);
  app.use((req, res, next) => (esDeFlujo(req) ? next() : leerJson(req, res, next)));

  app.use(
    '/graphql',
    expressMiddleware(apollo, {
      context: async ({ req }) => {
        try {
          const ctx = await crearContexto(req);
          // Same contract as every REST route: no credential → 401 before anything is parsed or run.
          if (!ctx.auth) throw errores.noAutenticado();
          // Then the document's limits, before Apollo parses, validates or runs it.
          const { texto, variablesGet } = consultaDeSolicitud(req);
          const variablesMalas = variablesGet === undefined ? undefined : problemaVariablesGet(variablesGet);
          if (variablesMalas) throw variablesMalas;
          const rechazo = texto === undefined ? undefined : limitesOperacion.verificar(texto);
          if (rechazo) {
            if (rechazo.motivo) servicios.metricas?.solicitudLimitada(rechazo.motivo);
            throw rechazo.error;
          }
          return ctx;
        } catch (e) {
          const err = normalizar(e, req);
          const { status, headers } = aRespuesta(err);
          // Like every REST 401: the challenge names the accepted schemes (RFC 9110 §11.6.1).
          if (status === 401) headers['WWW-Authenticate'] = DESAFIO_AUTENTICACION;
          // originalError keeps the ErrorApp (and its extras, such as reintentarEnSegundos) for formatError.
          throw new GraphQLError(err.message, {
            originalError: err,
            extensions: { ...err.extensions, http: { status, headers: new Map(Object.entries(headers)) } },
          });
        }
      },
    }),
  );

  app.use(
    crearRouterRest(RUTAS, {
      schema,
      crearContexto,
      normalizar: (e, req) => normalizar(e, req, true),
      informes,
    }),
  );

  app.use((req, res) => {
    res.status(404).json({ error: `No existe la ruta ${req.method} ${req.path}.`, codigo: 'no-encontrado' });
  });

  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const e = err as { type?: string; status?: number; message?: string };
    let salida: ReturnType<typeof aRespuesta>;
    switch (e.type) {
      case 'entity.verify.failed':
        salida = aRespuesta(errores.entradaInvalida(String(e.message)));
        break;
      case 'entity.parse.failed':
        salida = aRespuesta(
          errores.entradaInvalida('El cuerpo no es JSON válido. Revise comillas, comas y llaves.'),
        );
        break;
      case 'entity.too.large':
        salida = aRespuesta(
          new ErrorApp(
            'cuerpo-demasiado-grande',
            `El cuerpo supera el límite de ${Math.round(config.bodyLimitBytes / 1024 / 1024)} MB (medido tras descomprimir).`,
          ),
        );
        break;
      case 'encoding.unsupported':
      case 'charset.unsupported':
        salida = aRespuesta(
          new ErrorApp(
            'tipo-contenido-no-soportado',
            'Codificación no soportada: use UTF-8 y, si comprime, Content-Encoding gzip o deflate.',
          ),
        );
        break;
      case 'request.aborted':
      case 'request.size.invalid':
        salida = aRespuesta(errores.entradaInvalida('El cuerpo llegó incompleto.'));
        break;
      default:
        // Other body-reading failures (corrupt gzip, bad framing) are the client's, not ours.
        salida =
          typeof e.status === 'number' && e.status >= 400 && e.status < 500
            ? aRespuesta(errores.entradaInvalida('El cuerpo no pudo leerse (¿gzip corrupto o incompleto?).'))
            : aRespuesta(normalizar(err, req));
    }
    res.set(salida.headers).status(salida.status).json(salida.body);
  });

  // GraphQL subscriptions (graphql-ws) on the same server and path: arranque.ts hands it the upgrades.
  const suscripciones = new ServidorSuscripciones({
    config,
    log,
    servicios,
    orm: d.orm,
    schema: publico,
    limites: limitesOperacion,
    tasa,
    formatear: (e, logOp) => errorParaCliente(e.toJSON(), e, normalizarGraphql(e, logOp)),
    normalizar: (e, logOp) => normalizarGraphql(e, logOp),
    apagando: d.apagando,
  });

  return { app: entrada, clases, cerrar: () => apollo.stop(), suscripciones };
}
