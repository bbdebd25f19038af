/**
 * Tracing state without loading OpenTelemetry: the logger and the shutdown import this, and only
 * trazas.ts (loaded by src/main.ts when OTEL_EXPORTER_OTLP_ENDPOINT is set) fills it.
 */

interface Proveedor {
  shutdown(): Promise<void>;
}

let proveedor: Proveedor | undefined;
let idsActivos: (() => Record<string, string>) | undefined;

/** Called by trazas.ts once the tracer provider is registered. */
export function fijarTrazas(p: Proveedor, ids: () => Record<string, string>): void {
  proveedor = p;
  idsActivos = ids;
}

export function trazasActivas(): boolean {
  return proveedor !== undefined;
}

/** pino mixin adding `trace_id`/`span_id` of the active span; undefined when tracing is off. */
export function mixinTrazas(): (() => Record<string, string>) | undefined {
  return idsActivos;
}

/**
 * Exports the spans still buffered and stops tracing; call it last in a graceful shutdown. A no-op
 * when tracing is off. Idempotent.
 */
export async function detenerTrazas(): Promise<void> {
  const p = proveedor;
  proveedor = undefined;
  await p?.shutdown().catch(() => {});
}
