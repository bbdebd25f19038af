import { readdirSync, readFileSync } from 'node:fs';
import { buildSchema, Kind, type OperationDefinitionNode, parse } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { ErrorApp } from '../errores/errores.js';
import { RitmoInformes } from '../http/ritmo-informes.js';
import {
  ControlInformes,
  camposInformeFaltantes,
  crearControlInformes,
  INFORMES,
  PESOS_INFORME,
  periodosResumen,
  pesarInformes,
  planInformes,
} from './costo-informes.js';

// The whole schema (REST-only fields too): both doors weigh against it.
const schema = buildSchema(readFileSync('schema/rest.graphql', 'utf8'));
const MAXIMO = loadConfig({
  NODE_ENV: 'test',
  CREDENTIALS_KEY: Buffer.alloc(32, 7).toString('base64'),
}).graphqlLimites.maxCostoInformes;
const HOY = '2026-11-29';

/** Each operation of a document text with its plan and a weigher for variables. */
function operaciones(texto: string) {
  const doc = parse(texto);
  return (
    doc.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION) as OperationDefinitionNode[]
  ).map((op) => {
    const plan = planInformes(schema, doc, op);
    return {
      nombre: op.name?.value ?? '',
      doc,
      op,
      plan,
      peso: (v: Record<string, unknown> = {}) => pesarInformes(plan, v, op, HOY),
    };
  });
}
const uno = (texto: string) => operaciones(texto)[0]!;

const CONTEOS = 'total porEstado { estado cantidad } porTipo { tipo cantidad }';
const SIGLO = `resumen(desde: "2000-01-01", hasta: "2100-01-01", agrupar: MES) {
  rips { ${CONTEOS} serie { periodo hasta ${CONTEOS} } } rda { ${CONTEOS} serie { periodo hasta ${CONTEOS} } } }`;
