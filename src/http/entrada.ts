import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import etag from 'etag';

/** GET /health's answer: one constant for both doors (here and express's route, src/app.ts). */
export const CUERPO_SALUD = { estado: 'ok' } as const;

export interface DepsEntrada {
  /** Everything that is not answered here. */
  app: RequestListener;
  /** Before anything: metrics time the whole request. */
  medir?: (req: IncomingMessage, res: ServerResponse) => void;
  avisarProxy?: (req: IncomingMessage) => void;
  /** Request id and log line (src/http/registro-solicitudes.ts). */
  registrar: (req: IncomingMessage, res: ServerResponse) => void;
  cabeceras: (res: ServerResponse) => void;
  /** With CORS on, a request with Origin goes through express's CORS middleware. */
  cors: boolean;
}

/**
 * The front of every request, before express: metrics, the request id and log line, the security
 * headers (what every answer gets, in the order express's chain gave it), then express. A plain
 * `GET /health` is answered here, with the bytes express wrote for it (body, type, length, weak ETag):
 * express's router and response cost ten times the bare HTTP exchange on a request that small (issue 34).
 * Anything less plain (HEAD, a query string, a conditional request, an Origin with CORS on) goes on to
 * express's /health route, which answers the same thing.
 */
export function crearEntrada(d: DepsEntrada): RequestListener {
  const cuerpo = Buffer.from(JSON.stringify(CUERPO_SALUD));
  const cabecerasSalud = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(cuerpo.length),
    ETag: etag(cuerpo, { weak: true }),
  };
  return (req, res) => {
    d.avisarProxy?.(req);
    d.medir?.(req, res);
    d.registrar(req, res);
    d.cabeceras(res);
    if (
      req.url === '/health' &&
      req.method === 'GET' &&
      req.headers['if-none-match'] === undefined &&
      req.headers['if-modified-since'] === undefined &&
      !(d.cors && req.headers.origin !== undefined)
    ) {
      res.writeHead(200, cabecerasSalud);
      res.end(cuerpo);
      return;
    }
    d.app(req, res);
  };
}
