import 'reflect-metadata';
import { cp, mkdtemp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { usarBdAislada } from '../../../test/bd-aislada.js';
import type { AvisosBd } from '../../db/avisos.js';
import { importarCatalogo } from './importar.js';
import { DIRECTORIO_CATALOGOS } from './incluidos.js';
import { leerCargas, ServicioCatalogos } from './servicio.js';
import { TABLAS_GRANDES, TABLAS_INCLUIDAS } from './tablas.js';

const bd = usarBdAislada('servicio-catalogos-');
const em = () => bd.orm().em.fork();
/** The test database is shared by every test file: tables of this file carry a unique suffix. */
const sufijo = `${process.pid}x${Date.now().toString(36)}`;
const grandeA = `GrandeA${sufijo}`;
const grandeB = `GrandeB${sufijo}`;

async function csv(nombre: string, filas: string[]): Promise<string> {
  const ruta = path.join(bd.dir(), nombre);
  await writeFile(ruta, `Código;Nombre;Habilitado;Extra_I\n${filas.join('\n')}\n`);
  return ruta;
}

describe('ServicioCatalogos', () => {
  it('obtener: incluidas + Pais + importadas, en caché hasta que una importación cambia algo', async () => {
    const servicio = new ServicioCatalogos({ grandes: [grandeA, grandeB] });
    const c1 = await servicio.obtener(em());
    expect(c1.cargado('Sexo')).toBe(true);
    expect(c1.contiene('Pais', '170')).toBe(true);
    expect(c1.cargado(grandeA)).toBe(false);

    // Nothing changed: the very same object (validators compiled per catalog set stay valid).
    expect(await servicio.obtener(em())).toBe(c1);

    await importarCatalogo(em(), await csv('a1.csv', ['A1;Uno;SI;x', 'A2;Dos;NO;']), { tabla: grandeA });
    const c2 = await servicio.obtener(em());
    expect(c2).not.toBe(c1);
    expect(c2.cargado(grandeA)).toBe(true);
    expect(c2.contiene(grandeA, 'A1')).toBe(true);
    expect(c2.contiene(grandeA, 'A2')).toBe(false);
    expect(c2.entrada(grandeA, 'A1')).toEqual({
      codigo: 'A1',
      nombre: 'Uno',
      habilitado: true,
      extra: { I: 'x' },
    });
    expect(c2.entrada(grandeA, 'A2')).toEqual({ codigo: 'A2', nombre: 'Dos', habilitado: false });
    expect(c2.contiene('Sexo', 'H')).toBe(true);
    expect(await servicio.obtener(em())).toBe(c2);

    // Re-import: the old rows disappear from the cache too.
    await importarCatalogo(em(), await csv('a2.csv', ['A3;Tres;SI;']), { tabla: grandeA });
    const c3 = await servicio.obtener(em());
    expect(c3).not.toBe(c2);
    expect(c3.contiene(grandeA, 'A1')).toBe(false);
    expect(c3.contiene(grandeA, 'A3')).toBe(true);
    // Previously returned objects are not modified.
    expect(c2.contiene(grandeA, 'A1')).toBe(true);
  });

  it('solo recarga las tablas cuya revisión cambió y pagina tablas largas', async () => {
    const tablaC = `GrandeC${sufijo}`;
    const tablaD = `GrandeD${sufijo}`;
    const filasC = Array.from({ length: 2500 }, (_, i) => `C${i};Fila ${i};SI;`);
    await importarCatalogo(em(), await csv('c.csv', filasC), { tabla: tablaC });
    const servicio = new ServicioCatalogos({ tamanoPagina: 1000 });
    const consultas: string[] = [];
    const espiar = () => {
      const e = em();
      const knex = e.getConnection().getKnex();
      const registrar = (q: { sql: string; bindings?: unknown[] }) => {
        if (q.sql.includes('from fila_catalogo')) consultas.push(String(q.bindings?.[0]));
      };
      knex.on('query', registrar);
      return {
        e,
        fin: () => {
          knex.removeListener('query', registrar);
        },
      };
    };
    let s = espiar();
    const c1 = await servicio.obtener(s.e);
    s.fin();
    // 2500 rows in pages of 1000: three queries for tablaC, and every row is there.
    expect(consultas.filter((t) => t === tablaC)).toHaveLength(3);
    for (let i = 0; i < 2500; i += 499) expect(c1.contiene(tablaC, `C${i}`), `C${i}`).toBe(true);
    expect(c1.estados().find((e) => e.tabla === tablaC)?.filas).toBe(2500);

    consultas.length = 0;
    await importarCatalogo(em(), await csv('d.csv', ['D1;Uno;SI;']), { tabla: tablaD });
    s = espiar();
    const c2 = await servicio.obtener(s.e);
    s.fin();
    expect(consultas).not.toContain(tablaC);
    expect(consultas).toContain(tablaD);
    expect(c2.contiene(tablaC, 'C2499')).toBe(true);
    expect(c2.contiene(tablaD, 'D1')).toBe(true);
  });

  it('una tabla incluida que se importa (exportación más reciente) reemplaza a la del archivo', async () => {
    // A private copy of catalogs/ with one more shipped table, so no other test sees the change.
    const copia = await mkdtemp(path.join(bd.dir(), 'catalogs-'));
    await cp(DIRECTORIO_CATALOGOS, copia, { recursive: true });
    const propia = `Propia${sufijo}`;
    await writeFile(
      path.join(copia, `${propia}.json`),
      JSON.stringify({
        tabla: propia,
        descripcion: 'Tabla de prueba',
        fuente: 'Prueba',
        fecha: '2026-01-01',
        version: '1',
        filas: [
          { codigo: '01', nombre: 'Uno', habilitado: true },
          { codigo: '02', nombre: 'Dos', habilitado: true },
        ],
      }),
    );
    const servicio = new ServicioCatalogos({ directorio: copia, grandes: [] });
    expect((await servicio.obtener(em())).contiene(propia, '02')).toBe(true);

    await importarCatalogo(em(), await csv('propia.csv', ['01;Uno;SI;', '03;Tres;SI;']), { tabla: propia });
    const c = await servicio.obtener(em());
    expect(c.contiene(propia, '02')).toBe(false);
    expect(c.contiene(propia, '03')).toBe(true);
    const estado = (await servicio.estados(em())).filter((e) => e.tabla === propia);
    expect(estado).toEqual([
      expect.objectContaining({ origen: 'importado', filas: 2, archivo: 'propia.csv' }),
    ]);
  });

  it('estados: todas las tablas conocidas, cargadas o no, con filas, fuente y fecha', async () => {
    const servicio = new ServicioCatalogos({ grandes: [grandeA, grandeB] });
    const estados = await servicio.estados(em());
    const de = (t: string) => estados.find((e) => e.tabla === t);
    for (const t of TABLAS_INCLUIDAS) expect(de(t), t).toMatchObject({ cargado: true, origen: 'incluido' });
    expect(de('Sexo')).toMatchObject({ filas: 3, fecha: '2026-07-16' });
    expect(de('Pais')).toMatchObject({ cargado: true, origen: 'incluido' });
    expect(de('Pais')!.filas).toBeGreaterThan(240);
    // grandeA was imported by the first test of this file.
    expect(de(grandeA)).toMatchObject({ cargado: true, origen: 'importado', filas: 1, archivo: 'a2.csv' });
    expect(de(grandeA)!.fuente).toContain('a2.csv');
    expect(Date.parse(de(grandeA)!.fecha!)).toBeGreaterThan(Date.now() - 60_000);
    expect(de(grandeB)).toEqual({ tabla: grandeB, cargado: false, filas: 0, origen: 'ninguno' });
    // Imported tables outside the known list are listed too.
    expect(de(`GrandeC${sufijo}`)).toMatchObject({ cargado: true, filas: 2500 });
    // Shipped first, then the known large ones, then any other import.
    expect(estados.findIndex((e) => e.tabla === grandeB)).toBeGreaterThan(
      estados.findIndex((e) => e.tabla === 'Pais'),
    );

    const porDefecto = await new ServicioCatalogos().estados(em());
    for (const { tabla } of TABLAS_GRANDES)
      expect(
        porDefecto.some((e) => e.tabla === tabla),
        tabla,
      ).toBe(true);
  });
});

describe('ServicioCatalogos con avisos de la base de datos', () => {
  /** A stand-in for AvisosBd whose generation and state the test moves. */
  const avisosFalsos = () => {
    const a = { vigente: true, gen: 0, generacion: (t: string) => (t === 'carga_catalogo' ? a.gen : 0) };
    return a;
  };
  /** `carga_catalogo` reads during `fn`; `durante` runs after each read (a notice arriving meanwhile). */
  async function lecturas(fn: () => Promise<unknown>, durante?: () => void): Promise<number> {
    const conexion = bd.orm().em.getConnection();
    const original = conexion.execute.bind(conexion);
    let n = 0;
    const espia = vi.spyOn(conexion, 'execute').mockImplementation((async (...args: unknown[]) => {
      const r = await (original as (...a: unknown[]) => Promise<unknown>)(...args);
      if (String(args[0]).includes('from carga_catalogo')) {
        n++;
        durante?.();
      }
      return r;
    }) as never);
    try {
      await fn();
    } finally {
      espia.mockRestore();
    }
    return n;
  }

  it('no relee carga_catalogo mientras no llega un aviso; lo relee tras uno o sin LISTEN', async () => {
    const avisos = avisosFalsos();
    const servicio = new ServicioCatalogos({ grandes: [], avisos: avisos as unknown as AvisosBd });
    let c1: unknown;
    expect(await lecturas(async () => (c1 = await servicio.obtener(em())))).toBe(1);
    expect(await lecturas(async () => expect(await servicio.obtener(em())).toBe(c1))).toBe(0);
    avisos.gen++;
    expect(await lecturas(() => servicio.obtener(em()))).toBe(1);
    expect(await lecturas(() => servicio.obtener(em()))).toBe(0);
    avisos.vigente = false;
    expect(await lecturas(() => servicio.obtener(em()))).toBe(1);
    expect(await lecturas(() => servicio.obtener(em()))).toBe(1);
  });

  it('con una fuente de EntityManager, solo la pide cuando la caché no puede responder', async () => {
    const avisos = avisosFalsos();
    const servicio = new ServicioCatalogos({ grandes: [], avisos: avisos as unknown as AvisosBd });
    let pedidas = 0;
    const fuente = () => {
      pedidas++;
      return em();
    };
    const c1 = await servicio.obtener(fuente);
    expect(pedidas).toBe(1);
    expect(await servicio.obtener(fuente)).toBe(c1);
    expect(pedidas).toBe(1);
    avisos.gen++;
    expect(await lecturas(() => servicio.obtener(fuente))).toBe(1);
    expect(pedidas).toBe(2);
  });

  it('un aviso que llega durante la lectura deja el resultado sin verificar', async () => {
    const avisos = avisosFalsos();
    const servicio = new ServicioCatalogos({ grandes: [], avisos: avisos as unknown as AvisosBd });
    expect(
      await lecturas(
        () => servicio.obtener(em()),
        () => avisos.gen++,
      ),
    ).toBe(1);
    // The read may predate the change that notice announced: the next call reads again.
    expect(await lecturas(() => servicio.obtener(em()))).toBe(1);
    expect(await lecturas(() => servicio.obtener(em()))).toBe(0);
  });
});

describe('ServicioCatalogos: Fecha_Actualizacion, fecha de importación y antigüedad', () => {
  const DIA = 86_400_000;
  const ahora = new Date('2026-11-29T12:00:00.000Z');
  /** One table imported, then dated by SQL as an import of `importadoEn` would have left it. */
  async function importadaEl(tabla: string, importadoEn: Date) {
    await importarCatalogo(em(), await csv(`${tabla}.csv`, ['X1;Uno;SI;a']), { tabla });
    await em()
      .getConnection()
      .execute(
        `update carga_catalogo set importado_en = ?, fecha_actualizacion = ?, archivos = ?::text[],
           columnas = ?::jsonb where tabla = ?`,
        [
          importadoEn.toISOString(),
          '2025-05-03T18:47:52.000Z',
          `{TablaReferencia_${tabla}__1.xlsx,TablaReferencia_${tabla}__2.xlsx}`,
          JSON.stringify({ I: 'AplicaASexo' }),
          tabla,
        ],
      );
  }

  it('leerCargas, estados y la copia en memoria traen Fecha_Actualizacion, la importación, los archivos y las columnas', async () => {
    const tabla = `Fechas${sufijo}`;
    await importadaEl(tabla, new Date(ahora.getTime() - 10 * DIA));
    const carga = (await leerCargas(em())).find((c) => c.tabla === tabla)!;
    expect(carga).toMatchObject({
      fechaActualizacion: new Date('2025-05-03T18:47:52.000Z'),
      importadoEn: new Date(ahora.getTime() - 10 * DIA),
      archivos: [`TablaReferencia_${tabla}__1.xlsx`, `TablaReferencia_${tabla}__2.xlsx`],
      columnas: { I: 'AplicaASexo' },
    });

    const servicio = new ServicioCatalogos({ grandes: [], ahora: () => ahora });
    const estado = (await servicio.estados(em())).find((e) => e.tabla === tabla);
    expect(estado).toMatchObject({
      origen: 'importado',
      fecha: '2026-11-19T12:00:00.000Z',
      importadoEn: '2026-11-19T12:00:00.000Z',
      fechaActualizacion: '2025-05-03T18:47:52.000Z',
      archivos: [`TablaReferencia_${tabla}__1.xlsx`, `TablaReferencia_${tabla}__2.xlsx`],
      antiguedadDias: 10,
      antigua: false,
    });

    const c = await servicio.obtener(em());
    expect(c.columnas(tabla)).toEqual({ I: 'AplicaASexo' });
    expect(c.estados().find((e) => e.tabla === tabla)).toMatchObject({
      fecha: '2026-11-19T12:00:00.000Z',
      fechaActualizacion: '2025-05-03T18:47:52.000Z',
    });
    expect(c.antiguas?.([tabla])).toEqual([]);
  });

  it('una importación de antes del issue 33 (sin esas columnas) se lista con su archivo y sin Fecha_Actualizacion', async () => {
    const tabla = `SinFechas${sufijo}`;
    await importarCatalogo(em(), await csv(`${tabla}.csv`, ['X1;Uno;SI;']), { tabla });
    await em()
      .getConnection()
      .execute(
        `update carga_catalogo set fecha_actualizacion = null, archivos = '{}', columnas = null where tabla = ?`,
        [tabla],
      );
    const servicio = new ServicioCatalogos({ grandes: [] });
    const estado = (await servicio.estados(em())).find((e) => e.tabla === tabla)!;
    expect(estado.fechaActualizacion).toBeUndefined();
    expect(estado.archivos).toEqual([`${tabla}.csv`]);
    expect(estado.antigua).toBe(false);
    expect((await servicio.obtener(em())).columnas(tabla)).toEqual({});
  });

  it('antigua: más de CATALOGOS_ANTIGUEDAD_MAXIMA_DIAS desde la importación (el límite exacto no lo es); 0 la desactiva', async () => {
    const justo = `Justo${sufijo}`;
    const pasada = `Pasada${sufijo}`;
    await importadaEl(justo, new Date(ahora.getTime() - 90 * DIA));
    await importadaEl(pasada, new Date(ahora.getTime() - 90 * DIA - 1));

    const servicio = new ServicioCatalogos({ grandes: [], ahora: () => ahora });
    expect(servicio.antiguedadMaximaDias).toBe(90);
    const estados = await servicio.estados(em());
    const de = (t: string) => estados.find((e) => e.tabla === t);
    expect(de(justo)).toMatchObject({ antigua: false, antiguedadDias: 90 });
    expect(de(pasada)).toMatchObject({ antigua: true, antiguedadDias: 90 });
    // Shipped tables are renewed with the service: never flagged.
    expect(estados.filter((e) => e.origen !== 'importado').every((e) => e.antigua === undefined)).toBe(true);

    const c = await servicio.obtener(em());
    expect(c.antiguas?.([justo, pasada, 'Sexo', 'NoExiste'])).toEqual([
      {
        tabla: pasada,
        importadoEn: new Date(ahora.getTime() - 90 * DIA - 1).toISOString(),
        fechaActualizacion: '2025-05-03T18:47:52.000Z',
        dias: 90,
        maximaDias: 90,
      },
    ]);

    const corto = new ServicioCatalogos({ grandes: [], ahora: () => ahora, antiguedadMaximaDias: 30 });
    expect((await corto.estados(em())).find((e) => e.tabla === justo)?.antigua).toBe(true);

    const apagado = new ServicioCatalogos({ grandes: [], ahora: () => ahora, antiguedadMaximaDias: 0 });
    const sinMarca = await apagado.estados(em());
    expect(sinMarca.find((e) => e.tabla === pasada)).toMatchObject({ antigua: false, antiguedadDias: 90 });
    expect((await apagado.obtener(em())).antiguas?.([justo, pasada])).toEqual([]);
  });
});
