import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { construirBundle } from '../src/rda/construccion/construir.js';
import { Radicacion } from '../src/rips/radicacion/radicacion.entity.js';
import { ripsDe, xmlFev } from './fixtures/muv.js';
import { AHORA_RDA, datosRda } from './fixtures/rda.js';
import { ripsValido } from './fixtures/rips.js';
import { anidadoTexto, entornoHostil, type OperacionGql, operacionesGraphql } from './hostil.js';

/**
 * Seeded fuzzing of every route of /openapi.json and of /graphql: hostile bodies, types, encodings,
 * methods, query strings, credentials and GraphQL documents. No answer may be a 5xx (the sandboxes
 * are healthy), every 4xx is JSON with a Spanish error, the service stays healthy, and every filing
 * that reached the gate left its evidence row. FUZZ_SEED replays a run; FUZZ_RUNS scales it.
 */
const SEMILLA = Number(process.env.FUZZ_SEED ?? 20_261_125);
const ESCALA = Number(process.env.FUZZ_RUNS ?? 1);
const POR_RUTA = Math.max(1, Math.round(40 * ESCALA));
const GRAPHQL = Math.max(1, Math.round(400 * ESCALA));
const PROTOCOLO = Math.max(1, Math.round(150 * ESCALA));
const RESUMEN = Math.max(1, Math.round(150 * ESCALA));
const WEBHOOKS = Math.max(1, Math.round(40 * ESCALA));
const MIB = 1_048_576;

let env: Awaited<ReturnType<typeof entornoHostil>>;
let entidad: Awaited<ReturnType<typeof env.entidadCompleta>>;
let soloRips: Awaited<ReturnType<typeof env.entidadCompleta>>;
let openapi: { paths: Record<string, Record<string, OperacionOpenApi>> };

interface OperacionOpenApi {
  parameters?: ({ in?: string; name?: string } | { $ref: string })[];
  requestBody?: unknown;
}

beforeAll(async () => {
  env = await entornoHostil('info', {
    // The official validator is configured (the test stand-in for validator_cli.jar): no 503 by design.
    RDA_VALIDADOR_JAR: '/opt/fhir/validator_cli.jar',
    RDA_VALIDADOR_JAVA: process.execPath,
    RDA_VALIDADOR_OPCIONES_JAVA: fileURLToPath(new URL('./fixtures/validador-falso.mjs', import.meta.url)),
    RDA_VALIDADOR_IG: '/opt/fhir/minsalud.fhir.co.rda.tgz',
    RDA_VALIDADOR_TIMEOUT_MS: '20000',
  });
  entidad = await env.entidadCompleta('fuzz');
  soloRips = await env.entidadCompleta('fuzz-solo-rips', ['rips']);
  openapi = (await (await fetch(`${env.s.url}/openapi.json`)).json()) as typeof openapi;
}, 120_000);
afterAll(async () => {
  await env?.cerrar();
});

// ---------------------------------------------------------------------------------------------
// Hostile values

const TEXTOS_HOSTILES = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '😀',
  '\n{"level":60,"msg":"inyectado"}\n',
  "'; DROP TABLE radicacion; --",
  '" OR 1=1 --',
  '__proto__',
  'constructor',
  'toString',
  '%00',
  '../../../etc/passwd',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4shell-style text, on purpose
  '${jndi:ldap://x}',
  '<script>alert(1)</script>',
  'NaN',
  '-1',
  '1e309',
  '9'.repeat(400),
  '\u202e\u2028\u2029',
  'ñandú',
];

const textoHostil: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...TEXTOS_HOSTILES) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 20 }) },
  // Large texts are rare: each one is megabytes through the whole pipeline.
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(64 * 1024), 'é'.repeat(MIB)) },
);

const numeroHostil = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, -1e-308, 0.1),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const claveHostil = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', '', 'a.b', '$ref'),
  fc.string({ unit: 'binary', maxLength: 12 }),
);

/** Any JSON value with hostile leaves and keys; shallow (deep ones are sent as raw text). */
const jsonHostil: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    textoHostil,
    numeroHostil,
    fc.boolean(),
    fc.constant(null),
    fc.constant({ toString: 1, valueOf: 1 }),
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(claveHostil, tie('v'), { maxKeys: 4 }),
  ),
})).v;

// ---------------------------------------------------------------------------------------------
// Valid bodies per route (mutated to reach deep into each pipeline)

let factura = 0;
const numFactura = () => `FZ${SEMILLA.toString(36)}${(++factura).toString(36)}`.toUpperCase().slice(0, 20);

function bundleValido(): Record<string, unknown> {
  return construirBundle('consulta-externa', datosRda('consulta-externa', 'rico'), { ahora: AHORA_RDA });
}

function cuerpoValido(metodo: string, ruta: string): unknown {
  const clave = `${metodo} ${ruta}`;
  switch (clave) {
    case 'post /rips/validar':
      return { rips: ripsValido() };
    case 'post /rips': {
      const n = numFactura();
      return { rips: ripsDe(n), xmlFevFile: xmlFev(n) };
    }
    case 'post /rda':
    case 'post /rda/validar':
    case 'post /rda/validar-oficial':
      return { tipo: 'consulta-externa', bundle: bundleValido() };
    case 'post /rda/desde-datos':
    case 'post /rda/construir':
      return { tipo: 'consulta-externa', datos: datosRda('consulta-externa', 'rico') };
    case 'post /rda/consultas':
      return {
        alcance: 'paciente',
        paciente: { tipo: 'CC', numero: '1020304050' },
        humanuser: { tipo: 'CC', numero: '79000111' },
      };
    default:
      return {};
  }
}

