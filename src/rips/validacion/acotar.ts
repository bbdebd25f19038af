import type { ErrorAccionable, UbicacionError } from '../../errores/error-accionable.js';
import type { SeveridadError } from '../../errores/valores.js';

/*
 * Bounds on what a validation answers (and a filing stores): how many findings, how many
 * characters, and how much of a value sent in the body is echoed back. Without them a 1 MiB
 * `numFactura` came back once per finding (the answer 34 times the request).
 */

/** Findings per answer unless RIPS_MAX_HALLAZGOS says otherwise (the 1 MB benchmark RIPS has 853). */
export const MAX_HALLAZGOS_POR_DEFECTO = 2000;
/** Characters of the findings of one answer unless RIPS_MAX_RESPUESTA says otherwise (~8 MB). */
export const MAX_CARACTERES_POR_DEFECTO = 8 * 1024 * 1024;
/** Characters of a value echoed in a finding (a longer one shows its start and its length). */
export const MAX_ECO = 64;
/** Characters of a finding's `detalle` (texts of the rules plus the values they quote). */
export const MAX_DETALLE = 1000;
/** Characters of the long texts of a stored finding (titulo, explicacion, comoCorregir, mensajeOriginal). */
export const MAX_TEXTO = 4000;
/** Characters of a location field (factura, documento, campo, ruta, descripción). */
export const MAX_UBICACION = 512;

/** Findings left out of an answer, by code (their severity still counts in `resumen` and `valid`). */
export interface HallazgosOmitidos {
  codigo: string;
  severidad: SeveridadError;
  cantidad: number;
}

export interface LimitesHallazgos {
  /** Findings kept (the rest are counted in `omitidos`). */
  maxHallazgos: number;
  /** Characters of the kept findings' texts, all together. */
  maxCaracteres: number;
}

/**
 * Raw findings a walk keeps for an answer of `max`: more than `max`, so the first `max` in the
 * answer's order (by user, service and field) are nearly always among them even when the cross-user
 * rules emit theirs at the end of the walk; bounded, so a RIPS wrong in every field holds little.
 */
export function maxCrudos(max: number): number {
  return 2 * max + 1000;
}

export const LIMITES_POR_DEFECTO: LimitesHallazgos = {
  maxHallazgos: MAX_HALLAZGOS_POR_DEFECTO,
  maxCaracteres: MAX_CARACTERES_POR_DEFECTO,
};

const SUSTITUTO_SUELTO = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** NUL and lone surrogates → U+FFFD: PostgreSQL refuses them in text and jsonb (22P05). */
export function limpiarTexto(t: string): string {
  const bien = (t as { isWellFormed?: () => boolean }).isWellFormed?.() ?? t.search(SUSTITUTO_SUELTO) < 0;
  const sinNulo = t.includes('\u0000') ? t.replaceAll('\u0000', '\ufffd') : t;
  return bien ? sinNulo : sinNulo.replace(SUSTITUTO_SUELTO, '\ufffd');
}

