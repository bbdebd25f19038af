import { performance } from 'node:perf_hooks';
import type { TipoRda } from '../src/rda/tipos.js';
import { datosRda } from '../test/fixtures/rda.js';
import { conectarBd, reconstruirContadores } from './carga-directa.js';
import { guardarSalida } from './salida.js';
import { CLAVE_BENCH, iniciarServidorHijo } from './servidor-hijo.js';

/**
 * RDA transmission against the in-process IHCE simulator (default run: no IHCE_BASE_URL), then
 * GET /rda and GET /resumen latency with BENCH_FILAS transmissions bulk-inserted (generate_series).
 */
const N = Number(process.env.BENCH_TRANSMISIONES ?? 400);
const CONCURRENCIA = Number(process.env.BENCH_CONCURRENCIA ?? 8);
const FILAS = Number(process.env.BENCH_FILAS ?? 1_000_000);
const REPETICIONES = Number(process.env.BENCH_REPETICIONES ?? 30);
const TIPOS: TipoRda[] = ['paciente', 'consulta-externa', 'urgencias', 'hospitalizacion'];

const percentil = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))]! * 10) / 10;
};

const servidor = await iniciarServidorHijo({ LOG_LEVEL: 'warn' });
const cab = { 'x-api-key': CLAVE_BENCH, 'content-type': 'application/json' };
const salida: Record<string, unknown> = { transmisiones: N, concurrencia: CONCURRENCIA, filas: FILAS };

try {
  // 1) Transmissions per second: build + lint + persist + IHCE call + trail, each a distinct encounter.
  const cuerpos = Array.from({ length: N }, (_, i) => {
    const tipo = TIPOS[i % 4]!;
    const d = datosRda(tipo, 'rico');
    if (d.encuentro) {
      const inicio = new Date(Date.now() - (i + 1) * 7 * 60_000 - 3 * 3_600_000);
      const fin = new Date(inicio.getTime() + 5 * 60_000);
      Object.assign(d.encuentro, { fechaInicio: inicio.toISOString(), fechaFin: fin.toISOString() });
      for (const p of d.procedimientos ?? []) p.fecha = inicio.toISOString();
    }
    return JSON.stringify({ tipo, datos: d });
  });
  const estados: Record<number, number> = {};
  const lat: number[] = [];
  let siguiente = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCIA }, async () => {
      for (let i = siguiente++; i < N; i = siguiente++) {
        const t = performance.now();
        const r = await fetch(`${servidor.url}/rda/desde-datos`, {
          method: 'POST',
          headers: cab,
          body: cuerpos[i],
        });
        await r.arrayBuffer();
        lat.push(performance.now() - t);
        estados[r.status] = (estados[r.status] ?? 0) + 1;
      }
    }),
  );
  const segundos = (performance.now() - t0) / 1000;
  salida.envio = {
    porSegundo: Math.round((N / segundos) * 10) / 10,
    p50ms: percentil(lat, 50),
    p95ms: percentil(lat, 95),
    estados,
  };
  console.log('transmisiones', salida.envio);

  // 2) Bulk rows for the demo entity, straight into PostgreSQL. Triggers are skipped for the load (the
  // daily roll-ups' row triggers would update the same few rows a million times in one transaction);
  // counters and roll-ups are then rebuilt set-based, as the migration does for existing rows.
  const bd = await conectarBd(servidor);
  const { rows } = await bd.query(`select id from entidad where slug = 'demo'`);
  const entidad = rows[0].id as string;
  const ti = performance.now();
  await bd.query('set session_replication_role = replica');
  await bd.query(
    `insert into transmision (id, entidad_id, tipo, estado, origen, errores, avisos, intentos, reintentos_agotados,
       eventos, creado_por, created_at, updated_at)
     select gen_random_uuid(), $1,
       (array['paciente','consulta-externa','hospitalizacion','urgencias'])[1 + i % 4],
       (array['aceptado','aceptado','aceptado','aceptado','rechazado','enviado','generado'])[1 + i % 7],
       'datos', '[]', '[]', 1, false, 0, 'bench', now() - make_interval(secs => i), now()
     from generate_series(1, $2::int) i`,
    [entidad, FILAS],
  );
  await bd.query('set session_replication_role = origin');
  await reconstruirContadores(bd);
  await bd.query('select resumen_reconstruir()');
  await bd.query('analyze transmision');
  salida.insercionSegundos = Math.round((performance.now() - ti) / 100) / 10;
  const ct = performance.now();
  const conteo = await bd.query('select count(*)::int n from transmision where entidad_id = $1', [entidad]);
  salida.countDirectoMs = Math.round(performance.now() - ct);
  salida.filasEntidad = conteo.rows[0].n;
  await bd.end();
  console.log('filas insertadas', salida.filasEntidad, `${salida.insercionSegundos} s`);

  // 3) Read latency with that many rows.
  const rutas = [
    '/rda',
    '/rda?estado=rechazado',
    '/rda?limit=200&offset=10000',
    '/rda?estado=aceptado&offset=100000',
    '/resumen',
  ];
  const lecturas: Record<string, unknown> = {};
  for (const ruta of rutas) {
    const ms: number[] = [];
    let total = 0;
    for (let i = 0; i < REPETICIONES + 3; i++) {
      const t = performance.now();
      const r = await fetch(servidor.url + ruta, { headers: cab });
      const b = (await r.json()) as { total?: number; rda?: { total: number } };
      if (r.status !== 200) throw new Error(`${ruta} → ${r.status}`);
      total = b.total ?? b.rda?.total ?? 0;
      if (i >= 3) ms.push(performance.now() - t);
    }
    lecturas[ruta] = { p50ms: percentil(ms, 50), p95ms: percentil(ms, 95), total };
    console.log(ruta, lecturas[ruta]);
  }
  salida.lecturas = lecturas;
  guardarSalida('transmitir-rda', salida);
} finally {
  await servidor.detener();
}
