import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ETIQUETAS_CIE10,
  encabezadoSispro,
  escribirTxtSispro,
  escribirXlsxResguardado,
  escribirXlsxSispro,
  FECHA_SISPRO,
} from '../../../test/sispro/archivos.js';
import { abrirArchivo, CadenasCompartidas, type FilaLeida } from './lectura.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'lectura-sispro-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function leer(ruta: string) {
  const { datos, filas } = await abrirArchivo(ruta);
  const todas: FilaLeida[] = [];
  for await (const f of filas) todas.push(f);
  return { datos, filas: todas };
}

const FILAS = [
  { codigo: '05001', nombre: 'MEDELLÍN', extra: { I: '05', II: 'FALSO' } },
  { codigo: '004', nombre: 'AFGANISTÁN', habilitado: 'NO' as const },
  {
    codigo: 'A000',
    nombre: 'CÓLERA DEBIDO A VIBRIO CHOLERAE 01; BIOTIPO CHOLERAE',
    descripcion: 'con ; y "comillas"',
  },
];

describe('lectura: el XLSX que escribe SISPRO', () => {
  it('el archivo de prueba tiene la forma de SISPRO (prefijo x:, BOM, psmdcp, hoja Table, solo cadenas compartidas)', async () => {
    const ruta = path.join(dir, 'forma.xlsx');
    await escribirXlsxSispro(ruta, { tabla: 'Municipio', filas: FILAS });
    const zip = await JSZip.loadAsync(await readFile(ruta));
    const nombres = Object.keys(zip.files);
    expect(
      nombres.some((n) => /^package\/services\/metadata\/core-properties\/[0-9a-f]{32}\.psmdcp$/.test(n)),
    ).toBe(true);
    expect(nombres).not.toContain('docProps/core.xml');
    const hoja = await zip.file('xl/worksheets/sheet1.xml')!.async('nodebuffer');
    expect([...hoja.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const texto = hoja.toString('utf8');
    expect(texto).toContain(
      '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main">',
    );
    expect(texto).not.toMatch(/<(row|c)\b/);
    expect(texto.match(/<x:c /g)!.length).toBe(texto.match(/<x:c [^>]*t="s"/g)!.length);
    const libro = await zip.file('xl/workbook.xml')!.async('string');
    expect(libro).toContain('<x:workbookPr codeName="ThisWorkbook"/>');
    expect(libro).toMatch(/<x:sheet name="Table" sheetId="2" r:id="R[0-9a-f]{16}"\/>/);
  });

  for (const variante of [
    { nombre: 'destinos absolutos, sin descriptores', opciones: {} },
    { nombre: 'destinos relativos', opciones: { destinos: 'relativos' as const } },
    { nombre: 'entradas con descriptores de datos', opciones: { descriptores: true } },
  ]) {
    it(`lee todas las filas con sus códigos como texto (${variante.nombre})`, async () => {
      const ruta = path.join(dir, 'sispro.xlsx');
      await escribirXlsxSispro(
        ruta,
        { tabla: 'Municipio', etiquetas: ETIQUETAS_CIE10, filas: FILAS },
        variante.opciones,
      );
      const { datos, filas } = await leer(ruta);
      expect(datos).toEqual({ formato: 'xlsx', hoja: 'Table' });
      expect(filas).toHaveLength(4);
      expect(filas[0]).toEqual({ linea: 1, celdas: encabezadoSispro(ETIQUETAS_CIE10) });
      const [, medellin, afganistan, colera] = filas;
      // Absent cells read as empty; no cell is numeric.
      expect(medellin!.celdas.slice(0, 10)).toEqual([
        'Municipio',
        '05001',
        'MEDELLÍN',
        '',
        'SI',
        '',
        'False',
        'False',
        '05',
        'FALSO',
      ]);
      expect(medellin!.celdas[20]).toBe(FECHA_SISPRO);
      expect(afganistan!.celdas.slice(1, 5)).toEqual(['004', 'AFGANISTÁN', '', 'NO']);
      expect(colera!.celdas[2]).toBe('CÓLERA DEBIDO A VIBRIO CHOLERAE 01; BIOTIPO CHOLERAE');
      expect(colera!.celdas[3]).toBe('con ; y "comillas"');
      expect(filas.every((f) => f.numericas === undefined)).toBe(true);
      expect(filas.map((f) => f.linea)).toEqual([1, 2, 3, 4]);
    });
  }

  it('un carácter acentuado partido entre dos trozos del flujo se lee entero (miles de filas)', async () => {
    const ruta = path.join(dir, 'acentos.xlsx');
    const filas = Array.from({ length: 20_000 }, (_, i) => ({
      codigo: String(i).padStart(6, '0'),
      nombre: `ÁÉÍÓÚ ñandú número ${i} ÑÑÑ`,
    }));
    await escribirXlsxSispro(ruta, { tabla: 'Prueba', filas });
    const leidas = (await leer(ruta)).filas;
    expect(leidas).toHaveLength(20_001);
    expect(leidas.filter((f) => f.celdas.join('').includes('\uFFFD'))).toEqual([]);
    expect(leidas[20_000]!.celdas[2]).toBe('ÁÉÍÓÚ ñandú número 19999 ÑÑÑ');
  });
});

describe('lectura: las cadenas compartidas del XLSX', () => {
  it('guarda y devuelve cada texto entero aunque el búfer crezca en medio de uno (multibyte y pares sustitutos)', () => {
    const cadenas = new CadenasCompartidas();
    const textos: string[] = [];
    const agregar = (t: string) => {
      textos.push(t);
      cadenas.agregar(t);
    };
    agregar('');
    // ~64 KiB of 2-byte letters (the buffer starts at 64 KiB), then strings that straddle its end.
    agregar('ñ'.repeat(32_760));
    for (let i = 0; i < 6; i++) agregar(`Ñandú 🩺 ${i} ÁÉÍÓÚ`);
    agregar('€'.repeat(100_000)); // longer than the whole buffer before it grows
    // More strings than the initial offsets (4 096), some empty.
    for (let i = 0; i < 10_000; i++) agregar(i % 7 === 0 ? '' : `CÓDIGO ${String(i).padStart(6, '0')} 𝄞`);
    expect(cadenas.largo).toBe(textos.length);
    const leidos = textos.map((_, i) => cadenas.texto(i));
    expect(leidos).toEqual(textos);
    expect(cadenas.texto(-1)).toBeUndefined();
    expect(cadenas.texto(textos.length)).toBeUndefined();
    expect(cadenas.texto(1.5)).toBeUndefined();
  });

  it('une el texto enriquecido, lee vacía la cadena vacía y no deja archivos temporales', async () => {
    const ruta = path.join(dir, 'enriquecido.xlsx');
    const libro = new ExcelJS.Workbook();
    const hoja = libro.addWorksheet('Table');
    hoja.addRow(['Tabla', 'Codigo', 'Nombre', 'Descripcion']);
    hoja.addRow([
      'CIE10',
      { richText: [{ text: 'A0' }, { font: { bold: true }, text: '99' }] },
      { richText: [{ text: 'CÓLERA ' }, { font: { italic: true }, text: 'NO ESPECIFICADO' }] },
      'ñandú',
    ]);
    hoja.addRow(['CIE10', 'A000', 'CÓLERA', 'vacía']);
    await libro.xlsx.writeFile(ruta);
    const zip = await JSZip.loadAsync(await readFile(ruta));
    const sst = await zip.file('xl/sharedStrings.xml')!.async('string');
    // The rich text is in the shared strings (as runs), not inline in the sheet.
    expect(sst).toMatch(/<r>.*<t>99<\/t>/);
    // An empty shared string (a writer may leave one), in place of «vacía».
    expect(sst).toContain('<si><t>vacía</t></si>');
    zip.file('xl/sharedStrings.xml', sst.replace('<si><t>vacía</t></si>', '<si><t/></si>'));
    // DEFLATE: with a stored (uncompressed) last entry exceljs 4.4.0 at times misses it (a race).
    await writeFile(ruta, await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }));
    const temporales = async () =>
      (await readdir(os.tmpdir())).filter((n) => n.startsWith(`tmp-${process.pid}-`));
    const antes = await temporales();
    const { filas } = await leer(ruta);
    expect(filas.map((f) => f.celdas)).toEqual([
      ['Tabla', 'Codigo', 'Nombre', 'Descripcion'],
      ['CIE10', 'A099', 'CÓLERA NO ESPECIFICADO', 'ñandú'],
      ['CIE10', 'A000', 'CÓLERA', ''],
    ]);
    // exceljs spools each sheet to a temp file and removes it (asynchronously) once it is read.
    await vi.waitFor(async () => expect(await temporales()).toEqual(antes), { timeout: 5000 });
  });
});

