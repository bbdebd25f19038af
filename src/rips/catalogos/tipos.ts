/** One row of a SISPRO reference table (export columns Código, Nombre, Habilitado, Extra_I…Extra_X). */
export interface EntradaCatalogo {
  codigo: string;
  nombre: string;
  habilitado: boolean;
  /** Extra_I … Extra_X by roman numeral key ('I', 'II', …); per-table meaning. */
  extra?: Partial<Record<string, string>>;
}

export interface EstadoCatalogo {
  tabla: string;
  cargado: boolean;
  filas: number;
  /** Source and date of the data (shipped file or import). */
  fuente?: string;
  fecha?: string;
  /** Newest Fecha_Actualizacion SISPRO wrote in the table's rows (ISO), when the export had it. */
  fechaActualizacion?: string;
}

/** An imported table whose copy is older than CATALOGOS_ANTIGUEDAD_MAXIMA_DIAS (see antiguedad.ts). */
export interface TablaAntigua {
  tabla: string;
  /** When our copy was imported (ISO). */
  importadoEn: string;
  /** Newest Fecha_Actualizacion SISPRO wrote in its rows (ISO), when the export had it. */
  fechaActualizacion?: string;
  /** Whole days since the import. */
  dias: number;
  /** The limit it passed (CATALOGOS_ANTIGUEDAD_MAXIMA_DIAS). */
  maximaDias: number;
}

/** Labels of a table's Extra_* columns by roman numeral (`{"I": "AplicaASexo"}`), from its header. */
export type ColumnasExtra = Partial<Record<string, string>>;

/**
 * Read-only view of the catalogs a validation uses. Small tables are always loaded (shipped
 * with the service); large ones only once imported. Lookups are synchronous and O(1).
 */
export interface Catalogos {
  /**
   * Changes whenever a table is added or replaced: what caches of decisions taken on `cargado` key on
   * (the validation's rule plan). Absent: such decisions are not cached.
   */
  readonly version?: number;
  cargado(tabla: string): boolean;
  /** Enabled code in the table (false when the table is not loaded: check `cargado` first). */
  contiene(tabla: string, codigo: string): boolean;
  entrada(tabla: string, codigo: string): EntradaCatalogo | undefined;
  /** Labels of the table's Extra_* columns as its export named them (empty when unknown). */
  columnas(tabla: string): ColumnasExtra;
  /**
   * The numeral of the Extra column labelled `etiqueta` (case, accents, spaces and `_` ignored); when
   * the table has no labels at all (older imports, CSVs without them), `numeral`, the documented one;
   * undefined when it has labels and none is `etiqueta`, or when the table is not loaded.
   */
  columnaExtra(tabla: string, etiqueta: string, numeral: string): string | undefined;
  /**
   * Enabled rows grouped by the trimmed value of one Extra column (rows without a value left out).
   * Built once per loaded table version, on first use; empty when the table is not loaded.
   */
  agrupadas(tabla: string, numeral: string): ReadonlyMap<string, readonly EntradaCatalogo[]>;
  /**
   * Relation held by the enabled rows between two Extra columns: value of `clave` → values of `valor`
   * it appears with (trimmed, rows missing either left out). O(1) lookups; built once per loaded
   * table version, on first use; empty when the table is not loaded.
   */
  relacion(tabla: string, clave: string, valor: string): ReadonlyMap<string, ReadonlySet<string>>;
  estados(): EstadoCatalogo[];
  /** The imported tables among `tablas` older than the configured age, now (none when it is off). */
  antiguas?(tablas: Iterable<string>): TablaAntigua[];
}
