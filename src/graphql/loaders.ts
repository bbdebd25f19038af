import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { Entidad } from '../entidades/entidad.entity.js';

/** Batches child lookups of one request into one query per kind. */
export function crearLoaders(em: EntityManager) {
  return {
    entidad: new DataLoader<string, Entidad | null>(async (ids) => {
      const filas = await em.find(Entidad, { id: { $in: [...ids] } });
      const porId = new Map(filas.map((e) => [e.id, e]));
      return ids.map((id) => porId.get(id) ?? null);
    }),
  };
}

export type Loaders = ReturnType<typeof crearLoaders>;
