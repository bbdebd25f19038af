import 'reflect-metadata';
import { createWriteStream } from 'node:fs';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { usarBdAislada } from '../../../test/bd-aislada.js';
import {
  ETIQUETAS_CIE10,
  ETIQUETAS_CUPS,
  escribirTxtSispro,
  escribirXlsxResguardado,
  escribirXlsxSispro,
  nombreSispro,
} from '../../../test/sispro/archivos.js';
import { ErrorApp } from '../../errores/errores.js';
import { fechaSispro, importarCatalogo, importarCatalogos, tablaDelNombre } from './importar.js';

const FIXTURES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../test/fixtures/catalogos',
);
const fixture = (nombre: string) => path.join(FIXTURES, nombre);

const bd = usarBdAislada('importar-catalogo-');
const em = () => bd.orm().em.fork();
/** Unique per run: the test database is shared by every test file. */
const sufijo = `${process.pid}x${Date.now().toString(36)}`;

interface FilaBd {
  codigo: string;
  nombre: string;
  descripcion: string | null;
  habilitado: boolean;
  extra: Record<string, string> | null;
}

async function filas(tabla: string): Promise<FilaBd[]> {
  return bd
    .orm()
    .em.getConnection()
    .execute(
      'select codigo, nombre, descripcion, habilitado, extra from fila_catalogo where tabla = ? order by codigo',
      [tabla],
    );
}

async function carga(tabla: string) {
  const [c] = await bd
    .orm()
    .em.getConnection()
    .execute('select * from carga_catalogo where tabla = ?', [tabla]);
  return c as
    | { archivo: string; filas: number; revision: number; fuente: string; importado_en: Date }
    | undefined;
}

async function errorDe(p: Promise<unknown>): Promise<ErrorApp> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ErrorApp);
    return e as ErrorApp;
  }
  throw new Error('se esperaba un ErrorApp');
}

async function archivo(nombre: string, contenido: string | Buffer): Promise<string> {
  const ruta = path.join(bd.dir(), nombre);
  await writeFile(ruta, contenido);
  return ruta;
}

