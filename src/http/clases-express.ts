import http from 'node:http';
import type { Express } from 'express';

/** The classes http.createServer builds each request and response from. */
export interface ClasesHttp {
  IncomingMessage: typeof http.IncomingMessage;
  ServerResponse: typeof http.ServerResponse;
}

/**
 * Copies express's request (or response) API onto `destino`: the app's own object (its `app`) and the
 * prototypes it inherits, down to Node's own class.
 */
function copiarApi(origen: object, base: object, destino: object): void {
  const cadena: object[] = [];
  for (let p: object | null = origen; p && p !== base; p = Object.getPrototypeOf(p)) cadena.push(p);
  if (!cadena.length || Object.getPrototypeOf(cadena[cadena.length - 1]!) !== base)
    throw new Error('express ya no hereda sus solicitudes y respuestas de las clases de node:http');
  // The deepest first, so the app's own properties win, as they do through the prototype chain.
  for (const p of cadena.reverse()) Object.defineProperties(destino, Object.getOwnPropertyDescriptors(p));
}

/**
 * Request and response classes that already carry express's API, for http.createServer (issue 34).
 * express gives each request its API by changing the prototype of Node's req and res in `app.handle`
 * (Object.setPrototypeOf). On Node 20 (V8 11) an object whose prototype was changed, or that was built
 * with one in front of Node's class, makes the rest of the exchange slow: measured on this machine, a bare
 * node:http server goes from 22 to 60 µs of CPU per request with that change alone, and express with one
 * route costs 100–150 µs there against 30–45 µs on Node 24. Objects of a subclass of Node's own classes
 * stay fast (22 µs), and when they already have the prototype express sets, its change is a no-op, so
 * `app.request` and `app.response` become these classes' prototypes.
 */
export function clasesExpress(app: Express): ClasesHttp {
  class SolicitudExpress extends http.IncomingMessage {}
  class RespuestaExpress<R extends http.IncomingMessage> extends http.ServerResponse<R> {}
  copiarApi(app.request, http.IncomingMessage.prototype, SolicitudExpress.prototype);
  copiarApi(app.response, http.ServerResponse.prototype, RespuestaExpress.prototype);
  const a = app as unknown as { request: object; response: object };
  a.request = SolicitudExpress.prototype;
  a.response = RespuestaExpress.prototype;
  return { IncomingMessage: SolicitudExpress, ServerResponse: RespuestaExpress };
}
