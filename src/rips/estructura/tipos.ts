import type { TipoRegistro } from '../tipos.js';

/**
 * One row of the official field tables (DT1 §4): C = JSON string, N = JSON number.
 * A C field that does not apply is `null`; an N field that does not apply is `0`.
 */
export interface CampoSpec {
  /** Official id (T01, U05, C10…). */
  id: string;
  /** JSON key. */
  nombre: string;
  /** Business name in Spanish, as a person in the origin system knows it ("Diagnóstico principal"). */
  etiqueta: string;
  tipo: 'C' | 'N';
  /**
   * Allowed lengths: a range, or an explicit list (e.g. `[0, 4]` = empty or exactly 4).
   * For N fields it is the number of digits of the integer part.
   */
  longitud?: { min: number; max: number } | { valores: number[] };
  /** si: must carry a value; no: null/0 allowed; condicional: required by a rule (RVC0xx) that says when. */
  requerido: 'si' | 'no' | 'condicional';
  /** Catalog table the value must belong to (see src/rips/catalogos), optionally `Tabla:Columna`. */
  catalogo?: string;
  formato?: 'fecha' | 'fechaHora' | 'cie10' | 'cups' | 'entero' | 'decimal';
  /** Added by Res. 948/2026 (DT1 v002 "versión 2"). */
  nuevo948?: boolean;
}

export type TablaCampos = Record<TipoRegistro, CampoSpec[]>;
