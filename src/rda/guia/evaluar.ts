import { mostrarValor } from '../json-acotado.js';
import { BASE_RDA } from '../tipos.js';
import type { CodigoGuia, Hecho } from './hechos.js';
import { LISTAS_GUIA } from './listas.js';
import { LISTAS_TECNOLOGIAS } from './listas-tecnologias.js';
import { coincide, diferencia, esperado, type Seleccion, seleccionar } from './patron.js';

/**
 * Which check of a fact failed. The IHCE platform's profile validator rejects a cardinality breach
 * (a required element or slice absent: `falta`; present too many or too few times: `cantidad`) and
 * takes the rest (issue 32): a fixed value or pattern (`valor`), a code of a guide list (`lista`),
 * an element the guide excludes by closed slicing or 0..0 (`prohibido`).
 */
export type ClaseFalta = 'falta' | 'cantidad' | 'valor' | 'lista' | 'prohibido';

/** One breach of a guide fact. */
export interface FaltaGuia {
  codigo: CodigoGuia;
  clase: ClaseFalta;
  ruta: string;
  detalle: string;
}

export interface RecursoDelBundle {
  recurso: Record<string, unknown>;
  ruta: string;
  /** Profile names (StructureDefinition ids) the resource is checked against. */
  perfiles: readonly string[];
}

const PREFIJO = `${BASE_RDA}/StructureDefinition/`;
const esObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const presente = (v: unknown) =>
  v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

const listas = new Map(
  Object.entries({ ...LISTAS_GUIA, ...LISTAS_TECNOLOGIAS }).map(([nombre, filas]) => [
    nombre,
    { url: `${BASE_RDA}/CodeSystem/${nombre}`, codigos: new Map<string, string>(filas) },
  ]),
);

/** The guide profiles a resource declares in meta.profile (names, without the canonical base). */
export function perfilesDeclarados(recurso: Record<string, unknown>): string[] {
  const perfiles = esObj(recurso.meta) && Array.isArray(recurso.meta.profile) ? recurso.meta.profile : [];
  return perfiles
    .filter((p): p is string => typeof p === 'string' && p.startsWith(PREFIJO))
    .map((p) => p.slice(PREFIJO.length));
}

/** Codings of an Extension's value, a CodeableConcept or a Coding. */
function codingsDe(v: unknown): Record<string, unknown>[] {
  if (!esObj(v)) return [];
  if (esObj(v.valueCoding)) return [v.valueCoding];
  if (esObj(v.valueCodeableConcept)) return codingsDe(v.valueCodeableConcept);
  if (Array.isArray(v.coding)) return v.coding.filter(esObj);
  if ('system' in v || 'code' in v) return [v];
  return [];
}

function revisarLista(h: Hecho, valor: unknown): string | undefined {
  const l = listas.get(h.lista!.nombre)!;
  const c = codingsDe(valor).find((x) => x.system === l.url);
  if (!c) return `${h.que}: no hay un código del sistema ${l.url}.`;
  const display = typeof c.code === 'string' ? l.codigos.get(c.code) : undefined;
  if (display === undefined)
    return `${h.que}: «${mostrarValor(c.code, 40)}» no pertenece a la lista de la guía.`;
  if (h.lista!.display && c.display !== display)
    return `${h.que}: el display de «${c.code}» debe ser «${display}»${c.display === undefined ? ' y falta' : ''}.`;
  return undefined;
}

/** The elements a fact is about: those at its path that match its slice discriminator. */
function elegir(h: Hecho, recurso: unknown, base: string): Seleccion[] {
  const sel = seleccionar(recurso, h.ruta, base);
  return h.donde === undefined ? sel : sel.filter((s) => coincide(s.valor, h.donde));
}

const claves = new WeakMap<Hecho, string>();
/** Facts with the same path and discriminator share one selection per resource. */
function claveDe(h: Hecho): string {
  let k = claves.get(h);
  if (k === undefined) {
    k = `${h.ruta}\u0000${h.donde === undefined ? '' : JSON.stringify(h.donde)}`;
    claves.set(h, k);
  }
  return k;
}

