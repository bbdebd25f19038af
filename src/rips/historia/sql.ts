import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The knex of the manager's transaction, or of its connection. Bound parameters ($1…) instead of the
 * ORM's execute(), which inlines every value into the SQL text: a batch is a large JSON text.
 */
export function sqlDe(em: EntityManager) {
  return em.getTransactionContext<ReturnType<typeof em.getKnex>>() ?? em.getKnex();
}
