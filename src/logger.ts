import pino, { type Logger } from 'pino';
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

export function crearLogger(nivel: string, destino?: pino.DestinationStream): Logger {
  // With tracing on (src/main.ts started it before this runs), each line carries trace_id/span_id.
  const mixin = mixinTrazas();
  return pino(
    {
      level: nivel,
      ...(mixin ? { mixin } : {}),
      base: { servicio: 'motor-cumplimiento' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: RUTAS_REDACTADAS, censor: '[oculto]' },
    },
    destino,
  );
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
