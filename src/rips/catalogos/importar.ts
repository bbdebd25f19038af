import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ErrorApp, errores } from '../../errores/errores.js';
import { abrirArchivo, type DatosLectura, type FilaLeida } from './lectura.js';
import { ANCHO_NUMERICO, claveNombre, NUMERALES_EXTRA, nombreCanonico, tablaConocida } from './tablas.js';

export interface AvanceImportacion {
  tabla: string;
  /** File being read. */
  archivo: string;
  /** Data rows read so far for the table (all its parts). */
  leidas: number;
}

export interface OpcionesImportacion {
  /**
   * Table to load (`--tabla`): every file goes into it. By default each file's `Tabla` column,
   * else its name (SISPRO's `TablaReferencia_<Tabla>__1`, or a known table's name).
   */
  tabla?: string;
  /** Where the data comes from, kept with the import (default: the SISPRO export and its file names). */
  fuente?: string;
  /** Rows per INSERT (default 5000). */
  tamanoLote?: number;
  /** Called every 1000 rows read, for long imports (the caller decides how often to show it). */
  progreso?: (avance: AvanceImportacion) => void;
}

interface OpcionesInternas extends OpcionesImportacion {
  /** The table the files were grouped under by their name: a `Tabla` column naming another one fails. */
  tablaEsperada?: string;
}

export interface RechazoFila {
  /** File of the row (one of the parts). */
  archivo: string;
  /** Line (CSV/TXT) or row (XLSX) in that file. */
  linea: number;
  codigo?: string;
  motivo: string;
}

export interface ParteImportada {
  archivo: string;
  lectura: DatosLectura;
  /** Data rows found in the file (blank rows are not counted). */
  leidas: number;
}

export interface ResultadoImportacion {
  tabla: string;
  /** The first file (the only one unless the table came in parts). */
  archivo: string;
  /** Every file imported into the table, in the order read (`__1`, `__2`…). */
  archivos: string[];
  /** How the first file was read. */
  lectura: DatosLectura;
  partes: ParteImportada[];
  /** Data rows found in the files (blank rows are not counted). */
  leidas: number;
  /** Distinct codes now stored for the table. */
  importadas: number;
  rechazadas: number;
  /** Rejections grouped by reason, most frequent first. */
  motivos: { motivo: string; filas: number }[];
  /** The first rejected rows, with their file, line and detail. */
  rechazos: RechazoFila[];
  /** Notes that did not reject anything (missing optional columns, completed leading zeros…). */
  avisos: string[];
  /** Labels of the Extra_* headers by roman numeral (`{"I": "AplicaASexo"}`); null when none had one. */
  columnas: Record<string, string> | null;
  /** Newest Fecha_Actualizacion of the rows (ISO), when the export had it. */
  fechaActualizacion: string | null;
  /** Rows the table had before this import. */
  filasAnteriores: number;
  importadoEn: Date;
  /** Number of imports of this table so far (this one included). */
  revision: number;
}

const MAX_RECHAZOS_DETALLADOS = 100;
const MAX_LARGO_CODIGO = 256;
const FILAS_BUSCAR_ENCABEZADO = 20;
const CADA_PROGRESO = 1000;

type Numeral = (typeof NUMERALES_EXTRA)[number];
type Columna = 'tabla' | 'codigo' | 'nombre' | 'descripcion' | 'habilitado' | 'fecha' | Numeral;

/** Official export headers by their normalized spelling (case, accents, spaces and `_` ignored). */
const COLUMNAS = new Map<string, Columna>([
  ['tabla', 'tabla'],
  ['codigo', 'codigo'],
  ['nombre', 'nombre'],
  ['descripcion', 'descripcion'],
  ['habilitado', 'habilitado'],
  ['fechaactualizacion', 'fecha'],
]);
const NUMERALES = new Set<string>(NUMERALES_EXTRA);
/** `Extra_I`, `Extra_I:AplicaASexo`, `EXTRA_VI: Simbolo UMM` (SISPRO appends the column's label). */
const EXTRA = /^\s*extra[\s_-]*([ivx]+)\s*(?::\s*(.*?))?\s*$/i;

const SI = new Set(['si', 's', '1', 'true', 'verdadero']);
const NO = new Set(['no', 'n', '0', 'false', 'falso']);
const SOLO_DIGITOS = /^\d+$/;

type Indices = Partial<Record<Columna, number>>;

