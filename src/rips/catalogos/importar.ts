import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { errores } from '../../errores/errores.js';
import { abrirArchivo, type DatosLectura, type FilaLeida } from './lectura.js';
import { ANCHO_NUMERICO, claveNombre, NUMERALES_EXTRA, nombreCanonico, tablaConocida } from './tablas.js';

export interface OpcionesImportacion {
  /** Table to load; by default the export's `Tabla` column, else the file name when it is a known table. */
  tabla?: string;
  /** Where the data comes from, kept with the import (default: the SISPRO export and its file name). */
  fuente?: string;
  /** Rows per INSERT (default 5000). */
  tamanoLote?: number;
  /** Called every 50 000 rows read, for long imports. */
  progreso?: (filasLeidas: number) => void;
}

export interface RechazoFila {
  /** Line (CSV) or row (XLSX) of the export. */
  linea: number;
  codigo?: string;
  motivo: string;
}

export interface ResultadoImportacion {
  tabla: string;
  archivo: string;
  lectura: DatosLectura;
  /** Data rows found in the file (blank rows are not counted). */
  leidas: number;
  /** Distinct codes now stored for the table. */
  importadas: number;
  rechazadas: number;
  /** Rejections grouped by reason, most frequent first. */
  motivos: { motivo: string; filas: number }[];
  /** The first rejected rows, with their line and detail. */
  rechazos: RechazoFila[];
  /** Notes that did not reject anything (missing optional columns, completed leading zeros…). */
  avisos: string[];
  /** Rows the table had before this import. */
  filasAnteriores: number;
  importadoEn: Date;
  /** Number of imports of this table so far (this one included). */
  revision: number;
}

const MAX_RECHAZOS_DETALLADOS = 100;
const MAX_LARGO_CODIGO = 256;
const FILAS_BUSCAR_ENCABEZADO = 20;
const CADA_PROGRESO = 50_000;

type Columna =
  | 'tabla'
  | 'codigo'
  | 'nombre'
  | 'descripcion'
  | 'habilitado'
  | (typeof NUMERALES_EXTRA)[number];

/** Official export headers by their normalized spelling (case, accents, spaces and `_` ignored). */
const COLUMNAS = new Map<string, Columna>([
  ['tabla', 'tabla'],
  ['codigo', 'codigo'],
  ['nombre', 'nombre'],
  ['descripcion', 'descripcion'],
  ['habilitado', 'habilitado'],
  ...NUMERALES_EXTRA.map((n) => [`extra${n.toLowerCase()}`, n] as [string, Columna]),
]);

const SI = new Set(['si', 's', '1', 'true', 'verdadero']);
const NO = new Set(['no', 'n', '0', 'false', 'falso']);
const SOLO_DIGITOS = /^\d+$/;

type Indices = Partial<Record<Columna, number>>;

function indicesDe(encabezado: string[]): Indices {
  const indices: Indices = {};
  encabezado.forEach((h, i) => {
    const columna = COLUMNAS.get(claveNombre(h));
    if (columna && indices[columna] === undefined) indices[columna] = i;
  });
  return indices;
}

const vacia = (f: FilaLeida) => f.celdas.every((c) => c.trim() === '');

interface FilaValida {
  codigo: string;
  nombre: string;
  descripcion: string | null;
  habilitado: boolean;
  extra: Record<string, string> | null;
}

const INSERTAR = `insert into fila_catalogo (tabla, codigo, nombre, descripcion, habilitado, extra)
select ?, x.codigo, x.nombre, x.descripcion, x.habilitado, x.extra
from jsonb_to_recordset(?::jsonb) as x(codigo text, nombre text, descripcion text, habilitado boolean, extra jsonb)
on conflict (tabla, codigo) do update
set nombre = excluded.nombre, descripcion = excluded.descripcion, habilitado = true, extra = excluded.extra
where not fila_catalogo.habilitado and excluded.habilitado`;

const REGISTRAR_CARGA = `insert into carga_catalogo (tabla, archivo, filas, importado_en, fuente, revision)
values (?, ?, ?, ?, ?, 1)
on conflict (tabla) do update
set archivo = excluded.archivo, filas = excluded.filas, importado_en = excluded.importado_en,
    fuente = excluded.fuente, revision = carga_catalogo.revision + 1
returning revision`;

/**
 * Imports an official SISPRO export (CSV or XLSX) into the database, replacing the table's rows
 * in one transaction: readers see the old rows until it commits, and a failed import leaves them
 * untouched. The CSV is streamed and inserted in batches, so memory grows only with the number of
 * distinct codes (kept to report repeated ones).
 */
