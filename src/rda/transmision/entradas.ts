import { type DetalleError, errores } from '../../errores/errores.js';

/**
 * Checks of the transmission inputs, shared by the service and the REST routes: a REST body that lacks
 * a field gets this Spanish 400 before GraphQL's coercion of a non-null argument would answer its own.
 */

/** `bundle` (POST /rda) or `datos` (POST /rda/desde-datos) must be a JSON object. */
export function exigirContenido(contenido: unknown, origen: 'bundle' | 'datos'): Record<string, unknown> {
  if (typeof contenido !== 'object' || contenido === null || Array.isArray(contenido)) {
    throw errores.entradaInvalida(`Envíe «${origen}» como objeto JSON.`, [
      {
        campo: origen,
        mensaje:
          contenido === undefined || contenido === null ? 'Es obligatorio.' : 'Debe ser un objeto JSON.',
      },
    ]);
  }
  return contenido as Record<string, unknown>;
}

export interface DocumentoIdentidad {
  tipo: string;
  numero: string;
}

const TIPO_DOC = /^[A-Z]{2,3}$/;
const NUM_DOC = /^[A-Za-z0-9]{3,20}$/;

/**
 * POST /rda/consultas and consultarRda: the patient's and the professional's documents, every problem
 * at once. Returns copies holding only `tipo` and `numero`.
 */
export function validarDocumentos(
  paciente: unknown,
  humanuser: unknown,
): { paciente: DocumentoIdentidad; humanuser: DocumentoIdentidad } {
  const detalles: DetalleError[] = [];
  const leidos: Partial<Record<'paciente' | 'humanuser', DocumentoIdentidad>> = {};
  for (const [quien, valor] of [
    ['paciente', paciente],
    ['humanuser', humanuser],
  ] as const) {
    if (!valor || typeof valor !== 'object' || Array.isArray(valor)) {
      detalles.push({ campo: quien, mensaje: 'Es obligatorio: {tipo, numero}.' });
      continue;
    }
    const d = valor as { tipo?: unknown; numero?: unknown };
    if (typeof d.tipo !== 'string' || !TIPO_DOC.test(d.tipo))
      detalles.push({
        campo: `${quien}.tipo`,
        mensaje: 'Tipo de documento en mayúsculas (CC, TI, CE, PA…).',
      });
    if (typeof d.numero !== 'string' || !NUM_DOC.test(d.numero))
      detalles.push({
        campo: `${quien}.numero`,
        mensaje: 'Número de documento: 3 a 20 letras o dígitos, sin espacios ni puntos.',
      });
    leidos[quien] = { tipo: d.tipo as string, numero: d.numero as string };
  }
  if (detalles.length)
    throw errores.entradaInvalida('Consulta inválida: revise paciente y humanuser.', detalles);
  return { paciente: leidos.paciente!, humanuser: leidos.humanuser! };
}
