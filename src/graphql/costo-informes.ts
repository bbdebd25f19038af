import type { ApolloServerPlugin } from '@apollo/server';
import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  isInterfaceType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
  valueFromASTUntyped,
} from 'graphql';
import type { Config } from '../config.js';
import { type DetalleError, ErrorApp, errores } from '../errores/errores.js';
import { aRespuesta } from '../errores/http.js';
import { RitmoInformes } from '../http/ritmo-informes.js';
import { leerFiltros, MAX_DIAS_SERIE_DIARIA, MAX_PERIODOS, MIN_FECHA } from '../resumen/filtros.js';
import { contarPeriodos, hoyBogota, sumarDias } from '../resumen/periodos.js';
import { AGRUPACIONES, type Agrupacion } from '../resumen/valores.js';
import { nombreGraphql } from './enums.js';

/**
 * Root fields whose work grows with their arguments: how many periods one occurrence computes, and
 * the arguments that set it (named by a refusal). Connections grow with `first`, which the document
 * cost already counts (src/graphql/limites.ts); a report grows with its date range instead.
 */
export interface Informe {
  periodos: (argumentos: Readonly<Record<string, unknown>>, hoy: string) => number;
  argumentos: readonly string[];
  consejo: string;
}

/**
 * Units of work of each field of a report (about 10 µs of the instance each, measured in
 * bench/resumen-inquilinos.ts): `informe`, once per occurrence (the range's roll-up rows, at most 100
 * causes or payers); `periodo`, once per period of the series. A list per period weighs its rows: up to
 * 100 payers (10: about what the benchmark's 18 payers cost), one per RDA type. Each response key
 * counts: two aliases of `serie` answer the series twice. Fields not listed weigh nothing beyond these.
 */
export const PESOS_INFORME: Readonly<Record<string, { por: 'informe' | 'periodo'; peso: number }>> = {
  'Query.resumen': { por: 'informe', peso: 1 },
  'Resumen.rips': { por: 'informe', peso: 1 },
  'Resumen.rda': { por: 'informe', peso: 1 },
  'ResumenRips.causas': { por: 'informe', peso: 1 },
  'ResumenRips.montos': { por: 'informe', peso: 1 },
  'ResumenRda.causas': { por: 'informe', peso: 1 },
  'ResumenRda.tiempos': { por: 'informe', peso: 1 },
  'ResumenRda.tiemposPorTipo': { por: 'informe', peso: 1 },
  'ResumenRda.pendientes': { por: 'informe', peso: 1 },
  // A period's counts by state and by type (two lists of up to 7 values).
  'ResumenRips.serie': { por: 'periodo', peso: 2 },
  'ResumenRda.serie': { por: 'periodo', peso: 2 },
  'PeriodoRips.montos': { por: 'periodo', peso: 1 },
  'MontosPeriodoRips.porPagador': { por: 'periodo', peso: 10 },
  'PeriodoRda.tiempos': { por: 'periodo', peso: 1 },
  'PeriodoRda.tiemposPorTipo': { por: 'periodo', peso: 4 },
};

/** A string argument as given; anything else (a variable of the wrong type) never reaches a resolver. */
const texto = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? null : undefined);

/** `dia`, `DIA` (GraphQL) or nothing. */
function agrupacion(v: unknown): Agrupacion | null | undefined {
  if (v === null || v === undefined) return null;
  return AGRUPACIONES.find((a) => a === v || nombreGraphql(a) === v);
}

/**
 * Periods of a `resumen` series (0 without `agrupar`, or when the filters are refused before any work).
 * An omitted start is the entity's first day with data, unknown here: counted from MIN_FECHA, up to
 * the longest series the resolver accepts. An omitted end is tomorrow, as the resolver takes it.
 */
