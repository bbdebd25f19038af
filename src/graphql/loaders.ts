import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { Entidad } from '../entidades/entidad.entity.js';

/** Batches child lookups of one request into one query per kind. */
export function crearLoaders(em: EntityManager) {
  return {
    entidad: new DataLoader<string, Entidad | null>(async (ids) => {
      // The caller's entity is already managed by this em (auth): no query for it.
      const uow = em.getUnitOfWork();
      const porId = new Map<string, Entidad>();
      for (const id of ids) {
        const e = uow.getById<Entidad>(Entidad.name, id);
        if (e) porId.set(id, e);
      }
      const faltan = ids.filter((id) => !porId.has(id));
      const filas = faltan.length ? await em.find(Entidad, { id: { $in: faltan } }) : [];
      for (const e of filas) porId.set(e.id, e);
      return ids.map((id) => porId.get(id) ?? null);
    }),
  };
}

export type Loaders = ReturnType<typeof crearLoaders>;
