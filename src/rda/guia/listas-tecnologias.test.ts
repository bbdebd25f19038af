import { describe, expect, it } from 'vitest';
import {
  CATEGORIAS_MEDICAMENTO,
  CATEGORIAS_OTRA_TECNOLOGIA,
  LISTAS_TECNOLOGIAS,
} from './listas-tecnologias.js';

// Counts of the guide 1.0.0 CodeSystems: a dropped or doubled row shows up here.
const CUENTAS = {
  VAD: 119,
  UMM: 273,
  MedicationTime: 7,
  MipresDoseForm: 39,
  MipresSpecialInstruction: 10,
  ColombianHealthTechnologyCategory: 13,
  RIPSFinalidadConsultaVersion2: 34,
  FactorRiesgo: 6,
} as const;

describe('listas de tecnologías de la guía RDA', () => {
  it.each(Object.entries(CUENTAS))('%s tiene %i códigos', (nombre, cuenta) => {
    expect(LISTAS_TECNOLOGIAS[nombre as keyof typeof CUENTAS]).toHaveLength(cuenta);
  });

  it.each(Object.keys(LISTAS_TECNOLOGIAS))('%s no repite códigos', (nombre) => {
    const codigos = LISTAS_TECNOLOGIAS[nombre as keyof typeof CUENTAS].map(([codigo]) => codigo);
    expect(new Set(codigos).size).toBe(codigos.length);
  });

  it('las rutas tienen tres dígitos', () => {
    for (const [codigo] of LISTAS_TECNOLOGIAS.VAD) expect(codigo).toMatch(/^\d{3}$/);
  });

  it('los subconjuntos de categoría existen en el CodeSystem', () => {
    const categorias = new Set(
      LISTAS_TECNOLOGIAS.ColombianHealthTechnologyCategory.map(([codigo]) => codigo),
    );
    for (const codigo of [...CATEGORIAS_MEDICAMENTO, ...CATEGORIAS_OTRA_TECNOLOGIA]) {
      expect(categorias.has(codigo)).toBe(true);
    }
  });
});
