import { errores } from '../../errores/errores.js';
import { leerContenedorFev } from '../fev/index.js';
import {
  CLAVES_OPERACION,
  type DefinicionOperacion,
  definicion,
  type OperacionMuv,
  operacionDe,
  operacionPorClave,
} from '../muv/operaciones.js';
import type { Registro } from '../tipos.js';
import { type ClaveDesconocida, depurarRips } from './depurar.js';

/** Header values are stored and echoed at most this long; the gate reports the real size (RVG05). */
export const MAX_CABECERA = 64;

/** Header values as stored and echoed: bounded, with the real length when cut. */
export function acotar(v: string | null): string | null {
  if (v === null || v.length <= MAX_CABECERA) return v;
  return `${v.slice(0, 20)}… (${v.length} caracteres)`;
}

const texto = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** A request's document as the filing (and the validation with «operacion») reads it. */
export interface Documento {
  /** The RIPS sent, or (operations that send none) its header read from the XML, with no users. */
  rips: Registro;
  /** Whether `rips` goes to the mechanism (false: the envelope carries `rips: null`). */
  enviaRips: boolean;
  xmlFevFile: string | null;
  operacion: OperacionMuv;
  def: DefinicionOperacion;
  numFactura: string | null;
  nit: string | null;
  tipoNota: string | null;
  numNota: string | null;
  /** Invoice number, or the note's own number: the mechanism's key of the document. */
  numero: string | null;
  /** huellaDe, computed once when first needed. */
  huella?: string;
  /** Keys outside DT1, already taken out of `rips` (never sent): reported as EST01. */
  desconocidas: ClaveDesconocida[];
}

/** `operacion` of the body: absent → chosen from tipoNota; otherwise one of the table's keys. */
export function leerOperacionNombrada(v: unknown): DefinicionOperacion | undefined {
  if (v === undefined || v === null) return undefined;
  const def = typeof v === 'string' ? operacionPorClave(v) : undefined;
  if (!def) {
    throw errores.entradaInvalida(
      `«operacion» no es una operación del MUV. Valores: ${claves()}. Sin «operacion», se elige por «rips.tipoNota».`,
      [{ campo: 'operacion', mensaje: `Valor recibido: ${recortado(v)}.` }],
    );
  }
  return def;
}

const claves = () => CLAVES_OPERACION.join(', ');
const recortado = (v: unknown) => {
  const t = JSON.stringify(v) ?? String(v);
  return t.length > 40 ? `${t.slice(0, 37)}…` : t;
};
const etiqueta = (d: DefinicionOperacion) => `«${d.clave}» (${d.metodo})`;
const tipoNotaTexto = (t: string | null) => (t === null ? 'null (factura)' : t);

/**
 * Body checks that need no rules: shapes, the operation (named, or chosen from tipoNota as in
 * contract 1.0) and what it takes (a RIPS or null, an attachment or none). Operations without RIPS
 * take the document's identity from the XML.
 */