/** Paths of a value's nodes, without recursion. */
function rutasDe(v: unknown): (string | number)[][] {
  const out: (string | number)[][] = [];
  const pila: [unknown, (string | number)[]][] = [[v, []]];
  while (pila.length) {
    const [x, r] = pila.pop()!;
    out.push(r);
    if (Array.isArray(x))
      x.forEach((y, i) => {
        pila.push([y, [...r, i]]);
      });
    else if (x && typeof x === 'object') for (const [k, y] of Object.entries(x)) pila.push([y, [...r, k]]);
  }
  return out;
}

type Mutacion = { tipo: 'reemplazar' | 'borrar' | 'agregar'; cual: number; valor: unknown; clave: string };

function mutar(base: unknown, m: Mutacion): unknown {
  const raiz = { v: structuredClone(base) } as Record<string, unknown>;
  const rutas = rutasDe(raiz.v);
  const ruta = ['v', ...rutas[m.cual % rutas.length]!];
  let padre: any = raiz;
  for (const p of ruta.slice(0, -1)) padre = padre[p];
  const ultima = ruta.at(-1)!;
  if (m.tipo === 'reemplazar') padre[ultima] = m.valor;
  else if (m.tipo === 'borrar' && ruta.length > 1) {
    if (Array.isArray(padre)) padre.splice(Number(ultima), 1);
    else delete padre[ultima];
  } else {
    const destino = padre[ultima];
    if (destino && typeof destino === 'object' && !Array.isArray(destino)) destino[m.clave] = m.valor;
    else padre[ultima] = m.valor;
  }
  return raiz.v;
}

const mutacion: fc.Arbitrary<Mutacion> = fc.record({
  tipo: fc.constantFrom('reemplazar', 'reemplazar', 'borrar', 'agregar'),
  cual: fc.nat(),
  valor: jsonHostil,
  clave: claveHostil,
});

// ---------------------------------------------------------------------------------------------
// Requests

type Credencial = 'valida' | 'ninguna' | 'invalida' | 'solo-rips' | 'bearer-basura';
type Envoltura =
  | 'json'
  | 'texto-plano'
  | 'formulario'
  | 'xml'
  | 'sin-tipo'
  | 'gzip'
  | 'bomba-gzip'
  | 'gzip-corrupto'
  | 'json-roto'
  | 'profundo-70'
  | 'profundo-5000'
  | 'fhir-json'
  | 'charset-raro';

const credencial: fc.Arbitrary<Credencial> = fc.oneof(
  { weight: 16, arbitrary: fc.constant('valida' as const) },
  { weight: 1, arbitrary: fc.constantFrom<Credencial>('ninguna', 'invalida', 'solo-rips', 'bearer-basura') },
);

const envoltura: fc.Arbitrary<Envoltura> = fc.oneof(
  { weight: 12, arbitrary: fc.constant('json' as const) },
  {
    weight: 4,
    arbitrary: fc.constantFrom<Envoltura>(
      'texto-plano',
      'formulario',
      'xml',
      'sin-tipo',
      'gzip',
      'bomba-gzip',
      'gzip-corrupto',
      'json-roto',
      'profundo-70',
      'profundo-5000',
      'fhir-json',
      'charset-raro',
    ),
  },
);

