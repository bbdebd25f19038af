import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embebidoTemporal } from './db.js';
import { graphql, iniciarServicio, pedir } from './servidor.js';

/** Stops and restarts a real PostgreSQL under a running service. */
describe('base de datos caída y recuperada', () => {
  let pgt: Awaited<ReturnType<typeof embebidoTemporal>>;
  let s: Awaited<ReturnType<typeof iniciarServicio>>;
  let clave: string;

  beforeAll(async () => {
    pgt = await embebidoTemporal(true);
    s = await iniciarServicio({
      DATABASE_URL: pgt.url,
      DB_PROBE_INTERVAL_MS: '200',
      DB_RETRY_AFTER_SECONDS: '1',
    });
    clave = (await s.crearEntidad('caida')).clave;
  });

  afterAll(async () => {
    await s?.cerrar();
    await pgt?.limpiar();
  });

  const esperar503 = (r: { status: number; body: any; headers: Headers }) => {
    expect(r.status).toBe(503);
    expect(r.body).toEqual({
      error: expect.stringMatching(/base de datos/),
      codigo: 'bd-arrancando',
      reintentarEnSegundos: 1,
    });
    expect(r.headers.get('retry-after')).toBe('1');
  };

  it('responde 503 bd-arrancando mientras no hay base de datos y se recupera sola', async () => {
    expect((await pedir(s.url, '/sesion', { cabeceras: { 'X-Api-Key': clave } })).status).toBe(200);

    await pgt.detener();
    // The first request may find the database gone mid-flight: still 503, never 500.
    for (let i = 0; i < 3; i++)
      esperar503(await pedir(s.url, '/sesion', { cabeceras: { 'X-Api-Key': clave } }));
    esperar503(await graphql(s.url, '{ sesion { permisos } }', { 'X-Api-Key': clave }));
    esperar503(await pedir(s.url, '/openapi.json'));
    esperar503(await pedir(s.url, '/no-existe'));
    expect((await pedir(s.url, '/health')).status).toBe(200);
    const listo = await pedir(s.url, '/ready');
    expect(listo.status).toBe(503);
    expect(listo.body).toMatchObject({ estado: 'degradado', codigo: 'bd-arrancando' });
    expect(listo.body.dependencias.baseDeDatos.estado).toBe('caida');

    await pgt.reanudar();
    const limite = Date.now() + 20_000;
    let r = await pedir(s.url, '/sesion', { cabeceras: { 'X-Api-Key': clave } });
    while (r.status !== 200 && Date.now() < limite) {
      expect(r.status).toBe(503);
      await new Promise((ok) => setTimeout(ok, 100));
      r = await pedir(s.url, '/sesion', { cabeceras: { 'X-Api-Key': clave } });
    }
    expect(r.status).toBe(200);
    expect(r.body.identidad.tipo).toBe('api-key');
  });
});

describe('arranque con la base de datos aún no disponible', () => {
  it('escucha de inmediato: /health 200 y el resto 503 hasta que la base responde', async () => {
    const pgt = await embebidoTemporal(true);
    await pgt.detener();
    const { arrancar } = await import('../src/arranque.js');
    const { loadConfig } = await import('../src/config.js');
    const { CLAVE_CREDENCIALES_PRUEBA } = await import('./servidor.js');
    const servicio = await arrancar(
      loadConfig({
        NODE_ENV: 'test',
        DATABASE_URL: pgt.url,
        PORT: '0',
        HOST: '127.0.0.1',
        DEMO: 'false',
        CREDENTIALS_KEY: CLAVE_CREDENCIALES_PRUEBA,
        DB_CONNECT_TIMEOUT_MS: '500',
      }),
    );
    try {
      expect((await pedir(servicio.url, '/health')).status).toBe(200);
      const r = await pedir(servicio.url, '/sesion');
      expect(r.status).toBe(503);
      expect(r.body.codigo).toBe('bd-arrancando');
      await pgt.reanudar();
      await servicio.listo;
      expect((await pedir(servicio.url, '/sesion')).status).toBe(401);
    } finally {
      await servicio.detener();
      await pgt.limpiar();
    }
  });
});
