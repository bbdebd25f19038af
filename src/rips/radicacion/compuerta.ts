import type { EntityManager } from '@mikro-orm/postgresql';
import { errores } from '../../errores/errores.js';
import { combinar } from '../fev/explicar.js';
import { definicion, type OperacionMuv, operacionPorMetodo } from '../muv/operaciones.js';
import type { Registro } from '../tipos.js';
import { eco } from '../validacion/acotar.js';
import { TAMANO_ENCABEZADO } from '../validacion/encabezado.js';
import type { AjusteOperacion, ServicioValidacionRips } from '../validacion/servicio.js';
import type { ResultadoValidacion } from '../validacion/validar.js';
import {
  type ConsultaFacturaRadicada,
  evaluarOperacion,
  explicarOperacion,
  fevImplicito,
  reglasDeMotor,
} from './reglas-operacion.js';

export interface EntradaCompuerta {
  /** The RIPS; null for the operations filed with the XML alone (rips «nulo», or «opcional» without it). */
  rips: Registro | null;
  xmlFevFile?: string | null;
  fecha?: Date;
  operacion: OperacionMuv;
}

/**
 * The local gate before any filing, and what `validar` with an operation answers: with a RIPS, the
 * validation engine plus the FEV XML gate (the document the operation expects), the cross-RIPS
 * findings the entity's own filed history satisfies dropped and the codigoVIDA cross-check decided
 * with its RDA transmissions; without one, the FEV gate alone. Then the operation's own rules
 * (reglas-operacion.ts). A RIPS where the operation takes none, or none where it needs one, is a 400.
 */
export async function compuertaLocal(
  validacion: ServicioValidacionRips,
  em: EntityManager,
  entrada: EntradaCompuerta,
  entidadId?: string,
): Promise<ResultadoValidacion> {
  const def = operacionPorMetodo(entrada.operacion) ? definicion(entrada.operacion) : undefined;
  if (!def)
    throw errores.entradaInvalida(`La operación «${eco(String(entrada.operacion))}» no existe.`, [
      { campo: 'operacion', mensaje: 'Operación desconocida.' },
    ]);
  const ajuste: AjusteOperacion = {
    documento: def.documentoXml,
    nombre: def.clave,
    ...(reglasDeMotor(def) ? { reglas: reglasDeMotor(def) } : {}),
    ...(fevImplicito(def) ? { fevImplicito: fevImplicito(def) } : {}),
  };
  const { rips } = entrada;
  let r: ResultadoValidacion;
  if (rips === null) {
    if (def.rips === 'obligatorio' || def.documentoXml === null)
      throw errores.entradaInvalida(`La operación «${def.clave}» (${def.metodo}) exige el RIPS en «rips».`, [
        { campo: 'rips', mensaje: 'Es obligatorio para esta operación.' },
      ]);
    r = validacion.validarSoloFev({
      xmlFevFile: entrada.xmlFevFile,
      fecha: entrada.fecha,
      operacion: ajuste,
    });
  } else {
    if (def.rips === 'nulo')
      throw errores.entradaInvalida(
        `La operación «${def.clave}» (${def.metodo}) se radica sin RIPS: envíe «rips» en null.`,
        [{ campo: 'rips', mensaje: 'Debe ir null en esta operación.' }],
      );
    const conFev = await validacion.validarConFev(em, {
      rips,
      xmlFevFile: entrada.xmlFevFile,
      fecha: entrada.fecha,
      entidadId,
      operacion: ajuste,
    });
    r = await validacion.conHistoria(conFev, entidadId);
  }
  const hallazgos = await evaluarOperacion({
    operacion: def,
    rips,
    ...(r.documentoFev ? { documento: r.documentoFev } : {}),
    ...(entidadId ? { facturaRadicada: consultaFacturaRadicada(em, entidadId) } : {}),
  });
  if (hallazgos.length === 0) return r;
  const explicados = explicarOperacion(
    hallazgos,
    facturaDeResultado(rips, r),
    r.fechaEvaluacion,
    validacion.rechazoDesde,
  );
  // The operation's findings first: a wrong operation explains the rest.
  const combinado = combinar(explicados, r);
  return r.documentoFev ? { ...combinado, documentoFev: r.documentoFev } : combinado;
}

/** The invoice number findings are located by: the RIPS's, else the XML's (the invoice or the one a note references). */
function facturaDeResultado(rips: Registro | null, r: ResultadoValidacion): string | null {
  const d = r.documentoFev;
  const delRips = typeof rips?.numFactura === 'string' && rips.numFactura.trim() ? rips.numFactura : null;
  const numero = delRips ?? (d ? (d.tipo === 'Invoice' ? d.numero : (d.facturaReferida?.id ?? null)) : null);
  return numero === null ? null : eco(numero, TAMANO_ENCABEZADO.get('numFactura'));
}

/**
 * The invoice this entity filed with a CUV (the partial unique index radicacion_factura_radicada_
 * unique: estado radicado, tipo_nota null, not the final capitation RIPS), by issuer NIT and number.
 */
export function consultaFacturaRadicada(em: EntityManager, entidadId: string): ConsultaFacturaRadicada {
  return async ({ nit, numFactura }) => {
    // A value longer than DT1 admits was never filed: no query for it.
    const cabe = (campo: string, v: string) => v.length <= (TAMANO_ENCABEZADO.get(campo) ?? 20);
    if (!cabe('numDocumentoIdObligado', nit) || !cabe('numFactura', numFactura)) return null;
    const filas = (await em
      .getConnection()
      .execute(
        `select monto from radicacion where entidad_id = ? and num_documento_id_obligado = ? and num_factura = ? and estado = 'radicado' and tipo_nota is null and operacion <> 'CargarCapitaFinal' limit 1`,
        [entidadId, nit, numFactura],
      )) as { monto: string | number | null }[];
    const fila = filas[0];
    if (!fila) return null;
    const monto = fila.monto === null ? null : Number(fila.monto);
    return { monto: monto !== null && Number.isSafeInteger(monto) ? monto : null };
  };
}
