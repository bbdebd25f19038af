import { describe, expect, it } from 'vitest';
import { catalogosPrueba, ripsValido } from '../../../test/fixtures/rips.js';
import { CatalogosEnMemoria, type TablaEnMemoria } from '../catalogos/memoria.js';
import { CAMPOS } from '../estructura/campos.js';
import { crearVerificadorEstructura } from '../estructura/verificar.js';
import type { Registro } from '../tipos.js';
import { validarRips } from './validar.js';

const FECHA = new Date('2026-11-01T05:00:00Z');
const AHORA = new Date('2026-11-29T12:00:00Z');
const DIA = 86_400_000;
/** The large tables the structure check reads (RVG06); with `reglas: []` nothing else is needed. */
const GRANDES_ESTRUCTURA = ['CIE10', 'FFM', 'Municipio', 'Servicios', 'UMM', 'UPR'];

/** An imported copy, `dias` days old, whose rows SISPRO last changed on 2025-05-03 (Colombia). */
const importada = (dias: number, codigos: string[] = []): TablaEnMemoria => ({
  filas: codigos.map((codigo) => ({ codigo, nombre: codigo, habilitado: true })),
  fuente: 'prueba',
  importadoEn: new Date(AHORA.getTime() - dias * DIA).toISOString(),
  fecha: new Date(AHORA.getTime() - dias * DIA).toISOString(),
  fechaActualizacion: '2025-05-03T18:47:52.000Z',
});

function catalogos(antiguedadMaximaDias: number, tablas: Record<string, TablaEnMemoria>) {
  const c = new CatalogosEnMemoria(catalogosPrueba().instantanea(), {
    antiguedadMaximaDias,
    ahora: () => AHORA,
  });
  for (const [t, datos] of Object.entries(tablas)) c.poner(t, datos);
  return c;
}

function validar(c: CatalogosEnMemoria, conRegistro = false) {
  return validarRips(ripsValido() as Registro, {
    fecha: FECHA,
    catalogos: c,
    ...(conRegistro ? {} : { reglas: [] }),
    estructura: crearVerificadorEstructura(CAMPOS, c),
  });
}

const cat01 = (r: ReturnType<typeof validar>) => r.errores.filter((e) => e.codigo === 'CAT01');

describe('CAT01: tablas importadas hace más de CATALOGOS_ANTIGUEDAD_MAXIMA_DIAS', () => {
  it('todas cargadas, una antigua: la nota la nombra con sus fechas y qué hacer; las recientes y las no usadas no', () => {
    const tablas: Record<string, TablaEnMemoria> = {};
    for (const t of GRANDES_ESTRUCTURA) tablas[t] = importada(10);
    tablas.Municipio = importada(120);
    // Old too, but this validation does not read it.
    tablas.TablaSinUso = importada(400);
    const notas = cat01(validar(catalogos(90, tablas)));
    expect(notas).toHaveLength(1);
    expect(notas[0]).toMatchObject({
      severidad: 'informativo',
      titulo: 'Catálogo Municipio importado hace 120 días',
    });
    expect(notas[0]!.explicacion).toBe(
      'Esta tabla usada en la validación se importó hace más de 90 días (CATALOGOS_ANTIGUEDAD_MAXIMA_DIAS): ' +
        '«Municipio» importada el 2026-08-01 (hace 120 días), con Fecha_Actualizacion de SISPRO 2025-05-03. ' +
        'Si SISPRO la cambió desde entonces, el MUV puede responder distinto.',
    );
    expect(notas[0]!.comoCorregir).toBe(
      'Importe de nuevo la tabla Municipio con la exportación actual de SISPRO (web.sispro.gov.co): ' +
        '`npm run cli -- catalogo importar <carpeta>`. No requiere cambios en el RIPS.',
    );
  });

  it('con tablas sin cargar: una sola nota dice las dos cosas', () => {
    const c = catalogos(90, { CIE10: importada(200), Servicios: importada(91) });
    const notas = cat01(validar(c));
    expect(notas).toHaveLength(1);
    expect(notas[0]!.titulo).toBe(
      '4 catálogos no cargados: validación reducida; 2 catálogos importados hace más de 90 días',
    );
    expect(notas[0]!.explicacion).toContain(
      '«FFM» (RVG06); «Municipio» (RVG06); «UMM» (RVG06); «UPR» (RVG06)',
    );
    expect(notas[0]!.explicacion).toContain(
      '«CIE10» importada el 2026-05-13 (hace 200 días), con Fecha_Actualizacion de SISPRO 2025-05-03; ' +
        '«Servicios» importada el 2026-08-30 (hace 91 días)',
    );
    expect(notas[0]!.comoCorregir).toBe(
      'El operador puede importar la exportación oficial de cada tabla (web.sispro.gov.co) con ' +
        '`npm run cli -- catalogo importar <archivo>`. Importe de nuevo las tablas CIE10, Servicios con la ' +
        'exportación actual de SISPRO (web.sispro.gov.co): `npm run cli -- catalogo importar <carpeta>`. ' +
        'No requiere cambios en el RIPS.',
    );
  });

  it('con el registro completo de reglas también una sola CAT01, y nombra la tabla que solo leen las reglas', () => {
    // CUPSRips: read by RVC rules, not by the structure check.
    const c = catalogos(90, { CUPSRips: importada(150) });
    expect(cat01(validar(c))[0]!.titulo).not.toContain('CUPSRips');
    const notas = cat01(validar(c, true));
    expect(notas).toHaveLength(1);
    expect(notas[0]!.titulo).toMatch(/; catálogo CUPSRips importado hace 150 días$/);
    expect(notas[0]!.comoCorregir).toContain('Importe de nuevo la tabla CUPSRips');
  });

  it('sin nota cuando todas son recientes (el límite exacto no es antiguo) o cuando el límite es 0', () => {
    const tablas: Record<string, TablaEnMemoria> = {};
    for (const t of GRANDES_ESTRUCTURA) tablas[t] = importada(90);
    expect(cat01(validar(catalogos(90, tablas)))).toEqual([]);

    for (const t of GRANDES_ESTRUCTURA) tablas[t] = importada(3000);
    expect(cat01(validar(catalogos(0, tablas)))).toEqual([]);
    expect(cat01(validar(catalogos(90, tablas)))).toHaveLength(1);
  });

  it('las tablas incluidas con el servicio no se miden (no tienen fecha de importación)', () => {
    const tablas: Record<string, TablaEnMemoria> = {};
    for (const t of GRANDES_ESTRUCTURA) tablas[t] = importada(0);
    // catalogosPrueba's shipped-like tables carry no import date: never older than the limit.
    expect(cat01(validar(catalogos(1, tablas)))).toEqual([]);
  });
});
