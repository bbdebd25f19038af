import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { pipeline, Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { ErrorApp, errores } from '../../errores/errores.js';

/** One record of the export: its line (CSV) or row (XLSX) number and its cells as text. */
export interface FilaLeida {
  linea: number;
  celdas: string[];
}

export interface DatosLectura {
  formato: 'csv' | 'xlsx';
  /** CSV: utf-8, utf-16le, utf-16be or windows-1252 (Latin-1 as Excel writes it). */
  codificacion?: string;
  delimitador?: string;
  /** XLSX: the sheet read. */
  hoja?: string;
}

export interface Lectura {
  datos: DatosLectura;
  filas: AsyncGenerator<FilaLeida>;
}

const DELIMITADORES = [';', ',', '\t', '|'] as const;
const MAX_ENCABEZADO = 1 << 20;

async function primerosBytes(archivo: string, n: number): Promise<Buffer> {
  const fh = await open(archivo, 'r');
  try {
    const buf = Buffer.alloc(n);
    const { bytesRead } = await fh.read(buf, 0, n, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** Whole-file UTF-8 check, streamed: a stray Latin-1 byte may sit anywhere in a large export. */
async function esUtf8(archivo: string): Promise<boolean> {
  const decodificador = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const trozo of createReadStream(archivo, { highWaterMark: 1 << 20 })) {
      decodificador.decode(trozo as Buffer, { stream: true });
    }
    decodificador.decode();
    return true;
  } catch {
    return false;
  }
}

async function detectarCodificacion(archivo: string): Promise<string> {
  const bom = await primerosBytes(archivo, 3);
  if (bom[0] === 0xef && bom[1] === 0xbb && bom[2] === 0xbf) return 'utf-8';
  if (bom[0] === 0xff && bom[1] === 0xfe) return 'utf-16le';
  if (bom[0] === 0xfe && bom[1] === 0xff) return 'utf-16be';
  return (await esUtf8(archivo)) ? 'utf-8' : 'windows-1252';
}

/** The candidate that appears most often in the header line, outside quotes (`,` when none does). */
export function detectarDelimitador(linea: string): string {
  const cuenta = new Map<string, number>(DELIMITADORES.map((d) => [d, 0]));
  let enComillas = false;
  for (const c of linea) {
    if (c === '"') enComillas = !enComillas;
    else if (!enComillas && cuenta.has(c)) cuenta.set(c, cuenta.get(c)! + 1);
  }
  let mejor = ',';
  let maximo = 0;
  for (const [d, n] of cuenta) {
    if (n > maximo) {
      mejor = d;
      maximo = n;
    }
  }
  return mejor;
}

async function* decodificar(archivo: string, codificacion: string): AsyncGenerator<string> {
  // ignoreBOM false: the decoder drops a leading BOM itself.
  const decodificador = new TextDecoder(codificacion);
  for await (const trozo of createReadStream(archivo, { highWaterMark: 1 << 16 })) {
    const texto = decodificador.decode(trozo as Buffer, { stream: true });
    if (texto) yield texto;
  }
  const resto = decodificador.decode();
  if (resto) yield resto;
}

async function abrirCsv(archivo: string): Promise<Lectura> {
  const codificacion = await detectarCodificacion(archivo);
  const textos = decodificar(archivo, codificacion);
  // Read up to the first line break to choose the delimiter, then hand everything to the parser.
  const leidos: string[] = [];
  let largo = 0;
  for (;;) {
    const r = await textos.next();
    if (r.done) break;
    leidos.push(r.value);
    largo += r.value.length;
    if (r.value.includes('\n') || largo > MAX_ENCABEZADO) break;
  }
  const inicio = leidos.join('');
  const delimitador = detectarDelimitador(inicio.split(/\r?\n/, 1)[0] ?? '');
  async function* todo(): AsyncGenerator<string> {
    if (inicio) yield inicio;
    yield* textos;
  }
  const fuente = Readable.from(todo());
  const parser = parse({
    delimiter: delimitador,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    info: true,
  });
  // pipeline (not pipe): a read error destroys the parser, so the loop below sees it.
  pipeline(fuente, parser, () => {});
  async function* filas(): AsyncGenerator<FilaLeida> {
    try {
      for await (const { record, info } of parser as AsyncIterable<{
        record: string[];
        info: { lines: number };
      }>) {
        yield { linea: info.lines, celdas: record };
      }
    } catch (e) {
      if (e instanceof CsvError) {
        const linea = (e as CsvError & { lines?: number }).lines;
        throw errores.entradaInvalida(
          `El CSV está mal formado${linea ? ` cerca de la línea ${linea}` : ''}: ${e.message}. Revise comillas y delimitadores o exporte de nuevo desde SISPRO.`,
        );
      }
      throw e;
    } finally {
      fuente.destroy();
      parser.destroy();
    }
  }
  return { datos: { formato: 'csv', codificacion, delimitador }, filas: filas() };
}

/** Text of an exceljs cell value (rich text, formulas, hyperlinks and dates included). */
export function textoCelda(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (Array.isArray(o.richText)) return o.richText.map((t: { text?: string }) => t.text ?? '').join('');
    if ('result' in o) return textoCelda(o.result);
    if ('text' in o) return textoCelda(o.text);
    if ('error' in o) return '';
  }
  return String(v);
}

interface HojaEnFlujo {
  name?: string;
  [Symbol.asyncIterator](): AsyncGenerator<{ number: number; values: unknown }>;
}

async function abrirXlsx(archivo: string): Promise<Lectura> {
  const datos: DatosLectura = { formato: 'xlsx' };
  const libro = new ExcelJS.stream.xlsx.WorkbookReader(archivo, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  async function* filas(): AsyncGenerator<FilaLeida> {
    try {
      yield* filasDeLibro();
    } catch (e) {
      if (e instanceof ErrorApp) throw e;
      throw errores.entradaInvalida(
        `No se pudo leer ${path.basename(archivo)} como XLSX: ${(e as Error).message}. Exporte de nuevo desde SISPRO o guárdelo como CSV.`,
      );
    }
  }
  async function* filasDeLibro(): AsyncGenerator<FilaLeida> {
    let primera = true;
    let leida = false;
    for await (const hoja of libro as AsyncIterable<HojaEnFlujo>) {
      const nombres = (
        (libro as unknown as { model?: { sheets?: { name: string }[] } }).model?.sheets ?? []
      ).map((s) => s.name);
      const conTable = nombres.some((n) => n.toLowerCase() === 'table');
      const usar = !leida && (conTable ? hoja.name?.toLowerCase() === 'table' : primera);
      primera = false;
      if (!usar) continue; // the reader drains the sheets that are not read
      datos.hoja = hoja.name;
      for await (const fila of hoja) {
        const valores = Array.isArray(fila.values) ? (fila.values as unknown[]).slice(1) : [];
        yield { linea: fila.number, celdas: Array.from(valores, textoCelda) };
      }
      // Not `return`: leaving exceljs's reader early leaves its temp files of later sheets half
      // opened, and its exit cleanup then races their streams (an unhandled ENOENT under load).
      leida = true;
    }
  }
  return { datos, filas: filas() };
}

/** Opens an official export: XLSX (first sheet, or the one named "Table") or CSV. */
export async function abrirArchivo(archivo: string): Promise<Lectura> {
  const extension = path.extname(archivo).toLowerCase();
  if (extension === '.xls') {
    throw errores.entradaInvalida(
      'El formato .xls (Excel 97-2003) no se admite. Guarde el archivo como .xlsx o como CSV e impórtelo de nuevo.',
    );
  }
  const firma = await primerosBytes(archivo, 4);
  const esZip = firma[0] === 0x50 && firma[1] === 0x4b && firma[2] === 0x03 && firma[3] === 0x04;
  if (extension === '.xlsx' || esZip) {
    if (!esZip) throw errores.entradaInvalida(`${path.basename(archivo)} no es un archivo XLSX válido.`);
    return abrirXlsx(archivo);
  }
  return abrirCsv(archivo);
}
