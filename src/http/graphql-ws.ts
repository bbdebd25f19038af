import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { setTimeout as esperar } from 'node:timers/promises';
import type { MikroORM } from '@mikro-orm/postgresql';
import {
  type DocumentNode,
  type ExecutionArgs,
  GraphQLError,
  type GraphQLFormattedError,
  type GraphQLSchema,
  getOperationAST,
  parse,
  validate,
} from 'graphql';
import { type Context, handleProtocols, makeServer } from 'graphql-ws';
import { decodeJwt } from 'jose';
import type { Logger } from 'pino';
import { WebSocket, WebSocketServer } from 'ws';
import { type Autenticacion, autenticar, type CabecerasAuth } from '../auth/autenticacion.js';
import type { Config } from '../config.js';
import { CODIGOS_ERROR, ErrorApp, errores } from '../errores/errores.js';
import type { Contexto } from '../graphql/contexto.js';
import type { LimitesOperacion } from '../graphql/limites.js';
import { crearLoaders } from '../graphql/loaders.js';
import { resumenError } from '../logger.js';
import type { Servicios } from '../servicios.js';
import { CABECERA_CSP_API } from './cabeceras-seguridad.js';
import type { LimitesTasa } from './limites-tasa.js';

/** The only path that accepts WebSocket upgrades (the same as the GraphQL endpoint). */
export const RUTA_SUSCRIPCIONES = '/graphql';

/** A graphql-ws message is a subscribe (document and variables) or a control message: never large. */
export const MAX_MENSAJE_BYTES = 64 * 1024;

/** Protocol-level ping: a peer that does not answer within this is cut (half-open TCP, frozen tab). */
const LATIDO_MS = 12_000;

/** Open connections re-check their credential this often (a revoked API key stops receiving events). */
const REVALIDAR_MS = 60_000;

/** At shutdown, how long sockets get to answer the close frame before they are cut. */
const ESPERA_CIERRE_MS = 2_000;

/** Close codes of our own (4000 + the HTTP status of the same refusal, as graphql-ws does with 4401/4403). */
export const CIERRE = {
  apagado: 1001,
  noAutenticado: 4401,
  prohibido: 4403,
  demasiadas: 4429,
  interno: 4500,
} as const;

/** graphql-ws closes with English reasons; the ones it may send, in Spanish (the code stays the library's). */
const MOTIVOS_PROTOCOLO: Readonly<Record<number, string>> = {
  4400: 'Mensaje inválido: no sigue el protocolo graphql-transport-ws.',
  4401: 'No autorizado: envíe connection_init y espere connection_ack antes de suscribirse.',
  4403: 'Conexión rechazada.',
  4406: 'Subprotocolo no aceptado: use graphql-transport-ws.',
  4408: 'No llegó connection_init a tiempo.',
  4409: 'Ya hay una operación en curso con ese id en esta conexión.',
  4429: 'connection_init repetido en la misma conexión.',
  4500: 'Error interno del servicio.',
};

/** A close reason fits in 123 bytes of UTF-8 (RFC 6455 §5.5): longer ones are cut at a character. */
export function motivoCierre(texto: string): string {
  if (Buffer.byteLength(texto) <= 123) return texto;
  const chars = Array.from(texto);
  while (chars.length && Buffer.byteLength(`${chars.join('')}…`) > 123) chars.pop();
  return `${chars.join('')}…`;
}

/** The close code of a refusal: 4000 + its HTTP status (4401, 4403, 4429, 4503…). */
export function codigoCierre(e: ErrorApp): number {
  const status: number = CODIGOS_ERROR[e.codigo];
  return status >= 400 && status <= 599 ? 4000 + status : 4400;
}

function cerrarCon(socket: WebSocket, codigo: number, motivo: string): void {
  if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING)
    socket.close(codigo, motivoCierre(motivo));
}

/**
 * The credentials of `connectionParams`: the same names as the HTTP headers, in any case
 * (`X-Api-Key`, `Authorization`, `X-Tenant`). A browser cannot set headers on a WebSocket: the
 * graphql-ws client sends them in its first message instead.
 */
export function cabecerasDe(params: Readonly<Record<string, unknown>> | undefined): CabecerasAuth {
  const cab: CabecerasAuth = {};
  const nombres: Record<string, keyof CabecerasAuth> = {
    'x-api-key': 'apiKey',
    authorization: 'authorization',
    'x-tenant': 'tenant',
  };
  for (const [clave, valor] of Object.entries(params ?? {})) {
    const campo = nombres[clave.toLowerCase()];
    if (!campo || valor === undefined || valor === null) continue;
    if (typeof valor !== 'string')
      throw errores.entradaInvalida(`connectionParams.${clave.slice(0, 32)} debe ser texto.`);
    cab[campo] = valor;
  }
  return cab;
}

