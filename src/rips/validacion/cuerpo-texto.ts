import { type DetalleError, errores } from '../../errores/errores.js';
import { eco } from './acotar.js';
import { ErrorTextoRips, miembros } from './texto-rips.js';

const ESPACIO = /\s/;
const LITERAL = /[0-9eE+\-.a-z]/;

function atrasSinEspacios(t: string, i: number): number {
  while (i >= 0 && ESPACIO.test(t[i]!)) i--;
  return i;
}

/** Index of the unescaped quote that opens the string whose closing quote is at `fin`. */
function aperturaDeCadena(t: string, fin: number): number {
  let k = t.lastIndexOf('"', fin - 1);
  while (k > 0) {
    let barras = 0;
    for (let j = k - 1; t[j] === '\\'; j--) barras++;
    if (barras % 2 === 0) return k;
    k = t.lastIndexOf('"', k - 1);
  }
  throw new ErrorTextoRips('cadena sin abrir');
}

/**
 * Members after the last object/array value of the body, read backwards from its closing `}`:
 * only simple values (strings, numbers, literals) qualify. Returns where that last container ends
 * (exclusive) and the members found, or undefined when the tail is not of that shape.
 */
function colaSimple(
  t: string,
  cierreCuerpo: number,
): { fin: number; miembros: [string, unknown][] } | undefined {
  const encontrados: [string, unknown][] = [];
  let i = atrasSinEspacios(t, cierreCuerpo - 1);
  for (;;) {
    const c = t[i];
    if (c === '}' || c === ']') return { fin: i + 1, miembros: encontrados };
    let inicioValor: number;
    if (c === '"') inicioValor = aperturaDeCadena(t, i);
    else if (c !== undefined && LITERAL.test(c)) {
      inicioValor = i;
      while (inicioValor > 0 && LITERAL.test(t[inicioValor - 1]!)) inicioValor--;
    } else return undefined;
    const valor = JSON.parse(t.slice(inicioValor, i + 1));
    i = atrasSinEspacios(t, inicioValor - 1);
    if (t[i] !== ':') return undefined;
    i = atrasSinEspacios(t, i - 1);
    if (t[i] !== '"') return undefined;
    const inicioClave = aperturaDeCadena(t, i);
    encontrados.push([JSON.parse(t.slice(inicioClave, i + 1)) as string, valor]);
    i = atrasSinEspacios(t, inicioClave - 1);
    if (t[i] !== ',') return undefined;
    i = atrasSinEspacios(t, i - 1);
  }
}

/**
 * Root members of a JSON body kept as text: `rips` as the text of its value when it is an object
 * (a slice, no copy), every other member parsed and checked against `permitidas`.
 *
 * Finding where `rips` ends would mean walking all of it (as long as parsing it). When the members
 * after it are simple values — the contract's `fechaEvaluacion` — its end is found by reading the
 * short tail backwards; the RIPS reader later verifies that the object closes exactly there.
 * Malformed JSON or an unknown property → 400 in Spanish.
 */
export function miembrosRaiz(
  texto: string,
  permitidas: readonly string[],
): { rips?: { texto?: string; valor?: unknown }; otros: Record<string, unknown> } {
  const otros: Record<string, unknown> = {};
  const desconocidas: DetalleError[] = [];
  const anotar = (clave: string, valor: unknown) => {
    if (clave !== 'rips' && !permitidas.includes(clave)) {
      desconocidas.push({
        campo: eco(clave),
        mensaje: `Propiedad desconocida. Admitidas: rips, ${permitidas.join(', ')}.`,
      });
    } else otros[clave] = valor;
  };
  let rips: { texto?: string; valor?: unknown } | undefined;
  try {
    const inicio = texto.search(/\S/);
    if (inicio < 0 || texto[inicio] !== '{') return { otros };
    const cierreCuerpo = atrasSinEspacios(texto, texto.length - 1);
    if (texto[cierreCuerpo] !== '}') throw new ErrorTextoRips('el cuerpo no termina en «}»');
    const cierre = { fin: texto.length };
    let cola: ReturnType<typeof colaSimple>;
    const atajo = (clave: string, a: number) => {
      if (clave !== 'rips' || texto[a] !== '{') return undefined;
      cola = colaSimple(texto, cierreCuerpo);
      return cola && texto[cola.fin - 1] === '}' ? cola.fin : undefined;
    };
    let porCola = false;
    for (const [clave, a, b] of miembros(texto, inicio, cierre, atajo)) {
      if (clave !== 'rips') {
        anotar(clave, JSON.parse(texto.slice(a, b)));
        continue;
      }
      rips = texto[a] === '{' ? { texto: texto.slice(a, b) } : { valor: JSON.parse(texto.slice(a, b)) };
      if (cola && b === cola.fin) {
        // The tail was read backwards: its members are parsed and nothing follows them.
        for (const [k, v] of [...cola.miembros].reverse()) anotar(k, v);
        porCola = true;
        break;
      }
    }
    if (!porCola && texto.slice(cierre.fin).trim() !== '')
      throw new ErrorTextoRips('texto después del objeto');
  } catch (e) {
    if (e instanceof ErrorTextoRips || e instanceof SyntaxError) {
      throw errores.entradaInvalida('El cuerpo no es JSON válido. Revise comillas, comas y llaves.');
    }
    throw e;
  }
  if (desconocidas.length)
    throw errores.entradaInvalida('El cuerpo tiene propiedades desconocidas.', desconocidas);
  return { rips, otros };
}

/** 400 when a body has properties other than `rips` and `permitidas`. */
export function comprobarClaves(miembros: Record<string, unknown>, permitidas: readonly string[]): void {
  const desconocidas = Object.keys(miembros)
    .filter((k) => k !== 'rips' && !permitidas.includes(k))
    .map((campo) => ({
      campo: eco(campo),
      mensaje: `Propiedad desconocida. Admitidas: rips, ${permitidas.join(', ')}.`,
    }));
  if (desconocidas.length)
    throw errores.entradaInvalida('El cuerpo tiene propiedades desconocidas.', desconocidas);
}
