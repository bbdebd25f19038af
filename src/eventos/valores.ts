import { TIPOS_EVENTO } from '../rda/transmision/valores.js';
import { ESTADOS_RADICACION } from '../rips/radicacion/valores.js';

/**
 * The domain event catalogue (docs/notificaciones.md): `transmision.<event of the trail>` for every
 * change of a transmission (the audit-only `consulta-documento` is not announced) and
 * `radicacion.<outcome>` for every filing that reaches one. Written by the triggers of
 * Migration20261128100000_eventos_dominio, which this list must match.
 */
export const TIPOS_EVENTO_DOMINIO = [
  ...TIPOS_EVENTO.filter((t) => t !== 'consulta-documento').map((t) => `transmision.${t}` as const),
  ...ESTADOS_RADICACION.filter((e) => e !== 'pendiente').map((e) => `radicacion.${e}` as const),
] as const;
export type TipoEventoDominio = (typeof TIPOS_EVENTO_DOMINIO)[number];

/** Channel the outbox triggers notify on (payload: the entity id). */
export const CANAL_EVENTOS = 'motor_eventos';
