import http from 'node:http';
import type { Socket } from 'node:net';
import type { Config } from '../config.js';
import { CABECERA_CSP_API } from './cabeceras-seguridad.js';
import type { ClasesHttp } from './clases-express.js';

/**
 * The HTTP server with bounds against slow clients: a request whose headers or body trickle in is
 * answered 408 once its time is up, so it cannot hold a connection (and its memory) for minutes.
 * Node checks those deadlines on an interval (30 s by default): here a fraction of the shortest one.
 */
export function crearServidorHttp(
  app: http.RequestListener,
  config: Config,
  clases?: ClasesHttp,
): http.Server {
  const { solicitudMs, cabecerasMs } = config.http;
  const servidor = http.createServer(
    {
      ...clases,
      requestTimeout: solicitudMs,
      headersTimeout: cabecerasMs,
      connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(cabecerasMs / 4))),
    },
    app,
  );
  // Idle keep-alive sockets outlive a load balancer's (typically 60 s) so it never reuses one we closed.
  servidor.keepAliveTimeout = 65_000;
  servidor.on('clientError', (e: NodeJS.ErrnoException, socket: Socket) =>
    responderErrorCliente(e, socket, config),
  );
  return servidor;
}

/** Errors before express has a request (bad framing, timeouts): Node hands over only the socket. */
function responderErrorCliente(e: NodeJS.ErrnoException, socket: Socket, config: Config): void {
  if (!socket.writable || e.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  // Node reports both deadlines (headers, whole request) as ERR_HTTP_REQUEST_TIMEOUT.
  const { solicitudMs, cabecerasMs } = config.http;
  const [estado, texto, codigo, mensaje] =
    e.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [
          408,
          'Request Timeout',
          'tiempo-agotado',
          `La solicitud no llegó completa a tiempo: las cabeceras deben llegar en ${cabecerasMs / 1000} s (HEADERS_TIMEOUT_SECONDS) y la solicitud entera en ${solicitudMs / 1000} s (REQUEST_TIMEOUT_SECONDS). Envíe el cuerpo de una vez o comprímalo con gzip, y reintente.`,
        ]
      : e.code === 'HPE_HEADER_OVERFLOW'
        ? [
            431,
            'Request Header Fields Too Large',
            'entrada-invalida',
            'Las cabeceras de la solicitud son demasiado grandes.',
          ]
        : [400, 'Bad Request', 'entrada-invalida', 'La solicitud HTTP está mal formada.'];
  const cuerpo = JSON.stringify({ error: mensaje, codigo });
  socket.end(
    `HTTP/1.1 ${estado} ${texto}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(cuerpo)}\r\n${CABECERA_CSP_API}\r\nConnection: close\r\n\r\n${cuerpo}`,
  );
}
