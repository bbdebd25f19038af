import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cifrar, descifrar } from './cifrado.js';

describe('cifrado de credenciales', () => {
  const clave = randomBytes(32);

  it('ida y vuelta, con IV distinto cada vez', () => {
    const a = cifrar(clave, 'secreto', 'e1:muv');
    const b = cifrar(clave, 'secreto', 'e1:muv');
    expect(a).not.toEqual(b);
    expect(a).not.toContain('secreto');
    expect(descifrar(clave, a, 'e1:muv')).toBe('secreto');
  });

  it('no descifra con otra clave ni copiado a otra entidad', () => {
    const c = cifrar(clave, 'secreto', 'e1:muv');
    expect(() => descifrar(randomBytes(32), c, 'e1:muv')).toThrow();
    expect(() => descifrar(clave, c, 'e2:muv')).toThrow();
  });
});
