import { describe, expect, it } from 'vitest';
import { CatalogosEnMemoria, type TablaEnMemoria } from './memoria.js';
import type { EntradaCatalogo } from './tipos.js';

const fila = (codigo: string, extra: Record<string, string>, habilitado = true): EntradaCatalogo => ({
  codigo,
  nombre: codigo,
  habilitado,
  extra,
});

/** FinalidadCUPS as SISPRO exports it: Codigo is a row number; the pair is in Extra_I / Extra_II. */
const finalidadCups = (): TablaEnMemoria => ({
  columnas: { I: 'Finalidad', II: 'CUPS' },
  filas: [
    fila('1', { I: '15', II: '890201' }),
    fila('2', { I: ' 16 ', II: '890201' }),
    fila('3', { I: '44', II: '890201' }, false),
    fila('4', { I: '15', II: '' }),
  ],
});

describe('CatalogosEnMemoria: columnas por etiqueta', () => {
  it('resuelve la etiqueta sin distinguir mayúsculas, tildes, espacios ni «_»', () => {
    const c = new CatalogosEnMemoria({
      CIE10: { filas: [], columnas: { I: 'AplicaASexo', II: 'Edad Mínima', IV: 'Edad_Maxima' } },
    });
    expect(c.columnaExtra('CIE10', 'AplicaASexo', 'I')).toBe('I');
    expect(c.columnaExtra('CIE10', 'EdadMinima', 'II')).toBe('II');
    expect(c.columnaExtra('CIE10', 'edadmaxima', 'III')).toBe('IV');
  });

  it('con etiquetas y sin la pedida no hay columna; sin etiquetas, el numeral documentado', () => {
    const conEtiquetas = new CatalogosEnMemoria({ CIE10: { filas: [], columnas: { I: 'AplicaASexo' } } });
    expect(conEtiquetas.columnaExtra('CIE10', 'Sexo', 'X')).toBeUndefined();
    const sinEtiquetas = new CatalogosEnMemoria({ CIE10: { filas: [] }, Viejo: { filas: [], columnas: {} } });
    expect(sinEtiquetas.columnaExtra('CIE10', 'Sexo', 'X')).toBe('X');
    expect(sinEtiquetas.columnaExtra('Viejo', 'Sexo', 'X')).toBe('X');
    expect(sinEtiquetas.columnaExtra('NoCargada', 'Sexo', 'X')).toBeUndefined();
  });

  it('la copia de un hilo de validación (instantanea) conserva las etiquetas', () => {
    const c = new CatalogosEnMemoria({
      FinalidadCUPS: { ...finalidadCups(), columnas: { I: 'CUPS', II: 'Finalidad' } },
    });
    const copia = new CatalogosEnMemoria(c.instantanea());
    expect(copia.columnaExtra('FinalidadCUPS', 'CUPS', 'II')).toBe('I');
  });
});

describe('CatalogosEnMemoria: índices secundarios', () => {
  it('relacion: valor → valores de las filas habilitadas, recortados, sin filas incompletas', () => {
    const c = new CatalogosEnMemoria({ FinalidadCUPS: finalidadCups() });
    const r = c.relacion('FinalidadCUPS', 'II', 'I');
    expect([...r.keys()]).toEqual(['890201']);
    expect([...r.get('890201')!].sort()).toEqual(['15', '16']);
    expect(c.relacion('NoCargada', 'II', 'I').size).toBe(0);
  });

  it('agrupadas: filas habilitadas por el valor de una columna', () => {
    const c = new CatalogosEnMemoria({ FinalidadCUPS: finalidadCups() });
    const g = c.agrupadas('FinalidadCUPS', 'I');
    expect([...g.keys()].sort()).toEqual(['15', '16']);
    expect(g.get('15')!.map((f) => f.codigo)).toEqual(['1', '4']);
  });

  it('se construyen una vez por versión de la tabla: la misma instancia hasta que la tabla se reemplaza', () => {
    const c = new CatalogosEnMemoria({ FinalidadCUPS: finalidadCups() });
    const r = c.relacion('FinalidadCUPS', 'II', 'I');
    const g = c.agrupadas('FinalidadCUPS', 'I');
    expect(c.relacion('FinalidadCUPS', 'II', 'I')).toBe(r);
    expect(c.agrupadas('FinalidadCUPS', 'I')).toBe(g);
    // Another pair of columns is another index.
    expect(c.relacion('FinalidadCUPS', 'I', 'II')).not.toBe(r);
    c.poner('FinalidadCUPS', { filas: [fila('1', { I: '44', II: '890201' })] });
    const nueva = c.relacion('FinalidadCUPS', 'II', 'I');
    expect(nueva).not.toBe(r);
    expect([...nueva.get('890201')!]).toEqual(['44']);
  });
});
