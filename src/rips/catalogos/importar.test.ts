import 'reflect-metadata';
import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { usarBdAislada } from '../../../test/bd-aislada.js';
import { ErrorApp } from '../../errores/errores.js';
import { importarCatalogo } from './importar.js';

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
    expect(bd.find((f) => f.codigo === '010101')?.nombre).toBe('PUNCIÓN CISTERNAL, VÍA LATERAL');
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
    expect(r.rechazos).toEqual([
      { linea: 3, motivo: 'Código vacío' },
      { linea: 4, codigo: '2', motivo: '«Habilitado» vale «QUIZÁS»; se espera SI o NO.' },
      { linea: 5, codigo: '1', motivo: 'El código ya aparece en la línea 2; se conserva la primera.' },
      { linea: 6, motivo: 'La fila es de la tabla «FFM», no de UPR.' },
      {
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
      { linea: 7, codigo: '02', motivo: '«Habilitado» vale «QUIZÁS»; se espera SI o NO.' },
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
    const r = await importarCatalogo(em(), ruta, { progreso: (n) => avances.push(n) });
    expect(r).toMatchObject({ tabla, leidas: 30_000, importadas: 30_000, rechazadas: 0 });
    expect(avances).toEqual([]);
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
    expect(r.rechazos).toEqual([{ linea: 4, motivo: 'Código vacío' }]);
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
