import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { errores } from '../errores/errores.js';
import { ANTIGUEDAD_MAXIMA_DIAS_POR_DEFECTO } from '../rips/catalogos/antiguedad.js';
import {
  type AvanceImportacion,
  importarCatalogo,
  importarCatalogos,
  type ResultadoImportacion,
  type ResultadoImportaciones,
} from '../rips/catalogos/importar.js';
import { type EstadoCatalogoDetallado, ServicioCatalogos } from '../rips/catalogos/servicio.js';
import { TABLAS_GRANDES } from '../rips/catalogos/tablas.js';
import { diaColombia } from '../rips/reglas/helpers/fechas.js';
import type { Contexto } from './comandos.js';
import { fecha, tabla } from './formato.js';
import type { Dependencias } from './programa.js';

interface ConJson {
  json?: boolean;
}

/**
 * `npm run cli` runs in the project folder; a relative path is taken from where the operator
 * typed the command (npm keeps it in INIT_CWD).
 */
export function rutaArchivo(archivo: string, env: Record<string, string | undefined>): string {
  return path.resolve(env.INIT_CWD ?? process.cwd(), archivo);
}

// ── commands as plain functions (same pattern as comandos.ts) ────────────────

export function importar(
  ctx: Contexto,
  archivo: string,
  o: { tabla?: string; progreso?: (avance: AvanceImportacion) => void } = {},
): Promise<ResultadoImportacion> {
  return importarCatalogo(ctx.em, archivo, { tabla: o.tabla, progreso: o.progreso });
}

/** Several files and/or folders: one import per table (see importarCatalogos). */
export function importarVarios(
  ctx: Contexto,
  rutas: string[],
  o: {
    tabla?: string;
    progreso?: (avance: AvanceImportacion) => void;
    alEmpezarTabla?: (grupo: { tabla: string }) => void;
  } = {},
): Promise<ResultadoImportaciones> {
  return importarCatalogos(ctx.em, rutas, o);
}

export function listar(ctx: Contexto): Promise<EstadoCatalogoDetallado[]> {
  return new ServicioCatalogos({ antiguedadMaximaDias: ctx.catalogos?.antiguedadMaximaDias }).estados(ctx.em);
}

// ── text output ──────────────────────────────────────────────────────────────

const DESCRIPCION_GRANDE = new Map(TABLAS_GRANDES.map((t) => [t.tabla, t.descripcion]));

function comoSeLeyo(l: ResultadoImportacion['lectura']): string {
  return l.formato === 'csv'
    ? `CSV, ${l.codificacion}, delimitador «${l.delimitador === '\t' ? 'tabulador' : l.delimitador}»`
    : `XLSX, hoja «${l.hoja ?? '?'}»`;
}

export function textoImportacion(r: ResultadoImportacion): string {
  const varias = r.partes.length > 1;
  let t = `Tabla ${r.tabla} importada desde ${r.archivos.join(', ')} (${comoSeLeyo(r.lectura)}).\n`;
  if (varias) {
    t += `  partes:            ${r.partes.map((p) => `${p.archivo} (${p.leidas} filas)`).join(', ')}\n`;
  }
  t +=
    `  filas leídas:      ${r.leidas}\n` +
    `  importadas:        ${r.importadas}\n` +
    `  rechazadas:        ${r.rechazadas}\n` +
    `  filas anteriores:  ${r.filasAnteriores} (reemplazadas)\n` +
    `  importación n.º:   ${r.revision}, el ${fecha(r.importadoEn)}\n`;
  if (r.fechaActualizacion) t += `  actualizada en SISPRO: ${fecha(new Date(r.fechaActualizacion))}\n`;
  if (r.columnas) {
    t += `  columnas Extra:    ${Object.entries(r.columnas)
      .map(([n, etiqueta]) => `${n} ${etiqueta}`)
      .join(', ')}\n`;
  }
  if (r.motivos.length) {
    t += `\nFilas rechazadas por motivo:\n${r.motivos.map((m) => `  - ${m.motivo}: ${m.filas}\n`).join('')}`;
    const omitidas = r.rechazadas - r.rechazos.length;
    t += `\nDetalle${omitidas > 0 ? ` (primeras ${r.rechazos.length})` : ''}:\n`;
    t += r.rechazos
      .map(
        (x) =>
          `  - ${varias ? `${x.archivo}, ` : ''}línea ${x.linea}${x.codigo ? ` (código ${x.codigo})` : ''}: ${x.motivo}\n`,
      )
      .join('');
  }
  if (r.avisos.length) t += `\nAvisos:\n${r.avisos.map((a) => `  - ${a}\n`).join('')}`;
  return t;
}

