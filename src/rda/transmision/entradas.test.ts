import { describe, expect, it } from 'vitest';
import type { ErrorApp } from '../../errores/errores.js';
import { exigirContenido, validarDocumentos } from './entradas.js';

const detalles = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as ErrorApp).extras.detalles ?? [];
  }
  throw new Error('sin error');
};

describe('entradas de transmisión', () => {
  it('bundle/datos: objeto JSON obligatorio', () => {
    expect(exigirContenido({ a: 1 }, 'bundle')).toEqual({ a: 1 });
    expect(detalles(() => exigirContenido(undefined, 'bundle'))).toEqual([
      { campo: 'bundle', mensaje: 'Es obligatorio.' },
    ]);
    expect(detalles(() => exigirContenido([1], 'datos'))).toEqual([
      { campo: 'datos', mensaje: 'Debe ser un objeto JSON.' },
    ]);
  });

  it('paciente y humanuser: todos los problemas a la vez; devuelve solo {tipo, numero}', () => {
    const h = { tipo: 'CC', numero: '79000111' };
    expect(validarDocumentos({ tipo: 'CC', numero: '123', otro: 1 }, h)).toEqual({
      paciente: { tipo: 'CC', numero: '123' },
      humanuser: h,
    });
    expect(detalles(() => validarDocumentos({ tipo: 'CC', numero: '123' }, undefined))).toEqual([
      { campo: 'humanuser', mensaje: 'Es obligatorio: {tipo, numero}.' },
    ]);
    expect(
      detalles(() => validarDocumentos({ tipo: 'cc', numero: '1.020' }, [])).map(
        (d: { campo: string }) => d.campo,
      ),
    ).toEqual(['paciente.tipo', 'paciente.numero', 'humanuser']);
  });
});
