import { atributo, hijo, hijos, type Nodo, ruta, texto, valor } from './xml.js';

export type TipoDocumentoFev = 'Invoice' | 'CreditNote' | 'DebitNote';
export const TIPOS_DOCUMENTO_FEV: readonly TipoDocumentoFev[] = ['Invoice', 'CreditNote', 'DebitNote'];

export interface InformacionSalud {
  nombre: string;
  valor: string | null;
  /** false when the AdditionalInformation has no Value element at all. */
  conValor: boolean;
  schemeID: string | null;
  schemeName: string | null;
}

export interface PagoAnticipado {
  id: string | null;
  concepto: string | null;
  valorTexto: string | null;
  valor: number | null;
}

export interface CargoDescuento {
  esCargo: boolean;
  multiplicador: string | null;
  monto: string | null;
  base: string | null;
}

export interface Tributo {
  /** Where it is: document level or line n (1-based). */
  donde: string;
  monto: string | null;
  subtotales: { base: string | null; monto: string | null; esquema: string | null }[];
}

/** What the gate reads from the invoice, credit note or debit note inside the container. */
export interface DocumentoFev {
  tipo: TipoDocumentoFev;
  customizationID: string | null;
  /** InvoiceTypeCode / CreditNoteTypeCode (DebitNote has none). */
  codigoTipo: string | null;
  numero: string | null;
  cufe: string | null;
  fechaEmision: string | null;
  emisor: {
    presente: boolean;
    party: boolean;
    partyTaxScheme: boolean;
    additionalAccountID: string | null;
    nit: string | null;
    dv: string | null;
    schemeName: string | null;
    razonSocial: string | null;
  };
  adquiriente: { additionalAccountID: string | null; nit: string | null; razonSocial: string | null };
  periodo: { presente: boolean; inicio: string | null; fin: string | null };
  pagosAnticipados: PagoAnticipado[];
  totales: {
    lineas: number | null;
    baseImpuestos: number | null;
    conImpuestos: number | null;
    anticipado: number | null;
    aPagar: number | null;
    aPagarTexto: string | null;
  };
  cargosDescuentos: CargoDescuento[];
  tributos: Tributo[];
  /** null when there is no CustomTagGeneral. */
  extensionSalud: { items: InformacionSalud[] } | null;
  /** BillingReference/InvoiceDocumentReference of a note. */
  facturaReferida: { id: string | null; cufe: string | null; fecha: string | null } | null;
}

export function numeroDe(t: string | null): number | null {
  if (t === null) return null;
  if (!/^-?\d+(\.\d+)?$/.test(t)) return null;
  return Number(t);
}