export function periodosResumen(a: Readonly<Record<string, unknown>>, hoy: string): number {
  const agrupar = agrupacion(a.agrupar);
  const desdeDado = texto(a.desde);
  const hastaDado = texto(a.hasta);
  if (!agrupar || desdeDado === undefined || hastaDado === undefined) return 0;
  let f: ReturnType<typeof leerFiltros>;
  try {
    f = leerFiltros({ desde: desdeDado, hasta: hastaDado, agrupar });
  } catch {
    return 0;
  }
  const desde = f.desde ?? (f.hasta && f.hasta <= MIN_FECHA ? sumarDias(f.hasta, -1) : MIN_FECHA);
  const manana = sumarDias(hoy, 1);
  const hasta = f.hasta ?? (manana > desde ? manana : sumarDias(desde, 1));
  const n = contarPeriodos(desde, hasta, agrupar);
  const tope = agrupar === 'dia' ? MAX_DIAS_SERIE_DIARIA : MAX_PERIODOS;
  // A given range over the bound is refused by the resolver (src/resumen/filtros.ts revisarSerie).
  if (f.desde) return n > tope ? 0 : n;
  return Math.min(n, tope);
}

export const INFORMES: Readonly<Record<string, Informe>> = {
  'Query.resumen': {
    periodos: periodosResumen,
    argumentos: ['desde', 'hasta', 'agrupar'],
    consejo:
      'acorte el período con desde y hasta, use una agrupación más amplia (semana o mes) o pida menos vistas',
  },
};

/** One report a document runs: its field, its arguments as written, and its units (fixed, per period). */
export interface InformePlaneado {
  campo: string;
  argumentos: readonly { nombre: string; valor: ValueNode }[];
  fijo: number;
  porPeriodo: number;
}

interface Grupo {
  padre: GraphQLNamedType;
  nombre: string;
  nodo: FieldNode;
  hijos: SelectionSetNode[];
}

/**
 * The fields of the selection sets by parent type and response key, fragments included (a fragment
 * spread twice in one selection runs once). Iterative, like camposRaiz in limites.ts.
 */
function agrupar(
  schema: GraphQLSchema,
  tipo: GraphQLNamedType,
  conjuntos: readonly SelectionSetNode[],
  fragmentos: ReadonlyMap<string, FragmentDefinitionNode>,
): Map<string, Grupo> {
  const grupos = new Map<string, Grupo>();
  const vistos = new Set<string>();
  const pendientes: [GraphQLNamedType, SelectionSetNode][] = conjuntos.map((c) => [tipo, c]);
  for (let p = pendientes.pop(); p; p = pendientes.pop()) {
    const [t, ss] = p;
    for (const s of ss.selections) {
      if (s.kind === Kind.FIELD) {
        const clave = `${t.name}.${s.alias?.value ?? s.name.value}`;
        const g = grupos.get(clave) ?? { padre: t, nombre: s.name.value, nodo: s, hijos: [] };
        grupos.set(clave, g);
        if (s.selectionSet) g.hijos.push(s.selectionSet);
      } else if (s.kind === Kind.INLINE_FRAGMENT) {
        const condicion = s.typeCondition && schema.getType(s.typeCondition.name.value);
        pendientes.push([condicion ?? t, s.selectionSet]);
      } else if (!vistos.has(s.name.value)) {
        vistos.add(s.name.value);
        const f = fragmentos.get(s.name.value);
        if (f) pendientes.push([schema.getType(f.typeCondition.name.value) ?? t, f.selectionSet]);
      }
    }
  }
  return grupos;
}

function tipoDeCampo(padre: GraphQLNamedType, nombre: string): GraphQLNamedType | undefined {
  if (!isObjectType(padre) && !isInterfaceType(padre)) return undefined;
  const def = padre.getFields()[nombre];
  return def ? getNamedType(def.type) : undefined;
}

/** Units of a field and everything selected below it. */
function unidades(
  schema: GraphQLSchema,
  g: Grupo,
  fragmentos: ReadonlyMap<string, FragmentDefinitionNode>,
): { fijo: number; porPeriodo: number } {
  const w = PESOS_INFORME[`${g.padre.name}.${g.nombre}`];
  const r = { fijo: w?.por === 'informe' ? w.peso : 0, porPeriodo: w?.por === 'periodo' ? w.peso : 0 };
  const tipo = g.hijos.length ? tipoDeCampo(g.padre, g.nombre) : undefined;
  if (tipo)
    for (const h of agrupar(schema, tipo, g.hijos, fragmentos).values()) {
      const u = unidades(schema, h, fragmentos);
      r.fijo += u.fijo;
      r.porPeriodo += u.porPeriodo;
    }
  return r;
}

/** The reports an operation runs, each root response key once. Computed once per operation node. */
const planes = new WeakMap<OperationDefinitionNode, InformePlaneado[]>();

