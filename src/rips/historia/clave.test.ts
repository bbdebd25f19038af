import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ripsValido } from '../../../test/fixtures/rips.js';
import { loadConfig } from '../../config.js';
import type { Registro } from '../tipos.js';
import { pacienteHmac } from './clave.js';
import { serviciosDelRips } from './extraer.js';

const clave = Buffer.alloc(32, 3);

describe('pacienteHmac', () => {
  it('HMAC-SHA256 en base64url de «TIPO\\0número», recortado y con el tipo en mayúsculas', () => {
    const esperado = createHmac('sha256', clave).update('CC\u000052345678').digest('base64url');
    expect(pacienteHmac(clave, 'CC', '52345678')).toBe(esperado);
    expect(pacienteHmac(clave, ' cc ', ' 52345678 ')).toBe(esperado);
    expect(esperado).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('distingue el tipo, el número y la clave; el separador impide ambigüedades', () => {
    const base = pacienteHmac(clave, 'CC', '52345678');
    expect(pacienteHmac(clave, 'TI', '52345678')).not.toBe(base);
    expect(pacienteHmac(clave, 'CC', '52345679')).not.toBe(base);
    expect(pacienteHmac(Buffer.alloc(32, 4), 'CC', '52345678')).not.toBe(base);
    expect(pacienteHmac(clave, 'C', 'C52345678')).not.toBe(base);
    // A string key is used as its UTF-8 bytes.
    expect(pacienteHmac('x'.repeat(32), 'CC', '1')).toBe(
      pacienteHmac(Buffer.from('x'.repeat(32)), 'CC', '1'),
    );
  });
});

describe('RIPS_HISTORIA_CLAVE', () => {
  const base = () => ({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'historia-config-')),
    CREDENTIALS_KEY: Buffer.alloc(32, 7).toString('base64'),
  });

  it('sin definir se deriva de CREDENTIALS_KEY: estable y distinta de la de los cursores', () => {
    const a = loadConfig(base()).rips.claveHistoria;
    const b = loadConfig(base()).rips.claveHistoria;
    expect(a).toHaveLength(32);
    expect(a.equals(b)).toBe(true);
    expect(a.equals(createHmac('sha256', Buffer.alloc(32, 7)).update('rips-historia').digest())).toBe(true);
    expect(a.equals(loadConfig(base()).rda.claveCursor)).toBe(false);
  });

  it('en desarrollo sin CREDENTIALS_KEY sale de la clave local de DATA_DIR (la misma entre arranques)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'historia-config-'));
    const env = { NODE_ENV: 'development', DATA_DIR: dir, MUV_SIMULADOR: 'false', IHCE_SIMULADOR: 'false' };
    expect(loadConfig(env).rips.claveHistoria.equals(loadConfig(env).rips.claveHistoria)).toBe(true);
  });

  it('definida se usa tal cual; corta o no base64 es un error de configuración sin eco', () => {
    const propia = Buffer.alloc(48, 9);
    expect(
      loadConfig({ ...base(), RIPS_HISTORIA_CLAVE: propia.toString('base64') }).rips.claveHistoria.equals(
        propia,
      ),
    ).toBe(true);
    for (const mala of [Buffer.alloc(16).toString('base64'), 'no es base64!']) {
      expect(() => loadConfig({ ...base(), RIPS_HISTORIA_CLAVE: mala })).toThrow(
        /RIPS_HISTORIA_CLAVE: debe ser al menos 32 bytes en base64/,
      );
    }
  });
});

describe('serviciosDelRips', () => {
  it('una fila por servicio con su fecha de inicio, egreso, grupo y tipoOS; recién nacido con su documento', () => {
    const filas = serviciosDelRips(ripsValido(), clave);
    const madre = pacienteHmac(clave, 'CC', '52345678');
    const hombre = pacienteHmac(clave, 'CC', '1019876543');
    const bebe = pacienteHmac(clave, 'CN', '20260914000123');
    expect(filas).toHaveLength(13);
    expect(filas.filter((f) => f.pacienteHmac === madre).map((f) => f.tipo)).toEqual([
      'consultas',
      'procedimientos',
      'hospitalizacion',
      'medicamentos',
      'medicamentos',
    ]);
    expect(filas.find((f) => f.pacienteHmac === bebe)).toEqual({
      pacienteHmac: bebe,
      tipo: 'recienNacidos',
      grupo: null,
      inicio: '2026-09-14 03:52',
      fin: '2026-09-15 10:00',
      tipoOS: null,
    });
    expect(filas.find((f) => f.tipo === 'hospitalizacion')).toMatchObject({
      inicio: '2026-09-13 22:10',
      fin: '2026-09-15 10:00',
    });
    expect(filas.find((f) => f.tipo === 'otrosServicios')).toMatchObject({
      pacienteHmac: hombre,
      inicio: '2026-09-21 07:45',
      tipoOS: '01',
    });
    expect(filas.find((f) => f.tipo === 'procedimientos' && f.pacienteHmac === hombre)?.grupo).toBe('02');
  });

  it('omite lo que no se puede indexar sin inventar: usuario o recién nacido sin documento, fecha ilegible', () => {
    const rips = ripsValido();
    const [madre, hombre] = rips.usuarios as Registro[];
    const s = madre!.servicios as Record<string, Registro[]>;
    s.recienNacidos![0]!.numDocumentoIdentificacion = '';
    s.consultas![0]!.fechaInicioAtencion = '01/09/2026';
    hombre!.numDocumentoIdentificacion = null;
    const filas = serviciosDelRips(rips, clave);
    expect(filas.map((f) => f.tipo)).toEqual([
      'procedimientos',
      'hospitalizacion',
      'medicamentos',
      'medicamentos',
    ]);
    expect(serviciosDelRips({ usuarios: 'x' }, clave)).toEqual([]);
    expect(serviciosDelRips({}, clave)).toEqual([]);
  });
});