function encabezadoDe(celdas: string[]): { indices: Indices; etiquetas: Record<string, string> } {
  const indices: Indices = {};
  const etiquetas: Record<string, string> = {};
  celdas.forEach((h, i) => {
    const extra = EXTRA.exec(h);
    const numeral = extra?.[1]?.toUpperCase();
    if (extra && numeral && NUMERALES.has(numeral)) {
      if (indices[numeral as Numeral] !== undefined) return;
      indices[numeral as Numeral] = i;
      if (extra[2]) etiquetas[numeral] = extra[2];
      return;
    }
    const columna = COLUMNAS.get(claveNombre(h));
    if (columna && indices[columna] === undefined) indices[columna] = i;
  });
  return { indices, etiquetas };
}

const vacia = (f: FilaLeida) => f.celdas.every((c) => c.trim() === '');

// ── Fecha_Actualizacion ──────────────────────────────────────────────────────

/** `2025-05-03 01:47:52 PM` (SISPRO's export); 24-hour and date-only forms too. */
const FECHA_AMD =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(?:([ap])\.?\s*m\.?)?)?$/i;
/** `5/3/2025 1:47:52 PM` (SISPRO's web view: month/day/year). */
const FECHA_MDA =
  /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(?:([ap])\.?\s*m\.?)?)?$/i;
/** SISPRO's times are Bogotá's local time: UTC−05:00 all year (Colombia has no daylight saving). */
const HORAS_BOGOTA_A_UTC = 5;

function instante(a: number, m: number, d: number, h: number, mi: number, s: number, ampm?: string) {
  if (m < 1 || m > 12 || d < 1 || mi > 59 || s > 59) return undefined;
  if (ampm) {
    if (h < 1 || h > 12) return undefined;
    h = (h % 12) + (ampm.toLowerCase() === 'p' ? 12 : 0);
  } else if (h > 23) return undefined;
  const dia = new Date(Date.UTC(a, m - 1, d));
  if (dia.getUTCMonth() !== m - 1) return undefined; // 31 of a 30-day month
  return new Date(Date.UTC(a, m - 1, d, h + HORAS_BOGOTA_A_UTC, mi, s));
}

/**
 * The instant a `Fecha_Actualizacion` of SISPRO names, read as Bogotá time (UTC−05:00):
 * `2025-05-03 01:47:52 PM`, `5/3/2025 1:47:52 PM` (month first, as SISPRO's web view shows it),
 * 24-hour times and bare dates. Undefined when the text is none of these.
 */
export function fechaSispro(texto: string): Date | undefined {
  const t = texto.trim();
  let m = FECHA_AMD.exec(t);
  if (m) {
    return instante(+m[1]!, +m[2]!, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0), m[7]);
  }
  m = FECHA_MDA.exec(t);
  if (m) {
    return instante(+m[3]!, +m[1]!, +m[2]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0), m[7]);
  }
  return undefined;
}

/** An Excel date serial (days since 1899-12-30, Bogotá time): a re-saved file's date cell. */
function fechaDeSerial(serial: number): Date | undefined {
  if (!(serial > 1 && serial < 2_958_466)) return undefined;
  return new Date(Math.round((serial - 25_569) * 86_400_000) + HORAS_BOGOTA_A_UTC * 3_600_000);
}

// ── file names ───────────────────────────────────────────────────────────────

/** SISPRO's name (`TablaReferencia_CIE10__1`), also downloaded again (` (1)`) or with a prefix (`09-`). */
const NOMBRE_SISPRO = /TablaReferencia_([A-Za-z][A-Za-z0-9_]*?)(?:__(\d+))?\s*(?:\(\d+\))?$/i;

/**
 * The table (and part) a file's name tells: SISPRO's download name, or the name of a table the
 * service knows (`CIE10.csv`, `09-Municipio (1).txt`). A fallback: the `Tabla` column decides.
 */
export function tablaDelNombre(archivo: string): { tabla: string; parte?: number } | undefined {
  const base = path.basename(archivo, path.extname(archivo)).trim();
  const m = NOMBRE_SISPRO.exec(base);
  if (m) {
    const tabla = nombreCanonico(m[1]!);
    if (tabla) return m[2] ? { tabla, parte: Number(m[2]) } : { tabla };
  }
  const limpio = base.replace(/\s*\(\d+\)$/, '').replace(/^\d+\s*[-_.]\s*/, '');
  const conocida = tablaConocida(base) ?? tablaConocida(limpio);
  return conocida ? { tabla: conocida } : undefined;
}

// ── one file: header, first row, table ───────────────────────────────────────

