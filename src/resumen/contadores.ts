import type { EntityManager } from '@mikro-orm/postgresql';
import { TIPOS_RDA, type TipoRda } from '../rda/tipos.js';
import { ESTADOS_TRANSMISION, type EstadoTransmision } from '../rda/transmision/valores.js';
import { ESTADOS_RADICACION, type EstadoRadicacion } from '../rips/radicacion/radicacion.entity.js';
import { TIPOS_RADICACION, type TipoRadicacion } from './valores.js';

export { TIPOS_RADICACION, type TipoRadicacion } from './valores.js';

/**
 * Counts of one module for `resumen`: every known state and type is present, in the order of its
 * closed set (0 when none).
 */
export interface ConteoModulo<E extends string = string, T extends string = string> {
  total: number;
  porEstado: { estado: E; cantidad: number }[];
  porTipo: { tipo: T; cantidad: number }[];
}

function agrupar<E extends string, T extends string>(
  filas: { estado: string; tipo: string; cantidad: string }[],
  estados: readonly E[],
  tipos: readonly T[],
): ConteoModulo<E, T> {
  const porEstado = new Map<string, number>(estados.map((e) => [e, 0]));
  const porTipo = new Map<string, number>(tipos.map((t) => [t, 0]));
  let total = 0;
  for (const f of filas) {
    const n = Number(f.cantidad);
    // A value outside the closed set cannot be one of the enum's rows; it still counts in the total.
    if (porEstado.has(f.estado)) porEstado.set(f.estado, porEstado.get(f.estado)! + n);
    if (porTipo.has(f.tipo)) porTipo.set(f.tipo, porTipo.get(f.tipo)! + n);
    total += n;
  }
  return {
    total,
    porEstado: estados.map((estado) => ({ estado, cantidad: porEstado.get(estado)! })),
    porTipo: tipos.map((tipo) => ({ tipo, cantidad: porTipo.get(tipo)! })),
  };
}

export type ConteoRda = ConteoModulo<EstadoTransmision, TipoRda>;
export type ConteoRips = ConteoModulo<EstadoRadicacion, TipoRadicacion>;

type FilaConteo = { estado: string; tipo: string; cantidad: string };

/** The counter rows as plain rows: one short read per request, no entities to hydrate or keep. */
function filas(em: EntityManager, tabla: string, entidadId: string): Promise<FilaConteo[]> {
  return em
    .getConnection()
    .execute(`select tipo, estado, cantidad from ${tabla} where entidad_id = ?`, [entidadId], 'all');
}

/** RDA transmissions: read from the trigger-kept counters (a few rows, whatever the table size). */
export async function contarRda(em: EntityManager, entidadId: string): Promise<ConteoRda> {
  return agrupar(await filas(em, 'conteo_transmision', entidadId), ESTADOS_TRANSMISION, TIPOS_RDA);
}

/** RIPS filing attempts (Radicacion), from the counters its insert trigger keeps. */
export async function contarRips(em: EntityManager, entidadId: string): Promise<ConteoRips> {
  return agrupar(await filas(em, 'conteo_radicacion', entidadId), ESTADOS_RADICACION, TIPOS_RADICACION);
}
