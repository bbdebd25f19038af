import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { TIPOS_RDA } from '../rda/tipos.js';
import { ESTADOS_TRANSMISION } from '../rda/transmision/valores.js';
import { PAGADOR_PERSONA_NATURAL, SIN_PAGADOR } from '../rips/radicacion/valor.js';
import { ESTADOS_RADICACION } from '../rips/radicacion/valores.js';
import { type ConteoModulo, contarRda, contarRips } from './contadores.js';
import { type FiltrosResumen, revisarSerie } from './filtros.js';
import { valorDe } from './mapas.js';
import { hoyBogota, periodos, sumarDias, tramosMensuales } from './periodos.js';
import {
  type AcumuladoTiempos,
  acumuladoVacio,
  type FilaTiempos,
  fusionar,
  sumarFila,
  TIPOS_JUNTOS,
  type Tiempos,
  tiemposDe,
  tiemposPrecalculados,
} from './tiempos.js';
import { textosCausa } from './titulos.js';
import { type Agrupacion, type ClasePagador, type ModuloResumen, TIPOS_RADICACION } from './valores.js';

export interface Montos {
  /** Whole pesos filed (radicado) in the period. */
  radicado: number;
  radicados: number;
  radicadosSinValor: number;
  /** Whole pesos held back: rejected and not filed with success since. */
  retenido: number;
  retenidos: number;
  retenidosSinValor: number;
}

export interface MontoPagador extends Montos {
  pagador: string | null;
  clase: ClasePagador;
  nombre: string | null;
}

export interface Causa {
  codigo: string;
  fuente: string;
  titulo: string;
  intentos: number;
  documentos: number;
  /** Share of the module's rejected attempts in the range (0–1). */
  proporcion: number;
}

export interface PeriodoConteos extends ConteoModulo {
  /** The period's start (a Colombian date). */
  periodo: string;
  /** The period's exclusive end, clipped to the range. */
  hasta: string;
}

export interface Pendientes {
  cantidad: number;
  masAntiguo: { id: string; tipo: string; estado: string; creadoEn: Date } | null;
}

/** The range a report covers: null = all time without a series. */
export interface Rango {
  desde: string;
  hasta: string;
}

const ESTADOS: Record<ModuloResumen, readonly string[]> = {
  rips: ESTADOS_RADICACION,
  rda: ESTADOS_TRANSMISION,
};
const TIPOS: Record<ModuloResumen, readonly string[]> = { rips: TIPOS_RADICACION, rda: TIPOS_RDA };
/** What counts as a rejected attempt: for RDA, a transmission the linter blocked stays `generado`. */
const RECHAZOS: Record<ModuloResumen, readonly string[]> = {
  rips: ['rechazado', 'rechazado-local'],
  rda: ['rechazado', 'generado'],
};
const EN_ESPERA = ['validado', 'enviado'];
const MARGEN_RELOJ_MS = 10 * 60_000;
/** The longest causes list per module (the rest are the rare tail). */
export const MAX_CAUSAS = 100;

const PERIODO_SQL: Record<Agrupacion, string> = {
  dia: 'dia',
  semana: `date_trunc('week', dia::timestamp)::date`,
  mes: `date_trunc('month', dia::timestamp)::date`,
};

export function montosVacios(): Montos {
  return { radicado: 0, radicados: 0, radicadosSinValor: 0, retenido: 0, retenidos: 0, retenidosSinValor: 0 };
}

const CLAVES_MONTOS = Object.keys(montosVacios()) as (keyof Montos)[];

function sumarMontos(a: Montos, b: Montos): void {
  for (const k of CLAVES_MONTOS) a[k] += b[k];
}

/** `resumen_monto_dia.pagador` of each day's all-payers row (what the series' totals read). */
const PAGADORES_JUNTOS = '*';
/** Payers beyond the MAX_PAGADORES largest, summed in one row. */
const PAGADOR_OTROS = 'otros';
export const MAX_PAGADORES = 100;
/** The money columns of `resumen_monto_dia` and `resumen_monto_mes`. */
export const COLUMNAS_MONTOS = [
  'radicado',
  'radicados',
  'radicados_sin_valor',
  'retenido',
  'retenidos',
  'retenidos_sin_valor',
] as const;

