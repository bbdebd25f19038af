import { describe, expect, it } from 'vitest';
import { resumenError } from './logger.js';

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
