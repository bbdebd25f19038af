import type { EntityManager } from '@mikro-orm/postgresql';
import type { Registro } from '../tipos.js';
import type { ServicioValidacionRips } from '../validacion/servicio.js';
import type { ResultadoValidacion } from '../validacion/validar.js';

/** The local gate before any filing: validation engine plus the FEV XML gate. */
export function compuertaLocal(
  validacion: ServicioValidacionRips,
  em: EntityManager,
  entrada: { rips: Registro; xmlFevFile?: string | null; fecha?: Date },
): Promise<ResultadoValidacion> {
  return validacion.validarConFev(em, entrada);
}
