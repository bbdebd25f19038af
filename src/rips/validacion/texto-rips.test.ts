import { describe, expect, it } from 'vitest';
import { catalogosPrueba, ripsValido } from '../../../test/fixtures/rips.js';
import { CAMPOS } from '../estructura/campos.js';
import { crearVerificadorEstructura } from '../estructura/verificar.js';
import type { Registro } from '../tipos.js';
import {
  Ancla,
  ErrorTextoRips,
  elementos,
  miembros,
  type RipsPorPartes,
  restoDelArreglo,
  ripsPorPartes,
} from './texto-rips.js';

/** A body `{"rips": {...}, ...}` read the way a route would: members parsed, the RIPS by parts. */
function cuerpoPorPartes(t: string): { rips?: RipsPorPartes | unknown; otros: Registro } {
  const otros: Registro = {};
  let rips: RipsPorPartes | unknown;
  const inicio = t.search(/\S/);
  if (t[inicio] !== '{') return { rips: undefined, otros: { cuerpo: JSON.parse(t) } };
  const cierre = { fin: t.length };
  for (const [clave, a, b] of miembros(t, inicio, cierre)) {
    if (clave === 'rips') rips = t[a] === '{' ? ripsPorPartes(t.slice(a, b), 0) : JSON.parse(t.slice(a, b));
    else otros[clave] = JSON.parse(t.slice(a, b));
  }
  if (t.slice(cierre.fin).trim() !== '') throw new ErrorTextoRips('texto después del objeto');
  return { rips, otros };
}

import { validarRips } from './validar.js';

const FECHA = new Date('2026-11-01T12:00:00Z');

function porPartes(texto: string) {
  const { rips, otros } = cuerpoPorPartes(texto);
  const p = rips as RipsPorPartes;
  return { transaccion: p.transaccion, usuarios: p.usuarios ? [...p.usuarios] : undefined, otros };
}

describe('lectura por partes del texto del RIPS', () => {
  it('separa los miembros de la raíz y entrega los usuarios uno a uno', () => {
    const rips = ripsValido();
    const texto = `  {"fechaEvaluacion": "2026-11-01T12:00:00Z",\n "rips" : ${JSON.stringify(rips, null, 2)} }\n`;
    const r = porPartes(texto);
    expect(r.otros).toEqual({ fechaEvaluacion: '2026-11-01T12:00:00Z' });
    const { usuarios, ...cabecera } = rips;
    expect(r.transaccion).toEqual({ ...cabecera, usuarios: [] });
    expect(r.usuarios).toEqual(usuarios);
  });

  it('respeta cadenas con llaves, corchetes, comillas y escapes', () => {
    const raro = 'a}b]c"d\\e{[\u00f1';
    const texto = JSON.stringify({ rips: { numFactura: raro, usuarios: [{ x: raro, y: [[{}], []] }, 7] } });
    const r = porPartes(texto);
    expect(r.transaccion.numFactura).toBe(raro);
    expect(r.usuarios).toEqual([{ x: raro, y: [[{}], []] }, 7]);
  });

  it('usuarios que no es arreglo y rips que no es objeto se entregan tal cual', () => {
    expect(porPartes('{"rips":{"usuarios":{"a":1}}}').transaccion.usuarios).toEqual({ a: 1 });
    expect(cuerpoPorPartes('{"rips":[1]}').rips).toEqual([1]);
    expect(cuerpoPorPartes('{"otro":1}').rips).toBeUndefined();
    expect(cuerpoPorPartes('[1,2]').rips).toBeUndefined();
  });

  it.each(['{"rips":{"usuarios":[{"a":1}', '{"rips":{} } x', '{"rips" {}}', '{"rips":{"a":1,}}'])(
    'texto mal formado %s → error',
    (texto) => {
      expect(() => porPartes(texto)).toThrow(ErrorTextoRips);
    },
  );

  it('el resto de un arreglo se lee desde un elemento o tras espacios, hasta su «]»', () => {
    const usuarios = [{ a: 1, b: '}]' }, { a: 2 }, { a: 3, c: [{ a: 4 }] }];
    const texto = JSON.stringify(usuarios, null, 1).slice(1);
    for (const desde of [0, texto.indexOf('{')]) {
      let fin = -1;
      expect([...restoDelArreglo(`${texto}}`, desde, (f) => (fin = f))]).toEqual(usuarios);
      expect(fin).toBe(texto.length);
    }
    let fin = -1;
    expect([...restoDelArreglo(' \n] }', 0, (f) => (fin = f))]).toEqual([]);
    expect(fin).toBe(3);
    expect(() => [...restoDelArreglo('{"a":1} {"a":2}]', 0)]).toThrow(ErrorTextoRips);
  });

  it('un valor inválido dentro de un usuario lo reporta JSON.parse al llegar a él', () => {
    expect(() => porPartes('{"rips":{"usuarios":[{"a":01}]}}')).toThrow(SyntaxError);
  });
});

describe('validar por partes da lo mismo que validar el objeto completo', () => {
  const catalogos = catalogosPrueba();
  const estructura = crearVerificadorEstructura(CAMPOS, catalogos);

  it.each([
    ['válido', (_r: Registro) => {}],
    [
      'con errores en varios usuarios',
      (r: Registro) => {
        const us = r.usuarios as Registro[];
        us[0]!.codSexo = 'X';
        (us[1]!.servicios as Record<string, Registro[]>).consultas![0]!.vrServicio = -1;
        us.push({ ...us[1]!, servicios: {} });
        us.push(7 as unknown as Registro);
      },
    ],
  ])('%s', (_n, mutar) => {
    const rips = ripsValido();
    mutar(rips);
    const completo = validarRips(structuredClone(rips), { catalogos, estructura, fecha: FECHA });
    const p = cuerpoPorPartes(JSON.stringify({ rips })).rips as RipsPorPartes;
    const partes = validarRips(p.transaccion, { catalogos, estructura, fecha: FECHA }, p.usuarios);
    expect(partes).toEqual(completo);
  });
});

describe('Ancla: dónde empieza el siguiente elemento', () => {
  it('JSON compacto por el literal; con espacios, por el patrón desde la primera vez', () => {
    const compacto = '[{"k":1},{"k":2},{"k":3}]';
    const a = new Ancla('k');
    expect(a.buscar(compacto, 2)).toBe(9);
    expect(a.buscar(compacto, 10)).toBe(17);
    expect(a.buscar(compacto, 18)).toBe(-1);
    const formateado = '[\n  { "k": 1 },\n  { "k": 2 }\n]';
    const b = new Ancla('k');
    expect(b.buscar(formateado, 5)).toBe(formateado.indexOf('{ "k": 2'));
    // Mixed: the literal is off for good once it missed an element the pattern found.
    expect(b.buscar('{"k":1},{"k":2}', 1)).toBe(8);
  });

  it('los elementos de un arreglo formateado se leen igual que los de uno compacto', () => {
    const valores = [{ k: 1, v: 'a' }, { k: 2, v: '{"k":9}' }, { k: 3 }];
    expect([...elementos(JSON.stringify(valores, null, 2), 0)]).toEqual(valores);
    expect([...elementos(JSON.stringify(valores), 0)]).toEqual(valores);
  });
});
