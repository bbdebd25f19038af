/**
 * Checks on a JSON body's bytes before it is parsed or anything else runs: nesting depth (a deep
 * value later overflows the stack of JSON.stringify and of recursive walks, after the work began)
 * and \u0000 or lone-surrogate escapes, which PostgreSQL refuses (22P05) once a row is being written.
 * One pass; string contents are skipped with Buffer.indexOf, so the cost is close to a memchr.
 */

const COMILLA = 0x22;
const BARRA = 0x5c;
const ABRE_OBJETO = 0x7b;
const ABRE_ARREGLO = 0x5b;
const CIERRA_OBJETO = 0x7d;
const CIERRA_ARREGLO = 0x5d;

/** Deeper than any document this service takes (a FHIR RDA Bundle needs about 15 levels). */
export const MAX_PROFUNDIDAD_JSON = 64;

/** Thrown from body-parser's `verify`: the error handler answers it as a 400 entrada-invalida. */
export class ErrorJsonProhibido extends Error {
  override name = 'ErrorJsonProhibido';
  readonly status = 400;
}

/** body-parser's `verify`: runs on the raw (inflated) bytes before JSON.parse. */
export function verificarCuerpoJson(_req: unknown, _res: unknown, buf: Buffer): void {
  const p = revisarJson(buf, MAX_PROFUNDIDAD_JSON);
  if (p) throw new ErrorJsonProhibido(mensajeProblemaJson(p));
}

export type ProblemaJson =
  | { tipo: 'profundidad'; maximo: number }
  | { tipo: 'caracter'; cual: 'nulo' | 'sustituto'; ruta: string | undefined };

/** An odd run of backslashes before `i` means the byte at `i` is escaped. */
function escapado(buf: Buffer, i: number): boolean {
  let barras = 0;
  for (let k = i - 1; k >= 0 && buf[k] === BARRA; k--) barras++;
  return barras % 2 === 1;
}

const hex = (buf: Buffer, i: number) => Number.parseInt(buf.toString('latin1', i, i + 4), 16);

/** A \u escape at `i` (the backslash) that is NUL or a surrogate without its pair. */
function escapeProhibido(buf: Buffer, i: number): 'nulo' | 'sustituto' | undefined {
  const v = hex(buf, i + 2);
  if (v === 0) return 'nulo';
  if (v >= 0xd800 && v <= 0xdbff) {
    const siguiente =
      buf[i + 6] === BARRA && (buf[i + 7] === 0x75 || buf[i + 7] === 0x55) ? hex(buf, i + 8) : -1;
    return siguiente >= 0xdc00 && siguiente <= 0xdfff ? undefined : 'sustituto';
  }
  if (v >= 0xdc00 && v <= 0xdfff) {
    const anterior = i >= 6 && buf[i - 6] === BARRA && !escapado(buf, i - 6) ? hex(buf, i - 4) : -1;
    return anterior >= 0xd800 && anterior <= 0xdbff ? undefined : 'sustituto';
  }
  return undefined;
}

export function revisarJson(buf: Buffer, maxProfundidad: number): ProblemaJson | undefined {
  let profundidad = 0;
  let escapeMalo: 'nulo' | 'sustituto' | undefined;
  const n = buf.length;
  let i = 0;
  let proxU = buf.indexOf('\\u');
  while (i < n) {
    const c = buf[i];
    if (c === COMILLA) {
      // Jump to the closing quote; look at \u escapes only inside this string.
      let fin = buf.indexOf(COMILLA, i + 1);
      while (fin > 0 && escapado(buf, fin)) fin = buf.indexOf(COMILLA, fin + 1);
      if (fin < 0) return undefined; // unterminated: JSON.parse reports it
      // proxU only moves forward: the searches for \u add up to one pass over the body.
      if (proxU >= 0 && proxU < i) proxU = buf.indexOf('\\u', i);
      while (!escapeMalo && proxU >= 0 && proxU < fin) {
        if (!escapado(buf, proxU)) escapeMalo = escapeProhibido(buf, proxU);
        proxU = buf.indexOf('\\u', proxU + 2);
      }
      i = fin + 1;
      continue;
    }
    if (c === ABRE_OBJETO || c === ABRE_ARREGLO) {
      if (++profundidad > maxProfundidad) return { tipo: 'profundidad', maximo: maxProfundidad };
    } else if (c === CIERRA_OBJETO || c === CIERRA_ARREGLO) profundidad--;
    i++;
  }
  if (escapeMalo) return { tipo: 'caracter', cual: escapeMalo, ruta: rutaDelCaracter(buf) };
  return undefined;
}

const SUSTITUTO_SUELTO = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const prohibido = (t: string) => t.includes('\u0000') || t.search(SUSTITUTO_SUELTO) >= 0;

/**
 * Where the forbidden character is, for the message: only on this error path, on a body whose depth
 * is already known to be bounded, so the walk is bounded too.
 */
function rutaDelCaracter(buf: Buffer): string | undefined {
  let raiz: unknown;
  try {
    raiz = JSON.parse(buf.toString('utf8'));
  } catch {
    return undefined;
  }
  const pendientes: [unknown, string][] = [[raiz, '']];
  while (pendientes.length) {
    const [v, ruta] = pendientes.pop()!;
    if (typeof v === 'string') {
      if (prohibido(v)) return ruta || '(raíz)';
    } else if (Array.isArray(v)) {
      for (let k = v.length - 1; k >= 0; k--) pendientes.push([v[k], `${ruta}[${k}]`]);
    } else if (v && typeof v === 'object') {
      const entradas = Object.entries(v);
      for (let k = entradas.length - 1; k >= 0; k--) {
        const [clave, valor] = entradas[k]!;
        const aqui = ruta ? `${ruta}.${recortar(clave)}` : recortar(clave);
        if (prohibido(clave)) return aqui;
        pendientes.push([valor, aqui]);
      }
    }
  }
  return undefined;
}

/** A key echoed in a message never grows it beyond a few dozen characters (nor carries the character). */
function recortar(clave: string): string {
  const limpia = clave.replaceAll('\u0000', '�').replace(SUSTITUTO_SUELTO, '�');
  return limpia.length > 64 ? `${limpia.slice(0, 64)}…` : limpia;
}

/** The Spanish text of a problem, for a 400 entrada-invalida. */
export function mensajeProblemaJson(p: ProblemaJson): string {
  if (p.tipo === 'profundidad')
    return `El cuerpo JSON anida más de ${p.maximo} niveles de objetos o arreglos; ningún documento de este servicio lo necesita. Revise que el sistema de origen no esté anidando datos por error.`;
  const que =
    p.cual === 'nulo'
      ? 'el carácter nulo (\\u0000)'
      : 'un sustituto UTF-16 suelto (\\ud800–\\udfff sin su par)';
  return `El cuerpo JSON contiene ${que}${p.ruta ? ` en «${p.ruta}»` : ''}: no es texto válido y no puede guardarse. Quítelo en el sistema de origen.`;
}
