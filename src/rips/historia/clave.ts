import { createHmac } from 'node:crypto';

/**
 * Keyed fingerprint of a patient's document (HMAC-SHA256, base64url, 43 characters): the history
 * stores and is searched by this, never by the number. The canonical form trims both parts and
 * upper-cases the type, so `cc`/` CC ` and `52345678 ` find the same patient.
 */
export function pacienteHmac(clave: Buffer | string, tipoDocumento: string, numDocumento: string): string {
  return createHmac('sha256', clave)
    .update(`${tipoDocumento.trim().toUpperCase()}\u0000${numDocumento.trim()}`)
    .digest('base64url');
}
