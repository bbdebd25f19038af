import { ENTITY_ACTION, EntityDecoder } from '@nodable/entities';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** A parsed element: child elements by local name (always arrays), attributes as `@name`, text as `#text`. */
export type Nodo = { [clave: string]: unknown };

export class ErrorXml extends Error {
  constructor(
    /** What a person is told, in Spanish. */
    readonly motivo: string,
  ) {
    super(motivo);
  }
}

/** Bounds of the parser; depth is also bounded by the parser itself (maxNestedTags). */
export interface LimitesXml {
  maxProfundidad: number;
}

// DOCTYPE is where entity declarations (bombs, external entities) live; UBL never uses one.
const DECLARACION_PELIGROSA = /<!\s*(DOCTYPE|ENTITY)/i;

/**
 * References decoded in text and attribute values (never inside CDATA): the five XML entities and
 * numeric character references (`&amp;` → `&`, `&#209;` → `Ñ`), as any XML reader does; a payer
 * named `A&amp;B S.A.S.` is `A&B S.A.S.`. Each reference yields one character: with DOCTYPE refused
 * there is no entity of our input to expand (and one declared anyway is refused here too).
 */
const entidades = new EntityDecoder({
  numericAllowed: true,
  ncr: { xmlVersion: 1.0 },
  onInputEntity: () => ENTITY_ACTION.THROW,
  onExternalEntity: () => ENTITY_ACTION.THROW,
});

function crearParser(maxProfundidad: number) {
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    processEntities: true,
    htmlEntities: false,
    entityDecoder: entidades,
    ignoreDeclaration: true,
    ignorePiTags: true,
    maxNestedTags: maxProfundidad,
    jPath: false,
    isArray: (_nombre, _ruta, _hoja, esAtributo) => !esAtributo,
  });
}

const parsers = new Map<number, XMLParser>();

/**
 * Parses untrusted XML: no DOCTYPE (so no entity expansion and no external entities), the five XML
 * entities and character references decoded, bounded depth; malformed input → ErrorXml with a
 * Spanish reason. The caller bounds the size before calling.
 */
export function parsearXml(texto: string, limites: LimitesXml): Nodo {
  if (DECLARACION_PELIGROSA.test(texto)) {
    throw new ErrorXml(
      'El XML trae una declaración DOCTYPE o ENTITY; los documentos UBL no las usan y no se procesan por seguridad.',
    );
  }
  const profundidad = profundidadMaxima(texto, limites.maxProfundidad);
  if (profundidad > limites.maxProfundidad) {
    throw new ErrorXml(
      `El XML anida más de ${limites.maxProfundidad} niveles de elementos; no corresponde a un documento UBL.`,
    );
  }
  const valido = XMLValidator.validate(texto);
  if (valido !== true) {
    throw new ErrorXml(`El XML está mal formado (línea ${valido.err.line}): ${corto(valido.err.msg)}`);
  }
  let parser = parsers.get(limites.maxProfundidad);
  if (!parser) {
    parser = crearParser(limites.maxProfundidad);
    parsers.set(limites.maxProfundidad, parser);
  }
  try {
    return parser.parse(texto) as Nodo;
  } catch (e) {
    throw new ErrorXml(`El XML no se pudo leer: ${corto((e as Error).message)}`);
  }
}

/** Parser messages quote the offending text, which in a hostile file can be megabytes long. */
function corto(mensaje: string): string {
  return mensaje.length > 160 ? `${mensaje.slice(0, 157)}…` : mensaje;
}

/**
 * Nesting depth of the elements, stopping as soon as it passes `tope` (a cheap linear scan that
 * skips CDATA, comments and processing instructions), so deep nesting is refused before any
 * recursive work.
 */
function profundidadMaxima(t: string, tope: number): number {
  let nivel = 0;
  let maximo = 0;
  let i = t.indexOf('<');
  while (i >= 0 && i < t.length) {
    const c = t.charCodeAt(i + 1);
    if (c === 33 /* ! */) {
      const cierre = t.startsWith('<![CDATA[', i) ? ']]>' : t.startsWith('<!--', i) ? '-->' : '>';
      const fin = t.indexOf(cierre, i + 2);
      if (fin < 0) return maximo;
      i = t.indexOf('<', fin + cierre.length);
      continue;
    }
    if (c === 63 /* ? */) {
      const fin = t.indexOf('?>', i + 2);
      if (fin < 0) return maximo;
      i = t.indexOf('<', fin + 2);
      continue;
    }
    const fin = t.indexOf('>', i + 1);
    if (fin < 0) return maximo;
    if (c === 47 /* / */) nivel--;
    else if (t.charCodeAt(fin - 1) !== 47) {
      nivel++;
      if (nivel > maximo) {
        maximo = nivel;
        if (maximo > tope) return maximo;
      }
    }
    i = t.indexOf('<', fin + 1);
  }
  return maximo;
}

/** Root element name and node (ignoring the XML declaration); null when there is not exactly one. */
export function raiz(doc: Nodo): { nombre: string; nodo: Nodo } | null {
  const nombres = Object.keys(doc).filter((k) => !k.startsWith('?') && !k.startsWith('#'));
  if (nombres.length !== 1) return null;
  const v = doc[nombres[0]!];
  if (Array.isArray(v) && v.length !== 1) return null;
  const nodo = Array.isArray(v) ? v[0] : v;
  return { nombre: nombres[0]!, nodo: typeof nodo === 'object' && nodo !== null ? (nodo as Nodo) : {} };
}

/** Children with a local name (empty elements are `{}`). */
export function hijos(n: Nodo | undefined, nombre: string): Nodo[] {
  const v = n?.[nombre];
  if (!Array.isArray(v)) return [];
  return v.map((x) => (typeof x === 'object' && x !== null ? (x as Nodo) : { '#text': String(x) }));
}

export function hijo(n: Nodo | undefined, nombre: string): Nodo | undefined {
  return hijos(n, nombre)[0];
}

/** First node along a path of local names. */
export function ruta(n: Nodo | undefined, ...nombres: string[]): Nodo | undefined {
  let actual = n;
  for (const nombre of nombres) {
    actual = hijo(actual, nombre);
    if (!actual) return undefined;
  }
  return actual;
}

/** Trimmed text of a node; null when absent or empty. */
export function texto(n: Nodo | undefined): string | null {
  if (!n) return null;
  const t = n['#text'];
  if (t === undefined || t === null) return null;
  const s = String(t).trim();
  return s === '' ? null : s;
}

export function atributo(n: Nodo | undefined, nombre: string): string | null {
  const v = n?.[`@${nombre}`];
  if (v === undefined || v === null) return null;
  const s = String(v).trim();
  return s === '' ? null : s;
}

/** The text of a path, or null. */
export function valor(n: Nodo | undefined, ...nombres: string[]): string | null {
  return texto(ruta(n, ...nombres));
}
