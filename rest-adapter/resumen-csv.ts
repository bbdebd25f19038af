import Papa from 'papaparse';
import type { VistaResumen } from '../src/resumen/valores.js';
import type {
  ResumenCausasQuery,
  ResumenConteosQuery,
  ResumenPagadoresQuery,
  ResumenQuery,
  ResumenTiemposQuery,
} from './generated/operaciones.js';

/**
 * The report as any of the /resumen operations returns it: JSON's whole one, or each CSV view's
 * own selection (a view reads only the parts its operation asks for).
 */
export type InformeCsv =
  | ResumenQuery['resumen']
  | ResumenConteosQuery['resumen']
  | ResumenCausasQuery['resumen']
  | ResumenPagadoresQuery['resumen']
  | ResumenTiemposQuery['resumen'];
type RConteos = ResumenConteosQuery['resumen'];
type RCausas = ResumenCausasQuery['resumen'];
type RPagadores = ResumenPagadoresQuery['resumen'];
type RTiempos = ResumenTiemposQuery['resumen'];
type Celda = string | number | null;

/**
 * A spreadsheet opens text starting with these as a formula (CSV injection): payer names come
 * from invoices, so such text is prefixed with an apostrophe, which spreadsheets show as text.
 */
const FORMULA = /^[=+\-@\t\r]/;

function texto(v: string | null): string {
  if (v === null) return '';
  return FORMULA.test(v) ? `'${v}` : v;
}

/** Decimals with a comma when the separator is «;» (spreadsheets in Spanish read 0,25). */
function decimal(v: number | null, separador: string): Celda {
  if (v === null) return null;
  return separador === ';' ? String(v).replace('.', ',') : v;
}

type Fila = Celda[];

function filasResumen(r: RConteos): Fila[] {
  const filas: Fila[] = [];
  const modulos = [['rips', r.rips] as const, ['rda', r.rda] as const];
  const bloque = (
    periodo: string | null,
    hasta: string | null,
    modulo: string,
    m: {
      total: number;
      porEstado: readonly { estado: string; cantidad: number }[];
      porTipo: readonly { tipo: string; cantidad: number }[];
    },
  ) => {
    filas.push([periodo, hasta, modulo, 'total', '', m.total]);
    for (const e of m.porEstado) filas.push([periodo, hasta, modulo, 'estado', e.estado, e.cantidad]);
    for (const t of m.porTipo) filas.push([periodo, hasta, modulo, 'tipo', t.tipo, t.cantidad]);
  };
  const serie = r.rips?.serie ?? r.rda?.serie;
  if (!serie) {
    for (const [nombre, m] of modulos) if (m) bloque(r.desde, r.hasta, nombre, m);
    return filas;
  }
  for (let i = 0; i < serie.length; i++) {
    for (const [nombre, m] of modulos) {
      const p = m?.serie?.[i];
      if (p) bloque(p.periodo, p.hasta, nombre, p);
    }
  }
  return filas;
}

function filasCausas(r: RCausas, sep: string): Fila[] {
  const filas: Fila[] = [];
  for (const [modulo, m] of [
    ['rips', r.rips],
    ['rda', r.rda],
  ] as const)
    for (const c of m?.causas ?? [])
      filas.push([
        r.desde,
        r.hasta,
        modulo,
        c.fuente,
        texto(c.codigo),
        texto(c.titulo),
        c.intentos,
        c.documentos,
        decimal(c.proporcion, sep),
      ]);
  return filas;
}

function filasPagadores(r: RPagadores): Fila[] {
  const filas: Fila[] = [];
  const fila = (
    periodo: string | null,
    hasta: string | null,
    p: NonNullable<RPagadores['rips']>['montos']['porPagador'][number],
  ) =>
    filas.push([
      periodo,
      hasta,
      p.pagador,
      p.clase,
      texto(p.nombre),
      p.radicado,
      p.radicados,
      p.radicadosSinValor,
      p.retenido,
      p.retenidos,
      p.retenidosSinValor,
    ]);
  if (!r.rips) return filas;
  if (r.rips.serie) {
    for (const per of r.rips.serie)
      for (const p of 'porPagador' in per.montos ? per.montos.porPagador : [])
        fila(per.periodo, per.hasta, p);
  } else for (const p of r.rips.montos.porPagador) fila(r.desde, r.hasta, p);
  return filas;
}

function filasTiempos(r: RTiempos, sep: string): Fila[] {
  const filas: Fila[] = [];
  if (!r.rda) return filas;
  type T = NonNullable<RTiempos['rda']>['tiempos'];
  const fila = (periodo: string | null, hasta: string | null, tipo: string, t: T) =>
    filas.push([
      periodo,
      hasta,
      tipo,
      t.aceptados,
      decimal(t.intentosPorAceptado, sep),
      t.promedioMs,
      t.p50Ms,
      t.p95Ms,
      t.maxMs,
    ]);
  for (const p of r.rda.serie ?? []) fila(p.periodo, p.hasta, 'todos', p.tiempos);
  fila(r.desde, r.hasta, 'todos', r.rda.tiempos);
  for (const t of r.rda.tiemposPorTipo) fila(r.desde, r.hasta, t.tipo, t);
  return filas;
}

const CABECERAS: Record<VistaResumen, string[]> = {
  resumen: ['periodo', 'hasta', 'modulo', 'dimension', 'valor', 'cantidad'],
  causas: ['desde', 'hasta', 'modulo', 'fuente', 'codigo', 'titulo', 'intentos', 'documentos', 'proporcion'],
  pagadores: [
    'periodo',
    'hasta',
    'pagador',
    'clase',
    'nombre',
    'radicado',
    'radicados',
    'radicadosSinValor',
    'retenido',
    'retenidos',
    'retenidosSinValor',
  ],
  tiempos: [
    'periodo',
    'hasta',
    'tipo',
    'aceptados',
    'intentosPorAceptado',
    'promedioMs',
    'p50Ms',
    'p95Ms',
    'maxMs',
  ],
};

/**
 * The report as CSV (RFC 4180: CRLF, fields quoted only when needed, quotes doubled) with a UTF-8
 * BOM so Excel in Spanish reads the accents; one header row, then one row per item of the view.
 */
export function csvResumen(r: InformeCsv, vista: VistaResumen, separador: ',' | ';'): string {
  // GET /resumen runs the operation of the view (rutas.ts), so `r` holds what that view reads.
  const filas =
    vista === 'resumen'
      ? filasResumen(r as RConteos)
      : vista === 'causas'
        ? filasCausas(r as RCausas, separador)
        : vista === 'pagadores'
          ? filasPagadores(r as RPagadores)
          : filasTiempos(r as RTiempos, separador);
  // papaparse rather than csv-stringify: a year by day (≈ 42,000 cells) took 24 ms of CPU per request
  // in csv-stringify's per-field option handling (bench:resumen); Papa.unparse writes the same RFC 4180
  // text, quoting any field with the separator, a quote, a lone CR or LF, or an edge space.
  return `\ufeff${Papa.unparse([CABECERAS[vista], ...filas], {
    delimiter: separador,
    newline: '\r\n',
    // Formula-looking text is already neutralised by texto(); numbers are never prefixed.
    escapeFormulae: false,
  })}\r\n`;
}
