import { describe, expect, it } from 'vitest';
import type { ErrorAccionable } from '../../errores/error-accionable.js';
import type { SeveridadError } from '../../errores/valores.js';
import { dividirHallazgos } from './hallazgos.js';

const h = (codigo: string, severidad: SeveridadError) => ({ codigo, severidad }) as ErrorAccionable;

describe('dividirHallazgos', () => {
  it('rechazo bloquea; aviso-gradualidad y aviso-conformidad avisan; informativo es una nota; el orden se conserva', () => {
    const d = dividirHallazgos([
      h('CAT01', 'informativo'),
      h('RVC010', 'rechazo'),
      h('RVC086', 'aviso-gradualidad'),
      h('FED01', 'aviso-conformidad'),
      h('RVG05', 'rechazo'),
      h('MUV01', 'informativo'),
    ]);
    expect(d.errores.map((e) => e.codigo)).toEqual(['RVC010', 'RVG05']);
    expect(d.avisos.map((e) => e.codigo)).toEqual(['RVC086', 'FED01']);
    expect(d.informativos.map((e) => e.codigo)).toEqual(['CAT01', 'MUV01']);
  });

  it('sin hallazgos, tres listas vacías', () => {
    expect(dividirHallazgos([])).toEqual({ errores: [], avisos: [], informativos: [] });
  });
});
