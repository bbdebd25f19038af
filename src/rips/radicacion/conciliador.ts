import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { resumenError } from '../../logger.js';
import type { ServicioRadicacion } from './servicio.js';

/**
 * Completes filings left `pendiente` by a request that is gone (process stopped, database lost
 * during the mechanism call). Every instance runs it: completing is one conditional UPDATE, so two
 * instances finishing the same row do no harm.
 */
export class ConciliadorRadicaciones {
  private temporizador: NodeJS.Timeout | undefined;
  private enCurso: Promise<unknown> | undefined;

  constructor(
    private readonly radicacion: ServicioRadicacion,
    private readonly o: { cadaMs: number; pendienteTrasMs: number },
    private readonly log: Logger,
  ) {}

  iniciar(orm: MikroORM): void {
    if (this.o.cadaMs <= 0 || this.temporizador) return;
    const pasada = () => {
      this.enCurso ??= this.pasada(orm).finally(() => {
        this.enCurso = undefined;
      });
    };
    this.temporizador = setInterval(pasada, this.o.cadaMs);
    this.temporizador.unref();
    pasada();
  }

  /** One pass: the oldest stale pending rows, each asked to the mechanism once. */
  async pasada(orm: MikroORM): Promise<number> {
    let completadas = 0;
    try {
      const antesDe = new Date(Date.now() - this.o.pendienteTrasMs);
      const filas = await this.radicacion.pendientes(orm.em.fork(), antesDe);
      for (const fila of filas) {
        if (!this.temporizador && this.o.cadaMs > 0) break;
        if (await this.radicacion.conciliarPendiente(orm.em.fork(), fila, this.log)) completadas++;
      }
    } catch (e) {
      this.log.warn(
        { err: resumenError(e) },
        'conciliación de radicaciones pendientes fallida; se reintentará',
      );
    }
    return completadas;
  }

  async detener(): Promise<void> {
    clearInterval(this.temporizador);
    this.temporizador = undefined;
    await this.enCurso;
  }
}
