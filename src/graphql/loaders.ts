import DataLoader from 'dataloader';
import type { Autenticacion } from '../auth/autenticacion.js';
import { emDe, type ProveedorEm } from '../auth/cache.js';
import { Entidad } from '../entidades/entidad.entity.js';
import { EventoTransmision } from '../rda/transmision/evento.entity.js';
import {
  type HallazgosRadicacion,
  leerHallazgos,
  presupuestoHallazgos,
} from '../rips/radicacion/hallazgos.js';

/**
 * Batches child lookups of one request into one query per kind. `proveedor` may be a function: the request's
 * EntityManager is forked only when a loader runs. `auth`: the caller, whose entity needs no query.
 */
export function crearLoaders(
  proveedor: ProveedorEm,
  o: { maxHallazgos?: number; auth?: () => Autenticacion | null } = {},
) {
  const hallazgos = presupuestoHallazgos(o.maxHallazgos ?? Number.POSITIVE_INFINITY);
  return {
    entidad: new DataLoader<string, Entidad | null>(async (ids) => {
      const em = emDe(proveedor);
      // The caller's entity (mapped into this em from auth's cached row) or one already managed: no query.
      const auth = o.auth?.();
      const uow = em.getUnitOfWork();
      const porId = new Map<string, Entidad>();
      for (const id of ids) {
        const e = auth?.entidadId === id ? auth.entidad : uow.getById<Entidad>(Entidad.name, id);
        if (e) porId.set(id, e);
      }
      const faltan = ids.filter((id) => !porId.has(id));
      const filas = faltan.length ? await em.find(Entidad, { id: { $in: faltan } }) : [];
      for (const e of filas) porId.set(e.id, e);
      return ids.map((id) => porId.get(id) ?? null);
    }),
    /**
     * The trail of each transmission of a page (`Transmision.eventos`), in order: one query for the
     * whole page. Keys are ids of transmissions the resolver already read for the caller's entity.
     */
    eventosTransmision: new DataLoader<string, EventoTransmision[]>(async (ids) => {
      const filas = await emDe(proveedor).find(
        EventoTransmision,
        { transmision: { $in: [...ids] } },
        { orderBy: { transmision: 'asc', secuencia: 'asc' } },
      );
      const porTransmision = new Map<string, EventoTransmision[]>(ids.map((id) => [id, []]));
      for (const e of filas) porTransmision.get(e.transmision.id)?.push(e);
      return ids.map((id) => porTransmision.get(id)!);
    }),
    /**
     * The stored findings of each filing a result shows (`Radicacion.errores`, `avisos`…): one query
     * for a whole page. Keys are ids of filings the resolver already read for the caller's entity.
     */
    hallazgosRadicacion: new DataLoader<string, HallazgosRadicacion>((ids) =>
      leerHallazgos(emDe(proveedor), ids, hallazgos),
    ),
  };
}

export type Loaders = ReturnType<typeof crearLoaders>;
