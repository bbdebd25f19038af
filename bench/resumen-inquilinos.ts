import { readFileSync, rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { hashApiKey, prefijoDe } from '../src/auth/api-keys.js';
import { conectarBd } from './carga-directa.js';
import { cargarResumen } from './carga-resumen.js';
import { ClienteHttp } from './cliente-http.js';
import { cuantil } from './estadistica.js';
import { guardarSalida } from './salida.js';
import { CLAVE_BENCH, iniciarServidorHijo } from './servidor-hijo.js';

/**
 * Issue 30: what one tenant's reports cost another. The demo entity gets BENCH_FILAS filings and
 * transmissions over the last year (bench/carga-resumen.ts); a second entity only reads `GET /sesion`,
 * one request every BENCH_SONDA_MS, first with the instance idle, then while the demo entity runs
 * each of its heaviest allowed reports from BENCH_CLIENTES connections at its rate limit
 * (RATE_LIMIT_ENTITY_PER_MINUTE, rate limiting on as in production), BENCH_SEGUNDOS per scenario.
 * Target: the second entity's p95 within 2× idle.
 */
const FILAS = Number(process.env.BENCH_FILAS ?? 100_000);
const SEGUNDOS = Number(process.env.BENCH_SEGUNDOS ?? 20);
const CLIENTES = Number(process.env.BENCH_CLIENTES ?? 8);
const SONDA_MS = Number(process.env.BENCH_SONDA_MS ?? 100);
const POR_MINUTO = Number(process.env.RATE_LIMIT_ENTITY_PER_MINUTE ?? 1200);
/** Samples of the first seconds of a scenario are left out (the heavy tenant's queue filling up). */
const RAMPA_MS = 2000;
const CONSERVAR = process.env.BENCH_CONSERVAR === '1';
const CLAVE_OTRA = `rda_${'o'.repeat(43)}`;

const r1 = (x: number) => Math.round(x * 10) / 10;
const dormir = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Colombian calendar date (UTC−5, no daylight saving), `dias` days from today. */
function fechaBogota(dias: number): string {
  return new Date(Date.now() - 5 * 3_600_000 + dias * 86_400_000).toISOString().slice(0, 10);
}

interface Escenario {
  nombre: string;
  solicitar: (c: ClienteHttp) => Promise<{ status: number; bytes: number }>;
}

const cabA = { 'X-Api-Key': CLAVE_BENCH };
const cabGraphql = { ...cabA, 'content-type': 'application/json' };

function graphql(query: string, variables: Record<string, unknown> = {}): Escenario['solicitar'] {
  const cuerpo = Buffer.from(JSON.stringify({ query, variables }));
  return async (c) => {
    const r = await c.post('/graphql', cuerpo, cabGraphql);
    return { status: r.status, bytes: r.cuerpo.length };
  };
}

function rest(ruta: string): Escenario['solicitar'] {
  return async (c) => {
    const r = await c.get(ruta, cabA);
    return { status: r.status, bytes: r.cuerpo.length };
  };
}

const CONTEOS = 'total porEstado { estado cantidad } porTipo { tipo cantidad }';
/** n aliases of a century by month, both modules' counts (a fragment keeps 15 within GRAPHQL_MAX_TOKENS). */
const alias = (n: number) =>
  `{ ${Array.from({ length: n }, (_, i) => `a${i}: resumen(desde: "2000-01-01", hasta: "2100-01-01", agrupar: MES) { ...S }`).join(' ')} }
  fragment S on Resumen { rips { ${CONTEOS} serie { periodo hasta ${CONTEOS} } } rda { ${CONTEOS} serie { periodo hasta ${CONTEOS} } } }`;

/** Latencies of `GET /sesion` of the other entity, one at a time every SONDA_MS, until `hasta()` is true. */
async function sondear(url: string, hasta: () => boolean, desde = 0): Promise<number[]> {
  const c = new ClienteHttp(url);
  const ms: number[] = [];
  const inicio = performance.now();
  try {
    while (!hasta()) {
      const t = performance.now();
      const r = await c.get('/sesion', { 'X-Api-Key': CLAVE_OTRA });
      const dt = performance.now() - t;
      if (r.status !== 200) throw new Error(`GET /sesion de la otra entidad → HTTP ${r.status}`);
      if (t - inicio >= desde) ms.push(dt);
      await dormir(Math.max(0, SONDA_MS - dt));
    }
  } finally {
    c.cerrar();
  }
  return ms;
}

const cifras = (ms: number[]) => ({
  n: ms.length,
  p50ms: r1(cuantil(ms, 0.5)),
  p95ms: r1(cuantil(ms, 0.95)),
  maxms: r1(Math.max(...ms)),
});

/**
 * The heavy entity: CLIENTES connections, each sending the scenario's request as soon as its previous
 * one answered and the shared pace (POR_MINUTO) allows; the other entity is probed meanwhile.
 */
async function correr(url: string, e: Escenario) {
  const fin = performance.now() + SEGUNDOS * 1000;
  const intervalo = 60_000 / POR_MINUTO;
  let proximo = performance.now();
  const estados: Record<string, number> = {};
  const msPesado: number[] = [];
  let bytes = 0;
  const cliente = async () => {
    const c = new ClienteHttp(url);
    try {
      while (performance.now() < fin) {
        const turno = proximo;
        proximo = Math.max(proximo, performance.now()) + intervalo;
        await dormir(turno - performance.now());
        if (performance.now() >= fin) break;
        const t = performance.now();
        const r = await e.solicitar(c);
        msPesado.push(performance.now() - t);
        estados[r.status] = (estados[r.status] ?? 0) + 1;
        if (r.status === 200) bytes = r.bytes;
      }
    } finally {
      c.cerrar();
    }
  };
  const [sonda] = await Promise.all([
    sondear(url, () => performance.now() >= fin, RAMPA_MS),
    ...Array.from({ length: CLIENTES }, cliente),
  ]);
  const total = Object.values(estados).reduce((a, b) => a + b, 0);
  return {
    otraEntidad: cifras(sonda),
    pesada: {
      solicitudes: total,
      porSegundo: r1(total / SEGUNDOS),
      estados,
      bytes,
      p50ms: r1(cuantil(msPesado, 0.5)),
      p95ms: r1(cuantil(msPesado, 0.95)),
    },
  };
}

const servidor = await iniciarServidorHijo({ LOG_LEVEL: 'warn', RATE_LIMIT_ENABLED: 'true' });
console.log('datos del servidor', servidor.dataDir);
const salida: Record<string, unknown> = {
  filas: FILAS,
  segundos: SEGUNDOS,
  clientes: CLIENTES,
  sondaMs: SONDA_MS,
  porMinuto: POR_MINUTO,
  // The server's report limits when set for this run (defaults otherwise).
  costoMaximo: process.env.GRAPHQL_MAX_REPORT_COST ?? 'predeterminado',
  costoPorMinuto: process.env.RATE_LIMIT_REPORT_COST_PER_MINUTE ?? 'predeterminado',
};
let fallo: unknown = null;
try {
  const bd = await conectarBd(servidor);
  const entidad = (await bd.query(`select id from entidad where slug = 'demo'`)).rows[0].id as string;
  const cargado =
    Number((await bd.query('select count(*) n from radicacion where entidad_id = $1', [entidad])).rows[0].n) >
    0;
  if (!cargado)
    await cargarResumen(bd, entidad, { filas: FILAS, filasRda: FILAS }, async (nombre, fn) => {
      const t = performance.now();
      await fn();
      console.log(`carga: ${nombre} ${r1((performance.now() - t) / 1000)} s`);
    });
  // The other entity: a copy of the demo row (whatever columns the migrations add) with its own key.
  await bd.query(`create temp table otra as select * from entidad where slug = 'demo'`);
  await bd.query(`update otra set id = gen_random_uuid(), slug = 'otra', nombre = 'Otra IPS'`);
  await bd.query(`insert into entidad select * from otra on conflict (slug) do nothing`);
  await bd.query(
    `insert into api_key (id, entidad_id, prefijo, hash, descripcion, created_at)
     select gen_random_uuid(), id, $1, $2, 'bench', now() from entidad where slug = 'otra'
     on conflict (hash) do nothing`,
    [prefijoDe(CLAVE_OTRA), hashApiKey(CLAVE_OTRA)],
  );
  await bd.end();

  const desde = fechaBogota(-1094);
  const hasta = fechaBogota(1);
  const cliente = readFileSync('cliente/operaciones/resumen.graphql', 'utf8');
  const escenarios: Escenario[] = [
    {
      nombre: 'GraphQL: el informe completo del cliente, 3 años por día',
      solicitar: graphql(cliente, { desde, hasta, agrupar: 'DIA' }),
    },
    {
      nombre: 'REST: CSV de pagadores, 3 años por día',
      solicitar: rest(`/resumen?desde=${desde}&hasta=${hasta}&agrupar=dia&vista=pagadores&formato=csv`),
    },
  ];
  // As many aliases of a century by month (both modules' counts) as the limits let through.
  const sonda = new ClienteHttp(servidor.url);
  let permitidos = 0;
  for (let n = 15; n >= 1; n--) {
    const r = await graphql(alias(n))(sonda);
    if (r.status === 200) {
      permitidos = n;
      break;
    }
  }
  sonda.cerrar();
  salida.aliasPermitidos = permitidos;
  if (permitidos)
    escenarios.push({
      nombre: `GraphQL: ${permitidos} alias de un siglo por mes (el máximo que se admite)`,
      solicitar: graphql(alias(permitidos)),
    });
  if (permitidos < 15)
    escenarios.push({
      nombre: 'GraphQL: 15 alias de un siglo por mes (el ataque de la issue 30)',
      solicitar: graphql(alias(15)),
    });

  // Warm-up: every scenario a few times, and the probe.
  for (const e of escenarios) {
    const c = new ClienteHttp(servidor.url);
    for (let i = 0; i < 3; i++) await e.solicitar(c);
    c.cerrar();
  }
  const fin = performance.now() + 2000;
  await sondear(servidor.url, () => performance.now() >= fin);

  const idle = async () => {
    const hastaIdle = performance.now() + SEGUNDOS * 1000;
    return cifras(await sondear(servidor.url, () => performance.now() >= hastaIdle));
  };
  const resultados: Record<string, unknown> = { 'en reposo (antes)': await idle() };
  console.log('en reposo (antes)', resultados['en reposo (antes)']);
  for (const e of escenarios) {
    // Let the previous scenario's queue drain (and the rate limit's window pass).
    await dormir(3000);
    const r = await correr(servidor.url, e);
    resultados[e.nombre] = r;
    console.log(e.nombre, JSON.stringify(r));
  }
  await dormir(3000);
  resultados['en reposo (después)'] = await idle();
  console.log('en reposo (después)', resultados['en reposo (después)']);
  salida.resultados = resultados;
} catch (e) {
  fallo = e;
} finally {
  await servidor.detener();
  if (!CONSERVAR && !process.env.BENCH_DATOS) rmSync(servidor.dataDir, { recursive: true, force: true });
}
guardarSalida('resumen-inquilinos', salida);
if (fallo) throw fallo;
