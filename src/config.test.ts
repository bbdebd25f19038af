import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseTamano } from './config.js';

const dir = () => mkdtempSync(path.join(os.tmpdir(), 'cfg-'));

describe('configuración', () => {
  it('valores por defecto para una ejecución local', () => {
    const c = loadConfig({ DATA_DIR: dir() });
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.bodyLimitBytes).toBe(200 * 1024 * 1024);
    expect(c.demo.crear).toBe(true);
    expect(c.credentialsKey.length).toBe(32);
    expect(c.oidc).toBeUndefined();
  });

  it('la clave generada se conserva entre arranques', () => {
    const d = dir();
    expect(loadConfig({ DATA_DIR: d }).credentialsKey).toEqual(loadConfig({ DATA_DIR: d }).credentialsKey);
  });

  it('producción exige CREDENTIALS_KEY; OIDC exige audiencia y nunca acepta alg none', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir() })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir(), OIDC_ISSUER: 'https://idp' })).toThrow(/OIDC_AUDIENCE/);
    const c = loadConfig({
      DATA_DIR: dir(),
      OIDC_ISSUER: 'https://idp',
      OIDC_AUDIENCE: 'api',
      OIDC_ALGORITHMS: 'RS256,none',
    });
    expect(c.oidc?.algorithms).toEqual(['RS256']);
  });

  it('tamaños y enteros', () => {
    expect(parseTamano('16MB')).toBe(16 * 1024 * 1024);
    expect(parseTamano('512kb')).toBe(512 * 1024);
    expect(() => parseTamano('mucho')).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir(), PORT: '-1' })).toThrow(/PORT/);
  });

  it('hilos de validación: por defecto hasta 2, 0 los apaga, umbral como tamaño', () => {
    const c = loadConfig({ DATA_DIR: dir() });
    expect(c.rips.hilos).toBe(Math.min(2, os.availableParallelism()));
    expect(c.rips.hiloDesdeBytes).toBe(1024 * 1024);
    const d = loadConfig({ DATA_DIR: dir(), RIPS_HILOS: '0', RIPS_HILO_DESDE: '512kb' });
    expect(d.rips).toMatchObject({ hilos: 0, hiloDesdeBytes: 512 * 1024 });
    expect(() => loadConfig({ DATA_DIR: dir(), RIPS_HILOS: 'dos' })).toThrow(/RIPS_HILOS/);
  });

  it('cuerpos REST leídos enteros: hasta 2 MB por defecto, 0 los lee siempre por trozos', () => {
    expect(loadConfig({ DATA_DIR: dir() }).rips.cuerpoEnteroHastaBytes).toBe(2 * 1024 * 1024);
    const c = loadConfig({ DATA_DIR: dir(), RIPS_CUERPO_ENTERO_HASTA: '0' });
    expect(c.rips.cuerpoEnteroHastaBytes).toBe(0);
    expect(() => loadConfig({ DATA_DIR: dir(), RIPS_CUERPO_ENTERO_HASTA: 'poco' })).toThrow(ConfigError);
  });
});
