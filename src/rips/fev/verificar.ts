import { codigoDe, nombreDe, rutaDe } from './codigos.js';
import type { DocumentoFev, InformacionSalud, TipoDocumentoFev } from './documento.js';

/** A gate finding before explanation: the official code, where in the XML, and a specific detail. */
export interface HallazgoFev {
  codigo: string;
  ruta: string;
  /** The element's business name in Spanish; absent: the code's (CODIGOS_FEV). */
  campoNombre?: string;
  detalle?: string;
  valor?: string;
}

/** Collects findings by check key; checks without a code for this document type are skipped. */
export class Anotador {
  readonly hallazgos: HallazgoFev[] = [];
  constructor(readonly tipo: TipoDocumentoFev) {}
  anotar(
    clave: string,
    extra: { detalle?: string; valor?: string | null; ruta?: string; campoNombre?: string } = {},
  ): void {
    const codigo = codigoDe(clave, this.tipo);
    if (!codigo) return;
    this.hallazgos.push({
      codigo,
      ruta: extra.ruta ?? rutaDe(clave, this.tipo),
      campoNombre: extra.campoNombre ?? nombreDe(clave, this.tipo),
      ...(extra.detalle ? { detalle: extra.detalle } : {}),
      ...(extra.valor !== undefined && extra.valor !== null ? { valor: extra.valor } : {}),
    });
  }
}

/** Health operation types of an invoice (DT2 §9, salud_tipo_operacion.gc). */
export const OPERACIONES_SALUD: ReadonlySet<string> = new Set([
  'SS-CUFE',
  'SS-CUDE',
  'SS-POS',
  'SS-SNum',
  'SS-Recaudo',
  'SS-Reporte',
  'SS-SinAporte',
]);
/** DIAN operation type a note must have for the MUV: 20 (NC) / 30 (ND) referencing an invoice. */
const OPERACION_NOTA: Partial<Record<TipoDocumentoFev, string>> = { CreditNote: '20', DebitNote: '30' };
const TIPOS_FACTURA_DIAN = new Set(['01', '02', '03', '04']);
const TIPOS_FACTURA_SALUD = new Set(['01', '03', '04']);
/** conceptoRecaudo codes allowed as PrepaidPayment schemeID (05 "no aplica" appears in the official example with 0). */
export const CONCEPTOS_RECAUDO = new Set(['01', '02', '03', '04', '05']);
/** modalidadPago (DT2 v001 §4.2): 01 paquete/canasta, 02 PGP, 03 capitación, 04 evento. */
export const MODALIDADES_PAGO = new Set(['01', '02', '03', '04']);
export const MODALIDAD_EVENTO = '04';
/** coberturaPlan 01–17 (Res. 948 AT2 §3.3 adds 16/17); 03 has no allowed combination in DT1 §1.8. */
const COBERTURAS = new Set(Array.from({ length: 17 }, (_, i) => String(i + 1).padStart(2, '0')));
const COBERTURA_NO_REGLAMENTADA = '03';
/** Invoices issued from this day may no longer use coverage 01 (DT1 v002 §3.2). */
const INACTIVA_01_DESDE = '2026-07-01';
/** Coverages whose invoices must carry the policy number (DT2 §4.5): SOAT and voluntary plans. */
const COBERTURAS_CON_POLIZA = new Set(['04', '10', '11', '12']);

const FECHA = /^(\d{4})-(\d{2})-(\d{2})$/;

