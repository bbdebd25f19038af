import type { Regla } from './tipos.js';

/** RVG01–RVG19 and CIN006 (DT1 v002 §5). */
export const REGLAS_RVG: Regla[] = [];