/** A row of summed money (bigint sums come back from node-pg as text). */
type FilaMonto = { periodo: unknown; pagador: string; nombre?: string | null } & Record<
  (typeof COLUMNAS_MONTOS)[number],
  string
>;

function montosDe(f: FilaMonto): Montos {
  return {
    radicado: Number(f.radicado),
    radicados: Number(f.radicados),
    radicadosSinValor: Number(f.radicados_sin_valor),
    retenido: Number(f.retenido),
    retenidos: Number(f.retenidos),
    retenidosSinValor: Number(f.retenidos_sin_valor),
  };
}

function clasePagador(pagador: string): ClasePagador {
  return pagador === PAGADOR_PERSONA_NATURAL
    ? 'persona-natural'
    : pagador === SIN_PAGADOR
      ? 'sin-pagador'
      : pagador === PAGADOR_OTROS
        ? 'otros'
        : 'nit';
}

/** `date` columns come back as text (node-pg type parser) or Date; either way a Colombian date. */
function fecha(v: unknown): string {
  return v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);
}

/** Counts of one module being summed: per state and type in the order of their closed sets. */
interface AcumuladoConteo {
  total: number;
  estados: number[];
  tipos: number[];
}

function conteoVacio(modulo: ModuloResumen): AcumuladoConteo {
  return { total: 0, estados: ESTADOS[modulo].map(() => 0), tipos: TIPOS[modulo].map(() => 0) };
}

/**
 * A day's marginal count key → [type index, state index]: "t|tipo" → [i, −1], "e|estado" → [−1, i]
 * (−1 for a value the closed sets no longer hold). Small and closed, so kept per module.
 */
const INDICES: Record<ModuloResumen, Map<string, [number, number]>> = { rips: new Map(), rda: new Map() };

function indicesDe(modulo: ModuloResumen, clave: string): [number, number] {
  const m = INDICES[modulo];
  let i = m.get(clave);
  if (!i) {
    const valor = clave.slice(2);
    i = clave.startsWith('t|')
      ? [TIPOS[modulo].indexOf(valor), -1]
      : clave.startsWith('e|')
        ? [-1, ESTADOS[modulo].indexOf(valor)]
        : [-1, -1];
    // Keys come from our own triggers, but the map stays bounded whatever a row holds.
    if (m.size < 10_000) m.set(clave, i);
  }
  return i;
}

/** Adds a day's {"t|tipo": n, "e|estado": n}; every change counts once in each, the total from the states. */
function sumarConteos(
  a: AcumuladoConteo,
  modulo: ModuloResumen,
  conteos: Record<string, number | string>,
): void {
  for (const clave in conteos) {
    const n = Number(conteos[clave]);
    if (!n) continue;
    const [t, e] = indicesDe(modulo, clave);
    if (t >= 0) a.tipos[t]! += n;
    else if (clave.charCodeAt(0) === 101 /* e */) {
      if (e >= 0) a.estados[e]! += n;
      a.total += n;
    }
  }
}

function conteoDe(modulo: ModuloResumen, a: AcumuladoConteo): ConteoModulo {
  return {
    total: a.total,
    porEstado: ESTADOS[modulo].map((estado, i) => ({ estado, cantidad: a.estados[i]! })),
    porTipo: TIPOS[modulo].map((tipo, i) => ({ tipo, cantidad: a.tipos[i]! })),
  };
}

/** Every RDA type's figures from accumulators keyed `prefijo + tipo` (zeros for a type without rows). */
function porTipo(m: Map<string, AcumuladoTiempos>, prefijo = ''): (Tiempos & { tipo: string })[] {
  return TIPOS_RDA.map((tipo) => ({ tipo, ...tiemposDe(m.get(prefijo + tipo) ?? acumuladoVacio()) }));
}

/**
 * One report request: every figure read from the daily roll-ups, each query run at most once and
 * only when a field asks for it (GraphQL resolves fields lazily; REST asks for all).
 */
export class ConsultaResumen {
  private readonly memo = new Map<string, Promise<unknown>>();

