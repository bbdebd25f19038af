import { describe, expect, it } from 'vitest';
import { ErrorApp } from '../errores/errores.js';
import {
  type FiltrosEntrada,
  leerFiltros,
  MAX_DIAS_SERIE_DIARIA,
  MAX_PERIODOS,
  revisarSerie,
} from './filtros.js';
import { sumarDias } from './periodos.js';

/** The ErrorApp thrown by `f`, checked to be a 400 `entrada-invalida`. */
function error(f: () => unknown): ErrorApp {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(ErrorApp);
    const err = e as ErrorApp;
    expect(err.codigo).toBe('entrada-invalida');
    expect(err.extensions.code).toBe('entrada-invalida');
    return err;
  }
  throw new Error('no lanzó');
}

const campos = (e: ErrorApp) => (e.extras.detalles ?? []).map((d) => d.campo);

describe('leerFiltros', () => {
  it('without dates returns nulls and passes modulo/agrupar through', () => {
    expect(leerFiltros({})).toEqual({ desde: null, hasta: null, modulo: null, agrupar: null });
    expect(leerFiltros({ desde: null, hasta: null, modulo: null, agrupar: null })).toEqual({
      desde: null,
      hasta: null,
      modulo: null,
      agrupar: null,
    });
    expect(leerFiltros({ modulo: 'rda', agrupar: 'semana' })).toEqual({
      desde: null,
      hasta: null,
      modulo: 'rda',
      agrupar: 'semana',
    });
  });

  it.each([
    '2026-03-02',
    ' 2026-03-02 ',
    '2026-03-02T00:00:00-05:00',
    '2026-03-02T00:00:00-0500',
    '2026-03-02T00:00-05:00',
    '2026-03-02T05:00:00Z',
    '2026-03-02T05:00Z',
    '2026-03-02T05:00:00.000Z',
    '2026-03-02T05:00:00.000+00:00',
    '2026-03-02T05:00:00.000000000+00:00',
    '2026-03-02T05:00:00+0000',
    '2026-03-02T06:00:00+01:00',
    '2026-03-02T10:30:00+05:30',
    '2026-03-02T14:00:00+09:00',
    '2026-03-01T19:00:00-10:00', // the previous day elsewhere, Colombian midnight all the same
    '2026-03-02T00:00',
    '2026-03-02T00:00:00',
    '2026-03-02T00:00:00.000',
    '2026-03-02 00:00:00-05:00',
  ])('accepts %j as 2026-03-02', (valor) => {
    expect(leerFiltros({ desde: valor }).desde).toBe('2026-03-02');
    expect(leerFiltros({ hasta: valor }).hasta).toBe('2026-03-02');
  });

  it('a UTC midnight is the Colombian day before only when it is at 00:00 Colombia', () => {
    // 2026-03-03T00:00:00+19:00 is not a real offset, but 2026-03-02T05:00:00Z is the same instant.
    expect(leerFiltros({ desde: '2026-03-02T05:00:00Z', hasta: '2026-03-03T05:00:00Z' })).toMatchObject({
      desde: '2026-03-02',
      hasta: '2026-03-03',
    });
  });

  it.each([
    '2026-03-02T00:00:00Z', // 19:00 of 2026-03-01 in Colombia
    '2026-03-02T00:00:00+00:00',
    '2026-03-02T00:00:00-04:00',
    '2026-03-02T00:00:00-06:00',
    '2026-03-02T05:00:01Z',
    '2026-03-02T04:59:59Z',
    '2026-03-02T04:59:59.999Z',
    '2026-03-02T05:00:00.001Z',
    '2026-03-02T05:00:00.5Z',
    '2026-03-02T01:00',
    '2026-03-02T00:01',
    '2026-03-02T00:00:01',
    '2026-03-02T00:00:00.001',
    '2026-03-02T23:59:59-05:00',
  ])('refuses %j, not at a Colombian midnight, naming the field', (valor) => {
    const e = error(() => leerFiltros({ desde: valor }));
    expect(campos(e)).toEqual(['desde']);
    expect(e.message).toContain('«desde»');
    expect(e.message).toContain('00:00 de Colombia');
    const h = error(() => leerFiltros({ hasta: valor }));
    expect(campos(h)).toEqual(['hasta']);
    expect(h.message).toContain('«hasta»');
  });

  it('says which Colombian day and hour a refused date-time is', () => {
    const e = error(() => leerFiltros({ desde: '2026-03-02T00:00:00Z' }));
    expect(e.message).toContain('2026-03-01 a las 19:00');
  });

  it.each([
    '',
    ' ',
    'hoy',
    '02/03/2026',
    '2026-3-2',
    '20260302',
    '2026-03-02T',
    '2026-03-02T00',
    '2026-03-02T00:00:00-05',
    '2026-03-02T00:00:00 -05:00',
    '2026-03-02T00:00:00.0000000000-05:00',
    '2026-03-02Z',
    '+2026-03-02',
    '2026-03-02\n00:00',
  ])('refuses the malformed %j with an example', (valor) => {
    const e = error(() => leerFiltros({ desde: valor }));
    expect(campos(e)).toEqual(['desde']);
    expect(e.message).toContain('no es una fecha válida');
    expect(e.message).toContain('2026-01-31T00:00:00-05:00');
  });

  it.each([
    '2026-02-30',
    '2026-02-29',
    '2100-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-04-31',
    '2026-03-00',
    '2026-03-32',
    '2026-03-02T24:00:00-05:00',
    '2026-03-02T24:00',
    '2026-03-02T00:60:00-05:00',
    '2026-03-02T00:00:60-05:00',
    '2026-02-30T00:00:00-05:00',
  ])('refuses the impossible %j', (valor) => {
    const e = error(() => leerFiltros({ hasta: valor }));
    expect(campos(e)).toEqual(['hasta']);
    expect(e.message).toContain('no es una fecha del calendario');
  });

  it('accepts leap days that exist', () => {
    expect(leerFiltros({ desde: '2028-02-29', hasta: '2028-03-01' })).toMatchObject({
      desde: '2028-02-29',
      hasta: '2028-03-01',
    });
    expect(leerFiltros({ desde: '2000-02-29' }).desde).toBe('2000-02-29');
  });

  it('refuses too long inputs quickly, without echoing them', () => {
    for (const valor of [
      `2026-03-02T00:00:00.${'0'.repeat(30)}-05:00`,
      `2026-03-02${'x'.repeat(40)}`,
      '9'.repeat(100_000),
      `2026-03-02T00:00:00.000-05:00${' 0'.repeat(50_000)}`,
    ]) {
      const inicio = performance.now();
      const e = error(() => leerFiltros({ desde: valor }));
      expect(performance.now() - inicio).toBeLessThan(200);
      expect(campos(e)).toEqual(['desde']);
      expect(e.message.length).toBeLessThan(300);
    }
  });

  it.each([
    ['1999-12-31', false],
    ['2000-01-01', true],
    ['2000-01-01T00:00:00-05:00', true],
    ['1999-12-31T05:00:00Z', false],
    ['2100-12-31', true],
    ['2101-01-01', false],
    ['2101-01-01T05:00:00Z', false],
    ['2100-12-31T23:00:00-06:00', false], // 2101-01-01 in Colombia
    ['9999-12-31', false],
  ])('%s is inside 2000–2100: %s', (valor, valido) => {
    if (valido) expect(leerFiltros({ desde: valor }).desde).toBe(valor.slice(0, 10));
    else {
      const e = error(() => leerFiltros({ desde: valor }));
      expect(campos(e)).toEqual(['desde']);
      expect(e.message).toContain('entre 2000-01-01 y 2100-12-31');
    }
  });

  it('refuses years that Date would remap (0001 is not 1901)', () => {
    for (const valor of ['0001-01-01', '0099-12-31', '1900-01-01']) {
      const e = error(() => leerFiltros({ desde: valor }));
      expect(campos(e)).toEqual(['desde']);
    }
  });

  it.each([
    '0001-01-01',
    '0000-02-29',
    '0004-02-29',
    '0099-12-31',
    '0001-01-01T00:00:00-05:00',
    '1900-01-01',
    '9999-12-31',
    '9999-12-31T00:00:00Z',
  ])('a calendar date out of range (%s) is called out of range, with the range', (valor) => {
    const e = error(() => leerFiltros({ desde: valor }));
    expect(campos(e)).toEqual(['desde']);
    expect(e.message).toContain(`«desde» (${valor.slice(0, 10)}) es una fecha del calendario`);
    expect(e.message).toContain('fuera del rango del resumen: debe estar entre 2000-01-01 y 2100-12-31');
    expect(e.message).not.toContain('no es una fecha del calendario');
  });

  it.each(['0001-02-29', '0100-02-29', '1900-02-29', '2026-02-30'])(
    'an impossible date (%s) is still "not a calendar date", whatever its year',
    (valor) => {
      const e = error(() => leerFiltros({ hasta: valor }));
      expect(e.message).toContain('no es una fecha del calendario');
      expect(e.message).not.toContain('fuera del rango');
    },
  );

  it.each([
    ['2026-03-02', '2026-03-02'],
    ['2026-03-03', '2026-03-02'],
    ['2026-03-02T05:00:00Z', '2026-03-02T00:00:00-05:00'],
    ['2100-12-31', '2000-01-01'],
  ])('refuses desde %s >= hasta %s on hasta', (desde, hasta) => {
    const e = error(() => leerFiltros({ desde, hasta }));
    expect(campos(e)).toEqual(['hasta']);
    expect(e.message).toContain('debe ser posterior a «desde»');
  });

  it('accepts a one-day range', () => {
    expect(leerFiltros({ desde: '2026-03-02', hasta: '2026-03-03', modulo: 'rips', agrupar: 'dia' })).toEqual(
      {
        desde: '2026-03-02',
        hasta: '2026-03-03',
        modulo: 'rips',
        agrupar: 'dia',
      },
    );
  });

  it('reports both fields at once', () => {
    const casos: FiltrosEntrada[] = [
      { desde: 'ayer', hasta: '2026-02-30' },
      { desde: '2026-03-02T00:00:00Z', hasta: '1999-01-01' },
      { desde: '2026-13-01', hasta: '2026-03-02T01:00' },
    ];
    for (const c of casos) {
      const e = error(() => leerFiltros(c));
      expect(campos(e)).toEqual(['desde', 'hasta']);
      expect(e.message).toContain('«desde»');
      expect(e.message).toContain('«hasta»');
      for (const d of e.extras.detalles ?? []) expect(e.message).toContain(d.mensaje);
    }
  });

  it('an invalid desde does not add an ordering complaint', () => {
    const e = error(() => leerFiltros({ desde: '2026-03-05T01:00', hasta: '2026-03-02' }));
    expect(campos(e)).toEqual(['desde']);
  });
});

