/** Lifecycle of a transmission (issue 7): generado → validado → enviado → aceptado | rechazado. */
export const ESTADOS_TRANSMISION = ['generado', 'validado', 'enviado', 'aceptado', 'rechazado'] as const;
export type EstadoTransmision = (typeof ESTADOS_TRANSMISION)[number];

/** What an event of the trail records. */
export const TIPOS_EVENTO = [
  'generado',
  'validado',
  'bloqueado-linter',
  'enviado',
  'reintento-programado',
  'aceptado',
  'rechazado',
  'reintentos-agotados',
  'consulta-documento',
] as const;
export type TipoEvento = (typeof TIPOS_EVENTO)[number];

export const ALCANCES_CONSULTA = ['paciente', 'encuentros'] as const;

/** Page size of GET /rda. */
export const LIMITE_POR_DEFECTO = 50;
export const LIMITE_MAXIMO = 200;
