import type { AddressInfo } from 'node:net';
import express from 'express';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { cabecerasSeguridad } from './cabeceras-seguridad.js';

/** Headers of GET / on an app whose only middleware is `m`, minus those that vary per response. */
async function cabeceras(m: express.RequestHandler): Promise<Record<string, string>> {
  const app = express();
  app.use(m);
  app.get('/', (_req, res) => {
    res.send('ok');
  });
  const srv = app.listen(0, '127.0.0.1');
  await new Promise((r) => srv.once('listening', r));
  try {
    const r = await fetch(`http://127.0.0.1:${(srv.address() as AddressInfo).port}/`);
    const h = Object.fromEntries(r.headers);
    for (const variable of ['date', 'etag', 'connection', 'keep-alive']) delete h[variable];
    return h;
  } finally {
    await new Promise((r) => srv.close(r));
  }
}

describe('cabecerasSeguridad', () => {
  it('sets exactly the headers helmet sets, and removes X-Powered-By as helmet does', async () => {
    const opciones = { contentSecurityPolicy: false } as const;
    const esperadas = await cabeceras(helmet(opciones));
    const obtenidas = await cabeceras(cabecerasSeguridad(opciones));
    expect(obtenidas).toEqual(esperadas);
    expect(obtenidas['strict-transport-security']).toMatch(/max-age=/);
    expect(obtenidas['x-content-type-options']).toBe('nosniff');
    expect(obtenidas['x-powered-by']).toBeUndefined();
  });

  it('follows helmet options (a header turned off is not set)', async () => {
    const opciones = { contentSecurityPolicy: false, xFrameOptions: false } as const;
    expect(await cabeceras(cabecerasSeguridad(opciones))).toEqual(await cabeceras(helmet(opciones)));
    expect((await cabeceras(cabecerasSeguridad(opciones)))['x-frame-options']).toBeUndefined();
  });

  it('refuses a CSP, whose nonce could differ per request', () => {
    expect(() => cabecerasSeguridad({})).toThrow(/CSP/);
  });
});
