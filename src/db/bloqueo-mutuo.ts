import { setTimeout as esperar } from 'node:timers/promises';

/** SQLSTATE of a deadlock PostgreSQL broke by aborting this transaction (the other one went on). */
const BLOQUEO_MUTUO = '40P01';

export const esBloqueoMutuo = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && (e as { code?: unknown }).code === BLOQUEO_MUTUO;

/**
 * Runs an idempotent statement again when PostgreSQL aborted it as a deadlock victim, as its manual
 * advises (the victim's transaction rolled back whole; nothing half-done stays). Bounded, with a short
 * growing pause. Only for statements that are safe to repeat: pg-boss's create_queue is one (its
 * insert is ON CONFLICT DO NOTHING), and its partition DDL on the shared `job` table can deadlock
 * with another pg-boss instance of this process polling or maintaining that table (RDA queue vs
 * webhook queue, both started at boot on a fresh database).
 */
export async function reintentarSiBloqueoMutuo<T>(f: () => Promise<T>, intentos = 5): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await f();
    } catch (e) {
      if (!esBloqueoMutuo(e) || n >= intentos) throw e;
      await esperar(50 * n + Math.random() * 50);
    }
  }
}
