/**
 * How stale an imported table may be (CATALOGOS_ANTIGUEDAD_MAXIMA_DIAS). Measured from our import,
 * not from SISPRO's Fecha_Actualizacion: a table SISPRO has not touched in years is still current,
 * while an import months old may miss what SISPRO changed since. Shipped tables are not measured:
 * they are renewed with the service.
 */

/** Default of CATALOGOS_ANTIGUEDAD_MAXIMA_DIAS. */
export const ANTIGUEDAD_MAXIMA_DIAS_POR_DEFECTO = 90;

const DIA_MS = 86_400_000;

/** Whole days from `desde` to `ahora` (0 when `desde` is later). */
export function diasDesde(desde: Date, ahora: Date): number {
  return Math.max(0, Math.floor((ahora.getTime() - desde.getTime()) / DIA_MS));
}

/** Imported more than `maximaDias` days before `ahora` (to the millisecond); 0 turns the check off. */
export function esAntigua(importadoEn: Date, maximaDias: number, ahora: Date): boolean {
  return maximaDias > 0 && ahora.getTime() - importadoEn.getTime() > maximaDias * DIA_MS;
}
