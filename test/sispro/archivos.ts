import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';

/**
 * Files in the exact layout of SISPRO's downloads (web.sispro.gov.co → Consulta de referencias
 * básicas), built from the description in issue 33, for tests and benchmarks: the XLSX its .NET
 * server writes (System.IO.Packaging package, SpreadsheetML with the `x:` prefix, every cell a
 * shared string, empty cells absent, BOM before the sheet's XML) and the TXT (UTF-8 with BOM, `;`,
 * CRLF, quotes only around values holding `;`). No third-party file is copied.
 */

export const NUMERALES = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X'] as const;
export type Numeral = (typeof NUMERALES)[number];

/** Labels SISPRO puts after `Extra_<N>:`; a numeral without label is a bare `Extra_<N>`. */
export type Etiquetas = Partial<Record<Numeral, string>>;

/** Real labels of two tables (issue 33). */
export const ETIQUETAS_CIE10: Etiquetas = {
  I: 'AplicaASexo',
  II: 'EdadMinima',
  III: 'EdadMaxima',
  IV: 'GrupoMortalidad',
  VI: 'Capitulo',
  VII: 'Grupo',
  VIII: 'SubGrupo',
  IX: 'Categoria',
  X: 'Sexo',
};
export const ETIQUETAS_CUPS: Etiquetas = {
  I: 'UsoCodigoCUP',
  II: 'Qx',
  III: 'NroMinimo',
  IV: 'NroMaximo',
  V: 'DxRequerido',
  VI: 'Sexo',
  VII: 'Ambito',
  VIII: 'Estancia',
  IX: 'Cobertura',
  X: 'Duplicado',
};
export const ETIQUETAS_CUMS: Etiquetas = {
  I: 'IndicadorMuestraMedica',
  II: 'Cod_ATC',
  III: 'ATC',
  IV: 'RegistroSanitario',
  V: 'PrincipioActivo',
};
export const ETIQUETAS_IUM: Etiquetas = { I: 'IUMNivel_I', II: 'PrincipioActivo' };
/** FinalidadSexoEdad and FinalidadCUPS: Codigo is a row number, the data is in the Extra_* columns. */
export const ETIQUETAS_FINALIDAD_SEXO_EDAD: Etiquetas = {
  I: 'Finalidad',
  II: 'Sexo',
  III: 'Edad_INI',
  IV: 'Edad_FIN',
  V: 'Consultas',
  VI: 'Procedimientos',
};
export const ETIQUETAS_FINALIDAD_CUPS: Etiquetas = { I: 'Finalidad', II: 'CUPS' };

/** SISPRO's header, in its order, with the Extra_* labels given. */
export function encabezadoSispro(etiquetas: Etiquetas = {}): string[] {
  return [
    'Tabla',
    'Codigo',
    'Nombre',
    'Descripcion',
    'Habilitado',
    'Aplicacion',
    'IsStandardGEL',
    'IsStandardMSPS',
    ...NUMERALES.map((n) => (etiquetas[n] ? `Extra_${n}:${etiquetas[n]}` : `Extra_${n}`)),
    'ValorRegistro',
    'UsuarioResponsable',
    'Fecha_Actualizacion',
    'IsPublicPrivate',
  ];
}

/** One row by meaning; the builder places each value under its column. */
export interface FilaSispro {
  codigo: string;
  nombre: string;
  descripcion?: string;
  /** Default SI. */
  habilitado?: 'SI' | 'NO';
  aplicacion?: string;
  extra?: Partial<Record<Numeral, string>>;
  valorRegistro?: string;
  usuarioResponsable?: string;
  /** Default `2025-05-03 01:47:52 PM` (SISPRO's 12-hour clock). */
  fechaActualizacion?: string;
  isPublicPrivate?: string;
  /** Overrides the file's table in the `Tabla` column (a stray row of another table). */
  tabla?: string;
}

/** Cells in header order; `undefined` is an empty cell (absent in the XLSX). */
export type Celdas = readonly (string | undefined)[];

export interface ContenidoSispro {
  /** Value of the `Tabla` column. */
  tabla: string;
  /** Default `encabezadoSispro(etiquetas)`. */
  encabezado?: readonly string[];
  etiquetas?: Etiquetas;
  /** Objects are placed by column name; arrays are taken as the cells of the header's columns. */
  filas: Iterable<FilaSispro | Celdas>;
}

export const FECHA_SISPRO = '2025-05-03 01:47:52 PM';