/** Checks one fact on one resource. */
export function evaluarHecho(
  h: Hecho,
  recurso: Record<string, unknown>,
  base: string,
  emitir: (f: FaltaGuia) => void,
  seleccion?: Seleccion[],
): void {
  const falta = (clase: ClaseFalta, ruta: string, detalle: string) =>
    emitir({ codigo: h.codigo, clase, ruta, detalle });
  if (h.si && seleccionar(recurso, h.si, base).length === 0) return;
  const sel = seleccion ?? elegir(h, recurso, base);
  const rutaHecho = h.ruta ? `${base}.${h.ruta}` : base;
  if (h.min !== undefined && sel.length < h.min)
    falta(
      sel.length === 0 ? 'falta' : 'cantidad',
      rutaHecho,
      `${h.que}: ${sel.length === 0 ? 'falta' : `hay ${sel.length}, se exigen ${h.min}`}.`,
    );
  if (h.max !== undefined && h.max !== '*' && sel.length > h.max)
    falta(
      h.max === 0 ? 'prohibido' : 'cantidad',
      sel[h.max]!.ruta,
      h.max === 0 ? `${h.que}.` : `${h.que}: hay ${sel.length}, se admiten ${h.max}.`,
    );
  for (const s of sel) {
    if (h.patron !== undefined && !coincide(s.valor, h.patron)) {
      const d = diferencia(s.valor, h.patron) ?? '';
      const e = esperado(h.patron, d);
      falta(
        'valor',
        d ? `${s.ruta}.${d}` : s.ruta,
        `${h.que}${typeof e === 'string' || typeof e === 'number' ? `: se espera «${e}» en ${d || 'el elemento'}` : ''}.`,
      );
    }
    if (h.unoDe && !h.unoDe.includes(s.valor as never))
      falta('valor', s.ruta, `${h.que}; se recibió «${mostrarValor(s.valor, 60)}».`);
    for (const r of h.requeridos ?? [])
      if (!seleccionar(s.valor, r, s).some((x) => presente(x.valor)))
        falta('falta', `${s.ruta}.${r}`, `${h.que}: falta ${r}.`);
    if (h.cuenta) {
      const c = h.cuenta;
      const n = seleccionar(s.valor, c.ruta, s).filter(
        (x) => c.donde === undefined || coincide(x.valor, c.donde),
      ).length;
      if (n < c.min || (c.max !== '*' && n > c.max))
        falta(
          n === 0 ? 'falta' : c.max === 0 ? 'prohibido' : 'cantidad',
          `${s.ruta}.${c.ruta}`,
          `${h.que}: hay ${n}.`,
        );
    }
    if (h.lista) {
      const problema = revisarLista(h, s.valor);
      if (problema) falta('lista', s.ruta, problema);
    }
  }
}

const indices = new WeakMap<readonly Hecho[], Map<string, Hecho[]>>();
/** Facts by profile, built once per fact list (the lists are cached per document type). */
function indice(hechos: readonly Hecho[]): Map<string, Hecho[]> {
  let m = indices.get(hechos);
  if (!m) {
    m = new Map();
    for (const h of hechos) {
      const l = m.get(h.perfil);
      if (l) l.push(h);
      else m.set(h.perfil, [h]);
    }
    indices.set(hechos, m);
  }
  return m;
}

/** Every breach of the given facts in the resources of a bundle. */
export function evaluarGuia(hechos: readonly Hecho[], recursos: readonly RecursoDelBundle[]): FaltaGuia[] {
  const out: FaltaGuia[] = [];
  const porPerfil = indice(hechos);
  const emitir = (f: FaltaGuia) => out.push(f);
  for (const r of recursos) {
    const selecciones = new Map<string, Seleccion[]>();
    for (const p of r.perfiles) {
      for (const h of porPerfil.get(p) ?? []) {
        if (r.recurso.resourceType !== h.recurso) continue;
        const k = claveDe(h);
        let sel = selecciones.get(k);
        if (!sel) {
          sel = elegir(h, r.recurso, r.ruta);
          selecciones.set(k, sel);
        }
        evaluarHecho(h, r.recurso, r.ruta, emitir, sel);
      }
    }
  }
  return out;
}
