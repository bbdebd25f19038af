import type { ErrorAccionable, UbicacionError } from '../errores/error-accionable.js';
import { type DetalleError, errores } from '../errores/errores.js';
import { MAX_PROFUNDIDAD_JSON } from '../http/json-seguro.js';

/**
 * Guards of the RDA code against hostile JSON whatever door it came through (REST bodies are also
 * checked on their bytes by src/http/json-seguro.ts; GraphQL inline literals and platform answers
 * are not): bounded depth before any recursive walk or JSON.stringify, and no \u0000 or lone
 * surrogate on the way to PostgreSQL (jsonb refuses both, text refuses NUL).
 */

export const MAX_PROFUNDIDAD_RDA = MAX_PROFUNDIDAD_JSON;

export type ProblemaValor =
  | { tipo: 'profundidad'; ruta: string; maximo: number }
  | { tipo: 'caracter'; cual: 'nulo' | 'sustituto'; ruta: string };

const SUSTITUTO = /[\ud800-\udfff]/;
const SUSTITUTO_SUELTO = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const SUSTITUTO_SUELTO_G = new RegExp(SUSTITUTO_SUELTO.source, 'g');

/** NUL or a surrogate without its pair (the cheap test first: most texts have no surrogate at all). */
export function caracterProhibido(t: string): 'nulo' | 'sustituto' | undefined {
  if (t.includes('\u0000')) return 'nulo';
  return SUSTITUTO.test(t) && SUSTITUTO_SUELTO.test(t) ? 'sustituto' : undefined;
}

interface Marco {
  valor: unknown;
  profundidad: number;
  padre: Marco | undefined;
  paso: string;
}

/** A path for a message: keys cut and cleaned, at most ~200 characters. */
function rutaDe(m: Marco, raiz: string): string {
  const pasos: string[] = [];
  for (let x: Marco | undefined = m; x?.padre; x = x.padre) pasos.push(x.paso);
  let ruta = raiz;
  for (let i = pasos.length - 1; i >= 0; i--) {
    const p = pasos[i]!;
    ruta += p.startsWith('[') ? p : `.${p}`;
    if (ruta.length > 200) return `${ruta.slice(0, 200)}…`;
  }
  return ruta;
}

const clave = (k: string) => limpiarTexto(k, 64);

/**
 * First problem of a JSON-like value, walking it without recursion: deeper than `maximo` objects or
 * arrays (the value itself is level 1), or a string or key with NUL or a lone surrogate.
 */
export function revisarValor(
  valor: unknown,
  raiz: string,
  maximo = MAX_PROFUNDIDAD_RDA,
  o: { caracteres?: boolean } = {},
): ProblemaValor | undefined {
  const caracteres = o.caracteres ?? true;
  const pila: Marco[] = [{ valor, profundidad: 0, padre: undefined, paso: '' }];
  while (pila.length) {
    const m = pila.pop()!;
    const v = m.valor;
    if (typeof v === 'string') {
      if (!caracteres) continue;
      const cual = caracterProhibido(v);
      if (cual) return { tipo: 'caracter', cual, ruta: rutaDe(m, raiz) };
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    const profundidad = m.profundidad + 1;
    if (profundidad > maximo) return { tipo: 'profundidad', ruta: rutaDe(m, raiz), maximo };
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--)
        pila.push({ valor: v[i], profundidad, padre: m, paso: `[${i}]` });
      continue;
    }
    const claves = Object.keys(v);
    for (let i = claves.length - 1; i >= 0; i--) {
      const k = claves[i]!;
      const hijo: Marco = { valor: (v as Record<string, unknown>)[k], profundidad, padre: m, paso: clave(k) };
      const cual = caracteres ? caracterProhibido(k) : undefined;
      if (cual) return { tipo: 'caracter', cual, ruta: rutaDe(hijo, raiz) };
      pila.push(hijo);
    }
  }
  return undefined;
}