function cabecerasDe(c: Credencial): Record<string, string> {
  switch (c) {
    case 'valida':
      return { ...entidad.cabeceras };
    case 'solo-rips':
      return { ...soloRips.cabeceras };
    case 'invalida':
      return { 'x-api-key': `mce_${'0'.repeat(40)}` };
    case 'bearer-basura':
      return { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' };
    default:
      return {};
  }
}

const BOMBA = gzipSync(Buffer.alloc(8 * MIB, 0x20)); // 8 MiB of spaces in about 8 KiB

/** A body in the given wrapping; JSON.stringify only on values it can handle (the deep ones are text). */
function cuerpoEn(e: Envoltura, valor: unknown): { cuerpo?: BodyInit; cabeceras: Record<string, string> } {
  const json = () => {
    try {
      return JSON.stringify(valor) ?? 'null';
    } catch {
      return 'null';
    }
  };
  switch (e) {
    case 'json':
      return { cuerpo: json(), cabeceras: { 'content-type': 'application/json' } };
    case 'fhir-json':
      return { cuerpo: json(), cabeceras: { 'content-type': 'application/fhir+json' } };
    case 'charset-raro':
      return { cuerpo: json(), cabeceras: { 'content-type': 'application/json; charset=utf-7' } };
    case 'texto-plano':
      return { cuerpo: json(), cabeceras: { 'content-type': 'text/plain' } };
    case 'formulario':
      return {
        cuerpo: 'rips=1&tipo=paciente',
        cabeceras: { 'content-type': 'application/x-www-form-urlencoded' },
      };
    case 'xml':
      return { cuerpo: '<?xml version="1.0"?><rips/>', cabeceras: { 'content-type': 'application/xml' } };
    case 'sin-tipo':
      return { cuerpo: json(), cabeceras: {} };
    case 'gzip':
      return {
        cuerpo: gzipSync(json()),
        cabeceras: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      };
    case 'bomba-gzip':
      return { cuerpo: BOMBA, cabeceras: { 'content-type': 'application/json', 'content-encoding': 'gzip' } };
    case 'gzip-corrupto':
      return {
        cuerpo: gzipSync(json()).subarray(0, 12),
        cabeceras: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      };
    case 'json-roto':
      return { cuerpo: `${json().slice(0, -1)},,`, cabeceras: { 'content-type': 'application/json' } };
    case 'profundo-70':
      return {
        cuerpo: `{"rips":${anidadoTexto(70)},"bundle":1}`,
        cabeceras: { 'content-type': 'application/json' },
      };
    case 'profundo-5000':
      return {
        cuerpo: `{"tipo":"paciente","datos":${anidadoTexto(5000)},"bundle":${anidadoTexto(5000)},"rips":${anidadoTexto(5000)}}`,
        cabeceras: { 'content-type': 'application/json' },
      };
  }
}

interface Respuesta {
  status: number;
  texto: string;
  tipo: string;
  ms: number;
}

async function enviar(
  metodo: string,
  ruta: string,
  cabeceras: Record<string, string>,
  cuerpo?: BodyInit,
): Promise<Respuesta> {
  const inicio = Date.now();
  const res = await fetch(env.s.url + ruta, {
    method: metodo,
    headers: cabeceras,
    body: cuerpo,
    signal: AbortSignal.timeout(60_000),
  });
  const texto = await res.text();
  return { status: res.status, texto, tipo: res.headers.get('content-type') ?? '', ms: Date.now() - inicio };
}

// ---------------------------------------------------------------------------------------------
// What every answer must be

interface Anomalia {
  ruta: string;
  entrada: string;
  status: number;
  problema: string;
  respuesta: string;
}
const anomalias: Anomalia[] = [];
const lentas: { ruta: string; entrada: string; ms: number; bytes: number }[] = [];
const estados = new Map<number, number>();

/** graphql-js and Apollo English texts that must never be the whole answer. */
const INGLES =
  /^(Variable "|Cannot |Syntax Error|Expected |Unknown |Field "|Internal server error|Unexpected |Argument "|Must provide|POST body|Operation )/;
const ESPANOL =
  /[áéíóúñ¿«»]|\b(el|la|los|las|de|del|no|es|un|una|que|debe|falta|campo|consulta|cuerpo|ruta|envíe|use)\b/i;

function esEspanol(m: unknown): boolean {
  return typeof m === 'string' && m.trim() !== '' && !INGLES.test(m) && ESPANOL.test(m);
}

/** A message with its quoted values blanked, to group the same defect once. */
const patron = (m: unknown) =>
  typeof m === 'string' ? m.replace(/"(?:[^"\\]|\\.)*"|\{.*\}|-?\d[\d.e+-]*/g, '…').slice(0, 120) : String(m);

/** Each variable by its kind and a short sample: enough to replay the case by hand. */
function resumenVariables(v: unknown): string {
  if (!v || typeof v !== 'object') return describir(v);
  return Object.entries(v as Record<string, unknown>)
    .map(([k, x]) => {
      const t = describir(x);
      return `${k}=${t.length > 60 ? `${Array.isArray(x) ? 'lista' : typeof x}(${t.length} car.)` : t}`;
    })
    .join(' ');
}

const describir = (x: unknown) => {
  const t = typeof x === 'string' ? x : (JSON.stringify(x) ?? String(x));
  return t.length > 300 ? `${t.slice(0, 300)}… (${t.length} caracteres)` : t;
};

/** Returns the parsed body; records what is wrong with the answer. */
function revisar(ruta: string, entrada: string, r: Respuesta): any {
  const anotar = (problema: string) =>
    anomalias.push({ ruta, entrada, status: r.status, problema, respuesta: describir(r.texto) });
  if (r.ms > 5000 || r.texto.length > 5 * MIB)
    lentas.push({ ruta, entrada, ms: r.ms, bytes: r.texto.length });
  estados.set(r.status, (estados.get(r.status) ?? 0) + 1);
  if (r.status >= 500) anotar('5xx');
  let body: any;
  try {
    body = JSON.parse(r.texto);
  } catch {
    anotar('respuesta que no es JSON');
    return undefined;
  }
  if (!/json/.test(r.tipo)) anotar(`content-type ${r.tipo}`);
  const gql = body && typeof body === 'object' && Array.isArray(body.errors) ? body.errors : undefined;
  if (gql) {
    for (const e of gql) {
      const code = e?.extensions?.code;
      if (code === 'INTERNAL_SERVER_ERROR' || e?.extensions?.codigo === 'interno')
        anotar(`5xx encubierto: error GraphQL ${code}`);
      else if (!esEspanol(e?.message)) anotar(`error GraphQL no en español: ${patron(e?.message)}`);
    }
  } else if (r.status >= 400 && !(r.status === 422 && typeof body?.estado === 'string')) {
    // 422 of POST /rips and /rda is the filing or transmission itself (estado, errores), not an error.
    if (!esEspanol(body?.error)) anotar(`error no en español: ${patron(body?.error)}`);
    if (typeof body?.codigo !== 'string') anotar('error sin codigo');
  }
  return body;
}

// Filing attempts answered 201/422/502 (they reached the gate), by entity, with the row id when given.
const filings = { respuestas: 0, ids: new Set<string>(), sinId: 0 };

function registrarRadicacion(cred: Credencial, status: number, body: any) {
  if (cred !== 'valida' || ![201, 422, 502].includes(status)) return;
  filings.respuestas += 1;
  const id = body?.id ?? body?.radicacionId ?? body?.detalles?.radicacionId;
  if (typeof id === 'string') filings.ids.add(id);
  else filings.sinId += 1;
}

function reporte(cuales: Anomalia[]): string {
  const porProblema = new Map<string, Anomalia[]>();
  for (const a of cuales) {
    const k = `${a.ruta} · ${a.status} · ${a.problema}`;
    porProblema.set(k, [...(porProblema.get(k) ?? []), a]);
  }
  const lineas = [...porProblema.entries()].map(
    ([k, v]) => `${k} (×${v.length})\n    entrada: ${v[0]!.entrada}\n    respuesta: ${v[0]!.respuesta}`,
  );
  return `FUZZ_SEED=${SEMILLA} FUZZ_RUNS=${ESCALA}: ${cuales.length} anomalía(s)\n${lineas.join('\n')}`;
}

// ---------------------------------------------------------------------------------------------

interface CasoRest {
  cred: Credencial;
  env: Envoltura;
  modo: 'valido' | 'mutado' | 'arbitrario' | 'sin-cuerpo';
  mut: Mutacion;
  arbitrario: unknown;
  id: string;
  query: [string, string][];
}

const casoRest: fc.Arbitrary<CasoRest> = fc.record({
  cred: credencial,
  env: envoltura,
  modo: fc.constantFrom('valido', 'mutado', 'mutado', 'mutado', 'arbitrario', 'sin-cuerpo'),
  mut: mutacion,
  arbitrario: jsonHostil,
  id: fc.oneof(
    fc.uuid(),
    textoHostil.map((t) => t.slice(0, 300)),
  ),
  query: fc.array(
    fc.tuple(fc.constantFrom('limit', 'offset', 'estado', 'x', 'tipo', '__proto__'), textoHostil),
    {
      maxLength: 3,
    },
  ),
});

const conParametros = (ruta: string, id: string) =>
  ruta.replace(/\{[^}]+\}/g, () => encodeURIComponent(id.replace(/[\ud800-\udfff]/g, '')) || 'x');

