import type { EntityManager } from '@mikro-orm/postgresql';
import { TIPOS_RDA } from '../rda/tipos.js';
import { ConteoTransmision } from '../rda/transmision/conteo.entity.js';
import { ESTADOS_TRANSMISION } from '../rda/transmision/valores.js';
import { ESTADOS_RADICACION } from '../rips/radicacion/radicacion.entity.js';
import { ConteoRadicacion } from './conteo-radicacion.entity.js';

/** Counts of one module for GET /resumen: every known state and type is present (0 when none). */
export interface ConteoModulo {
  total: number;
  porEstado: Record<string, number>;
  porTipo: Record<string, number>;
}

function agrupar(
  filas: { estado: string; tipo: string; cantidad: number }[],
  estados: readonly string[],
  tipos: readonly string[],
): ConteoModulo {
  const porEstado = Object.fromEntries(estados.map((e) => [e, 0]));
  const porTipo = Object.fromEntries(tipos.map((t) => [t, 0]));
  let total = 0;
  for (const f of filas) {
    porEstado[f.estado] = (porEstado[f.estado] ?? 0) + f.cantidad;
    porTipo[f.tipo] = (porTipo[f.tipo] ?? 0) + f.cantidad;
    total += f.cantidad;
  }
  return { total, porEstado, porTipo };
}

/** RDA transmissions: read from the trigger-kept counters (a few rows, whatever the table size). */
export async function contarRda(em: EntityManager, entidadId: string): Promise<ConteoModulo> {
  const filas = await em.find(ConteoTransmision, { entidadId });
  return agrupar(
    filas.map((f) => ({ estado: f.estado, tipo: f.tipo, cantidad: Number(f.cantidad) })),
    ESTADOS_TRANSMISION,
    TIPOS_RDA,
  );
}

/** Types of a RIPS filing: an invoice (FEV) or the note type of `rips.tipoNota`. */
const TIPOS_RADICACION = ['FEV', 'NC', 'ND', 'NA', 'RS'] as const;

/** RIPS filing attempts (Radicacion), from the counters its insert trigger keeps. */
export async function contarRips(em: EntityManager, entidadId: string): Promise<ConteoModulo> {
  const filas = await em.find(ConteoRadicacion, { entidadId });
  return agrupar(
    filas.map((f) => ({ estado: f.estado, tipo: f.tipo, cantidad: Number(f.cantidad) })),
    ESTADOS_RADICACION,
    TIPOS_RADICACION,
  );
}
