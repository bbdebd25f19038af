import pino, { type Logger } from 'pino';
import { NO_ENCONTRADA, ResolutorRutas } from './metricas/rutas.js';
import { mixinTrazas } from './telemetria/control.js';

/**
 * Bodies are never logged; these paths are redacted as a second line of defence in case an
 * object with credentials or patient identifiers is ever passed to the logger.
 */
export const RUTAS_REDACTADAS = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  'headers.authorization',
  'headers["x-api-key"]',
  '*.clave',
  '*.password',
  '*.clientSecret',
  '*.subscriptionKey',
  '*.token',
  '*.numDocumentoIdentificacion',
  '*.documentoUsuario',
  '*.numDocumentoIdObligado',
  '*.paciente',
  '*.rips',
  '*.bundle',
  '*.datos',
  '*.xmlFevFile',
];

/** Bytes of lines the standard output may hold while it cannot take them (a stuck reader): then they are dropped. */
const MAX_PENDIENTE_SALIDA = 16 * 1024 * 1024;

/**
 * Standard output, written asynchronously: a line goes out at once when no write is in flight, and
 * lines logged meanwhile go out together in the next one (no added delay). A synchronous write per
 * line cost about 60 µs of the main thread on a 350 µs /health (issue 34). pino flushes what is
 * pending synchronously when the process exits, also on a fatal error; what a stuck reader has not
 * taken is bounded.
 */
function salidaEstandar(): pino.DestinationStream {
  return pino.destination({ dest: 1, sync: false, maxLength: MAX_PENDIENTE_SALIDA });
}

/** Each logger crearLogger built → its non-redacting sibling (same options, same stream). */
const ACCESO = new WeakMap<Logger, Logger>();

export function crearLogger(nivel: string, destino?: pino.DestinationStream): Logger {
  // With tracing on (src/main.ts started it before this runs), each line carries trace_id/span_id.
  const mixin = mixinTrazas();
  const opciones: pino.LoggerOptions = {
    level: nivel,
    ...(mixin ? { mixin } : {}),
    base: { servicio: 'motor-cumplimiento' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  const log = pino(
    { ...opciones, redact: { paths: RUTAS_REDACTADAS, censor: '[oculto]' } },
    destino ?? salidaEstandar(),
  );
  ACCESO.set(
    log,
    pino(opciones, (log as unknown as Record<symbol, pino.DestinationStream>)[pino.symbols.streamSym]),
  );
  return log;
}

/**
 * The logger for the per-request line (src/http/registro-solicitudes.ts): the same stream, level and
 * fields as `log`, without the redaction, whose wildcard paths cost about 13 µs per line. Only for lines
 * whose every field the service builds itself (method, route template, status, time); anything else
 * goes through `log`. A logger not built by crearLogger is its own.
 */
export function registroDeAcceso(log: Logger): Logger {
  return ACCESO.get(log) ?? log;
}

/** A code that is an identifier (SQLSTATE, errno name), never free text that could quote data. */
const CODIGO_SEGURO = /^[A-Za-z0-9_.-]{1,40}$/;

/**
 * What an unexpected error may leave in a log: its kind, its code (a driver's SQLSTATE among them) and
 * where, never its message (it may quote data). The frames are read after the message, so a message
 * with newlines (a parameter value inside a driver's text) cannot pass for stack lines.
 */
export function resumenError(e: unknown): Record<string, unknown> {
  if (!(e instanceof Error)) return { tipo: typeof e };
  const codigo = (e as { code?: unknown }).code;
  const pila = e.stack ?? '';
  const finMensaje = e.message ? pila.indexOf(e.message) : -1;
  const trasMensaje =
    finMensaje >= 0 ? pila.slice(finMensaje + e.message.length) : pila.slice(pila.indexOf('\n') + 1);
  const marcos = trasMensaje
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('at '))
    .slice(0, 7);
  return {
    tipo: e.name,
    codigo:
      typeof codigo === 'number' || (typeof codigo === 'string' && CODIGO_SEGURO.test(codigo))
        ? codigo
        : undefined,
    marcos,
  };
}

/** The service's own identifiers (transmissions, filings, API keys): never a patient's. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Segments of an unmatched path kept in the log; the rest is cut (a path is at most 16 KiB). */
const MAX_SEGMENTOS = 12;

/**
 * The path a request log may show: a client can put any identifier in a path (`/rips/52345678`), and
 * the query string is never shown. A path of a known route is its template (`/rips/:id`, resolved as
 * express does, from the start of the request so every line of it carries the same); any other keeps
 * only our routes' literal segments and UUIDs, each other segment masked (`/rips/:?/x` → `/rips/:?/:?`).
 */
export function rutaParaRegistro(
  rutas: { metodo: string; ruta: string }[],
): (metodo: string, url: string) => string {
  const resolutor = new ResolutorRutas<string | undefined>(rutas, (plantilla) =>
    plantilla === NO_ENCONTRADA ? undefined : plantilla.replace(/\{(\w+)\}/g, ':$1'),
  );
  const literales = new Set(
    rutas.flatMap((r) =>
      r.ruta
        .split('/')
        .filter((s) => s && !s.startsWith(':'))
        .map((s) => s.toLowerCase()),
    ),
  );
  return (metodo, url) => {
    const fin = url.indexOf('?');
    const camino = fin >= 0 ? url.slice(0, fin) : url;
    const plantilla = resolutor.resolver(metodo, camino);
    if (plantilla) return plantilla;
    const segmentos = camino.split('/', MAX_SEGMENTOS + 2);
    const mascara = segmentos
      .slice(0, MAX_SEGMENTOS + 1)
      .map((s) => (s === '' || literales.has(s.toLowerCase()) || UUID.test(s) ? s : ':?'));
    return mascara.join('/') + (segmentos.length > MAX_SEGMENTOS + 1 ? '/…' : '');
  };
}
