import { ErrorJsonProhibido, MAX_PROFUNDIDAD_JSON, mensajeProblemaJson } from '../../http/json-seguro.js';
import { CAMPOS } from '../estructura/campos.js';
import type { Registro } from '../tipos.js';
import { eco, miles } from './acotar.js';

/*
 * Checks on what a RIPS carries before (and while) it is walked: its header fields, and how deep
 * any value nests. Plain errors (no GraphQL): the engine also runs in the validation threads.
 */

/** The four header fields of DT1 §4.1 and their largest size (T01 12, T02 20, T03 2, T04 20). */
export const TAMANO_ENCABEZADO: ReadonlyMap<string, number> = new Map(
  CAMPOS.transaccion.flatMap((c) => {
    const l = c.longitud;
    if (c.tipo !== 'C' || !l) return [];
    return [[c.nombre, 'valores' in l ? Math.max(...l.valores) : l.max] as [string, number]];
  }),
);

/**
 * A header value longer than this is not a RIPS value at all (DT1 gives them 20 characters at most):
 * the request is refused (400) before any work instead of being walked. Shorter oversized values
 * are reported once, as RVG05, and echoed shortened (acotar.ts).
 */
export const MAX_VALOR_ENCABEZADO = 1024 * 1024;

const SUSTITUTO_SUELTO = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The 400 for a header value longer than MAX_VALOR_ENCABEZADO (also raised by the streamed reader). */
export function valorEncabezadoExcesivo(
  campo: string,
  largo: number,
  o: { masDe?: boolean; ruta?: string } = {},
): ErrorJsonProhibido {
  const max = TAMANO_ENCABEZADO.get(campo);
  const ruta = o.ruta ?? eco(campo);
  return new ErrorJsonProhibido(
    `El campo «${ruta}» del RIPS tiene ${o.masDe ? 'más de ' : ''}${miles(largo)} caracteres${
      max ? ` (DT1 admite ${max})` : ''
    }: no se valida un valor de más de ${miles(MAX_VALOR_ENCABEZADO)} caracteres. Revise el sistema de origen.`,
    ruta,
  );
}

/**
 * Refuses (ErrorJsonProhibido) a RIPS whose root members (other than `usuarios`) carry NUL or lone
 * surrogates, or a string longer than MAX_VALOR_ENCABEZADO: they would be copied into findings, logs
 * and the filing's row. Cheap: only the root's few members.
 */
export function revisarEncabezado(rips: Registro): void {
  for (const [campo, v] of Object.entries(rips)) {
    if (campo === 'usuarios' || typeof v !== 'string') continue;
    if (v.length > MAX_VALOR_ENCABEZADO) throw valorEncabezadoExcesivo(campo, v.length);
    const cual = v.includes('\u0000') ? 'nulo' : SUSTITUTO_SUELTO.test(v) ? 'sustituto' : undefined;
    if (cual) {
      const ruta = eco(campo);
      throw new ErrorJsonProhibido(mensajeProblemaJson({ tipo: 'caracter', cual, ruta }), ruta);
    }
  }
}

/**
 * The RIPS as the rules see it: a header value longer than its DT1 size (already RVG05 from the
 * structure check, with its real length) replaced by its echo, «FAC0000…» (1 048 576 caracteres),
 * so no rule copies it into a finding. The same object when nothing is oversized.
 */
export function encabezadoAcotado(rips: Registro): Registro {
  let copia: Registro | undefined;
  for (const [campo, max] of TAMANO_ENCABEZADO) {
    const v = rips[campo];
    if (typeof v === 'string' && v.length > max) {
      copia ??= { ...rips };
      copia[campo] = eco(v, max);
    }
  }
  return copia ?? rips;
}

/**
 * Deepest nesting admitted in a RIPS, counted from its root object (level 1; a user is level 3, a
 * service record level 6): the limit json-seguro.ts applies to the bodies express parses.
 */
export const MAX_PROFUNDIDAD_RIPS = MAX_PROFUNDIDAD_JSON;

/**
 * The path below `v` (at level `nivel`) where nesting exceeds `max`, or undefined. Walks only
 * objects and arrays (about 0.3 ms per MB of RIPS) and stops at the limit, so it never recurses
 * deeper than `max`; the path is built only when the limit is crossed.
 */
export function excesoProfundidad(v: unknown, nivel: number, max = MAX_PROFUNDIDAD_RIPS): string | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  if (nivel > max) return '';
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const x = v[i];
      if (typeof x !== 'object' || x === null) continue;
      const r = excesoProfundidad(x, nivel + 1, max);
      if (r !== undefined) return `[${i}]${r}`;
    }
    return undefined;
  }
  for (const k in v) {
    const x = (v as Registro)[k];
    if (typeof x !== 'object' || x === null) continue;
    const r = excesoProfundidad(x, nivel + 1, max);
    if (r !== undefined) return `.${eco(k)}${r}`;
  }
  return undefined;
}

/** The 400 for a value nested deeper than the limit, naming where. */
export function profundidadExcesiva(ruta: string): ErrorJsonProhibido {
  const limpia = ruta.startsWith('.') ? ruta.slice(1) : ruta;
  return new ErrorJsonProhibido(
    mensajeProblemaJson({ tipo: 'profundidad', maximo: MAX_PROFUNDIDAD_RIPS, ruta: limpia }),
    limpia,
  );
}
