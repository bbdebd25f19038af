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
  | { ok: false; codigo: 'GI005' | 'GI006' | 'GI008'; detalle: string };

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
  let texto: string;
  try {
    texto = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return {
      ok: false,
      codigo: 'GI005',
      detalle: 'El contenido decodificado no es texto UTF-8: no es un archivo XML.',
    };
  }
  if (texto.charCodeAt(0) === 0xfeff) texto = texto.slice(1);
  if (texto.trim() === '') return { ok: false, codigo: 'GI006', detalle: 'El archivo XML está vacío.' };
  if (!texto.trimStart().startsWith('<')) {
    return { ok: false, codigo: 'GI005', detalle: 'El contenido decodificado no es un documento XML.' };
  }
  return { ok: true, texto };
}