describe('leerFiltros: desplazamientos y fracciones imposibles', () => {
  it.each([
    '2026-03-02T04:00:00-00:60',
    '2026-03-02T00:00:00+24:00',
    '2026-03-02T05:00:00+25:00',
    '2026-03-02T05:00:00.0001Z',
    '2026-03-02T04:59:59.9999999Z',
  ])('%s se rechaza', (desde) => {
    expect(campos(error(() => leerFiltros({ desde })))).toEqual(['desde']);
  });

  it('una fracción de ceros sigue siendo medianoche', () => {
    expect(leerFiltros({ desde: '2026-03-02T05:00:00.000000Z' }).desde).toBe('2026-03-02');
    expect(leerFiltros({ desde: '2026-03-02T00:00:00.000-05:00' }).desde).toBe('2026-03-02');
  });
});

describe('revisarSerie', () => {
  it(`a daily series of ${MAX_DIAS_SERIE_DIARIA} days passes, one more day fails mentioning 3 años`, () => {
    expect(MAX_DIAS_SERIE_DIARIA).toBe(1096);
    const desde = '2026-01-01';
    expect(() => revisarSerie(desde, sumarDias(desde, 1096), 'dia')).not.toThrow();
    expect(() => revisarSerie(desde, sumarDias(desde, 1), 'dia')).not.toThrow();
    const e = error(() => revisarSerie(desde, sumarDias(desde, 1097), 'dia'));
    expect(e.message).toContain('3 años');
    expect(e.message).toContain('1097 días');
    expect(e.message).toContain('agrupar=semana');
    expect(campos(e)).toEqual(['agrupar']);
  });

  it('the same 1097 days are fine by week or month', () => {
    const desde = '2026-01-01';
    expect(() => revisarSerie(desde, sumarDias(desde, 1097), 'semana')).not.toThrow();
    expect(() => revisarSerie(desde, sumarDias(desde, 1097), 'mes')).not.toThrow();
  });

  it(`weeks: ${MAX_PERIODOS} pass, ${MAX_PERIODOS + 1} fail (counting the partial first week)`, () => {
    expect(MAX_PERIODOS).toBe(1200);
    const lunes = '2000-01-03';
    expect(() => revisarSerie(lunes, sumarDias(lunes, 7 * 1200), 'semana')).not.toThrow();
    const e = error(() => revisarSerie(lunes, sumarDias(lunes, 7 * 1200 + 1), 'semana'));
    expect(e.message).toContain('1201 períodos');
    expect(e.message).toContain('máximo es 1200');
    expect(campos(e)).toEqual(['agrupar']);
    // A Wednesday start still counts its week: the same end is 1,200 weeks, one day more is 1,201.
    expect(() => revisarSerie('2000-01-05', sumarDias(lunes, 7 * 1200), 'semana')).not.toThrow();
    error(() => revisarSerie('2000-01-05', sumarDias(lunes, 7 * 1200 + 1), 'semana'));
  });

  it(`months: ${MAX_PERIODOS} pass, ${MAX_PERIODOS + 1} fail`, () => {
    expect(() => revisarSerie('2000-01-01', '2100-01-01', 'mes')).not.toThrow();
    expect(() => revisarSerie('2000-01-31', '2100-01-01', 'mes')).not.toThrow();
    const e = error(() => revisarSerie('2000-01-01', '2100-01-02', 'mes'));
    expect(e.message).toContain('1201 períodos');
    expect(campos(e)).toEqual(['agrupar']);
    error(() => revisarSerie('2000-01-01', '2100-12-31', 'mes'));
  });
});
