import type { Registro } from '../tipos.js';
import { MAX_VALOR_ENCABEZADO, valorEncabezadoExcesivo } from './encabezado.js';
import {
  type Ancla,
  anclaDe,
  ErrorTextoRips,
  finDeValor,
  miembrosPerezosos,
  porAncla,
} from './texto-rips.js';

/**
 * Reads a request body `{"rips": {…, "usuarios": [ … ]}, …}` while it arrives: the members before
 * `usuarios` first, then each user as soon as its text is complete, so reading, inflating and
 * validating overlap and the body is never one object graph. Users are split as in texto-rips.ts
 * (by the first key of the first user, verified by JSON.parse; character walk as fallback).
 *
 * Anything unusual (rips not an object, no `usuarios` array, a long prefix) makes `leerInicio`
 * answer `{ completo }`: the whole text, for the ordinary reader. Nothing else is kept: a caller
 * that needs the body again re-reads it from its source.
 */

const PREFIJO_MAXIMO = 1 << 20;
const ESPACIO = /\s/;

function saltar(t: string, i: number): number {
  while (i < t.length && ESPACIO.test(t[i]!)) i++;
  return i;
}

/** Thrown while the text so far ends inside a value: more input is needed. */
class Incompleto extends Error {}

/** A number or literal that reaches the end of the text read so far may still go on. */
function literalCortado(t: string, i: number, fin: number): boolean {
  const c = t[i];
  return fin >= t.length && c !== '"' && c !== '{' && c !== '[';
}

function finCompleto(t: string, i: number): number {
  let fin: number;
  try {
    fin = finDeValor(t, i);
  } catch (e) {
    if (e instanceof ErrorTextoRips) throw new Incompleto();
    throw e;
  }
  if (literalCortado(t, i, fin)) throw new Incompleto();
  return fin;
}

/** The member being read when the text ran out (its key and where its value starts). */
interface MiembroAbierto {
  clave?: string;
  inicio: number;
}

/** Members of an object at `i` up to (not including) `parar` key; values parsed. */
function leerMiembros(
  t: string,
  i: number,
  parar: (clave: string, inicioValor: number) => boolean,
  abierto: MiembroAbierto = { inicio: -1 },
): { miembros: Registro; clave?: string; inicioValor?: number; fin?: number } {
  const miembros: Registro = {};
  const cierre = { fin: -1 };
  for (const [clave, inicio] of miembrosPerezosos(t, i, cierre, incompleto)) {
    if (parar(clave, inicio)) return { miembros, clave, inicioValor: inicio };
    abierto.clave = clave;
    abierto.inicio = inicio;
    cierre.fin = finCompleto(t, inicio);
    abierto.clave = undefined;
    miembros[clave] = JSON.parse(t.slice(inicio, cierre.fin));
  }
  return { miembros, fin: cierre.fin };
}

const incompleto = (): never => {
  throw new Incompleto();
};

export interface LecturaEnFlujo {
  /** Body members before `rips` (e.g. fechaEvaluacion). */
  antes: Registro;
  /** RIPS members before `usuarios`, with `usuarios: []` as placeholder. */
  transaccion: Registro;
  /**
   * The text of `usuarios` after its `[`: `resto`, then whatever `siguientes` yields (read users with
   * `usuariosEnFlujo(resto, fuenteDe(siguientes), cola)`).
   */
  resto: string;
  siguientes: AsyncIterator<string>;
}

/**
 * Reads the start of the body from `fuente` (text chunks). Returns the lazy reading, or the whole
 * text when the body does not have the usual shape.
 */
export async function leerInicio(
  fuente: AsyncIterable<string>,
): Promise<LecturaEnFlujo | { completo: string }> {
  const it = fuente[Symbol.asyncIterator]();
  let pend = '';
  const leerMas = async (): Promise<boolean> => {
    const r = await it.next();
    if (r.done) return false;
    pend += r.value;
    return true;
  };
  // Unusual shape: the whole text (nothing of it was consumed yet).
  const completo = async () => {
    while (await leerMas());
    return { completo: pend };
  };

  for (;;) {
    const abierto: MiembroAbierto = { inicio: -1 };
    try {
      let ripsInicio = -1;
      const cuerpo = leerMiembros(pend, 0, (clave, v) => {
        if (clave !== 'rips') return false;
        ripsInicio = v;
        return true;
      });
      if (cuerpo.clave !== 'rips' || pend[ripsInicio] !== '{') return await completo();
      let usuariosInicio = -1;
      const rips = leerMiembros(
        pend,
        ripsInicio,
        (clave, v) => {
          if (clave !== 'usuarios') return false;
          usuariosInicio = v;
          return true;
        },
        abierto,
      );
      if (rips.clave !== 'usuarios' || pend[usuariosInicio] !== '[') return await completo();
      return {
        antes: cuerpo.miembros,
        transaccion: { ...rips.miembros, usuarios: [] },
        resto: pend.slice(usuariosInicio + 1),
        siguientes: it,
      };
    } catch (e) {
      if (!(e instanceof Incompleto)) throw e;
      // A text member of the RIPS still arriving (numFactura…): refused once it passes the bound, before
      // the body is read whole; other long prefixes (an XML before the RIPS) are read whole.
      if (abierto.clave !== undefined && pend[abierto.inicio] === '"') {
        const largo = pend.length - abierto.inicio - 1;
        if (largo > MAX_VALOR_ENCABEZADO)
          throw valorEncabezadoExcesivo(abierto.clave, largo, { masDe: true, ruta: `rips.${abierto.clave}` });
      } else if (pend.length > PREFIJO_MAXIMO) return await completo();
      if (!(await leerMas())) throw new ErrorTextoRips('el cuerpo terminó antes de tiempo');
    }
  }
}