describe('lectura: XLSX guardado de nuevo en una hoja de cálculo', () => {
  it('marca las celdas numéricas (los códigos que Excel volvió números)', async () => {
    const ruta = path.join(dir, 'resguardado.xlsx');
    await escribirXlsxResguardado(ruta, [
      {
        nombre: 'Table',
        filas: [
          ['Tabla', 'Codigo', 'Nombre'],
          ['Municipio', 5001, 'MEDELLÍN'],
          ['Municipio', '05002', 'ABEJORRAL'],
        ],
      },
    ]);
    const { filas } = await leer(ruta);
    expect(filas.map((f) => [f.celdas, f.numericas])).toEqual([
      [['Tabla', 'Codigo', 'Nombre'], undefined],
      [['Municipio', '5001', 'MEDELLÍN'], [1]],
      [['Municipio', '05002', 'ABEJORRAL'], undefined],
    ]);
  });
});

describe('lectura: el TXT de SISPRO', () => {
  it('UTF-8 con BOM, «;», CRLF, comillas solo con «;» y último campo vacío', async () => {
    const ruta = path.join(dir, 'TablaReferencia_Municipio__1.txt');
    await escribirTxtSispro(ruta, { tabla: 'Municipio', filas: FILAS });
    const bruto = await readFile(ruta);
    expect([...bruto.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const texto = bruto.toString('utf8');
    expect(texto.split('\r\n')[1]).toMatch(
      /^Municipio;05001;MEDELLÍN;;SI;;False;False;05;FALSO;;;;;;;;;;;2025-05-03 01:47:52 PM;$/,
    );
    expect(texto).toContain(
      ';"CÓLERA DEBIDO A VIBRIO CHOLERAE 01; BIOTIPO CHOLERAE";"con ; y ""comillas""";',
    );
    const { datos, filas } = await leer(ruta);
    expect(datos).toEqual({ formato: 'csv', codificacion: 'utf-8', delimitador: ';' });
    expect(filas[0]!.celdas[0]).toBe('Tabla');
    expect(filas[3]!.celdas.slice(1, 4)).toEqual([
      'A000',
      'CÓLERA DEBIDO A VIBRIO CHOLERAE 01; BIOTIPO CHOLERAE',
      'con ; y "comillas"',
    ]);
    expect(filas.map((f) => f.celdas.length)).toEqual([22, 22, 22, 22]);
    expect(filas[2]!.celdas[1]).toBe('004');
  });
});
