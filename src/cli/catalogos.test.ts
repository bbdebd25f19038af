import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { usarBdAislada } from '../../test/bd-aislada.js';
import { capturarSalida } from '../../test/fixtures/salida-cli.js';
import { ServicioCredenciales } from '../entidades/credenciales.js';
import { ServicioEntidades } from '../entidades/servicio.js';
import type { EstadoCatalogoDetallado } from '../rips/catalogos/servicio.js';
import { textoEstadosCatalogos } from './catalogos.js';
import { type Dependencias, ejecutarCli } from './programa.js';

const bd = usarBdAislada('cli-catalogo-antiguedad-');
const DIA = 86_400_000;

function deps(antiguedadMaximaDias?: number) {
  const { salida, escritor } = capturarSalida();
  const d: Dependencias = {
    ejecutar: async (fn) =>
      fn({
        em: bd.orm().em.fork(),
        entidades: new ServicioEntidades(),
        credenciales: new ServicioCredenciales(randomBytes(32)),
        migracionesAplicadas: [],
        ...(antiguedadMaximaDias === undefined ? {} : { catalogos: { antiguedadMaximaDias } }),
      }),
    salida: escritor,
    env: {},
    leerLineas: async () => [],
  };
  return { d, salida };
}

/** A table imported `dias` days ago from two parts, whose rows SISPRO last changed on 2025-05-03. */
async function importadaHace(tabla: string, dias: number): Promise<void> {
  const ruta = path.join(bd.dir(), `${tabla}.csv`);
  await writeFile(ruta, 'Código;Nombre;Habilitado\nA1;Uno;SI\nA2;Dos;SI\n');
  const { d } = deps();
  expect(await ejecutarCli(['catalogo', 'importar', ruta, '--tabla', tabla, '--json'], d)).toBe(0);
  // The columns issue 33's importer fills, set as it would.
  await bd
    .em()
    .getConnection()
    .execute(
      `update carga_catalogo set importado_en = ?, fecha_actualizacion = '2025-05-03T18:47:52Z',
         archivos = ?::text[] where tabla = ?`,
      [
        new Date(Date.now() - dias * DIA).toISOString(),
        `{TablaReferencia_${tabla}__1.xlsx,TablaReferencia_${tabla}__2.xlsx}`,
        tabla,
      ],
    );
}

describe('catalogo listar: fechas y antigüedad', () => {
  it('texto: fecha de importación, Fecha_Actualizacion de SISPRO, las partes y la marca «antigua» con qué hacer', async () => {
    await importadaHace('Vieja', 200);
    await importadaHace('Reciente', 5);
    const { d, salida } = deps(30);
    expect(await ejecutarCli(['catalogo', 'listar'], d)).toBe(0);
    expect(salida.out).toMatch(
      /\nVieja\s+importada, antigua\s+2\s+\d{4}-\d{2}-\d{2} [\d:]+ UTC\s+2025-05-03\s+TablaReferencia_Vieja__1\.xlsx, TablaReferencia_Vieja__2\.xlsx\n/,
    );
    expect(salida.out).toMatch(/\nReciente\s+importada\s+2\s+\d{4}-\d{2}-\d{2} [\d:]+ UTC\s+2025-05-03\s+/);
    expect(salida.out).toContain(
      '\n1 tabla importada hace más de 30 días (CATALOGOS_ANTIGUEDAD_MAXIMA_DIAS): Vieja (hace 200 días).\n' +
        'Descargue de SISPRO la exportación actual e impórtela de nuevo: catalogo importar <carpeta>\n',
    );

    const json = deps(30);
    expect(await ejecutarCli(['catalogo', 'listar', '--json'], json.d)).toBe(0);
    const estados = JSON.parse(json.salida.out) as EstadoCatalogoDetallado[];
    expect(estados.find((e) => e.tabla === 'Vieja')).toMatchObject({
      origen: 'importado',
      fechaActualizacion: '2025-05-03T18:47:52.000Z',
      importadoEn: expect.any(String),
      archivos: ['TablaReferencia_Vieja__1.xlsx', 'TablaReferencia_Vieja__2.xlsx'],
      antiguedadDias: 200,
      antigua: true,
    });
    expect(estados.find((e) => e.tabla === 'Reciente')).toMatchObject({ antiguedadDias: 5, antigua: false });

    // Default (90 days) without the setting in the context; 0 turns the mark off.
    const porDefecto = deps();
    expect(await ejecutarCli(['catalogo', 'listar'], porDefecto.d)).toBe(0);
    expect(porDefecto.salida.out).toContain('hace más de 90 días (CATALOGOS_ANTIGUEDAD_MAXIMA_DIAS): Vieja');
    const apagado = deps(0);
    expect(await ejecutarCli(['catalogo', 'listar'], apagado.d)).toBe(0);
    expect(apagado.salida.out).not.toContain('antigua');
    expect(apagado.salida.out).not.toContain('CATALOGOS_ANTIGUEDAD_MAXIMA_DIAS');
  });

  it('textoEstadosCatalogos: varias antiguas en una línea; sin Fecha_Actualizacion, «—»', () => {
    const importada = (tabla: string, dias: number, antigua: boolean): EstadoCatalogoDetallado => ({
      tabla,
      cargado: true,
      filas: 1,
      fecha: '2026-01-01T00:00:00.000Z',
      origen: 'importado',
      archivo: `${tabla}.txt`,
      archivos: [`${tabla}.txt`],
      importadoEn: '2026-01-01T00:00:00.000Z',
      antiguedadDias: dias,
      antigua,
    });
    const texto = textoEstadosCatalogos(
      [importada('CIE10', 120, true), importada('CUPSRips', 95, true), importada('Municipio', 3, false)],
      90,
    );
    expect(texto).toMatch(/\nCIE10\s+importada, antigua\s+1\s+2026-01-01 00:00:00 UTC\s+—\s+CIE10\.txt\n/);
    expect(texto).toMatch(/\nMunicipio\s+importada\s+1\s+2026-01-01 00:00:00 UTC\s+—\s+Municipio\.txt\n/);
    expect(texto).toContain(
      '2 tablas importadas hace más de 90 días (CATALOGOS_ANTIGUEDAD_MAXIMA_DIAS): CIE10 (hace 120 días), CUPSRips (hace 95 días).',
    );
  });
});
