/**
 * The upload operations of the API Docker FEV-RIPS (manual v4.3 §8.2–8.12, LIN v3.2 §4.1.2) as data:
 * what each takes, what the mechanism reports for it and how this service recognises a repeat. A new
 * operation, or a resolution that changes one, is a row here, not a branch in the filing service.
 */

/** How the `rips` member of the envelope goes for an operation. */
export type RipsOperacion = 'obligatorio' | 'nulo' | 'opcional';
/** How `xmlFevFile` goes: the AttachedDocument in base64, or empty. */
export type AdjuntoOperacion = 'obligatorio' | 'vacio';
/** The document inside the AttachedDocument (DT2). */
export type DocumentoXml = 'Invoice' | 'CreditNote' | 'DebitNote';

/**
 * The key a document is recognised by across attempts (column expressions of the partial unique
 * indexes, see radicacion.entity.ts): FEV = an invoice (the number), NC/ND/NA = a note (its own
 * number), CF = the final capitation RIPS of an invoice, RS = never a repeat.
 */
export type ClaseDocumento = 'FEV' | 'NC' | 'ND' | 'NA' | 'RS' | 'CF';

export interface DefinicionOperacion {
  /** The mechanism's method (path `/api/PaquetesFevRips/<metodo>`). */
  metodo: string;
  /** The value of `operacion` in our API (Spanish kebab-case). */
  clave: string;
  /** `Modulo` the mechanism answers (manual §8.13; the §8.8 example says NotaCreditoAcuerdoVoluntades). */
  modulo: string;
  /** Other spellings of `Modulo` seen in the manual's examples. */
  modulosVistos: readonly string[];
  nombre: string;
  rips: RipsOperacion;
  adjunto: AdjuntoOperacion;
  /** The XML expected in `xmlFevFile` (null when it goes empty). */
  documentoXml: DocumentoXml | null;
  /** `rips.tipoNota` values the operation takes when a RIPS goes (null = invoice). */
  tiposNota: readonly (string | null)[];
  /** tipoNota stored for the filing when no RIPS goes (from the XML document). */
  tipoNotaSinRips: string | null;
  clase: ClaseDocumento;
  /**
   * Modalidad de pago the operation implies (DT2 modalidadPago: 03 capitación) when no XML says it:
   * the final capitation RIPS is capitation by definition (RVC034 then applies to its values).
   */
  modalidadImplicita: string | null;
  /** Where the manual and LIN describe it. */
  fuente: string;
}

const fila = (d: Omit<DefinicionOperacion, 'modulosVistos'> & { modulosVistos?: string[] }) =>
  ({ modulosVistos: [], ...d }) as DefinicionOperacion;

