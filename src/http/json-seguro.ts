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

/**
 * Thrown from body-parser's `verify` (the error handler answers it as a 400 entrada-invalida), and by
 * the RIPS readers, whose services turn it into the same 400 with `campo` as its detail.
 */
export class ErrorJsonProhibido extends Error {
  override name = 'ErrorJsonProhibido';
  readonly status = 400;

  constructor(
    mensaje: string,
    /** The field it is about, when known («rips.numFactura», «usuarios[3].servicios…»). */
    readonly campo?: string,
  ) {
    super(mensaje);
  }
}

/** body-parser's `verify`: runs on the raw (inflated) bytes before JSON.parse. */
export function verificarCuerpoJson(_req: unknown, _res: unknown, buf: Buffer): void {
  const p = revisarJson(buf, MAX_PROFUNDIDAD_JSON);
  if (p) throw new ErrorJsonProhibido(mensajeProblemaJson(p));
}

export type ProblemaJson =
  | { tipo: 'profundidad'; maximo: number; ruta?: string }
  | { tipo: 'caracter'; cual: 'nulo' | 'sustituto'; ruta: string | undefined };

/** A byte (or UTF-16 code unit) of a text by index; undefined outside it. */
type Leer = (i: number) => number | undefined;

/** An odd run of backslashes before `i` means the byte at `i` is escaped. */
function escapado(buf: Buffer, i: number): boolean {
  return escapadoEn((k) => buf[k], i);
}

/**
 * Like `escapado` on any text. `imparAntes`: the text is the end of a longer one that ends in an odd
 * run of backslashes (counted when the run reaches the start of what `leer` sees).
 */
function escapadoEn(leer: Leer, i: number, imparAntes = false): boolean {
  let barras = 0;
  let k = i - 1;
  for (; leer(k) === BARRA; k--) barras++;
  return (barras % 2 === 1) !== (imparAntes && leer(k) === undefined);
}

function hexEn(leer: Leer, i: number): number {
  let v = 0;
  for (let k = i; k < i + 4; k++) {
    const c = leer(k);
    const d =
      c === undefined
        ? -1
        : c >= 0x30 && c <= 0x39
          ? c - 0x30
          : c >= 0x61 && c <= 0x66
            ? c - 0x57
            : c >= 0x41 && c <= 0x46
              ? c - 0x37
              : -1;
    if (d < 0) return -1;
    v = v * 16 + d;
  }
  return v;
}

const esU = (c: number | undefined) => c === 0x75 || c === 0x55;

/** A \u escape at `i` (the backslash) that is NUL or a surrogate without its pair. */
function escapeProhibidoEn(leer: Leer, i: number): 'nulo' | 'sustituto' | undefined {
  const v = hexEn(leer, i + 2);
  if (v === 0) return 'nulo';
  if (v >= 0xd800 && v <= 0xdbff) {
    const siguiente = leer(i + 6) === BARRA && esU(leer(i + 7)) ? hexEn(leer, i + 8) : -1;
    return siguiente >= 0xdc00 && siguiente <= 0xdfff ? undefined : 'sustituto';
  }
  if (v >= 0xdc00 && v <= 0xdfff) {
    const anterior =
      leer(i - 6) === BARRA && esU(leer(i - 5)) && !escapadoEn(leer, i - 6) ? hexEn(leer, i - 4) : -1;
    return anterior >= 0xd800 && anterior <= 0xdbff ? undefined : 'sustituto';
  }
  return undefined;
}

function escapeProhibido(buf: Buffer, i: number): 'nulo' | 'sustituto' | undefined {
  return escapeProhibidoEn((k) => buf[k], i);
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
    return `El cuerpo JSON anida más de ${p.maximo} niveles de objetos o arreglos${p.ruta ? ` (en «${p.ruta}»)` : ''}; ningún documento de este servicio lo necesita. Revise que el sistema de origen no esté anidando datos por error.`;
  const que =
    p.cual === 'nulo'
      ? 'el carácter nulo (\\u0000)'
      : 'un sustituto UTF-16 suelto (\\ud800–\\udfff sin su par)';
  return `El cuerpo JSON contiene ${que}${p.ruta ? ` en «${p.ruta}»` : ''}: no es texto válido y no puede guardarse. Quítelo en el sistema de origen.`;
}

