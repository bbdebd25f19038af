import { describe, expect, it } from 'vitest';
import { mensajeProblemaJson, revisarJson } from './json-seguro.js';

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
