/**
 * Entry point. With OTEL_EXPORTER_OTLP_ENDPOINT set, tracing starts before any module it
 * instruments is imported (ESM bindings are fixed at import time); without it nothing of
 * OpenTelemetry is loaded. Then MikroORM's context stores are wrapped, and the server.
 */
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
  const { iniciarTrazas } = await import('./telemetria/trazas.js');
  iniciarTrazas({ servicio: process.env.OTEL_SERVICE_NAME || 'motor-cumplimiento' });
}
// Before anything loads MikroORM: its context stores must be built wrapped (src/db/contextos-ociosos.ts).
const { instalarContextosOciosos } = await import('./db/contextos-ociosos.js');
instalarContextosOciosos();
await import('./server.js');

export {};
