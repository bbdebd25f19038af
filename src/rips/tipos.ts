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
  /**
   * The care this finding misses may be in another invoice: what the entity's filed history must
   * show to satisfy it (see src/rips/validacion/historia.ts). Such a finding is not a local rechazo.
   */
  cruce?: CruceHistoria;
  /**
   * The service's evidence among the entity's RDA transmissions (VID001/VID002), decided after
   * validation (src/rips/validacion/vida.ts); never serialized.
   */
  vida?: CruceVida;
}

/** What the codigoVIDA cross-check compares with the entity's accepted RDA transmissions. */
export interface CruceVida {
  /** VID001: the service's codigoVIDA · null (VID002): the service has none, one is looked up. */
  codigo: string | null;
  /** The service's RIPS date ('YYYY-MM-DD HH:MM'), as sent. */
  fecha: string | null;
  /** The patient's document (the user's, or a newborn's own): compared as an HMAC, never shown. */
  tipoDocumento: string | null;
  numDocumento: string | null;
}

/** What a cross-RIPS finding looks for in the entity's own filed services. */
export interface CruceHistoria {
  /** Services that satisfy it (a type, optionally only of a service group or an otrosServicios type). */
  busca: readonly { tipo: TipoServicio; grupo?: string; tipoOS?: string }[];
  /** antes: started at or before `fecha` · desde: started at or after `fecha`. */
  cuando: 'antes' | 'desde';
  /** The RIPS date of the record ('YYYY-MM-DD HH:MM'). */
  fecha: string;
  /** «CC 123» of the patient when it is not the finding's user (a newborn with its own document). */
  documento?: string;
}