function valorDe(columna: string, tabla: string, f: FilaSispro): string | undefined {
  const extra = /^Extra_([IVX]+)(?::|$)/.exec(columna);
  if (extra) return f.extra?.[extra[1] as Numeral];
  switch (columna) {
    case 'Tabla':
      return f.tabla ?? tabla;
    case 'Codigo':
      return f.codigo;
    case 'Nombre':
      return f.nombre;
    case 'Descripcion':
      return f.descripcion;
    case 'Habilitado':
      return f.habilitado ?? 'SI';
    case 'Aplicacion':
      return f.aplicacion;
    case 'IsStandardGEL':
    case 'IsStandardMSPS':
      return 'False';
    case 'ValorRegistro':
      return f.valorRegistro;
    case 'UsuarioResponsable':
      return f.usuarioResponsable;
    case 'Fecha_Actualizacion':
      return f.fechaActualizacion ?? FECHA_SISPRO;
    case 'IsPublicPrivate':
      return f.isPublicPrivate;
    default:
      return undefined;
  }
}

function* celdasDe(contenido: ContenidoSispro): Generator<Celdas> {
  const encabezado = contenido.encabezado ?? encabezadoSispro(contenido.etiquetas);
  yield encabezado;
  for (const f of contenido.filas) {
    yield Array.isArray(f)
      ? (f as Celdas)
      : encabezado.map((c) => valorDe(c, contenido.tabla, f as FilaSispro));
  }
}

/** `TablaReferencia_<Tabla>__<parte>.<ext>`, SISPRO's download name. */
export function nombreSispro(tabla: string, parte = 1, extension: 'xlsx' | 'txt' = 'xlsx'): string {
  return `TablaReferencia_${tabla}__${parte}.${extension}`;
}

async function escribir(salida: WriteStream, texto: string): Promise<void> {
  if (!salida.write(texto)) await new Promise<void>((r) => salida.once('drain', () => r()));
}

async function cerrar(salida: WriteStream): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    salida.once('error', reject);
    salida.end(() => resolve());
  });
}

const BOM = '\uFEFF';

/** SISPRO's TXT: UTF-8 with BOM, `;`, CRLF, a value quoted only when it holds `;`. */
export async function escribirTxtSispro(ruta: string, contenido: ContenidoSispro): Promise<void> {
  const salida = createWriteStream(ruta);
  const campo = (v: string | undefined) => {
    const t = v ?? '';
    return t.includes(';') ? `"${t.replaceAll('"', '""')}"` : t;
  };
  await escribir(salida, BOM);
  let bloque = '';
  for (const celdas of celdasDe(contenido)) {
    bloque += `${celdas.map(campo).join(';')}\r\n`;
    if (bloque.length > 1 << 16) {
      await escribir(salida, bloque);
      bloque = '';
    }
  }
  await escribir(salida, bloque);
  await cerrar(salida);
}

const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS_PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML = '<?xml version="1.0" encoding="utf-8"?>';

