import { constants as constantesBuffer } from 'node:buffer';
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
  /**
   * XLSX: indices of the cells stored as numbers. SISPRO writes every cell as text, so a numeric
   * cell means a spreadsheet program re-saved the file (and dropped a code's leading zeros).
   */
  numericas?: number[];
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

/** A number, or a formula whose cached result is one: what a spreadsheet made of the cell. */
function esNumerica(v: unknown): boolean {
  if (typeof v === 'number') return true;
  return typeof v === 'object' && v !== null && 'result' in v && typeof v.result === 'number';
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

interface CadenaEmitida {
  index: number;
  text: unknown;
}

/**
 * What exceljs's WorkbookReader.parse() yields with `sharedStrings: 'emit'` (hyperlinks ignored):
 * `{eventType: 'worksheet', value}` per sheet, and each shared string as a bare `{index, text}`
 * (4.4.0 yields it without the `{eventType: 'shared-strings', value}` wrapper its read() expects;
 * both forms are taken).
 */
type EventoLibro = { eventType?: string; value?: unknown } & Partial<CadenaEmitida>;

function cadenaDe(evento: EventoLibro): CadenaEmitida | undefined {
  if (evento.eventType === 'shared-strings') return evento.value as CadenaEmitida;
  if (evento.eventType === undefined && typeof evento.index === 'number') return evento as CadenaEmitida;
  return undefined;
}

// Offsets are Uint32: a table of strings is capped at 4 GiB of UTF-8 (a Buffer's own limit in Node 20).
const MAX_BYTES_CADENAS = Math.min(constantesBuffer.MAX_LENGTH, 0xffff_ffff);

/**
 * A workbook's shared strings as UTF-8 bytes in one buffer plus where each starts, decoded when a
 * cell is read. SISPRO writes every cell as a shared string: the 500 000-row table of
 * bench/importar-catalogos.ts has 1.17 million: ~100 MB of heap as JS strings, 42 MB here (off-heap).
 */
export class CadenasCompartidas {
  private bytes = Buffer.allocUnsafe(1 << 16);
  private usados = 0;
  /** String i spans inicios[i] .. inicios[i + 1]. */
  private inicios = new Uint32Array(1 << 12);
  private cuenta = 0;

  get largo(): number {
    return this.cuenta;
  }

  agregar(texto: string): void {
    // A UTF-16 code unit takes at most 3 UTF-8 bytes (a surrogate pair, 2 units, takes 4).
    const maximo = this.usados + texto.length * 3;
    if (maximo > this.bytes.length) {
      if (maximo > MAX_BYTES_CADENAS) {
        throw errores.entradaInvalida(
          'Las cadenas compartidas del XLSX superan 4 GiB: importe el TXT de esa tabla.',
        );
      }
      // allocUnsafe: the pages not yet written are not resident, so doubling costs address space only.
      const nuevo = Buffer.allocUnsafe(Math.min(Math.max(maximo, this.bytes.length * 2), MAX_BYTES_CADENAS));
      this.bytes.copy(nuevo, 0, 0, this.usados);
      this.bytes = nuevo;
    }
    this.usados += this.bytes.write(texto, this.usados, 'utf8');
    if (this.cuenta + 2 > this.inicios.length) {
      const nuevos = new Uint32Array(this.inicios.length * 2);
      nuevos.set(this.inicios);
      this.inicios = nuevos;
    }
    this.cuenta += 1;
    this.inicios[this.cuenta] = this.usados;
  }

  /** String i, or undefined when the file has no such string. */
  texto(i: number): string | undefined {
    if (!Number.isInteger(i) || i < 0 || i >= this.cuenta) return undefined;
    return this.bytes.toString('utf8', this.inicios[i], this.inicios[i + 1]);
  }
}

/** A cell value of the sheet: with `sharedStrings: 'emit'`, exceljs gives `{sharedString: i}`. */
function textoCeldaLibro(v: unknown, cadenas: CadenasCompartidas): string {
  if (typeof v === 'object' && v !== null && 'sharedString' in v && typeof v.sharedString === 'number') {
    // An index past the table read as an empty cell, as exceljs's cache mode did.
    return cadenas.texto(v.sharedString) ?? '';
  }
  return textoCelda(v);
}

/**
 * SISPRO's XLSX comes from a .NET writer: SpreadsheetML elements with the `x:` prefix and a byte
 * order mark before the sheet's XML. exceljs's streaming reader matched unprefixed names only; the
 * patch in patches/exceljs+4.4.0.patch maps the prefix bound to the SpreadsheetML namespace and
 * decodes each part as one UTF-8 stream (it also split accented letters across chunks).
 */
async function abrirXlsx(archivo: string): Promise<Lectura> {
  const datos: DatosLectura = { formato: 'xlsx' };
  const libro = new ExcelJS.stream.xlsx.WorkbookReader(archivo, {
    // 'emit', not 'cache': the strings are kept in CadenasCompartidas. exceljs then always spools
    // the sheets to temp files and reads them after the ZIP (its own cache did that too whenever the
    // sheet came before the strings, as in exceljs's and the generated files).
    sharedStrings: 'emit',
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
        `No se pudo leer ${path.basename(archivo)} como XLSX: ${(e as Error).message}. Descárguelo de nuevo de SISPRO (o descargue el TXT).`,
      );
    }
  }
  async function* filasDeLibro(): AsyncGenerator<FilaLeida> {
    let primera = true;
    let leida = false;
    const cadenas = new CadenasCompartidas();
    // parse() is typed as a bare AsyncIterator, but it is an async generator.
    for await (const evento of libro.parse() as unknown as AsyncIterable<EventoLibro>) {
      const cadena = cadenaDe(evento);
      if (cadena) {
        // exceljs numbers them in order; rich text is joined (textoCelda), an empty <si> is ''.
        if (cadena.index !== cadenas.largo)
          throw new Error(`cadena compartida ${cadena.index} fuera de orden`);
        cadenas.agregar(textoCelda(cadena.text));
        continue;
      }
      if (evento.eventType !== 'worksheet') continue;
      const hoja = evento.value as HojaEnFlujo;
      const nombres = (
        (libro as unknown as { model?: { sheets?: { name: string }[] } }).model?.sheets ?? []
      ).map((s) => s.name);
      // exceljs names a sheet from a relationship target relative to xl/ (`worksheets/sheet1.xml`);
      // an absolute one (`/xl/worksheets/sheet1.xml`, as .NET packages may write) leaves it unnamed:
      // then the first sheet is read, and a one-sheet workbook's name is taken from the workbook.
      const nombrada = hoja.name !== undefined && nombres.includes(hoja.name);
      const conTable = nombrada && nombres.some((n) => n.toLowerCase() === 'table');
      const usar = !leida && (conTable ? hoja.name?.toLowerCase() === 'table' : primera);
      primera = false;
      if (!usar) {
        // Read to the end, not skipped: with sheets spooled to temp files, exceljs deletes a sheet's
        // file as soon as the next event is asked for, while the read stream it already created for
        // it may still be opening it (an unhandled ENOENT under load, seen in CI).
        for await (const _fila of hoja) void _fila;
        continue;
      }
      datos.hoja = nombrada || nombres.length !== 1 ? hoja.name : nombres[0];
      let anterior = 0;
      for await (const fila of hoja) {
        const valores = Array.isArray(fila.values) ? (fila.values as unknown[]).slice(1) : [];
        let numericas: number[] | undefined;
        const celdas = Array.from(valores, (v, i) => {
          if (esNumerica(v)) {
            numericas ??= [];
            numericas.push(i);
          }
          return textoCeldaLibro(v, cadenas);
        });
        // A row without its `r` attribute has no number: it follows the previous one.
        anterior = Number.isFinite(fila.number) ? fila.number : anterior + 1;
        yield numericas ? { linea: anterior, celdas, numericas } : { linea: anterior, celdas };
      }
      // Not `return`: leaving exceljs's reader early leaves its temp files of later sheets half
      // opened, and its exit cleanup then races their streams (an unhandled ENOENT under load). The
      // later sheets are read to the end above, for the same reason.
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
