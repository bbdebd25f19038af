import type { EntityManager } from '@mikro-orm/postgresql';
import type { TipoServicio } from '../tipos.js';
import { sqlDe } from './sql.js';

/** One service from the entity's history of filed RIPS. */
export interface ServicioHistoria {
  tipo: TipoServicio;
  grupo: string | null;
  /** `AAAA-MM-DD HH:MM` as filed (local time; compares as text). */
  inicio: string;
  fin: string | null;
  tipoOS: string | null;
  /** The filing that first showed it. */
  radicacionId: string;
}

export interface FiltroHistoria {
  /** Only these service types. */
  tipos?: readonly TipoServicio[];
  /** inicio >= desde and inicio < hasta (text comparison of `AAAA-MM-DD[ HH:MM]`). */
  desde?: string;
  hasta?: string;
}

/** HMACs per query; a list travels as one JSON text parameter. */
export const LOTE_BUSQUEDA = 5000;

/**
 * The entity's filed services of these patients (pacienteHmac values), oldest first per patient.
 * Patients without history are absent from the map. One query per 5 000 patients, on the
 * (entidad, paciente) prefix of the primary key.
 */
export async function buscarHistoria(
  em: EntityManager,
  entidadId: string,
  hmacs: readonly string[],
  filtro: FiltroHistoria = {},
): Promise<Map<string, ServicioHistoria[]>> {
  const resultado = new Map<string, ServicioHistoria[]>();
  const unicos = [...new Set(hmacs)];
  if (!unicos.length || filtro.tipos?.length === 0) return resultado;
  let condiciones = '';
  const extra: string[] = [];
  if (filtro.tipos) {
    condiciones += ' and tipo_servicio = any(array(select json_array_elements_text(?::json)))';
    extra.push(JSON.stringify(filtro.tipos));
  }
  if (filtro.desde !== undefined) {
    condiciones += ' and inicio >= ?';
    extra.push(filtro.desde);
  }
  if (filtro.hasta !== undefined) {
    condiciones += ' and inicio < ?';
    extra.push(filtro.hasta);
  }
  const sql = `select paciente_hmac, tipo_servicio, nullif(grupo_servicios, '') as grupo_servicios, inicio,
  nullif(fin, '') as fin, nullif(tipo_os, '') as tipo_os, radicacion_id
from historia_servicio where entidad_id = ?::uuid
and paciente_hmac = any(array(select json_array_elements_text(?::json)))${condiciones}
order by paciente_hmac, inicio, tipo_servicio`;
  const conexion = sqlDe(em);
  for (let i = 0; i < unicos.length; i += LOTE_BUSQUEDA) {
    const { rows } = await conexion.raw<{ rows: Fila[] }>(sql, [
      entidadId,
      JSON.stringify(unicos.slice(i, i + LOTE_BUSQUEDA)),
      ...extra,
    ]);
    for (const f of rows) {
      let lista = resultado.get(f.paciente_hmac);
      if (!lista) {
        lista = [];
        resultado.set(f.paciente_hmac, lista);
      }
      lista.push({
        tipo: f.tipo_servicio as TipoServicio,
        grupo: f.grupo_servicios,
        inicio: f.inicio,
        fin: f.fin,
        tipoOS: f.tipo_os,
        radicacionId: f.radicacion_id,
      });
    }
  }
  return resultado;
}

interface Fila {
  paciente_hmac: string;
  tipo_servicio: string;
  grupo_servicios: string | null;
  inicio: string;
  fin: string | null;
  tipo_os: string | null;
  radicacion_id: string;
}
