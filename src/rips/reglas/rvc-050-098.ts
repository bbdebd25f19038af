import { REGLAS_CUPS } from './rvc-050-098/cups.js';
import { REGLAS_DIAGNOSTICOS } from './rvc-050-098/diagnosticos.js';
import { REGLAS_EGRESOS } from './rvc-050-098/egresos.js';
import { REGLAS_FALLECIMIENTO } from './rvc-050-098/fallecimiento.js';
import { REGLAS_FINALIDAD } from './rvc-050-098/finalidad.js';
import { REGLAS_MEDICAMENTOS } from './rvc-050-098/medicamentos.js';
import { REGLAS_NACIMIENTO } from './rvc-050-098/nacimiento.js';
import { REGLAS_OTROS_SERVICIOS } from './rvc-050-098/otros-servicios.js';
import { REGLAS_PAGOS } from './rvc-050-098/pagos.js';
import { REGLAS_RECIEN_NACIDOS } from './rvc-050-098/recien-nacidos.js';
import { REGLAS_USUARIO } from './rvc-050-098/usuario.js';
import type { Regla } from './tipos.js';

/**
 * RVC050–RVC098 (DT1 v002 §6; there is no RVC093), in code order. Grouped by subject under
 * ./rvc-050-098/; decisions where the sources disagree: docs/reglas-rips-rvc050-098.md.
 */
export const REGLAS_RVC_050_098: Regla[] = [
  ...REGLAS_OTROS_SERVICIOS,
  ...REGLAS_FINALIDAD,
  ...REGLAS_EGRESOS,
  ...REGLAS_MEDICAMENTOS,
  ...REGLAS_RECIEN_NACIDOS,
  ...REGLAS_CUPS,
  ...REGLAS_PAGOS,
  ...REGLAS_NACIMIENTO,
  ...REGLAS_DIAGNOSTICOS,
  ...REGLAS_USUARIO,
  ...REGLAS_FALLECIMIENTO,
].sort((a, b) => (a.codigo < b.codigo ? -1 : a.codigo > b.codigo ? 1 : 0));
