import path from 'node:path';
import type { Command } from 'commander';
import { importarCatalogo, type ResultadoImportacion } from '../rips/catalogos/importar.js';
import { type EstadoCatalogoDetallado, ServicioCatalogos } from '../rips/catalogos/servicio.js';
import { TABLAS_GRANDES } from '../rips/catalogos/tablas.js';
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
  o: { tabla?: string; progreso?: (filas: number) => void } = {},
): Promise<ResultadoImportacion> {
  return importarCatalogo(ctx.em, archivo, { tabla: o.tabla, progreso: o.progreso });
}

export function listar(ctx: Contexto): Promise<EstadoCatalogoDetallado[]> {
  return new ServicioCatalogos().estados(ctx.em);
}

// ── text output ──────────────────────────────────────────────────────────────

const DESCRIPCION_GRANDE = new Map(TABLAS_GRANDES.map((t) => [t.tabla, t.descripcion]));

export function textoImportacion(r: ResultadoImportacion): string {
  const l = r.lectura;
  const como =
    l.formato === 'csv'
      ? `CSV, ${l.codificacion}, delimitador «${l.delimitador === '\t' ? 'tabulador' : l.delimitador}»`
      : `XLSX, hoja «${l.hoja ?? '?'}»`;
  let t =
    `Tabla ${r.tabla} importada desde ${r.archivo} (${como}).\n` +
    `  filas leídas:      ${r.leidas}\n` +
    `  importadas:        ${r.importadas}\n` +
    `  rechazadas:        ${r.rechazadas}\n` +
    `  filas anteriores:  ${r.filasAnteriores} (reemplazadas)\n` +
    `  importación n.º:   ${r.revision}, el ${fecha(r.importadoEn)}\n`;
  if (r.motivos.length) {
    t += `\nFilas rechazadas por motivo:\n${r.motivos.map((m) => `  - ${m.motivo}: ${m.filas}\n`).join('')}`;
    const omitidas = r.rechazadas - r.rechazos.length;
    t += `\nDetalle${omitidas > 0 ? ` (primeras ${r.rechazos.length})` : ''}:\n`;
    t += r.rechazos
      .map((x) => `  - línea ${x.linea}${x.codigo ? ` (código ${x.codigo})` : ''}: ${x.motivo}\n`)
      .join('');
  }
  if (r.avisos.length) t += `\nAvisos:\n${r.avisos.map((a) => `  - ${a}\n`).join('')}`;
  return t;
}

const ORIGEN: Record<EstadoCatalogoDetallado['origen'], string> = {
  incluido: 'incluida',
  importado: 'importada',
  ninguno: 'no cargada',
};

export function textoEstadosCatalogos(es: EstadoCatalogoDetallado[]): string {
  const fechaEstado = (e: EstadoCatalogoDetallado) =>
    !e.fecha ? '—' : e.origen === 'importado' ? fecha(new Date(e.fecha)) : e.fecha;
  const detalle = (e: EstadoCatalogoDetallado) =>
    e.origen === 'importado'
      ? (e.archivo ?? '')
      : e.origen === 'ninguno'
        ? (DESCRIPCION_GRANDE.get(e.tabla) ?? '')
        : '';
  const faltan = es.filter((e) => !e.cargado).length;
  return (
    tabla(
      ['TABLA', 'ESTADO', 'FILAS', 'FECHA', 'ARCHIVO / CONTENIDO'],
      es.map((e) => [e.tabla, ORIGEN[e.origen], String(e.filas), fechaEstado(e), detalle(e)]),
    ) +
    (faltan
      ? `\n${faltan} tablas grandes sin cargar: las reglas que las usan solo verifican el formato y la validación lo\n` +
        'indica con una nota informativa (CAT01). Impórtelas con: catalogo importar <archivo> [--tabla <nombre>]\n'
      : '')
  );
}

// ── commander ────────────────────────────────────────────────────────────────

/** Adds `catalogo importar` and `catalogo listar` to the operator CLI. */
export function registrarCatalogos(programa: Command, deps: Dependencias): void {
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
        'Importa una exportación oficial de SISPRO (CSV o XLSX) y reemplaza las filas de esa tabla',
      )
      .argument('<archivo>', 'Archivo exportado de web.sispro.gov.co (.csv o .xlsx)')
      .option(
        '--tabla <nombre>',
        'Tabla SISPRO (p. ej. CIE10, CUPSRips, Municipio); por defecto la de la columna «Tabla» del archivo',
      )
      .addHelpText(
        'after',
        '\nEl archivo debe tener las columnas de la exportación de SISPRO: Tabla, Código, Nombre, Descripción,\n' +
          'Habilitado (SI/NO) y Extra_I…Extra_X. El CSV puede usar «,» o «;» y estar en UTF-8 o Latin-1.\n' +
          'La tabla se reemplaza completa en una sola transacción: si la importación falla, no cambia nada.\n',
      ),
  ).action(async (archivo: string, o: ConJson & { tabla?: string }) => {
    const ruta = rutaArchivo(archivo, deps.env);
    const progreso = (n: number) => deps.salida.err(`  … ${n} filas leídas\n`);
    const r = await deps.ejecutar((ctx) => importar(ctx, ruta, { tabla: o.tabla, progreso }));
    responder(o, r, textoImportacion);
  });

  conJson(
    catalogo
      .command('listar')
      .description('Lista los catálogos: incluidos, importados (filas, fecha, archivo) y los que faltan'),
  ).action(async (o: ConJson) => {
    responder(o, await deps.ejecutar((ctx) => listar(ctx)), textoEstadosCatalogos);
  });
}
