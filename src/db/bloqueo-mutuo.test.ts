import { describe, expect, it } from 'vitest';
import { reintentarSiBloqueoMutuo } from './bloqueo-mutuo.js';

const bloqueo = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

describe('reintentarSiBloqueoMutuo', () => {
  it('repite tras un 40P01 y devuelve el resultado', async () => {
    let n = 0;
    const r = await reintentarSiBloqueoMutuo(async () => {
      n++;
      if (n < 3) throw bloqueo();
      return 'hecho';
    });
    expect(r).toBe('hecho');
    expect(n).toBe(3);
  });

  it('no repite otros errores', async () => {
    let n = 0;
    const otro = Object.assign(new Error('unique_violation'), { code: '23505' });
    await expect(
      reintentarSiBloqueoMutuo(async () => {
        n++;
        throw otro;
      }),
    ).rejects.toBe(otro);
    expect(n).toBe(1);
  });

  it('acotado: tras los intentos, el último error', async () => {
    let n = 0;
    await expect(
      reintentarSiBloqueoMutuo(async () => {
        n++;
        throw bloqueo();
      }, 3),
    ).rejects.toMatchObject({ code: '40P01' });
    expect(n).toBe(3);
  });
});
