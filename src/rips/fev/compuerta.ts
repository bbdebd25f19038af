import type { DatosFev } from '../reglas/tipos.js';
import type { Registro } from '../tipos.js';
import { nombreDe } from './codigos.js';
import { type DocumentoFev, leerDocumento, TIPOS_DOCUMENTO_FEV, type TipoDocumentoFev } from './documento.js';
import {
  codificacionDeclarada,
  decodificarXmlFev,
  esUtf8,
  LIMITES_FEV_POR_DEFECTO,
  type LimitesFev,
} from './entrada.js';
import { Anotador, CONCEPTOS_RECAUDO, type HallazgoFev, verificarDocumento } from './verificar.js';
import { ErrorXml, hijos, type Nodo, parsearXml, raiz, ruta, valor } from './xml.js';

export interface ResultadoCompuerta {
  hallazgos: HallazgoFev[];
  /** The document read from the container (when it could be read). */
  documento?: DocumentoFev;
  /**
   * For the RIPS rules: the invoice data when the container could be read; null when no XML
   * applies (tipoNota NA/RS); undefined when the XML is missing or unreadable.
   */
  datos?: DatosFev | null;
}

/** NA (ajuste) and RS (RIPS sin factura) are filed without an electronic document. */
const SIN_DOCUMENTO = new Set(['NA', 'RS']);

export function documentoEsperado(tipoNota: unknown): TipoDocumentoFev | null {
  const t = typeof tipoNota === 'string' ? tipoNota.trim().toUpperCase() : '';
  if (SIN_DOCUMENTO.has(t)) return null;
  if (t === 'NC') return 'CreditNote';
  if (t === 'ND') return 'DebitNote';
  return 'Invoice';
}

/** Names and values quoted in a finding come from the input: keep them short. */
const corto = (v: string) => (v.length > 80 ? `${v.slice(0, 77)}…` : v);

const RUTA_RESPUESTA =
  'AttachedDocument.ParentDocumentLineReference.DocumentReference.Attachment.ExternalReference.Description';

/** The embedded document's text: CDATA, or (rarely) escaped, which the parser has already decoded. */
const textoEmbebido = (n: Nodo | undefined): string | null => valor(n);

/**
 * The document an MUV operation expects (src/rips/muv/operaciones.ts, `documentoXml`): it decides
 * over the RIPS's tipoNota, which is absent when the operation goes without a RIPS.
 */
export interface EsperadoPorOperacion {
  documento: TipoDocumentoFev | null;
  /** The operation's name, quoted when an XML comes where none goes. */
  nombre: string;
}

/**
 * The FEV gate (DT2 §11, LIN §4.3): decodes and parses the AttachedDocument safely, checks the
 * container, the embedded document and the DIAN response, and compares the invoice number with
 * the RIPS (PFP001). Never throws on bad input: every problem is a finding.
 */
