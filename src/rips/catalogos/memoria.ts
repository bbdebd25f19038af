import { diasDesde, esAntigua } from './antiguedad.js';
import { claveNombre } from './tablas.js';
import type { Catalogos, ColumnasExtra, EntradaCatalogo, EstadoCatalogo, TablaAntigua } from './tipos.js';

export interface TablaEnMemoria {
  filas: EntradaCatalogo[];
  fuente?: string;
  fecha?: string;
  /** Newest Fecha_Actualizacion of the SISPRO export (ISO). */
  fechaActualizacion?: string;
  /** Labels of the Extra_* headers of the export. */
  columnas?: ColumnasExtra;
  /** Imported tables: when our copy was imported (ISO); what their age is measured from. */
  importadoEn?: string;
}

export interface OpcionesCatalogosEnMemoria {
  /** Imported tables older than this many days are `antiguas` (0 or absent: never). */
  antiguedadMaximaDias?: number;
  /** The clock `antiguas` measures with (tests). */
  ahora?: () => Date;
}

/**
 * One loaded table: rows by code, its data, and the secondary indexes rules asked for, built on first
 * use. `poner` replaces the whole entry, so an index lives exactly as long as the table version.
 */
interface TablaCargada {
  porCodigo: Map<string, EntradaCatalogo>;
  meta: TablaEnMemoria;
  /** Normalized label → numeral, and each label a rule asked for → its numeral (null: none). */
  etiquetas?: { porClave: Map<string, string>; resueltas: Map<string, string | null> };
  /** Numeral → enabled rows by that column's value. */
  agrupadas?: Map<string, Map<string, EntradaCatalogo[]>>;
  /** Key numeral → value numeral → relation. */
  relaciones?: Map<string, Map<string, Map<string, Set<string>>>>;
  /** `meta.importadoEn` parsed once: every validation asks how old its tables are. */
  importado?: Date;
}

const VACIO: ReadonlyMap<string, never> = new Map<string, never>();
/** What `columnas` answers for a table without labels: one object, so callers may key caches on it. */
const SIN_COLUMNAS: ColumnasExtra = Object.freeze({});

/** Normalized label → numeral (the first numeral wins when two labels normalize alike). */
function numeralesPorEtiqueta(columnas: ColumnasExtra | undefined): Map<string, string> {
  const m = new Map<string, string>();
  for (const [numeral, etiqueta] of Object.entries(columnas ?? {})) {
    const clave = etiqueta ? claveNombre(etiqueta) : '';
    if (clave && !m.has(clave)) m.set(clave, numeral);
  }
  return m;
}

/** Catalogs held in maps; lookups are O(1). Tables given as plain code lists are all enabled. */
export class CatalogosEnMemoria implements Catalogos {
  private readonly tablas = new Map<string, TablaCargada>();
  private versionActual = 0;

  constructor(
    tablas: Record<string, TablaEnMemoria | EntradaCatalogo[] | readonly string[]> = {},
    private readonly opciones: OpcionesCatalogosEnMemoria = {},
  ) {
    for (const [nombre, t] of Object.entries(tablas)) this.poner(nombre, t);
  }

  poner(nombre: string, t: TablaEnMemoria | EntradaCatalogo[] | readonly string[]): void {
    const meta: TablaEnMemoria = Array.isArray(t)
      ? {
          filas: (t as (EntradaCatalogo | string)[]).map((f) =>
            typeof f === 'string' ? { codigo: f, nombre: f, habilitado: true } : f,
          ),
        }
      : (t as TablaEnMemoria);
    this.tablas.set(nombre, { porCodigo: new Map(meta.filas.map((f) => [f.codigo, f])), meta });
    this.versionActual++;
  }

  get version(): number {
    return this.versionActual;
  }

  cargado(tabla: string): boolean {
    return this.tablas.has(tabla);
  }

  contiene(tabla: string, codigo: string): boolean {
    return this.tablas.get(tabla)?.porCodigo.get(codigo)?.habilitado === true;
  }

  entrada(tabla: string, codigo: string): EntradaCatalogo | undefined {
    return this.tablas.get(tabla)?.porCodigo.get(codigo);
  }

