import type { Regla } from './tipos.js';

/** RVC050–RVC098 (DT1 v002 §6; there is no RVC093). */
export const REGLAS_RVC_050_098: Regla[] = [];
