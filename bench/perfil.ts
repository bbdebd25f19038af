import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Where a small request's CPU goes (issue 34): a V8 CPU profile of the service (`--cpu-prof`),
 * cut to the measured windows and split into steps. Each sample goes to the innermost frame of a
 * known step (Node's own frames and native code count for the step that called them: a socket
 * write done by pg is the database client's, one done by express's `res.json` is the answer's);
 * a sample with no known frame is Node's own HTTP and event work.
 */

/** A step and the scripts (URL patterns) whose frames belong to it, in the order they are tried. */
export const PASOS: [string, RegExp][] = [
  [
    'registro (pino)',
    /node_modules\/(pino|pino-http|pino-std-serializers|@pinojs\/[^/]+|sonic-boom|fast-redact)\/|\/dist\/src\/logger\.js|\/dist\/src\/http\/registro/,
  ],
  ['métricas (prom-client)', /node_modules\/(prom-client|tdigest|bintrees)\/|\/dist\/src\/metricas\//],
  ['trazas (OpenTelemetry)', /node_modules\/@opentelemetry\/|\/dist\/src\/telemetria\//],
  [
    'cabeceras de seguridad',
    /node_modules\/helmet\/|\/dist\/src\/http\/cabeceras-seguridad\.js|\/dist\/src\/http\/cors\.js/,
  ],
  ['límites de tasa', /node_modules\/rate-limiter-flexible\/|\/dist\/src\/http\/limites-tasa\.js/],
  [
    'lectura del cuerpo',
    /node_modules\/(body-parser|raw-body|iconv-lite|content-type|type-is|media-typer|bytes)\/|\/dist\/src\/http\/(json-seguro|turnos-cuerpo)\.js|\/dist\/rest-adapter\/flujo-http\.js/,
  ],
  [
    'respuesta (JSON, ETag, envío)',
    /node_modules\/(express\/lib\/response\.js|etag|fresh|send|mime-types|mime-db|content-disposition|cookie|vary|on-finished)/,
  ],
  [
    'enrutamiento express',
    /node_modules\/(express|router|path-to-regexp|parseurl|finalhandler|qs|depd|encodeurl|escape-html)\//,
  ],
  ['autenticación', /node_modules\/(openid-client|jose|oauth4webapi|lru-cache)\/|\/dist\/src\/auth\//],
  [
    'ORM y cliente PostgreSQL',
    /node_modules\/(@mikro-orm\/[^/]+|knex|pg|pg-[^/]+|tarn|pgpass|postgres-[^/]+|kysely)\//,
  ],
  ['validación RIPS', /\/dist\/src\/rips\//],
  ['validación RDA', /\/dist\/src\/rda\//],
  ['esquemas JSON (ajv)', /node_modules\/(ajv|ajv-[^/]+|fast-uri|fast-deep-equal)\//],
  ['adaptador REST', /\/dist\/rest-adapter\//],
  [
    'GraphQL (ejecución, shield, Apollo)',
    /node_modules\/(graphql|graphql-jit|type-graphql|graphql-shield|graphql-middleware|@graphql-tools\/[^/]+|@apollo\/[^/]+|@as-integrations\/[^/]+|dataloader|fast-json-stringify|generate-function)\/|\/dist\/src\/graphql\//,
  ],
  ['cadena propia (app, errores, servicios)', /\/dist\/src\//],
];

export const PASO_NODE = 'Node (HTTP, sockets, promesas)';
export const PASO_GC = 'recolección de basura';
const OTROS = 'otros paquetes';

interface Nodo {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface PerfilV8 {
  nodes: Nodo[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface Ventana {
  nombre: string;
  /** CLOCK_MONOTONIC µs (process.hrtime.bigint() / 1000): the clock of V8's profile timestamps. */
  desdeUs: number;
  hastaUs: number;
  solicitudes: number;
}

/** Per window: µs of the main thread per request, by step. */
export type Reparto = Map<string, Map<string, number>>;

/** The step of one sample: the innermost frame that belongs to a step. */
function pasoDeNodos(nodos: Map<number, Nodo>, padre: Map<number, number>): (id: number) => string | null {
  const cache = new Map<number, string | null>();
  const propio = (n: Nodo): string | undefined => {
    const url = n.callFrame.url;
    if (!url || url.startsWith('node:')) return undefined;
    for (const [paso, re] of PASOS) if (re.test(url)) return paso;
    return /node_modules\//.test(url) ? OTROS : undefined;
  };
  const de = (id: number): string | null => {
    const hecho = cache.get(id);
    if (hecho !== undefined) return hecho;
    const n = nodos.get(id)!;
    const f = n.callFrame.functionName;
    let r: string | null;
    if (f === '(idle)') r = null;
    else if (f === '(garbage collector)') r = PASO_GC;
    else {
      const p = propio(n);
      const arriba = padre.get(id);
      r = p ?? (arriba === undefined ? PASO_NODE : de(arriba));
      if (r === null) r = PASO_NODE;
    }
    cache.set(id, r);
    return r;
  };
  return de;
}

export function repartir(perfil: PerfilV8, ventanas: Ventana[]): Reparto {
  const nodos = new Map(perfil.nodes.map((n) => [n.id, n]));
  const padre = new Map<number, number>();
  for (const n of perfil.nodes) for (const h of n.children ?? []) padre.set(h, n.id);
  const paso = pasoDeNodos(nodos, padre);
  const suma = new Map(ventanas.map((v) => [v.nombre, new Map<string, number>()]));
  let t = perfil.startTime;
  for (let i = 0; i < perfil.samples.length; i++) {
    // A sample's delta is the time since the previous one: that time is charged to this sample.
    const dt = perfil.timeDeltas[i] ?? 0;
    t += dt;
    const v = ventanas.find((w) => t >= w.desdeUs && t < w.hastaUs);
    if (!v) continue;
    const p = paso(perfil.samples[i]!);
    if (p === null) continue;
    const m = suma.get(v.nombre)!;
    m.set(p, (m.get(p) ?? 0) + dt);
  }
  const r: Reparto = new Map();
  for (const v of ventanas) {
    const m = new Map<string, number>();
    for (const [p, us] of suma.get(v.nombre)!) m.set(p, v.solicitudes ? us / v.solicitudes : Number.NaN);
    r.set(v.nombre, m);
  }
  return r;
}

/** The main thread's profile in `dir` (the largest file: workers write their own, small ones). */
export function leerPerfil(dir: string): PerfilV8 {
  const archivos = readdirSync(dir)
    .filter((a) => a.endsWith('.cpuprofile'))
    .map((a) => path.join(dir, a));
  if (!archivos.length) throw new Error(`no hay perfiles .cpuprofile en ${dir}`);
  const principal = archivos.map((a) => ({ a, t: readFileSync(a).length })).sort((x, y) => y.t - x.t)[0]!.a;
  return JSON.parse(readFileSync(principal, 'utf8')) as PerfilV8;
}

/** Markdown table: steps as rows (in PASOS order), one column per window, µs per request. */
export function tablaReparto(r: Reparto, titulos: Map<string, string>): string {
  const nombres = [...r.keys()];
  const orden = [...PASOS.map(([p]) => p), OTROS, PASO_NODE, PASO_GC];
  const filas = orden.filter((p) => nombres.some((n) => (r.get(n)!.get(p) ?? 0) >= 0.5));
  const entero = (x: number | undefined) => (x === undefined || x < 0.5 ? '—' : x.toFixed(0));
  const lineas = [
    `| Paso (µs de CPU del hilo principal por solicitud) | ${nombres.map((n) => titulos.get(n) ?? n).join(' | ')} |`,
    `|---|${nombres.map(() => '---').join('|')}|`,
    ...filas.map((p) => `| ${p} | ${nombres.map((n) => entero(r.get(n)!.get(p))).join(' | ')} |`),
    `| **total** | ${nombres.map((n) => `**${entero([...r.get(n)!.values()].reduce((a, b) => a + b, 0))}**`).join(' | ')} |`,
  ];
  return lineas.join('\n');
}
