import type { Request } from 'express';
import { errores } from '../src/errores/errores.js';
import { FUENTES } from '../src/errores/valores.js';
import { TIPOS_RDA } from '../src/rda/tipos.js';
import { ESTADOS_TRANSMISION } from '../src/rda/transmision/valores.js';
import {
  AGRUPACIONES,
  CLASES_PAGADOR,
  MODULOS_RESUMEN,
  TIPOS_RADICACION,
  VISTAS_RESUMEN,
  type VistaResumen,
} from '../src/resumen/valores.js';
import { ESTADOS_RADICACION } from '../src/rips/radicacion/valores.js';
import type { ResumenQuery } from './generated/operaciones.js';
import { csvResumen } from './resumen-csv.js';
import type { EsquemaJson } from './tipos.js';

/** `[{estado: 'aceptado', cantidad: 3}, …]` → `{aceptado: 3, …}` (the GraphQL list keeps every value). */
function porValor<K extends 'estado' | 'tipo'>(
  filas: readonly ({ cantidad: number } & Record<K, string>)[],
  clave: K,
) {
  const r: Record<string, number> = {};
  for (const f of filas) r[f[clave]] = f.cantidad;
  return r;
}

/**
 * GET /resumen body: the contract's `porEstado`, `porTipo` and `total` at the top (one entry per
 * module, null when the caller's role cannot read it or another module was asked for), then the
 * period, the series (periods of both modules side by side), causes, money and RDA timing.
 */
export function cuerpoResumen({ resumen: r }: ResumenQuery) {
  const { rips, rda } = r;
  const n = Math.max(rips?.serie?.length ?? 0, rda?.serie?.length ?? 0);
  const base = rips?.serie ?? rda?.serie ?? null;
  return {
    porEstado: {
      rips: rips ? porValor(rips.porEstado, 'estado') : null,
      rda: rda ? porValor(rda.porEstado, 'estado') : null,
    },
    porTipo: {
      rips: rips ? porValor(rips.porTipo, 'tipo') : null,
      rda: rda ? porValor(rda.porTipo, 'tipo') : null,
    },
    total: { rips: rips ? rips.total : null, rda: rda ? rda.total : null },
    periodo: { desde: r.desde, hasta: r.hasta, agrupar: r.agrupar, zonaHoraria: r.zonaHoraria },
    serie: base
      ? Array.from({ length: n }, (_, i) => {
          const pr = rips?.serie?.[i];
          const pd = rda?.serie?.[i];
          return {
            periodo: (pr ?? pd)!.periodo,
            hasta: (pr ?? pd)!.hasta,
            porEstado: {
              rips: pr ? porValor(pr.porEstado, 'estado') : null,
              rda: pd ? porValor(pd.porEstado, 'estado') : null,
            },
            porTipo: {
              rips: pr ? porValor(pr.porTipo, 'tipo') : null,
              rda: pd ? porValor(pd.porTipo, 'tipo') : null,
            },
            total: { rips: pr ? pr.total : null, rda: pd ? pd.total : null },
            // Per payer and period: GraphQL `serie.montos.porPagador` or CSV vista=pagadores.
            montos: pr ? pr.montos : null,
            tiempos: pd ? pd.tiempos : null,
          };
        })
      : null,
    causas: { rips: rips ? rips.causas : null, rda: rda ? rda.causas : null },
    montos: rips ? rips.montos : null,
    tiempos: rda ? { total: rda.tiempos, porTipo: rda.tiemposPorTipo } : null,
    pendientes: rda ? rda.pendientes : null,
  };
}

export interface OpcionesCsv {
  vista: VistaResumen;
  separador: ',' | ';';
}

/** Read once per request: the view picks the operation, then the variables and the answer use it. */
const formatos = new WeakMap<Request, OpcionesCsv | null>();

export function formatoResumen(req: Request, parametro: (n: string) => string | null): OpcionesCsv | null {
  if (formatos.has(req)) return formatos.get(req)!;
  const r = leerFormato(req, parametro);
  formatos.set(req, r);
  return r;
}

/** `formato`, `vista` and `separador`, checked before the operation runs (Spanish 400s). */
function leerFormato(req: Request, parametro: (n: string) => string | null): OpcionesCsv | null {
  const formato = parametro('formato');
  const vista = parametro('vista') ?? 'resumen';
  const separador = parametro('separador') ?? ',';
  const problemas: { campo: string; mensaje: string }[] = [];
  if (formato !== null && formato !== 'json' && formato !== 'csv')
    problemas.push({ campo: 'formato', mensaje: '«formato» admite json o csv.' });
  if (!(VISTAS_RESUMEN as readonly string[]).includes(vista))
    problemas.push({ campo: 'vista', mensaje: `«vista» admite ${VISTAS_RESUMEN.join(', ')}.` });
  if (separador !== ',' && separador !== ';')
    problemas.push({
      campo: 'separador',
      mensaje:
        '«separador» admite «,» (por defecto) o «;» (hojas de cálculo con coma decimal; en la URL, %3B).',
    });
  if (problemas.length) throw errores.entradaInvalida(problemas.map((p) => p.mensaje).join(' '), problemas);
  const csv =
    formato === 'csv' || (formato === null && req.accepts(['application/json', 'text/csv']) === 'text/csv');
  return csv ? { vista: vista as VistaResumen, separador: separador as ',' | ';' } : null;
}

