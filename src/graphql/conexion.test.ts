import { describe, expect, it } from 'vitest';
import { ErrorApp } from '../errores/errores.js';
import { cursorDe, leerPosicion } from './conexion.js';

const error = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e as ErrorApp;
  }
  throw new Error('sin error');
};

describe('cursor de conexión (keyset creadaEn, id)', () => {
  it('ida y vuelta, opaco (base64url sin separadores a la vista)', () => {
    const p = { fecha: new Date('2026-11-20T10:00:00.123Z'), id: '0b9c2f8e-6a1d-4c3e-9f00-123456789abc' };
    const c = cursorDe(p);
    expect(c).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(leerPosicion(c)).toEqual(p);
  });

  it('cualquier otra cosa → entrada-invalida en español, con el campo', () => {
    const bueno = cursorDe({ fecha: new Date(0), id: '0b9c2f8e-6a1d-4c3e-9f00-123456789abc' });
    const b64 = (t: string) => Buffer.from(t).toString('base64url');
    for (const c of [
      '',
      'basura',
      `${bueno}=`,
      bueno.slice(0, -4),
      'a'.repeat(300),
      b64('k1|1|no-es-uuid'),
      b64('k2|1|0b9c2f8e-6a1d-4c3e-9f00-123456789abc'),
      b64('k1|-5|0b9c2f8e-6a1d-4c3e-9f00-123456789abc'),
      b64('k1|99999999999999999|0b9c2f8e-6a1d-4c3e-9f00-123456789abc'),
      b64('k1|1|0b9c2f8e-6a1d-4c3e-9f00-123456789abc|x'),
    ]) {
      const e = error(() => leerPosicion(c, 'after'));
      expect(e, c).toBeInstanceOf(ErrorApp);
      expect(e.codigo).toBe('entrada-invalida');
      expect(e.message).toBe('El cursor «after» no es válido.');
    }
  });
});
