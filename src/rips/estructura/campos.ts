import type { TablaCampos } from './tipos.js';

/** Field tables of DT1 v002 §4 (being completed: see issue 3). */
export const CAMPOS: TablaCampos = {
  transaccion: [],
  usuario: [],
  consultas: [],
  procedimientos: [],
  urgencias: [],
  hospitalizacion: [],
  recienNacidos: [],
  medicamentos: [],
  otrosServicios: [],
};