  constructor(
    private readonly em: EntityManager,
    readonly entidadId: string,
    readonly filtros: FiltrosResumen,
    /** Modules this caller may read and asked for. */
    readonly modulos: readonly ModuloResumen[],
    private readonly ahora = Date.now(),
  ) {}

  /** Knex expands a JS array into a list; `any(?::text[])` wants one array literal. */
  private get modulosSql(): string {
    return `{${this.modulos.join(',')}}`;
  }

  private una<T>(clave: string, f: () => Promise<T>): Promise<T> {
    let p = this.memo.get(clave) as Promise<T> | undefined;
    if (!p) {
      p = f();
      this.memo.set(clave, p);
    }
    return p;
  }

  private sql<T>(consulta: string, parametros: unknown[]): Promise<T[]> {
    return this.em.getConnection().execute(consulta, parametros, 'all') as Promise<T[]>;
  }

  /**
   * Reads asked in the same turn of the event loop (the fields GraphQL resolves side by side) go to
   * PostgreSQL in statements of up to three reads, each read one JSON array of the statement's single
   * row: two or three round trips instead of six or seven, still spread over two or three backends
   * (one statement for all of them ran them one after the other: a year by day 5–10 ms slower).
   */
  private readonly lecturas = new DataLoader<[string, unknown[]], unknown[]>(
    async (lecturas) => {
      const [fila] = await this.sql<{ filas: unknown[][] }>(
        `select json_build_array(${lecturas
          .map(([consulta]) => `(select coalesce(json_agg(x), '[]'::json) from (${consulta}) x)`)
          .join(', ')}) as filas`,
        lecturas.flatMap(([, parametros]) => parametros),
      );
      return lecturas.map((_, i) => fila?.filas[i] ?? []);
    },
    { cache: false, maxBatchSize: 3 },
  );

  /**
   * The rows of `consulta` as one JSON array: PostgreSQL builds it and Node parses it once, instead
   * of decoding a protocol row (and a jsonb value) per day.
   */
  private async json<T>(consulta: string, parametros: unknown[]): Promise<T[]> {
    return (await this.lecturas.load([consulta, parametros])) as T[];
  }

  /** The range: as given, else from the entity's first day with data to today (Colombia). */
  rango(): Promise<Rango | null> {
    return this.una('rango', async () => {
      const f = this.filtros;
      if (!f.desde && !f.hasta && !f.agrupar) return null;
      const manana = sumarDias(hoyBogota(this.ahora), 1);
      let desde = f.desde;
      if (!desde) {
        const [fila] = await this.sql<{ dia: unknown }>(
          'select min(dia) as dia from resumen_dia where entidad_id = ?',
          [this.entidadId],
        );
        desde = fila?.dia ? fecha(fila.dia) : hoyBogota(this.ahora);
        // A given end is kept as asked: the default start moves before it instead.
        if (f.hasta && desde >= f.hasta) desde = sumarDias(f.hasta, -1);
      }
      const hasta = f.hasta ?? (manana > desde ? manana : sumarDias(desde, 1));
      if (f.agrupar) revisarSerie(desde, hasta, f.agrupar);
      return { desde, hasta };
    });
  }

  /** `and dia >= ? and dia < ?` (or nothing for all time) with its parameters. */
  private async dias(): Promise<[string, unknown[]]> {
    const r = await this.rango();
    return r ? [' and dia >= ?::date and dia < ?::date', [r.desde, r.hasta]] : ['', []];
  }

  private periodoSql(): string {
    return this.filtros.agrupar ? PERIODO_SQL[this.filtros.agrupar] : 'null::date';
  }