/** 1048576 → "1 048 576". */
export function miles(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

/** The first `n` characters of `t`, never ending in half a surrogate pair. */
function inicio(t: string, n: number): string {
  const c = t.charCodeAt(n - 1);
  return t.slice(0, c >= 0xd800 && c <= 0xdbff ? n - 1 : n);
}

/**
 * A value from the body as it may be echoed: as is when it has at most `max` characters, else its
 * start and its length, «FAC0000…» (1 048 576 caracteres). Never carries NUL or lone surrogates.
 */
export function eco(v: string, max = MAX_ECO): string {
  if (v.length <= max) return limpiarTexto(v);
  return `«${limpiarTexto(inicio(v, max))}…» (${miles(v.length)} caracteres)`;
}

/** A text cut to `max` characters, saying how long it was. */
export function acotarTexto(t: string, max: number): string {
  if (t.length <= max) return limpiarTexto(t);
  return `${limpiarTexto(inicio(t, max))}… (texto de ${miles(t.length)} caracteres)`;
}

/** A quoted value in a rule's detail: «…». */
const CITA = /«([^»]*)»/g;

/**
 * A finding's detail with every value it quotes («…») echoed as `eco` does, and the whole cut at
 * MAX_DETALLE: a rule that quotes a value sent in the body never repeats all of it.
 */
export function acotarDetalle(d: string): string {
  if (d.length <= MAX_ECO + 20) return limpiarTexto(d);
  const citas = d.replace(CITA, (todo, valor: string) => (valor.length > MAX_ECO ? eco(valor) : todo));
  return acotarTexto(citas, MAX_DETALLE);
}

/** Adds `cantidad` findings of `codigo` to a tally. */
export function contarOmitido(
  cuenta: Map<string, HallazgosOmitidos>,
  codigo: string,
  severidad: SeveridadError,
  cantidad = 1,
): void {
  const o = cuenta.get(codigo);
  if (o) o.cantidad += cantidad;
  else cuenta.set(codigo, { codigo, severidad, cantidad });
}

/** Both tallies summed, by code, in code order. */
export function sumarOmitidos(
  a: readonly HallazgosOmitidos[],
  b: readonly HallazgosOmitidos[],
): HallazgosOmitidos[] {
  const cuenta = new Map<string, HallazgosOmitidos>();
  for (const o of [...a, ...b]) contarOmitido(cuenta, o.codigo, o.severidad, o.cantidad);
  return ordenarOmitidos(cuenta);
}

export function ordenarOmitidos(cuenta: Map<string, HallazgosOmitidos>): HallazgosOmitidos[] {
  return [...cuenta.values()].sort((x, y) => (x.codigo < y.codigo ? -1 : x.codigo > y.codigo ? 1 : 0));
}

const opcional = (t: string | null, max: number) => (t === null ? null : acotarTexto(t, max));

/** One finding with every text bounded and cleaned (see acotarHallazgos). */
export function acotarHallazgo(e: ErrorAccionable): ErrorAccionable {
  const u = e.ubicacion;
  const ubicacion: UbicacionError = {
    factura: u.factura === null ? null : eco(u.factura, MAX_UBICACION),
    usuarioIndex: u.usuarioIndex,
    documentoUsuario: u.documentoUsuario === null ? null : eco(u.documentoUsuario, MAX_UBICACION),
    tipoServicio: u.tipoServicio,
    servicioIndex: u.servicioIndex,
    campo: opcional(u.campo, MAX_UBICACION),
    campoNombre: opcional(u.campoNombre, MAX_UBICACION),
    ruta: opcional(u.ruta, MAX_UBICACION),
    descripcion: acotarTexto(u.descripcion, MAX_UBICACION),
  };
  return {
    codigo: acotarTexto(e.codigo, 64),
    severidad: e.severidad,
    fuente: e.fuente,
    ubicacion,
    titulo: acotarTexto(e.titulo, MAX_TEXTO),
    explicacion: acotarTexto(e.explicacion, MAX_TEXTO),
    comoCorregir: acotarTexto(e.comoCorregir, MAX_TEXTO),
    mensajeOriginal: opcional(e.mensajeOriginal, MAX_TEXTO),
  };
}

/** Characters a finding adds to an answer (its texts plus a constant for the JSON around them). */
export function caracteresDe(e: ErrorAccionable): number {
  const u = e.ubicacion;
  return (
    300 +
    e.titulo.length +
    e.explicacion.length +
    e.comoCorregir.length +
    (e.mensajeOriginal?.length ?? 0) +
    (u.factura?.length ?? 0) +
    (u.documentoUsuario?.length ?? 0) +
    (u.campoNombre?.length ?? 0) +
    2 * (u.ruta?.length ?? 0) +
    u.descripcion.length
  );
}

/**
 * The findings as they may be answered or stored (e.g. in `radicacion.errores`): the first
 * `maxHallazgos`, in the given order, while their texts add up to at most `maxCaracteres`; every
 * text bounded (values from the body echoed by `eco`, long texts cut and marked) and free of NUL and
 * lone surrogates. The findings left out are counted by code in `omitidos` (with their severity, so
 * a caller can still count them). Pure: the input is not changed.
 */
export function acotarHallazgos(
  errores: readonly ErrorAccionable[],
  limites: Partial<LimitesHallazgos> = {},
): { errores: ErrorAccionable[]; omitidos: HallazgosOmitidos[] } {
  const max = limites.maxHallazgos ?? MAX_HALLAZGOS_POR_DEFECTO;
  const maxCaracteres = limites.maxCaracteres ?? MAX_CARACTERES_POR_DEFECTO;
  const salida: ErrorAccionable[] = [];
  const omitidos = new Map<string, HallazgosOmitidos>();
  let caracteres = 0;
  for (const e of errores) {
    if (salida.length < max && omitidos.size === 0) {
      const a = acotarHallazgo(e);
      caracteres += caracteresDe(a);
      if (caracteres <= maxCaracteres) {
        salida.push(a);
        continue;
      }
    }
    contarOmitido(omitidos, e.codigo, e.severidad);
  }
  return { errores: salida, omitidos: ordenarOmitidos(omitidos) };
}
