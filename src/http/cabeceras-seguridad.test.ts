import type { AddressInfo } from 'node:net';
import express from 'express';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { aplicadorCabeceras, CSP_API, CSP_PAGINAS, textoCsp } from './cabeceras-seguridad.js';

/** The precomputed headers as the only middleware of an app, to compare with helmet's own. */
function cabecerasSeguridad(opciones: Parameters<typeof aplicadorCabeceras>[0]): express.RequestHandler {
  const aplicar = aplicadorCabeceras(opciones);
  return (_req, res, next) => {
    aplicar(res);
    next();
  };
}

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

describe('aplicadorCabeceras', () => {
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

  it('a fixed CSP is precomputed like the rest, the same as helmet writes it', async () => {
    const opciones = { contentSecurityPolicy: CSP_API };
    const obtenidas = await cabeceras(cabecerasSeguridad(opciones));
    expect(obtenidas).toEqual(await cabeceras(helmet(opciones)));
    expect(obtenidas['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(textoCsp(CSP_API)).toBe(obtenidas['content-security-policy']);
  });

  it('the pages: only this origin, no inline script or style, never framed', () => {
    const csp = textoCsp(CSP_PAGINAS);
    expect(csp.split(';')).toEqual([
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data:",
      "font-src 'self' data:",
      "connect-src 'self'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ]);
    expect(csp).not.toMatch(/unsafe|nonce|\*/);
  });

  it('refuses a CSP with a per-request directive (a nonce): it cannot be precomputed', () => {
    const nonce = () => "'nonce-cambia-en-cada-solicitud'";
    expect(() =>
      cabecerasSeguridad({ contentSecurityPolicy: { directives: { scriptSrc: ["'self'", nonce] } } }),
    ).toThrow(/CSP fija/);
  });
});