/**
 * The key whose value holds position `p` (a string): read backwards from `p` to the string's opening
 * quote and the `"clave":` before it. Only on the error path, over the bytes at hand; undefined when
 * the string is not a member's value or starts before them.
 */
function claveCercana(leer: Leer, cortar: (a: number, b: number) => string, p: number): string | undefined {
  const abre = comillaAntes(leer, p);
  if (abre === undefined) return undefined;
  let k = abre - 1;
  while (esEspacio(leer(k))) k--;
  if (leer(k) !== 0x3a) return undefined;
  k--;
  while (esEspacio(leer(k))) k--;
  if (leer(k) !== COMILLA) return undefined;
  const abreClave = comillaAntes(leer, k);
  if (abreClave === undefined || k - abreClave > 1024) return undefined;
  try {
    return recortar(JSON.parse(cortar(abreClave, k + 1)) as string);
  } catch {
    return undefined;
  }
}

const esEspacio = (c: number | undefined) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** The unescaped quote nearest before `p`. */
function comillaAntes(leer: Leer, p: number): number | undefined {
  for (let k = p - 1; leer(k) !== undefined; k--) if (leer(k) === COMILLA && !escapadoEn(leer, k)) return k;
  return undefined;
}

/** Bytes of earlier chunks kept to name the field of a forbidden character (error path only). */
const CONTEXTO = 64 * 1024;
/** `\uXXXX\uXXXX`: what a \u escape needs after its backslash to be judged. */
const ADELANTE = 12;

/**
 * The \u0000 and lone-surrogate checks of `revisarJson`, on a JSON body read in chunks (the RIPS
 * reader streams 200 MB bodies and never holds them whole). Only the `\u` escapes are looked at,
 * found by Buffer.indexOf, so the cost is a memchr over the bytes (about 0.05 ms per MB, against 2–3
 * for a walk of every string); a raw NUL byte is reported the same way. Escapes that straddle two
 * chunks are judged with the next one. Nesting depth is not checked here: the readers parse each user
 * with JSON.parse (which does not recurse) and the validation engine bounds the depth of what it walks.
 */
export class VigiaEscapes {
  /** The chunk before, and whether the bytes before it end in an odd run of backslashes. */
  private previo: Buffer | undefined;
  private imparAntesDePrevio = false;
  /** Earlier chunks kept only to name a field (about CONTEXTO bytes). */
  private contexto: Buffer[] = [];
  private pequeno: Buffer | undefined;

  /** Checks the next chunk; `final`: no more will come. */
  revisar(trozo: Buffer, final = false): ProblemaJson | undefined {
    // Tiny chunks are gathered: the look-back and look-ahead of an escape then span two chunks at most.
    if (this.pequeno) {
      trozo = Buffer.concat([this.pequeno, trozo]);
      this.pequeno = undefined;
    }
    if (trozo.length < 2 * ADELANTE && !final) {
      this.pequeno = trozo;
      return undefined;
    }
    const previo = this.previo;
    const p = previo?.length ?? 0;
    const leer: Leer = (i) => (i >= 0 ? trozo[i] : i >= -p ? previo![p + i] : undefined);
    const juzgar = (i: number) => {
      if (escapadoEn(leer, i, this.imparAntesDePrevio)) return undefined;
      return escapeProhibidoEn(leer, i);
    };
    let cual: 'nulo' | 'sustituto' | undefined;
    let donde = 0;
    // An escape that starts in the last bytes of the chunk before, judged now that what follows is here.
    if (previo) {
      const borde = Buffer.concat([previo.subarray(Math.max(0, p - ADELANTE)), trozo.subarray(0, ADELANTE)]);
      const base = Math.min(p, ADELANTE);
      for (let k = borde.indexOf('\\u'); !cual && k >= 0 && k < base; k = borde.indexOf('\\u', k + 1)) {
        cual = juzgar(k - base);
        donde = k - base;
      }
    }
    const limite = final ? trozo.length : trozo.length - ADELANTE;
    for (let k = trozo.indexOf('\\u'); !cual && k >= 0 && k < limite; k = trozo.indexOf('\\u', k + 1)) {
      cual = juzgar(k);
      donde = k;
    }
    if (!cual) {
      const nulo = trozo.indexOf(0);
      if (nulo >= 0) {
        cual = 'nulo';
        donde = nulo;
      }
    }
    if (cual) return { tipo: 'caracter', cual, ruta: this.nombrar(trozo, donde) };
    this.avanzar(trozo);
    return undefined;
  }