  /**
   * Range-level figures: the whole months from the monthly roll-up, the edge days from the daily one
   * (all months without a range). `columnas` are read from both; `extra` filters both.
   */
  private async deMesesYDias(
    tablaMes: string,
    tablaDia: string,
    columnas: string,
    extra = '',
    extraParametros: unknown[] = [],
  ): Promise<[string, unknown[]]> {
    const r = await this.rango();
    const mes = `select ${columnas} from ${tablaMes} where entidad_id = ?${extra}`;
    if (!r) return [mes, [this.entidadId, ...extraParametros]];
    // Rows are dated by the database's clock: ten minutes of margin for an instance whose clock is behind.
    const t = tramosMensuales(r.desde, r.hasta, sumarDias(hoyBogota(this.ahora + MARGEN_RELOJ_MS), 1));
    const partes: string[] = [];
    const p: unknown[] = [];
    if (t.meses) {
      partes.push(`${mes} and mes >= ?::date and mes < ?::date`);
      p.push(this.entidadId, ...extraParametros, ...t.meses);
    }
    if (t.dias.length) {
      partes.push(
        `select ${columnas} from ${tablaDia} where entidad_id = ?${extra} and (${t.dias
          .map(() => '(dia >= ?::date and dia < ?::date)')
          .join(' or ')})`,
      );
      p.push(this.entidadId, ...extraParametros, ...t.dias.flat());
    }
    // An empty range still answers: no rows.
    if (!partes.length) return [`${mes} and false`, [this.entidadId, ...extraParametros]];
    return [partes.join(' union all '), p];
  }

  /**
   * Counts of the range per module, and per period with `agrupar`, summed from each day's (and
   * stripe's) marginal counts {"e|estado": n, "t|tipo": n}.
   */
  private acumuladosConteo() {
    return this.una('conteo', async () => {
      const [dias, p] = await this.dias();
      const filas = await this.json<{
        periodo: unknown;
        modulo: ModuloResumen;
        conteos: Record<string, number | string>;
      }>(
        `select ${this.periodoSql()} as periodo, modulo, conteos from resumen_dia
          where entidad_id = ? and modulo = any(?::text[])${dias}`,
        [this.entidadId, this.modulosSql, ...p],
      );
      const rango = new Map<ModuloResumen, AcumuladoConteo>();
      const porPeriodo = new Map<string, AcumuladoConteo>();
      for (const f of filas) {
        const vacio = () => conteoVacio(f.modulo);
        sumarConteos(valorDe(rango, f.modulo, vacio), f.modulo, f.conteos);
        if (f.periodo !== null)
          sumarConteos(valorDe(porPeriodo, `${f.modulo}|${fecha(f.periodo)}`, vacio), f.modulo, f.conteos);
      }
      return { rango, porPeriodo };
    });
  }

  /** Counts by state and type: the all-time counters without a range (the contract's figures). */
  async conteos(modulo: ModuloResumen): Promise<ConteoModulo> {
    if (!(await this.rango()))
      return this.una<ConteoModulo>(`contadores|${modulo}`, () =>
        modulo === 'rips' ? contarRips(this.em, this.entidadId) : contarRda(this.em, this.entidadId),
      );
    const { rango } = await this.acumuladosConteo();
    return conteoDe(modulo, rango.get(modulo) ?? conteoVacio(modulo));
  }

  /** The periods of the series (every one, empty ones with zeros); null without `agrupar`. */
  async serie(modulo: ModuloResumen): Promise<PeriodoConteos[] | null> {
    const agrupar = this.filtros.agrupar;
    const r = await this.rango();
    if (!agrupar || !r) return null;
    const { porPeriodo } = await this.acumuladosConteo();
    const lista = await this.una('periodos', async () => periodos(r.desde, r.hasta, agrupar));
    return lista.map((p) => ({
      periodo: p.periodo,
      hasta: p.hasta,
      ...conteoDe(modulo, porPeriodo.get(`${modulo}|${p.periodo}`) ?? conteoVacio(modulo)),
    }));
  }