const alias = (n: number, campo = SIGLO) =>
  `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${campo}`).join(' ')} }`;

/** The published operations (REST routes' and the typed client's), fragments shared within each folder. */
function publicadas(carpeta: string) {
  const texto = readdirSync(carpeta)
    .map((f) => readFileSync(`${carpeta}/${f}`, 'utf8'))
    .join('\n');
  return operaciones(texto).filter((o) => o.plan.length);
}

describe('períodos de un resumen', () => {
  const p = (a: Record<string, unknown>) => periodosResumen(a, HOY);

  it('sin agrupar no hay serie; con ella, los períodos del rango dado', () => {
    expect(p({})).toBe(0);
    expect(p({ desde: '2026-01-01', hasta: '2026-02-01' })).toBe(0);
    expect(p({ desde: '2026-01-01', hasta: '2026-02-01', agrupar: 'dia' })).toBe(31);
    expect(p({ desde: '2026-01-01', hasta: '2026-02-01', agrupar: 'DIA' })).toBe(31);
    expect(p({ desde: '2000-01-01', hasta: '2100-01-01', agrupar: 'MES' })).toBe(1200);
    expect(p({ desde: '2023-12-01', hasta: '2026-12-01', agrupar: 'dia' })).toBe(1096);
    // Sunday to Monday: the week of desde and the next one.
    expect(p({ desde: '2026-11-29', hasta: '2026-11-30', agrupar: 'semana' })).toBe(1);
    expect(p({ desde: '2026-11-29', hasta: '2026-12-01', agrupar: 'semana' })).toBe(2);
  });

  it('un rango que el resolver rechaza no calcula nada', () => {
    // Over 3 years by day, over 1,200 periods, bad or reversed dates, a variable of the wrong type.
    expect(p({ desde: '2023-12-01', hasta: '2026-12-02', agrupar: 'dia' })).toBe(0);
    expect(p({ desde: '2000-01-01', hasta: '2100-12-01', agrupar: 'mes' })).toBe(0);
    expect(p({ desde: 'ayer', agrupar: 'mes' })).toBe(0);
    expect(p({ desde: '2026-02-01', hasta: '2026-01-01', agrupar: 'mes' })).toBe(0);
    expect(p({ desde: 20260101, agrupar: 'mes' })).toBe(0);
    expect(p({ desde: '2026-01-01', agrupar: 'ANUAL' })).toBe(0);
  });

  it('sin desde: desde 2000, hasta la serie más larga que se admite; sin hasta: mañana', () => {
    expect(p({ agrupar: 'mes' })).toBe(323);
    expect(p({ agrupar: 'dia' })).toBe(1096);
    expect(p({ agrupar: 'semana' })).toBe(1200);
    expect(p({ desde: '2026-11-01', agrupar: 'dia' })).toBe(29);
    expect(p({ hasta: '2000-01-01', agrupar: 'dia' })).toBe(1);
  });
});

describe('el peso de una operación', () => {
  it('cada campo de las tablas existe en el esquema; uno que no, impide arrancar', () => {
    expect(camposInformeFaltantes(schema)).toEqual([]);
    expect(Object.keys(INFORMES)).toEqual(['Query.resumen']);
    expect(PESOS_INFORME['MontosPeriodoRips.porPagador']).toEqual({ por: 'periodo', peso: 10 });
    const sinResumen = buildSchema('type Query { resumen: Int }');
    expect(() => new ControlInformes(sinResumen, { maximo: 1 })).toThrow(
      /nombran campos que el esquema no tiene/,
    );
  });

  it('períodos × vistas × alias: las vistas por período multiplican, las del rango suman una vez', () => {
    expect(uno('{ sesion { permisos } }').plan).toEqual([]);
    expect(uno('{ resumen { desde } }').peso()).toBe(1);
    const sel = (s: string) =>
      uno(`{ resumen(desde: "2026-01-01", hasta: "2026-02-01", agrupar: DIA) { ${s} } }`);
    expect(sel('rips { total }').peso()).toBe(2);
    expect(sel('rips { serie { periodo } }').peso()).toBe(2 + 2 * 31);
    expect(sel('rips { serie { montos { radicado } } }').peso()).toBe(2 + 3 * 31);
    expect(sel('rips { serie { montos { porPagador { pagador } } } }').peso()).toBe(2 + 13 * 31);
    expect(sel('rda { serie { tiempos { p50Ms } tiemposPorTipo { tipo } } }').peso()).toBe(2 + 7 * 31);
    expect(
      sel(
        'rips { causas { codigo } montos { radicado } } rda { causas { codigo } pendientes { cantidad } }',
      ).peso(),
    ).toBe(7);
    // Two keys of the same view answer it twice; the same key twice, once.
    expect(sel('rips { a: serie { periodo } b: serie { periodo } }').peso()).toBe(2 + 4 * 31);
    expect(sel('rips { serie { periodo } serie { hasta } }').peso()).toBe(2 + 2 * 31);
  });

  it('15 alias de un siglo por mes pesan 15 veces uno, y superan el máximo; los que caben, pasan', () => {
    const siglo = uno(alias(1)).peso();
    expect(siglo).toBe(1 + 2 * (1 + 2 * 1200));
    expect(uno(alias(15)).peso()).toBe(15 * siglo);
    expect(uno(alias(15)).peso()).toBeGreaterThan(MAXIMO);
    expect(uno(alias(4)).peso()).toBeLessThanOrEqual(MAXIMO);
    expect(uno(alias(5)).peso()).toBeGreaterThan(MAXIMO);
  });

  it('a través de fragmentos con nombre y en línea, cada clave de respuesta una vez', () => {
    const porFragmentos = uno(`{ ...A ... on Query { c: ${SIGLO} } }
      fragment A on Query { a: ${SIGLO} ...B ...B }
      fragment B on Query { b: ${SIGLO} }`);
    expect(porFragmentos.plan).toHaveLength(3);
    expect(porFragmentos.peso()).toBe(3 * uno(alias(1)).peso());
    const enLinea = uno(`{ resumen(agrupar: MES, desde: "2026-01-01", hasta: "2027-01-01") {
      rips { ... on ConteosRips { total } ... on ResumenRips { serie { periodo } } } } }`);
    expect(enLinea.peso()).toBe(2 + 2 * 12);
  });

  it('los argumentos por variable pesan con el valor de la solicitud, o con el predeterminado', () => {
    const o = uno(`query($d: String, $h: String, $a: AgrupacionResumen = MES) {
      resumen(desde: $d, hasta: $h, agrupar: $a) { rips { serie { periodo } } } }`);
    expect(o.peso({ d: '2026-01-01', h: '2027-01-01' })).toBe(2 + 2 * 12);
    expect(o.peso({ d: '2026-01-01', h: '2027-01-01', a: 'DIA' })).toBe(2 + 2 * 365);
    expect(o.peso({ d: '2026-01-01', h: '2027-01-01', a: null })).toBe(2);
    // Without desde the range starts at the first day with data: counted from 2000.
    expect(o.peso({ a: 'DIA' })).toBe(2 + 2 * 1096);
  });

  it('el informe más pesado que se publica (REST y cliente tipado) cabe en el máximo con sus argumentos más largos', () => {
    const extremos = [
      { desde: '2023-12-01', hasta: '2026-12-01', agrupar: 'dia' },
      { desde: '2000-01-01', hasta: '2100-01-01', agrupar: 'mes' },
      { desde: '2000-01-01', hasta: '2023-01-01', agrupar: 'semana' },
      { agrupar: 'semana' },
    ];
    const pesos: Record<string, number> = {};
    for (const carpeta of ['schema/operations', 'cliente/operaciones'])
      for (const o of publicadas(carpeta)) {
        const peso = Math.max(...extremos.map((v) => o.peso(v)));
        pesos[`${carpeta}:${o.nombre}`] = peso;
        expect(peso, o.nombre).toBeLessThanOrEqual(MAXIMO);
      }
    // Every view, 100 years by month: about the whole bound, so two such reports do not fit in one request.
    expect(pesos['cliente/operaciones:Resumen']).toBe(9 + 16 * 1200);
    expect(2 * pesos['cliente/operaciones:Resumen']!).toBeGreaterThan(MAXIMO);
    expect(pesos['schema/operations:ResumenPagadores']).toBe(3 + 13 * 1200);
  });

  it('pesar 15 alias es cosa de microsegundos una vez planeada la operación', () => {
    const o = uno(alias(15));
    const t = performance.now();
    for (let i = 0; i < 1000; i++) pesarInformes(planInformes(schema, o.doc, o.op), {}, o.op, HOY);
    expect((performance.now() - t) / 1000).toBeLessThan(0.5);
  });
});

describe('el control antes de ejecutar', () => {
  const control = (o: Partial<ConstructorParameters<typeof ControlInformes>[1]> = {}) =>
    new ControlInformes(schema, { maximo: MAXIMO, ...o });

  it('GraphQL: 400 consulta-demasiado-compleja en español, con el peso, el máximo y la variable', async () => {
    const alLimitar = vi.fn();
    const o = uno(alias(15));
    const e = await control({ alLimitar })
      .antes(o.doc, o.op, {}, 'e1')
      .catch((x) => x);
    expect(e).toBeInstanceOf(ErrorApp);
    expect(e.codigo).toBe('consulta-demasiado-compleja');
    expect(e.message).toBe(
      `La operación pide informes («resumen» (15 veces)) que calcularían ${o.peso()} unidades (períodos de la serie × vistas × alias); el máximo es ${MAXIMO} por operación (GRAPHQL_MAX_REPORT_COST). Envíe menos alias, acorte el período con desde y hasta, use una agrupación más amplia (semana o mes) o pida menos vistas.`,
    );
    expect(alLimitar).toHaveBeenCalledWith('informe');
    await expect(control().antes(o.doc, o.op, {}, 'e1')).rejects.toThrow(/GRAPHQL_MAX_REPORT_COST/);
    const bien = uno(alias(4));
    await expect(control({ alLimitar }).antes(bien.doc, bien.op, {}, 'e1')).resolves.toBeUndefined();
    expect(alLimitar).toHaveBeenCalledTimes(1);
  });

  it('REST: el 400 nombra los parámetros de consulta con sus valores', async () => {
    const pagadores = publicadas('schema/operations').find((o) => o.nombre === 'ResumenPagadores')!;
    const variables = { desde: '2000-01-01', hasta: '2100-01-01', agrupar: 'mes', modulo: null };
    const e = await control({ maximo: 5000 })
      .antes(pagadores.doc, pagadores.op, variables, 'e1', 'GET /resumen')
      .catch((x) => x);
    expect(e.codigo).toBe('consulta-demasiado-compleja');
    expect(e.message).toBe(
      'El informe de GET /resumen con desde=2000-01-01, hasta=2100-01-01, agrupar=mes calcularía 15603 unidades (períodos × vistas) y el máximo por solicitud es 5000 (GRAPHQL_MAX_REPORT_COST): acorte el período con desde y hasta, use una agrupación más amplia (semana o mes) o pida menos vistas.',
    );
    expect(e.extras.detalles.map((d: { campo: string }) => d.campo)).toEqual(['desde', 'hasta', 'agrupar']);
  });

  it('dentro del máximo, espera el ritmo de su entidad con el peso del informe; sin informes, nada', async () => {
    const ritmo = new RitmoInformes({ unidadesPorMinuto: 60_000, rafaga: MAXIMO, esperaMaximaMs: 0 });
    const esperar = vi.spyOn(ritmo, 'esperar');
    const c = control({ ritmo });
    const o = uno(alias(4));
    await c.antes(o.doc, o.op, {}, 'e1');
    expect(esperar).toHaveBeenCalledWith('e1', o.peso());
    // The burst is used: the next one would wait, and this pace allows no wait.
    await expect(c.antes(o.doc, o.op, {}, 'e1')).rejects.toMatchObject({ codigo: 'demasiadas-solicitudes' });
    // Another entity has its own pace.
    await expect(c.antes(o.doc, o.op, {}, 'e2')).resolves.toBeUndefined();
    const sesion = uno('{ sesion { permisos } }');
    await c.antes(sesion.doc, sesion.op, {}, 'e1');
    expect(esperar).toHaveBeenCalledTimes(3);
  });

  it('el ritmo solo con los límites de tasa activos', () => {
    const base = { NODE_ENV: 'test', CREDENTIALS_KEY: Buffer.alloc(32, 7).toString('base64') };
    const sin = crearControlInformes(schema, loadConfig(base));
    const con = crearControlInformes(schema, loadConfig({ ...base, RATE_LIMIT_ENABLED: 'true' }));
    expect((sin as unknown as { o: { ritmo?: unknown } }).o.ritmo).toBeUndefined();
    expect((con as unknown as { o: { ritmo?: unknown } }).o.ritmo).toBeInstanceOf(RitmoInformes);
  });
});