interface ParteAbierta {
  nombre: string;
  lectura: DatosLectura;
  filas: AsyncGenerator<FilaLeida>;
  indices: Indices;
  etiquetas: Record<string, string>;
  primeraFila: FilaLeida;
  /** The first data row's `Tabla` cell. */
  deColumna: string;
}

/** Opens a file and reads up to its first data row: a wrong file fails here, before the database. */
async function abrirParte(ruta: string): Promise<ParteAbierta> {
  const nombre = path.basename(ruta);
  const info = await stat(ruta).catch(() => undefined);
  if (!info?.isFile()) throw errores.noEncontrado(`El archivo «${ruta}»`);
  const { datos: lectura, filas } = await abrirArchivo(ruta);
  try {
    let encabezado: ReturnType<typeof encabezadoDe> | undefined;
    const vistas: string[][] = [];
    let primeraFila: FilaLeida | undefined;
    for (let r = await filas.next(); !r.done; r = await filas.next()) {
      if (vacia(r.value)) continue;
      if (!encabezado) {
        const candidato = encabezadoDe(r.value.celdas);
        if (candidato.indices.codigo !== undefined) {
          encabezado = candidato;
          continue;
        }
        vistas.push(r.value.celdas);
        if (vistas.length >= FILAS_BUSCAR_ENCABEZADO) break;
        continue;
      }
      primeraFila = r.value;
      break;
    }
    if (!encabezado) {
      const columnas = (vistas[0] ?? []).filter((c) => c.trim()).join(', ') || '(ninguna)';
      throw errores.entradaInvalida(
        `${nombre} no tiene la columna «Código» de las exportaciones de SISPRO en sus primeras ${FILAS_BUSCAR_ENCABEZADO} filas.`,
        [{ campo: 'columnas', mensaje: `Primera fila leída: ${columnas}.` }],
      );
    }
    if (encabezado.indices.nombre === undefined) {
      throw errores.entradaInvalida(`${nombre} no tiene la columna «Nombre» de las exportaciones de SISPRO.`);
    }
    if (!primeraFila) {
      const tabla = tablaDelNombre(nombre)?.tabla;
      throw errores.entradaInvalida(
        `${nombre} no tiene filas de datos${tabla ? `: no se modificó la tabla ${tabla}` : ''}.`,
      );
    }
    const i = encabezado.indices.tabla;
    const deColumna = i === undefined ? '' : (primeraFila.celdas[i] ?? '').trim();
    return { nombre, lectura, filas, ...encabezado, primeraFila, deColumna };
  } catch (e) {
    await filas.return(undefined);
    throw e;
  }
}

function validarTablaPedida(tabla: string | undefined): string | undefined {
  if (tabla === undefined) return undefined;
  const canonica = nombreCanonico(tabla);
  if (!canonica) {
    throw errores.entradaInvalida(
      `«${tabla}» no es un nombre de tabla válido: use el código de la tabla en SISPRO (p. ej. CIE10, CUPSRips, Municipio).`,
    );
  }
  return canonica;
}

/** The file's table: the one asked for, else its `Tabla` column, else its name. */
function tablaDeParte(p: Pick<ParteAbierta, 'nombre' | 'deColumna'>, pedida?: string): string {
  if (pedida) return pedida;
  if (p.deColumna) {
    const tabla = nombreCanonico(p.deColumna);
    if (!tabla) {
      throw errores.entradaInvalida(
        `La columna «Tabla» de ${p.nombre} trae «${p.deColumna}», que no es un nombre de tabla válido. Indique la tabla con --tabla.`,
      );
    }
    return tabla;
  }
  const tabla = tablaDelNombre(p.nombre)?.tabla;
  if (!tabla) {
    throw errores.entradaInvalida(
      `No se sabe a qué tabla pertenece ${p.nombre}: el archivo no trae la columna «Tabla». Indíquela con --tabla (p. ej. --tabla CIE10).`,
    );
  }
  return tabla;
}

/** Reads a file up to its first data row to tell its table (for grouping a folder). */
export async function tablaDeArchivo(ruta: string): Promise<string> {
  const p = await abrirParte(ruta);
  await p.filas.return(undefined);
  return tablaDeParte(p);
}

// ── the import of one table ──────────────────────────────────────────────────

interface FilaValida {
  codigo: string;
  nombre: string;
  descripcion: string | null;
  habilitado: boolean;
  extra: Record<string, string> | null;
  parte: number;
  linea: number;
}

/**
 * The codes seen so far in this import, with the first file and line of each, live in a temporary
 * table of the import's transaction rather than in memory: a 500 000-row table keeps the process's
 * memory flat. One statement per batch reads the batch's earlier occurrences, records the new codes
 * and inserts the rows (an enabled row replaces a disabled one of the same code).
 */