  /** Rejection causes of the module, most frequent first (at most MAX_CAUSAS). */
  async causas(modulo: ModuloResumen): Promise<Causa[]> {
    const filas = await this.una('causas', async () => {
      const [fuente, p] = await this.deMesesYDias(
        'resumen_causa_mes',
        'resumen_causa_dia',
        'modulo, causas',
        ' and modulo = any(?::text[])',
        [this.modulosSql],
      );
      const dias_ = await this.json<{
        modulo: string;
        causas: Record<string, [number | string, number | string]>;
      }>(fuente, p);
      // Summed per module, source and code ("fuente|codigo"; a code may hold anything after the first «|»).
      const suma = new Map<string, { modulo: string; clave: string; intentos: number; documentos: number }>();
      for (const d of dias_)
        for (const clave in d.causas) {
          const k = `${d.modulo}|${clave}`;
          const [intentos, documentos] = d.causas[clave]!;
          const a = suma.get(k);
          if (a) {
            a.intentos += Number(intentos);
            a.documentos += Number(documentos);
          } else
            suma.set(k, {
              modulo: d.modulo,
              clave,
              intentos: Number(intentos),
              documentos: Number(documentos),
            });
        }
      return [...suma.values()].map((x) => {
        const corte = x.clave.indexOf('|');
        return {
          modulo: x.modulo,
          fuente: x.clave.slice(0, corte),
          codigo: x.clave.slice(corte + 1),
          intentos: x.intentos,
          documentos: x.documentos,
        };
      });
    });
    const conteo = await this.conteos(modulo);
    const rechazos = conteo.porEstado
      .filter((e) => RECHAZOS[modulo].includes(e.estado))
      .reduce((a, e) => a + e.cantidad, 0);
    return filas
      .filter((f) => f.modulo === modulo)
      .map((f) => ({
        codigo: f.codigo,
        fuente: f.fuente,
        ...textosCausa(modulo, f.fuente, f.codigo),
        intentos: Number(f.intentos),
        documentos: Number(f.documentos),
        proporcion: rechazos > 0 ? Math.round((Number(f.intentos) / rechazos) * 10_000) / 10_000 : 0,
      }))
      .sort(
        (a, b) =>
          b.intentos - a.intentos || a.codigo.localeCompare(b.codigo) || a.fuente.localeCompare(b.fuente),
      )
      .slice(0, MAX_CAUSAS);
  }

  /** `sum(...)` of the money columns, as the names FilaMonto reads. */
  private static readonly SUMAS = COLUMNAS_MONTOS.map((c) => `sum(${c}) as ${c}`).join(', ');

  /**
   * Money per payer in one statement, for the whole range (months + edge days) or per period (days):
   * the MAX_PAGADORES payers with most money in the range keep their rows, the rest are summed as
   * «otros», and each organisation comes with its name.
   */
  private async filasMontos(porPeriodo: boolean): Promise<FilaMonto[]> {
    // The daily table's all-payers rows ('*') are for the series' totals only.
    const [rango, pr] = await this.deMesesYDias(
      'resumen_monto_mes',
      'resumen_monto_dia',
      `pagador, ${COLUMNAS_MONTOS.join(', ')}`,
      ' and pagador <> ?',
      [PAGADORES_JUNTOS],
    );
    const [dias, pd] = await this.dias();
    const otros = `case when pagador in (select pagador from principales) then pagador else '${PAGADOR_OTROS}' end`;
    const [sumas, ps] = porPeriodo
      ? [
          `select ${this.periodoSql()} as periodo, ${otros} as pagador, ${ConsultaResumen.SUMAS}
             from resumen_monto_dia where entidad_id = ? and pagador <> ?${dias} group by 1, 2`,
          [this.entidadId, PAGADORES_JUNTOS, ...pd],
        ]
      : [
          `select null::date as periodo, ${otros} as pagador, ${ConsultaResumen.SUMAS} from rango group by 1, 2`,
          [],
        ];
    return this.json<FilaMonto>(
      `with rango as (${rango}), principales as (
         select pagador from rango group by 1 order by sum(radicado + retenido) desc, pagador limit ?
       ), sumas as (${sumas})
       select s.*, n.nombre from sumas s left join pagador n on n.entidad_id = ? and n.nit = s.pagador`,
      [...pr, MAX_PAGADORES, ...ps, this.entidadId],
    );
  }

  /** Money of the range: total and per payer, most money first (RIPS). */
  montos(): Promise<{ total: Montos; porPagador: MontoPagador[] }> {
    return this.una('montos', async () => {
      const porPagador = this.conNombres(await this.filasMontos(false));
      const total = montosVacios();
      for (const m of porPagador) sumarMontos(total, m);
      return { total, porPagador };
    });
  }

