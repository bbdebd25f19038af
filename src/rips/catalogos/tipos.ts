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
}

/**
 * Read-only view of the catalogs a validation uses. Small tables are always loaded (shipped
 * with the service); large ones only once imported. Lookups are synchronous and O(1).
 */
export interface Catalogos {
  cargado(tabla: string): boolean;
  /** Enabled code in the table (false when the table is not loaded: check `cargado` first). */
  contiene(tabla: string, codigo: string): boolean;
  entrada(tabla: string, codigo: string): EntradaCatalogo | undefined;
  estados(): EstadoCatalogo[];
}
