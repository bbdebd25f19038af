import { describe, expect, it } from 'vitest';
import { tramoSeguro } from './relay.js';

const filas = (...s: number[]) => s.map((n) => ({ secuencia: BigInt(n) }));
const inst = (xmin: number, xmax: number) => ({ xmin: BigInt(xmin), xmax: BigInt(xmax) });

describe('tramo seguro del relevo', () => {
  it('sin huecos toma todo y avanza hasta la última', () => {
    expect(tramoSeguro(10n, filas(11, 12, 13), inst(100, 105), undefined, 0, 60_000)).toEqual({
      tomar: 3,
      hasta: 13n,
      hueco: undefined,
      saltoForzado: false,
    });
  });

  it('se detiene antes de un hueco y lo recuerda con el xmax de esa lectura', () => {
    const t = tramoSeguro(10n, filas(11, 13, 14), inst(100, 105), undefined, 1000, 60_000);
    expect(t).toEqual({
      tomar: 1,
      hasta: 11n,
      hueco: { desde: 12n, xmax: 105n, vistoEn: 1000 },
      saltoForzado: false,
    });
  });

  it('el hueco sigue mientras una transacción anterior a ese xmax pueda seguir abierta', () => {
    const hueco = { desde: 12n, xmax: 105n, vistoEn: 1000 };
    const t = tramoSeguro(11n, filas(13, 14), inst(104, 110), hueco, 2000, 60_000);
    expect(t).toEqual({ tomar: 0, hasta: 11n, hueco, saltoForzado: false });
  });

  it('la fila que faltaba llegó (se confirmó tarde): se toma en orden', () => {
    const hueco = { desde: 12n, xmax: 105n, vistoEn: 1000 };
    expect(tramoSeguro(11n, filas(12, 13, 14), inst(104, 110), hueco, 2000, 60_000)).toMatchObject({
      tomar: 3,
      hasta: 14n,
      hueco: undefined,
    });
  });

  it('cuando el xmin pasa el xmax del hueco, este es definitivo (se revirtió): se salta', () => {
    const hueco = { desde: 12n, xmax: 105n, vistoEn: 1000 };
    expect(tramoSeguro(11n, filas(13, 14), inst(105, 120), hueco, 2000, 60_000)).toEqual({
      tomar: 2,
      hasta: 14n,
      hueco: undefined,
      saltoForzado: false,
    });
  });

  it('un hueco que supera la espera máxima se salta y se informa', () => {
    const hueco = { desde: 12n, xmax: 105n, vistoEn: 1000 };
    expect(tramoSeguro(11n, filas(13), inst(50, 120), hueco, 61_000, 60_000)).toMatchObject({
      tomar: 1,
      hasta: 13n,
      saltoForzado: true,
    });
  });

  it('un hueco recordado en otra posición no vale para uno nuevo', () => {
    const viejo = { desde: 5n, xmax: 50n, vistoEn: 0 };
    expect(tramoSeguro(11n, filas(14), inst(200, 210), viejo, 99_999, 60_000)).toEqual({
      tomar: 0,
      hasta: 11n,
      hueco: { desde: 12n, xmax: 210n, vistoEn: 99_999 },
      saltoForzado: false,
    });
  });
});