/** Every table's result, the failures, the files not read and a one-line summary. */
export function textoImportaciones(r: ResultadoImportaciones): string {
  const bloques = r.importadas.map(textoImportacion);
  for (const f of r.fallidas) {
    bloques.push(
      `No se importó ${f.tabla ? `la tabla ${f.tabla}` : 'el archivo'} (${f.archivos.join(', ')}): ${f.mensaje}\n` +
        (f.detalles ?? []).map((d) => `  - ${d.mensaje}\n`).join(''),
    );
  }
  if (r.ignorados.length) {
    bloques.push(
      `Archivos no leídos:\n${r.ignorados.map((i) => `  - ${path.basename(i.archivo)}: ${i.motivo}\n`).join('')}`,
    );
  }
  const tablas = (n: number) => (n === 1 ? '1 tabla' : `${n} tablas`);
  const nombres = (ts: (string | undefined)[]) =>
    ts.length ? ` (${ts.map((t) => t ?? '?').join(', ')})` : '';
  let resumen = `Resumen: ${tablas(r.importadas.length)} importada${r.importadas.length === 1 ? '' : 's'}${nombres(r.importadas.map((i) => i.tabla))}`;
  if (r.fallidas.length) {
    resumen += `, ${r.fallidas.length} con error${nombres(r.fallidas.map((f) => f.tabla))} (sus filas no cambiaron)`;
  }
  if (r.ignorados.length) {
    resumen += `, ${r.ignorados.length} ${r.ignorados.length === 1 ? 'archivo no leído' : 'archivos no leídos'}`;
  }
  bloques.push(`${resumen}.\n`);
  return bloques.join('\n');
}

const INTERVALO_PROGRESO_MS = 1000;

/**
 * Progress of a long import on a terminal: one line rewritten in place about once a second with the
 * rows read and the rows per second of the table being imported; cleared when the table ends.
 */
export function crearProgreso(escribir: (texto: string) => void, ahora: () => number = Date.now) {
  let inicio = ahora();
  let ultimo = inicio;
  let visible = false;
  const limpiar = () => {
    if (visible) escribir('\r\x1b[2K');
    visible = false;
  };
  return {
    empezar(): void {
      limpiar();
      inicio = ahora();
      ultimo = inicio;
    },
    avance(a: AvanceImportacion): void {
      const t = ahora();
      if (t - ultimo < INTERVALO_PROGRESO_MS) return;
      ultimo = t;
      const porSegundo = Math.round((a.leidas * 1000) / Math.max(1, t - inicio));
      escribir(
        `\r\x1b[2K  ${a.tabla} (${a.archivo}): ${a.leidas.toLocaleString('es-CO')} filas leídas, ` +
          `${porSegundo.toLocaleString('es-CO')} filas/s`,
      );
      visible = true;
    },
    terminar: limpiar,
  };
}

const ORIGEN: Record<EstadoCatalogoDetallado['origen'], string> = {
  incluido: 'incluida',
  importado: 'importada',
  ninguno: 'no cargada',
};

/**
 * FECHA is the import for an imported table (the shipped file's data date otherwise); SISPRO is the
 * day (Colombia) of the newest Fecha_Actualizacion of its rows. An import older than `maximaDias`
 * (CATALOGOS_ANTIGUEDAD_MAXIMA_DIAS) is «importada, antigua» and named again below the table.
 */
export function textoEstadosCatalogos(
  es: EstadoCatalogoDetallado[],
  maximaDias = ANTIGUEDAD_MAXIMA_DIAS_POR_DEFECTO,
): string {
  const fechaEstado = (e: EstadoCatalogoDetallado) =>
    !e.fecha ? '—' : e.origen === 'importado' ? fecha(new Date(e.fecha)) : e.fecha;
  const sispro = (e: EstadoCatalogoDetallado) =>
    e.fechaActualizacion ? diaColombia(new Date(e.fechaActualizacion)) : '—';
  const estado = (e: EstadoCatalogoDetallado) => `${ORIGEN[e.origen]}${e.antigua ? ', antigua' : ''}`;
  const detalle = (e: EstadoCatalogoDetallado) => {
    if (e.origen === 'importado') return e.archivos?.length ? e.archivos.join(', ') : (e.archivo ?? '');
    return e.origen === 'ninguno' ? (DESCRIPCION_GRANDE.get(e.tabla) ?? '') : '';
  };
  const faltan = es.filter((e) => !e.cargado).length;
  const antiguas = es.filter((e) => e.antigua);
  return (
    tabla(
      ['TABLA', 'ESTADO', 'FILAS', 'FECHA', 'ACTUALIZADA EN SISPRO', 'ARCHIVO / CONTENIDO'],
      es.map((e) => [e.tabla, estado(e), String(e.filas), fechaEstado(e), sispro(e), detalle(e)]),
    ) +
    (antiguas.length
      ? `\n${antiguas.length === 1 ? '1 tabla importada' : `${antiguas.length} tablas importadas`} hace más de ` +
        `${maximaDias} días (CATALOGOS_ANTIGUEDAD_MAXIMA_DIAS): ` +
        `${antiguas.map((e) => `${e.tabla} (hace ${e.antiguedadDias} días)`).join(', ')}.\n` +
        'Descargue de SISPRO la exportación actual e impórtela de nuevo: catalogo importar <carpeta>\n'
      : '') +
    (faltan
      ? `\n${faltan} tablas grandes sin cargar: las reglas que las usan solo verifican el formato y la validación lo\n` +
        'indica con una nota informativa (CAT01). Impórtelas con: catalogo importar <archivo> [--tabla <nombre>]\n'
      : '')
  );
}

