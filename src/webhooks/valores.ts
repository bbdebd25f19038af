import { TIPOS_EVENTO_DOMINIO, type TipoEventoDominio } from '../eventos/valores.js';

/** Type of the event `probarWebhook` sends: not a domain event, never in the outbox. */
export const TIPO_PRUEBA = 'prueba';

/** Standard Webhooks secret: `whsec_` + base64 of 24 to 64 random bytes (we use 32). */
export const PREFIJO_SECRETO = 'whsec_';
export const BYTES_SECRETO = 32;

/** Endpoints per entity: each one multiplies every event into a delivery. */
export const MAX_WEBHOOKS_POR_ENTIDAD = 20;
export const MAX_LARGO_URL = 2048;
export const MAX_LARGO_DESCRIPCION = 200;

/** Bytes of a receiver's answer read at most (the rest is dropped with the connection). */
export const MAX_BYTES_RESPUESTA = 4096;
/** Characters of that answer kept in the delivery log (sanitized); never logged. */
export const MAX_FRAGMENTO_RESPUESTA = 200;

/**
 * Why an attempt failed, as stored in `webhook_entrega.error` and shown in the delivery log: a
 * stable class, never the receiver's text.
 */
export const CLASES_ERROR_ENTREGA = [
  /** The receiver answered a status other than 2xx (see `status`). */
  'estado-http',
  /** A 3xx: redirects are never followed. */
  'redireccion',
  'tiempo-agotado',
  'conexion-rechazada',
  'conexion-cortada',
  'dns',
  /** The host resolved to an address the policy refuses (production: non-public). */
  'destino-no-permitido',
  'tls',
  'red',
  /** The stored secret does not decrypt with this instance's CREDENTIALS_KEY. */
  'secreto-ilegible',
] as const;
export type ClaseErrorEntrega = (typeof CLASES_ERROR_ENTREGA)[number];

export function esTipoEventoDominio(v: string): v is TipoEventoDominio {
  return (TIPOS_EVENTO_DOMINIO as readonly string[]).includes(v);
}