export function ejecutarCompuerta(
  rips: Registro,
  xmlFevFile: string | null | undefined,
  limites: LimitesFev = LIMITES_FEV_POR_DEFECTO,
  operacion?: EsperadoPorOperacion,
): ResultadoCompuerta {
  const esperado = operacion ? operacion.documento : documentoEsperado(rips.tipoNota);
  const a = new Anotador(esperado ?? 'Invoice');
  if (esperado === null) {
    if (xmlFevFile && xmlFevFile.trim() !== '')
      a.anotar('archivoSobrante', {
        detalle: operacion
          ? `La operación «${operacion.nombre}» se radica sin XML: «xmlFevFile» va vacío.`
          : `tipoNota es «${String(rips.tipoNota).trim()}».`,
      });
    return { hallazgos: a.hallazgos, datos: null };
  }
  // Absent: VPQ004; sent but empty: GI006 (from the decoder).
  if (xmlFevFile === undefined || xmlFevFile === null) {
    a.anotar('archivoFaltante');
    return { hallazgos: a.hallazgos };
  }
  const decodificado = decodificarXmlFev(xmlFevFile, limites);
  if (!decodificado.ok) {
    a.hallazgos.push({ codigo: decodificado.codigo, ruta: 'xmlFevFile', detalle: decodificado.detalle });
    return { hallazgos: a.hallazgos };
  }
  const limitesXml = { maxProfundidad: limites.maxProfundidad };
  let contenedor: Nodo;
  try {
    contenedor = parsearXml(decodificado.texto, limitesXml);
  } catch (e) {
    if (!(e instanceof ErrorXml)) throw e;
    a.anotar('estructuraContenedor', { detalle: e.motivo });
    return { hallazgos: a.hallazgos };
  }
  const r = raiz(contenedor);
  if (!r) {
    a.anotar('estructuraContenedor', { detalle: 'El XML no tiene un único elemento raíz.' });
    return { hallazgos: a.hallazgos };
  }
  if (r.nombre !== 'AttachedDocument') {
    a.anotar('contenedor', {
      detalle: (TIPOS_DOCUMENTO_FEV as readonly string[]).includes(r.nombre)
        ? `Se recibió un ${r.nombre} suelto (el XML de la DIAN sin su contenedor).`
        : `El elemento raíz es «${corto(r.nombre)}».`,
    });
    return { hallazgos: a.hallazgos };
  }
  const textoDoc = textoEmbebido(ruta(r.nodo, 'Attachment', 'ExternalReference', 'Description'));
  const referencia = ruta(r.nodo, 'ParentDocumentLineReference', 'DocumentReference');
  const textoRespuesta = textoEmbebido(ruta(referencia, 'Attachment', 'ExternalReference', 'Description'));
  if (textoDoc === null) a.anotar('documento');
  if (textoRespuesta === null) a.anotar('respuesta');
  // The embedded documents are text of the container (already UTF-8); their own declarations must say so.
  for (const [texto, clave, ruta] of [
    [textoDoc, 'documento', 'AttachedDocument.Attachment.ExternalReference.Description'],
    [textoRespuesta, 'respuesta', RUTA_RESPUESTA],
  ] as const) {
    const declarada = texto === null ? null : codificacionDeclarada(texto);
    if (declarada !== null && !esUtf8(declarada))
      a.anotar('archivoCodificacion', {
        ruta,
        campoNombre: nombreDe(clave, esperado),
        detalle: `${nombreDe(clave, esperado)} declara encoding="${corto(declarada)}", pero es texto UTF-8 dentro del contenedor.`,
      });
  }

  let documento: DocumentoFev | undefined;
  if (textoDoc !== null) {
    try {
      const d = raiz(parsearXml(textoDoc, limitesXml));
      if (!d) a.anotar('estructuraDocumento', { detalle: 'El documento no tiene un único elemento raíz.' });
      else if (d.nombre !== esperado) {
        if ((TIPOS_DOCUMENTO_FEV as readonly string[]).includes(d.nombre))
          a.anotar('noEsTipo', { detalle: `El contenedor trae un ${d.nombre}.` });
        else a.anotar('estructuraDocumento', { detalle: `El elemento raíz es «${corto(d.nombre)}».` });
      } else documento = leerDocumento(esperado, d.nodo);
    } catch (e) {
      if (!(e instanceof ErrorXml)) throw e;
      a.anotar('estructuraDocumento', { detalle: e.motivo });
    }
  }
  const aprobado = textoRespuesta === null ? undefined : verificarRespuesta(textoRespuesta, limitesXml, a);
  if (!documento) return { hallazgos: a.hallazgos };

  verificarDocumento(documento, a);
  // The DIAN's response must be about this very document (same number and CUFE/CUDE).
  if (aprobado) {
    const distintos = [
      aprobado.id && documento.numero && aprobado.id !== documento.numero
        ? `número «${corto(aprobado.id)}» (el documento es «${corto(documento.numero)}»)`
        : null,
      aprobado.uuid && documento.cufe && aprobado.uuid !== documento.cufe ? 'CUFE/CUDE distinto' : null,
    ].filter(Boolean);
    if (distintos.length)
      a.anotar('noAprobado', {
        detalle: `La respuesta de la DIAN es de otro documento: ${distintos.join('; ')}.`,
      });
  }
  const numeroFactura = esperado === 'Invoice' ? documento.numero : (documento.facturaReferida?.id ?? null);
  const numRips = typeof rips.numFactura === 'string' ? rips.numFactura.trim() : null;
  if (numeroFactura && numRips && numeroFactura !== numRips)
    a.anotar('numeroRips', {
      ruta:
        esperado === 'Invoice' ? 'Invoice.ID' : `${esperado}.BillingReference.InvoiceDocumentReference.ID`,
      valor: numeroFactura,
      detalle: `El RIPS informa «${corto(numRips)}».`,
    });
  return { hallazgos: a.hallazgos, documento, datos: datosParaReglas(documento) };
}

/** Checks the DIAN's response; returns the document it refers to (number and CUFE/CUDE) when readable. */
function verificarRespuesta(
  texto: string,
  limites: { maxProfundidad: number },
  a: Anotador,
): { id: string | null; uuid: string | null } | undefined {
  try {
    const d = raiz(parsearXml(texto, limites));
    if (d?.nombre !== 'ApplicationResponse') {
      a.anotar('estructuraRespuesta', {
        detalle: d ? `El elemento raíz es «${corto(d.nombre)}».` : undefined,
      });
      return undefined;
    }
    const respuesta = hijos(d.nodo, 'DocumentResponse')[0];
    const codigo = valor(respuesta, 'Response', 'ResponseCode');
    if (codigo === null) a.anotar('respuestaCodigo');
    else if (codigo !== '02') a.anotar('rechazadaDian', { valor: codigo });
    return {
      id: valor(respuesta, 'DocumentReference', 'ID'),
      uuid: valor(respuesta, 'DocumentReference', 'UUID'),
    };
  } catch (e) {
    if (!(e instanceof ErrorXml)) throw e;
    a.anotar('estructuraRespuesta', { detalle: e.motivo });
    return undefined;
  }
}

export function datosParaReglas(d: DocumentoFev): DatosFev {
  const info = (nombre: string) => d.extensionSalud?.items.find((i) => i.nombre === nombre);
  return {
    tipoDocumento: d.tipo,
    numero: d.numero,
    numeroFactura: d.tipo === 'Invoice' ? d.numero : (d.facturaReferida?.id ?? null),
    nitEmisor: d.emisor.nit,
    cobertura: info('COBERTURA_PLAN_BENEFICIOS')?.schemeID ?? null,
    modalidadPago: info('MODALIDAD_PAGO')?.schemeID ?? null,
    periodo: { inicio: d.periodo.inicio, fin: d.periodo.fin },
    pagosAnticipados: d.pagosAnticipados
      .filter((p) => p.concepto !== null && CONCEPTOS_RECAUDO.has(p.concepto) && p.valor !== null)
      .map((p) => ({ concepto: p.concepto!, valor: p.valor! })),
    valorServicios: d.totales.lineas,
    totales: {
      conImpuestos: d.totales.conImpuestos,
      anticipado: d.totales.anticipado,
      aPagar: d.totales.aPagar,
    },
    codigoPrestador: info('CODIGO_PRESTADOR')?.valor ?? null,
  };
}