/** The REST answer: JSON, or the CSV of the asked view. */
export function respuestaResumen(data: ResumenQuery, csv: OpcionesCsv | null) {
  if (!csv) return { status: 200, body: cuerpoResumen(data) };
  const r = data.resumen;
  const nombre = `resumen-${csv.vista}${r.desde ? `-${r.desde}` : ''}${r.hasta ? `-${r.hasta}` : ''}.csv`;
  return {
    status: 200,
    body: csvResumen(r, csv.vista, csv.separador),
    tipoContenido: 'text/csv; charset=utf-8; header=present',
    cabeceras: { 'Content-Disposition': `attachment; filename="${nombre}"` },
  };
}

const RIPS_NULL = 'null si el rol no tiene `rips:leer` o se pidió modulo=rda';
const RDA_NULL = 'null si el rol no tiene `rda:leer` o se pidió modulo=rips';
const ENTERO = { type: 'integer', minimum: 0 };
const ENTERO_NULO = { type: ['integer', 'null'], minimum: 0 };
const FECHA = { type: 'string', format: 'date' };

/** Every value of a closed set as a required count (0 when none), or null for a module the caller cannot read. */
function conteos(valores: readonly string[], description: string): EsquemaJson {
  return {
    type: ['object', 'null'],
    description,
    required: [...valores],
    properties: Object.fromEntries(valores.map((v) => [v, ENTERO])),
    additionalProperties: false,
  };
}

function porModulo(description: string, rips: EsquemaJson, rda: EsquemaJson): EsquemaJson {
  return {
    type: 'object',
    description,
    required: ['rips', 'rda'],
    properties: { rips, rda },
    additionalProperties: false,
  };
}

function objeto(propiedades: Record<string, EsquemaJson>, extra: Partial<EsquemaJson> = {}): EsquemaJson {
  return {
    type: 'object',
    required: Object.keys(propiedades),
    properties: propiedades,
    additionalProperties: false,
    ...extra,
  };
}

const MONTOS: Record<string, EsquemaJson> = {
  radicado: { type: 'integer', description: 'Pesos radicados con CUV' },
  radicados: ENTERO,
  radicadosSinValor: ENTERO,
  retenido: { type: 'integer', description: 'Pesos rechazados y aún no radicados con éxito' },
  retenidos: ENTERO,
  retenidosSinValor: ENTERO,
};
const MONTO_PAGADOR = objeto({
  pagador: { type: ['string', 'null'], description: 'NIT; null si no es una organización' },
  clase: { type: 'string', enum: [...CLASES_PAGADOR] },
  nombre: { type: ['string', 'null'] },
  ...MONTOS,
});
const TIEMPOS = objeto({
  aceptados: ENTERO,
  intentosPorAceptado: { type: ['number', 'null'] },
  promedioMs: ENTERO_NULO,
  p50Ms: ENTERO_NULO,
  p95Ms: ENTERO_NULO,
  maxMs: ENTERO_NULO,
});
const CAUSAS = {
  type: ['array', 'null'],
  items: objeto({
    codigo: { type: 'string' },
    fuente: { type: 'string', enum: [...FUENTES] },
    titulo: { type: 'string' },
    intentos: ENTERO,
    documentos: ENTERO,
    proporcion: { type: 'number', minimum: 0 },
  }),
};
const CONTEOS_ESTADO = () =>
  porModulo(
    'Cantidad por estado de cada módulo (todos los estados, 0 si no hay)',
    conteos(ESTADOS_RADICACION, `Intentos de radicación RIPS por estado; ${RIPS_NULL}`),
    conteos(ESTADOS_TRANSMISION, `Transmisiones RDA por estado; ${RDA_NULL}`),
  );
const CONTEOS_TIPO = () =>
  porModulo(
    'Cantidad por tipo de cada módulo (todos los tipos, 0 si no hay)',
    conteos(
      TIPOS_RADICACION,
      `Intentos de radicación RIPS por tipo: FEV (factura) o el tipo de nota (NC, ND, NA, RS) en las operaciones clásicas; un tipo propio en cada operación de cápita y de nota crédito sin RIPS (ver docs/resumen.md); ${RIPS_NULL}`,
    ),
    conteos(TIPOS_RDA, `Transmisiones RDA por tipo de RDA; ${RDA_NULL}`),
  );
