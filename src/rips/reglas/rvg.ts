import { REGLAS_RVG_CRUCES } from './rvg/cruces.js';
import { REGLAS_RVG_DOCUMENTOS } from './rvg/documentos.js';
import { REGLAS_RVG_ESTRUCTURA } from './rvg/estructura.js';
import type { Regla } from './tipos.js';

/**
 * RVG01–RVG19 and CIN006 (DT1 v002 §5), plus RVG18 (LIN v3.2 only), the billing-period
 * cut-offs RVG018/RCG018 (LIN §4.3.3, DT2 v001 §11) and our own COB01 (DT1 §1.8 coverage ↔
 * payment modality, no official code). Decisions: docs/reglas-rips-rvg-rvc001-049.md.
 */
export const REGLAS_RVG: Regla[] = [
  ...REGLAS_RVG_ESTRUCTURA,
  ...REGLAS_RVG_DOCUMENTOS,
  ...REGLAS_RVG_CRUCES,
].sort((a, b) => (a.codigo < b.codigo ? -1 : a.codigo > b.codigo ? 1 : 0));