function responderHttp(socket: Duplex, status: number, texto: string, cuerpo: Record<string, unknown>): void {
  const json = JSON.stringify(cuerpo);
  socket.end(
    `HTTP/1.1 ${status} ${texto}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\n${CABECERA_CSP_API}\r\nConnection: close\r\n\r\n${json}`,
  );
}

export interface DepsSuscripciones {
  config: Config;
  log: Logger;
  servicios: Servicios;
  /** Undefined until the database is up and migrated. */
  orm: () => MikroORM | undefined;
  /** The public schema (the one /graphql serves), with the shield on its Subscription fields. */
  schema: GraphQLSchema;
  /** The document limits of /graphql. */
  limites: LimitesOperacion;
  /** The per-entity rate limit of both HTTP doors, when on: each subscribe counts as one request. */
  tasa?: LimitesTasa;
  /** An error as /graphql's clients see it (Spanish message, `codigo`, standard `code`). */
  formatear: (e: GraphQLError, log: Logger) => GraphQLFormattedError;
  /** Anything thrown, as the ErrorApp /graphql would answer. */
  normalizar: (e: unknown, log: Logger) => ErrorApp;
  /** True once a graceful stop began: no new sockets. */
  apagando?: () => boolean;
}

interface Extra {
  socket: WebSocket;
  request: IncomingMessage;
}

/** An authenticated socket. */
interface Conexion {
  id: string;
  socket: WebSocket;
  cabeceras: CabecerasAuth;
  auth: Autenticacion;
  entidadId: string;
  log: Logger;
  /** Closes the socket when the bearer token expires. */
  vence?: NodeJS.Timeout;
}

/**
 * GraphQL subscriptions with the graphql-ws protocol (`graphql-transport-ws`) on the HTTP server's
 * `/graphql` (upgrade requests). Authenticated once per socket from `connectionParams`, with the same
 * credentials and function as HTTP, re-checked on each subscribe and every minute; each document passes
 * the limits of /graphql; only subscriptions are run (queries and mutations go over HTTP, where the body,
 * rate and cost bounds, logs and metrics of the service apply). Per instance: at most
 * `conexionesPorEntidad` sockets per entity and `porConexion` operations per socket.
 */
export class ServidorSuscripciones {
  private readonly wss: WebSocketServer;
  private readonly servidor: ReturnType<typeof makeServer<Record<string, unknown>, Extra>>;
  private readonly conexiones = new Map<WebSocket, Conexion>();
  private readonly porEntidad = new Map<string, number>();
  private readonly origenes: ReadonlySet<string>;
  private readonly barrido: NodeJS.Timeout;
  private cerrando = false;