  /** Checks what is left at the end of the body. */
  terminar(): ProblemaJson | undefined {
    return this.pequeno ? this.revisar(Buffer.alloc(0), true) : undefined;
  }

  private avanzar(trozo: Buffer): void {
    const previo = this.previo;
    if (previo) {
      let barras = 0;
      while (barras < previo.length && previo[previo.length - 1 - barras] === BARRA) barras++;
      this.imparAntesDePrevio =
        barras === previo.length ? this.imparAntesDePrevio !== (barras % 2 === 1) : barras % 2 === 1;
      this.contexto.push(previo);
      let guardados = this.contexto.reduce((n, b) => n + b.length, 0);
      while (this.contexto.length > 1 && guardados - this.contexto[0]!.length >= CONTEXTO)
        guardados -= this.contexto.shift()!.length;
    }
    this.previo = trozo;
  }

  /** The field of the character at `donde` of `trozo` (negative: in the chunk before), from the bytes kept. */
  private nombrar(trozo: Buffer, donde: number): string | undefined {
    const antes = [...this.contexto, ...(this.previo ? [this.previo] : [])];
    const base = antes.reduce((n, b) => n + b.length, 0);
    const todo = Buffer.concat([...antes, trozo]);
    return claveCercana(
      (i) => todo[i],
      (a, b) => todo.toString('utf8', a, b),
      base + donde,
    );
  }
}

/** The \u0000 and lone-surrogate checks on a whole JSON body. */
export function revisarEscapes(buf: Buffer): ProblemaJson | undefined {
  return new VigiaEscapes().revisar(buf, true);
}

/**
 * The same checks on JSON text that arrived as a string (the GraphQL argument `ripsTexto`): its
 * escapes, and raw NUL or lone surrogates, which a string (unlike UTF-8 bytes) can carry.
 */
export function revisarTextoJson(t: string): ProblemaJson | undefined {
  const leer: Leer = (i) => (i >= 0 && i < t.length ? t.charCodeAt(i) : undefined);
  const problema = (cual: 'nulo' | 'sustituto', i: number): ProblemaJson => ({
    tipo: 'caracter',
    cual,
    ruta: claveCercana(leer, (a, b) => t.slice(a, b), i),
  });
  const bien = (t as { isWellFormed?: () => boolean }).isWellFormed?.() ?? t.search(SUSTITUTO_SUELTO) < 0;
  if (!bien) return problema('sustituto', t.search(SUSTITUTO_SUELTO));
  const nulo = t.indexOf('\u0000');
  if (nulo >= 0) return problema('nulo', nulo);
  for (let k = t.indexOf('\\u'); k >= 0; k = t.indexOf('\\u', k + 1)) {
    if (escapadoEn(leer, k)) continue;
    const cual = escapeProhibidoEn(leer, k);
    if (cual) return problema(cual, k);
  }
  return undefined;
}
