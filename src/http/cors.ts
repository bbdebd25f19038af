import cors, { type CorsOptions } from 'cors';
import type { RequestHandler } from 'express';

/** What a browser client may send: credentials, the GraphQL CSRF headers, tenant, idempotency. */
export const CABECERAS_PERMITIDAS = [
  'Content-Type',
  'Authorization',
  'X-Api-Key',
  'X-Tenant',
  'Idempotency-Key',
  'X-Request-Id',
  'apollo-require-preflight',
  'x-apollo-operation-name',
];

/** Answer headers a browser script may read. */
export const CABECERAS_EXPUESTAS = ['X-Request-Id', 'Retry-After', 'Location', 'WWW-Authenticate'];

/**
 * CORS for an allow-list of exact origins (the `cors` package). Any other origin (or none) gets no
 * CORS header at all, not even on a preflight, which then falls through to the usual routes and
 * guards. No credentials mode: the service authenticates by headers, never by cookies.
 */
export function corsPorLista(origenes: readonly string[]): RequestHandler {
  const permitidos = new Set(origenes);
  const opciones: CorsOptions = {
    origin: true,
    methods: ['GET', 'POST', 'OPTIONS'],
    allowedHeaders: CABECERAS_PERMITIDAS,
    exposedHeaders: CABECERAS_EXPUESTAS,
    maxAge: 600,
    optionsSuccessStatus: 204,
  };
  const conLista = cors((req, listo) => {
    const origen = req.headers.origin;
    listo(null, typeof origen === 'string' && permitidos.has(origen) ? opciones : { origin: false });
  });
  return (req, res, next) => {
    // Answers differ by origin: a shared cache must not hand one origin's answer to another.
    res.vary('Origin');
    conLista(req, res, next);
  };
}
