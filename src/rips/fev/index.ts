import { documentoEsperado, ejecutarCompuerta } from './compuerta.js';
import type { TipoDocumentoFev } from './documento.js';
import { LIMITES_FEV_POR_DEFECTO, type LimitesFev } from './entrada.js';
import type { HallazgoFev } from './verificar.js';

export { CODIGOS_FEV, type CodigoFev } from './codigos.js';
export { documentoEsperado, ejecutarCompuerta, type ResultadoCompuerta } from './compuerta.js';
export type { DocumentoFev, TipoDocumentoFev } from './documento.js';
export { LIMITES_FEV_POR_DEFECTO, type LimitesFev } from './entrada.js';
export { combinar, explicarFev } from './explicar.js';
export type { HallazgoFev } from './verificar.js';

/** What the filing step needs from a container (strings as written in the XML; amounts as numbers). */
export interface ResumenContenedorFev {
  tipoDocumento: TipoDocumentoFev;
  /** The document's own number (invoice, credit note or debit note ID). */
  numero: string | null;
  /** The invoice number: the invoice's ID, or the invoice a note references (BillingReference). */
  numeroFactura: string | null;
  /** CUFE (invoice) or CUDE (note). */
  cufe: string | null;
  fechaEmision: string | null;
  /** Issuer NIT without verification digit, and the digit (CompanyID@schemeID). */
  nitEmisor: string | null;
  dvEmisor: string | null;
  nitAdquiriente: string | null;
  periodo: { inicio: string | null; fin: string | null };
  totales: {
    /** LineExtensionAmount: value of the services before taxes. */
    valorServicios: number | null;
    conImpuestos: number | null;
    /** PrepaidAmount: copagos, cuotas moderadoras, pagos compartidos and anticipos. */
    anticipado: number | null;
    aPagar: number | null;
  };
  cobertura: string | null;
  modalidadPago: string | null;
}

/**
 * Reads a container for the filing step: `resumen` when the embedded document could be read
 * (null otherwise), plus every gate finding about the container itself (file, structure, presence,
 * content; no RIPS cross-checks except PFP001 when `numFactura` is given). Never throws on bad
 * input. `tipoNota` chooses the expected document: empty → Invoice, NC → CreditNote, ND → DebitNote.
 */
export function leerContenedorFev(
  xmlFevFile: string,
  opciones: { tipoNota?: string | null; numFactura?: string | null; limites?: LimitesFev } = {},
): { resumen: ResumenContenedorFev | null; hallazgos: HallazgoFev[] } {
  const rips = { tipoNota: opciones.tipoNota ?? null, numFactura: opciones.numFactura ?? null };
  if (documentoEsperado(rips.tipoNota) === null) return { resumen: null, hallazgos: [] };
  const r = ejecutarCompuerta(rips, xmlFevFile, opciones.limites ?? LIMITES_FEV_POR_DEFECTO);
  const d = r.documento;
  if (!d) return { resumen: null, hallazgos: r.hallazgos };
  const info = (nombre: string) => d.extensionSalud?.items.find((i) => i.nombre === nombre)?.schemeID ?? null;
  return {
    resumen: {
      tipoDocumento: d.tipo,
      numero: d.numero,
      numeroFactura: d.tipo === 'Invoice' ? d.numero : (d.facturaReferida?.id ?? null),
      cufe: d.cufe,
      fechaEmision: d.fechaEmision,
      nitEmisor: d.emisor.nit,
      dvEmisor: d.emisor.dv,
      nitAdquiriente: d.adquiriente.nit,
      periodo: { inicio: d.periodo.inicio, fin: d.periodo.fin },
      totales: {
        valorServicios: d.totales.lineas,
        conImpuestos: d.totales.conImpuestos,
        anticipado: d.totales.anticipado,
        aPagar: d.totales.aPagar,
      },
      cobertura: info('COBERTURA_PLAN_BENEFICIOS'),
      modalidadPago: info('MODALIDAD_PAGO'),
    },
    hallazgos: r.hallazgos,
  };
}