describe('importarCatalogo: CSV', () => {
  it('CSV con «,», UTF-8 sin BOM, campos entre comillas y columnas Extra', async () => {
    const r = await importarCatalogo(em(), fixture('CIE10-coma.csv'));
    expect(r).toMatchObject({
      tabla: 'CIE10',
      archivo: 'CIE10-coma.csv',
      lectura: { formato: 'csv', codificacion: 'utf-8', delimitador: ',' },
      leidas: 5,
      importadas: 5,
      rechazadas: 0,
      rechazos: [],
    });
    const bd = await filas('CIE10');
    expect(bd.map((f) => f.codigo)).toEqual(['A000', 'A099', 'I10X', 'U049', 'Z000']);
    expect(bd[0]).toEqual({
      codigo: 'A000',
      nombre: 'CÓLERA DEBIDO A VIBRIO CHOLERAE 01, BIOTIPO CHOLERAE',
      descripcion: 'Cólera clásico, "biotipo" cholerae',
      habilitado: true,
      extra: { I: 'A', II: '0', III: '120' },
    });
    expect(bd.find((f) => f.codigo === 'U049')).toMatchObject({ habilitado: false, extra: null });
    expect(bd.find((f) => f.codigo === 'I10X')).toMatchObject({ descripcion: null, extra: null });
    const c = await carga('CIE10');
    expect(c).toMatchObject({ archivo: 'CIE10-coma.csv', filas: 5 });
    expect(c!.fuente).toContain('SISPRO');
  });

  it('CSV con «;» y BOM: encabezados sin tilde y ceros a la izquierda completados', async () => {
    const r = await importarCatalogo(em(), fixture('Municipio-puntoycoma-bom.csv'));
    expect(r).toMatchObject({
      tabla: 'Municipio',
      lectura: { codificacion: 'utf-8', delimitador: ';' },
      importadas: 4,
      rechazadas: 0,
    });
    expect(r.avisos).toEqual([
      'Códigos numéricos completados con ceros a la izquierda hasta 5 dígitos (una hoja de cálculo los había quitado): 1.',
    ]);
    const bd = await filas('Municipio');
    expect(bd.map((f) => [f.codigo, f.nombre])).toEqual([
      ['05001', 'MEDELLÍN'],
      ['05002', 'ABEJORRAL'],
      ['11001', 'BOGOTÁ, D.C.'],
      ['76001', 'CALI'],
    ]);
    // «Sí» with accent counts as SI.
    expect(bd.every((f) => f.habilitado)).toBe(true);
  });

  it('CSV en Latin-1 (Windows-1252) con encabezados en mayúsculas: se decodifica bien', async () => {
    const r = await importarCatalogo(em(), fixture('CUPSRips-latin1.csv'));
    expect(r).toMatchObject({ tabla: 'CUPSRips', lectura: { codificacion: 'windows-1252' }, importadas: 4 });
    const bd = await filas('CUPSRips');
    expect(bd.find((f) => f.codigo === '735301')).toMatchObject({
      nombre: 'EXTRACCIÓN MANUAL DE PLACENTA',
      extra: { I: 'AP', II: 'S', III: '10', IV: '60' },
    });
    // A text code of CUPSRips is never padded: five-digit CUPS codes are real (20110 beside 020110).
    expect(bd.find((f) => f.codigo === '10101')?.nombre).toBe('PUNCIÓN CISTERNAL, VÍA LATERAL');
    expect(r.avisos).toEqual([]);
  });

  it('texto Unicode de Excel: UTF-16LE con BOM y tabuladores', async () => {
    const tabla = `Utf16${sufijo}`;
    const texto = 'Código\tNombre\tHabilitado\r\nÑ1\tAÑO ÚNICO\tSI\r\n';
    const ruta = await archivo(
      'unicode.txt',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(texto, 'utf16le')]),
    );
    const r = await importarCatalogo(em(), ruta, { tabla });
    expect(r.lectura).toEqual({ formato: 'csv', codificacion: 'utf-16le', delimitador: '\t' });
    expect((await filas(tabla)).map((f) => [f.codigo, f.nombre])).toEqual([['Ñ1', 'AÑO ÚNICO']]);
  });

  it('reporta las filas malas con su línea y motivo, e importa las buenas', async () => {
    const r = await importarCatalogo(em(), fixture('UPR-filas-malas.csv'));
    expect(r).toMatchObject({ tabla: 'UPR', leidas: 9, importadas: 4, rechazadas: 5 });
    const archivo = 'UPR-filas-malas.csv';
    expect(r.rechazos).toEqual([
      { archivo, linea: 3, motivo: 'Código vacío' },
      { archivo, linea: 4, codigo: '2', motivo: '«Habilitado» vale «QUIZÁS»; se espera SI o NO.' },
      {
        archivo,
        linea: 5,
        codigo: '1',
        motivo: 'El código ya aparece en la línea 2; se conserva la primera.',
      },
      { archivo, linea: 6, motivo: 'La fila es de la tabla «FFM», no de UPR.' },
      {
        archivo,
        linea: 8,
        codigo: '3',
        motivo:
          'El código ya aparece deshabilitado en la línea 7; se conserva esta fila porque está habilitada.',
      },
    ]);
    expect(r.motivos).toEqual(
      expect.arrayContaining([
        { motivo: 'Código vacío', filas: 1 },
        { motivo: 'Código repetido', filas: 2 },
        { motivo: 'La fila es de otra tabla', filas: 1 },
        { motivo: 'Valor de «Habilitado» no reconocido (se espera SI o NO)', filas: 1 },
      ]),
    );
    expect(r.motivos[0]).toEqual({ motivo: 'Código repetido', filas: 2 });
    const bd = await filas('UPR');
    expect(bd.map((f) => [f.codigo, f.nombre, f.habilitado])).toEqual([
      ['1', 'TABLETA', true],
      ['3', 'AMPOLLA', true],
      ['4', 'FRASCO', false],
      ['5', 'SOBRE', true],
    ]);
    expect(bd.find((f) => f.codigo === '3')?.descripcion).toBe('Vuelve a estar habilitada');
  });

  it('la fila habilitada repetida gana también cuando cae en otro lote', async () => {
    const tabla = `LotesUpr${sufijo}`;
    const r = await importarCatalogo(em(), fixture('UPR-filas-malas.csv'), {
      tabla,
      tamanoLote: 1,
    });
    // With --tabla every row that names another table is rejected.
    expect(r.importadas).toBe(1);
    const csv = await archivo(
      'lotes.csv',
      'Código,Nombre,Habilitado\n3,AMPOLLA,NO\n4,FRASCO,SI\n3,AMPOLLA,SI\n4,FRASCO,NO\n',
    );
    const r2 = await importarCatalogo(em(), csv, { tabla, tamanoLote: 1 });
    expect(r2).toMatchObject({ importadas: 2, rechazadas: 2, filasAnteriores: 1 });
    expect((await filas(tabla)).map((f) => [f.codigo, f.habilitado])).toEqual([
      ['3', true],
      ['4', true],
    ]);
  });

  it('el detalle son los 100 primeros rechazos por línea, aunque los repetidos de lotes anteriores se conozcan tarde', async () => {
    const tabla = `Detalle${sufijo}`;
    const lineas = ['Codigo;Nombre'];
    for (let i = 0; i < 80; i++) lineas.push(`C${i};Uno`);
    // Line 82 on: each code again (found in the database, earlier batches), with an empty code between.
    for (let i = 0; i < 80; i++) lineas.push(`C${i};Otra vez`, ';Sin código');
    const r = await importarCatalogo(em(), await archivo('detalle.csv', `${lineas.join('\n')}\n`), {
      tabla,
      tamanoLote: 7,
    });
    expect(r).toMatchObject({ leidas: 240, importadas: 80, rechazadas: 160 });
    expect(r.rechazos).toHaveLength(100);
    expect(r.rechazos.map((x) => x.linea)).toEqual(Array.from({ length: 100 }, (_, i) => 82 + i));
    expect(r.rechazos[0]).toEqual({
      archivo: 'detalle.csv',
      linea: 82,
      codigo: 'C0',
      motivo: 'El código ya aparece en la línea 2; se conserva la primera.',
    });
    expect(r.rechazos[1]).toEqual({ archivo: 'detalle.csv', linea: 83, motivo: 'Código vacío' });
  });

  it('un archivo que se rompe a mitad (con un lote en camino a la base) deja la tabla como estaba', async () => {
    const tabla = `Mitad${sufijo}`;
    await importarCatalogo(em(), await archivo('mitad-antes.csv', 'Codigo;Nombre\nX;Antes\n'), { tabla });
    const filasBuenas = Array.from({ length: 50 }, (_, i) => `C${i};Bien`).join('\n');
    const roto = await archivo('mitad.csv', `Codigo;Nombre\n${filasBuenas}\nZ;"sin cerrar\n`);
    const e = await errorDe(importarCatalogo(em(), roto, { tabla, tamanoLote: 4 }));
    expect(e.message).toMatch(/El CSV está mal formado/);
    expect((await filas(tabla)).map((f) => f.codigo)).toEqual(['X']);
  });

  it('una nueva importación reemplaza todas las filas de la tabla, y solo de esa tabla', async () => {
    const tabla = `Reemplazo${sufijo}`;
    const otra = `Vecina${sufijo}`;
    const primero = await archivo('primero.csv', 'Código;Nombre;Habilitado\nA;Uno;SI\nB;Dos;SI\nC;Tres;SI\n');
    const segundo = await archivo('segundo.csv', 'Código;Nombre;Habilitado\nB;Dos bis;NO\nD;Cuatro;SI\n');
    await importarCatalogo(em(), primero, { tabla });
    await importarCatalogo(em(), primero, { tabla: otra });
    const r1 = await carga(tabla);
    const r = await importarCatalogo(em(), segundo, { tabla });
    expect(r).toMatchObject({ importadas: 2, filasAnteriores: 3, revision: 2 });
    expect((await filas(tabla)).map((f) => [f.codigo, f.nombre, f.habilitado])).toEqual([
      ['B', 'Dos bis', false],
      ['D', 'Cuatro', true],
    ]);
    expect(await filas(otra)).toHaveLength(3);
    const r2 = await carga(tabla);
    expect(r2).toMatchObject({ archivo: 'segundo.csv', filas: 2, revision: 2 });
    expect(new Date(r2!.importado_en).getTime()).toBeGreaterThanOrEqual(new Date(r1!.importado_en).getTime());
  });

  it('si ninguna fila es válida falla y deja la tabla como estaba', async () => {
    const tabla = `Intacta${sufijo}`;
    await importarCatalogo(em(), await archivo('bien.csv', 'Código,Nombre\nX1,Uno\n'), { tabla });
    const malo = await archivo('malo.csv', 'Código,Nombre,Habilitado\n,Sin código,SI\nX2,Dos,TAL VEZ\n');
    const e = await errorDe(importarCatalogo(em(), malo, { tabla }));
    expect(e.message).toBe(
      `Ninguna fila de malo.csv es válida (2 rechazadas): no se modificó la tabla ${tabla}.`,
    );
    expect(e.extras.detalles).toEqual(
      expect.arrayContaining([
        { campo: 'filas', mensaje: 'Código vacío: 1.' },
        { campo: 'filas', mensaje: 'Valor de «Habilitado» no reconocido (se espera SI o NO): 1.' },
      ]),
    );
    expect((await filas(tabla)).map((f) => f.codigo)).toEqual(['X1']);
    expect(await carga(tabla)).toMatchObject({ revision: 1 });
  });

  it('sin columna Habilitado importa todo como habilitado y lo avisa', async () => {
    const tabla = `SinHab${sufijo}`;
    const r = await importarCatalogo(em(), await archivo('sinhab.csv', 'Codigo|Nombre\n01|Uno\n02|Dos\n'), {
      tabla,
    });
    expect(r.lectura.delimitador).toBe('|');
    expect(r.avisos[0]).toMatch(/no tiene la columna «Habilitado»/);
    expect((await filas(tabla)).every((f) => f.habilitado)).toBe(true);
  });

  it('busca el encabezado tras filas de título y salta las líneas en blanco', async () => {
    const tabla = `Titulo${sufijo}`;
    const csv = await archivo(
      'titulo.csv',
      `Consulta de referencias básicas\n\nTabla,Código,Nombre,Habilitado\n\n${tabla},01,Uno,SI\n,,,\n${tabla},02,Dos,QUIZÁS\n`,
    );
    const r = await importarCatalogo(em(), csv);
    expect(r).toMatchObject({ tabla, leidas: 2, importadas: 1, rechazadas: 1 });
    expect(r.rechazos).toEqual([
      {
        archivo: 'titulo.csv',
        linea: 7,
        codigo: '02',
        motivo: '«Habilitado» vale «QUIZÁS»; se espera SI o NO.',
      },
    ]);
  });

  it('errores claros: archivo inexistente, sin columna Código o Nombre, tabla desconocida, .xls, CSV roto', async () => {
    expect((await errorDe(importarCatalogo(em(), path.join(bd.dir(), 'no-existe.csv')))).message).toBe(
      `El archivo «${path.join(bd.dir(), 'no-existe.csv')}» no existe.`,
    );
    const sinCodigo = await archivo('sin-codigo.csv', 'Tabla,Nombre\nCIE10,Cólera\n');
    const e1 = await errorDe(importarCatalogo(em(), sinCodigo, { tabla: 'CIE10' }));
    expect(e1.message).toMatch(/no tiene la columna «Código»/);
    expect(e1.extras.detalles).toEqual([
      { campo: 'columnas', mensaje: 'Primera fila leída: Tabla, Nombre.' },
    ]);
    const sinNombre = await archivo('sin-nombre.csv', 'Código\nA099\n');
    expect((await errorDe(importarCatalogo(em(), sinNombre, { tabla: 'CIE10' }))).message).toMatch(
      /no tiene la columna «Nombre»/,
    );
    const sinTabla = await archivo('exportacion.csv', 'Código,Nombre\nA099,Gastroenteritis\n');
    expect((await errorDe(importarCatalogo(em(), sinTabla))).message).toMatch(/Indíquela con --tabla/);
    expect((await errorDe(importarCatalogo(em(), sinTabla, { tabla: 'no vale' }))).message).toMatch(
      /no es un nombre de tabla válido/,
    );
    const vacio = await archivo('vacio.csv', 'Código,Nombre\n');
    expect((await errorDe(importarCatalogo(em(), vacio, { tabla: `Vacia${sufijo}` }))).message).toMatch(
      /no tiene filas de datos/,
    );
    const xls = await archivo('viejo.xls', 'no importa');
    expect((await errorDe(importarCatalogo(em(), xls))).message).toMatch(
      /\.xls \(Excel 97-2003\) no se admite/,
    );
    const roto = await archivo('roto.csv', 'Código,Nombre\nA,"sin cerrar\n');
    expect((await errorDe(importarCatalogo(em(), roto, { tabla: `Rota${sufijo}` }))).message).toMatch(
      /El CSV está mal formado/,
    );
    expect(await carga(`Rota${sufijo}`)).toBeUndefined();
  });

  it('el nombre del archivo sirve de tabla cuando es una tabla conocida', async () => {
    const csv = await archivo('ffm.csv', 'Código,Nombre,Habilitado\nC28944,TABLETA RECUBIERTA,SI\n');
    expect((await importarCatalogo(em(), csv)).tabla).toBe('FFM');
  });

  it('importa por lotes un CSV grande sin cargarlo entero (30 000 filas)', async () => {
    const tabla = `Grande${sufijo}`;
    const ruta = path.join(bd.dir(), 'grande.csv');
    const salida = createWriteStream(ruta);
    salida.write('Tabla;Código;Nombre;Descripción;Habilitado;Extra_I\n');
    for (let i = 0; i < 30_000; i++) {
      salida.write(`${tabla};C${String(i).padStart(6, '0')};Nombre ${i};;${i % 10 ? 'SI' : 'NO'};${i % 7}\n`);
    }
    await new Promise((r) => salida.end(r));
    const avances: number[] = [];
    const r = await importarCatalogo(em(), ruta, {
      tamanoLote: 4000,
      progreso: (a) => {
        expect(a).toMatchObject({ tabla, archivo: 'grande.csv' });
        avances.push(a.leidas);
      },
    });
    expect(r).toMatchObject({ tabla, leidas: 30_000, importadas: 30_000, rechazadas: 0 });
    expect(avances).toEqual(Array.from({ length: 30 }, (_, i) => (i + 1) * 1000));
    const [{ n, h }] = await bd
      .orm()
      .em.getConnection()
      .execute(
        'select count(*)::int n, count(*) filter (where habilitado)::int h from fila_catalogo where tabla = ?',
        [tabla],
      );
    expect([n, h]).toEqual([30_000, 27_000]);
  });
});

