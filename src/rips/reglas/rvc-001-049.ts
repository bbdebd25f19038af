import type { Regla } from './tipos.js';

/** RVC001–RVC049 (DT1 v002 §6). */
export const REGLAS_RVC_001_049: Regla[] = [];