export function fechaValida(v: string | null): boolean {
  const m = v ? FECHA.exec(v) : null;
  if (!m) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

function esNumeroNoNegativo(v: string | null): boolean {
  return v !== null && /^\d+(\.\d+)?$/.test(v);
}

/** Presence and content checks of the document inside the container (DT2 §11.2–11.3). */
export function verificarDocumento(d: DocumentoFev, a: Anotador): void {
  const nota = OPERACION_NOTA[d.tipo];
  if (d.customizationID === null) a.anotar('customizationID');
  else if (d.tipo === 'Invoice' && !OPERACIONES_SALUD.has(d.customizationID))
    a.anotar('operacionSalud', { valor: d.customizationID });
  else if (nota && d.customizationID !== nota)
    a.anotar('referencia', {
      ruta: `${d.tipo}.CustomizationID`,
      campoNombre: 'Tipo de operación de la nota',
      valor: d.customizationID,
      detalle: `El tipo de operación de la nota debe ser ${nota}.`,
    });
  if (nota && !d.facturaReferida?.id) a.anotar('referencia');

  if (d.numero === null) a.anotar('numero');
  else if (!/^[A-Za-z0-9-]+$/.test(d.numero)) a.anotar('numeroInvalido', { valor: d.numero });
  if (d.cufe === null) a.anotar('cufe');
  else if (!/^[A-Za-z0-9]+$/.test(d.cufe)) a.anotar('cufeInvalido');
  if (d.fechaEmision === null) a.anotar('fechaEmision');

  if (d.tipo === 'Invoice') {
    if (d.codigoTipo === null) a.anotar('codigoTipo');
    else if (!TIPOS_FACTURA_DIAN.has(d.codigoTipo)) a.anotar('tipoInvalido', { valor: d.codigoTipo });
    else if (!TIPOS_FACTURA_SALUD.has(d.codigoTipo)) a.anotar('tipoNoValido', { valor: d.codigoTipo });
  } else if (d.tipo === 'CreditNote') {
    if (d.codigoTipo === null) a.anotar('tipoInvalido', { ruta: 'CreditNote.CreditNoteTypeCode' });
    else if (d.codigoTipo !== '91')
      a.anotar('tipoNoValido', { ruta: 'CreditNote.CreditNoteTypeCode', valor: d.codigoTipo });
  }

  const rutaAPagar = d.tipo === 'DebitNote' ? { ruta: 'DebitNote.RequestedMonetaryTotal.PayableAmount' } : {};
  if (d.totales.aPagarTexto === null) a.anotar('aPagar', rutaAPagar);
  else if (d.totales.aPagar === null)
    a.anotar('aPagar', { ...rutaAPagar, valor: d.totales.aPagarTexto, detalle: 'El valor no es numérico.' });

  const e = d.emisor;
  if (!e.presente) a.anotar('emisor');
  else {
    if (e.additionalAccountID === null) a.anotar('emisorCuenta');
    if (!e.party) a.anotar('emisorParty');
    else if (!e.partyTaxScheme) a.anotar('emisorPartyTaxScheme');
    else {
      if (e.nit === null) a.anotar('emisorNit');
      if (e.dv === null) a.anotar('emisorDv');
      else if (!/^\d$/.test(e.dv)) a.anotar('emisorDvValor', { valor: e.dv });
      if (e.schemeName !== '31') a.anotar('emisorEsquema', { valor: e.schemeName });
      if (e.razonSocial === null) a.anotar('emisorNombre');
    }
  }
  if (d.adquiriente.additionalAccountID === null) a.anotar('adquirienteCuenta');
  if (d.adquiriente.nit === null) a.anotar('adquirienteNit');
  if (d.adquiriente.razonSocial === null) a.anotar('adquirienteNombre');

  verificarPeriodo(d, a);
  verificarPagosAnticipados(d, a);
  for (const c of d.cargosDescuentos) {
    const p = c.esCargo ? 'cargo' : 'descuento';
    if (c.multiplicador === null) a.anotar(`${p}Multiplicador`);
    if (c.monto === null) a.anotar(`${p}Monto`);
    if (c.base === null) a.anotar(`${p}Base`);
  }
  for (const t of d.tributos) {
    const detalle = `En el tributo de ${t.donde}.`;
    if (t.monto === null) a.anotar('tributoMonto', { detalle });
    for (const s of t.subtotales) {
      if (s.base === null) a.anotar('tributoBase', { detalle });
      if (s.monto === null) a.anotar('tributoSubtotal', { detalle });
      if (s.esquema === null) a.anotar('tributoEsquema', { detalle });
    }
  }
  if (d.extensionSalud === null) a.anotar('extension');
  else verificarExtensionSalud(d, d.extensionSalud.items, a);
}

function verificarPeriodo(d: DocumentoFev, a: Anotador): void {
  const { inicio, fin } = d.periodo;
  if (inicio === null) a.anotar('periodoInicio');
  else if (!fechaValida(inicio))
    a.anotar('periodoInicioValor', { valor: inicio, detalle: 'No es una fecha AAAA-MM-DD.' });
  if (fin === null) a.anotar('periodoFin');
  else if (!fechaValida(fin))
    a.anotar('periodoFinValor', { valor: fin, detalle: 'No es una fecha AAAA-MM-DD.' });
  if (fechaValida(inicio) && fechaValida(fin) && inicio! > fin!)
    a.anotar('periodoInicioValor', {
      valor: inicio,
      detalle: `La fecha de inicio es posterior a la fecha final (${fin}).`,
    });
}

function verificarPagosAnticipados(d: DocumentoFev, a: Anotador): void {
  const vistos = new Set<string>();
  d.pagosAnticipados.forEach((p, i) => {
    const ruta = `${d.tipo}.PrepaidPayment[${i}]`;
    if (p.concepto === null) a.anotar('prepagoConcepto', { ruta: `${ruta}.ID.schemeID` });
    else if (!CONCEPTOS_RECAUDO.has(p.concepto))
      a.anotar('prepagoConcepto', {
        ruta: `${ruta}.ID.schemeID`,
        valor: p.concepto,
        detalle:
          'No es un código de la tabla conceptoRecaudo (01 copago, 02 cuota moderadora, 03 pagos compartidos, 04 anticipo).',
      });
    else if (vistos.has(p.concepto))
      a.anotar('prepagoUnico', { ruta, valor: p.concepto, detalle: `El concepto ${p.concepto} se repite.` });
    else vistos.add(p.concepto);
    if (p.valorTexto === null) a.anotar('prepagoValor', { ruta: `${ruta}.PaidAmount` });
    else if (!esNumeroNoNegativo(p.valorTexto))
      a.anotar('prepagoValor', {
        ruta: `${ruta}.PaidAmount`,
        valor: p.valorTexto,
        detalle: 'Debe ser un número no negativo sin separadores de miles.',
      });
  });
}

function verificarExtensionSalud(d: DocumentoFev, items: InformacionSalud[], a: Anotador): void {
  const dato = (nombre: string) => items.find((i) => i.nombre === nombre);
  const prestador = dato('CODIGO_PRESTADOR');
  if (!prestador) a.anotar('prestadorGrupo');
  else if (prestador.valor === null) a.anotar('prestadorValor');

  const modalidad = dato('MODALIDAD_PAGO');
  if (!modalidad) a.anotar('modalidadGrupo');
  else if (modalidad.schemeID === null) a.anotar('modalidadEsquema');
  else if (!MODALIDADES_PAGO.has(modalidad.schemeID))
    a.anotar('modalidadValor', {
      valor: modalidad.schemeID,
      detalle: 'El código no está en la tabla modalidadPago.',
    });
  else if (modalidad.schemeName !== 'salud_modalidad_pago.gc')
    a.anotar('modalidadValor', {
      valor: modalidad.schemeName ?? '',
      detalle: 'El schemeName debe ser «salud_modalidad_pago.gc».',
    });

  const cobertura = dato('COBERTURA_PLAN_BENEFICIOS');
  if (!cobertura) a.anotar('coberturaGrupo');
  else if (cobertura.schemeID === null) a.anotar('coberturaEsquema');
  else {
    const c = cobertura.schemeID;
    if (!COBERTURAS.has(c))
      a.anotar('coberturaValor', { valor: c, detalle: 'El código no está en la tabla coberturaPlan.' });
    else if (c === COBERTURA_NO_REGLAMENTADA)
      a.anotar('coberturaValor', {
        valor: c,
        detalle:
          'La cobertura 03 (prima EPS no asegurados SOAT) no tiene combinaciones permitidas en el DT1 §1.8.',
      });
    else if (c === '01' && d.fechaEmision !== null && d.fechaEmision >= INACTIVA_01_DESDE)
      a.anotar('coberturaValor', {
        valor: c,
        detalle: `La cobertura 01 está inactiva para documentos emitidos desde ${INACTIVA_01_DESDE}: use 16 (UPC contributiva) o 17 (UPC subsidiada).`,
      });
    if (cobertura.schemeName !== 'salud_cobertura.gc')
      a.anotar('coberturaValor', {
        valor: cobertura.schemeName ?? '',
        detalle: 'El schemeName debe ser «salud_cobertura.gc».',
      });
  }

  const sinContrato = dato('FACTURA_SIN_CONTRATO');
  const contrato = dato('NUMERO_CONTRATO');
  if (!contrato) a.anotar('contratoGrupo');
  else if (contrato.valor === null && !sinContrato) a.anotar('contratoValor');
  if (sinContrato && sinContrato.schemeID === null && contrato?.valor == null) a.anotar('sinContratoEsquema');

  const poliza = dato('NUMERO_POLIZA');
  if (!poliza) a.anotar('polizaGrupo');
  else if (poliza.valor === null && cobertura?.schemeID && COBERTURAS_CON_POLIZA.has(cobertura.schemeID))
    a.anotar('polizaValor', { detalle: `La cobertura ${cobertura.schemeID} exige el número de póliza.` });
}
