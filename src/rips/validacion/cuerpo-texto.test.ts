import { describe, expect, it } from 'vitest';
import { ErrorApp } from '../../errores/errores.js';
import { miembrosRaiz } from './cuerpo-texto.js';

const RIPS = { numFactura: 'F"1}', usuarios: [{ a: '}]', b: [1, { c: null }] }] };
const R = JSON.stringify(RIPS);
const leer = (t: string) => miembrosRaiz(t, ['fechaEvaluacion']);

describe('miembros del cuerpo leído como texto', () => {
  it.each([
    ['solo rips', `{"rips":${R}}`, {}],
    [
      'rips y después la fecha',
      `{ "rips" : ${R} ,\n "fechaEvaluacion" : "2026-12-01T00:00:00Z" }\n`,
      { fechaEvaluacion: '2026-12-01T00:00:00Z' },
    ],
    [
      'la fecha antes de rips',
      `{"fechaEvaluacion":"2026-12-01T00:00:00Z","rips":${R}}`,
      { fechaEvaluacion: '2026-12-01T00:00:00Z' },
    ],
    [
      'fecha con comillas escapadas',
      `{"rips":${R},"fechaEvaluacion":"a\\"b\\\\"}`,
      { fechaEvaluacion: 'a"b\\' },
    ],
    ['fecha nula', `{"rips":${R},"fechaEvaluacion":null}`, { fechaEvaluacion: null }],
  ])('%s', (_n, texto, otros) => {
    const r = leer(texto);
    expect(r.rips?.texto).toBe(R);
    expect(JSON.parse(r.rips!.texto!)).toEqual(RIPS);
    expect(r.otros).toEqual(otros);
  });

  it('rips que no es objeto se entrega parseado; sin rips, nada', () => {
    expect(leer('{"rips":[1]}').rips).toEqual({ valor: [1] });
    expect(leer('{"rips":"x","fechaEvaluacion":"y"}')).toEqual({
      rips: { valor: 'x' },
      otros: { fechaEvaluacion: 'y' },
    });
    expect(leer('{}').rips).toBeUndefined();
    expect(leer('[1]').rips).toBeUndefined();
  });

  it.each([`{"rips":${R},"otra":1}`, `{"otra":{"a":1},"rips":${R}}`])(
    'propiedad desconocida → 400: %s',
    (texto) => {
      try {
        leer(texto);
        expect.unreachable();
      } catch (e) {
        expect(e).toBeInstanceOf(ErrorApp);
        expect((e as ErrorApp).extras.detalles?.[0]?.campo).toBe('otra');
      }
    },
  );

  it.each(['{"rips":', `{"rips":${R}} x`, `{"rips" ${R}}`, '{"rips":{}, "fechaEvaluacion": }'])(
    'mal formado → 400: %s',
    (texto) => {
      expect(() => leer(texto)).toThrow(/JSON válido/);
    },
  );
});