  /** Money of each period of the series (totals only), by period start. */
  montosPorPeriodo(): Promise<Map<string, Montos>> {
    return this.una('montosPeriodo', async () => {
      const [dias, p] = await this.dias();
      const filas = await this.json<FilaMonto>(
        `select ${this.periodoSql()} as periodo, ${ConsultaResumen.SUMAS}
           from resumen_monto_dia where entidad_id = ? and pagador = ?${dias} group by 1`,
        [this.entidadId, PAGADORES_JUNTOS, ...p],
      );
      return new Map(filas.map((f) => [fecha(f.periodo), montosDe(f)]));
    });
  }

  /** Money of one period per payer: one more read, done only when a field or view asks for it. */
  async montosDePeriodoPorPagador(periodo: string): Promise<MontoPagador[]> {
    const porPeriodo = await this.una('montosPeriodoPagador', async () => {
      const filas = await this.filasMontos(true);
      const grupos = new Map<string, FilaMonto[]>();
      for (const f of filas) valorDe(grupos, fecha(f.periodo), () => []).push(f);
      const r = new Map<string, MontoPagador[]>();
      for (const [k, g] of grupos) r.set(k, this.conNombres(g));
      return r;
    });
    return porPeriodo.get(periodo) ?? [];
  }

  /** Rows as payers with their class and name, without rows of zeros, most money first. */
  private conNombres(filas: FilaMonto[]): MontoPagador[] {
    return filas
      .map((f) => {
        const clase = clasePagador(f.pagador);
        return {
          pagador: clase === 'nit' ? f.pagador : null,
          clase,
          nombre: clase === 'nit' ? (f.nombre ?? null) : null,
          ...montosDe(f),
        };
      })
      .filter((m) => CLAVES_MONTOS.some((k) => m[k] !== 0))
      .sort(
        (a, b) =>
          b.radicado + b.retenido - (a.radicado + a.retenido) ||
          (a.pagador ?? a.clase).localeCompare(b.pagador ?? b.clase),
      );
  }

  /** RDA time to acceptance of the range, overall and per type (months + edge days). */
  tiempos(): Promise<{ total: Tiempos; porTipo: (Tiempos & { tipo: string })[] }> {
    return this.una('tiempos', async () => {
      const [fuente, p] = await this.deMesesYDias(
        'resumen_tiempo_mes',
        'resumen_tiempo_dia',
        'tipo, aceptados, intentos, suma_ms as suma, max_ms as max, cubetas',
        ' and tipo <> ?',
        [TIPOS_JUNTOS],
      );
      const tipos = new Map<string, AcumuladoTiempos>();
      for (const f of await this.json<FilaTiempos & { tipo: string }>(fuente, p))
        sumarFila(valorDe(tipos, f.tipo, acumuladoVacio), f);
      // The total is the types merged: a handful of accumulators instead of every row again.
      const total = acumuladoVacio();
      for (const a of tipos.values()) fusionar(total, a);
      return { total: tiemposDe(total), porTipo: porTipo(tipos) };
    });
  }

  /** Time to acceptance per period of the series, from each day's all-types row. */
  tiemposPorPeriodo(): Promise<Map<string, Tiempos>> {
    return this.una('tiemposPeriodo', () => this.tiemposDeSerie(false));
  }

  /** Tiempos of one period per type (every type): one more read, only when a field or view asks for it. */
  async tiemposDePeriodoPorTipo(periodo: string): Promise<(Tiempos & { tipo: string })[]> {
    const m = await this.una('tiemposPeriodoTipo', () => this.tiemposDeSerie(true));
    return TIPOS_RDA.map((tipo) => ({
      tipo,
      ...(m.get(`${periodo}|${tipo}`) ?? tiemposDe(acumuladoVacio())),
    }));
  }