/** Every upload operation, in the manual's order. */
export const OPERACIONES = [
  fila({
    metodo: 'CargarFevRips',
    clave: 'factura',
    modulo: 'FacturaElectronica',
    nombre: 'Factura electrónica de venta con su RIPS',
    rips: 'obligatorio',
    adjunto: 'obligatorio',
    documentoXml: 'Invoice',
    tiposNota: [null],
    tipoNotaSinRips: null,
    clase: 'FEV',
    modalidadImplicita: null,
    fuente: 'Manual API v4.3 §8.2; LIN v3.2 §4.1.2.1',
  }),
  fila({
    metodo: 'CargarNCTotal',
    clave: 'nota-credito-total',
    modulo: 'NotaCreditoTotal',
    nombre: 'Nota crédito total (anula o afecta al 100 % la factura), sin RIPS',
    rips: 'nulo',
    adjunto: 'obligatorio',
    documentoXml: 'CreditNote',
    tiposNota: [],
    tipoNotaSinRips: 'NC',
    clase: 'NC',
    modalidadImplicita: null,
    fuente: 'Manual API v4.3 §8.4; LIN v3.2 §4.1.1.2 y §4.1.2.2',
  }),
  fila({
    metodo: 'CargarNC',
    clave: 'nota-credito',
    modulo: 'NotaCredito',
    nombre: 'Nota crédito parcial con su RIPS',
    rips: 'obligatorio',
    adjunto: 'obligatorio',
    documentoXml: 'CreditNote',
    tiposNota: ['NC'],
    tipoNotaSinRips: null,
    clase: 'NC',
    modalidadImplicita: null,
    fuente: 'Manual API v4.3 §8.3; LIN v3.2 §4.1.2.3',
  }),
  fila({
    metodo: 'CargarND',
    clave: 'nota-debito',
    modulo: 'NotaDebito',
    nombre: 'Nota débito con su RIPS',
    rips: 'obligatorio',
    adjunto: 'obligatorio',
    documentoXml: 'DebitNote',
    tiposNota: ['ND'],
    tipoNotaSinRips: null,
    clase: 'ND',
    modalidadImplicita: null,
    fuente: 'Manual API v4.3 §8.5; LIN v3.2 §4.1.2.4',
  }),
  fila({
    metodo: 'CargarNotaAjuste',
    clave: 'nota-ajuste',
    modulo: 'NotaAjuste',
    nombre: 'Nota de ajuste del RIPS (sin XML)',
    rips: 'obligatorio',
    adjunto: 'vacio',
    documentoXml: null,
    tiposNota: ['NA'],
    tipoNotaSinRips: null,
    clase: 'NA',
    modalidadImplicita: null,
    fuente: 'Manual API v4.3 §8.6; LIN v3.2 §4.1.2.5',
  }),
  fila({
    metodo: 'CargarRipsSinFactura',
    clave: 'rips-sin-factura',
    modulo: 'RipsSinFactura',
    nombre: 'RIPS sin factura (sin XML)',
    rips: 'obligatorio',
    adjunto: 'vacio',
    documentoXml: null,
    tiposNota: ['RS'],
    tipoNotaSinRips: null,
    clase: 'RS',
    modalidadImplicita: null,
    fuente: 'Manual API v4.3 §8.7; LIN v3.2 §4.1.2.6',
  }),
  fila({
    metodo: 'CargarNCAcuerdoVoluntades',
    clave: 'nota-credito-acuerdo-voluntades',
    modulo: 'NCAcuerdoVoluntades',
    modulosVistos: ['NotaCreditoAcuerdoVoluntades'],
    nombre: 'Nota crédito por seguimiento del acuerdo de voluntades, sin RIPS',
    rips: 'nulo',
    adjunto: 'obligatorio',
    documentoXml: 'CreditNote',
    tiposNota: [],
    tipoNotaSinRips: 'NC',
    clase: 'NC',
    modalidadImplicita: null,
    fuente: 'Manual API v4.3 §8.8; LIN v3.2 §2.2.7, §4.1.1.7 y §4.1.2.7',
  }),
  fila({
    metodo: 'CargarCapitaInicial',
    clave: 'capita-inicial',
    modulo: 'CapitaInicial',
    nombre: 'Cápita inicial: factura del primer periodo, sin RIPS',
    rips: 'nulo',
    adjunto: 'obligatorio',
    documentoXml: 'Invoice',
    tiposNota: [],
    tipoNotaSinRips: null,
    clase: 'FEV',
    modalidadImplicita: null,
    fuente: 'Manual API v4.3 §8.9; LIN v3.2 §2.2.6 y §4.1.2.8.1',
  }),
  fila({
    metodo: 'CargarCapitaPeriodo',
    clave: 'capita-periodo',
    modulo: 'CapitaPeriodo',
    nombre: 'Cápita por periodo: factura del periodo con el RIPS del periodo anterior',
    rips: 'obligatorio',
    adjunto: 'obligatorio',
    documentoXml: 'Invoice',
    tiposNota: [null],
    tipoNotaSinRips: null,
    clase: 'FEV',
    modalidadImplicita: null,
    fuente: 'Manual API v4.3 §8.10; LIN v3.2 §2.2.6.1 y §4.1.2.8.2',
  }),
  fila({
    metodo: 'CargarCapitaFinal',
    clave: 'capita-final',
    modulo: 'CapitaFinal',
    nombre: 'Cápita final: RIPS del último periodo, sin XML',
    rips: 'obligatorio',
    adjunto: 'vacio',
    documentoXml: null,
    tiposNota: [null],
    tipoNotaSinRips: null,
    clase: 'CF',
    modalidadImplicita: '03',
    fuente: 'Manual API v4.3 §8.11; LIN v3.2 §2.2.6.1 y §4.1.2.8.3',
  }),
  fila({
    // Manual §8.12 contradicts itself: its field table says «rips» required and «xmlFevFile» empty,
    // its example (and LIN §4.1.1.8.4, §4.1.2.8.4) send the credit note's XML with «rips» null. The
    // mechanism takes the XML; LIN §2.2.7 allows the last period's RIPS with it at the contract's end.
    metodo: 'CargarNCCapita',
    clave: 'nota-credito-capita',
    modulo: 'NCCapita',
    nombre: 'Nota crédito parcial de cápita (el RIPS es opcional)',
    rips: 'opcional',
    adjunto: 'obligatorio',
    documentoXml: 'CreditNote',
    tiposNota: ['NC'],
    tipoNotaSinRips: 'NC',
    clase: 'NC',
    modalidadImplicita: null,
    fuente: 'Manual API v4.3 §8.12; LIN v3.2 §2.2.6.1 (5), §2.2.7 y §4.1.2.8.4',
  }),
] as const satisfies readonly DefinicionOperacion[];

