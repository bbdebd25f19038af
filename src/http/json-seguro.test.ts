import { describe, expect, it } from 'vitest';
import {
  mensajeProblemaJson,
  type ProblemaJson,
  revisarEscapes,
  revisarJson,
  revisarTextoJson,
  VigiaEscapes,
} from './json-seguro.js';

const b = (t: string) => Buffer.from(t, 'utf8');
const anidado = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;

describe('revisarJson', () => {
  it('acepta JSON normal, con escapes válidos, pares sustitutos y corchetes dentro de cadenas', () => {
    expect(
      revisarJson(b('{"a":[1,{"b":"x"}],"c":"\\u00e9 \\ud83d\\ude00 \\\\u0000 [[[{{{"}'), 64),
    ).toBeUndefined();
    expect(revisarJson(b(anidado(64)), 64)).toBeUndefined();
  });

  it('rechaza el anidamiento excesivo sin recorrer el resto (5.000 y 100.000 niveles)', () => {
    for (const n of [65, 5000, 100_000])
      expect(revisarJson(b(anidado(n)), 64)).toEqual({ tipo: 'profundidad', maximo: 64 });
    expect(revisarJson(b(`${'['.repeat(100_000)}${']'.repeat(100_000)}`), 64)?.tipo).toBe('profundidad');
  });

  it('rechaza \\u0000 y sustitutos sueltos, con la ruta del campo', () => {
    expect(revisarJson(b('{"usuarios":[{"nombre":"a\\u0000b"}]}'), 64)).toEqual({
      tipo: 'caracter',
      cual: 'nulo',
      ruta: 'usuarios[0].nombre',
    });
    expect(revisarJson(b('{"numFactura":"FE\\udfff"}'), 64)).toMatchObject({
      cual: 'sustituto',
      ruta: 'numFactura',
    });
    expect(revisarJson(b('{"x":"\\ud800 solo"}'), 64)).toMatchObject({ cual: 'sustituto', ruta: 'x' });
    expect(revisarJson(b('{"cla\\u0000ve":1}'), 64)).toMatchObject({ cual: 'nulo', ruta: 'cla�ve' });
    const graphql = '{"query":"{ sesion { permisos } }","variables":{"v":"\\udfff"}}';
    expect(revisarJson(b(graphql), 64)).toMatchObject({ ruta: 'variables.v' });
  });

  it('el mensaje es español y no repite el valor', () => {
    const p = revisarJson(b('{"doc":"CC 52345678\\u0000"}'), 64)!;
    const m = mensajeProblemaJson(p);
    expect(m).toMatch(/carácter nulo .* en «doc»/);
    expect(m).not.toContain('52345678');
  });
});

describe('VigiaEscapes (cuerpos leídos por trozos)', () => {
  const revisarEnTrozos = (t: string, tam: number) => {
    const v = new VigiaEscapes();
    const bytes = b(t);
    for (let i = 0; i < bytes.length; i += tam) {
      const p = v.revisar(bytes.subarray(i, i + tam));
      if (p) return p;
    }
    return v.terminar() ?? v.revisar(Buffer.alloc(0), true);
  };

  it('encuentra \\u0000 y sustitutos sueltos aunque el escape quede partido entre trozos, y nombra la clave', () => {
    const casos: [string, ProblemaJson | undefined][] = [
      ['{"rips":{"numFactura":"FE\\u0000"}}', { tipo: 'caracter', cual: 'nulo', ruta: 'numFactura' }],
      ['{"a":"x","numNota":"\\udfff"}', { tipo: 'caracter', cual: 'sustituto', ruta: 'numNota' }],
      ['{"a":"\\ud83d\\ude00 \\u00e9 \\\\u0000 \\\\\\\\u0000"}', undefined],
      ['{"a":"\\\\\\u0000"}', { tipo: 'caracter', cual: 'nulo', ruta: 'a' }],
      ['{"a":"\\ud800x"}', { tipo: 'caracter', cual: 'sustituto', ruta: 'a' }],
      ['["\\u0000"]', { tipo: 'caracter', cual: 'nulo', ruta: undefined }],
    ];
    for (const [texto, esperado] of casos) {
      expect(revisarEscapes(b(texto))).toEqual(esperado);
      for (const tam of [1, 2, 3, 5, 7, 13, 25, 64]) expect(revisarEnTrozos(texto, tam)).toEqual(esperado);
    }
  });

  it('una barra invertida al final de un trozo de solo barras sigue contando', () => {
    // 31 backslashes: 15 escaped pairs, then one that starts a real \u0000 escape.
    const texto = `{"a":"${'\\'.repeat(31)}u0000"}`;
    expect(revisarEscapes(b(texto))?.tipo).toBe('caracter');
    for (const tam of [24, 25, 30, 40]) expect(revisarEnTrozos(texto, tam)?.tipo).toBe('caracter');
    const par = `{"a":"${'\\'.repeat(30)}u0000"}`;
    expect(revisarEscapes(b(par))).toBeUndefined();
    for (const tam of [24, 25, 30, 40]) expect(revisarEnTrozos(par, tam)).toBeUndefined();
  });

  it('un byte nulo crudo también se informa', () => {
    expect(revisarEscapes(Buffer.from('{"numFactura":"F\u0000"}'))).toMatchObject({
      cual: 'nulo',
      ruta: 'numFactura',
    });
  });
});

describe('revisarTextoJson (JSON recibido como cadena: ripsTexto)', () => {
  it('escapes, NUL crudo y sustitutos sueltos crudos, con la clave', () => {
    expect(revisarTextoJson('{"numFactura":"F\\u0000"}')).toMatchObject({ cual: 'nulo', ruta: 'numFactura' });
    expect(revisarTextoJson('{"numFactura":"F\u0000"}')).toMatchObject({ cual: 'nulo', ruta: 'numFactura' });
    expect(revisarTextoJson('{"tipoNota":"\udfff"}')).toMatchObject({ cual: 'sustituto', ruta: 'tipoNota' });
    expect(revisarTextoJson('{"x":"\\udfff"}')).toMatchObject({ cual: 'sustituto', ruta: 'x' });
    expect(revisarTextoJson('{"x":"😀 \\ud83d\\ude00 ñ \\\\u0000"}')).toBeUndefined();
  });

  it('el mensaje de profundidad puede nombrar la ruta', () => {
    expect(mensajeProblemaJson({ tipo: 'profundidad', maximo: 64, ruta: 'usuarios[2].x' })).toMatch(
      /más de 64 niveles .*\(en «usuarios\[2\]\.x»\)/,
    );
  });
});