const CREAR_VISTOS = `create temporary table catalogo_vistos (
  codigo text primary key, parte int not null, linea int not null, habilitado boolean not null
) on commit drop`;

const INSERTAR_LOTE = `with x as (
  select * from jsonb_to_recordset(?::jsonb)
    as x(codigo text, nombre text, descripcion text, habilitado boolean, extra jsonb, parte int, linea int)
),
previa as (
  select v.codigo, v.parte, v.linea, v.habilitado from catalogo_vistos v where v.codigo in (select codigo from x)
),
vistos as (
  insert into catalogo_vistos (codigo, parte, linea, habilitado)
  select codigo, parte, linea, habilitado from x
  on conflict (codigo) do update set parte = excluded.parte, linea = excluded.linea, habilitado = true
  where not catalogo_vistos.habilitado and excluded.habilitado
),
filas as (
  insert into fila_catalogo (tabla, codigo, nombre, descripcion, habilitado, extra)
  select ?, x.codigo, x.nombre, x.descripcion, x.habilitado, x.extra from x
  on conflict (tabla, codigo) do update
  set nombre = excluded.nombre, descripcion = excluded.descripcion, habilitado = true, extra = excluded.extra
  where not fila_catalogo.habilitado and excluded.habilitado
)
select codigo, parte, linea, habilitado from previa`;

const REGISTRAR_CARGA = `insert into carga_catalogo
  (tabla, archivo, filas, importado_en, fuente, revision, columnas, fecha_actualizacion, archivos)
values (?, ?, ?, ?, ?, 1, ?::jsonb, ?, ?)
on conflict (tabla) do update
set archivo = excluded.archivo, filas = excluded.filas, importado_en = excluded.importado_en,
    fuente = excluded.fuente, revision = carga_catalogo.revision + 1, columnas = excluded.columnas,
    fecha_actualizacion = excluded.fecha_actualizacion, archivos = excluded.archivos
returning revision`;

/** An earlier occurrence of a code of the batch, as INSERTAR_LOTE returns it. */
interface Previa {
  codigo: string;
  parte: number;
  linea: number;
  habilitado: boolean;
}

const mensajeRepetido = (reemplaza: boolean, donde: string) =>
  reemplaza
    ? `El código ya aparece deshabilitado en ${donde}; se conserva esta fila porque está habilitada.`
    : `El código ya aparece en ${donde}; se conserva la primera.`;

/**
 * Imports an official SISPRO export into the database, replacing the table's rows in one
 * transaction: readers see the old rows until it commits, and a failed import leaves them
 * untouched. A table SISPRO hands out in parts (`__1`, `__2`) is imported from all of them at
 * once: the table is emptied once and every part inserted. Files are streamed and inserted in
 * batches; repeated codes are found in the database (see CREAR_VISTOS), so memory does not grow
 * with the table.
 */