describe('importarCatalogo: XLSX', () => {
  async function libro(
    nombre: string,
    hojas: { nombre: string; filas: (string | number)[][] }[],
  ): Promise<string> {
    const wb = new ExcelJS.Workbook();
    for (const h of hojas) {
      const ws = wb.addWorksheet(h.nombre);
      for (const f of h.filas) ws.addRow(f);
    }
    const ruta = path.join(bd.dir(), nombre);
    await wb.xlsx.writeFile(ruta);
    return ruta;
  }

  it('lee la hoja «Table» aunque no sea la primera, con celdas numéricas y de texto', async () => {
    const ruta = await libro('municipios.xlsx', [
      { nombre: 'Notas', filas: [['Exportado de SISPRO'], ['Código', 'Nombre']] },
      {
        nombre: 'Table',
        filas: [
          ['Tabla', 'Código', 'Nombre', 'Descripción', 'Habilitado', 'Extra_I', 'Extra_II'],
          ['Servicios', 105, 'CUIDADO INTERMEDIO NEONATAL', '', 'SI', '03', 'Internación'],
          ['Servicios', '328', 'MEDICINA GENERAL', 'Consulta externa', 'SI', '01'],
          ['Servicios', 999, 'RETIRADO', '', 'NO'],
        ],
      },
    ]);
    const r = await importarCatalogo(em(), ruta);
    expect(r).toMatchObject({
      tabla: 'Servicios',
      lectura: { formato: 'xlsx', hoja: 'Table' },
      leidas: 3,
      importadas: 3,
    });
    expect((await filas('Servicios')).map((f) => [f.codigo, f.nombre, f.habilitado, f.extra])).toEqual([
      ['105', 'CUIDADO INTERMEDIO NEONATAL', true, { I: '03', II: 'Internación' }],
      ['328', 'MEDICINA GENERAL', true, { I: '01' }],
      ['999', 'RETIRADO', false, null],
    ]);
  });

  it('sin hoja «Table» lee la primera; reporta filas malas y completa ceros perdidos por Excel', async () => {
    const ruta = await libro('Pais.xlsx', [
      {
        nombre: 'Hoja1',
        filas: [
          ['Código', 'Nombre', 'Habilitado'],
          [170, 'COLOMBIA', 'SI'],
          [4, 'AFGANISTÁN', 'SI'],
          ['', 'SIN CÓDIGO', 'SI'],
        ],
      },
      {
        nombre: 'Hoja2',
        filas: [
          ['Código', 'Nombre'],
          ['X', 'no se lee'],
        ],
      },
    ]);
    const tabla = `PaisXlsx${sufijo}`;
    const r = await importarCatalogo(em(), ruta, { tabla });
    expect(r).toMatchObject({ lectura: { hoja: 'Hoja1' }, leidas: 3, importadas: 2, rechazadas: 1 });
    expect(r.rechazos).toEqual([{ archivo: 'Pais.xlsx', linea: 4, motivo: 'Código vacío' }]);
    // Padding applies to known fixed-width tables only.
    expect((await filas(tabla)).map((f) => f.codigo)).toEqual(['170', '4']);
  });

  it('un XLSX dañado da un error claro', async () => {
    const roto = await archivo(
      'roto.xlsx',
      Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(64, 1)]),
    );
    const e = await errorDe(importarCatalogo(em(), roto, { tabla: `XlsxRoto${sufijo}` }));
    expect(e.message).toMatch(/No se pudo leer roto\.xlsx como XLSX/);
  });
});