const COMA_O_ESPACIO = /[\s,]/;

export interface FuenteUsuarios {
  leerMas: () => Promise<boolean>;
  /** Text read since the last call. */
  tomar: () => string;
  terminado: () => boolean;
}

/** A source over the chunks an iterator still has. */
export function fuenteDe(it: AsyncIterator<string>, alLeer?: (caracteres: number) => void): FuenteUsuarios {
  let pend = '';
  let fin = false;
  return {
    leerMas: async () => {
      if (fin) return false;
      const r = await it.next();
      if (r.done) {
        fin = true;
        return false;
      }
      pend += r.value;
      alLeer?.(r.value.length);
      return true;
    },
    tomar: () => {
      const v = pend;
      pend = '';
      return v;
    },
    terminado: () => fin,
  };
}

/** Users parsed from the text of `usuarios` (after its `[`) as it arrives; `cola` gets the text from `]` on. */
export async function* usuariosEnFlujo(
  inicial: string,
  f: FuenteUsuarios,
  cola: { texto: string; pausa?: string },
  /**
   * Checked before each user: true stops the reading there, with the text from that user on in
   * `cola.pausa`, unless the body ends within the next chunk (then the reading goes on to the end).
   */
  pausar?: () => boolean,
): AsyncGenerator<unknown> {
  const terminado = () => f.terminado();
  let t = inicial;
  let ancla: Ancla | undefined;
  // Retry an incomplete element only once the text has doubled: linear even for one huge user.
  let reintentarDesde = 0;
  const traer = async () => {
    const hay = await f.leerMas();
    t += f.tomar();
    return hay;
  };
  for (;;) {
    let i = 0;
    while (i < t.length && COMA_O_ESPACIO.test(t[i]!)) i++;
    if (i >= t.length) {
      t = '';
      if (!(await traer())) throw new ErrorTextoRips('el arreglo «usuarios» no se cerró');
      continue;
    }
    if (t[i] === ']') {
      // The rest of the body (end of rips, members after it) is short: read it whole.
      while (await traer());
      cola.texto = t.slice(i);
      return;
    }
    if (pausar?.()) {
      // Only when more is coming: the last users already read are walked here, not handed over.
      if (!terminado() && (await traer())) {
        cola.pausa = t.slice(i);
        return;
      }
      pausar = undefined;
      continue;
    }
    if (t.length < reintentarDesde && !terminado()) {
      await traer();
      continue;
    }
    let valor: unknown;
    let siguiente = -1;
    const guiado = ancla && porAncla(t, i, ancla);
    if (guiado) ({ valor, siguiente } = guiado);
    else {
      let fin: number;
      try {
        fin = finDeValor(t, i);
        if (literalCortado(t, i, fin) && !terminado()) throw new ErrorTextoRips('valor cortado');
      } catch (e) {
        if (!(e instanceof ErrorTextoRips) || terminado()) throw e;
        reintentarDesde = t.length * 2;
        await traer();
        continue;
      }
      valor = JSON.parse(t.slice(i, fin));
      siguiente = fin;
    }
    reintentarDesde = 0;
    ancla ??= anclaDe(valor);
    yield valor;
    t = t.slice(siguiente);
  }
}

/** `, "k": v, …}` from `i` (just after a value): the members and the index after `}`. */
function restoDeObjeto(t: string, i: number): { miembros: Registro; fin: number } {
  const miembros: Registro = {};
  for (;;) {
    i = saltar(t, i);
    if (t[i] === '}') return { miembros, fin: i + 1 };
    if (t[i] !== ',') throw new ErrorTextoRips(`se esperaba «,» o «}» en la posición ${i}`);
    i = saltar(t, i + 1);
    if (t[i] !== '"') throw new ErrorTextoRips(`se esperaba un nombre de propiedad en la posición ${i}`);
    const finClave = finDeValor(t, i);
    const clave = JSON.parse(t.slice(i, finClave)) as string;
    i = saltar(t, finClave);
    if (t[i] !== ':') throw new ErrorTextoRips(`se esperaba «:» en la posición ${i}`);
    const inicio = saltar(t, i + 1);
    const fin = finDeValor(t, inicio);
    miembros[clave] = JSON.parse(t.slice(inicio, fin));
    i = fin;
  }
}

/** The text after `usuarios` (starting at its `]`): RIPS members after it and body members after `rips`. */
export function leerCola(cola: string): { rips: Registro; cuerpo: Registro } {
  const rips = restoDeObjeto(cola, 1);
  const cuerpo = restoDeObjeto(cola, rips.fin);
  if (saltar(cola, cuerpo.fin) !== cola.length) throw new ErrorTextoRips('texto después del cuerpo');
  return { rips: rips.miembros, cuerpo: cuerpo.miembros };
}
