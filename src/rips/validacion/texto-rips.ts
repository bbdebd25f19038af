import type { Registro } from '../tipos.js';

/**
 * Reads a RIPS from its JSON text without building the whole tree: the root members are parsed
 * with JSON.parse, and `usuarios` is handed out one user at a time, so a 200 MB RIPS never
 * exists as one object graph (the engine keeps only its small indexes).
 *
 * Why not a streaming JSON library: JSON.parse on each user's slice is V8's fastest parser; this
 * file only finds where each value ends (strings, escapes and nesting), which is all it needs.
 * Syntax errors inside a value are JSON.parse's to report.
 */

const COMILLA = 34;
const BARRA = 92;
const LLAVE_A = 123;
const LLAVE_C = 125;
const CORCHETE_A = 91;
const CORCHETE_C = 93;
const COMA = 44;
const DOS_PUNTOS = 58;

export class ErrorTextoRips extends Error {}

function espacio(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

function saltarEspacios(t: string, i: number): number {
  while (i < t.length && espacio(t.charCodeAt(i))) i++;
  return i;
}

function finDeCadena(t: string, i: number): number {
  // t[i] is the opening quote; indexOf jumps (native) instead of a per-character loop.
  let j = t.indexOf('"', i + 1);
  while (j !== -1) {
    let barras = 0;
    for (let k = j - 1; t.charCodeAt(k) === BARRA; k--) barras++;
    if (barras % 2 === 0) return j + 1;
    j = t.indexOf('"', j + 1);
  }
  throw new ErrorTextoRips('cadena sin cerrar');
}

/** Next quote, brace or bracket: the only characters that matter inside a container. */
const ESTRUCTURA = /["{}[\]]/g;

/** Index just after the JSON value that starts at `i`. */
export function finDeValor(t: string, i: number): number {
  const c = t.charCodeAt(i);
  if (c === COMILLA) return finDeCadena(t, i);
  if (c === LLAVE_A || c === CORCHETE_A) {
    let profundidad = 0;
    ESTRUCTURA.lastIndex = i;
    // test, not exec: the same jump without a match array per character found (issue 34).
    while (ESTRUCTURA.test(t)) {
      const k = ESTRUCTURA.lastIndex - 1;
      const d = t.charCodeAt(k);
      if (d === COMILLA) {
        ESTRUCTURA.lastIndex = finDeCadena(t, k);
      } else if (d === LLAVE_A || d === CORCHETE_A) profundidad++;
      else {
        profundidad--;
        if (profundidad === 0) return k + 1;
      }
    }
    throw new ErrorTextoRips('objeto o arreglo sin cerrar');
  }
  let j = i;
  while (j < t.length) {
    const d = t.charCodeAt(j);
    if (d === COMA || d === LLAVE_C || d === CORCHETE_C || espacio(d)) break;
    j++;
  }
  if (j === i) throw new ErrorTextoRips(`valor esperado en la posición ${i}`);
  return j;
}

/** Members of the object starting at `i`: key and the [start, end) span of its value. `cierre.fin` gets the index after `}`. */
export function* miembros(
  t: string,
  i: number,
  cierre?: { fin: number },
  /** May give a value's end without walking it; whoever gives it vouches for it. */
  atajo?: (clave: string, inicio: number) => number | undefined,
): Generator<[string, number, number]> {
  const posicion = { fin: -1 };
  for (const [clave, inicio] of miembrosPerezosos(t, i, posicion)) {
    posicion.fin = atajo?.(clave, inicio) ?? finDeValor(t, inicio);
    yield [clave, inicio, posicion.fin];
  }
  if (cierre) cierre.fin = posicion.fin;
}

/** Members after `usuarios` cannot be honoured while users stream: the caller reads the whole RIPS instead. */
export class MiembrosTrasUsuarios extends Error {}

function escaparRegex(v: string): string {
  return v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Finds where the next element starts by its first key (`{"consecutivo"`). The literal search is
 * native and about ten times faster than the pattern; the pattern, which also admits spaces after
 * `{`, takes over for good once the literal has missed what it found (formatted JSON), so a text
 * that never matches the literal is not searched twice per element.
 */
export class Ancla {
  private literal: string | undefined;
  private readonly patron: RegExp;

  constructor(clave: string) {
    const nombre = JSON.stringify(clave);
    this.literal = `{${nombre}`;
    this.patron = new RegExp(`\\{\\s*${escaparRegex(nombre)}`, 'g');
  }

  /** Index of the next `{` followed by the key, from `desde`; -1 when there is none. */
  buscar(t: string, desde: number): number {
    if (this.literal !== undefined) {
      const k = t.indexOf(this.literal, desde);
      if (k >= 0) return k;
    }
    this.patron.lastIndex = desde;
    const m = this.patron.exec(t);
    if (!m) return -1;
    this.literal = undefined;
    return m.index;
  }
}

/** The anchor that finds the elements after `valor`: its first key, as in `{"consecutivo"`. */
export function anclaDe(valor: unknown): Ancla | undefined {
  if (typeof valor !== 'object' || valor === null || Array.isArray(valor)) return undefined;
  const primera = Object.keys(valor)[0];
  return primera === undefined ? undefined : new Ancla(primera);
}

/**
 * The object element at `i`, parsed up to the `}` before the next anchored element. A slice that
 * parses is exactly one complete value starting here, so a wrong guess can only fail (undefined).
 */
export function porAncla(
  t: string,
  i: number,
  ancla: Ancla,
): { valor: unknown; fin: number; siguiente: number } | undefined {
  if (t.charCodeAt(i) !== LLAVE_A) return undefined;
  const siguiente = ancla.buscar(t, i + 1);
  if (siguiente < 0) return undefined;
  let q = siguiente - 1;
  while (espacio(t.charCodeAt(q))) q--;
  if (t.charCodeAt(q) !== COMA) return undefined;
  q--;
  while (espacio(t.charCodeAt(q))) q--;
  if (t.charCodeAt(q) !== LLAVE_C) return undefined;
  try {
    return { valor: JSON.parse(t.slice(i, q + 1)), fin: q + 1, siguiente };
  } catch {
    return undefined;
  }
}

/**
 * Elements of the array starting at `i` (the `[`), each parsed on demand. Finding where an element
 * ends by walking every character costs as much as parsing it, so after the first element the
 * next one is located by its first key (`{"consecutivo"`), and the slice up to the `}` before it
 * is handed to JSON.parse: a slice that parses is exactly one complete value starting at this
 * element's `{`, so a wrong guess can only fail, and then the element is walked character by
 * character. `alFinal(i)` receives the index after the closing `]`.
 */
export function elementos(t: string, i: number, alFinal?: (fin: number) => void): Generator<unknown> {
  return restoDelArreglo(t, i + 1, alFinal);
}

/**
 * Like `elementos`, from just after the `[` (or where an element starts): the last slice a validation
 * thread gets is read as it comes, with no `[` prepended (a concatenated string is slower to read).
 */
export function* restoDelArreglo(t: string, i: number, alFinal?: (fin: number) => void): Generator<unknown> {
  i = saltarEspacios(t, i);
  if (t.charCodeAt(i) === CORCHETE_C) {
    alFinal?.(i + 1);
    return;
  }
  let ancla: Ancla | undefined;
  for (;;) {
    let valor: unknown;
    let fin: number;
    let siguiente = -1;
    const guiado = ancla && porAncla(t, i, ancla);
    if (guiado) ({ valor, fin, siguiente } = guiado);
    else {
      fin = finDeValor(t, i);
      valor = JSON.parse(t.slice(i, fin));
    }
    ancla ??= anclaDe(valor);
    yield valor;
    if (siguiente >= 0) {
      i = siguiente;
      continue;
    }
    i = saltarEspacios(t, fin);
    const c = t.charCodeAt(i);
    if (c === CORCHETE_C) {
      alFinal?.(i + 1);
      return;
    }
    if (c !== COMA) throw new ErrorTextoRips(`se esperaba «,» o «]» en la posición ${i}`);
    i = saltarEspacios(t, i + 1);
  }
}

export interface RipsPorPartes {
  /** Root members except `usuarios` (which, when an array, is `[]` here as a placeholder). */
  transaccion: Registro;
  /** Users one at a time, when `usuarios` is an array. */
  usuarios?: Iterable<unknown>;
}

/**
 * The RIPS object starting at `inicio` of `t`. When `usuarios` is an array the members before it
 * are read now and the users lazily; the object must close right after the array (the usual
 * layout), else iterating throws MiembrosTrasUsuarios. Anything after the RIPS object is an error.
 */
export function ripsPorPartes(t: string, inicio: number): RipsPorPartes {
  const transaccion: Registro = {};
  let usuarios: Iterable<unknown> | undefined;
  const cierre = { fin: -1 };
  for (const [clave, a] of miembrosPerezosos(t, inicio, cierre)) {
    if (clave === 'usuarios' && t.charCodeAt(a) === CORCHETE_A) {
      transaccion.usuarios = [];
      usuarios = {
        [Symbol.iterator]: () =>
          elementos(t, a, (finArreglo) => {
            const j = saltarEspacios(t, finArreglo);
            if (t.charCodeAt(j) !== LLAVE_C)
              throw new MiembrosTrasUsuarios('hay propiedades después de «usuarios»');
            if (saltarEspacios(t, j + 1) !== t.length) {
              throw new ErrorTextoRips(
                'hay contenido después del objeto RIPS (¿propiedades desconocidas después de «rips»?)',
              );
            }
          }),
      };
      return { transaccion, usuarios };
    }
    const b = finDeValor(t, a);
    transaccion[clave] = JSON.parse(t.slice(a, b));
    cierre.fin = b;
  }
  if (saltarEspacios(t, cierre.fin) !== t.length) throw new ErrorTextoRips('texto después del objeto');
  return { transaccion, usuarios };
}

/**
 * Like `miembros`, but the caller measures each value and reports its end in `cierre.fin`.
 * `sinTexto`: what running out of text means: by default a syntax error; a reader of a body that is
 * still arriving throws its own "wait for more" instead (flujo-rips.ts).
 */
export function* miembrosPerezosos(
  t: string,
  i: number,
  cierre: { fin: number },
  sinTexto?: () => never,
): Generator<[string, number]> {
  const exigir = (j: number) => {
    if (j >= t.length) sinTexto?.();
    return j;
  };
  i = exigir(saltarEspacios(t, i));
  if (t.charCodeAt(i) !== LLAVE_A) throw new ErrorTextoRips('se esperaba un objeto');
  i = exigir(saltarEspacios(t, i + 1));
  if (t.charCodeAt(i) === LLAVE_C) {
    cierre.fin = i + 1;
    return;
  }
  for (;;) {
    if (t.charCodeAt(i) !== COMILLA)
      throw new ErrorTextoRips(`se esperaba un nombre de propiedad en la posición ${i}`);
    let finClave: number;
    try {
      finClave = finDeCadena(t, i);
    } catch (e) {
      if (sinTexto && e instanceof ErrorTextoRips) sinTexto();
      throw e;
    }
    const clave = JSON.parse(t.slice(i, finClave)) as string;
    i = exigir(saltarEspacios(t, finClave));
    if (t.charCodeAt(i) !== DOS_PUNTOS) throw new ErrorTextoRips(`se esperaba «:» en la posición ${i}`);
    yield [clave, exigir(saltarEspacios(t, i + 1))];
    i = exigir(saltarEspacios(t, cierre.fin));
    const c = t.charCodeAt(i);
    if (c === LLAVE_C) {
      cierre.fin = i + 1;
      return;
    }
    if (c !== COMA) throw new ErrorTextoRips(`se esperaba «,» o «}» en la posición ${i}`);
    i = exigir(saltarEspacios(t, i + 1));
  }
}
