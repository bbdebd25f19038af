import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';

const cargar = (CORS_ORIGINS?: string) =>
  loadConfig({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'cfg-cors-')), CORS_ORIGINS });

describe('CORS_ORIGINS', () => {
  it('sin definir o vacía: ningún origen (sin cabeceras CORS)', () => {
    expect(cargar().corsOrigenes).toEqual([]);
    expect(cargar(' ').corsOrigenes).toEqual([]);
  });

  it('orígenes exactos separados por comas, sin repetidos', () => {
    expect(cargar('https://a.example, http://localhost:5173,https://a.example,').corsOrigenes).toEqual([
      'https://a.example',
      'http://localhost:5173',
    ]);
  });

  it.each([
    'https://a.example/',
    'https://a.example/app',
    '*',
    'a.example',
    'ftp://a.example',
    'https://A.example',
  ])('%s no es un origen exacto: error de configuración en español', (v) => {
    try {
      cargar(v);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      expect((e as ConfigError).message).toMatch(/CORS_ORIGINS: .*no es un origen exacto/);
    }
  });
});
