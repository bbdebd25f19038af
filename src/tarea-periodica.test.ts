import { afterEach, describe, expect, it, vi } from 'vitest';
import { TareaPeriodica } from './tarea-periodica.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('TareaPeriodica', () => {
  it('corre al iniciar y luego cada intervalo, una pasada a la vez', async () => {
    vi.useFakeTimers();
    let llamadas = 0;
    let soltar: () => void = () => {};
    const t = new TareaPeriodica(1000);
    t.iniciar(() => {
      llamadas++;
      return new Promise<void>((r) => {
        soltar = r;
      });
    });
    expect(llamadas).toBe(1);
    // A tick while the pass is running is skipped.
    await vi.advanceTimersByTimeAsync(1000);
    expect(llamadas).toBe(1);
    soltar();
    await vi.advanceTimersByTimeAsync(1000);
    expect(llamadas).toBe(2);
    soltar();
    await t.detener();
    await vi.advanceTimersByTimeAsync(5000);
    expect(llamadas).toBe(2);
  });

  it('detener espera la pasada en curso y la marca como detenida; con 0 nunca corre', async () => {
    let soltar: () => void = () => {};
    const t = new TareaPeriodica(60_000);
    expect(t.detenida).toBe(false);
    t.iniciar(
      () =>
        new Promise<void>((r) => {
          soltar = r;
        }),
    );
    let detenida = false;
    const fin = t.detener().then(() => {
      detenida = true;
    });
    expect(t.detenida).toBe(true);
    await new Promise((r) => setTimeout(r, 10));
    expect(detenida).toBe(false);
    soltar();
    await fin;
    expect(detenida).toBe(true);

    const nunca = new TareaPeriodica(0);
    const pasada = vi.fn(async () => {});
    nunca.iniciar(pasada);
    expect(pasada).not.toHaveBeenCalled();
    await nunca.detener();
    expect(nunca.detenida).toBe(false);
  });
});