// ── commander ────────────────────────────────────────────────────────────────

export interface DependenciasCatalogos extends Dependencias {
  /** stderr is a terminal, where progress is shown (default: process.stderr.isTTY). */
  errEsTerminal?: boolean;
  /** Clock of the progress line (tests). */
  ahora?: () => number;
}

/** Adds `catalogo importar` and `catalogo listar` to the operator CLI. */
export function registrarCatalogos(programa: Command, deps: DependenciasCatalogos): void {
  const responder = <T>(o: ConJson, valor: T, texto: (v: T) => string) =>
    deps.salida.out(o.json ? `${JSON.stringify(valor, null, 2)}\n` : texto(valor));
  const conJson = (cmd: Command) => cmd.option('--json', 'Salida en JSON (para scripts)');

  const catalogo = programa
    .command('catalogo')
    .description('Catálogos SISPRO: importación de las tablas grandes y estado de todas');

  conJson(
    catalogo
      .command('importar')
      .description(
        'Importa las descargas de SISPRO (XLSX o TXT, también CSV): archivos o carpetas enteras, cada tabla completa',
      )
      .argument(
        '<archivo...>',
        'Archivos descargados de web.sispro.gov.co (.xlsx, .txt o .csv) o la carpeta que los contiene',
      )
      .option(
        '--tabla <nombre>',
        'Tabla SISPRO (p. ej. CIE10, CUPSRips, Municipio) de todos los archivos dados; por defecto la columna «Tabla» de cada uno',
      )
      .addHelpText(
        'after',
        '\nCada archivo debe tener las columnas de SISPRO: Tabla, Codigo, Nombre, Descripcion, Habilitado (SI/NO),\n' +
          'Extra_I…Extra_X y Fecha_Actualizacion. De una carpeta se leen los .xlsx, .txt y .csv; las partes de una tabla\n' +
          '(TablaReferencia_X__1, __2…) se importan juntas. Cada tabla se reemplaza completa en una sola transacción:\n' +
          'si su importación falla, esa tabla no cambia y las demás se importan igual (código de salida 1).\n' +
          'Ejemplo: catalogo importar ~/Descargas/sispro\n',
      ),
  ).action(async (archivos: string[], o: ConJson & { tabla?: string }) => {
    const rutas = archivos.map((a) => rutaArchivo(a, deps.env));
    const enTerminal = !o.json && (deps.errEsTerminal ?? process.stderr.isTTY === true);
    const progreso = enTerminal ? crearProgreso(deps.salida.err, deps.ahora) : undefined;
    const avance = progreso ? (a: AvanceImportacion) => progreso.avance(a) : undefined;
    const esCarpeta = (r: string) =>
      stat(r).then(
        (s) => s.isDirectory(),
        () => false,
      );
    const unArchivo = rutas.length === 1 && !(await esCarpeta(rutas[0]!));
    try {
      if (unArchivo) {
        // One file: its result as before (a failure is the command's error).
        progreso?.empezar();
        const r = await deps.ejecutar((ctx) =>
          importar(ctx, rutas[0]!, { tabla: o.tabla, progreso: avance }),
        );
        progreso?.terminar();
        responder(o, r, textoImportacion);
        return;
      }
      const r = await deps.ejecutar((ctx) =>
        importarVarios(ctx, rutas, {
          tabla: o.tabla,
          progreso: avance,
          alEmpezarTabla: () => progreso?.empezar(),
        }),
      );
      progreso?.terminar();
      responder(o, r, textoImportaciones);
      if (r.fallidas.length) {
        throw errores.entradaInvalida(
          `No se ${r.fallidas.length === 1 ? 'importó 1 tabla' : `importaron ${r.fallidas.length} tablas`} (vea el detalle arriba); las demás sí.`,
        );
      }
    } finally {
      progreso?.terminar();
    }
  });

  conJson(
    catalogo
      .command('listar')
      .description(
        'Lista los catálogos: incluidos, importados (filas, fecha de importación y de SISPRO, archivos; las antiguas) y los que faltan',
      ),
  ).action(async (o: ConJson) => {
    let maximaDias: number | undefined;
    const estados = await deps.ejecutar((ctx) => {
      maximaDias = ctx.catalogos?.antiguedadMaximaDias;
      return listar(ctx);
    });
    responder(o, estados, (es) => textoEstadosCatalogos(es, maximaDias));
  });
}
