import { register } from 'node:module';
import { isSpanContextValid, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { GraphQLInstrumentation } from '@opentelemetry/instrumentation-graphql';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { fijarTrazas } from './control.js';

/** Probes and scrapes would be most of the traces and say nothing. */
const SIN_TRAZA = new Set(['/health', '/ready', '/metrics']);

/**
 * Starts OpenTelemetry tracing: OTLP over HTTP (JSON) to OTEL_EXPORTER_OTLP_ENDPOINT (the exporter
 * reads it, and the other OTEL_EXPORTER_OTLP_* variables, itself), spans of incoming and outgoing
 * HTTP, express, PostgreSQL and GraphQL parsing/validation. Must run before the server's modules
 * are imported (src/main.ts).
 */
export function iniciarTrazas(o: { servicio: string }): void {
  const instrumentaciones = [
    new HttpInstrumentation({
      ignoreIncomingRequestHook: (req) => SIN_TRAZA.has(String(req.url).split('?')[0]!),
      // A query string may carry identifiers (as in the request log, it is left out).
      startIncomingSpanHook: (req) => (String(req.url).includes('?') ? { 'url.query': '[oculto]' } : {}),
    }),
    new ExpressInstrumentation(),
    // Parameter values (documents, identifiers) are never attached. Only inside a request: the
    // queue's polling and the database probe would flood the traces otherwise.
    new PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: true }),
    // No variable values or field results on spans: they may carry patient data.
    new GraphQLInstrumentation({ allowValues: false, ignoreTrivialResolveSpans: true }),
  ];
  // ESM imports bind exports when first evaluated, so instrumented modules imported from ESM must
  // go through import-in-the-middle's loader. Only those: wrapping every module breaks some
  // packages' ESM wrappers (@mikro-orm/core's index.mjs loses its default export).
  const include = [...new Set(instrumentaciones.flatMap((i) => i.getModuleDefinitions().map((d) => d.name)))];
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, { data: { include } });

  const proveedor = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: o.servicio }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  proveedor.register();
  registerInstrumentations({ tracerProvider: proveedor, instrumentations: instrumentaciones });
  fijarTrazas(proveedor, (): Record<string, string> => {
    const sc = trace.getActiveSpan()?.spanContext();
    // A new object each time: pino merges the line's own fields into it.
    return sc && isSpanContextValid(sc) ? { trace_id: sc.traceId, span_id: sc.spanId } : {};
  });
}
