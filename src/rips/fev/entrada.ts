/** Limits of the FEV gate (a setting: `FEV_MAX_BYTES`; DT2 §11.1 fixes 16 MB for the XML). */
export interface LimitesFev {
  /** Max size of the decoded AttachedDocument, in bytes (GI008 above it). */
  maxBytes: number;
  /** Max element nesting of any of the XML documents (UBL invoices nest about 12 levels). */
  maxProfundidad: number;
}

export const LIMITES_FEV_POR_DEFECTO: LimitesFev = { maxBytes: 16 * 1024 * 1024, maxProfundidad: 64 };

export type ResultadoDecodificacion =
  | { ok: true; texto: string }
  | { ok: false; codigo: 'GI005' | 'GI006' | 'GI008' | 'XML03'; detalle: string };

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const ESPACIOS = /\s+/g;

/**
 * `xmlFevFile` is the AttachedDocument in base64 (as the MUV receives it). The size is bounded
 * from the base64 length before decoding anything, so a huge value costs no memory.
 */
export function decodificarXmlFev(xmlFevFile: string, limites: LimitesFev): ResultadoDecodificacion {
  const mb = (limites.maxBytes / 1024 / 1024).toLocaleString('es-CO', { maximumFractionDigits: 1 });
  // 4 base64 characters carry 3 bytes; whitespace (line breaks of MIME tools) is tolerated.
  if (Math.floor((xmlFevFile.length * 3) / 4) > limites.maxBytes * 1.05 + 1024) {
    return { ok: false, codigo: 'GI008', detalle: `El archivo supera ${mb} MB.` };
  }
  const limpio = xmlFevFile.replace(ESPACIOS, '');
  if (limpio === '') return { ok: false, codigo: 'GI006', detalle: 'El campo «xmlFevFile» está vacío.' };
  if (limpio.length % 4 !== 0 || !BASE64.test(limpio)) {
    const pareceXml = xmlFevFile.trimStart().startsWith('<');
    return {
      ok: false,
      codigo: 'GI005',
      detalle: pareceXml
        ? 'Llegó el XML como texto; «xmlFevFile» debe ser el XML codificado en base64.'
        : '«xmlFevFile» no es base64 válido.',
    };
  }
  const bytes = Buffer.from(limpio, 'base64');
  if (bytes.length > limites.maxBytes) {
    return {
      ok: false,
      codigo: 'GI008',
      detalle: `El archivo pesa ${bytes.length} bytes y supera ${mb} MB.`,
    };
  }
  if (bytes.length === 0)
    return { ok: false, codigo: 'GI006', detalle: 'El archivo decodificado está vacío.' };
  const utf16 = codificacionUtf16(bytes);
  if (utf16) return { ok: false, codigo: 'XML03', detalle: `El archivo está codificado en ${utf16}.` };
  let texto: string;
  try {
    texto = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Not UTF-8: when the declaration names another encoding, that is the problem to fix.
    const inicio = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
    const declarada = codificacionDeclarada(bytes.subarray(inicio, inicio + 512).toString('latin1'));
    if (declarada !== null && !esUtf8(declarada))
      return {
        ok: false,
        codigo: 'XML03',
        detalle: `El XML declara encoding="${corto(declarada)}" y su contenido no es UTF-8.`,
      };
    return {
      ok: false,
      codigo: 'GI005',
      detalle:
        'El contenido decodificado no es texto UTF-8: no es un archivo XML (o está en otra codificación; los documentos de la DIAN van en UTF-8).',
    };
  }
  if (texto.charCodeAt(0) === 0xfeff) texto = texto.slice(1);
  const declarada = codificacionDeclarada(texto);
  if (declarada !== null && !esUtf8(declarada))
    return {
      ok: false,
      codigo: 'XML03',
      detalle: `El XML declara encoding="${corto(declarada)}", pero su contenido es UTF-8${/^utf-?16/i.test(declarada) ? ' (un XML en UTF-16 tendría dos bytes por carácter)' : ''}: la declaración no corresponde a los bytes.`,
    };
  if (texto.trim() === '') return { ok: false, codigo: 'GI006', detalle: 'El archivo XML está vacío.' };
  if (!texto.trimStart().startsWith('<')) {
    return { ok: false, codigo: 'GI005', detalle: 'El contenido decodificado no es un documento XML.' };
  }
  return { ok: true, texto };
}

/**
 * UTF-16 (or UTF-32) by its byte order mark, or without one by the NUL byte beside the first `<`.
 * Such a file could be decoded, but what we forward to the MUV is the file itself, and the DIAN
 * validated UTF-8: it is refused with the way to fix it.
 */
function codificacionUtf16(b: Buffer): string | null {
  if (b.length >= 2 && b[0] === 0xff && b[1] === 0xfe)
    return 'UTF-16 (marca de orden de bytes FF FE al inicio)';
  if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff)
    return 'UTF-16 (marca de orden de bytes FE FF al inicio)';
  if (b.length >= 4 && b[0] === 0 && b[1] === 0 && b[2] === 0xfe && b[3] === 0xff)
    return 'UTF-32 (marca de orden de bytes 00 00 FE FF al inicio)';
  if (b.length >= 2 && b[0] === 0x3c && b[1] === 0)
    return 'UTF-16 (little endian, sin marca de orden de bytes)';
  if (b.length >= 2 && b[0] === 0 && b[1] === 0x3c) return 'UTF-16 (big endian, sin marca de orden de bytes)';
  return null;
}

// The encoding pseudo-attribute of an XML declaration, which must open the document.
const DECLARACION = /^<\?xml\s[^>]{0,400}?\bencoding\s*=\s*(["'])([^"'<>]{0,100})\1/;

/** The encoding an XML text declares (null without a declaration or without `encoding`). */
export function codificacionDeclarada(texto: string): string | null {
  return DECLARACION.exec(texto.slice(0, 512))?.[2]?.trim() ?? null;
}

export const esUtf8 = (nombre: string) => /^utf-?8$/i.test(nombre);

const corto = (v: string) => (v.length > 40 ? `${v.slice(0, 37)}…` : v);
