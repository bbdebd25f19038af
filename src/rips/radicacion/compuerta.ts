import type { EntityManager } from '@mikro-orm/postgresql';
import type { Registro } from '../tipos.js';
import type { ServicioValidacionRips } from '../validacion/servicio.js';
import type { ResultadoValidacion } from '../validacion/validar.js';

/**
 * The local gate before any filing: validation engine plus the FEV XML gate, with the cross-RIPS
 * findings the entity's own filed history satisfies dropped and the codigoVIDA cross-check decided
 * with its RDA transmissions.
 */
export async function compuertaLocal(
  validacion: ServicioValidacionRips,
  em: EntityManager,
  entrada: { rips: Registro; xmlFevFile?: string | null; fecha?: Date },
  entidadId?: string,
): Promise<ResultadoValidacion> {
  return validacion.conHistoria(await validacion.validarConFev(em, { ...entrada, entidadId }), entidadId);
}
