import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApolloServerPlugin } from '@apollo/server';
import type { RequestHandler } from 'express';
import { type DocumentNode, getOperationAST } from 'graphql';
import parseurl from 'parseurl';
import { ErrorApp } from '../errores/errores.js';
import { aRespuesta } from '../errores/http.js';
import { nombreOperacion } from './acotar.js';
import type { Metricas } from './metricas.js';

const RUTA_VALIDAR = '/rips/validar';

/**
 * Times every request by route template. The template is resolved when the request starts (so
 * requests refused by the database guard keep theirs) and the observation happens on `close`.
 * Runs before express (src/http/entrada.ts), on Node's own request; express adds `route` and
 * `baseUrl` to that same object by the time it closes.
 */
export function medirSolicitudes(m: Metricas): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const inicio = performance.now();
    const entrada = m.rutaDe(String(req.method), parseurl(req)?.pathname ?? '/');
    res.once('close', () => {
      const estado = res.writableFinished ? res.statusCode : 'abortada';
      const r = req as IncomingMessage & { route?: { path?: unknown }; baseUrl?: string };
      const ruta = r.route?.path;
      m.solicitud(
        entrada,
        estado,
        (performance.now() - inicio) / 1000,
        typeof ruta === 'string' ? (r.baseUrl ?? '') + ruta : undefined,
      );
      // The validation's size: what the client declared (compressed, when sent compressed).
      if (estado === 200 && entrada.plantilla === RUTA_VALIDAR && entrada.metodo === 'POST') {
        const bytes = Number(req.headers['content-length']);
        if (bytes > 0) m.bytesValidacionRest(bytes);
      }
    });
  };
}

const huella = (s: string) => createHash('sha256').update(s).digest();

/**
 * GET /metrics. With a token, `Authorization: Bearer <token>` is required and compared in constant
 * time (digests of equal length, whatever the length of what was sent).
 */
export function rutaMetricas(m: Metricas, token: string | undefined): RequestHandler {
  const esperado = token === undefined ? undefined : huella(token);
  return async (req, res) => {
    if (esperado) {
      const cabecera = req.headers.authorization;
      const enviado = typeof cabecera === 'string' ? /^Bearer +(\S+) *$/i.exec(cabecera)?.[1] : undefined;
      if (!enviado || !timingSafeEqual(huella(enviado), esperado)) {
        const e = enviado
          ? new ErrorApp('credencial-invalida', 'Token de métricas inválido.')
          : new ErrorApp(
              'no-autenticado',
              'Las métricas requieren el token: envíe Authorization: Bearer <METRICS_TOKEN>.',
            );
        const { status, body, headers } = aRespuesta(e);
        res.set(headers).set('WWW-Authenticate', 'Bearer realm="metricas"').status(status).json(body);
        return;
      }
    }
    try {
      const texto = await m.texto();
      res.set('Content-Type', m.tipoContenido).set('Cache-Control', 'no-store').send(texto);
    } catch {
      const { status, body } = aRespuesta(new ErrorApp('interno', 'No se pudieron recoger las métricas.'));
      res.status(status).json(body);
    }
  };
}

/** The part of the request context this plugin reads: the request's logger. */
interface ConLog {
  log?: { setBindings?: (b: Record<string, unknown>) => void };
  enlazarRegistro?: (b: Record<string, unknown>) => void;
}

/**
 * Counts each GraphQL operation by name and outcome, and names it in the request's log lines
 * (`operacion`) once it is known. Names are bounded in form here and capped in number by Metricas.
 */
export function pluginGraphql<C extends ConLog>(m: Metricas | undefined): ApolloServerPlugin<C> {
  return {
    async requestDidStart() {
      const inicio = performance.now();
      let nombrada = false;
      const nombrar = (rc: {
        operationName?: string | null;
        request: { operationName?: string };
        document?: DocumentNode;
        contextValue: C;
      }) => {
        // An operation that failed validation was never resolved: its name is read from the document.
        const nombre = nombreOperacion(
          rc.operationName ??
            rc.request.operationName ??
            (rc.document ? getOperationAST(rc.document)?.name?.value : undefined),
        );
        if (!nombrada) {
          nombrada = true;
          const campos = { operacion: nombre };
          if (rc.contextValue.enlazarRegistro) rc.contextValue.enlazarRegistro(campos);
          else rc.contextValue.log?.setBindings?.(campos);
        }
        return nombre;
      };
      return {
        async didResolveOperation(rc) {
          nombrar(rc);
        },
        async willSendResponse(rc) {
          const nombre = nombrar(rc);
          if (!m) return;
          const cuerpo = rc.response.body;
          const error = cuerpo.kind === 'single' ? !!cuerpo.singleResult.errors?.length : !!rc.errors?.length;
          m.operacionGraphql(nombre, error, (performance.now() - inicio) / 1000);
        },
      };
    },
  };
}