  constructor(private readonly d: DepsSuscripciones) {
    this.origenes = new Set(d.config.corsOrigenes);
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: MAX_MENSAJE_BYTES,
      handleProtocols: (protocolos) => handleProtocols(protocolos),
      // Compression would cost memory per socket (zlib contexts) for small JSON messages.
      perMessageDeflate: false,
    });
    this.servidor = makeServer<Record<string, unknown>, Extra>({
      schema: d.schema,
      onConnect: (ctx) => this.alIniciar(ctx),
      onSubscribe: (ctx, id, payload) => this.alSuscribir(ctx, id, payload),
      onNext: (ctx, _id, _payload, _args, r) =>
        r.errors?.length ? { ...r, errors: r.errors.map((e) => d.formatear(e, this.logDe(ctx))) } : undefined,
      onError: (ctx, _id, _payload, errs) => errs.map((e) => d.formatear(e, this.logDe(ctx))),
      onClose: (ctx) => this.olvidar(ctx.extra.socket),
    });
    this.barrido = setInterval(() => void this.revalidarTodas(), REVALIDAR_MS);
    this.barrido.unref();
  }

  /** Open sockets (authenticated ones). */
  get conectadas(): number {
    return this.conexiones.size;
  }

  /** Takes over the server's upgrade requests (any other path or a refused origin gets an HTTP answer). */
  adjuntar(servidor: Server): void {
    servidor.on('upgrade', (req: IncomingMessage, socket: Duplex, cabeza: Buffer) =>
      this.alActualizar(req, socket, cabeza),
    );
  }

  /**
   * Graceful stop: every socket gets close 1001 (clients reconnect, to another instance), and the ones
   * that do not answer within 2 s are cut. Runs before the HTTP drain, which would otherwise wait for them.
   */
  async cerrar(): Promise<void> {
    this.cerrando = true;
    clearInterval(this.barrido);
    const abiertos = [...this.wss.clients];
    const cerrados = abiertos.map((s) =>
      s.readyState === WebSocket.CLOSED ? Promise.resolve() : new Promise<void>((r) => s.once('close', r)),
    );
    for (const s of abiertos)
      cerrarCon(s, CIERRE.apagado, 'El servicio se está deteniendo: vuelva a conectarse.');
    const t = new AbortController();
    await Promise.race([
      Promise.all(cerrados),
      esperar(ESPERA_CIERRE_MS, undefined, { signal: t.signal }),
    ]).catch(() => {});
    t.abort();
    for (const s of this.wss.clients) s.terminate();
    await new Promise<void>((r) => this.wss.close(() => r()));
  }

  private alActualizar(req: IncomingMessage, socket: Duplex, cabeza: Buffer): void {
    socket.on('error', () => socket.destroy());
    const ruta = (req.url ?? '/').split('?')[0];
    if (ruta !== RUTA_SUSCRIPCIONES) {
      responderHttp(socket, 404, 'Not Found', {
        error: `Solo ${RUTA_SUSCRIPCIONES} acepta WebSocket (suscripciones GraphQL con graphql-ws).`,
        codigo: 'no-encontrado',
      });
      return;
    }
    if (this.cerrando || this.d.apagando?.()) {
      responderHttp(socket, 503, 'Service Unavailable', {
        error: 'El servicio se está deteniendo: conéctese de nuevo (otra instancia lo atenderá).',
        codigo: 'servidor-ocupado',
      });
      return;
    }
    const origen = req.headers.origin;
    if (origen !== undefined && !this.origenPermitido(origen, req)) {
      responderHttp(socket, 403, 'Forbidden', {
        error: 'El origen de la página no está autorizado para conectarse (CORS_ORIGINS).',
        codigo: 'sin-permiso',
      });
      return;
    }
    this.wss.handleUpgrade(req, socket, cabeza, (ws) => this.alConectar(ws, req));
  }

  /**
   * A browser always sends Origin: the CORS allow-list, or the page served by this same host (GraphiQL).
   * Other clients send none and authenticate like any API client.
   */
  private origenPermitido(origen: string, req: IncomingMessage): boolean {
    if (this.origenes.has(origen)) return true;
    try {
      return new URL(origen).host === req.headers.host;
    } catch {
      return false;
    }
  }

  /** graphql-ws's transport over a `ws` socket (its `use/ws` adapter, with our logs and Spanish reasons). */
  private alConectar(socket: WebSocket, request: IncomingMessage): void {
    // Client-side failures (bad frames, oversized messages): ws closes the socket itself after this.
    socket.on('error', (e) => this.d.log.debug({ err: resumenError(e) }, 'websocket: error del cliente'));
    let esperaPong: NodeJS.Timeout | undefined;
    const latido = setInterval(() => {
      if (socket.readyState !== WebSocket.OPEN) return;
      esperaPong = setTimeout(() => socket.terminate(), LATIDO_MS);
      socket.once('pong', () => clearTimeout(esperaPong));
      socket.ping();
    }, LATIDO_MS);
    const cerrado = this.servidor.opened(
      {
        protocol: socket.protocol,
        send: (datos) =>
          new Promise<void>((resolver, rechazar) => {
            if (socket.readyState !== WebSocket.OPEN) return resolver();
            socket.send(datos, (e) => (e ? rechazar(e) : resolver()));
          }),
        close: (codigo, motivo) =>
          cerrarCon(socket, codigo ?? 1000, (codigo && MOTIVOS_PROTOCOLO[codigo]) || motivo || ''),
        onMessage: (alMensaje) =>
          socket.on('message', async (datos) => {
            try {
              await alMensaje(String(datos));
            } catch (e) {
              if (socket.readyState !== WebSocket.OPEN) return;
              this.d.log.error({ err: resumenError(e) }, 'websocket: error al atender un mensaje');
              cerrarCon(socket, CIERRE.interno, MOTIVOS_PROTOCOLO[CIERRE.interno]!);
            }
          }),
      },
      { socket, request },
    );
    socket.once('close', (codigo, motivo) => {
      clearTimeout(esperaPong);
      clearInterval(latido);
      void cerrado(codigo, String(motivo)).catch((e) =>
        this.d.log.warn({ err: resumenError(e) }, 'websocket: error al cerrar las suscripciones'),
      );
    });
  }

  /** connection_init: authenticate, then the per-entity bound. Refusals close with 4000 + HTTP status. */
  private async alIniciar(ctx: Context<Record<string, unknown>, Extra>): Promise<boolean> {
    const { socket } = ctx.extra;
    const log = this.d.log;
    const orm = this.d.orm();
    if (!orm || !this.d.servicios.monitor.disponible) {
      const e = errores.bdArrancando(this.d.config.bd.reintentarEnSegundos);
      cerrarCon(socket, codigoCierre(e), e.message);
      return false;
    }
    let cabeceras: CabecerasAuth;
    let auth: Autenticacion | null;
    try {
      cabeceras = cabecerasDe(ctx.connectionParams);
      auth = await autenticar(cabeceras, orm.em.fork(), this.d.servicios.oidc, this.d.servicios.cacheAuth);
      if (!auth)
        throw new ErrorApp(
          'no-autenticado',
          'Falta la credencial: envíe X-Api-Key o Authorization: Bearer en connectionParams.',
        );
      if (this.d.tasa) await this.d.tasa.porEntidad(auth.entidadId);
    } catch (e) {
      const err = this.d.normalizar(e, log);
      cerrarCon(socket, codigoCierre(err), err.message);
      return false;
    }
    // The client may have left while the credential was checked: nothing to count.
    if (socket.readyState !== WebSocket.OPEN || this.cerrando) return false;
    const entidadId = auth.entidadId;
    const max = this.d.config.suscripciones.conexionesPorEntidad;
    const abiertas = this.porEntidad.get(entidadId) ?? 0;
    if (abiertas >= max) {
      cerrarCon(
        socket,
        CIERRE.demasiadas,
        `Demasiadas conexiones de la entidad en esta instancia (máximo ${max}, GRAPHQL_WS_MAX_CONNECTIONS_PER_ENTITY).`,
      );
      return false;
    }
    this.porEntidad.set(entidadId, abiertas + 1);
    const id = randomUUID();
    const c: Conexion = {
      id,
      socket,
      cabeceras,
      auth,
      entidadId,
      log: log.child({ conexionWs: id, entidad: entidadId }),
    };
    this.conexiones.set(socket, c);
    this.programarVencimiento(c);
    c.log.debug({ conexiones: abiertas + 1 }, 'websocket: conexión autenticada');
    return true;
  }

  /** A bearer token's `exp`: the socket closes then (the token was verified; only its claim is read). */
  private programarVencimiento(c: Conexion): void {
    clearTimeout(c.vence);
    c.vence = undefined;
    if (c.auth.identidad.tipo !== 'usuario' || c.cabeceras.apiKey !== undefined) return;
    const token = /^Bearer\s+(\S+)\s*$/i.exec(c.cabeceras.authorization ?? '')?.[1];
    if (!token) return;
    let exp: number | undefined;
    try {
      exp = decodeJwt(token).exp;
    } catch {
      return;
    }
    if (typeof exp !== 'number') return;
    const ms = Math.min(Math.max(0, exp * 1000 - Date.now()), 2_147_483_647);
    c.vence = setTimeout(
      () =>
        cerrarCon(c.socket, CIERRE.noAutenticado, 'El token venció: vuelva a conectarse con uno vigente.'),
      ms,
    );
    c.vence.unref();
  }

  private olvidar(socket: WebSocket): void {
    const c = this.conexiones.get(socket);
    if (!c) return;
    this.conexiones.delete(socket);
    clearTimeout(c.vence);
    const n = (this.porEntidad.get(c.entidadId) ?? 1) - 1;
    if (n > 0) this.porEntidad.set(c.entidadId, n);
    else this.porEntidad.delete(c.entidadId);
    c.log.debug('websocket: conexión cerrada');
  }

  private logDe(ctx: Context<Record<string, unknown>, Extra>): Logger {
    return this.conexiones.get(ctx.extra.socket)?.log ?? this.d.log;
  }

  /**
   * The credential again (cached lookups: a revoked API key or a removed entity shows at once). A
   * refusal (401/403), or permissions lost since the socket opened, closes the socket: its running
   * subscriptions were allowed under the old ones. Other failures (database) leave it open.
   */
  private async revalidar(c: Conexion): Promise<void> {
    const orm = this.d.orm();
    if (!orm) throw errores.bdArrancando(this.d.config.bd.reintentarEnSegundos);
    let auth: Autenticacion | null;
    try {
      auth = await autenticar(c.cabeceras, orm.em.fork(), this.d.servicios.oidc, this.d.servicios.cacheAuth);
      if (!auth) throw errores.noAutenticado();
      const perdidos = c.auth.permisos.filter((p) => !auth!.permisos.includes(p));
      if (auth.entidadId !== c.entidadId || perdidos.length)
        throw new ErrorApp(
          'sin-permiso',
          'Cambiaron los permisos de la credencial: vuelva a conectarse y a suscribirse.',
        );
    } catch (e) {
      const err = this.d.normalizar(e, c.log);
      const status: number = CODIGOS_ERROR[err.codigo];
      if (status === 401 || status === 403) cerrarCon(c.socket, codigoCierre(err), err.message);
      throw err;
    }
    c.auth = auth;
  }

  private async revalidarTodas(): Promise<void> {
    await Promise.allSettled([...this.conexiones.values()].map((c) => this.revalidar(c)));
  }

  /** subscribe: bounds, credential, limits, then a subscription document of the public schema. */
  private async alSuscribir(
    ctx: Context<Record<string, unknown>, Extra>,
    id: string,
    payload: { query: string; operationName?: string | null; variables?: Record<string, unknown> | null },
  ): Promise<ExecutionArgs | readonly GraphQLError[]> {
    const c = this.conexiones.get(ctx.extra.socket);
    const log = c?.log ?? this.d.log;
    try {
      if (!c) throw errores.noAutenticado();
      const max = this.d.config.suscripciones.porConexion;
      // graphql-ws has already registered this one.
      if (Object.keys(ctx.subscriptions).length > max)
        throw errores.demasiadasSolicitudes(
          `en esta conexión: hay ${max} suscripciones activas, el máximo (GRAPHQL_WS_MAX_SUBSCRIPTIONS_PER_CONNECTION); termine alguna`,
          1,
        );
      await this.revalidar(c);
      if (this.d.tasa) await this.d.tasa.porEntidad(c.entidadId);
      const texto = payload.query;
      if (typeof texto !== 'string' || !texto.trim())
        throw errores.entradaInvalida('Falta el documento GraphQL (payload.query).');
      const rechazo = this.d.limites.verificar(texto);
      if (rechazo) {
        if (rechazo.motivo) this.d.servicios.metricas?.solicitudLimitada(rechazo.motivo);
        throw rechazo.error;
      }
      let documento: DocumentNode;
      try {
        documento = parse(texto, { maxTokens: this.d.config.graphqlLimites.maxTokens, noLocation: false });
      } catch (e) {
        const err = e as GraphQLError;
        return [
          new GraphQLError(err.message, {
            source: err.source,
            positions: err.positions,
            extensions: { code: 'GRAPHQL_PARSE_FAILED' },
          }),
        ];
      }
      const nombre = payload.operationName ?? undefined;
      const operacion = getOperationAST(documento, nombre);
      if (!operacion)
        throw errores.entradaInvalida(
          nombre
            ? `El documento no tiene una operación llamada «${nombre.slice(0, 64)}» (operationName).`
            : 'El documento debe tener una sola operación, o indique cuál en operationName.',
        );
      if (operacion.operation !== 'subscription')
        throw errores.entradaInvalida(
          'Por WebSocket solo se admiten suscripciones (subscription): envíe consultas y mutaciones por HTTP a POST /graphql.',
        );
      // Introspection off: no "Did you mean …" naming fields the client did not write (as on HTTP).
      const sinSugerencias = !this.d.config.graphqlIntrospection;
      const invalidos = validate(this.d.schema, documento, undefined, { hideSuggestions: sinSugerencias });
      if (invalidos.length)
        return invalidos.map(
          (e) =>
            new GraphQLError(e.message, {
              nodes: e.nodes,
              source: e.source,
              positions: e.positions,
              extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
            }),
        );
      return {
        schema: this.d.schema,
        document: documento,
        operationName: nombre,
        variableValues: payload.variables ?? undefined,
        contextValue: this.contexto(c, id),
        hideSuggestions: sinSugerencias,
      };
    } catch (e) {
      return [this.d.normalizar(e, log)];
    }
  }

  private contexto(c: Conexion, id: string): Contexto {
    const orm = this.d.orm();
    if (!orm) throw errores.bdArrancando(this.d.config.bd.reintentarEnSegundos);
    const em = orm.em.fork();
    return {
      requestId: `${c.id}:${id.slice(0, 64)}`,
      config: this.d.config,
      em,
      auth: c.auth,
      servicios: this.d.servicios,
      loaders: crearLoaders(em, { maxHallazgos: this.d.config.graphqlLimites.maxHallazgos }),
      log: c.log,
    };
  }
}