const consulta = (q: [string, string][]) =>
  q.length
    ? `?${q.map(([k, v]) => `${k}=${encodeURIComponent(v.slice(0, 2000).replace(/[\ud800-\udfff]/g, ''))}`).join('&')}`
    : '';

function resumenCaso(c: CasoRest, metodo: string, ruta: string): string {
  const mut =
    c.modo === 'mutado' ? ` ${c.mut.tipo}#${c.mut.cual}=${describir(c.mut.valor).slice(0, 80)}` : '';
  return `${metodo.toUpperCase()} ${ruta} cred=${c.cred} env=${c.env} modo=${c.modo}${mut} id=${describir(c.id).slice(0, 40)} query=${describir(c.query).slice(0, 80)}`;
}

describe(`fuzz con semilla ${SEMILLA} (FUZZ_SEED)`, () => {
  it('cada ruta REST de /openapi.json', async () => {
    const rutas = Object.entries(openapi.paths).flatMap(([ruta, ops]) =>
      Object.keys(ops)
        .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map((m) => ({ ruta, metodo: m, op: ops[m]! })),
    );
    expect(rutas.length).toBeGreaterThan(15);
    let semilla = SEMILLA;
    for (const { ruta, metodo, op } of rutas) {
      const casos = fc.sample(casoRest, { seed: semilla++, numRuns: POR_RUTA });
      for (const c of casos) {
        const destino = conParametros(ruta, c.id) + consulta(c.query);
        const cabeceras = cabecerasDe(c.cred);
        let r: Respuesta;
        if (metodo === 'get' || !op.requestBody) {
          r = await enviar(metodo, destino, cabeceras);
        } else {
          const base = cuerpoValido(metodo, ruta);
          const valor =
            c.modo === 'valido'
              ? base
              : c.modo === 'mutado'
                ? mutar(base, c.mut)
                : c.modo === 'arbitrario'
                  ? c.arbitrario
                  : undefined;
          const b = valor === undefined ? { cabeceras: {} } : cuerpoEn(c.env, valor);
          r = await enviar(metodo, destino, { ...cabeceras, ...b.cabeceras }, b.cuerpo);
        }
        const body = revisar(`${metodo.toUpperCase()} ${ruta}`, resumenCaso(c, metodo, ruta), r);
        if (metodo === 'post' && ruta === '/rips') registrarRadicacion(c.cred, r.status, body);
      }
    }
  }, 600_000);

  it('/graphql: cada operación con variables hostiles y documentos hostiles', async () => {
    const operaciones = operacionesGraphql();
    const caso = fc.record({
      cred: credencial,
      forma: fc.oneof(
        { weight: 8, arbitrary: fc.constant('operacion' as const) },
        {
          weight: 4,
          arbitrary: fc.constantFrom(
            'literal' as const,
            'basura' as const,
            'alias' as const,
            'profunda' as const,
            'sin-nombre' as const,
            'lote' as const,
            'get' as const,
            'variables-raras' as const,
            'introspeccion' as const,
            'literal-profundo' as const,
          ),
        },
      ),
      op: fc.constantFrom(...operaciones),
      vars: fc.dictionary(fc.string({ maxLength: 6 }), jsonHostil, { maxKeys: 2 }),
      valores: fc.array(fc.oneof(jsonHostil, fc.constant('__valido__')), { minLength: 6, maxLength: 6 }),
      texto: textoHostil,
      n: fc.integer({ min: 1, max: 200 }),
      operationName: fc.oneof(
        fc.constant(undefined),
        textoHostil.map((t) => t.slice(0, 100)),
      ),
    });
    const casos = fc.sample(caso, { seed: SEMILLA, numRuns: GRAPHQL });
    for (const c of casos) {
      const cab = { ...cabecerasDe(c.cred), 'content-type': 'application/json' };
      let cuerpo: unknown;
      let metodo = 'post';
      let ruta = '/graphql';
      const lit = (t: string) => JSON.stringify(t.replace(/[\ud800-\udfff]/g, '\u0000'));
      switch (c.forma) {
        case 'operacion': {
          cuerpo = {
            query: c.op.documento,
            operationName: c.op.nombre,
            variables: variablesDe(c.op, c.valores),
          };
          break;
        }
        case 'literal':
          cuerpo = {
            query: `mutation { transmitirRdaDesdeDatos(datos: {paciente: {paciente: {numeroDocumento: ${lit(c.texto)}}}}) { transmision { estado } } consultarRda(paciente: {tipo: "CC", numero: ${lit(c.texto)}}, humanuser: {tipo: "CC", numero: "79000111"}) { total } }`,
          };
          break;
        case 'basura':
          cuerpo = { query: c.texto };
          break;
        case 'alias':
          cuerpo = {
            query: `query { ${Array.from({ length: c.n }, (_, i) => `a${i}: sesion { entidad { id } }`).join(' ')} }`,
          };
          break;
        case 'profunda':
          cuerpo = { query: `query { sesion ${'{ entidad '.repeat(c.n)}${'}'.repeat(c.n)} }` };
          break;
        case 'sin-nombre':
          cuerpo = {
            query: `${c.op.documento}\nquery { sesion { permisos } }`,
            operationName: c.operationName,
          };
          break;
        case 'lote':
          cuerpo = [{ query: '{ sesion { permisos } }' }, { query: '{ resumen { __typename } }' }];
          break;
        case 'get':
          metodo = 'get';
          ruta = `/graphql?query=${encodeURIComponent('mutation { radicarRips(rips: {}) { radicacion { id } } }')}`;
          break;
        case 'variables-raras':
          cuerpo = { query: c.op.documento, operationName: c.op.nombre, variables: c.valores[0] };
          break;
        case 'introspeccion':
          cuerpo = { query: '{ __schema { types { name fields { name } } } }' };
          break;
        case 'literal-profundo':
          cuerpo = {
            query: `query { validarRda(bundle: ${'{a: '.repeat(c.n * 20)}1${'}'.repeat(c.n * 20)}) { valid } }`,
          };
          break;
      }
      const texto = cuerpo === undefined ? undefined : seguroStringify(cuerpo);
      const r = await enviar(metodo, ruta, metodo === 'get' ? cabecerasDe(c.cred) : cab, texto);
      const variables = c.forma === 'operacion' ? (cuerpo as { variables: unknown }).variables : undefined;
      const entrada =
        c.forma === 'operacion'
          ? `op=${c.op.nombre} cred=${c.cred} variables=${resumenVariables(variables)}`
          : `forma=${c.forma} op=${c.op.nombre} cred=${c.cred} cuerpo=${describir(texto ?? ruta).slice(0, 200)}`;
      const body = revisar(`/graphql (${c.forma === 'operacion' ? c.op.nombre : c.forma})`, entrada, r);
      if (c.forma === 'operacion' && c.op.nombre === 'RadicarRips' && c.cred === 'valida') {
        const id = body?.data?.radicarRips?.radicacion?.id;
        if (typeof id === 'string') {
          filings.respuestas += 1;
          filings.ids.add(id);
        }
      }
    }
  }, 600_000);

  it('resumen (GraphQL y REST) y probarWebhook: argumentos aleatorios y extremos, con alias', async () => {
    // Issue 30: report arguments weigh the request before it runs; webhook tests are costly fields.
    const fecha = fc.oneof(
      {
        weight: 4,
        arbitrary: fc
          .date({ min: new Date('1990-01-01'), max: new Date('2110-12-31'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10)),
      },
      {
        weight: 3,
        arbitrary: fc.constantFrom(
          '2000-01-01',
          '2100-01-01',
          '2100-12-31',
          '1999-12-31',
          '0001-01-01',
          '9999-12-31',
          '2024-02-29',
          '2026-02-29',
          '2026-13-01',
          '2026-01-01T00:00:00-05:00',
          '2026-01-01T05:00:00Z',
          '2026-01-01T01:00:00Z',
          '2026-01-01T00:00:00.0000001-05:00',
        ),
      },
      { weight: 1, arbitrary: textoHostil },
    );
    /** A variable's value: mostly of its type, sometimes null or any JSON. */
    const valor = <T>(a: fc.Arbitrary<T>) =>
      fc.oneof(
        { weight: 12, arbitrary: a },
        { weight: 1, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: jsonHostil },
      );
    const VISTAS = [
      'desde hasta agrupar zonaHoraria',
      'rips { total porEstado { estado cantidad } }',
      'rips { serie { periodo hasta total porTipo { tipo cantidad } } }',
      'rips { serie { montos { radicado porPagador { pagador clase nombre radicado } } } }',
      'rips { causas { codigo titulo proporcion } montos { radicado porPagador { nombre retenido } } }',
      'rda { serie { periodo tiempos { p50Ms } tiemposPorTipo { tipo p95Ms } } }',
      'rda { tiempos { p50Ms } tiemposPorTipo { tipo maxMs } pendientes { cantidad masAntiguo { id } } causas { codigo } }',
    ];
    const caso = fc.record({
      puerta: fc.constantFrom('graphql', 'graphql', 'graphql-literal', 'rest'),
      rango: fc.oneof(
        { weight: 2, arbitrary: fc.tuple(valor(fecha), valor(fecha)) },
        // A start and an end some days later: the reports that run, up to the longest series.
        {
          weight: 3,
          arbitrary: fc
            .tuple(
              fc.date({ min: new Date('2000-01-01'), max: new Date('2100-12-01'), noInvalidDate: true }),
              fc.integer({ min: 1, max: 5000 }),
            )
            .map(([d, n]) => [
              d.toISOString().slice(0, 10),
              new Date(d.getTime() + n * 86_400_000).toISOString().slice(0, 10),
            ]),
        },
      ),
      agrupar: valor(
        fc.oneof(
          { weight: 6, arbitrary: fc.constantFrom('DIA', 'SEMANA', 'MES') },
          { weight: 1, arbitrary: fc.constantFrom('dia', 'ANUAL', '') },
        ),
      ),
      modulo: valor(
        fc.oneof(
          { weight: 6, arbitrary: fc.constantFrom('RIPS', 'RDA') },
          { weight: 1, arbitrary: fc.constantFrom('rips', 'ambos') },
        ),
      ),
      vista: fc.constantFrom(undefined, 'resumen', 'causas', 'pagadores', 'tiempos', 'otra'),
      formato: fc.constantFrom(undefined, 'json', 'csv', 'xml'),
      vistas: fc.subarray(VISTAS, { minLength: 1 }),
      alias: fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: 1, max: 4 }) },
        { weight: 2, arbitrary: fc.integer({ min: 5, max: 20 }) },
      ),
      cred: credencial,
    });
    const json = (cab: Record<string, string>) => ({ ...cab, 'content-type': 'application/json' });
    const textoDe = (v: unknown) => (typeof v === 'string' ? v : seguroStringify(v));
    for (const c of fc.sample(caso, { seed: SEMILLA + 30, numRuns: RESUMEN })) {
      const cab = cabecerasDe(c.cred);
      const [desde, hasta] = c.rango;
      const entrada = `puerta=${c.puerta} alias=${c.alias} cred=${c.cred} ${resumenVariables({
        desde,
        hasta,
        agrupar: c.agrupar,
        modulo: c.modulo,
        vista: c.vista,
        formato: c.formato,
      })} vistas=${c.vistas.length}`;
      if (c.puerta === 'rest') {
        const q = new URLSearchParams();
        for (const [k, v] of Object.entries({
          desde,
          hasta,
          agrupar: typeof c.agrupar === 'string' ? c.agrupar.toLowerCase() : c.agrupar,
          modulo: typeof c.modulo === 'string' ? c.modulo.toLowerCase() : c.modulo,
          vista: c.vista,
          formato: c.formato,
        }))
          if (v !== undefined && v !== null) q.set(k, textoDe(v).slice(0, 2000));
        const r = await enviar('get', `/resumen?${q}`, cab);
        // A CSV answer is not JSON: only its status counts.
        if (r.status === 200 && r.tipo.startsWith('text/csv')) estados.set(200, (estados.get(200) ?? 0) + 1);
        else revisar('GET /resumen (fuzz de argumentos)', entrada, r);
        continue;
      }
      const args =
        c.puerta === 'graphql'
          ? 'desde: $d, hasta: $h, agrupar: $a, modulo: $m'
          : [
              ['desde', desde],
              ['hasta', hasta],
              ['agrupar', c.agrupar],
              ['modulo', c.modulo],
            ]
              .filter(([, v]) => typeof v === 'string')
              .map(([k, v]) =>
                k === 'agrupar' || k === 'modulo'
                  ? `${k}: ${/^[A-Za-z_]\w*$/.test(v as string) ? v : '"x"'}`
                  : `${k}: ${JSON.stringify(v)}`,
              )
              .join(', ');
      const cabecera =
        c.puerta === 'graphql'
          ? 'query($d: String, $h: String, $a: AgrupacionResumen, $m: ModuloResumen)'
          : 'query';
      const query = `${cabecera} { ${Array.from({ length: c.alias }, (_, i) => `a${i}: resumen${args ? `(${args})` : ''} { ...Vistas }`).join(' ')} }
        fragment Vistas on Resumen { ${c.vistas.join(' ')} }`;
      const variables =
        c.puerta === 'graphql' ? { d: desde, h: hasta, a: c.agrupar, m: c.modulo } : undefined;
      const r = await enviar('post', '/graphql', json(cab), seguroStringify({ query, variables }));
      revisar('/graphql resumen (fuzz de argumentos)', entrada, r);
    }

    // probarWebhook: a receiver on loopback, webhooks registered with random URLs, random ids, aliases.
    const recibidos: string[] = [];
    const receptor = http.createServer((req, res) => {
      recibidos.push(req.url ?? '');
      req.resume();
      req.on('end', () => res.writeHead(200).end('ok'));
    });
    receptor.listen(0, '127.0.0.1');
    await once(receptor, 'listening');
    const base = `http://127.0.0.1:${(receptor.address() as AddressInfo).port}`;
    const e = await env.entidadCompleta('fuzz-webhooks');
    const ids: string[] = [];
    const url = fc.oneof(
      { weight: 3, arbitrary: fc.string({ maxLength: 12 }).map((t) => `${base}/${encodeURIComponent(t)}`) },
      {
        weight: 3,
        arbitrary: fc.constantFrom(
          'javascript:alert(1)',
          'file:///etc/passwd',
          'ftp://127.0.0.1/x',
          'http://169.254.169.254/latest/meta-data',
          'http://[::1]:1/',
          'http://user:clave@127.0.0.1/',
          'https://example.invalid/hook',
          `${base}/${'x'.repeat(3000)}`,
          '//127.0.0.1/x',
        ),
      },
      { weight: 2, arbitrary: textoHostil },
    );
    const prueba = fc.record({
      url,
      id: fc.oneof(
        { weight: 3, arbitrary: fc.constant('__registrado__') },
        { weight: 1, arbitrary: fc.uuid() },
        { weight: 1, arbitrary: textoHostil },
        { weight: 1, arbitrary: numeroHostil },
      ),
      alias: fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: 1, max: 5 }) },
        { weight: 2, arbitrary: fc.integer({ min: 6, max: 20 }) },
      ),
      literal: fc.boolean(),
    });
    try {
      for (const c of fc.sample(prueba, { seed: SEMILLA + 31, numRuns: WEBHOOKS })) {
        const cab = json(e.cabeceras);
        const reg = await enviar(
          'post',
          '/graphql',
          cab,
          seguroStringify({
            query: 'mutation($url: String!) { registrarWebhook(url: $url) { webhook { id } } }',
            variables: { url: c.url },
          }),
        );
        const body = revisar('/graphql registrarWebhook (fuzz de URL)', `url=${describir(c.url)}`, reg);
        const nuevo = body?.data?.registrarWebhook?.webhook?.id;
        if (typeof nuevo === 'string') ids.push(nuevo);
        const id = c.id === '__registrado__' ? (ids.at(-1) ?? randomUUID()) : c.id;
        const query = c.literal
          ? `mutation { ${Array.from({ length: c.alias }, (_, i) => `p${i}: probarWebhook(id: ${JSON.stringify(textoDe(id))}) { eventoId }`).join(' ')} }`
          : `mutation($id: ID!) { ${Array.from({ length: c.alias }, (_, i) => `p${i}: probarWebhook(id: $id) { eventoId }`).join(' ')} }`;
        const r = await enviar('post', '/graphql', cab, seguroStringify({ query, variables: { id } }));
        const probada = revisar('/graphql probarWebhook (fuzz)', `id=${describir(id)} alias=${c.alias}`, r);
        // More than GRAPHQL_MAX_EXPENSIVE_FIELD tests: refused before anything runs (or the body before that).
        if (c.alias > 5) {
          const detalle = `${c.alias} alias de probarWebhook: ${r.texto.slice(0, 300)}`;
          expect.soft([400, 413], detalle).toContain(r.status);
          expect.soft(probada?.data, detalle).toBeUndefined();
        }
      }
      // Leave no receivers behind for the rest of the run.
      for (const id of ids)
        await enviar(
          'post',
          '/graphql',
          json(e.cabeceras),
          seguroStringify({ query: 'mutation($id: ID!) { eliminarWebhook(id: $id) }', variables: { id } }),
        );
    } finally {
      receptor.close();
    }
  }, 600_000);

  it('casos fijos del equipo rojo (profundidad, NUL en literales GraphQL)', async () => {
    const json = { ...entidad.cabeceras, 'content-type': 'application/json' };
    const gql = (query: string) => enviar('post', '/graphql', json, JSON.stringify({ query }));
    // Expected: an HTTP status (REST) or the code of the GraphQL error (resolvers answer 200 with
    // errors); null: only the general checks (no 5xx, Spanish JSON error).
    const casos: [string, () => Promise<Respuesta>, number | string | null][] = [
      [
        'POST /rda con 5 000 niveles en una clave desconocida',
        () =>
          enviar(
            'post',
            '/rda',
            json,
            `{"tipo":"paciente","bundle":{"resourceType":"Bundle","x":${anidadoTexto(5000)}}}`,
          ),
        400,
      ],
      [
        'POST /rda/desde-datos con 10 000 niveles',
        () => enviar('post', '/rda/desde-datos', json, `{"tipo":"paciente","datos":${anidadoTexto(10_000)}}`),
        400,
      ],
      [
        'GraphQL transmitirRda con NUL en un literal',
        () =>
          gql(
            'mutation { transmitirRda(tipo: "paciente", bundle: {resourceType: "Bundle", x: "a\\u0000"}) { estado } }',
          ),
        'entrada-invalida',
      ],
      [
        'GraphQL transmitirRdaDesdeDatos con NUL en un literal',
        () =>
          gql(
            'mutation { transmitirRdaDesdeDatos(datos: {paciente: {paciente: {primerNombre: "\\u0000"}}}) { transmision { estado } } }',
          ),
        'entrada-invalida',
      ],
      [
        'GraphQL construirRda con NUL en un literal',
        () =>
          gql('query { construirRda(datos: {paciente: {paciente: {primerNombre: "\\u0000"}}}) { valid } }'),
        'entrada-invalida',
      ],
      [
        'GraphQL validarRdaOficial con NUL en un literal',
        () => gql('query { validarRdaOficial(bundle: {resourceType: "Bundle", x: "\\u0000"}) { valid } }'),
        'entrada-invalida',
      ],
      [
        'GraphQL validarRda con NUL en un literal: 400 como en el cuerpo JSON',
        () =>
          gql(
            'query { validarRda(bundle: {resourceType: "Bundle", x: "\\u0000"}) { valid issues { codigo } } }',
          ),
        'entrada-invalida',
      ],
      [
        'GraphQL validarRda con un literal de 70 niveles',
        () => gql(`query { validarRda(bundle: ${'{a: '.repeat(70)}1${'}'.repeat(70)}) { valid } }`),
        null,
      ],
      [
        'GraphQL validarRda con un literal de 3 000 niveles',
        () => gql(`query { validarRda(bundle: ${'{a: '.repeat(3000)}1${'}'.repeat(3000)}) { valid } }`),
        null,
      ],
    ];
    for (const [nombre, hacer, esperado] of casos) {
      const r = await hacer();
      const body = revisar(`caso fijo: ${nombre}`, nombre, r);
      const detalle = `${nombre}: ${r.texto.slice(0, 300)}`;
      if (typeof esperado === 'number') expect.soft(r.status, detalle).toBe(esperado);
      if (typeof esperado === 'string')
        expect.soft(body?.errors?.[0]?.extensions?.codigo, detalle).toBe(esperado);
    }
  }, 120_000);

  it('radicarRips con NUL en numFactura (literal GraphQL): error en español, no un 500 encubierto', async () => {
    const r = await enviar(
      'post',
      '/graphql',
      { ...entidad.cabeceras, 'content-type': 'application/json' },
      JSON.stringify({
        query:
          'mutation { radicarRips(rips: {numDocumentoIdObligado: "900123456", numFactura: "F\\u0000", tipoNota: null, numNota: null, usuarios: []}) { radicacion { estado } } }',
      }),
    );
    const error = JSON.parse(r.texto).errors?.[0];
    expect(r.status).toBeLessThan(500);
    expect(error?.extensions?.code, r.texto).not.toBe('INTERNAL_SERVER_ERROR');
    expect(esEspanol(error?.message), r.texto).toBe(true);
  });

  it('protocolo: métodos equivocados, rutas desconocidas, tipos y codificaciones', async () => {
    const rutas = [
      ...Object.keys(openapi.paths).map((p) => p.replace(/\{[^}]+\}/g, randomUUID())),
      '/graphql',
    ];
    const caso = fc.record({
      ruta: fc.constantFrom(...rutas, '/no-existe', '/rips/validar/', '//rips', '/%2e%2e/rips', '/RIPS'),
      metodo: fc.constantFrom('PUT', 'PATCH', 'DELETE', 'OPTIONS', 'POST', 'GET', 'HEAD'),
      env: envoltura,
      cred: credencial,
      valor: jsonHostil,
    });
    for (const c of fc.sample(caso, { seed: SEMILLA + 7, numRuns: PROTOCOLO })) {
      const conCuerpo = !['GET', 'HEAD'].includes(c.metodo);
      const b = conCuerpo ? cuerpoEn(c.env, c.valor) : { cabeceras: {}, cuerpo: undefined };
      const r = await enviar(c.metodo, c.ruta, { ...cabecerasDe(c.cred), ...b.cabeceras }, b.cuerpo);
      const entrada = `${c.metodo} ${c.ruta} env=${c.env} cred=${c.cred}`;
      if (c.metodo === 'HEAD' || c.metodo === 'OPTIONS') {
        if (r.status >= 500) revisar(`${c.metodo} ${c.ruta}`, entrada, r);
        continue;
      }
      revisar(`${c.metodo} ${c.ruta}`, entrada, r);
    }
  }, 600_000);

  it('ninguna respuesta 5xx (ni un 500 encubierto en un error GraphQL)', () => {
    const total = [...estados.values()].reduce((a, b) => a + b, 0);
    console.info(
      `[fuzz] semilla ${SEMILLA}: ${total} solicitudes; estados ${JSON.stringify(Object.fromEntries(estados))}; radicaciones que llegaron a la compuerta: ${filings.respuestas}`,
    );
    if (lentas.length)
      console.warn(
        `[fuzz] respuestas lentas o enormes (no fallan la prueba):\n${lentas
          .map((l) => `${l.ms} ms ${l.bytes} B · ${l.entrada}`)
          .join('\n')}`,
      );
    // An unexpected error is logged as «error interno» (level 50) even when its answer looked fine.
    for (const l of env.lineas) {
      const x = JSON.parse(l);
      if (x.level >= 50)
        anomalias.push({
          ruta: 'registro',
          entrada: `${x.msg} ${JSON.stringify(x.err ?? {}).slice(0, 300)}`,
          status: 0,
          problema: `5xx en el registro: nivel ${x.level} «${x.msg}»`,
          respuesta: '',
        });
    }
    const graves = anomalias.filter((a) => a.problema.startsWith('5xx'));
    expect(graves, reporte(graves)).toEqual([]);
  });

  it('toda respuesta es JSON, y todo error trae un mensaje en español y un código', () => {
    const otras = anomalias.filter((a) => !a.problema.startsWith('5xx'));
    expect(otras, reporte(otras)).toEqual([]);
  });

  it('el servicio sigue sano: /health y /ready', async () => {
    expect((await enviar('get', '/health', {})).status).toBe(200);
    const listo = await enviar('get', '/ready', {});
    expect(listo.status, listo.texto).toBe(200);
  });

  it('cada radicación que llegó a la compuerta (201/422/502) tiene su fila de evidencia', async () => {
    expect(filings.respuestas).toBeGreaterThan(0);
    const em = env.s.em();
    const filas = await em.count(Radicacion, { entidad: entidad.entidad.id });
    const conId = await em.count(Radicacion, { entidad: entidad.entidad.id, id: { $in: [...filings.ids] } });
    expect(conId, 'cada radicación respondida con su id tiene su fila').toBe(filings.ids.size);
    expect(filas, 'una fila por intento que llegó a la compuerta, ninguna más').toBe(
      filings.ids.size + filings.sinId,
    );
  });
});

function seguroStringify(v: unknown): string {
  try {
    return JSON.stringify(v) ?? 'null';
  } catch {
    return 'null';
  }
}

/** Variables for an operation: some valid, most hostile, by declared type. */
function variablesDe(op: OperacionGql, valores: unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  op.variables.forEach((v, i) => {
    const crudo = valores[i % valores.length];
    if (crudo !== '__valido__') {
      out[v.nombre] = crudo;
      return;
    }
    const t = v.tipo.replace(/!$/, '');
    if (t === 'JSON' && /rips/i.test(v.nombre)) out[v.nombre] = ripsDe(numFactura());
    else if (t === 'JSON' && /bundle/i.test(v.nombre)) out[v.nombre] = bundleValido();
    else if (/JSON/.test(t) && /datos/i.test(v.nombre)) out[v.nombre] = datosRda('paciente');
    else if (t === 'TipoRda') out[v.nombre] = 'paciente';
    else if (t === 'ID') out[v.nombre] = randomUUID();
    else if (t === 'Int') out[v.nombre] = 10;
    else if (t === 'String') out[v.nombre] = 'x';
    else if (/JSON/.test(t)) out[v.nombre] = { tipo: 'CC', numero: '1020304050' };
  });
  return out;
}
