import { type FilterQuery, raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { leerArgumentosPagina } from '../../graphql/conexion.js';
import type { TipoRdaIhce } from '../ihce/fhir.js';
import { ConteoTransmision } from './conteo.entity.js';
import { Transmision } from './transmision.entity.js';
import type { EstadoTransmision } from './valores.js';

export interface FiltroConexion {
  estado?: EstadoTransmision | null;
  tipo?: TipoRdaIhce | null;
  /** creadaEn ≥ desde. */
  desde?: Date | null;
  /** creadaEn < hasta (half-open: consecutive windows never overlap). */
  hasta?: Date | null;
  first?: number | null;
  after?: string | null;
}

export interface PaginaConexion {
  filas: Transmision[];
  hayMas: boolean;
  /** totalCount, counted only when asked for (with the filters, without the cursor). */
  contar: () => Promise<number>;
}

/**
 * GraphQL `transmisiones`: a keyset page on (createdAt, id), newest first. The indexes
 * (entidad_id[, estado | tipo], created_at, id) serve the filter, the cursor and the order together,
 * so a page costs the same on the first page and on the thousandth.
 */
export async function paginaTransmisiones(
  em: EntityManager,
  entidadId: string,
  f: FiltroConexion,
): Promise<PaginaConexion> {
  const { first, posicion } = leerArgumentosPagina(f);

  const creada =
    f.desde || f.hasta
      ? { createdAt: { ...(f.desde ? { $gte: f.desde } : {}), ...(f.hasta ? { $lt: f.hasta } : {}) } }
      : {};
  const filtro: FilterQuery<Transmision> = {
    entidad: entidadId,
    ...(f.estado ? { estado: f.estado } : {}),
    ...(f.tipo ? { tipo: f.tipo } : {}),
    ...creada,
  };
  // Row comparison: one index range, where an OR of the two columns would not be.
  const donde: FilterQuery<Transmision> = posicion
    ? {
        ...filtro,
        [raw((a) => `(${a}.created_at, ${a}.id) < (?, ?)`, [posicion.fecha, posicion.id])]: [],
      }
    : filtro;
  const filas = await em.find(Transmision, donde, {
    orderBy: { createdAt: 'desc', id: 'desc' },
    limit: first + 1,
  });
  const hayMas = filas.length > first;
  if (hayMas) filas.length = first;

  const contar = async (): Promise<number> => {
    // Without a date window the trigger-kept counters answer (a handful of rows, not a count).
    if (!f.desde && !f.hasta) {
      const conteos = await em.find(ConteoTransmision, {
        entidadId,
        ...(f.estado ? { estado: f.estado } : {}),
        ...(f.tipo ? { tipo: f.tipo } : {}),
      });
      return conteos.reduce((s, c) => s + Number(c.cantidad), 0);
    }
    return em.count(Transmision, filtro);
  };
  return { filas, hayMas, contar };
}