export async function importarCatalogo(
  em: EntityManager,
  archivo: string | readonly string[],
  opciones: OpcionesInternas = {},
): Promise<ResultadoImportacion> {
  const rutas = typeof archivo === 'string' ? [archivo] : [...archivo];
  if (!rutas.length) throw errores.entradaInvalida('No se indicó ningún archivo para importar.');
  const pedida = validarTablaPedida(opciones.tabla);
  const primera = await abrirParte(rutas[0]!);
  let tabla: string;
  try {
    tabla = tablaDeParte(primera, pedida);
    verificarEsperada(primera, tabla, opciones.tablaEsperada);
  } catch (e) {
    await primera.filas.return(undefined);
    throw e;
  }

  const nombres = rutas.map((r) => path.basename(r));
  const tamanoLote = Math.max(1, opciones.tamanoLote ?? 5000);
  const ancho = ANCHO_NUMERICO[tabla];
  const claveTabla = claveNombre(tabla);
  const rechazosPorMotivo = new Map<string, number>();
  // The first rejected rows by part and line (batches report their earlier duplicates late).
  const detallados: { parte: number; rechazo: RechazoFila }[] = [];
  const avisos: string[] = [];
  const partes: ParteImportada[] = [];
  const columnas: Record<string, string> = {};
  let leidas = 0;
  let rechazadas = 0;
  let importadas = 0;
  let completados = 0;
  let sinHabilitado = false;
  let fechaMaxima: Date | undefined;
  let fechasMalas = 0;
  let fechaMalaEjemplo = '';
  const rechazar = (parte: number, linea: number, motivo: string, detalle?: string, codigo?: string) => {
    rechazadas += 1;
    rechazosPorMotivo.set(motivo, (rechazosPorMotivo.get(motivo) ?? 0) + 1);
    const antes = (d: { parte: number; rechazo: RechazoFila }) =>
      d.parte < parte || (d.parte === parte && d.rechazo.linea < linea);
    let i = detallados.length;
    while (i > 0 && !antes(detallados[i - 1]!)) i -= 1;
    if (i >= MAX_RECHAZOS_DETALLADOS) return;
    const rechazo = {
      archivo: nombres[parte]!,
      linea,
      ...(codigo ? { codigo } : {}),
      motivo: detalle ?? motivo,
    };
    detallados.splice(i, 0, { parte, rechazo });
    if (detallados.length > MAX_RECHAZOS_DETALLADOS) detallados.pop();
  };
  const donde = (parte: number, linea: number, parteActual: number) =>
    parte === parteActual ? `la línea ${linea}` : `la línea ${linea} de ${nombres[parte]}`;

  const knex = em.getConnection().getKnex();
  try {
    return await knex.transaction(async (trx) => {
      // One import per table at a time; imports of different tables run in parallel.
      await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`catalogo:${tabla}`]);
      const borradas = await trx.raw('delete from fila_catalogo where tabla = ?', [tabla]);
      const filasAnteriores: number = borradas.rowCount ?? 0;
      await trx.raw(CREAR_VISTOS);

      let lote: FilaValida[] = [];
      let enLote = new Map<string, number>();
      const anotarPrevias = (enviado: FilaValida[], previas: Previa[]) => {
        const porCodigo = new Map(enviado.map((f) => [f.codigo, f]));
        importadas += enviado.length - previas.length;
        for (const p of previas) {
          const f = porCodigo.get(p.codigo)!;
          rechazar(
            f.parte,
            f.linea,
            'Código repetido',
            mensajeRepetido(f.habilitado && !p.habilitado, donde(p.parte, p.linea, f.parte)),
            f.codigo,
          );
        }
      };
      // One batch in flight while the next is read: the database works while the file is parsed.
      // The next batch waits for it, since its duplicates are found among the codes it recorded.
      let enCurso: Promise<void> | undefined;
      const esperar = async () => {
        const p = enCurso;
        enCurso = undefined;
        await p;
      };
      const vaciar = async () => {
        await esperar();
        if (!lote.length) return;
        const enviado = lote;
        lote = [];
        enLote = new Map();
        enCurso = trx
          .raw(INSERTAR_LOTE, [JSON.stringify(enviado), tabla])
          .then((r: { rows: Previa[] }) => anotarPrevias(enviado, r.rows));
        // Awaited by the next batch or at the end; a failure meanwhile must not go unhandled.
        enCurso.catch(() => {});
      };

      for (let n = 0; n < rutas.length; n++) {
        const parte = n === 0 ? primera : await abrirParte(rutas[n]!);
        const { indices, nombre } = parte;
        try {
          if (n > 0) {
            const suya = tablaDeParte(parte, pedida);
            if (suya !== tabla) {
              throw errores.entradaInvalida(
                `${nombre} es de la tabla ${suya} (columna «Tabla») y ${nombres[0]} de ${tabla}: las partes de una importación deben ser de la misma tabla. No se modificó la tabla ${tabla}.`,
              );
            }
            verificarEsperada(parte, tabla, opciones.tablaEsperada);
          }
          for (const [numeral, etiqueta] of Object.entries(parte.etiquetas)) columnas[numeral] ??= etiqueta;
          if (indices.habilitado === undefined) sinHabilitado = true;
          const leidasAntes = leidas;

          const procesar = async (f: FilaLeida) => {
            leidas += 1;
            if (opciones.progreso && leidas % CADA_PROGRESO === 0) {
              opciones.progreso({ tabla, archivo: nombre, leidas });
            }
            const celda = (c: Columna) => {
              const i = indices[c];
              return i === undefined ? '' : (f.celdas[i] ?? '').trim();
            };
            const deTabla = celda('tabla');
            if (deTabla && claveNombre(deTabla) !== claveTabla && nombreCanonico(deTabla) !== tabla) {
              rechazar(
                n,
                f.linea,
                'La fila es de otra tabla',
                `La fila es de la tabla «${deTabla}», no de ${tabla}.`,
              );
              return;
            }
            let codigo = celda('codigo');
            if (!codigo) {
              rechazar(n, f.linea, 'Código vacío');
              return;
            }
            if (codigo.length > MAX_LARGO_CODIGO) {
              rechazar(n, f.linea, `Código de más de ${MAX_LARGO_CODIGO} caracteres`);
              return;
            }
            // Zeros are completed only where a spreadsheet must have dropped them (see ANCHO_NUMERICO).
            if (
              ancho &&
              codigo.length < ancho.ancho &&
              SOLO_DIGITOS.test(codigo) &&
              (ancho.tambienTexto || f.numericas?.includes(indices.codigo!))
            ) {
              codigo = codigo.padStart(ancho.ancho, '0');
              completados += 1;
            }
            let habilitado = true;
            if (indices.habilitado !== undefined) {
              const valor = celda('habilitado');
              const clave = claveNombre(valor);
              if (SI.has(clave)) habilitado = true;
              else if (NO.has(clave)) habilitado = false;
              else {
                rechazar(
                  n,
                  f.linea,
                  'Valor de «Habilitado» no reconocido (se espera SI o NO)',
                  `«Habilitado» vale «${valor}»; se espera SI o NO.`,
                  codigo,
                );
                return;
              }
            }
            if (indices.fecha !== undefined) {
              const texto = celda('fecha');
              if (texto) {
                const fecha = f.numericas?.includes(indices.fecha)
                  ? fechaDeSerial(Number(texto))
                  : fechaSispro(texto);
                if (!fecha) {
                  if (!fechasMalas++) fechaMalaEjemplo = `«${texto}» en la línea ${f.linea} de ${nombre}`;
                } else if (!fechaMaxima || fecha > fechaMaxima) fechaMaxima = fecha;
              }
            }
            let extra: Record<string, string> | null = null;
            for (const numeral of NUMERALES_EXTRA) {
              const v = celda(numeral);
              if (!v) continue;
              extra ??= {};
              extra[numeral] = v;
            }
            const valida: FilaValida = {
              codigo,
              nombre: celda('nombre'),
              descripcion: celda('descripcion') || null,
              habilitado,
              extra,
              parte: n,
              linea: f.linea,
            };
            const i = enLote.get(codigo);
            if (i !== undefined) {
              // Repeated inside the batch: an enabled row replaces a disabled one, else the first stays.
              const previa = lote[i]!;
              const reemplaza = habilitado && !previa.habilitado;
              rechazar(
                n,
                f.linea,
                'Código repetido',
                mensajeRepetido(reemplaza, donde(previa.parte, previa.linea, n)),
                codigo,
              );
              if (reemplaza) lote[i] = valida;
              return;
            }
            enLote.set(codigo, lote.length);
            lote.push(valida);
            if (lote.length >= tamanoLote) await vaciar();
          };

          await procesar(parte.primeraFila);
          for (let r = await parte.filas.next(); !r.done; r = await parte.filas.next()) {
            if (!vacia(r.value)) await procesar(r.value);
          }
          partes.push({ archivo: nombre, lectura: parte.lectura, leidas: leidas - leidasAntes });
        } finally {
          await parte.filas.return(undefined);
        }
      }
      await vaciar();
      await esperar();

      if (importadas === 0) {
        throw errores.entradaInvalida(
          `Ninguna fila de ${nombres.join(', ')} es válida (${rechazadas} rechazadas): no se modificó la tabla ${tabla}.`,
          [...rechazosPorMotivo].map(([motivo, n]) => ({ campo: 'filas', mensaje: `${motivo}: ${n}.` })),
        );
      }
      if (sinHabilitado) {
        avisos.push(
          `${nombres.length > 1 ? 'Algún archivo' : 'El archivo'} no tiene la columna «Habilitado»: sus códigos se importaron como habilitados.`,
        );
      }
      if (completados) {
        avisos.push(
          `Códigos numéricos completados con ceros a la izquierda hasta ${ancho!.ancho} dígitos (una hoja de cálculo los había quitado): ${completados}.`,
        );
      }
      if (fechasMalas) {
        avisos.push(
          `«Fecha_Actualizacion» no reconocida en ${fechasMalas} ${fechasMalas === 1 ? 'fila' : 'filas'} (p. ej. ${fechaMalaEjemplo}): ` +
            'se esperaba una fecha como la de SISPRO (2025-05-03 01:47:52 PM). Las filas se importaron igual.',
        );
      }
      const importadoEn = new Date();
      const fuente =
        opciones.fuente ??
        `Exportación oficial de SISPRO (web.sispro.gov.co), ${nombres.length > 1 ? 'archivos' : 'archivo'} ${nombres.join(', ')}`;
      const conEtiquetas = Object.keys(columnas).length ? columnas : null;
      const carga = await trx.raw(REGISTRAR_CARGA, [
        tabla,
        nombres[0],
        importadas,
        importadoEn,
        fuente,
        conEtiquetas ? JSON.stringify(conEtiquetas) : null,
        fechaMaxima ?? null,
        nombres,
      ]);
      const revision = Number(carga.rows[0].revision);
      return {
        tabla,
        archivo: nombres[0]!,
        archivos: nombres,
        lectura: partes[0]!.lectura,
        partes,
        leidas,
        importadas,
        rechazadas,
        motivos: [...rechazosPorMotivo]
          .map(([motivo, n]) => ({ motivo, filas: n }))
          .sort((a, b) => b.filas - a.filas),
        rechazos: detallados.map((d) => d.rechazo),
        avisos,
        columnas: conEtiquetas,
        fechaActualizacion: fechaMaxima?.toISOString() ?? null,
        filasAnteriores,
        importadoEn,
        revision,
      };
    });
  } finally {
    // Closed already unless the transaction failed before reading it.
    await primera.filas.return(undefined);
  }
}