export function leerEntrada(entrada: { rips: unknown; xmlFevFile: unknown; operacion?: unknown }): Documento {
  const { rips, xmlFevFile } = entrada;
  const nombrada = leerOperacionNombrada(entrada.operacion);
  if (rips !== undefined && rips !== null && (typeof rips !== 'object' || Array.isArray(rips))) {
    throw errores.entradaInvalida('Envíe el RIPS como objeto JSON en el campo «rips».', [
      { campo: 'rips', mensaje: 'Debe ser un objeto JSON.' },
    ]);
  }
  if (xmlFevFile !== null && xmlFevFile !== undefined && typeof xmlFevFile !== 'string') {
    throw errores.entradaInvalida('«xmlFevFile» debe ser el AttachedDocument codificado en base64 (texto).', [
      { campo: 'xmlFevFile', mensaje: 'Debe ser texto base64.' },
    ]);
  }
  const r = (rips ?? null) as Registro | null;
  if (!nombrada && !r) {
    throw errores.entradaInvalida(
      'Envíe el RIPS como objeto JSON en el campo «rips». Las operaciones que se radican sin RIPS (nota-credito-total, nota-credito-acuerdo-voluntades, capita-inicial) se piden con «operacion».',
      [{ campo: 'rips', mensaje: 'Es obligatorio.' }],
    );
  }
  let def: DefinicionOperacion;
  if (nombrada) {
    def = nombrada;
    if (r && def.rips === 'nulo') {
      throw errores.entradaInvalida(
        `La operación ${etiqueta(def)} se radica sin RIPS (${def.fuente}): envíe «rips» null o no lo envíe.`,
        [{ campo: 'rips', mensaje: `Debe ser null en ${def.metodo}.` }],
      );
    }
    if (!r && def.rips === 'obligatorio') {
      throw errores.entradaInvalida(`La operación ${etiqueta(def)} lleva el RIPS: envíelo en «rips».`, [
        { campo: 'rips', mensaje: `Es obligatorio en ${def.metodo}.` },
      ]);
    }
    if (r) {
      const t = r.tipoNota ?? null;
      if (!(def.tiposNota as readonly unknown[]).includes(t)) {
        const esperado = def.tiposNota.map(tipoNotaTexto).join(' o ');
        const propia = operacionDe(t);
        throw errores.entradaInvalida(
          `«rips.tipoNota» contradice la operación ${etiqueta(def)}: esa operación lleva tipoNota ${esperado}.${propia ? ` Con tipoNota ${tipoNotaTexto(t as string | null)} la operación es «${definicion(propia).clave}».` : ''}`,
          [{ campo: 'rips.tipoNota', mensaje: `Valor recibido: ${recortado(t)}; se espera ${esperado}.` }],
        );
      }
    }
  } else {
    const propia = operacionDe(r!.tipoNota);
    if (!propia) {
      throw errores.entradaInvalida('«tipoNota» debe ser null (factura), NC, ND, NA o RS.', [
        { campo: 'rips.tipoNota', mensaje: `Valor recibido: ${recortado(r!.tipoNota)}.` },
      ]);
    }
    def = definicion(propia);
  }
  const operacion = def.metodo as OperacionMuv;
  const xml = texto(xmlFevFile);
  if (xml && def.adjunto === 'vacio') {
    throw errores.entradaInvalida(
      `La operación ${etiqueta(def)} se radica sin XML: envíe «xmlFevFile» vacío o no lo envíe.`,
      [{ campo: 'xmlFevFile', mensaje: `No aplica a ${operacion}.` }],
    );
  }
  // Without «operacion» a missing invoice XML stays the gate's finding (contract 1.0); named, it is a 400.
  if (!xml && def.adjunto === 'obligatorio' && (nombrada || !r)) {
    throw errores.entradaInvalida(
      `La operación ${etiqueta(def)} lleva el AttachedDocument ${def.documentoXml === 'Invoice' ? 'de la factura' : 'de la nota crédito'} en base64 en «xmlFevFile».`,
      [{ campo: 'xmlFevFile', mensaje: `Es obligatorio en ${operacion}.` }],
    );
  }
  if (xml && !/^[A-Za-z0-9+/\s]+=*\s*$/.test(xml)) {
    throw errores.entradaInvalida('«xmlFevFile» no es base64 válido.', [
      { campo: 'xmlFevFile', mensaje: 'Codifique el AttachedDocument en base64.' },
    ]);
  }
  if (!r) return documentoSinRips(def, xml!);
  const tipoNota = texto(r.tipoNota);
  const numFactura = texto(r.numFactura);
  const numNota = texto(r.numNota);
  // From here on (gate, fingerprint, upload, reconciliation) the package is what the MUV receives.
  const { rips: depurado, desconocidas } = depurarRips(r);
  return {
    rips: depurado,
    enviaRips: true,
    desconocidas,
    xmlFevFile: xml,
    operacion,
    def,
    numFactura,
    nit: texto(r.numDocumentoIdObligado),
    tipoNota,
    numNota,
    numero: tipoNota ? numNota : numFactura,
  };
}

/**
 * A document sent without RIPS (total and agreement credit notes, the initial capitation invoice):
 * who and which document come from the XML. An XML that cannot be read leaves them null; the gate
 * then reports why, with its evidence row.
 */
function documentoSinRips(def: DefinicionOperacion, xml: string): Documento {
  const tipoNota = def.tipoNotaSinRips;
  const { resumen } = leerContenedorFev(xml, { tipoNota });
  const nit = texto(resumen?.nitEmisor);
  const numFactura = texto(resumen?.numeroFactura);
  const numNota = tipoNota ? texto(resumen?.numero) : null;
  return {
    rips: { numDocumentoIdObligado: nit, numFactura, tipoNota, numNota, usuarios: [] },
    enviaRips: false,
    desconocidas: [],
    xmlFevFile: xml,
    operacion: def.metodo as OperacionMuv,
    def,
    numFactura,
    nit,
    tipoNota,
    numNota,
    numero: tipoNota ? numNota : numFactura,
  };
}