  /**
   * Time to acceptance per period (and type, `porTipo`). By day, a closed day compacted to one row
   * brings its p50 and p95 buckets and no histogram; the histograms are read only for the periods
   * still spread over stripes (today, yesterday, a late change), in a second read of those days.
   */
  private async tiemposDeSerie(porTipo: boolean): Promise<Map<string, Tiempos>> {
    const [dias, p] = await this.dias();
    const porDia = this.filtros.agrupar === 'dia';
    const tipo = porTipo ? 'tipo <> ?' : 'tipo = ?';
    type Fila = FilaTiempos & {
      periodo: unknown;
      dia: string;
      tipo: string;
      franja: number;
      p50: number | null;
      p95: number | null;
    };
    const filas = await this.json<Fila>(
      `select ${this.periodoSql()} as periodo, dia, tipo, franja, aceptados, intentos, suma_ms as suma, max_ms as max,
         p50_cubeta as p50, p95_cubeta as p95,
         ${porDia ? 'case when p50_cubeta is null then cubetas end' : 'cubetas'} as cubetas
         from resumen_tiempo_dia where entidad_id = ? and ${tipo}${dias}`,
      [this.entidadId, TIPOS_JUNTOS, ...p],
    );
    const grupos = new Map<string, Fila[]>();
    for (const f of filas) {
      if (f.periodo === null) continue;
      valorDe(grupos, porTipo ? `${fecha(f.periodo)}|${f.tipo}` : fecha(f.periodo), () => []).push(f);
    }
    const r = new Map<string, Tiempos>();
    const sinCubetas: Fila[] = [];
    for (const [k, g] of grupos) {
      const [f] = g;
      if (g.length === 1 && f!.p50 !== null && f!.p95 !== null)
        r.set(k, tiemposPrecalculados(f!, f!.p50, f!.p95));
      else for (const x of g) if (!x.cubetas) sinCubetas.push(x);
    }
    if (sinCubetas.length) {
      const cubetas = await this.sql<{
        dia: unknown;
        tipo: string;
        franja: number;
        cubetas: FilaTiempos['cubetas'];
      }>(
        `select dia, tipo, franja, cubetas from resumen_tiempo_dia
          where entidad_id = ? and ${tipo} and dia = any(?::date[])`,
        [this.entidadId, TIPOS_JUNTOS, `{${[...new Set(sinCubetas.map((f) => fecha(f.dia)))].join(',')}}`],
      );
      const porFila = new Map(cubetas.map((c) => [`${fecha(c.dia)}|${c.tipo}|${c.franja}`, c.cubetas]));
      for (const f of sinCubetas) f.cubetas = porFila.get(`${fecha(f.dia)}|${f.tipo}|${f.franja}`) ?? {};
    }
    for (const [k, g] of grupos)
      if (!r.has(k)) {
        const a = acumuladoVacio();
        for (const f of g) sumarFila(a, f);
        r.set(k, tiemposDe(a));
      }
    return r;
  }

  /** Transmissions still waiting for the IHCE (validated or sent, not yet answered) and the oldest one. */
  pendientes(): Promise<Pendientes> {
    return this.una('pendientes', async () => {
      const r = await this.rango();
      const conteo = await this.conteos('rda');
      const cantidad = conteo.porEstado
        .filter((e) => EN_ESPERA.includes(e.estado))
        .reduce((a, e) => a + e.cantidad, 0);
      if (cantidad === 0) return { cantidad, masAntiguo: null };
      const desde = r ? ' and created_at >= ? and created_at < ?' : '';
      // Colombian midnights as instants (UTC−5 all year), so the index range needs no cast per row.
      const limites = r ? [new Date(`${r.desde}T00:00:00-05:00`), new Date(`${r.hasta}T00:00:00-05:00`)] : [];
      // One index range per state (entidad_id, estado, created_at, id): the oldest of each, then the older.
      const filas = await this.json<{ id: string; tipo: string; estado: string; created_at: string }>(
        `${EN_ESPERA.map(
          () =>
            `(select id, tipo, estado, created_at from transmision where entidad_id = ? and estado = ?${desde} order by created_at, id limit 1)`,
        ).join(' union all ')} order by created_at, id limit 1`,
        EN_ESPERA.flatMap((estado) => [this.entidadId, estado, ...limites]),
      );
      const f = filas[0];
      return {
        cantidad,
        masAntiguo: f ? { id: f.id, tipo: f.tipo, estado: f.estado, creadoEn: new Date(f.created_at) } : null,
      };
    });
  }
}
