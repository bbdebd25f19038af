import { createHash } from 'node:crypto';
import { type HallazgoFev, leerContenedorFev } from '../../rips/fev/index.js';
import type { DocumentoXml } from '../../rips/muv/operaciones.js';
import type { Registro } from '../../rips/tipos.js';
import { TIPOS_SERVICIO } from '../../rips/tipos.js';

/** JSON with keys sorted at every level: the same package always gives the same text. */
export function canonico(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonico).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .filter((k) => o[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonico(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

/**
 * The simulator's CUV: SHA-384 (96 lowercase hex, like the real one) of the canonical RIPS and the
 * attached XML. The real algorithm is not published; only its determinism is reproduced.
 */
export function cuvDelPaquete(rips: unknown, xmlFevFile: string): string {
  return createHash('sha384').update(canonico(rips)).update('\n').update(xmlFevFile).digest('hex');
}

/** Counts per service type as ConsultarCUV's CantidadTotalAtenciones names them. */
export function contarAtenciones(rips: Registro) {
  const total = {
    Consultas: 0,
    Procedimientos: 0,
    Medicamentos: 0,
    OtrosServicios: 0,
    RecienNacidos: 0,
    Hospitalizaciones: 0,
    Urgencias: 0,
  };
  const nombre: Record<string, keyof typeof total> = {
    consultas: 'Consultas',
    procedimientos: 'Procedimientos',
    medicamentos: 'Medicamentos',
    otrosServicios: 'OtrosServicios',
    recienNacidos: 'RecienNacidos',
    hospitalizacion: 'Hospitalizaciones',
    urgencias: 'Urgencias',
  };
  let valor = 0;
  for (const u of serviciosDe(rips)) {
    total[nombre[u.tipo]!]++;
    const v = Number(u.registro.vrServicio);
    if (Number.isFinite(v)) valor += v;
  }
  const usuarios = Array.isArray(rips.usuarios) ? rips.usuarios.length : 0;
  return { total, valor, usuarios, atenciones: Object.values(total).reduce((a, b) => a + b, 0) };
}

export function* serviciosDe(rips: Registro) {
  const usuarios = Array.isArray(rips.usuarios) ? rips.usuarios : [];
  for (let i = 0; i < usuarios.length; i++) {
    const servicios = (usuarios[i] as Registro | null)?.servicios as Registro | undefined;
    if (!servicios || typeof servicios !== 'object') continue;
    for (const tipo of TIPOS_SERVICIO) {
      const lista = servicios[tipo];
      if (!Array.isArray(lista)) continue;
      for (let j = 0; j < lista.length; j++) {
        const registro = lista[j] as Registro;
        if (registro && typeof registro === 'object') yield { usuarioIndex: i, tipo, indice: j, registro };
      }
    }
  }
}

/** A value of the attached XML (base64 AttachedDocument), read by tag name; null when absent. */
export function valorXml(xmlBase64: string, etiqueta: string): string | null {
  if (!xmlBase64) return null;
  const xml = Buffer.from(xmlBase64, 'base64').toString('utf8');
  const m = new RegExp(`<(?:\\w+:)?${etiqueta}\\b[^>]*>([^<]*)<`).exec(xml);
  return m ? m[1]!.trim() : null;
}

/** "2026-11-23T08:15:02.1234567": Colombian local time without offset, as the mechanism writes it. */
export function fechaColombia(d: Date): string {
  const local = new Date(d.getTime() - 5 * 3600_000).toISOString().replace('Z', '');
  return `${local}0000`;
}

/** What the simulated mechanism reads from the AttachedDocument's embedded Invoice / CreditNote / DebitNote. */
export interface DocumentoLeido {
  tipo: DocumentoXml;
  /** The document's own number (invoice or note). */
  numero: string | null;
  /** The invoice: its own number, or the one a note references (BillingReference/InvoiceDocumentReference/ID). */
  numeroFactura: string | null;
  nit: string | null;
  nitAdquiriente: string | null;
  fechaEmision: string | null;
  periodo: { inicio: string | null; fin: string | null };
  /** schemeID of the health extension's MODALIDAD_PAGO (01–04). */
  modalidadPago: string | null;
}

const TIPO_NOTA_DEL_XML: Record<DocumentoXml, string | null> = {
  Invoice: null,
  CreditNote: 'NC',
  DebitNote: 'ND',
};

/**
 * Reads the container with the service's own FEV reader (safe parser, size and depth limits). The
 * gate's findings are kept only to name why a document could not be read; the sandbox does not
 * repeat the gate.
 */
export function leerDocumentoXml(
  xmlFevFile: string,
  esperado: DocumentoXml,
): { documento: DocumentoLeido | null; hallazgos: HallazgoFev[] } {
  const { resumen, hallazgos } = leerContenedorFev(xmlFevFile, { tipoNota: TIPO_NOTA_DEL_XML[esperado] });
  if (!resumen || resumen.tipoDocumento !== esperado) return { documento: null, hallazgos };
  return {
    documento: {
      tipo: resumen.tipoDocumento,
      numero: resumen.numero,
      numeroFactura: resumen.numeroFactura,
      nit: resumen.nitEmisor,
      nitAdquiriente: resumen.nitAdquiriente,
      fechaEmision: resumen.fechaEmision,
      periodo: resumen.periodo,
      modalidadPago: resumen.modalidadPago,
    },
    hallazgos,
  };
}

/** ModalidadPago as the mechanism writes it (manual §8.13 and its examples: «Pago capitacion»). */
export const TEXTO_MODALIDAD: Readonly<Record<string, string>> = {
  '01': 'Pago individual por caso / Conjunto integral de atenciones / Paquete / Canasta',
  '02': 'Pago global prospectivo',
  '03': 'Pago capitacion',
  '04': 'Pago por evento',
};

/** "" without an XML (manual §8.6–8.7 examples) or with a code the sandbox does not know. */
export function textoModalidad(documento: DocumentoLeido | null): string {
  return (documento?.modalidadPago && TEXTO_MODALIDAD[documento.modalidadPago]) || '';
}

const FECHA = /^\d{4}-\d{2}-\d{2}$/;

/** An XML date (AAAA-MM-DD) as the mechanism answers it, "2025-01-01T00:00:00"; null otherwise. */
export function fechaAtencion(fecha: string | null | undefined): string | null {
  return fecha && FECHA.test(fecha) ? `${fecha}T00:00:00` : null;
}

/** PeriodoAtencion of the answer: the XML's InvoicePeriod; both null without an XML. */
export function periodoAtencion(documento: DocumentoLeido | null) {
  return {
    FechaInicio: fechaAtencion(documento?.periodo.inicio),
    FechaFin: fechaAtencion(documento?.periodo.fin),
  };
}

/** "2025-01-30" → "30/01/2025" (the mechanism's CIN001 text). */
export function fechaDiaMes(fecha: string): string {
  const [a, m, d] = fecha.split('-');
  return `${d}/${m}/${a}`;
}

export const esFechaXml = (f: string | null | undefined): f is string => !!f && FECHA.test(f);
