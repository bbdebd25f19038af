import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { registroDeAcceso } from '../logger.js';

/** An incoming X-Request-Id is echoed only when it is a plain token; otherwise a new UUID. */
const ID_VALIDO = /^[\w.-]{1,100}$/;

/** The request's log fields, already reduced: the `req` serializer passes them through. */
class DatosReq {
  constructor(
    readonly id: string,
    readonly method: string | undefined,
    readonly path: string,
  ) {}
}

/** Per request: its log fields, its child logger once built, and bindings added before that. */
interface Estado {
  datos: DatosReq;
  base: Logger;
  /** The non-redacting sibling, for lines whose fields are all the service's own. */
  acceso: Logger;
  hijo?: Logger;
  enlaces?: Record<string, unknown>;
}

const ESTADO = Symbol('registro-solicitud');
type Solicitud = IncomingMessage & { originalUrl?: string; [ESTADO]?: Estado };

/**
 * The request's logger (`req` bound on every line), built on first use: most requests log nothing
 * but their final line. Outside a request seen by the front (tests), `log` itself.
 */
export function logDeSolicitud(req: IncomingMessage, log: Logger): Logger {
  const e = (req as Solicitud)[ESTADO];
  if (!e) return log;
  e.hijo ??= e.base.child({ req: e.datos, ...e.enlaces });
  return e.hijo;
}

/** Adds fields to every later line of the request, the final one included (e.g. `operacion`). */
export function enlazarRegistro(req: IncomingMessage, campos: Record<string, unknown>): void {
  const e = (req as Solicitud)[ESTADO];
  if (!e) return;
  if (e.hijo) e.hijo.setBindings(campos);
  else e.enlaces = { ...e.enlaces, ...campos };
}

/**
 * Fields a line may carry without going through the redaction: counts and flags the service computed
 * itself. Strings are left out on purpose: one could quote what a client sent.
 */
export type CamposPropios = Readonly<Record<string, number | boolean | undefined>>;

/**
 * An info line of the request whose fields are all CamposPropios («RIPS validado»), written as the
 * request's logger would write it (its bindings, then the fields) but, while no child logger exists,
 * by the non-redacting sibling: building the child and redacting its two lines cost about 30 µs of a
 * small validation (issue 34). Once a child exists the line goes through it, as every later line does.
 */
export function infoPropia(req: IncomingMessage, log: Logger, campos: CamposPropios, mensaje: string): void {
  const e = (req as Solicitud)[ESTADO];
  if (e) lineaPropia(e, 'info', campos, mensaje);
  else log.info(campos, mensaje);
}

/**
 * A line of the request whose fields are all the service's own: through the child when one exists
 * (its bindings carry `req` and the rest, first), else by the non-redacting sibling with those
 * bindings in front, so both give the same line.
 */
function lineaPropia(
  e: Estado,
  nivel: 'info' | 'warn' | 'error',
  campos: Record<string, unknown>,
  mensaje: string,
): void {
  if (e.hijo) e.hijo[nivel](campos, mensaje);
  else e.acceso[nivel]({ req: e.datos, ...e.enlaces, ...campos }, mensaje);
}

/**
 * One log line per request, as pino-http 11 wrote it with our options (same fields, levels and
 * messages: `request completed`, `request aborted`, `request errored`), and the request's logger, at a
 * fraction of pino-http's cost on a small request (issue 34: it built a child logger and ran the full
 * request serializer and the redaction on every request). Here the request's fields are reduced once
 * (method, a route template or a masked path, the id: never the query or a header), the child logger
 * is built only when something logs during the request, and the final line, whose fields are all the
 * service's own, is written by the non-redacting sibling of the logger (src/logger.ts).
 */
export function crearRegistroSolicitudes(
  log: Logger,
  rutaRegistrable: (metodo: string, url: string) => string,
): (req: IncomingMessage, res: ServerResponse) => void {
  const reducir = (r: { id?: unknown; method?: string; url?: string; originalUrl?: string }): DatosReq =>
    new DatosReq(r.id as string, r.method, rutaRegistrable(String(r.method), String(r.originalUrl ?? r.url)));
  // Anything logged under `req` or `res` by a request's logger is reduced the same way.
  const serializers = {
    req: (r: DatosReq | Solicitud) => (r instanceof DatosReq ? r : reducir(r)),
    res: (r: { statusCode?: number }) => ({ statusCode: r?.statusCode }),
  };
  const base = log.child({}, { serializers });
  const acceso = registroDeAcceso(log).child({}, { serializers });

  return (req: Solicitud, res: ServerResponse) => {
    const entrante = req.headers['x-request-id'];
    const id = typeof entrante === 'string' && ID_VALIDO.test(entrante) ? entrante : randomUUID();
    res.setHeader('X-Request-Id', id);
    req.id = id;
    const datos = reducir(req);
    const estado: Estado = { datos, base, acceso };
    req[ESTADO] = estado;
    const inicio = Date.now();
    const alTerminar = (err?: unknown) => {
      res.removeListener('close', alTerminar);
      res.removeListener('finish', alTerminar);
      res.removeListener('error', alTerminar);
      const responseTime = Date.now() - inicio;
      const error = err !== undefined || res.statusCode >= 500;
      const nivel = res.statusCode === 503 ? 'warn' : error ? 'error' : 'info';
      const mensaje = error
        ? 'request errored'
        : !req.readableAborted && res.writableEnded
          ? 'request completed'
          : 'request aborted';
      lineaPropia(estado, nivel, { res, responseTime }, mensaje);
    };
    res.on('close', alTerminar);
    res.on('finish', alTerminar);
    res.on('error', alTerminar);
  };
}

declare module 'node:http' {
  interface IncomingMessage {
    /** Set by the front for every request (crearRegistroSolicitudes). */
    id: string;
  }
}