function verificarEsperada(p: ParteAbierta, tabla: string, esperada: string | undefined): void {
  if (esperada && tabla !== esperada) {
    throw errores.entradaInvalida(
      `${p.nombre} se llama como un archivo de la tabla ${esperada}, pero su columna «Tabla» dice ${tabla}: no se modificó ninguna de las dos. Cámbiele el nombre o impórtelo solo.`,
    );
  }
}

// ── several files or a folder ────────────────────────────────────────────────

/** What SISPRO hands out (XLSX or TXT) and what a spreadsheet saves (CSV). */
const EXTENSIONES = new Set(['.xlsx', '.txt', '.csv']);

export interface ArchivoIgnorado {
  archivo: string;
  motivo: string;
}

export interface FalloTabla {
  /** Unknown when the file's table could not be told. */
  tabla?: string;
  archivos: string[];
  mensaje: string;
  detalles?: { campo: string; mensaje: string }[];
}

export interface ResultadoImportaciones {
  /** One per table imported, by table name. */
  importadas: ResultadoImportacion[];
  /** Tables (or files whose table is unknown) not imported: their rows stay as they were. */
  fallidas: FalloTabla[];
  /** Files of the folders given that were not read. */
  ignorados: ArchivoIgnorado[];
}

export interface GrupoTabla {
  tabla: string;
  /** Paths, parts in order. */
  rutas: string[];
}

