import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM with associated data binding the ciphertext to its owner, so a value
 * copied to another entity's row does not decrypt. Format: base64(iv | tag | ciphertext).
 */
export function cifrar(clave: Buffer, texto: string, asociado: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', clave, iv);
  cipher.setAAD(Buffer.from(asociado, 'utf8'));
  const datos = Buffer.concat([cipher.update(texto, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), datos]).toString('base64');
}

export function descifrar(clave: Buffer, cifrado: string, asociado: string): string {
  const buf = Buffer.from(cifrado, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', clave, buf.subarray(0, 12));
  decipher.setAAD(Buffer.from(asociado, 'utf8'));
  decipher.setAuthTag(buf.subarray(12, 28));
  return Buffer.concat([decipher.update(buf.subarray(28)), decipher.final()]).toString('utf8');
}
