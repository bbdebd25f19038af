import type { Catalogos, ColumnasExtra, EntradaCatalogo, EstadoCatalogo } from './tipos.js';

export interface TablaEnMemoria {
  filas: EntradaCatalogo[];
  fuente?: string;
  fecha?: string;
  /** Newest Fecha_Actualizacion of the SISPRO export (ISO). */
  fechaActualizacion?: string;
  /** Labels of the Extra_* headers of the export. */
  columnas?: ColumnasExtra;
}

/** Catalogs held in maps; lookups are O(1). Tables given as plain code lists are all enabled. */
export class CatalogosEnMemoria implements Catalogos {
  private readonly tablas = new Map<
    string,
    { porCodigo: Map<string, EntradaCatalogo>; meta: TablaEnMemoria }
  >();

  constructor(tablas: Record<string, TablaEnMemoria | EntradaCatalogo[] | readonly string[]> = {}) {
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
    return this.tablas.get(tabla)?.meta.columnas ?? {};
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