/** Reads the document (its root node) into the gate's model; absent values are null. */
export function leerDocumento(tipo: TipoDocumentoFev, doc: Nodo): DocumentoFev {
  const proveedor = hijo(doc, 'AccountingSupplierParty');
  const partyProv = hijo(proveedor, 'Party');
  const ptsProv = hijo(partyProv, 'PartyTaxScheme');
  const nitProv = hijo(ptsProv, 'CompanyID');
  const cliente = hijo(doc, 'AccountingCustomerParty');
  const ptsCli = ruta(cliente, 'Party', 'PartyTaxScheme');
  const periodo = hijo(doc, 'InvoicePeriod');
  const totales = hijo(doc, tipo === 'DebitNote' ? 'RequestedMonetaryTotal' : 'LegalMonetaryTotal');
  const referencia = ruta(doc, 'BillingReference', 'InvoiceDocumentReference');
  const aPagarTexto = valor(totales, 'PayableAmount');
  return {
    tipo,
    customizationID: valor(doc, 'CustomizationID'),
    codigoTipo:
      tipo === 'Invoice'
        ? valor(doc, 'InvoiceTypeCode')
        : tipo === 'CreditNote'
          ? valor(doc, 'CreditNoteTypeCode')
          : null,
    numero: valor(doc, 'ID'),
    cufe: valor(doc, 'UUID'),
    fechaEmision: valor(doc, 'IssueDate'),
    emisor: {
      presente: proveedor !== undefined,
      party: partyProv !== undefined,
      partyTaxScheme: ptsProv !== undefined,
      additionalAccountID: valor(proveedor, 'AdditionalAccountID'),
      nit: texto(nitProv),
      dv: atributo(nitProv, 'schemeID'),
      schemeName: atributo(nitProv, 'schemeName'),
      razonSocial: valor(ptsProv, 'RegistrationName'),
    },
    adquiriente: {
      additionalAccountID: valor(cliente, 'AdditionalAccountID'),
      nit: valor(ptsCli, 'CompanyID'),
      razonSocial: valor(ptsCli, 'RegistrationName'),
    },
    periodo: {
      presente: periodo !== undefined,
      inicio: valor(periodo, 'StartDate'),
      fin: valor(periodo, 'EndDate'),
    },
    pagosAnticipados: hijos(doc, 'PrepaidPayment').map((p) => {
      const id = hijo(p, 'ID');
      const valorTexto = valor(p, 'PaidAmount');
      return { id: texto(id), concepto: atributo(id, 'schemeID'), valorTexto, valor: numeroDe(valorTexto) };
    }),
    totales: {
      lineas: numeroDe(valor(totales, 'LineExtensionAmount')),
      baseImpuestos: numeroDe(valor(totales, 'TaxExclusiveAmount')),
      conImpuestos: numeroDe(valor(totales, 'TaxInclusiveAmount')),
      anticipado: numeroDe(valor(totales, 'PrepaidAmount')),
      aPagar: numeroDe(aPagarTexto),
      aPagarTexto,
    },
    cargosDescuentos: hijos(doc, 'AllowanceCharge').map((a) => ({
      esCargo: valor(a, 'ChargeIndicator')?.toLowerCase() === 'true',
      multiplicador: valor(a, 'MultiplierFactorNumeric'),
      monto: valor(a, 'Amount'),
      base: valor(a, 'BaseAmount'),
    })),
    tributos: [
      ...hijos(doc, 'TaxTotal').map((t) => tributo('documento', t)),
      ...hijos(
        doc,
        tipo === 'Invoice' ? 'InvoiceLine' : tipo === 'CreditNote' ? 'CreditNoteLine' : 'DebitNoteLine',
      ).flatMap((l, i) => hijos(l, 'TaxTotal').map((t) => tributo(`línea ${i + 1}`, t))),
    ],
    extensionSalud: extensionSalud(doc),
    facturaReferida: referencia
      ? {
          id: valor(referencia, 'ID'),
          cufe: valor(referencia, 'UUID'),
          fecha: valor(referencia, 'IssueDate'),
        }
      : null,
  };
}

function tributo(donde: string, t: Nodo): Tributo {
  return {
    donde,
    monto: valor(t, 'TaxAmount'),
    subtotales: hijos(t, 'TaxSubtotal').map((s) => ({
      base: valor(s, 'TaxableAmount'),
      monto: valor(s, 'TaxAmount'),
      esquema: valor(s, 'TaxCategory', 'TaxScheme', 'ID'),
    })),
  };
}

/** UBLExtensions/UBLExtension/ExtensionContent/CustomTagGeneral, wherever it sits among the extensions. */
function extensionSalud(doc: Nodo): DocumentoFev['extensionSalud'] {
  for (const ext of hijos(hijo(doc, 'UBLExtensions'), 'UBLExtension')) {
    const tag = ruta(ext, 'ExtensionContent', 'CustomTagGeneral');
    if (!tag) continue;
    const items: InformacionSalud[] = [];
    for (const interop of hijos(tag, 'Interoperabilidad'))
      for (const grupo of hijos(interop, 'Group'))
        for (const coleccion of hijos(grupo, 'Collection'))
          for (const info of hijos(coleccion, 'AdditionalInformation')) {
            const nombre = valor(info, 'Name');
            if (!nombre) continue;
            const v = hijo(info, 'Value');
            items.push({
              nombre: nombre.toUpperCase(),
              valor: texto(v),
              conValor: v !== undefined,
              schemeID: atributo(v, 'schemeID'),
              schemeName: atributo(v, 'schemeName'),
            });
          }
    return { items };
  }
  return null;
}
