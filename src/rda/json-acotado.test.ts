import { describe, expect, it } from 'vitest';
import { ErrorApp } from '../errores/errores.js';
import {
  exigirValorAcotado,
  limpiarHallazgo,
  limpiarTexto,
  MAX_PROFUNDIDAD_RDA,
  mostrarValor,
  revisarValor,
} from './json-acotado.js';

function anidado(n: number, hoja: unknown = 1): unknown {
  let v = hoja;
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
}

describe('revisarValor (sin recursión)', () => {
  it('64 niveles pasan, 65 no; 100 000 niveles no desbordan la pila', () => {
    expect(revisarValor(anidado(MAX_PROFUNDIDAD_RDA), 'x')).toBeUndefined();
    expect(revisarValor(anidado(MAX_PROFUNDIDAD_RDA + 1), 'x')).toMatchObject({
      tipo: 'profundidad',
      maximo: 64,
    });
    const p = revisarValor({ ok: 1, extra: anidado(100_000) }, 'bundle');
    expect(p?.tipo).toBe('profundidad');
    expect(p?.ruta.startsWith('bundle.extra.a.a')).toBe(true);
    expect(p!.ruta.length).toBeLessThanOrEqual(201);
    let lista: unknown = 1;
    for (let i = 0; i < 10_000; i++) lista = [lista];
    expect(revisarValor(lista, 'datos')?.ruta.startsWith('datos[0][0]')).toBe(true);
  });

  it('el carácter nulo y los sustitutos sueltos, en valores y en claves, con su ruta', () => {
    expect(revisarValor({ a: ['ok', 'x\u0000y'] }, 'datos')).toEqual({
      tipo: 'caracter',
      cual: 'nulo',
      ruta: 'datos.a[1]',
    });
    expect(revisarValor({ b: '\ud800' }, 'bundle')).toMatchObject({ cual: 'sustituto', ruta: 'bundle.b' });
    expect(revisarValor({ b: 'x\udc00' }, 'bundle')).toMatchObject({ cual: 'sustituto' });
    expect(revisarValor({ 'cl\u0000ave': 1 }, 'bundle')).toMatchObject({
      cual: 'nulo',
      ruta: 'bundle.cl�ave',
    });
    // A well-formed pair (an emoji) is text.
    expect(revisarValor({ b: 'a😀b', c: 'ñandú' }, 'bundle')).toBeUndefined();
    expect(revisarValor({ b: '\u0000' }, 'bundle', 64, { caracteres: false })).toBeUndefined();
  });

  it('exigirValorAcotado: 400 entrada-invalida en español que nombra el campo', () => {
    try {
      exigirValorAcotado({ paciente: { x: anidado(5000) } }, 'datos');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ErrorApp);
      const a = e as ErrorApp;
      expect(a.codigo).toBe('entrada-invalida');
      expect(a.message).toMatch(/anida demasiados niveles/);
      expect(a.extras.detalles?.[0]?.campo.startsWith('datos.paciente.x.a')).toBe(true);
      expect(a.extras.detalles?.[0]?.mensaje).toMatch(/más de 64 niveles/);
    }
    expect(() => exigirValorAcotado({ a: 'x\u0000' }, 'bundle')).toThrow(/no es texto válido/);
    expect(() => exigirValorAcotado({ a: 'x' }, 'bundle')).not.toThrow();
  });
});

describe('textos guardables', () => {
  it('limpiarTexto reemplaza NUL y sustitutos sueltos y corta sin partir un par', () => {
    expect(limpiarTexto('a\u0000b\ud800c\udc00')).toBe('a\ufffdb\ufffdc\ufffd');
    expect(limpiarTexto('ab😀', 3)).toBe('ab…');
    expect(limpiarTexto('x'.repeat(1_000_000), 10)).toBe(`${'x'.repeat(10)}…`);
    expect(limpiarTexto('ñandú 😀')).toBe('ñandú 😀');
  });

  it('mostrarValor nunca llama a toString de un objeto recibido', () => {
    expect(mostrarValor({ toString: 1, valueOf: 1 })).toBe('un objeto');
    expect(mostrarValor([{ toString: 1 }])).toBe('una lista');
    expect(mostrarValor(42)).toBe('42');
    expect(mostrarValor('y'.repeat(500), 5)).toBe('yyyyy…');
  });

  it('limpiarHallazgo acota y limpia cada texto', () => {
    const h = limpiarHallazgo({
      codigo: `C\u0000${'d'.repeat(500)}`,
      severidad: 'rechazo',
      fuente: 'ihce',
      ubicacion: {
        factura: null,
        usuarioIndex: null,
        documentoUsuario: null,
        tipoServicio: null,
        servicioIndex: null,
        campo: '\ud800',
        campoNombre: null,
        ruta: 'r'.repeat(10_000),
        descripcion: 'd',
      },
      titulo: 't',
      explicacion: 'e',
      comoCorregir: 'c',
      mensajeOriginal: `m\u0000${'m'.repeat(1_000_000)}`,
    });
    expect(h.codigo.length).toBeLessThanOrEqual(101);
    expect(h.codigo.startsWith('C\ufffd')).toBe(true);
    expect(h.ubicacion.campo).toBe('\ufffd');
    expect(h.ubicacion.ruta!.length).toBeLessThanOrEqual(501);
    expect(h.mensajeOriginal!.length).toBeLessThanOrEqual(2001);
    expect(JSON.stringify(h)).not.toMatch(/\\u0000|\\ud8/);
  });
});
