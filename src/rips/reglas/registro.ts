import { conChequeosFev } from './fev/cruces.js';
import { REGLAS_RVC_001_049 } from './rvc-001-049.js';
import { REGLAS_RVC_050_098 } from './rvc-050-098.js';
import { REGLAS_RVG } from './rvg.js';
import type { Regla } from './tipos.js';
import { REGLAS_VIDA } from './vida.js';

/** The rule registry: every official RIPS rule, one entry per code. */
export const REGLAS: readonly Regla[] = conChequeosFev([
  ...REGLAS_RVG,
  ...REGLAS_RVC_001_049,
  ...REGLAS_RVC_050_098,
  ...REGLAS_VIDA,
]);

export const REGLAS_POR_CODIGO: ReadonlyMap<string, Regla> = new Map(REGLAS.map((r) => [r.codigo, r]));