export function planInformes(
  schema: GraphQLSchema,
  documento: DocumentNode,
  operacion: OperationDefinitionNode,
): InformePlaneado[] {
  const hecho = planes.get(operacion);
  if (hecho) return hecho;
  const raiz = schema.getRootType(operacion.operation);
  const plan: InformePlaneado[] = [];
  if (raiz) {
    const fragmentos = new Map<string, FragmentDefinitionNode>();
    for (const d of documento.definitions)
      if (d.kind === Kind.FRAGMENT_DEFINITION) fragmentos.set(d.name.value, d);
    for (const g of agrupar(schema, raiz, [operacion.selectionSet], fragmentos).values()) {
      const campo = `${g.padre.name}.${g.nombre}`;
      if (!INFORMES[campo]) continue;
      plan.push({
        campo,
        argumentos: (g.nodo.arguments ?? []).map((a) => ({ nombre: a.name.value, valor: a.value })),
        ...unidades(schema, g, fragmentos),
      });
    }
  }
  planes.set(operacion, plan);
  return plan;
}

/** An argument's value: written, from the request's variables, or the variable's default. */
function valorDe(
  valor: ValueNode,
  variables: Readonly<Record<string, unknown>>,
  operacion: OperationDefinitionNode,
): unknown {
  if (valor.kind !== Kind.VARIABLE) return valueFromASTUntyped(valor, variables);
  const nombre = valor.name.value;
  if (Object.hasOwn(variables, nombre)) return variables[nombre];
  const def = operacion.variableDefinitions?.find((v) => v.variable.name.value === nombre)?.defaultValue;
  return def ? valueFromASTUntyped(def) : undefined;
}

/** The arguments of a planned report with this request's values. */
export function argumentosDe(
  i: InformePlaneado,
  variables: Readonly<Record<string, unknown>>,
  operacion: OperationDefinitionNode,
): Record<string, unknown> {
  return Object.fromEntries(i.argumentos.map((a) => [a.nombre, valorDe(a.valor, variables, operacion)]));
}

/** Units the operation will compute with these variables. */
export function pesarInformes(
  plan: readonly InformePlaneado[],
  variables: Readonly<Record<string, unknown>>,
  operacion: OperationDefinitionNode,
  hoy = hoyBogota(),
): number {
  let total = 0;
  for (const i of plan) {
    const periodos = INFORMES[i.campo]!.periodos(argumentosDe(i, variables, operacion), hoy);
    total += i.fijo + i.porPeriodo * periodos;
  }
  return total;
}

/** Every field the tables name must exist: a renamed one would silently lose its weight. */
export function camposInformeFaltantes(schema: GraphQLSchema): string[] {
  return [...Object.keys(PESOS_INFORME), ...Object.keys(INFORMES)].filter((c) => {
    const [tipo, campo] = c.split('.') as [string, string];
    const t = schema.getType(tipo);
    return !t || (!isObjectType(t) && !isInterfaceType(t)) || !t.getFields()[campo];
  });
}

/** The GraphQL refusal: what the operation would compute, the bound, and how to ask for less. */
export function rechazoGraphql(plan: readonly InformePlaneado[], peso: number, maximo: number): ErrorApp {
  const campos = [...new Set(plan.map((i) => i.campo.split('.')[1]!))];
  const consejos = [...new Set(plan.map((i) => INFORMES[i.campo]!.consejo))];
  const veces = plan.length > 1 ? ` (${plan.length} veces)` : '';
  return errores.consultaDemasiadoCompleja(
    `La operación pide informes («${campos.join('», «')}»${veces}) que calcularían ${peso} unidades (períodos de la serie × vistas × alias); el máximo es ${maximo} por operación (GRAPHQL_MAX_REPORT_COST). Envíe menos alias, ${consejos.join('; ')}.`,
  );
}

