import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  asegurarCompilado,
  iniciarServidorCompilado,
  type ServidorCompilado,
  terminaEn,
} from './compilado.js';
import { type BaseDePrueba, enServidor } from './db.js';
import { ripsDe, xmlFev } from './fixtures/muv.js';

const SERVIDOR = 'dist/src/server.js';
const CLAVE_DEMO = `rda_${'a1B2c3D4e5'.repeat(4)}`;

type Corrida = ServidorCompilado;

let bd: BaseDePrueba;

/**
 * The compiled server as an operator runs it: default run (MUV and IHCE sandboxes), demo key, a slow MUV.
 * The service and the MUV sandbox listen on ports the OS picks (0): no window for another listener.
 */
async function arrancar(env: Record<string, string>): Promise<Corrida> {
  const c = await iniciarServidorCompilado(
    {
      NODE_ENV: 'development',
      DATABASE_URL: bd.url,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'motor-apagado-')),
      PORT: '0',
      HOST: '127.0.0.1',
      MUV_SIM_PORT: '0',
      DEMO: 'true',
      DEMO_API_KEY: CLAVE_DEMO,
      // The runs share one database: the same key reads the demo's stored sandbox credentials.
      CREDENTIALS_KEY: Buffer.alloc(32, 5).toString('base64'),
      RDA_COLA: `rda-apagado-${randomUUID()}`,
      LOG_LEVEL: 'info',
      ...env,
    },
    { listo: async (url) => (await pedirHttp(url, 'GET', '/ready')).status === 200 },
  );
  // Both streams: the drain's log lines and start-up notices.
  return { ...c, salida: () => c.salida() + c.errores() };
}

/** One request on its own new connection (no shared keep-alive pool), so a refused connection shows. */
function pedirHttp(
  url: string,
  metodo: string,
  ruta: string,
  cuerpo?: unknown,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: any }> {
  return new Promise((ok, falla) => {
    const datos = cuerpo === undefined ? undefined : Buffer.from(JSON.stringify(cuerpo));
    const req = http.request(
      `${url}${ruta}`,
      {
        method: metodo,
        agent: false,
        headers: {
          'x-api-key': CLAVE_DEMO,
          ...(datos ? { 'content-type': 'application/json', 'content-length': datos.length } : {}),
        },
      },
      (res) => {
        const trozos: Buffer[] = [];
        res.on('data', (t) => trozos.push(t));
        res.on('end', () => {
          const texto = Buffer.concat(trozos).toString('utf8');
          let body: unknown = texto;
          try {
            body = JSON.parse(texto);
          } catch {}
          ok({ status: res.statusCode!, headers: res.headers, body });
        });
        res.on('error', falla);
      },
    );
    req.on('error', falla);
    req.end(datos);
  });
}

async function filaRadicacion(numFactura: string) {
  const c = new pg.Client({ connectionString: bd.url });
  await c.connect();
  try {
    return (await c.query('select estado, cuv from radicacion where num_factura = $1', [numFactura])).rows;
  } finally {
    await c.end();
  }
}

const esperar = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A raw HTTP/1.1 connection: everything the server wrote until it closed the connection. */
async function conexionCruda(puerto: number) {
  const socket = net.connect(puerto, '127.0.0.1');
  await new Promise((ok) => socket.once('connect', ok));
  let recibido = '';
  socket.on('data', (d) => {
    recibido += d;
  });
  const respuesta = new Promise<string>((ok) => socket.once('close', () => ok(recibido)));
  return { socket, respuesta };
}

const cuerpoDe = (respuesta: string) => JSON.parse(respuesta.slice(respuesta.indexOf('\r\n\r\n') + 4));
const vivos: Corrida[] = [];

beforeAll(async () => {
  asegurarCompilado([SERVIDOR]);
  bd = await enServidor(inject('databaseUrl'));
}, 180_000);

afterAll(async () => {
  for (const c of vivos) if (c.proceso.exitCode === null) c.proceso.kill('SIGKILL');
  await bd?.limpiar();
});

