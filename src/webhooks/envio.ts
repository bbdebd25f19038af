import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Destino } from './destino.js';
import type { CabecerasFirma } from './firma.js';
import { type ClaseErrorEntrega, MAX_BYTES_RESPUESTA, MAX_FRAGMENTO_RESPUESTA } from './valores.js';

/** What one POST to a receiver gave. */
export interface ResultadoEnvio {
  entregado: boolean;
  status: number | null;
  error: ClaseErrorEntrega | null;
  /** Start of a non-2xx answer, sanitized; null otherwise. */
  respuesta: string | null;
  duracionMs: number;
}

export interface SolicitudEnvio {
  url: URL;
  /** Resolved and checked already: the socket connects here whatever DNS says now. */
  destino: Destino;
  cuerpo: string;
  firma: CabecerasFirma;
  timeoutMs: number;
}

const AGENTE = 'motor-cumplimiento-webhooks/1';

/** Printable text only, bounded: what the delivery log may show of a receiver's answer. */
export function fragmento(bytes: Buffer): string | null {
  const texto = bytes
    .toString('utf8')
    .replace(/[\p{C}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return texto ? texto.slice(0, MAX_FRAGMENTO_RESPUESTA) : null;
}

const CODIGOS_TLS = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|HOSTNAME_MISMATCH)/;

/** A node network error as a stable class (its message may quote the receiver). */
export function claseDeError(e: unknown): ClaseErrorEntrega {
  const codigo = String((e as { code?: unknown })?.code ?? '');
  if (codigo === 'ECONNREFUSED') return 'conexion-rechazada';
  if (codigo === 'ECONNRESET' || codigo === 'EPIPE' || codigo === 'ERR_STREAM_PREMATURE_CLOSE')
    return 'conexion-cortada';
  if (codigo === 'ETIMEDOUT' || codigo === 'ESOCKETTIMEDOUT') return 'tiempo-agotado';
  if (codigo === 'ENOTFOUND' || codigo === 'EAI_AGAIN') return 'dns';
  if (CODIGOS_TLS.test(codigo)) return 'tls';
  return 'red';
}

/**
 * POSTs the signed JSON to the pinned address: the TLS name check and the Host header use the URL's
 * host, the socket goes to `destino.direccion`. Redirects are not followed (a 3xx is a failed
 * attempt), the answer is read up to a few KB and the whole exchange is bounded by `timeoutMs`.
 */
export function enviar(s: SolicitudEnvio): Promise<ResultadoEnvio> {
  const inicio = performance.now();
  const { direccion, familia } = s.destino;
  const fijo: LookupFunction = (_host, opciones, cb) => {
    // Node asks for every address when it may try several families (autoSelectFamily).
    if ((opciones as { all?: boolean }).all)
      (cb as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: direccion, family: familia },
      ]);
    else cb(null, direccion, familia);
  };
  const modulo = s.url.protocol === 'https:' ? https : http;
  return new Promise<ResultadoEnvio>((resolver) => {
    let terminado = false;
    const fin = (r: Omit<ResultadoEnvio, 'duracionMs'>) => {
      if (terminado) return;
      terminado = true;
      clearTimeout(reloj);
      resolver({ ...r, duracionMs: Math.round(performance.now() - inicio) });
    };
    // Set once the status line arrived: a timeout after it keeps the status and what was read.
    let cerrarRespuesta: (() => void) | undefined;
    const req = modulo.request(
      s.url,
      {
        method: 'POST',
        lookup: fijo,
        // No pooled sockets: each attempt resolves and pins again.
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(s.cuerpo),
          'user-agent': AGENTE,
          ...s.firma,
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const ok = status >= 200 && status < 300;
        const trozos: Buffer[] = [];
        let leidos = 0;
        const cerrar = () => {
          const error: ClaseErrorEntrega | null = ok
            ? null
            : status >= 300 && status < 400
              ? 'redireccion'
              : 'estado-http';
          fin({ entregado: ok, status, error, respuesta: ok ? null : fragmento(Buffer.concat(trozos)) });
          // The rest of the answer is not wanted: drop the connection instead of reading it.
          res.destroy();
        };
        cerrarRespuesta = cerrar;
        // Delivered once the status says so; the body of a 2xx is not read at all.
        if (ok) return cerrar();
        res.on('data', (c: Buffer) => {
          if (leidos < MAX_BYTES_RESPUESTA) trozos.push(c.subarray(0, MAX_BYTES_RESPUESTA - leidos));
          leidos += c.length;
          if (leidos >= MAX_BYTES_RESPUESTA) cerrar();
        });
        res.on('end', cerrar);
        res.on('error', cerrar);
        res.on('close', cerrar);
      },
    );
    const reloj = setTimeout(() => {
      if (cerrarRespuesta) cerrarRespuesta();
      else fin({ entregado: false, status: null, error: 'tiempo-agotado', respuesta: null });
      req.destroy();
    }, s.timeoutMs);
    req.on('error', (e) => fin({ entregado: false, status: null, error: claseDeError(e), respuesta: null }));
    req.end(s.cuerpo);
  });
}