  columnas(tabla: string): ColumnasExtra {
    return this.tablas.get(tabla)?.meta.columnas ?? SIN_COLUMNAS;
  }

  columnaExtra(tabla: string, etiqueta: string, numeral: string): string | undefined {
    const t = this.tablas.get(tabla);
    if (!t) return undefined;
    t.etiquetas ??= { porClave: numeralesPorEtiqueta(t.meta.columnas), resueltas: new Map() };
    const e = t.etiquetas;
    if (e.porClave.size === 0) return numeral;
    // Rules ask on every record: normalize each label once.
    let n = e.resueltas.get(etiqueta);
    if (n === undefined) {
      n = e.porClave.get(claveNombre(etiqueta)) ?? null;
      e.resueltas.set(etiqueta, n);
    }
    return n ?? undefined;
  }

  agrupadas(tabla: string, numeral: string): ReadonlyMap<string, readonly EntradaCatalogo[]> {
    const t = this.tablas.get(tabla);
    if (!t) return VACIO;
    t.agrupadas ??= new Map();
    let m = t.agrupadas.get(numeral);
    if (!m) {
      m = new Map();
      for (const f of t.meta.filas) {
        const v = f.habilitado ? f.extra?.[numeral]?.trim() : undefined;
        if (!v) continue;
        const grupo = m.get(v);
        if (grupo) grupo.push(f);
        else m.set(v, [f]);
      }
      t.agrupadas.set(numeral, m);
    }
    return m;
  }

  relacion(tabla: string, clave: string, valor: string): ReadonlyMap<string, ReadonlySet<string>> {
    const t = this.tablas.get(tabla);
    if (!t) return VACIO;
    t.relaciones ??= new Map();
    let porValor = t.relaciones.get(clave);
    if (!porValor) {
      porValor = new Map();
      t.relaciones.set(clave, porValor);
    }
    let m = porValor.get(valor);
    if (!m) {
      m = new Map();
      for (const f of t.meta.filas) {
        if (!f.habilitado) continue;
        const k = f.extra?.[clave]?.trim();
        const v = f.extra?.[valor]?.trim();
        if (!k || !v) continue;
        const valores = m.get(k);
        if (valores) valores.add(v);
        else m.set(k, new Set([v]));
      }
      porValor.set(valor, m);
    }
    return m;
  }

  antiguas(tablas: Iterable<string>): TablaAntigua[] {
    const maximaDias = this.opciones.antiguedadMaximaDias ?? 0;
    if (maximaDias <= 0) return [];
    const ahora = this.opciones.ahora?.() ?? new Date();
    const r: TablaAntigua[] = [];
    for (const tabla of tablas instanceof Set ? tablas : new Set(tablas)) {
      const t = this.tablas.get(tabla);
      const meta = t?.meta;
      if (!t || !meta?.importadoEn) continue;
      t.importado ??= new Date(meta.importadoEn);
      const importadoEn = t.importado;
      if (!esAntigua(importadoEn, maximaDias, ahora)) continue;
      r.push({
        tabla,
        importadoEn: meta.importadoEn,
        ...(meta.fechaActualizacion ? { fechaActualizacion: meta.fechaActualizacion } : {}),
        dias: diasDesde(importadoEn, ahora),
        maximaDias,
      });
    }
    return r.sort((a, b) => (a.tabla < b.tabla ? -1 : a.tabla > b.tabla ? 1 : 0));
  }

  /** The tables as plain data (what a validation thread rebuilds its copy from). */
  instantanea(): Record<string, TablaEnMemoria> {
    return Object.fromEntries([...this.tablas].map(([nombre, t]) => [nombre, t.meta]));
  }

  estados(): EstadoCatalogo[] {
    return [...this.tablas.entries()].map(([tabla, t]) => ({
      tabla,
      cargado: true,
      filas: t.meta.filas.length,
      fuente: t.meta.fuente,
      fecha: t.meta.fecha,
      ...(t.meta.fechaActualizacion ? { fechaActualizacion: t.meta.fechaActualizacion } : {}),
    }));
  }
}
