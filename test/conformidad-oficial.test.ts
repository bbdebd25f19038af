import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogosIncluidos } from '../src/rips/catalogos/servicio.js';
import { CAMPOS } from '../src/rips/estructura/campos.js';
import { crearVerificadorEstructura } from '../src/rips/estructura/verificar.js';
import { validarRips } from '../src/rips/validacion/validar.js';

/**
 * The Ministry's official Res. 948 examples (only when ../shared is beside the clone). A correct
 * engine reports their known errata (rips.md §7) and nothing else.
 */
const DIR = path.resolve(process.cwd(), '../shared/fixtures/oficiales');

const ESPERADOS: Record<string, { codigo: string; ruta: string }[]> = {
  'rips-consultas.json': [],
  'rips-procedimientos-reciennacidos.json': [],
  'rips-ert3000.json': [],
  // Erratum: "2026-0-22 23:21" (month without its second digit).
  'rips-urgencias.json': [
    { codigo: 'RVG05', ruta: 'usuarios[0].servicios.urgencias[0].fechaInicioAtencion' },
  ],
};

describe.runIf(existsSync(DIR))('ejemplos oficiales de la Res. 948/2026', () => {
  const catalogos = catalogosIncluidos();
  const estructura = crearVerificadorEstructura(CAMPOS, catalogos);

  it.each(Object.entries(ESPERADOS))('%s da exactamente sus erratas conocidas', (archivo, esperados) => {
    const rips = JSON.parse(readFileSync(path.join(DIR, archivo), 'utf8'));
    const r = validarRips(rips, { catalogos, estructura, fecha: new Date('2026-11-01T12:00:00Z') });
    const hallazgos = r.errores
      .filter((e) => e.severidad !== 'informativo')
      .map((e) => ({ codigo: e.codigo, ruta: e.ubicacion.ruta }));
    expect(hallazgos).toEqual(esperados);
    expect(r.valid).toBe(esperados.length === 0);
    // Only our own notes remain: catalogs not loaded here and rules only the MUV can check.
    for (const e of r.errores.filter((x) => x.severidad === 'informativo'))
      expect(['CAT01', 'MUV01', 'XML01']).toContain(e.codigo);
  });

  it('cubre todos los RIPS oficiales de la carpeta', () => {
    const json = readdirSync(DIR).filter((f) => f.endsWith('.json'));
    expect(json.sort()).toEqual(Object.keys(ESPERADOS).sort());
  });
});