const TOTALES = () =>
  porModulo(
    'Total de cada módulo',
    { type: ['integer', 'null'], minimum: 0, description: `Intentos de radicación RIPS; ${RIPS_NULL}` },
    { type: ['integer', 'null'], minimum: 0, description: `Transmisiones RDA; ${RDA_NULL}` },
  );

export const ESQUEMA_RESUMEN: EsquemaJson = objeto({
  porEstado: CONTEOS_ESTADO(),
  porTipo: CONTEOS_TIPO(),
  total: TOTALES(),
  periodo: objeto(
    {
      desde: {
        type: ['string', 'null'],
        format: 'date',
        description: 'Primer día incluido; null = todo el historial',
      },
      hasta: { type: ['string', 'null'], format: 'date', description: 'Día siguiente al último incluido' },
      agrupar: { type: ['string', 'null'], enum: [...AGRUPACIONES, null] },
      zonaHoraria: { type: 'string', const: 'America/Bogota' },
    },
    { description: 'El período que cubren las cifras (días de Colombia)' },
  ),
  serie: {
    type: ['array', 'null'],
    description: 'Con `agrupar`: un elemento por período, también los vacíos; null sin él',
    items: objeto({
      periodo: { ...FECHA, description: 'Inicio del período (día, lunes de la semana o día 1 del mes)' },
      hasta: { ...FECHA, description: 'Fin exclusivo, recortado a `hasta`' },
      porEstado: CONTEOS_ESTADO(),
      porTipo: CONTEOS_TIPO(),
      total: TOTALES(),
      montos: { ...objeto(MONTOS), type: ['object', 'null'] },
      tiempos: { ...TIEMPOS, type: ['object', 'null'] },
    }),
  },
  causas: porModulo('Reglas que más rechazaron, de mayor a menor (máximo 100 por módulo)', CAUSAS, CAUSAS),
  montos: {
    ...objeto({ ...MONTOS, porPagador: { type: 'array', items: MONTO_PAGADOR } }),
    type: ['object', 'null'],
    description: `Dinero de facturas y RIPS sin factura en el período; ${RIPS_NULL}`,
  },
  tiempos: {
    ...objeto({
      total: TIEMPOS,
      porTipo: {
        type: 'array',
        items: {
          ...TIEMPOS,
          required: ['tipo', ...(TIEMPOS.required as string[])],
          properties: { tipo: { type: 'string', enum: [...TIPOS_RDA] }, ...(TIEMPOS.properties as object) },
        },
      },
    }),
    type: ['object', 'null'],
    description: `Del primer envío a la IHCE hasta aceptado; ${RDA_NULL}`,
  },
  pendientes: {
    ...objeto({
      cantidad: ENTERO,
      masAntiguo: {
        ...objeto({
          id: { type: 'string' },
          tipo: { type: 'string', enum: [...TIPOS_RDA] },
          estado: { type: 'string', enum: ['validado', 'enviado'] },
          creadoEn: { type: 'string', format: 'date-time' },
        }),
        type: ['object', 'null'],
      },
    }),
    type: ['object', 'null'],
    description: `Transmisiones que aún esperan respuesta de la IHCE; ${RDA_NULL}`,
  },
});

export const PARAMETROS_RESUMEN = [
  {
    nombre: 'desde',
    descripcion:
      'Primer día incluido: fecha (2026-01-01) o fecha y hora a las 00:00 de Colombia (2026-01-01T00:00:00-05:00); por defecto, el primer día con datos',
    esquema: { type: 'string', example: '2026-01-01' },
  },
  {
    nombre: 'hasta',
    descripcion: 'Fin exclusivo, en la misma forma; por defecto, mañana (incluye hoy)',
    esquema: { type: 'string', example: '2026-02-01' },
  },
  {
    nombre: 'modulo',
    descripcion: 'Solo un módulo',
    esquema: { type: 'string', enum: [...MODULOS_RESUMEN] },
  },
  {
    nombre: 'agrupar',
    descripcion: 'Serie por día (máximo 3 años), semana ISO o mes, con los períodos vacíos',
    esquema: { type: 'string', enum: [...AGRUPACIONES] },
  },
  {
    nombre: 'formato',
    descripcion: 'csv para hoja de cálculo (igual que Accept: text/csv); por defecto json',
    esquema: { type: 'string', enum: ['json', 'csv'] },
  },
  {
    nombre: 'vista',
    descripcion: 'Filas del CSV: resumen (período × módulo × estado/tipo), causas, pagadores o tiempos',
    esquema: { type: 'string', enum: [...VISTAS_RESUMEN], default: 'resumen' },
  },
  {
    nombre: 'separador',
    descripcion: 'Separador del CSV: «,» (por defecto) o «;» con coma decimal (Excel en español)',
    esquema: { type: 'string', enum: [',', ';'], default: ',' },
  },
];
