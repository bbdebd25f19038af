import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * An EntityManager, or how to get one. Services that usually answer from memory (the catalogs, an
 * entity's provider codes) take this so a request served from their cache never forks one: MikroORM's
 * fork builds a unit of work and rewrites its configuration twice, about 20–30 µs of a small
 * validation that reads nothing from the database (issue 34).
 */
export type FuenteEm = EntityManager | (() => EntityManager);

/** The EntityManager itself (built now, when `f` is how to get one). */
export function emDe(f: FuenteEm): EntityManager {
  return typeof f === 'function' ? f() : f;
}
