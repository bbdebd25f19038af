import type { EntityManager } from '@mikro-orm/postgresql';
import type { Registro } from '../tipos.js';
import { serviciosDelRips } from './extraer.js';
import { sqlDe } from './sql.js';

/** Rows per INSERT: one JSON parameter each, so the statement size, not the parameter count, bounds it. */
export const LOTE_REGISTRO = 2000;

const INSERTAR = `insert into historia_servicio
  (entidad_id, paciente_hmac, tipo_servicio, inicio, grupo_servicios, fin, tipo_os, radicacion_id, created_at)
select ?::uuid, x.h, x.t, x.i, coalesce(x.g, ''), coalesce(x.f, ''), coalesce(x.o, ''), ?::uuid, now()
from json_to_recordset(?::json) as x(h text, t text, g text, i text, f text, o text)
on conflict do nothing`;

/**
 * Adds the services of a filed RIPS (invoice or note) to the entity's history, in batches, on the
 * manager's transaction when it has one. Services already in the history (same patient, type,
 * group and dates) are skipped. Returns how many rows were added.
 */
export async function registrarServicios(
  em: EntityManager,
  entidadId: string,
  radicacionId: string,
  rips: Registro,
  clave: Buffer | string,
): Promise<number> {
  const filas = serviciosDelRips(rips, clave);
  const sql = sqlDe(em);
  let agregadas = 0;
  for (let i = 0; i < filas.length; i += LOTE_REGISTRO) {
    const lote = filas
      .slice(i, i + LOTE_REGISTRO)
      .map((f) => ({ h: f.pacienteHmac, t: f.tipo, g: f.grupo, i: f.inicio, f: f.fin, o: f.tipoOS }));
    const r = await sql.raw<{ rowCount: number | null }>(INSERTAR, [
      entidadId,
      radicacionId,
      JSON.stringify(lote),
    ]);
    agregadas += r.rowCount ?? 0;
  }
  return agregadas;
}