/** The Spanish text of a problem (for a 400 detail or a linter finding). */
export function mensajeProblemaValor(p: ProblemaValor): string {
  if (p.tipo === 'profundidad')
    return `«${p.ruta}» anida más de ${p.maximo} niveles de objetos o arreglos; ningún documento RDA lo necesita. Revise que el sistema de origen no esté anidando datos por error.`;
  const que =
    p.cual === 'nulo'
      ? 'el carácter nulo (\\u0000)'
      : 'un sustituto UTF-16 suelto (\\ud800–\\udfff sin su par)';
  return `«${p.ruta}» contiene ${que}: no es texto válido y no puede guardarse. Quítelo en el sistema de origen.`;
}

/** Throws the 400 entrada-invalida naming where the value is too deep or carries a forbidden character. */
export function exigirValorAcotado(valor: unknown, campo: string): void {
  const p = revisarValor(valor, campo);
  if (!p) return;
  const detalle: DetalleError = { campo: p.ruta, mensaje: mensajeProblemaValor(p) };
  throw errores.entradaInvalida(
    p.tipo === 'profundidad'
      ? `«${campo}» anida demasiados niveles: no se procesó.`
      : `«${campo}» contiene un carácter que no es texto válido: no se procesó.`,
    [detalle],
  );
}

/**
 * A text that can be stored and shown: NUL and lone surrogates become U+FFFD, and a text longer
 * than `maximo` is cut (never between the two halves of a pair) with an ellipsis.
 */
export function limpiarTexto(t: string, maximo = Number.POSITIVE_INFINITY): string {
  let s = t;
  if (s.length > maximo) {
    let fin = maximo;
    const c = s.charCodeAt(fin - 1);
    if (c >= 0xd800 && c <= 0xdbff) fin--;
    s = `${s.slice(0, fin)}…`;
  }
  return caracterProhibido(s) ? s.replaceAll('\u0000', '\ufffd').replace(SUSTITUTO_SUELTO_G, '\ufffd') : s;
}

const opcional = (t: string | null | undefined, maximo: number) =>
  typeof t === 'string' ? limpiarTexto(t, maximo) : (t ?? null);

/** Bounds of what a platform answer may leave in a stored finding. */
export const MAXIMOS_HALLAZGO = { codigo: 100, ruta: 500, texto: 1000, mensajeOriginal: 2000 } as const;

/** A finding whose texts come from outside (the platform): safe for jsonb and bounded in size. */
export function limpiarHallazgo(e: ErrorAccionable): ErrorAccionable {
  const M = MAXIMOS_HALLAZGO;
  const u = e.ubicacion;
  const ubicacion: UbicacionError = {
    ...u,
    factura: opcional(u.factura, M.ruta),
    documentoUsuario: opcional(u.documentoUsuario, M.ruta),
    tipoServicio: opcional(u.tipoServicio, M.ruta),
    campo: opcional(u.campo, M.ruta),
    campoNombre: opcional(u.campoNombre, M.ruta),
    ruta: opcional(u.ruta, M.ruta),
    descripcion: limpiarTexto(String(u.descripcion ?? ''), M.ruta),
  };
  return {
    ...e,
    codigo: limpiarTexto(String(e.codigo ?? ''), M.codigo),
    ubicacion,
    titulo: limpiarTexto(String(e.titulo ?? ''), M.texto),
    explicacion: limpiarTexto(String(e.explicacion ?? ''), M.texto),
    comoCorregir: limpiarTexto(String(e.comoCorregir ?? ''), M.texto),
    mensajeOriginal: opcional(e.mensajeOriginal, M.mensajeOriginal),
  };
}

/**
 * A received value quoted in a message: never String() of an object (`{"toString": 1}` throws a
 * TypeError) and never a whole megabyte text.
 */
export function mostrarValor(v: unknown, maximo = 80): string {
  if (typeof v === 'string') return limpiarTexto(v, maximo);
  if (typeof v === 'number' || typeof v === 'boolean' || v === null || v === undefined) return String(v);
  return Array.isArray(v) ? 'una lista' : 'un objeto';
}
