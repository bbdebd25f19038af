/** States of a filing attempt (kept apart from the entity so tools load them without decorators). */
export const ESTADOS_RADICACION = [
  'radicado',
  'rechazado',
  'rechazado-local',
  'fallido',
  'pendiente',
] as const;
export type EstadoRadicacion = (typeof ESTADOS_RADICACION)[number];
