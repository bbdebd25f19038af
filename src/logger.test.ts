import { describe, expect, it } from 'vitest';
import { RUTAS } from '../rest-adapter/rutas.js';
import { resumenError, rutaParaRegistro } from './logger.js';

describe('resumenError', () => {
  it('un mensaje con saltos de línea no pasa por líneas de la pila ni deja datos en el registro', () => {
    // As a driver quotes an INSERT whose text parameter holds a newline and a patient document.
    const e = new Error(
      'insert into radicacion values ($1)\n    at documentoUsuario (CC 52345678:1:1)\nJUAN PEREZ',
    ) as Error & { code?: string };
    e.code = '22P05';
    const r = resumenError(e);
    const texto = JSON.stringify(r);
    expect(texto).not.toContain('52345678');
    expect(texto).not.toContain('PEREZ');
    expect(texto).not.toContain('insert');
    expect(r.codigo).toBe('22P05');
    expect((r.marcos as string[]).length).toBeGreaterThan(0);
    expect((r.marcos as string[])[0]).toMatch(/^at .*logger\.test\.ts/);
  });

  it('un código que no es un identificador no se registra; otro valor que no es Error da solo su tipo', () => {
    const e = Object.assign(new Error('x'), { code: 'CC 52345678' });
    expect(resumenError(e).codigo).toBeUndefined();
    expect(resumenError('CC 52345678')).toEqual({ tipo: 'string' });
  });

  it('una clase que cambia su nombre tras construirse conserva sus marcos', () => {
    class ErrorPropio extends Error {
      override name = 'ErrorPropio';
    }
    const r = resumenError(new ErrorPropio('mensaje\ncon dos líneas'));
    expect(r.tipo).toBe('ErrorPropio');
    expect((r.marcos as string[])[0]).toMatch(/^at /);
  });
});

describe('rutaParaRegistro', () => {
  const ruta = rutaParaRegistro([...RUTAS, { metodo: 'post', ruta: '/graphql' }]);
  const UUID = '0b5c3f7e-2f7a-4c55-9f3e-8a1d2c3b4e5f';

  it('una ruta conocida es su plantilla: ni el identificador ni el query string', () => {
    expect(ruta('GET', '/rips/52345678')).toBe('/rips/:id');
    expect(ruta('GET', '/rips/52345678/cuv?x=1020304050')).toBe('/rips/:id/cuv');
    expect(ruta('GET', '/rda/1020304050/eventos')).toBe('/rda/:id/eventos');
    expect(ruta('GET', `/rda/${UUID}`)).toBe('/rda/:id');
    expect(ruta('GET', '/rda?estado=1020304050&limit=52345678')).toBe('/rda');
    expect(ruta('POST', '/rda/consultas')).toBe('/rda/consultas');
    expect(ruta('POST', '/graphql?query=x')).toBe('/graphql');
  });

  it('lo demás: solo segmentos literales de nuestras rutas y UUID; cada otro segmento enmascarado', () => {
    expect(ruta('DELETE', '/rips/52345678')).toBe('/rips/:?');
    expect(ruta('GET', `/rxx/1020304050/eventos/${UUID}?p=1`)).toBe(`/:?/:?/eventos/${UUID}`);
    expect(ruta('GET', '/%2e%2e/rips/J450/x')).toBe('/:?/rips/:?/:?');
    expect(ruta('PROPFIND', '//rips')).toBe('//rips');
    expect(ruta('GET', 'http://h/52345678')).toBe(':?//:?/:?');
    const larga = ruta('GET', `/${'52345678/'.repeat(2000)}`);
    expect(larga).not.toContain('52345678');
    expect(larga.length).toBeLessThan(60);
  });
});
