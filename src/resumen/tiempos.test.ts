import { describe, expect, it } from 'vitest';
import { type AcumuladoTiempos, acumuladoVacio, RAZON_CUBETA, sumarCubeta, tiemposDe } from './tiempos.js';

/** Deterministic pseudo-random numbers (mulberry32): a failure is reproducible. */
function azar(semilla: number): () => number {
  let s = semilla >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** `resumen_cubeta` of the migration: bucket b holds [1.1^b, 1.1^(b+1)) ms, bucket 0 also below 1 ms. */
function cubeta(ms: number): number {
  return ms < 1 ? 0 : Math.min(Math.floor(Math.log(ms) / Math.log(1.1)), 32_000);
}

/** What the triggers store for these acceptances (sum and maximum of the rounded ms, as bigint). */
function acumular(muestras: number[], intentos = muestras.length): AcumuladoTiempos {
  const a = acumuladoVacio();
  a.aceptados = muestras.length;
  a.intentos = intentos;
  for (const ms of muestras) {
    a.sumaMs += Math.round(ms);
    a.maxMs = Math.max(a.maxMs, Math.round(ms));
    sumarCubeta(a, cubeta(ms), 1);
  }
  return a;
}

/** Nearest-rank percentile: the ceil(q·n)-th smallest. */
function exacto(muestras: number[], q: number): number {
  const orden = [...muestras].sort((x, y) => x - y);
  return orden[Math.max(1, Math.ceil(q * orden.length)) - 1]!;
}

/** Lognormal-ish time to acceptance: median ~2 s, from 1 ms up to 4 hours, microsecond precision. */
function muestra(r: () => number): number {
  const normal = Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
  const ms = Math.exp(Math.log(2000) + 2.2 * normal);
  return Math.round(Math.min(4 * 3_600_000, Math.max(1, ms)) * 1000) / 1000;
}

describe('tiemposDe', () => {
  it('nothing accepted: every figure null', () => {
    expect(tiemposDe(acumuladoVacio())).toEqual({
      aceptados: 0,
      intentosPorAceptado: null,
      promedioMs: null,
      p50Ms: null,
      p95Ms: null,
      maxMs: null,
    });
    // Attempts or buckets without acceptances do not make figures up.
    const a = acumuladoVacio();
    a.intentos = 3;
    sumarCubeta(a, 10, 2);
    expect(tiemposDe(a)).toMatchObject({ aceptados: 0, p50Ms: null, maxMs: null, intentosPorAceptado: null });
  });

  it('count, attempts per acceptance, mean and maximum are exact', () => {
    const a = acumular([1000, 2000, 4001], 7);
    expect(tiemposDe(a)).toMatchObject({
      aceptados: 3,
      intentosPorAceptado: 2.33,
      promedioMs: 2334,
      maxMs: 4001,
    });
    expect(tiemposDe(acumular([500, 500], 2)).intentosPorAceptado).toBe(1);
    expect(tiemposDe(acumular([500, 500, 500], 5)).intentosPorAceptado).toBe(1.67);
    expect(tiemposDe(acumular([10, 11], 3))).toMatchObject({ intentosPorAceptado: 1.5, promedioMs: 11 });
  });

  it('sumarCubeta adds to a bucket already there', () => {
    const a = acumuladoVacio();
    sumarCubeta(a, 5, 2);
    sumarCubeta(a, 5, 3);
    sumarCubeta(a, 7, 1);
    expect([...a.cubetas]).toEqual([
      [5, 5],
      [7, 1],
    ]);
  });

  it('one acceptance: every percentile is that time, give or take a bucket', () => {
    for (const ms of [1, 2, 5, 100, 1234, 60_000, 3_600_000]) {
      const t = tiemposDe(acumular([ms]));
      expect(t.maxMs).toBe(ms);
      expect(t.p50Ms).toBe(t.p95Ms);
      expect(t.p50Ms!).toBeLessThanOrEqual(ms);
      expect(Math.abs(t.p50Ms! - ms)).toBeLessThanOrEqual(ms * 0.05);
    }
  });

  it('times below 1 ms fall in bucket 0 and never exceed the maximum', () => {
    expect(tiemposDe(acumular([0, 0, 0.2]))).toMatchObject({ p50Ms: 0, p95Ms: 0, maxMs: 0 });
    expect(tiemposDe(acumular([0, 0.6, 1]))).toMatchObject({ p50Ms: 1, p95Ms: 1, maxMs: 1 });
  });

  it('buckets are merged in numeric order, not insertion order', () => {
    const a = acumuladoVacio();
    a.aceptados = 20;
    a.intentos = 20;
    a.maxMs = 10_000;
    sumarCubeta(a, cubeta(10_000), 1);
    sumarCubeta(a, cubeta(100), 19);
    const t = tiemposDe(a);
    expect(Math.abs(t.p50Ms! - 100)).toBeLessThanOrEqual(5);
    expect(Math.abs(t.p95Ms! - 100)).toBeLessThanOrEqual(5);
  });

  it('the percentile is the geometric middle of its bucket', () => {
    const t = tiemposDe(acumular([1000, 1000, 50_000]));
    expect(t.p50Ms).toBe(Math.round(RAZON_CUBETA ** (cubeta(1000) + 0.5)));
    expect(t.p95Ms).toBe(Math.round(RAZON_CUBETA ** (cubeta(50_000) + 0.5)));
    // Capped by the exact maximum when the middle is above it.
    expect(tiemposDe(acumular([1000])).p50Ms).toBe(1000);
  });

  it('p50 and p95 within 5 % of the exact nearest-rank percentile, never above the maximum, over random samples', () => {
    const r = azar(23);
    const tamanos = [1, 2, 3, 5, 10, 19, 20, 21, 100, 999, 1000, 5000];
    for (let i = 0; i < 200; i++) tamanos.push(1 + Math.floor(r() * 5000));
    let comparados = 0;
    for (const n of tamanos) {
      const muestras = Array.from({ length: n }, () => muestra(r));
      const t = tiemposDe(acumular(muestras));
      expect(t.aceptados).toBe(n);
      expect(t.maxMs).toBe(Math.round(Math.max(...muestras)));
      for (const [q, calculado] of [
        [0.5, t.p50Ms],
        [0.95, t.p95Ms],
      ] as const) {
        const real = exacto(muestras, q);
        expect(calculado).not.toBeNull();
        expect(calculado!).toBeLessThanOrEqual(t.maxMs!);
        // The figure is whole milliseconds: below ~100 ms rounding adds up to 0.5 ms (see report).
        const tolerancia = real >= 100 ? 0.05 * real : 0.05 * real + 0.5;
        if (Math.abs(calculado! - real) > tolerancia)
          expect({ n, q, real, calculado }).toEqual({ n, q, real, calculado: `${real} ± 5 %` });
        comparados++;
      }
    }
    expect(comparados).toBe(tamanos.length * 2);
  });

  it('p50 and p95 within 5 % on whole-millisecond samples from 100 ms to hours, as merged daily histograms', () => {
    const r = azar(7);
    // Several days merged (the query sums buckets over the range): same result as one histogram.
    for (let i = 0; i < 50; i++) {
      const dias = Array.from({ length: 1 + Math.floor(r() * 10) }, () =>
        Array.from({ length: 1 + Math.floor(r() * 500) }, () => Math.max(100, Math.round(muestra(r)))),
      );
      const total = acumuladoVacio();
      for (const dia of dias) {
        const a = acumular(dia);
        total.aceptados += a.aceptados;
        total.intentos += a.intentos;
        total.sumaMs += a.sumaMs;
        total.maxMs = Math.max(total.maxMs, a.maxMs);
        for (const [b, c] of a.cubetas) sumarCubeta(total, b, c);
      }
      const todas = dias.flat();
      const t = tiemposDe(total);
      expect(t).toEqual(tiemposDe(acumular(todas)));
      for (const [q, calculado] of [
        [0.5, t.p50Ms!],
        [0.95, t.p95Ms!],
      ] as const) {
        const real = exacto(todas, q);
        expect(Math.abs(calculado - real)).toBeLessThanOrEqual(0.05 * real);
        expect(calculado).toBeLessThanOrEqual(t.maxMs!);
      }
    }
  });
});
