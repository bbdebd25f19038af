import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import type { TipoRda } from '../src/rda/tipos.js';
import { datosRda } from '../test/fixtures/rda.js';
import { conectarBd } from './carga-directa.js';
import { guardarSalida } from './salida.js';
import { CLAVE_BENCH, iniciarServidorHijo } from './servidor-hijo.js';

/**
 * Domain events delivered (issue 22): BENCH_TRANSMISIONES transmissions (POST /rda/desde-datos against
 * the in-process IHCE sandbox, BENCH_CONCURRENCIA at a time) produce their trail's events; every one
 * reaches BENCH_SUSCRIPTORES graphql-ws subscribers (`transmisionesDeLaEntidad`) and a webhook receiver
 * on loopback. Reports events/s per path (from the first POST to the last delivery) and the POST's p50.
 */
const N = Number(process.env.BENCH_TRANSMISIONES ?? 200);
const CONCURRENCIA = Number(process.env.BENCH_CONCURRENCIA ?? 8);
const SUSCRIPTORES = Number(process.env.BENCH_SUSCRIPTORES ?? 100);
const CON_WEBHOOK = process.env.BENCH_WEBHOOK !== '0';
/** Phase 2: filing outcomes inserted in one statement (one commit), to measure delivery capacity alone. */
const LOTE = Number(process.env.BENCH_LOTE_EVENTOS ?? 5000);
const TIPOS: TipoRda[] = ['paciente', 'consulta-externa', 'urgencias', 'hospitalizacion'];

const percentil = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))]! * 10) / 10;
};

const servidor = await iniciarServidorHijo({
  LOG_LEVEL: 'warn',
  GRAPHQL_WS_MAX_CONNECTIONS_PER_ENTITY: String(SUSCRIPTORES + 10),
  // The receiver is on loopback: allowed outside production.
  NODE_ENV: 'development',
});
const cab = { 'x-api-key': CLAVE_BENCH, 'content-type': 'application/json' };
const salida: Record<string, unknown> = {
  transmisiones: N,
  concurrencia: CONCURRENCIA,
  suscriptores: SUSCRIPTORES,
};

let recibidosWs = 0;
let ultimoWs = 0;
let recibidosWebhook = 0;
let ultimoWebhook = 0;
const idsWebhook = new Set<string>();

const receptor = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const id = String(req.headers['webhook-id'] ?? '');
    if (!idsWebhook.has(id)) {
      idsWebhook.add(id);
      recibidosWebhook++;
      ultimoWebhook = performance.now();
    }
    res.writeHead(204).end();
  });
});
await new Promise<void>((ok) => receptor.listen(0, '127.0.0.1', ok));
const puertoReceptor = (receptor.address() as { port: number }).port;

const clientes = Array.from({ length: SUSCRIPTORES }, () =>
  createClient({
    url: `${servidor.url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { 'X-Api-Key': CLAVE_BENCH },
    lazy: false,
    retryAttempts: 0,
  }),
);

try {
  // Every subscriber live before the first event.
  await Promise.all(
    clientes.map(
      (c) =>
        new Promise<void>((listo, falla) => {
          for (const query of [
            'subscription { transmisionesDeLaEntidad { id tipo datos { estado } } }',
            'subscription { radicacionesDeLaEntidad { id tipo datos { estado } } }',
          ])
            c.subscribe(
              { query },
              {
                next: () => {
                  recibidosWs++;
                  ultimoWs = performance.now();
                },
                error: falla,
                complete: () => {},
              },
            );
          c.on('connected', () => setTimeout(listo, 50));
        }),
    ),
  );
  if (CON_WEBHOOK) {
    const r = await fetch(`${servidor.url}/graphql`, {
      method: 'POST',
      headers: cab,
      body: JSON.stringify({
        query: 'mutation($url: String!) { registrarWebhook(url: $url) { webhook { id } } }',
        variables: { url: `http://127.0.0.1:${puertoReceptor}/eventos` },
      }),
    });
    const j = (await r.json()) as { errors?: { message: string }[] };
    if (j.errors) throw new Error(`registrarWebhook: ${j.errors[0]!.message}`);
  }
  await new Promise((ok) => setTimeout(ok, 500));

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
        if (r.status !== 201) throw new Error(`POST /rda/desde-datos: HTTP ${r.status}`);
        lat.push(performance.now() - t);
      }
    }),
  );
  const tPost = performance.now() - t0;
  // Events written: each subscriber must see them all; the receiver too.
  const limite = Date.now() + 120_000;
  let eventos = 0;
  for (;;) {
    eventos = recibidosWs / SUSCRIPTORES;
    const listosWs = Number.isInteger(eventos) && eventos >= N * 4;
    const listoWebhook = !CON_WEBHOOK || recibidosWebhook >= eventos;
    if ((listosWs && listoWebhook) || Date.now() > limite) break;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  Object.assign(salida, {
    postP50Ms: percentil(lat, 50),
    postP95Ms: percentil(lat, 95),
    postsPorSegundo: Math.round((N / tPost) * 1000),
    eventosPorSuscriptor: eventos,
    entregasWs: recibidosWs,
    eventosWsPorSegundo: Math.round((recibidosWs / (ultimoWs - t0)) * 1000),
    retrasoUltimoWsMs: Math.round(ultimoWs - t0 - tPost),
    ...(CON_WEBHOOK
      ? {
          entregasWebhook: recibidosWebhook,
          eventosWebhookPorSegundo: Math.round((recibidosWebhook / (ultimoWebhook - t0)) * 1000),
          retrasoUltimoWebhookMs: Math.round(ultimoWebhook - t0 - tPost),
        }
      : {}),
  });
  // Phase 2: LOTE filing outcomes committed at once; every subscriber and the receiver get them all.
  const bd = await conectarBd(servidor);
  const antesWs = recibidosWs;
  const antesWebhook = recibidosWebhook;
  const t1 = performance.now();
  await bd.query(
    `insert into radicacion (id, entidad_id, num_factura, num_documento_id_obligado, operacion, estado, errores, created_at)
     select gen_random_uuid(), e.id, 'BENCH' || i, '900123456', 'CargarFevRips', 'rechazado-local', '[]', now()
       from entidad e, generate_series(1, $1::int) i where e.slug = 'demo'`,
    [LOTE],
  );
  await bd.end();
  const tInsercion = performance.now() - t1;
  const limite2 = Date.now() + 300_000;
  while (
    (recibidosWs - antesWs < LOTE * SUSCRIPTORES ||
      (CON_WEBHOOK && recibidosWebhook - antesWebhook < LOTE)) &&
    Date.now() < limite2
  )
    await new Promise((ok) => setTimeout(ok, 50));
  Object.assign(salida, {
    loteEventos: LOTE,
    loteInsercionMs: Math.round(tInsercion),
    loteEntregasWs: recibidosWs - antesWs,
    loteEventosWsPorSegundo: Math.round(((recibidosWs - antesWs) / (ultimoWs - t1)) * 1000),
    ...(CON_WEBHOOK
      ? {
          loteEntregasWebhook: recibidosWebhook - antesWebhook,
          loteEventosWebhookPorSegundo: Math.round(
            ((recibidosWebhook - antesWebhook) / (ultimoWebhook - t1)) * 1000,
          ),
        }
      : {}),
  });
  console.log(JSON.stringify(salida));
} finally {
  await Promise.all(clientes.map((c) => c.dispose()));
  receptor.close();
  await servidor.detener();
}
guardarSalida('eventos', salida);
