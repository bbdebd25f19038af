import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { resumenError } from '../logger.js';
import { TareaPeriodica } from '../tarea-periodica.js';

/**
 * Folds the roll-ups' stripes of closed days and months into one row per key (`resumen_compactar()`),
 * so reading a year stays a few hundred rows. Every instance may run it: the function is exact under
 * concurrency, and its short lock wait makes it give way to a filing or a transmission committing on
 * the same rows (it is retried on the next pass, never the other way round).
 */
export class CompactadorResumen {
  private readonly tarea: TareaPeriodica;

  constructor(
    cadaMs: number,
    private readonly log: Logger,
  ) {
    this.tarea = new TareaPeriodica(cadaMs);
  }

  iniciar(orm: MikroORM): void {
    this.tarea.iniciar(() => this.pasada(orm));
  }

  /** One pass; the rows folded, or null when it gave way or failed (logged, retried next time). */
  async pasada(orm: MikroORM): Promise<number | null> {
    try {
      return await orm.em.fork().transactional(async (em) => {
        // In the transaction (em.execute, not the connection's). Below deadlock_timeout (1 s): a lock
        // wait ends here before PostgreSQL picks a victim.
        await em.execute(`set local lock_timeout = '200ms'`);
        const [fila] = await em.execute<{ n: number }[]>('select resumen_compactar() as n');
        return Number(fila?.n ?? 0);
      });
    } catch (e) {
      this.log.warn({ err: resumenError(e) }, 'compactación de los resúmenes fallida; se reintentará');
      return null;
    }
  }

  detener(): Promise<void> {
    return this.tarea.detener();
  }
}
