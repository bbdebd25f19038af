import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { esperaReintento } from './cola.js';

const config = loadConfig({
  NODE_ENV: 'test',
  CREDENTIALS_KEY: Buffer.alloc(32, 1).toString('base64'),
  RDA_REINTENTO_BASE_SEGUNDOS: '30',
  RDA_REINTENTO_MAX_SEGUNDOS: '3600',
}).rda;

describe('espera entre reintentos', () => {
  it('exponencial con variación de ±20 %, con tope', () => {
    for (const [intentos, base] of [
      [1, 30],
      [2, 60],
      [3, 120],
      [5, 480],
      [9, 3600],
    ] as const) {
      for (let i = 0; i < 20; i++) {
        const s = esperaReintento(config, intentos);
        expect(s).toBeGreaterThanOrEqual(Math.floor(base * 0.8));
        expect(s).toBeLessThanOrEqual(Math.ceil(base * 1.2));
      }
    }
  });

  it('nunca antes de Retry-After', () => {
    expect(esperaReintento(config, 1, 600)).toBe(600);
  });
});