function escapar(t: string): string {
  return t.replace(/[&<>"]/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;',
  );
}

function columnaLetras(i: number): string {
  let n = i + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** A relationship id as System.IO.Packaging makes them (`R` and 16 hex digits). */
const idRelacion = () => `R${randomUUID().replaceAll('-', '').slice(0, 16)}`;

export interface OpcionesXlsxSispro {
  /** Zip entries with data descriptors (sizes after the data), as a writer on a non-seekable stream does. */
  descriptores?: boolean;
  /** Relationship targets: absolute part names (`/xl/worksheets/sheet1.xml`, default) or relative. */
  destinos?: 'absolutos' | 'relativos';
}

/**
 * SISPRO's XLSX: core properties in a `.psmdcp` part, relationships and content types written last
 * (as System.IO.Packaging does on close) and the sheet before the shared strings (the order SISPRO
 * uses is not known; this one is the costlier for a streaming reader, which must spool the sheet),
 * elements with the `x:` prefix, sheet `Table` (sheetId 2) of a workbook with `codeName="ThisWorkbook"`,
 * every cell a shared string, empty cells absent. Rows are streamed to temp files, so a table of
 * hundreds of thousands of rows can be written.
 */
export async function escribirXlsxSispro(
  ruta: string,
  contenido: ContenidoSispro,
  opciones: OpcionesXlsxSispro = {},
): Promise<void> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'sispro-xlsx-'));
  try {
    const cadenas = new Map<string, number>();
    const hojaRuta = path.join(tmp, 'sheet1.xml');
    const hoja = createWriteStream(hojaRuta);
    await escribir(hoja, `${BOM}${XML}<x:worksheet xmlns:x="${NS_MAIN}"><x:sheetData>`);
    let fila = 0;
    let bloque = '';
    for (const celdas of celdasDe(contenido)) {
      fila += 1;
      bloque += `<x:row r="${fila}">`;
      celdas.forEach((v, i) => {
        if (v === undefined || v === '') return;
        let indice = cadenas.get(v);
        if (indice === undefined) {
          indice = cadenas.size;
          cadenas.set(v, indice);
        }
        bloque += `<x:c r="${columnaLetras(i)}${fila}" t="s"><x:v>${indice}</x:v></x:c>`;
      });
      bloque += '</x:row>';
      if (bloque.length > 1 << 16) {
        await escribir(hoja, bloque);
        bloque = '';
      }
    }
    await escribir(hoja, `${bloque}</x:sheetData></x:worksheet>`);
    await cerrar(hoja);

    const sstRuta = path.join(tmp, 'sharedStrings.xml');
    const sst = createWriteStream(sstRuta);
    await escribir(sst, `${XML}<x:sst xmlns:x="${NS_MAIN}">`);
    bloque = '';
    for (const c of cadenas.keys()) {
      bloque += `<x:si><x:t>${escapar(c)}</x:t></x:si>`;
      if (bloque.length > 1 << 16) {
        await escribir(sst, bloque);
        bloque = '';
      }
    }
    await escribir(sst, `${bloque}</x:sst>`);
    await cerrar(sst);
    cadenas.clear();

    const absoluto = (opciones.destinos ?? 'absolutos') === 'absolutos';
    const guid = randomUUID().replaceAll('-', '');
    const rHoja = idRelacion();
    const zip = new JSZip();
    const sinCarpetas = { createFolders: false };
    zip.file(
      'xl/workbook.xml',
      `${XML}<x:workbook xmlns:r="${NS_REL}" xmlns:x="${NS_MAIN}"><x:workbookPr codeName="ThisWorkbook"/>` +
        `<x:sheets><x:sheet name="Table" sheetId="2" r:id="${rHoja}"/></x:sheets></x:workbook>`,
      sinCarpetas,
    );
    zip.file('xl/worksheets/sheet1.xml', createReadStream(hojaRuta), sinCarpetas);
    zip.file('xl/sharedStrings.xml', createReadStream(sstRuta), sinCarpetas);
    zip.file(
      `package/services/metadata/core-properties/${guid}.psmdcp`,
      `${XML}<coreProperties xmlns:dc="http://purl.org/dc/elements/1.1/" ` +
        'xmlns="http://schemas.openxmlformats.org/package/2006/metadata/core-properties">' +
        '<dc:creator>SISPRO</dc:creator></coreProperties>',
      sinCarpetas,
    );
    zip.file(
      'xl/_rels/workbook.xml.rels',
      `${XML}<Relationships xmlns="${NS_PKG_REL}">` +
        `<Relationship Type="${NS_REL}/worksheet" Target="${absoluto ? '/xl/worksheets/sheet1.xml' : 'worksheets/sheet1.xml'}" Id="${rHoja}"/>` +
        `<Relationship Type="${NS_REL}/sharedStrings" Target="${absoluto ? '/xl/sharedStrings.xml' : 'sharedStrings.xml'}" Id="${idRelacion()}"/>` +
        '</Relationships>',
      sinCarpetas,
    );
    zip.file(
      '_rels/.rels',
      `${XML}<Relationships xmlns="${NS_PKG_REL}">` +
        `<Relationship Type="${NS_REL}/officeDocument" Target="/xl/workbook.xml" Id="${idRelacion()}"/>` +
        `<Relationship Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="/package/services/metadata/core-properties/${guid}.psmdcp" Id="${idRelacion()}"/>` +
        '</Relationships>',
      sinCarpetas,
    );
    const tipo = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
    zip.file(
      '[Content_Types].xml',
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="psmdcp" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
        `<Override PartName="/xl/workbook.xml" ContentType="${tipo}.sheet.main+xml"/>` +
        `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${tipo}.worksheet+xml"/>` +
        `<Override PartName="/xl/sharedStrings.xml" ContentType="${tipo}.sharedStrings+xml"/>` +
        '</Types>',
      sinCarpetas,
    );
    await pipeline(
      zip.generateNodeStream({
        type: 'nodebuffer',
        compression: 'DEFLATE',
        compressionOptions: { level: 6 },
        streamFiles: opciones.descriptores ?? false,
      }),
      createWriteStream(ruta),
    );
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/**
 * A table as a spreadsheet program saves it after someone opened and re-saved it (written by
 * exceljs: unprefixed elements, numbers as numeric cells, so codes like `05001` arrive as 5001).
 */
export async function escribirXlsxResguardado(
  ruta: string,
  hojas: { nombre: string; filas: readonly (readonly (string | number | undefined)[])[] }[],
): Promise<void> {
  const libro = new ExcelJS.Workbook();
  for (const h of hojas) {
    const hoja = libro.addWorksheet(h.nombre);
    for (const f of h.filas) hoja.addRow([...f]);
  }
  await libro.xlsx.writeFile(ruta);
}
