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

/** What an unexpected error may leave in a log: its kind and where, never its message (it may quote data). */
export function resumenError(e: unknown): Record<string, unknown> {
  if (!(e instanceof Error)) return { tipo: typeof e };
  const marcos = (e.stack ?? '')
    .split('\n')
    .slice(1, 8)
    .map((l) => l.trim());
  return { tipo: e.name, codigo: (e as { code?: unknown }).code, marcos };
}