/** Files of the paths given: folders are listed (not their subfolders), files are taken as they are. */
async function expandir(
  rutas: readonly string[],
): Promise<{ archivos: string[]; ignorados: ArchivoIgnorado[] }> {
  const archivos: string[] = [];
  const ignorados: ArchivoIgnorado[] = [];
  for (const ruta of rutas) {
    const info = await stat(ruta).catch(() => undefined);
    if (!info) throw errores.noEncontrado(`El archivo «${ruta}»`);
    if (!info.isDirectory()) {
      archivos.push(ruta);
      continue;
    }
    const entradas: Dirent[] = await readdir(ruta, { withFileTypes: true });
    entradas.sort((a, b) => a.name.localeCompare(b.name));
    const antes = archivos.length;
    for (const e of entradas) {
      const motivo = e.isDirectory()
        ? 'es una carpeta (no se recorren subcarpetas)'
        : !e.isFile()
          ? 'no es un archivo'
          : e.name.startsWith('~$')
            ? 'archivo temporal de Excel (el libro está abierto)'
            : e.name.startsWith('.')
              ? 'archivo oculto'
              : !EXTENSIONES.has(path.extname(e.name).toLowerCase())
                ? 'no es .xlsx, .txt ni .csv'
                : undefined;
      if (motivo) ignorados.push({ archivo: path.join(ruta, e.name), motivo });
      else archivos.push(path.join(ruta, e.name));
    }
    if (archivos.length === antes) {
      throw errores.entradaInvalida(
        `La carpeta «${ruta}» no tiene archivos .xlsx, .txt ni .csv para importar.`,
      );
    }
  }
  return { archivos, ignorados };
}

/**
 * Groups files by table. The `Tabla` column decides; reading it may cost a whole pass over an XLSX
 * (when its shared strings follow the sheet in the zip), so an XLSX with SISPRO's download name is
 * grouped by that name and its column checked when it is imported (a mismatch fails that table).
 * Two downloads of the same part (` (1)`, or the XLSX and the TXT) keep the newest.
 */
