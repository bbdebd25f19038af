import { describe, expect, it } from 'vitest';
import { ripsMinimo } from '../../../test/fixtures/rips.js';
import { CatalogosEnMemoria } from '../catalogos/memoria.js';
import { parsearRechazoDesde } from '../reglas/gradualidad.js';
import { clases, regla } from '../reglas/tipos.js';
import { claseVigente, diaColombia } from './severidad.js';
import { validarRips } from './validar.js';

const r = regla({
  codigo: 'XYZ01',
  campos: [],
  clases: clases('R', 'N'),
  mensajeOficial: 'm',
  titulo: 't',
  explicacion: 'e',
  comoCorregir: 'c',
  alcance: 'local',
  transaccion: (_rips, ctx) => ctx.emitir('XYZ01', {}, 'numFactura'),
});

describe('gradualidad', () => {
  it('la clase vigente sigue la historia por fecha (hora de Colombia)', () => {
    expect(claseVigente(r, new Date('2026-05-31T12:00:00Z'))).toBe('R');
    expect(claseVigente(r, new Date('2026-06-01T12:00:00Z'))).toBe('N');
    // 2026-06-01 03:00 UTC is still 31 May in Colombia.
    expect(diaColombia(new Date('2026-06-01T03:00:00Z'))).toBe('2026-05-31');
  });

  it('una fecha anunciada convierte una N en R sin cambiar código', () => {
    const desde = { XYZ01: '2027-01-01' };
    expect(claseVigente(r, new Date('2026-12-31T12:00:00Z'), desde)).toBe('N');
    expect(claseVigente(r, new Date('2027-01-01T12:00:00Z'), desde)).toBe('R');
    const v = (fecha: string) =>
      validarRips(ripsMinimo(), {
        reglas: [r],
        catalogos: new CatalogosEnMemoria(),
        fecha: new Date(fecha),
        rechazoDesde: desde,
      });
    expect(v('2026-12-01T12:00:00Z').errores.find((e) => e.codigo === 'XYZ01')?.severidad).toBe(
      'aviso-gradualidad',
    );
    expect(v('2026-12-01T12:00:00Z').valid).toBe(true);
    expect(v('2027-02-01T12:00:00Z').errores.find((e) => e.codigo === 'XYZ01')?.severidad).toBe('rechazo');
    expect(v('2027-02-01T12:00:00Z').valid).toBe(false);
  });

  it('RIPS_RECHAZO_DESDE se lee como CODIGO=AAAA-MM-DD', () => {
    expect(parsearRechazoDesde('RVC015=2027-01-01, RVG13=2027-03-01')).toEqual({
      RVC015: '2027-01-01',
      RVG13: '2027-03-01',
    });
    expect(parsearRechazoDesde(undefined)).toEqual({});
    expect(() => parsearRechazoDesde('RVC015:2027')).toThrow(/inválida/);
  });
});