describe('importarCatalogo: descargas de SISPRO tal como llegan', () => {
  const conn = () => bd.orm().em.getConnection();
  async function cargaCompleta(tabla: string) {
    const [c] = await conn().execute(
      'select archivo, archivos, filas, columnas, fecha_actualizacion from carga_catalogo where tabla = ?',
      [tabla],
    );
    return c as {
      archivo: string;
      archivos: string[];
      filas: number;
      columnas: Record<string, string> | null;
      fecha_actualizacion: Date | null;
    };
  }

  it('XLSX de SISPRO (prefijo x:, BOM, cadenas compartidas): todas las filas, códigos intactos, etiquetas y fecha', async () => {
    const ruta = path.join(bd.dir(), nombreSispro('Municipio'));
    await escribirXlsxSispro(ruta, {
      tabla: 'Municipio',
      etiquetas: { I: 'Código Departamento', II: 'Simbolo UMM', IV: 'Departamento' },
      filas: [
        { codigo: '05001', nombre: 'MEDELLÍN', extra: { I: '05', II: 'FALSO', IV: 'ANTIOQUIA' } },
        { codigo: '05002', nombre: 'ABEJORRAL', extra: { I: '05', IV: 'ANTIOQUIA' } },
        {
          codigo: '08001',
          nombre: 'BARRANQUILLA',
          habilitado: 'NO',
          fechaActualizacion: '2025-06-10 09:15:00 AM',
        },
        { codigo: '11001', nombre: 'BOGOTÁ, D.C.', descripcion: 'Capital; distrito' },
      ],
    });
    const r = await importarCatalogo(em(), ruta);
    expect(r).toMatchObject({
      tabla: 'Municipio',
      archivo: 'TablaReferencia_Municipio__1.xlsx',
      archivos: ['TablaReferencia_Municipio__1.xlsx'],
      lectura: { formato: 'xlsx', hoja: 'Table' },
      leidas: 4,
      importadas: 4,
      rechazadas: 0,
      avisos: [],
      columnas: { I: 'Código Departamento', II: 'Simbolo UMM', IV: 'Departamento' },
      fechaActualizacion: '2025-06-10T14:15:00.000Z',
    });
    expect(
      (await filas('Municipio')).map((f) => [f.codigo, f.nombre, f.descripcion, f.habilitado, f.extra]),
    ).toEqual([
      ['05001', 'MEDELLÍN', null, true, { I: '05', II: 'FALSO', IV: 'ANTIOQUIA' }],
      ['05002', 'ABEJORRAL', null, true, { I: '05', IV: 'ANTIOQUIA' }],
      ['08001', 'BARRANQUILLA', null, false, null],
      ['11001', 'BOGOTÁ, D.C.', 'Capital; distrito', true, null],
    ]);
    const c = await cargaCompleta('Municipio');
    expect(c).toMatchObject({
      archivo: 'TablaReferencia_Municipio__1.xlsx',
      archivos: ['TablaReferencia_Municipio__1.xlsx'],
      filas: 4,
      columnas: { I: 'Código Departamento', II: 'Simbolo UMM', IV: 'Departamento' },
    });
    expect(new Date(c.fecha_actualizacion!).toISOString()).toBe('2025-06-10T14:15:00.000Z');
  });

  it('códigos con ceros a la izquierda de una tabla sin ancho fijo (004, 010101) quedan como vienen', async () => {
    const tabla = `Ceros${sufijo}`;
    const ruta = path.join(bd.dir(), nombreSispro(tabla));
    const codigos = ['004', '04', '4', '010101', '0', 'A000', '00000000000000000001'];
    await escribirXlsxSispro(ruta, {
      tabla,
      filas: codigos.map((codigo) => ({ codigo, nombre: `N${codigo}` })),
    });
    const r = await importarCatalogo(em(), ruta);
    expect(r).toMatchObject({ tabla, leidas: 7, importadas: 7, rechazadas: 0, avisos: [] });
    expect((await filas(tabla)).map((f) => f.codigo).sort()).toEqual([...codigos].sort());
  });

  const CINCO = ['20110', '28502', '29101', '38301', '43301', '54101', '63201', '86101', '93101'];
  for (const formato of ['xlsx', 'txt'] as const) {
    it(`CUPSRips (${formato}): los 9 códigos de cinco dígitos y sus gemelos 0xxxxx se importan todos, ninguno «repetido»`, async () => {
      const ruta = path.join(bd.dir(), nombreSispro('CUPSRips', 1, formato));
      const contenido = {
        tabla: 'CUPSRips',
        etiquetas: ETIQUETAS_CUPS,
        filas: [
          ...CINCO.map((c) => ({ codigo: c, nombre: `CINCO ${c}`, extra: { I: 'AP' } })),
          ...CINCO.map((c) => ({ codigo: `0${c}`, nombre: `SEIS 0${c}`, extra: { I: 'AP', VI: 'F' } })),
          { codigo: '890201', nombre: 'CONSULTA DE PRIMERA VEZ POR MEDICINA GENERAL', extra: { I: 'AC' } },
        ],
      };
      if (formato === 'xlsx') await escribirXlsxSispro(ruta, contenido);
      else await escribirTxtSispro(ruta, contenido);
      const r = await importarCatalogo(em(), ruta);
      expect(r).toMatchObject({
        tabla: 'CUPSRips',
        leidas: 19,
        importadas: 19,
        rechazadas: 0,
        motivos: [],
        avisos: [],
      });
      expect(r.columnas).toEqual(ETIQUETAS_CUPS);
      const guardadas = await filas('CUPSRips');
      expect(guardadas.map((f) => f.codigo).sort()).toEqual(
        [...CINCO, ...CINCO.map((c) => `0${c}`), '890201'].sort(),
      );
      expect(guardadas.find((f) => f.codigo === '20110')?.nombre).toBe('CINCO 20110');
      expect(guardadas.find((f) => f.codigo === '020110')).toMatchObject({
        nombre: 'SEIS 020110',
        extra: { I: 'AP', VI: 'F' },
      });
    });
  }

  it('TXT de SISPRO: BOM, «;», CRLF, valor entre comillas con «;», último campo vacío', async () => {
    const ruta = path.join(bd.dir(), nombreSispro('CIE10', 1, 'txt'));
    await escribirTxtSispro(ruta, {
      tabla: 'CIE10',
      etiquetas: ETIQUETAS_CIE10,
      filas: [
        {
          codigo: 'A000',
          nombre: 'CÓLERA DEBIDO A VIBRIO CHOLERAE 01; BIOTIPO CHOLERAE',
          extra: { I: 'A', II: '0', III: '120' },
        },
        { codigo: 'Z012', nombre: 'EXAMEN ODONTOLÓGICO', descripcion: 'Uno; dos; "tres"', extra: { X: 'A' } },
        { codigo: 'U049', nombre: 'SÍNDROME RESPIRATORIO AGUDO GRAVE', habilitado: 'NO' },
      ],
    });
    const r = await importarCatalogo(em(), ruta);
    expect(r).toMatchObject({
      tabla: 'CIE10',
      lectura: { formato: 'csv', codificacion: 'utf-8', delimitador: ';' },
      leidas: 3,
      importadas: 3,
      rechazadas: 0,
      avisos: [],
      fechaActualizacion: '2025-05-03T18:47:52.000Z',
    });
    expect(r.columnas).toEqual(ETIQUETAS_CIE10);
    expect(
      (await filas('CIE10')).map((f) => [f.codigo, f.nombre, f.descripcion, f.habilitado, f.extra]),
    ).toEqual([
      [
        'A000',
        'CÓLERA DEBIDO A VIBRIO CHOLERAE 01; BIOTIPO CHOLERAE',
        null,
        true,
        { I: 'A', II: '0', III: '120' },
      ],
      ['U049', 'SÍNDROME RESPIRATORIO AGUDO GRAVE', null, false, null],
      ['Z012', 'EXAMEN ODONTOLÓGICO', 'Uno; dos; "tres"', true, { X: 'A' }],
    ]);
  });

  it('tabla en partes (__1, __2): una sola tabla en una transacción; los repetidos entre partes con archivo y línea', async () => {
    const tabla = 'IPSCodHabilitacion';
    const [p1, p2] = [1, 2].map((n) => path.join(bd.dir(), nombreSispro(tabla, n)));
    const fila = (i: number) => ({ codigo: String(500010000000 + i), nombre: `IPS ${i}` });
    await escribirXlsxSispro(p1!, { tabla, filas: Array.from({ length: 30 }, (_, i) => fila(i)) });
    await escribirXlsxSispro(p2!, {
      tabla,
      // Row 2 repeats a code of part 1 (its row 4); the rest are new.
      filas: [fila(2), ...Array.from({ length: 20 }, (_, i) => fila(30 + i))],
    });
    await importarCatalogo(em(), await archivo('ips-viejo.csv', `Codigo;Nombre\n1;Vieja\n2;Vieja\n`), {
      tabla,
    });
    const r = await importarCatalogo(em(), [p1!, p2!], { tamanoLote: 7 });
    expect(r).toMatchObject({
      tabla,
      archivos: [nombreSispro(tabla, 1), nombreSispro(tabla, 2)],
      partes: [
        { archivo: nombreSispro(tabla, 1), leidas: 30 },
        { archivo: nombreSispro(tabla, 2), leidas: 21 },
      ],
      leidas: 51,
      importadas: 50,
      rechazadas: 1,
      filasAnteriores: 2,
      motivos: [{ motivo: 'Código repetido', filas: 1 }],
    });
    expect(r.rechazos).toEqual([
      {
        archivo: nombreSispro(tabla, 2),
        linea: 2,
        codigo: '500010000002',
        motivo: `El código ya aparece en la línea 4 de ${nombreSispro(tabla, 1)}; se conserva la primera.`,
      },
    ]);
    expect(await filas(tabla)).toHaveLength(50);
    expect((await cargaCompleta(tabla)).archivos).toEqual([nombreSispro(tabla, 1), nombreSispro(tabla, 2)]);
  });

  it('una parte de otra tabla hace fallar la importación entera y la tabla no cambia', async () => {
    const tabla = `Partes${sufijo}`;
    const p1 = path.join(bd.dir(), nombreSispro(tabla, 1));
    const p2 = path.join(bd.dir(), nombreSispro('UMM', 2));
    await escribirXlsxSispro(p1, { tabla, filas: [{ codigo: 'A', nombre: 'Uno' }] });
    await escribirXlsxSispro(p2, { tabla: 'UMM', filas: [{ codigo: 'B', nombre: 'Dos' }] });
    await importarCatalogo(em(), await archivo('partes-antes.csv', 'Codigo;Nombre\nX;Antes\n'), { tabla });
    const e = await errorDe(importarCatalogo(em(), [p1, p2]));
    expect(e.message).toMatch(/es de la tabla UMM .* deben ser de la misma tabla\. No se modificó la tabla/);
    expect((await filas(tabla)).map((f) => f.codigo)).toEqual(['X']);
  });

  it('Fecha_Actualizacion: la más reciente, en reloj de 12 horas y en la forma de la vista web; una ilegible es solo un aviso', async () => {
    const tabla = `Fechas${sufijo}`;
    const ruta = path.join(bd.dir(), nombreSispro(tabla, 1, 'txt'));
    await escribirTxtSispro(ruta, {
      tabla,
      filas: [
        { codigo: '1', nombre: 'a', fechaActualizacion: '2025-05-03 01:47:52 PM' },
        { codigo: '2', nombre: 'b', fechaActualizacion: '2025-06-01 12:30:00 PM' },
        { codigo: '3', nombre: 'c', fechaActualizacion: '6/2/2025 1:05:09 AM' },
        { codigo: '4', nombre: 'd', fechaActualizacion: 'ayer' },
        { codigo: '5', nombre: 'e', fechaActualizacion: '2025-02-30 10:00:00 AM' },
        { codigo: '6', nombre: 'f', fechaActualizacion: '' },
      ],
    });
    const r = await importarCatalogo(em(), ruta);
    expect(r).toMatchObject({ importadas: 6, rechazadas: 0, fechaActualizacion: '2025-06-02T06:05:09.000Z' });
    expect(r.avisos).toEqual([
      `«Fecha_Actualizacion» no reconocida en 2 filas (p. ej. «ayer» en la línea 5 de ${nombreSispro(tabla, 1, 'txt')}): se esperaba una fecha como la de SISPRO (2025-05-03 01:47:52 PM). Las filas se importaron igual.`,
    ]);
    expect(new Date((await cargaCompleta(tabla)).fecha_actualizacion!).toISOString()).toBe(
      '2025-06-02T06:05:09.000Z',
    );
  });

  it('fechaSispro: 12 AM es medianoche, 12 PM mediodía, hora de Bogotá (UTC−5); fechas imposibles no valen', () => {
    const iso = (t: string) => fechaSispro(t)?.toISOString();
    expect(iso('2025-05-03 01:47:52 PM')).toBe('2025-05-03T18:47:52.000Z');
    expect(iso('2025-05-03 12:00:00 AM')).toBe('2025-05-03T05:00:00.000Z');
    expect(iso('2025-05-03 12:00:00 PM')).toBe('2025-05-03T17:00:00.000Z');
    expect(iso('2025-12-31 11:59:59 PM')).toBe('2026-01-01T04:59:59.000Z');
    expect(iso('5/3/2025 1:47:52 PM')).toBe('2025-05-03T18:47:52.000Z');
    expect(iso('12/31/2024 7:00:00 p. m.')).toBe('2025-01-01T00:00:00.000Z');
    expect(iso('2025-05-03 13:47:52')).toBe('2025-05-03T18:47:52.000Z');
    expect(iso('2025-05-03')).toBe('2025-05-03T05:00:00.000Z');
    for (const malo of [
      '2025-02-30 10:00:00 AM',
      '2025-05-03 13:47:52 PM',
      '2025-05-03 00:10:00 AM',
      '13/3/2025 1:00:00 PM',
      'ayer',
      '',
    ]) {
      expect(fechaSispro(malo), malo).toBeUndefined();
    }
  });

  it('XLSX guardado de nuevo en Excel: las celdas numéricas recuperan sus ceros, los textos no', async () => {
    const ruta = path.join(bd.dir(), 'cups-resguardado.xlsx');
    await escribirXlsxResguardado(ruta, [
      {
        nombre: 'Table',
        filas: [
          ['Tabla', 'Codigo', 'Nombre', 'Habilitado', 'Fecha_Actualizacion'],
          ['CUPSRips', 10101, 'PUNCIÓN CISTERNAL, VÍA LATERAL', 'SI', 45780.5],
          ['CUPSRips', '20110', 'CÓDIGO DE CINCO DÍGITOS', 'SI'],
          ['CUPSRips', 890201, 'CONSULTA DE PRIMERA VEZ POR MEDICINA GENERAL', 'SI'],
        ],
      },
    ]);
    const r = await importarCatalogo(em(), ruta);
    expect(r).toMatchObject({
      tabla: 'CUPSRips',
      importadas: 3,
      rechazadas: 0,
      avisos: [
        'Códigos numéricos completados con ceros a la izquierda hasta 6 dígitos (una hoja de cálculo los había quitado): 1.',
      ],
      // Excel's serial 45780.5 is 2025-05-03 12:00 in Bogotá.
      fechaActualizacion: '2025-05-03T17:00:00.000Z',
    });
    expect((await filas('CUPSRips')).map((f) => f.codigo)).toEqual(['010101', '20110', '890201']);
  });

  it('Municipio en CSV: un código de menos de 5 dígitos solo pudo perder sus ceros y se completa; con letras no', async () => {
    const csv = await archivo(
      'mpios.csv',
      'Tabla;Codigo;Nombre\nMunicipio;5001;MEDELLÍN\nMunicipio;X1;RARO\n',
    );
    const r = await importarCatalogo(em(), csv);
    expect(r.avisos).toContain(
      'Códigos numéricos completados con ceros a la izquierda hasta 5 dígitos (una hoja de cálculo los había quitado): 1.',
    );
    expect((await filas('Municipio')).map((f) => f.codigo)).toEqual(['05001', 'X1']);
  });

  it('el nombre de la descarga sirve de tabla sin columna «Tabla» (__1, « (1)», prefijos)', () => {
    expect(tablaDelNombre('/d/TablaReferencia_CIE10__1.xlsx')).toEqual({ tabla: 'CIE10', parte: 1 });
    expect(tablaDelNombre('TablaReferencia_CatalogoCUMs__2 (1).txt')).toEqual({
      tabla: 'CatalogoCUMs',
      parte: 2,
    });
    expect(tablaDelNombre('09-TablaReferencia_IPSCodHabilitacion__12.xlsx')).toEqual({
      tabla: 'IPSCodHabilitacion',
      parte: 12,
    });
    expect(tablaDelNombre('TablaReferencia_cupsrips.csv')).toEqual({ tabla: 'CUPSRips' });
    expect(tablaDelNombre('TablaReferencia_NuevaTabla__1.xlsx')).toEqual({ tabla: 'NuevaTabla', parte: 1 });
    expect(tablaDelNombre('09-Municipio (2).csv')).toEqual({ tabla: 'Municipio' });
    expect(tablaDelNombre('exportacion.csv')).toBeUndefined();
  });
});

