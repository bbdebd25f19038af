import { describe, expect, it } from 'vitest';
import { Semaforo } from './semaforo.js';

describe('Semaforo', () => {
  it('nunca deja pasar más trabajos que su capacidad y atiende en orden', async () => {
    const s = new Semaforo(2);
    let activos = 0;
    let maximo = 0;
    const orden: number[] = [];
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        s.con(async () => {
          activos++;
          maximo = Math.max(maximo, activos);
          await new Promise((r) => setTimeout(r, 5));
          orden.push(i);
          activos--;
        }),
      ),
    );
    expect(maximo).toBe(2);
    expect(orden).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('libera su lugar aunque el trabajo falle', async () => {
    const s = new Semaforo(1);
    await expect(s.con(async () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await s.con(async () => 7)).toBe(7);
  });
});
