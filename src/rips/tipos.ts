/** The seven service arrays of a RIPS user, in the order of the official documents. */
export const TIPOS_SERVICIO = [
  'consultas',
  'procedimientos',
  'urgencias',
  'hospitalizacion',
  'recienNacidos',
  'medicamentos',
  'otrosServicios',
] as const;
export type TipoServicio = (typeof TIPOS_SERVICIO)[number];

/** Record kinds of the field tables: transaction (T), user (U) and the service types. */
export type TipoRegistro = 'transaccion' | 'usuario' | TipoServicio;

/** Singular Spanish name of one record of each kind, for human-readable locations. */
export const NOMBRE_REGISTRO: Record<TipoRegistro, string> = {
  transaccion: 'Transacción',
  usuario: 'Usuario',
  consultas: 'Consulta',
  procedimientos: 'Procedimiento',
  urgencias: 'Urgencia con observación',
  hospitalizacion: 'Hospitalización',
  recienNacidos: 'Recién nacido',
  medicamentos: 'Medicamento',
  otrosServicios: 'Otro servicio',
};

export type Registro = Record<string, unknown>;

/** Official rule class: R = rechazo (no CUV), N = notificación (CUV still issued). */
export type Clase = 'R' | 'N';

/** rechazo blocks; aviso-gradualidad is an N rule that will become R; informativo is our own note. */
export const SEVERIDADES = ['rechazo', 'aviso-gradualidad', 'informativo'] as const;
export type Severidad = (typeof SEVERIDADES)[number];

/** Where a finding is: nothing = the transaction; usuarioIndex; plus service type and index. */
export interface Donde {
  usuarioIndex?: number;
  tipoServicio?: TipoServicio;
  servicioIndex?: number;
}

/** A raw finding, before explanation. Keep it small: one is made per offending value. */
export interface Hallazgo extends Donde {
  codigo: string;
  /** JSON field name (`codDiagnosticoPrincipal`); absent for record-level findings. */
  campo?: string;
  /** The offending value when short and useful to the person fixing it. */
  valor?: unknown;
  /** Specific Spanish detail appended to the explanation ("se esperaban 4 caracteres"). */
  detalle?: string;
}
