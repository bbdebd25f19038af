import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { resumenError } from '../../logger.js';
import { TareaPeriodica } from '../../tarea-periodica.js';
import type { ServicioRadicacion } from './servicio.js';

/**
 * Completes filings left `pendiente` by a request that is gone (process stopped, database lost
 * during the mechanism call). Every instance runs it: completing is one conditional UPDATE, so two
 * instances finishing the same row do no harm.
 */
export class ConciliadorRadicaciones {
  private readonly tarea: TareaPeriodica;

  constructor(
    private readonly radicacion: ServicioRadicacion,
    private readonly o: { cadaMs: number; pendienteTrasMs: number },
    private readonly log: Logger,
  ) {
    this.tarea = new TareaPeriodica(o.cadaMs);
  }

  iniciar(orm: MikroORM): void {
    this.tarea.iniciar(() => this.pasada(orm));
  }

  /** One pass: the oldest stale pending rows, each asked to the mechanism once. */
  async pasada(orm: MikroORM): Promise<number> {
    let completadas = 0;
    try {
      const antesDe = new Date(Date.now() - this.o.pendienteTrasMs);
      const filas = await this.radicacion.pendientes(orm.em.fork(), antesDe);
      for (const fila of filas) {
        if (this.tarea.detenida) break;
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

  detener(): Promise<void> {
    return this.tarea.detener();
  }
}
