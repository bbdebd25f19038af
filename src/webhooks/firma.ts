import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { BYTES_SECRETO, PREFIJO_SECRETO } from './valores.js';

/** A new signing secret in the Standard Webhooks format (`whsec_` + base64), shown once to its owner. */
export function generarSecreto(): string {
  return PREFIJO_SECRETO + randomBytes(BYTES_SECRETO).toString('base64');
}

/** The three Standard Webhooks headers of one attempt. */
export interface CabecerasFirma {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * Signs `id.timestamp.body` with HMAC-SHA256 (the `standardwebhooks` reference library, so receivers
 * can verify with any Standard Webhooks implementation). The id stays the same on every retry; the
 * timestamp is the attempt's, so a receiver can refuse stale replays.
 */
export function firmar(secreto: string, id: string, cuerpo: string, ahora = new Date()): CabecerasFirma {
  const firma = new Webhook(secreto).sign(id, ahora, cuerpo);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(ahora.getTime() / 1000)),
    'webhook-signature': firma,
  };
}
