import type { EntityManager } from '@mikro-orm/postgresql';
import type { ServicioValidacionRips } from '../validacion/servicio.js';
import type { ResultadoValidacion } from '../validacion/validar.js';
import { compuertaLocal } from './compuerta.js';
import { avisosClavesDesconocidas } from './depurar.js';
import { acotar, type Documento, leerEntrada } from './entrada.js';

/**
 * The local gate of a request's document, as filing and validation both run it: the operation's
 * gate (compuertaLocal) plus one EST01 warning per key outside DT1 taken out of the package.
 */
export async function compuertaDelDocumento(
  validacion: ServicioValidacionRips,
  em: EntityManager,
  doc: Documento,
  entidadId?: string | null,
  fecha?: Date,
): Promise<ResultadoValidacion> {
  const r = await compuertaLocal(
    validacion,
    em,
    { rips: doc.enviaRips ? doc.rips : null, xmlFevFile: doc.xmlFevFile, fecha, operacion: doc.operacion },
    entidadId ?? undefined,
  );
  const est = avisosClavesDesconocidas(doc.desconocidas, acotar(doc.numFactura));
  if (!est.length) return r;
  // EST01 are conformity warnings: counted as warnings, never blocking.
  return {
    ...r,
    errores: [...r.errores, ...est],
    resumen: { ...r.resumen, avisos: r.resumen.avisos + est.length },
  };
}

/**
 * `validarRips` with an `operacion`: exactly what filing that package would check before the MUV
 * (the same 400s for the body, the same gate and operation rules), without sending or storing it.
 */
export function validarOperacion(
  validacion: ServicioValidacionRips,
  em: EntityManager,
  entrada: { rips: unknown; xmlFevFile: unknown; operacion: unknown; fecha?: Date },
  entidadId?: string | null,
): Promise<ResultadoValidacion> {
  return compuertaDelDocumento(validacion, em, leerEntrada(entrada), entidadId, entrada.fecha);
}
