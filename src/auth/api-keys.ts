import { createHash, randomBytes } from 'node:crypto';

const PREFIJO = 'rda_';
const FORMATO = /^rda_[A-Za-z0-9_-]{32,128}$/;

/** Keys carry 256 random bits, so a fast unsalted hash is enough to make the stored value useless. */
export function hashApiKey(clave: string): string {
  return createHash('sha256').update(clave, 'utf8').digest('hex');
}

export function generarApiKey(): { clave: string; hash: string; prefijo: string } {
  const clave = PREFIJO + randomBytes(32).toString('base64url');
  return { clave, hash: hashApiKey(clave), prefijo: prefijoDe(clave) };
}

export function prefijoDe(clave: string): string {
  return clave.slice(0, PREFIJO.length + 6);
}

export function formatoApiKeyValido(clave: string): boolean {
  return FORMATO.test(clave);
}