describe('apagado ordenado (SIGTERM)', () => {
  it('una radicación en curso recibe su 201 real, se guarda, /ready dice apagando y el proceso sale con 0', async () => {
    // Login and upload each wait 3 s at the sandbox: the filing is in flight for about 6 s.
    const c = await arrancar({ MUV_SIM_LATENCIA_MS: '3000', SHUTDOWN_DRAIN_SECONDS: '20' });
    vivos.push(c);
    const num = `APAGA${Date.now()}`;
    const puerto = Number(new URL(c.url).port);
    // The filing on a raw connection, to read its headers as sent.
    const radicar = await conexionCruda(puerto);
    const cuerpo = JSON.stringify({ rips: ripsDe(num), xmlFevFile: xmlFev(num) });
    radicar.socket.write(
      `POST /rips HTTP/1.1\r\nHost: prueba\r\nX-Api-Key: ${CLAVE_DEMO}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(cuerpo)}\r\n\r\n${cuerpo}`,
    );
    // A /ready whose headers are still arriving when the signal comes (a load balancer's check).
    const tardio = await conexionCruda(puerto);
    tardio.socket.write('GET /ready HTTP/1.1\r\nHost: prueba\r\n');
    await esperar(500);
    const senal = Date.now();
    c.proceso.kill('SIGTERM');
    await esperar(300);
    // The listener stopped: a new connection is refused while the filing drains.
    await expect(pedirHttp(c.url, 'GET', '/ready')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    tardio.socket.write('\r\n');
    const apagando = await tardio.respuesta;
    expect(apagando).toMatch(/^HTTP\/1\.1 503 /);
    expect(apagando).toMatch(/\r\nConnection: close\r\n/i);
    expect(cuerpoDe(apagando)).toMatchObject({
      estado: 'apagando',
      detalle: expect.stringContaining('deteniendo'),
    });
    expect(c.proceso.exitCode).toBeNull();

    // The in-flight filing gets its real answer, and its connection closes after it.
    const respuesta = await radicar.respuesta;
    expect(respuesta).toMatch(/^HTTP\/1\.1 201 /);
    expect(respuesta).toMatch(/\r\nConnection: close\r\n/i);
    const radicada = cuerpoDe(respuesta);
    expect(radicada.cuv).toMatch(/^[0-9a-f]{96}$/);

    expect(await terminaEn(c, 30_000)).toBe(0);
    expect(Date.now() - senal).toBeGreaterThan(4000);
    expect(await filaRadicacion(num)).toEqual([{ estado: 'radicado', cuv: radicada.cuv }]);
    const log = c.salida();
    expect(log).toContain('apagado: esperando las solicitudes en curso');
    expect(log).toMatch(/"enCursoAlInicio":1,"cortadas":0/);
    expect(log).toContain('apagado ordenado: fin');
    // The drain log carries counts only: neither the invoice number nor the obligated NIT.
    expect(log).not.toContain(num);
    expect(log).not.toContain('900123456');
  }, 90_000);

  it('una solicitud más larga que la ventana se corta al vencerla y el proceso sale igual', async () => {
    const c = await arrancar({ MUV_SIM_LATENCIA_MS: '15000', SHUTDOWN_DRAIN_SECONDS: '1' });
    vivos.push(c);
    const num = `CORTA${Date.now()}`;
    const filing = pedirHttp(c.url, 'POST', '/rips', { rips: ripsDe(num), xmlFevFile: xmlFev(num) }).then(
      (r) => r,
      (e: NodeJS.ErrnoException) => e,
    );
    await esperar(500);
    const senal = Date.now();
    c.proceso.kill('SIGTERM');
    expect(await terminaEn(c, 15_000), c.salida()).toBe(0);
    expect(Date.now() - senal).toBeLessThan(10_000);
    expect(await filing, c.salida()).toMatchObject({
      code: expect.stringMatching(/ECONNRESET|socket hang up/),
    });
    expect(c.salida()).toMatch(/"cortadas":1/);
  }, 90_000);

  it('una segunda señal durante el drenaje corta de inmediato y sale con 1', async () => {
    const c = await arrancar({ MUV_SIM_LATENCIA_MS: '15000', SHUTDOWN_DRAIN_SECONDS: '60' });
    vivos.push(c);
    const num = `FORZA${Date.now()}`;
    const filing = pedirHttp(c.url, 'POST', '/rips', { rips: ripsDe(num), xmlFevFile: xmlFev(num) }).catch(
      (e) => e,
    );
    await esperar(500);
    c.proceso.kill('SIGTERM');
    await esperar(500);
    expect(c.proceso.exitCode).toBeNull();
    const segunda = Date.now();
    c.proceso.kill('SIGINT');
    expect(await terminaEn(c, 15_000)).toBe(1);
    expect(Date.now() - segunda).toBeLessThan(10_000);
    await filing;
    expect(c.salida()).toContain('segunda señal: se cortan las solicitudes en curso');
  }, 90_000);
});

describe('espera previa (SHUTDOWN_PRESTOP_SECONDS): el drenaje como lo ve un balanceador', () => {
  it('/ready dice 503 apagando y el resto responde durante la espera; luego se deja de aceptar, se drena y sale con 0', async () => {
    // Login and upload each wait 2.5 s at the sandbox: a filing started in the wait outlasts it.
    const c = await arrancar({
      SHUTDOWN_PRESTOP_SECONDS: '3',
      SHUTDOWN_DRAIN_SECONDS: '20',
      MUV_SIM_LATENCIA_MS: '2500',
    });
    vivos.push(c);
    const senal = Date.now();
    c.proceso.kill('SIGTERM');
    await esperar(300);

    // New connections are still accepted and served, each answer closing its connection.
    const ready = await pedirHttp(c.url, 'GET', '/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ estado: 'apagando', detalle: expect.stringContaining('deteniendo') });
    expect(ready.headers.connection).toBe('close');
    expect((await pedirHttp(c.url, 'GET', '/health')).status).toBe(200);
    const sesion = await pedirHttp(c.url, 'GET', '/sesion');
    expect(sesion.status).toBe(200);
    expect(sesion.body.entidad.slug).toBe('demo');
    expect(sesion.headers.connection).toBe('close');
    const num = `PREVIA${Date.now()}`;
    const filing = pedirHttp(c.url, 'POST', '/rips', { rips: ripsDe(num), xmlFevFile: xmlFev(num) });

    // /ready keeps saying 503 until the listener closes, and that happens only after the wait.
    let rechazada: number | undefined;
    const estados = new Set<number>();
    while (Date.now() - senal < 15_000) {
      const r = await pedirHttp(c.url, 'GET', '/ready').then(
        (x) => x,
        (e: NodeJS.ErrnoException) => e,
      );
      if ('code' in r && r.code === 'ECONNREFUSED') {
        rechazada = Date.now();
        break;
      }
      estados.add((r as { status: number }).status);
      await esperar(100);
    }
    expect(estados).toEqual(new Set([503]));
    expect(rechazada, c.salida()).toBeDefined();
    expect(rechazada! - senal).toBeGreaterThanOrEqual(3000);
    expect(c.proceso.exitCode).toBeNull();

    // The filing started during the wait is drained: its real answer, then a clean exit.
    const radicada = await filing;
    expect(radicada.status, JSON.stringify(radicada.body)).toBe(201);
    expect(radicada.headers.connection).toBe('close');
    expect(await terminaEn(c, 30_000)).toBe(0);
    expect(await filaRadicacion(num)).toEqual([{ estado: 'radicado', cuv: radicada.body.cuv }]);
    const log = c.salida();
    expect(log).toMatch(/"esperaPreviaMs":3000,"ventanaMs":20000.*"msg":"apagado ordenado: inicio"/);
    expect(log).toContain(
      'apagado: /ready responde 503 apagando; se sigue atendiendo durante la espera previa',
    );
    expect(log).toMatch(/"enCursoAlInicio":1,"cortadas":0/);
    expect(log).toContain('apagado ordenado: fin');
  }, 90_000);

  it('una segunda señal durante la espera previa la acorta: se detiene de inmediato y sale con 1', async () => {
    const c = await arrancar({ SHUTDOWN_PRESTOP_SECONDS: '60' });
    vivos.push(c);
    c.proceso.kill('SIGTERM');
    await esperar(500);
    expect((await pedirHttp(c.url, 'GET', '/ready')).status).toBe(503);
    const segunda = Date.now();
    c.proceso.kill('SIGINT');
    expect(await terminaEn(c, 15_000), c.salida()).toBe(1);
    expect(Date.now() - segunda).toBeLessThan(10_000);
  }, 90_000);
});