export type OperacionMuv = (typeof OPERACIONES)[number]['metodo'];
export type ClaveOperacion = (typeof OPERACIONES)[number]['clave'];

export const METODOS_OPERACION: OperacionMuv[] = OPERACIONES.map((o) => o.metodo);
export const CLAVES_OPERACION: ClaveOperacion[] = OPERACIONES.map((o) => o.clave);

const porMetodo = new Map<string, DefinicionOperacion>(OPERACIONES.map((o) => [o.metodo, o]));
const porClave = new Map<string, DefinicionOperacion>(OPERACIONES.map((o) => [o.clave, o]));
// The swagger spells one method differently (CargarNcCapita); the mechanism's routes ignore case.
const porMetodoMinusculas = new Map<string, DefinicionOperacion>(
  OPERACIONES.map((o) => [o.metodo.toLowerCase(), o]),
);

export function operacionPorMetodo(metodo: string): DefinicionOperacion | undefined {
  return porMetodo.get(metodo) ?? porMetodoMinusculas.get(metodo.toLowerCase());
}

export function operacionPorClave(clave: string): DefinicionOperacion | undefined {
  return porClave.get(clave);
}

/** The operation of a document by its `tipoNota` when none is named (contract 1.0 behaviour). */
export const OPERACION_POR_TIPO_NOTA = {
  FEV: 'CargarFevRips',
  NC: 'CargarNC',
  ND: 'CargarND',
  NA: 'CargarNotaAjuste',
  RS: 'CargarRipsSinFactura',
} as const satisfies Record<string, OperacionMuv>;

/** null → CargarFevRips; NC/ND/NA/RS → their operation; anything else → undefined. */
export function operacionDe(tipoNota: unknown): OperacionMuv | undefined {
  if (tipoNota === null || tipoNota === undefined) return OPERACION_POR_TIPO_NOTA.FEV;
  if (typeof tipoNota !== 'string') return undefined;
  return (OPERACION_POR_TIPO_NOTA as Record<string, OperacionMuv>)[tipoNota];
}

export function definicion(metodo: OperacionMuv): DefinicionOperacion {
  return porMetodo.get(metodo)!;
}

/** Operations whose `xmlFevFile` goes empty. */
export const SIN_ADJUNTO: ReadonlySet<OperacionMuv> = new Set(
  OPERACIONES.filter((o) => o.adjunto === 'vacio').map((o) => o.metodo),
);

/**
 * SQL for the class of a stored filing (the key of repeats): the tipoNota, except the final
 * capitation RIPS, whose tipoNota is null like an invoice's but which is not the invoice. The same
 * expression is in the partial unique indexes (Migration20261202100000_operaciones).
 */
export const CLASE_SQL =
  "coalesce(tipo_nota, case when operacion = 'CargarCapitaFinal' then 'CF' else 'FEV' end)";

/** The class of a stored filing, as CLASE_SQL computes it. */
export function claseDeFila(tipoNota: string | null, operacion: string): string {
  return tipoNota ?? (operacion === 'CargarCapitaFinal' ? 'CF' : 'FEV');
}