export async function agruparArchivos(
  archivos: readonly string[],
  tablaPedida?: string,
): Promise<{ grupos: GrupoTabla[]; ignorados: ArchivoIgnorado[]; fallidas: FalloTabla[] }> {
  const pedida = validarTablaPedida(tablaPedida);
  if (pedida) return { grupos: [{ tabla: pedida, rutas: [...archivos] }], ignorados: [], fallidas: [] };
  const ignorados: ArchivoIgnorado[] = [];
  const fallidas: FalloTabla[] = [];
  const porTabla = new Map<string, { ruta: string; parte?: number; mtime: number }[]>();
  for (const ruta of archivos) {
    const delNombre = tablaDelNombre(ruta);
    let tabla: string;
    if (delNombre?.parte !== undefined && path.extname(ruta).toLowerCase() === '.xlsx') {
      tabla = delNombre.tabla;
    } else {
      try {
        tabla = await tablaDeArchivo(ruta);
      } catch (e) {
        fallidas.push(fallo(e, [path.basename(ruta)], delNombre?.tabla));
        continue;
      }
    }
    const mtime = (await stat(ruta)).mtimeMs;
    const lista = porTabla.get(tabla) ?? [];
    lista.push({ ruta, parte: delNombre?.tabla === tabla ? delNombre.parte : undefined, mtime });
    porTabla.set(tabla, lista);
  }
  const grupos: GrupoTabla[] = [];
  for (const [tabla, lista] of [...porTabla].sort(([a], [b]) => a.localeCompare(b))) {
    const elegidos: typeof lista = [];
    for (const a of lista) {
      const otro = a.parte === undefined ? -1 : elegidos.findIndex((b) => b.parte === a.parte);
      if (otro < 0) {
        elegidos.push(a);
        continue;
      }
      const [queda, sale] = a.mtime > elegidos[otro]!.mtime ? [a, elegidos[otro]!] : [elegidos[otro]!, a];
      elegidos[otro] = queda;
      ignorados.push({
        archivo: sale.ruta,
        motivo: `otra descarga de la parte ${a.parte} de ${tabla}: se importa ${path.basename(queda.ruta)}, la más reciente`,
      });
    }
    elegidos.sort(
      (a, b) =>
        (a.parte ?? Number.MAX_SAFE_INTEGER) - (b.parte ?? Number.MAX_SAFE_INTEGER) ||
        a.ruta.localeCompare(b.ruta),
    );
    grupos.push({ tabla, rutas: elegidos.map((e) => e.ruta) });
  }
  return { grupos, ignorados, fallidas };
}

function fallo(e: unknown, archivos: string[], tabla?: string): FalloTabla {
  if (e instanceof ErrorApp) {
    return {
      ...(tabla ? { tabla } : {}),
      archivos,
      mensaje: e.message,
      ...(e.extras.detalles ? { detalles: e.extras.detalles } : {}),
    };
  }
  return {
    ...(tabla ? { tabla } : {}),
    archivos,
    mensaje: `Error inesperado: ${(e as Error).message ?? String(e)}`,
  };
}

/**
 * Imports files and folders of SISPRO downloads: each file's table from its `Tabla` column (or
 * its name), the parts of a table together, each table in its own transaction. A table that fails
 * keeps its rows and does not stop the others.
 */
export async function importarCatalogos(
  em: EntityManager,
  rutas: readonly string[],
  opciones: OpcionesImportacion & { alEmpezarTabla?: (grupo: GrupoTabla) => void } = {},
): Promise<ResultadoImportaciones> {
  const { archivos, ignorados } = await expandir(rutas);
  const agrupados = await agruparArchivos(archivos, opciones.tabla);
  const resultado: ResultadoImportaciones = {
    importadas: [],
    fallidas: agrupados.fallidas,
    ignorados: [...ignorados, ...agrupados.ignorados],
  };
  for (const grupo of agrupados.grupos) {
    opciones.alEmpezarTabla?.(grupo);
    try {
      resultado.importadas.push(
        await importarCatalogo(em, grupo.rutas, {
          ...opciones,
          tabla: opciones.tabla,
          tablaEsperada: opciones.tabla ? undefined : grupo.tabla,
        }),
      );
    } catch (e) {
      resultado.fallidas.push(
        fallo(
          e,
          grupo.rutas.map((r) => path.basename(r)),
          grupo.tabla,
        ),
      );
    }
  }
  return resultado;
}