/** The REST refusal: names the query parameters that set the report's size, with their values. */
export function rechazoRest(
  ruta: string,
  plan: readonly InformePlaneado[],
  argumentos: Readonly<Record<string, unknown>>,
  peso: number,
  maximo: number,
): ErrorApp {
  const informe = INFORMES[plan[0]?.campo ?? ''];
  const nombres = informe?.argumentos ?? [];
  const dados = nombres
    .filter((n) => argumentos[n] !== null && argumentos[n] !== undefined)
    .map((n) => `${n}=${String(argumentos[n]).slice(0, 40)}`);
  const detalles: DetalleError[] = nombres.map((n) => ({
    campo: n,
    mensaje: `Fija el tamaño del informe (${peso} unidades; máximo ${maximo})`,
  }));
  return new ErrorApp(
    'consulta-demasiado-compleja',
    `El informe de ${ruta}${dados.length ? ` con ${dados.join(', ')}` : ''} calcularía ${peso} unidades (períodos × vistas) y el máximo por solicitud es ${maximo} (GRAPHQL_MAX_REPORT_COST): ${informe?.consejo ?? 'pida un informe más pequeño'}.`,
    { detalles },
  );
}

export interface OpcionesControlInformes {
  /** Units one request may ask for (GRAPHQL_MAX_REPORT_COST). */
  maximo: number;
  /** Each entity's pace (rate limits on), shared by both doors. */
  ritmo?: RitmoInformes;
  /** Called once per request refused by the bound (metrics). */
  alLimitar?: (motivo: 'informe') => void;
}

/** Both doors' check before an operation with reports runs: the per-request bound, then the entity's pace. */
export class ControlInformes {
  constructor(
    private readonly schema: GraphQLSchema,
    private readonly o: OpcionesControlInformes,
  ) {
    const faltan = camposInformeFaltantes(schema);
    if (faltan.length)
      throw new Error(
        `PESOS_INFORME o INFORMES nombran campos que el esquema no tiene: ${faltan.join(', ')}`,
      );
  }

  /**
   * Throws the 400 when the operation's reports weigh over the bound (`ruta`: a REST route, whose
   * refusal names its query parameters), then waits for the entity's pace (or throws its 429).
   */
  async antes(
    documento: DocumentNode,
    operacion: OperationDefinitionNode,
    variables: Readonly<Record<string, unknown>>,
    entidad: string | undefined,
    ruta?: string,
  ): Promise<void> {
    const plan = planInformes(this.schema, documento, operacion);
    if (!plan.length) return;
    const peso = pesarInformes(plan, variables, operacion);
    if (peso > this.o.maximo) {
      this.o.alLimitar?.('informe');
      throw ruta
        ? rechazoRest(ruta, plan, argumentosDe(plan[0]!, variables, operacion), peso, this.o.maximo)
        : rechazoGraphql(plan, peso, this.o.maximo);
    }
    if (entidad && this.o.ritmo && peso > 0) await this.o.ritmo.esperar(entidad, peso);
  }
}

/**
 * /graphql: the check once Apollo has parsed and validated the document and picked the operation,
 * before any resolver runs; a refusal keeps its HTTP status (400, 429 with Retry-After).
 */
export function pluginInformes<C extends { auth?: { entidadId: string } | null }>(
  control: ControlInformes,
): ApolloServerPlugin<C> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation(rc) {
          if (!rc.operation) return;
          try {
            await control.antes(
              rc.document,
              rc.operation,
              rc.request.variables ?? {},
              rc.contextValue.auth?.entidadId,
            );
          } catch (e) {
            if (!(e instanceof ErrorApp)) throw e;
            const { status, headers } = aRespuesta(e);
            throw new GraphQLError(e.message, {
              originalError: e,
              extensions: { ...e.extensions, http: { status, headers: new Map(Object.entries(headers)) } },
            });
          }
        },
      };
    },
  };
}

/** How long a report may wait for its entity's pace before the 429. */
export const ESPERA_MAXIMA_INFORME_MS = 10_000;

/** The instance's control, from the configuration: the bound always, the pace with rate limits on. */
export function crearControlInformes(
  schema: GraphQLSchema,
  config: Pick<Config, 'graphqlLimites' | 'limiteTasa'>,
  alLimitar?: (motivo: 'informe' | 'informes-entidad') => void,
): ControlInformes {
  const maximo = config.graphqlLimites.maxCostoInformes;
  const ritmo = config.limiteTasa.habilitado
    ? new RitmoInformes({
        unidadesPorMinuto: config.limiteTasa.informesPorMinuto,
        rafaga: maximo,
        esperaMaximaMs: ESPERA_MAXIMA_INFORME_MS,
        alLimitar: () => alLimitar?.('informes-entidad'),
      })
    : undefined;
  return new ControlInformes(schema, { maximo, ritmo, alLimitar });
}
