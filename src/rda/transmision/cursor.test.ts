import { describe, expect, it } from 'vitest';
import { ErrorApp } from '../../errores/errores.js';
import { firmarCursor, huellaPaciente, leerCursor } from './cursor.js';

const clave = Buffer.alloc(32, 3);
const enlace = { entidadId: 'e1', alcance: 'encuentros', paciente: huellaPaciente(clave, 'CC', '123') };
const codigo = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as ErrorApp).codigo;
  }
  return 'sin-error';
};

describe('cursor firmado', () => {
  it('ida y vuelta: devuelve el enlace relativo sin exponer una URL', () => {
    const c = firmarCursor(clave, { ...enlace, siguiente: '/Composition/$x?_pagina=abc' }, 60);
    expect(c).not.toContain('/');
    expect(leerCursor(clave, c, enlace)).toBe('/Composition/$x?_pagina=abc');
  });

  it('alterado, con otra clave, otra entidad u otro paciente → 400; vencido → 410', () => {
    const c = firmarCursor(clave, { ...enlace, siguiente: '/a' }, 60);
    const [datos, firma] = c.split('.');
    const otroDatos = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(datos!, 'base64url').toString()), s: 'https://evil/' }),
    ).toString('base64url');
    expect(codigo(() => leerCursor(clave, `${otroDatos}.${firma}`, enlace))).toBe('entrada-invalida');
    expect(codigo(() => leerCursor(Buffer.alloc(32, 4), c, enlace))).toBe('entrada-invalida');
    expect(codigo(() => leerCursor(clave, c, { ...enlace, entidadId: 'e2' }))).toBe('entrada-invalida');
    expect(
      codigo(() => leerCursor(clave, c, { ...enlace, paciente: huellaPaciente(clave, 'CC', '124') })),
    ).toBe('entrada-invalida');
    expect(codigo(() => leerCursor(clave, 'basura', enlace))).toBe('entrada-invalida');
    expect(codigo(() => leerCursor(clave, c, enlace, Date.now() + 61_000))).toBe('cursor-expirado');
  });
});
