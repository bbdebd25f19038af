import http from 'node:http';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { puertoFueraDelRangoEfimero } from './db.js';
import { iniciarServicio, pedir } from './servidor.js';

type Modo = 'ok' | '503' | 'colgar';

/** A stand-in upstream on a fixed port that can be stopped and started again; counts what it was asked. */
function upstreamFalso(port: number) {
  let servidor: http.Server | undefined;
  const estado = { modo: 'ok' as Modo, peticiones: [] as string[] };
  return {
    estado,
    url: `http://127.0.0.1:${port}`,
    async iniciar() {
      servidor = http.createServer((req, res) => {
        estado.peticiones.push(`${req.method} ${req.url}`);
        if (estado.modo === 'colgar') return;
        res.statusCode = estado.modo === '503' ? 503 : 200;
        res.end(estado.modo === '503' ? 'Unhealthy' : 'Healthy');
      });
      await new Promise<void>((r) => servidor!.listen(port, '127.0.0.1', r));
    },
    async detener() {
      servidor?.closeAllConnections();
      await new Promise<void>((r) => (servidor ? servidor.close(() => r()) : r()));
      servidor = undefined;
    },
  };
}

const esperar = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cerrar: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cerrar.splice(0).reverse()) await c();
});
afterAll(async () => {
  for (const c of cerrar.splice(0).reverse()) await c();
});

async function servicio(env: Record<string, string>) {
  const s = await iniciarServicio({ IHCE_SIMULADOR: 'false', MUV_SIMULADOR: 'false', ...env });
  cerrar.push(() => s.cerrar());
  return s;
}

/** Refused until started, and restartable on the same address: a port no port-0 listener can take meanwhile. */
async function falso() {
  const f = upstreamFalso(await puertoFueraDelRangoEfimero());
  cerrar.push(() => f.detener());
  return f;
}

describe('/ready con el MUV caído y de vuelta (despliegue solo RIPS)', () => {
  it('503 con el MUV caído y un detalle en español; 200 cuando vuelve, al vencer la caché', async () => {
    const muv = await falso(); // not started: connection refused
    const s = await servicio({
      MODULOS: 'rips',
      MUV_BASE_URL: muv.url,
      READY_CACHE_MS: '300',
      READY_PROBE_TIMEOUT_MS: '1000',
    });

    const caido = await pedir(s.url, '/ready');
    expect(caido.status).toBe(503);
    expect(caido.body.estado).toBe('degradado');
    expect(caido.body.dependencias.muv).toMatchObject({
      estado: 'caida',
      detalle: expect.stringMatching(
        /^El MUV \(API Docker FEV-RIPS\) no está disponible: conexión rechazada/,
      ),
    });
    expect(Date.parse(caido.body.dependencias.muv.comprobadoEn)).toBeGreaterThan(Date.now() - 10_000);
    // The database is fine: no bd-arrancando body nor Retry-After for an upstream outage.
    expect(caido.body.dependencias.baseDeDatos.estado).toBe('disponible');
    expect(caido.body.codigo).toBeUndefined();
    expect(caido.headers.get('retry-after')).toBeNull();
    // RIPS only, no IHCE settings at all: the IHCE does not count.
    expect(caido.body.dependencias.ihce.estado).toBe('no-requerido');

    await muv.iniciar();
    await esperar(400);
    const listo = await pedir(s.url, '/ready');
    expect(listo.status).toBe(200);
    expect(listo.body.estado).toBe('ok');
    expect(listo.body.dependencias).toMatchObject({
      baseDeDatos: { estado: 'disponible', comprobadoEn: expect.any(String) },
      catalogos: { estado: 'disponible', comprobadoEn: expect.any(String) },
      muv: { estado: 'disponible', latenciaMs: expect.any(Number) },
      ihce: { estado: 'no-requerido' },
      oidc: { estado: 'no-requerido' },
    });
    expect(listo.body.catalogos.length).toBeGreaterThan(0);
    expect(muv.estado.peticiones).toContain('GET /health');

    // A 5xx from its health check is down too; a hung one is bounded by READY_PROBE_TIMEOUT_MS.
    muv.estado.modo = '503';
    await esperar(400);
    const r503 = await pedir(s.url, '/ready');
    expect(r503.status).toBe(503);
    expect(r503.body.dependencias.muv.detalle).toContain('respondió HTTP 503');
    muv.estado.modo = 'colgar';
    await esperar(400);
    const inicio = Date.now();
    const colgado = await pedir(s.url, '/ready');
    expect(Date.now() - inicio).toBeLessThan(3000);
    expect(colgado.status).toBe(503);
    expect(colgado.body.dependencias.muv.detalle).toContain('no respondió en 1000 ms');
  });
});

describe('caché de las sondas', () => {
  it('varias llamadas a /ready dentro de la ventana: una sola sonda al upstream, también concurrentes', async () => {
    const muv = await falso();
    await muv.iniciar();
    const s = await servicio({ MODULOS: 'rips', MUV_BASE_URL: muv.url, READY_CACHE_MS: '60000' });
    const respuestas = await Promise.all(Array.from({ length: 5 }, () => pedir(s.url, '/ready')));
    for (let i = 0; i < 3; i++) respuestas.push(await pedir(s.url, '/ready'));
    expect(respuestas.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(muv.estado.peticiones).toEqual(['GET /health']);
    // Every answer reports the same probe.
    expect(new Set(respuestas.map((r) => r.body.dependencias.muv.comprobadoEn)).size).toBe(1);
  });
});

describe('módulos servidos', () => {
  it('rips y rda sin IHCE configurada: 503 con ihce no-configurado', async () => {
    const muv = await falso();
    await muv.iniciar();
    const s = await servicio({ MODULOS: 'rips,rda', MUV_BASE_URL: muv.url });
    const r = await pedir(s.url, '/ready');
    expect(r.status).toBe(503);
    expect(r.body.dependencias.muv.estado).toBe('disponible');
    expect(r.body.dependencias.ihce).toMatchObject({
      estado: 'no-configurado',
      detalle: expect.stringContaining('IHCE_BASE_URL'),
    });
  });

  it('solo rda: sin MUV está lista; con el emisor de tokens de la IHCE caído no lo está', async () => {
    const api = await falso();
    await api.iniciar();
    const token = await falso(); // not started
    const s = await servicio({
      MODULOS: 'rda',
      IHCE_BASE_URL: `${api.url}/ihce`,
      IHCE_TOKEN_URL: `${token.url}/{tenant}/oauth2/v2.0/token`,
      READY_CACHE_MS: '300',
    });
    const caido = await pedir(s.url, '/ready');
    expect(caido.status).toBe(503);
    expect(caido.body.dependencias.muv.estado).toBe('no-requerido');
    expect(caido.body.dependencias.catalogos.estado).toBe('no-requerido');
    expect(caido.body.dependencias.ihce).toMatchObject({
      estado: 'caida',
      detalle: expect.stringContaining('emisor de tokens: conexión rechazada'),
    });
    expect(api.estado.peticiones).toEqual(['GET /ihce']);

    await token.iniciar();
    await esperar(400);
    const listo = await pedir(s.url, '/ready');
    expect(listo.status).toBe(200);
    expect(listo.body.dependencias.ihce.estado).toBe('disponible');
    // A GET without credentials: no token is requested, the tenant placeholder is filled.
    expect(token.estado.peticiones).toEqual(['GET /common/oauth2/v2.0/token']);
  });
});
