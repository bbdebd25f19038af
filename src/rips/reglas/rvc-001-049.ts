import { REGLAS_RVC_CUPS } from './rvc-001-049/cups.js';
import { REGLAS_RVC_DIAGNOSTICOS } from './rvc-001-049/diagnosticos.js';
import { REGLAS_RVC_DOCUMENTOS } from './rvc-001-049/documentos.js';
import { REGLAS_RVC_FECHAS } from './rvc-001-049/fechas.js';
import { REGLAS_RVC_PRESTADOR } from './rvc-001-049/prestador.js';
import { REGLAS_RVC_RECAUDO } from './rvc-001-049/recaudo.js';
import { REGLAS_RVC_USUARIO } from './rvc-001-049/usuario.js';
import type { Regla } from './tipos.js';

/** RVC001–RVC049 (DT1 v002 §6). Decisions: docs/reglas-rips-rvg-rvc001-049.md. */
export const REGLAS_RVC_001_049: Regla[] = [
  ...REGLAS_RVC_DOCUMENTOS,
  ...REGLAS_RVC_USUARIO,
  ...REGLAS_RVC_PRESTADOR,
  ...REGLAS_RVC_FECHAS,
  ...REGLAS_RVC_CUPS,
  ...REGLAS_RVC_DIAGNOSTICOS,
  ...REGLAS_RVC_RECAUDO,
].sort((a, b) => (a.codigo < b.codigo ? -1 : a.codigo > b.codigo ? 1 : 0));
