import { describe, expect, it } from 'vitest';
import { reglaRdaDe } from '../rda/linter/registro.js';
import { CODIGOS_FEV } from '../rips/fev/codigos.js';
import { CODIGOS_MUV } from '../rips/muv/codigos.js';
import { CODIGOS_OPERACION } from '../rips/radicacion/reglas-operacion.js';
import { REGLAS_POR_CODIGO } from '../rips/reglas/registro.js';
import { textosCausa } from './titulos.js';

describe('textos de una causa de rechazo', () => {
  it('de cada registro: el título, la explicación y cómo corregir de la regla', () => {
    const rips = [
      ...REGLAS_POR_CODIGO.values(),
      ...CODIGOS_FEV.values(),
      ...CODIGOS_OPERACION.values(),
      ...Object.values(CODIGOS_MUV),
    ];
    expect(rips.length).toBeGreaterThan(100);
    for (const r of rips) {
      const codigo = 'codigo' in r && typeof r.codigo === 'string' ? r.codigo : undefined;
      if (!codigo) continue;
      const t = textosCausa('rips', 'linter-local', codigo);
      expect(t.titulo, codigo).toBe(r.titulo);
      expect(t.explicacion.length, codigo).toBeGreaterThan(10);
      expect(t.comoCorregir.length, codigo).toBeGreaterThan(10);
    }
    expect(textosCausa('rips', 'linter-local', 'RVC019')).toEqual({
      titulo: REGLAS_POR_CODIGO.get('RVC019')!.titulo,
      explicacion: REGLAS_POR_CODIGO.get('RVC019')!.explicacion,
      comoCorregir: REGLAS_POR_CODIGO.get('RVC019')!.comoCorregir,
    });
    const rda05 = reglaRdaDe('RDA05')!;
    expect(textosCausa('rda', 'linter-rda', 'RDA05')).toEqual({
      titulo: rda05.titulo,
      explicacion: rda05.explicacion,
      comoCorregir: rda05.comoCorregir,
    });
    expect(textosCausa('rda', 'ihce', 'IHCE-required').titulo).toBe('Falta un dato obligatorio');
    expect(textosCausa('rda', 'ihce', 'IHCE-required').comoCorregir.length).toBeGreaterThan(10);
  });

  it('un código que ningún registro conoce: nombrado por su fuente, y dice dónde está el mensaje original', () => {
    const muv = textosCausa('rips', 'muv', 'ZZZ999');
    expect(muv.titulo).toBe('Código ZZZ999 del MUV (sin descripción en el registro de reglas)');
    expect(muv.explicacion).toMatch(/del MUV; su mensaje original está en los hallazgos/);
    expect(muv.comoCorregir).toMatch(/radicación rechazada/);
    const ihce = textosCausa('rda', 'ihce', 'XYZ-1');
    expect(ihce.titulo).toMatch(/de la plataforma IHCE/);
    expect(ihce.comoCorregir).toMatch(/transmisión rechazada/);
    expect(textosCausa('rips', 'linter-local', 'NOEXISTE').titulo).toBe('Regla NOEXISTE');
    // A module's codes are looked up only in its own registries.
    expect(textosCausa('rda', 'linter-rda', 'RVC019').titulo).toBe('Regla RVC019');
  });
});
