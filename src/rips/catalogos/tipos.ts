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

/** Labels of a table's Extra_* columns by roman numeral (`{"I": "AplicaASexo"}`), from its header. */
export type ColumnasExtra = Partial<Record<string, string>>;

/**
 * Read-only view of the catalogs a validation uses. Small tables are always loaded (shipped
 * with the service); large ones only once imported. Lookups are synchronous and O(1).
 */
export interface Catalogos {
  cargado(tabla: string): boolean;
  /** Enabled code in the table (false when the table is not loaded: check `cargado` first). */
  contiene(tabla: string, codigo: string): boolean;
  entrada(tabla: string, codigo: string): EntradaCatalogo | undefined;
  /** Labels of the table's Extra_* columns as its export named them (empty when unknown). */
  columnas(tabla: string): ColumnasExtra;
  estados(): EstadoCatalogo[];
}