export async function importarCatalogo(
  em: EntityManager,
  archivo: string,
  opciones: OpcionesImportacion = {},
): Promise<ResultadoImportacion> {
  const nombreArchivo = path.basename(archivo);
  const info = await stat(archivo).catch(() => undefined);
  if (!info?.isFile()) throw errores.noEncontrado(`El archivo «${archivo}»`);

  let tablaPedida: string | undefined;
  if (opciones.tabla !== undefined) {
    tablaPedida = nombreCanonico(opciones.tabla);
    if (!tablaPedida) {
      throw errores.entradaInvalida(
        `«${opciones.tabla}» no es un nombre de tabla válido: use el código de la tabla en SISPRO (p. ej. CIE10, CUPSRips, Municipio).`,
      );
    }
  }

  const { datos: lectura, filas } = await abrirArchivo(archivo);
  const tamanoLote = Math.max(1, opciones.tamanoLote ?? 5000);
  const rechazosPorMotivo = new Map<string, number>();
  const rechazos: RechazoFila[] = [];
  const avisos: string[] = [];
  let leidas = 0;
  let rechazadas = 0;
  const rechazar = (linea: number, motivo: string, detalle?: string, codigo?: string) => {
    rechazadas += 1;
    rechazosPorMotivo.set(motivo, (rechazosPorMotivo.get(motivo) ?? 0) + 1);
    if (rechazos.length < MAX_RECHAZOS_DETALLADOS) {
      rechazos.push({ linea, ...(codigo ? { codigo } : {}), motivo: detalle ?? motivo });
    }
  };

  // Header and first data row are read before touching the database: a wrong file fails here.
  let indices: Indices | undefined;
  let primeraFila: FilaLeida | undefined;
  let tabla: string;
  try {
    const vistas: string[][] = [];
    for (let r = await filas.next(); !r.done; r = await filas.next()) {
      if (vacia(r.value)) continue;
      if (!indices) {
        const candidatos = indicesDe(r.value.celdas);
        if (candidatos.codigo !== undefined) {
          indices = candidatos;
          continue;
        }
        vistas.push(r.value.celdas);
        if (vistas.length >= FILAS_BUSCAR_ENCABEZADO) break;
        continue;
      }
      primeraFila = r.value;
      break;
    }
    if (!indices) {
      const columnas = (vistas[0] ?? []).filter((c) => c.trim()).join(', ') || '(ninguna)';
      throw errores.entradaInvalida(
        `${nombreArchivo} no tiene la columna «Código» de las exportaciones de SISPRO en sus primeras ${FILAS_BUSCAR_ENCABEZADO} filas.`,
        [{ campo: 'columnas', mensaje: `Primera fila leída: ${columnas}.` }],
      );
    }
    if (indices.nombre === undefined) {
      throw errores.entradaInvalida(
        `${nombreArchivo} no tiene la columna «Nombre» de las exportaciones de SISPRO.`,
      );
    }
    if (indices.habilitado === undefined) {
      avisos.push(
        'El archivo no tiene la columna «Habilitado»: todos los códigos se importaron como habilitados.',
      );
    }
    const desdeColumna =
      indices.tabla !== undefined && primeraFila ? (primeraFila.celdas[indices.tabla] ?? '').trim() : '';
    let candidata = tablaPedida;
    if (!candidata && desdeColumna) {
      candidata = nombreCanonico(desdeColumna);
      if (!candidata) {
        throw errores.entradaInvalida(
          `La columna «Tabla» de ${nombreArchivo} trae «${desdeColumna}», que no es un nombre de tabla válido. Indique la tabla con --tabla.`,
        );
      }
    }
    candidata ??= tablaConocida(path.basename(archivo, path.extname(archivo)));
    if (!candidata) {
      throw errores.entradaInvalida(
        `No se sabe a qué tabla pertenece ${nombreArchivo}: el archivo no trae la columna «Tabla». Indíquela con --tabla (p. ej. --tabla CIE10).`,
      );
    }
    tabla = candidata;
    if (!primeraFila) {
      throw errores.entradaInvalida(
        `${nombreArchivo} no tiene filas de datos: no se modificó la tabla ${tabla}.`,
      );
    }
  } catch (e) {
    await filas.return(undefined);
    throw e;
  }

  const claveTabla = claveNombre(tabla);
  const ancho = ANCHO_NUMERICO[tabla];
  let completados = 0;
  // Code → first line, negative while the only rows seen for it are disabled.
  const vistos = new Map<string, number>();

  const validar = (f: FilaLeida): FilaValida | undefined => {
    const celda = (c: Columna) => {
      const i = indices![c];
      return i === undefined ? '' : (f.celdas[i] ?? '').trim();
    };
    const deTabla = celda('tabla');
    if (deTabla && claveNombre(deTabla) !== claveTabla && nombreCanonico(deTabla) !== tabla) {
      rechazar(f.linea, 'La fila es de otra tabla', `La fila es de la tabla «${deTabla}», no de ${tabla}.`);
      return undefined;
    }
    let codigo = celda('codigo');
    if (!codigo) {
      rechazar(f.linea, 'Código vacío');
      return undefined;
    }
    if (codigo.length > MAX_LARGO_CODIGO) {
      rechazar(f.linea, `Código de más de ${MAX_LARGO_CODIGO} caracteres`);
      return undefined;
    }
    if (ancho && codigo.length < ancho && SOLO_DIGITOS.test(codigo)) {
      codigo = codigo.padStart(ancho, '0');
      completados += 1;
    }
    let habilitado = true;
    if (indices!.habilitado !== undefined) {
      const valor = celda('habilitado');
      const clave = claveNombre(valor);
      if (SI.has(clave)) habilitado = true;
      else if (NO.has(clave)) habilitado = false;
      else {
        rechazar(
          f.linea,
          'Valor de «Habilitado» no reconocido (se espera SI o NO)',
          `«Habilitado» vale «${valor}»; se espera SI o NO.`,
          codigo,
        );
        return undefined;
      }
    }
    let extra: Record<string, string> | null = null;
    for (const n of NUMERALES_EXTRA) {
      const v = celda(n);
      if (!v) continue;
      extra ??= {};
      extra[n] = v;
    }
    return { codigo, nombre: celda('nombre'), descripcion: celda('descripcion') || null, habilitado, extra };
  };

  const knex = em.getConnection().getKnex();
  return knex.transaction(async (trx) => {
    // One import per table at a time; imports of different tables run in parallel.
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`catalogo:${tabla}`]);
    const borradas = await trx.raw('delete from fila_catalogo where tabla = ?', [tabla]);
    const filasAnteriores: number = borradas.rowCount ?? 0;

    let lote: FilaValida[] = [];
    let enLote = new Map<string, number>();
    const vaciar = async () => {
      if (!lote.length) return;
      await trx.raw(INSERTAR, [tabla, JSON.stringify(lote)]);
      lote = [];
      enLote = new Map();
    };
    const procesar = async (f: FilaLeida) => {
      leidas += 1;
      if (opciones.progreso && leidas % CADA_PROGRESO === 0) opciones.progreso(leidas);
      const v = validar(f);
      if (!v) return;
      const previa = vistos.get(v.codigo);
      if (previa === undefined) {
        vistos.set(v.codigo, v.habilitado ? f.linea : -f.linea);
      } else {
        const habilitadaAntes = previa > 0;
        const reemplaza = v.habilitado && !habilitadaAntes;
        rechazar(
          f.linea,
          'Código repetido',
          reemplaza
            ? `El código ya aparece deshabilitado en la línea ${-previa}; se conserva esta fila porque está habilitada.`
            : `El código ya aparece en la línea ${Math.abs(previa)}; se conserva la primera.`,
          v.codigo,
        );
        if (!reemplaza) return;
        vistos.set(v.codigo, f.linea);
        // In the current batch the row is replaced here; in an earlier one the upsert does it.
        const i = enLote.get(v.codigo);
        if (i !== undefined) {
          lote[i] = v;
          return;
        }
      }
      enLote.set(v.codigo, lote.length);
      lote.push(v);
      if (lote.length >= tamanoLote) await vaciar();
    };

    try {
      await procesar(primeraFila);
      for (let r = await filas.next(); !r.done; r = await filas.next()) {
        if (!vacia(r.value)) await procesar(r.value);
      }
      await vaciar();
    } finally {
      await filas.return(undefined);
    }

    if (vistos.size === 0) {
      throw errores.entradaInvalida(
        `Ninguna fila de ${nombreArchivo} es válida (${rechazadas} rechazadas): no se modificó la tabla ${tabla}.`,
        [...rechazosPorMotivo].map(([motivo, n]) => ({ campo: 'filas', mensaje: `${motivo}: ${n}.` })),
      );
    }
    if (completados) {
      avisos.push(
        `Códigos numéricos completados con ceros a la izquierda hasta ${ancho} dígitos (una hoja de cálculo los había quitado): ${completados}.`,
      );
    }
    const importadoEn = new Date();
    const fuente =
      opciones.fuente ?? `Exportación oficial de SISPRO (web.sispro.gov.co), archivo ${nombreArchivo}`;
    const carga = await trx.raw(REGISTRAR_CARGA, [tabla, nombreArchivo, vistos.size, importadoEn, fuente]);
    const revision = Number(carga.rows[0].revision);
    return {
      tabla,
      archivo: nombreArchivo,
      lectura,
      leidas,
      importadas: vistos.size,
      rechazadas,
      motivos: [...rechazosPorMotivo]
        .map(([motivo, n]) => ({ motivo, filas: n }))
        .sort((a, b) => b.filas - a.filas),
      rechazos,
      avisos,
      filasAnteriores,
      importadoEn,
      revision,
    };
  });
}
