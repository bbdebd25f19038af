import { errores } from '../src/errores/errores.js';
import { ErrorTextoRips, miembros } from '../src/rips/validacion/texto-rips.js';

/**
 * Root members of a JSON body kept as text: `rips` as the text of its value when it is an object
 * (a slice, no copy), every other member parsed. Malformed JSON → 400 in Spanish.
 */
export function miembrosRaiz(texto: string): {
  rips?: { texto?: string; valor?: unknown };
  otros: Record<string, unknown>;
} {
  const otros: Record<string, unknown> = {};
  let rips: { texto?: string; valor?: unknown } | undefined;
  try {
    const inicio = texto.search(/\S/);
    if (inicio < 0 || texto[inicio] !== '{') return { otros };
    const cierre = { fin: texto.length };
    for (const [clave, a, b] of miembros(texto, inicio, cierre)) {
      if (clave === 'rips')
        rips = texto[a] === '{' ? { texto: texto.slice(a, b) } : { valor: JSON.parse(texto.slice(a, b)) };
      else otros[clave] = JSON.parse(texto.slice(a, b));
    }
    if (texto.slice(cierre.fin).trim() !== '') throw new ErrorTextoRips('texto después del objeto');
  } catch (e) {
    if (e instanceof ErrorTextoRips || e instanceof SyntaxError) {
      throw errores.entradaInvalida('El cuerpo no es JSON válido. Revise comillas, comas y llaves.');
    }
    throw e;
  }
  return { rips, otros };
}