describe('importarCatalogos: una carpeta de descargas', () => {
  it('agrupa por tabla, importa las partes juntas, ignora lo demás y una tabla mala no detiene a las otras', async () => {
    const carpeta = path.join(bd.dir(), 'descargas');
    await mkdir(carpeta);
    const en = (n: string) => path.join(carpeta, n);
    const cums = 'CatalogoCUMs';
    await escribirXlsxSispro(en(nombreSispro(cums, 1)), {
      tabla: cums,
      filas: [
        { codigo: '19992190-03', nombre: 'UNO' },
        { codigo: '19992190-04', nombre: 'DOS' },
      ],
    });
    await escribirXlsxSispro(en(nombreSispro(cums, 2)), {
      tabla: cums,
      filas: [{ codigo: '20001234-01', nombre: 'TRES' }],
    });
    // The same part downloaded again, older: the newest copy is the one imported.
    const viejo = en('TablaReferencia_CatalogoCUMs__2 (1).xlsx');
    await escribirXlsxSispro(viejo, { tabla: cums, filas: [{ codigo: 'VIEJO', nombre: 'VIEJO' }] });
    await utimes(viejo, new Date('2024-01-01'), new Date('2024-01-01'));
    // Renamed by the user and saved as TXT: its Tabla column tells the table.
    await escribirTxtSispro(en('09-umm (1).txt'), {
      tabla: 'UMM',
      etiquetas: { I: 'Simbolo UMM' },
      filas: [{ codigo: '1', nombre: 'MILIGRAMO', extra: { I: 'mg' } }],
    });
    await writeFile(en('leame.pdf'), 'no');
    await writeFile(en('~$TablaReferencia_CIE10__1.xlsx'), 'bloqueo de Excel');
    await mkdir(en('viejas'));
    await writeFile(en('roto.csv'), 'Tabla;Nombre\nFFM;Tableta\n');

    const avances: string[] = [];
    const r = await importarCatalogos(em(), [carpeta], {
      alEmpezarTabla: (g) => avances.push(`${g.tabla}:${g.rutas.map((x) => path.basename(x)).join('+')}`),
    });
    expect(avances).toEqual([
      `${cums}:${nombreSispro(cums, 1)}+${nombreSispro(cums, 2)}`,
      'UMM:09-umm (1).txt',
    ]);
    expect(r.importadas.map((i) => [i.tabla, i.importadas, i.archivos])).toEqual([
      [cums, 3, [nombreSispro(cums, 1), nombreSispro(cums, 2)]],
      ['UMM', 1, ['09-umm (1).txt']],
    ]);
    expect(r.importadas[1]!.columnas).toEqual({ I: 'Simbolo UMM' });
    expect(r.fallidas).toEqual([
      {
        archivos: ['roto.csv'],
        mensaje:
          'roto.csv no tiene la columna «Código» de las exportaciones de SISPRO en sus primeras 20 filas.',
        detalles: [{ campo: 'columnas', mensaje: 'Primera fila leída: Tabla, Nombre.' }],
      },
    ]);
    expect(r.ignorados.map((i) => [path.basename(i.archivo), i.motivo])).toEqual([
      ['~$TablaReferencia_CIE10__1.xlsx', 'archivo temporal de Excel (el libro está abierto)'],
      ['leame.pdf', 'no es .xlsx, .txt ni .csv'],
      ['viejas', 'es una carpeta (no se recorren subcarpetas)'],
      [
        'TablaReferencia_CatalogoCUMs__2 (1).xlsx',
        `otra descarga de la parte 2 de ${cums}: se importa ${nombreSispro(cums, 2)}, la más reciente`,
      ],
    ]);
    expect((await filas(cums)).map((f) => f.codigo)).toEqual(['19992190-03', '19992190-04', '20001234-01']);
  });

  it('un XLSX con nombre de una tabla y columna «Tabla» de otra falla solo esa tabla', async () => {
    const carpeta = path.join(bd.dir(), 'engano');
    await mkdir(carpeta);
    const tabla = `Engano${sufijo}`;
    await escribirXlsxSispro(path.join(carpeta, nombreSispro('DCI', 1)), {
      tabla,
      filas: [{ codigo: 'A', nombre: 'a' }],
    });
    await escribirTxtSispro(path.join(carpeta, 'otra.txt'), {
      tabla: `Bien${sufijo}`,
      filas: [{ codigo: 'B', nombre: 'b' }],
    });
    const r = await importarCatalogos(em(), [carpeta]);
    expect(r.importadas.map((i) => i.tabla)).toEqual([`Bien${sufijo}`]);
    expect(r.fallidas).toEqual([
      {
        tabla: 'DCI',
        archivos: [nombreSispro('DCI', 1)],
        mensaje: `${nombreSispro('DCI', 1)} se llama como un archivo de la tabla DCI, pero su columna «Tabla» dice ${tabla}: no se modificó ninguna de las dos. Cámbiele el nombre o impórtelo solo.`,
      },
    ]);
    expect(await carga('DCI')).toBeUndefined();
    expect(await carga(tabla)).toBeUndefined();
  });

  it('una carpeta sin archivos que importar es un error claro', async () => {
    const carpeta = path.join(bd.dir(), 'vacia');
    await mkdir(carpeta);
    await writeFile(path.join(carpeta, 'nota.docx'), 'x');
    expect((await errorDe(importarCatalogos(em(), [carpeta]))).message).toBe(
      `La carpeta «${carpeta}» no tiene archivos .xlsx, .txt ni .csv para importar.`,
    );
  });
});
