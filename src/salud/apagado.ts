import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { resumenError } from '../logger.js';

export interface ResultadoDrenaje {
  /** Requests in flight when the drain started. */
  enCursoAlInicio: number;
  /** Requests still running when the window closed (their connections were cut). */
  cortadas: number;
  duracionMs: number;
  /** The window ran out or `forzar()` was called. */
  forzado: boolean;
}

/** Connection: close on a response that has not started: the client reconnects elsewhere after it. */
function cerrarAlTerminar(res: ServerResponse): void {
  if (!res.headersSent) res.setHeader('Connection', 'close');
}

/**
 * Graceful shutdown of the HTTP listener. Counts in-flight requests itself (Node's `server.close()`
 * neither tells how many remain nor closes a keep-alive connection once its response ends: Node 20
 * keeps it until keepAliveTimeout), so the drain waits for exactly them and no longer.
 */
export class Drenaje {
  private readonly enCurso = new Set<ServerResponse>();
  private servidor: Server | undefined;
  private _apagando = false;
  private alVaciar: (() => void) | undefined;
  private forzarYa: (() => void) | undefined;
  private forzado = false;

  get apagando(): boolean {
    return this._apagando;
  }

  get pendientes(): number {
    return this.enCurso.size;
  }

  vigilar(servidor: Server): void {
    this.servidor = servidor;
    // First listener, so the header is set before express can answer synchronously.
    servidor.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
      this.enCurso.add(res);
      res.once('close', () => {
        this.enCurso.delete(res);
        if (this.enCurso.size === 0) this.alVaciar?.();
      });
      // A request on an already open keep-alive connection during the drain is served, then that connection closes.
      if (this._apagando) cerrarAlTerminar(res);
    });
  }

  /** Ends the pre-stop wait and the drain's wait now, or skips them if they have not begun (a second signal). */
  forzar(): void {
    this.forzado = true;
    this.forzarYa?.();
  }

  /**
   * Readiness fails (/ready → 503 `apagando`) while the listener keeps accepting and answering for
   * `esperaMs`: a balancer stops sending new requests once its checks see it, instead of meeting refused
   * connections. Each answer meanwhile carries `Connection: close`, so pooled clients reconnect through
   * the balancer. Resolves early on `forzar()`.
   */
  async anunciar(esperaMs: number): Promise<void> {
    this._apagando = true;
    if (esperaMs <= 0 || this.forzado) return;
    await new Promise<void>((r) => {
      const timer = setTimeout(r, esperaMs);
      this.forzarYa = () => {
        clearTimeout(timer);
        r();
      };
    });
    this.forzarYa = undefined;
  }

  /**
   * Stops accepting, lets in-flight requests finish (each then closes its connection) for at most
   * `ventanaMs`, then cuts whatever remains. Returns once every connection is closed.
   */
  async drenar(ventanaMs: number): Promise<ResultadoDrenaje> {
    const inicio = Date.now();
    this._apagando = true;
    const servidor = this.servidor;
    const enCursoAlInicio = this.enCurso.size;
    if (!servidor) return { enCursoAlInicio, cortadas: 0, duracionMs: 0, forzado: false };
    for (const res of this.enCurso) cerrarAlTerminar(res);
    const cerrado = new Promise<void>((r) => servidor.close(() => r()));
    servidor.closeIdleConnections();
    // Responses whose headers were already out keep their connection alive: close it once idle.
    const ocioso = setInterval(() => servidor.closeIdleConnections(), 100);
    let forzado = false;
    try {
      // A second signal already came (during the pre-stop wait): nothing is waited for.
      if (this.enCurso.size > 0 && this.forzado) forzado = true;
      else if (this.enCurso.size > 0) {
        forzado = await new Promise<boolean>((r) => {
          const timer = setTimeout(() => r(true), ventanaMs);
          const fin = (valor: boolean) => {
            clearTimeout(timer);
            r(valor);
          };
          this.alVaciar = () => fin(false);
          this.forzarYa = () => fin(true);
        });
      }
    } finally {
      this.alVaciar = undefined;
      this.forzarYa = undefined;
      clearInterval(ocioso);
    }
    const cortadas = this.enCurso.size;
    if (forzado) servidor.closeAllConnections();
    else servidor.closeIdleConnections();
    // Connection: close responses end their sockets themselves; a stuck one is cut shortly after.
    const ultimo = setTimeout(() => servidor.closeAllConnections(), 1000);
    await cerrado;
    clearTimeout(ultimo);
    return { enCursoAlInicio, cortadas, duracionMs: Date.now() - inicio, forzado };
  }
}

/**
 * One step of the stop sequence, bounded: a request cut at the end of the drain may still hold a
 * pooled connection (the pool's close would wait for it), and a failing step must not leave the
 * ones after it (databases, simulators) running. Overruns and failures are logged, then it goes on.
 */
export async function pasoAcotado(
  log: Logger,
  paso: string,
  f: () => unknown,
  limiteMs: number,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const vencido = new Promise<'vencido'>((r) => {
    timer = setTimeout(() => r('vencido'), limiteMs);
  });
  try {
    const r = await Promise.race([
      Promise.resolve()
        .then(f)
        .then(() => 'ok' as const),
      vencido,
    ]);
    if (r === 'vencido') log.warn({ paso, limiteMs }, 'apagado: un paso no terminó a tiempo; se continúa');
  } catch (e) {
    log.warn({ paso, err: resumenError(e) }, 'apagado: un paso falló; se continúa');
  } finally {
    clearTimeout(timer);
  }
}
