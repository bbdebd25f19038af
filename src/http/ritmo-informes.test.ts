import { describe, expect, it } from 'vitest';
import { aRespuesta } from '../errores/http.js';
import { RitmoInformes } from './ritmo-informes.js';

/** 600 units per minute (one per 100 ms), a burst of 100 units, waits of up to 2 s. */
function ritmo(o: { esperaMaximaMs?: number } = {}) {
  let ahora = 1_000_000;
  const limitados: number[] = [];
  const r = new RitmoInformes({
    unidadesPorMinuto: 600,
    rafaga: 100,
    esperaMaximaMs: o.esperaMaximaMs ?? 2000,
    alLimitar: () => limitados.push(ahora),
    reloj: () => ahora,
  });
  return {
    r,
    limitados,
    pasar: (ms: number) => {
      ahora += ms;
    },
  };
}

describe('ritmo de los informes de una entidad', () => {
  it('la ráfaga pasa de inmediato; después cada informe espera lo que pesa', () => {
    const { r } = ritmo();
    expect(r.turno('a', 60)).toBe(0);
    expect(r.turno('a', 40)).toBe(0);
    // 100 units used: 10 more wait 10 × 100 ms, and the next 5 after those.
    expect(r.turno('a', 10)).toBe(1000);
    expect(r.turno('a', 5)).toBe(1500);
  });

  it('una espera más larga que la máxima: 429 en español con Retry-After, sin gastar el turno', () => {
    const { r, limitados, pasar } = ritmo();
    r.turno('a', 100);
    r.turno('a', 20);
    let error: unknown;
    try {
      r.turno('a', 5);
    } catch (e) {
      error = e;
    }
    const { status, body, headers } = aRespuesta(error);
    expect(status).toBe(429);
    expect(body.codigo).toBe('demasiadas-solicitudes');
    expect(body.error).toBe(
      'Demasiadas solicitudes de informes de la entidad (máximo 600 unidades de cálculo por minuto, RATE_LIMIT_REPORT_COST_PER_MINUTE; este informe pide 5). Reintente en 1 segundos.',
    );
    expect(headers['Retry-After']).toBe('1');
    expect(limitados).toHaveLength(1);
    // The refusal took nothing: after the second it waits the 2 s it may.
    pasar(500);
    expect(r.turno('a', 5)).toBe(2000);
  });

  it('cada entidad lleva su propio ritmo, y el tiempo lo repone', () => {
    const { r, pasar } = ritmo();
    r.turno('a', 100);
    expect(r.turno('b', 100)).toBe(0);
    expect(r.turno('a', 10)).toBe(1000);
    pasar(11_000);
    expect(r.turno('a', 100)).toBe(0);
  });

  it('esperar() resuelve después de su turno', async () => {
    const r = new RitmoInformes({ unidadesPorMinuto: 60_000, rafaga: 1, esperaMaximaMs: 1000 });
    await r.esperar('a', 1);
    const t = performance.now();
    await r.esperar('a', 30);
    expect(performance.now() - t).toBeGreaterThanOrEqual(25);
  });
});
