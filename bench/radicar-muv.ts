import { performance } from 'node:perf_hooks';
import { ripsDe, xmlFev } from '../test/fixtures/muv.js';
import { conectarBd, reconstruirContadores } from './carga-directa.js';
import { guardarSalida } from './salida.js';
import { CLAVE_BENCH, iniciarServidorHijo } from './servidor-hijo.js';

/**
 * Issue 5: filings per second against the MUV sandbox (POST /rips: local gate + simulator over HTTP +
 * evidence row), then GET /rips latency once the entity holds a million stored attempts.
 */
const RADICACIONES = Number(process.env.BENCH_RADICACIONES ?? 300);
const CONCURRENCIA = Number(process.env.BENCH_CONCURRENCIA ?? 8);
const FILAS = Number(process.env.BENCH_FILAS ?? 1_000_000);
const CONSULTAS = Number(process.env.BENCH_CONSULTAS ?? 200);
// Issue 18: the sandbox's answer delay (2000 = a slow mechanism) and whether to skip the list part.
const LATENCIA_MUV = process.env.BENCH_MUV_LATENCIA_MS ?? '0';
const SIN_LISTA = process.env.BENCH_SIN_LISTA === '1';

class SinLista extends Error {}

const percentil = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Number(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!.toFixed(1));
};

const cab = { 'content-type': 'application/json', 'X-Api-Key': CLAVE_BENCH };
const servidor = await iniciarServidorHijo({
  MUV_SIM_LATENCIA_MS: LATENCIA_MUV,
});
const salida: Record<string, unknown> = {};
try {
  // Bodies are prepared first: the measure is the service, not the generator.
  const lote = Date.now().toString(36).toUpperCase();
  const cuerpos = Array.from({ length: RADICACIONES }, (_, i) => {
    const num = `BX${lote}${i}`;
    return JSON.stringify({ rips: ripsDe(num), xmlFevFile: xmlFev(num) });
  });
  // Warm-up: JIT, pool, catalogs, MUV session.
  for (let i = 0; i < 5; i++) {
    const num = `BW${lote}${i}`;
    await fetch(`${servidor.url}/rips`, {
      method: 'POST',
      headers: cab,
      body: JSON.stringify({ rips: ripsDe(num), xmlFevFile: xmlFev(num) }),
    }).then((r) => r.arrayBuffer());
  }
  const latencias: number[] = [];
  const estados: Record<number, number> = {};
  let siguiente = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCIA }, async () => {
      while (siguiente < cuerpos.length) {
        const cuerpo = cuerpos[siguiente++]!;
        const t = performance.now();
        const r = await fetch(`${servidor.url}/rips`, { method: 'POST', headers: cab, body: cuerpo });
        await r.arrayBuffer();
        latencias.push(performance.now() - t);
        estados[r.status] = (estados[r.status] ?? 0) + 1;
      }
    }),
  );
  const segundos = (performance.now() - t0) / 1000;
  salida.radicacion = {
    radicaciones: RADICACIONES,
    concurrencia: CONCURRENCIA,
    latenciaMuvMs: Number(LATENCIA_MUV),
    estados,
    radicacionesPorSegundo: Number((RADICACIONES / segundos).toFixed(1)),
    p50Ms: percentil(latencias, 50),
    p95Ms: percentil(latencias, 95),
  };
  console.log(JSON.stringify(salida.radicacion));
  if (SIN_LISTA) throw new SinLista();

  // A million stored attempts for the same entity, written by SQL (generate_series), as the issue asks.
  const bd = await conectarBd(servidor);
  const { rows } = await bd.query(`select id from entidad where slug = 'demo'`);
  const entidad = rows[0].id as string;
  let t = performance.now();
  // Triggers off for the load (the roll-ups' row triggers would update the same rows a million times
  // in one statement); the counter and the roll-ups are then rebuilt set-based.
  await bd.query('set session_replication_role = replica');
  await bd.query(
    `insert into radicacion (id, entidad_id, num_factura, num_documento_id_obligado, tipo_nota, num_nota, operacion,
       estado, cuv, proceso_id, fecha_radicacion, motivo, n_errores, n_avisos, errores, respuesta_muv, created_at)
     select gen_random_uuid(), $1, 'BULK' || g, '900123456', null, null, 'CargarFevRips',
       case when g % 10 = 0 then 'rechazado' else 'radicado' end,
       case when g % 10 = 0 then null else encode(sha384(('cuv' || g)::bytea), 'hex') end,
       g, now() - make_interval(secs => g), 'carga masiva de prueba', (g % 10 = 0)::int, g % 3,
       '[]'::jsonb, jsonb_build_object('ResultState', g % 10 <> 0, 'ProcesoId', g, 'ResultadosValidacion', '[]'::jsonb),
       now() - make_interval(secs => g)
     from generate_series(1, $2::int) g`,
    [entidad, FILAS],
  );
  await bd.query('set session_replication_role = origin');
  await reconstruirContadores(bd);
  await bd.query('select resumen_reconstruir()');
  await bd.query('analyze radicacion');
  const cargaS = (performance.now() - t) / 1000;
  const plan = await bd.query(
    `explain select id from radicacion where entidad_id = $1 order by created_at desc, id desc limit 100`,
    [entidad],
  );
  await bd.end();
  for (let i = 0; i < 10; i++)
    await fetch(`${servidor.url}/rips`, { headers: cab }).then((r) => r.arrayBuffer());
  const lista: number[] = [];
  for (let i = 0; i < CONSULTAS; i++) {
    t = performance.now();
    const r = await fetch(`${servidor.url}/rips`, { headers: cab });
    const json = (await r.json()) as { items: unknown[] };
    lista.push(performance.now() - t);
    if (r.status !== 200 || json.items.length !== 100) throw new Error(`GET /rips → ${r.status}`);
  }
  salida.lista = {
    filas: FILAS,
    cargaSegundos: Number(cargaS.toFixed(1)),
    consultas: CONSULTAS,
    p50Ms: percentil(lista, 50),
    p95Ms: percentil(lista, 95),
    p99Ms: percentil(lista, 99),
    plan: plan.rows.map((r) => r['QUERY PLAN']).join(' | '),
  };
  console.log(JSON.stringify(salida.lista));
} catch (e) {
  if (!(e instanceof SinLista)) throw e;
} finally {
  await servidor.detener();
}
guardarSalida(SIN_LISTA ? `radicar-muv-latencia-${LATENCIA_MUV}` : 'radicar-muv', salida);
