import { mkdtemp } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { alsSobreMarcos } from '../src/db/contextos-ociosos.js';
import {
  asegurarCompilado,
  entidadConClave,
  iniciarServidorCompilado,
  type ServidorCompilado,
  terminaEn,
} from './compilado.js';
import { CLAVE_CREDENCIALES_PRUEBA } from './servidor.js';

interface Span {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  alcance: string;
  servicio: string;
}

const SERVIDOR = 2; // OTLP SpanKind SPAN_KIND_SERVER

async function receptorOtlp() {
  const spans: Span[] = [];
  const servidor = http.createServer((req, res) => {
    const trozos: Buffer[] = [];
    req.on('data', (t: Buffer) => trozos.push(t));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') {
        const cuerpo = JSON.parse(Buffer.concat(trozos).toString('utf8'));
        for (const rs of cuerpo.resourceSpans ?? []) {
          const servicio = (rs.resource?.attributes ?? []).find(
            (a: { key: string }) => a.key === 'service.name',
          )?.value?.stringValue;
          for (const ss of rs.scopeSpans ?? [])
            for (const s of ss.spans ?? []) spans.push({ ...s, alcance: ss.scope?.name, servicio });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => servidor.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`,
    spans,
    cerrar: () => new Promise<void>((r) => servidor.close(() => r())),
  };
}

async function hasta<T>(que: () => T | undefined | false, ms: number, nombre: string): Promise<T> {
  const limite = Date.now() + ms;
  for (;;) {
    const v = que();
    if (v) return v;
    if (Date.now() > limite) throw new Error(`no llegó a tiempo: ${nombre}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('trazas OpenTelemetry (OTLP/HTTP) del servidor compilado', () => {
  let receptor: Awaited<ReturnType<typeof receptorOtlp>>;
  let hijo: ServidorCompilado;
  let url: string;
  const lineas = () => hijo.lineas();

  beforeAll(async () => {
    asegurarCompilado(['dist/src/main.js']);
    receptor = await receptorOtlp();
    // The OS picks the port and the log tells it: no window for another listener to take it.
    hijo = await iniciarServidorCompilado(
      {
        NODE_ENV: 'test',
        DATABASE_URL: inject('databaseUrl'),
        DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'motor-trazas-')),
        CREDENTIALS_KEY: CLAVE_CREDENCIALES_PRUEBA,
        PORT: '0',
        HOST: '127.0.0.1',
        MUV_SIMULADOR: 'false',
        IHCE_SIMULADOR: 'false',
        DEMO: 'false',
        LOG_LEVEL: 'info',
        OTEL_EXPORTER_OTLP_ENDPOINT: receptor.url,
        OTEL_SERVICE_NAME: 'motor-prueba-trazas',
        // Export within a fraction of a second instead of the default 5 s.
        OTEL_BSP_SCHEDULE_DELAY: '100',
      },
      {
        archivo: 'dist/src/main.js',
        // Ready when the database guard opened: an unknown session is a 401, not 503 bd-arrancando.
        listo: async (u) => (await fetch(`${u}/sesion`)).status === 401,
      },
    );
    url = hijo.url;
  }, 90_000);

  afterAll(async () => {
    if (hijo && hijo.proceso.exitCode === null) {
      hijo.proceso.kill('SIGTERM');
      if ((await terminaEn(hijo, 10_000)) === 'sigue') hijo.proceso.kill('SIGKILL');
      await hijo.fin;
    }
    await receptor?.cerrar();
  });

  it('main.js envuelve los contextos de MikroORM antes de cargarlo (línea «servicio escuchando»)', () => {
    const inicio = lineas().find((l) => l.msg === 'servicio escuchando');
    expect(inicio?.contextosOrm).toBe(alsSobreMarcos() ? 'sin-efecto: async-context-frame' : 'instalado');
  });

  it('spans de http (servidor), express, graphql y pg; los registros llevan su trace_id', async () => {
    const idSesion = `traza-sesion-${Date.now()}`;
    const idGraphql = `traza-graphql-${Date.now()}`;
    // A query string with a document number: it must not reach any span.
    const conConsulta = await fetch(`${url}/rips/${'0'.repeat(8)}?documento=52345678`);
    expect(conConsulta.status).toBe(401);
    // An unknown API key is looked up in the database (pg) before the 401.
    const s = await fetch(`${url}/sesion`, {
      headers: { 'x-api-key': `rda_${'z'.repeat(43)}`, 'x-request-id': idSesion },
    });
    expect(s.status).toBe(401);
    // With a valid key GraphQL parses and validates (spans); without one it answers 401 first.
    const clave = await entidadConClave(inject('databaseUrl'), 'trazas');
    const g = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': idGraphql, 'X-Api-Key': clave },
      body: JSON.stringify({ query: 'query Prueba { sesion { permisos } }' }),
    });
    expect(g.status).toBe(200);

    const logSesion = await hasta(
      () => lineas().find((l) => l.req?.id === idSesion && l.res?.statusCode === 401),
      10_000,
      'registro de /sesion',
    );
    const logGraphql = await hasta(
      () => lineas().find((l) => l.req?.id === idGraphql && l.res?.statusCode === 200),
      10_000,
      'registro de /graphql',
    );
    expect(logSesion.trace_id).toMatch(/^[0-9a-f]{32}$/);
    expect(logSesion.span_id).toMatch(/^[0-9a-f]{16}$/);
    expect(logGraphql.trace_id).toMatch(/^[0-9a-f]{32}$/);
    expect(logGraphql.trace_id).not.toBe(logSesion.trace_id);
    expect(logGraphql.operacion).toBe('Prueba');

    const deTraza = (traceId: string) => receptor.spans.filter((x) => x.traceId === traceId);
    const deSesion = await hasta(
      () => {
        const xs = deTraza(logSesion.trace_id);
        return xs.some((x) => x.alcance.endsWith('instrumentation-pg')) && xs.some((x) => x.kind === SERVIDOR)
          ? xs
          : undefined;
      },
      15_000,
      'spans http + pg de /sesion',
    );
    const servidor = deSesion.find((x) => x.kind === SERVIDOR)!;
    expect(servidor.alcance).toBe('@opentelemetry/instrumentation-http');
    expect(servidor.servicio).toBe('motor-prueba-trazas');
    expect(deSesion.some((x) => x.alcance === '@opentelemetry/instrumentation-express')).toBe(true);
    const pg = deSesion.filter((x) => x.alcance === '@opentelemetry/instrumentation-pg');
    expect(pg.length).toBeGreaterThan(0);
    // The database spans hang under the request's trace (context carried through the ORM's pool).
    for (const p of pg) expect(p.parentSpanId).toBeTruthy();

    const deGraphql = await hasta(
      () => {
        const xs = deTraza(logGraphql.trace_id);
        return xs.some((x) => x.alcance === '@opentelemetry/instrumentation-graphql') ? xs : undefined;
      },
      15_000,
      'spans graphql',
    );
    expect(deGraphql.map((x) => x.name)).toEqual(
      expect.arrayContaining(['graphql.parse', 'graphql.validate']),
    );
    expect(deGraphql.some((x) => x.kind === SERVIDOR)).toBe(true);

    const consulta = await hasta(
      () => receptor.spans.find((x) => x.kind === SERVIDOR && x.name.includes('/rips/')),
      15_000,
      'span de /rips/{id}',
    );
    expect(consulta.name).toBe('GET /rips/:id');
    expect(JSON.stringify(receptor.spans)).not.toContain('52345678');
    // Probes and scrapes are not traced.
    expect(receptor.spans.some((x) => /\/(health|ready|metrics)\b/.test(x.name))).toBe(false);
  });
});
