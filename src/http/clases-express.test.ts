import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { clasesExpress } from './clases-express.js';

let servidor: http.Server | undefined;
afterEach(async () => {
  await new Promise((r) => (servidor ? servidor.close(r) : r(undefined)));
  servidor = undefined;
});

async function escuchar(app: express.Express, clases?: ReturnType<typeof clasesExpress>): Promise<string> {
  servidor = http.createServer({ ...clases }, app);
  await new Promise<void>((r) => servidor!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`;
}

describe('clasesExpress', () => {
  it('las solicitudes nacen con la API de express y express no cambia su prototipo', async () => {
    const app = express();
    const clases = clasesExpress(app);
    const vistos: { antes: [object, object]; despues: [object, object] }[] = [];
    const antes = new WeakMap<object, object>();
    // express's app function calls app.handle (not typed): record the prototypes it is handed.
    const conHandle = app as unknown as { handle: (...a: unknown[]) => unknown };
    const original = conHandle.handle.bind(app);
    conHandle.handle = (req, res, cb) => {
      antes.set(req as object, Object.getPrototypeOf(req));
      antes.set(res as object, Object.getPrototypeOf(res));
      return original(req, res, cb);
    };
    app.get('/ruta/:id', (req, res) => {
      vistos.push({
        antes: [antes.get(req)!, antes.get(res)!],
        despues: [Object.getPrototypeOf(req), Object.getPrototypeOf(res)],
      });
      res
        .status(201)
        .set('X-Prueba', 'sí')
        .json({
          id: req.params.id,
          ruta: req.path,
          cabecera: req.get('x-dato'),
          app: req.app === app,
          http: req instanceof http.IncomingMessage && res instanceof http.ServerResponse,
        });
    });
    const url = await escuchar(app, clases);
    const r = await fetch(`${url}/ruta/7?x=1`, { headers: { 'X-Dato': 'valor' } });
    expect(r.status).toBe(201);
    expect(r.headers.get('x-prueba')).toBe('sí');
    expect(r.headers.get('etag')).toMatch(/^W\//);
    expect(await r.json()).toEqual({ id: '7', ruta: '/ruta/7', cabecera: 'valor', app: true, http: true });
    expect(vistos).toHaveLength(1);
    const [v] = vistos;
    expect(v!.antes).toEqual([clases.IncomingMessage.prototype, clases.ServerResponse.prototype]);
    expect(v!.despues[0]).toBe(clases.IncomingMessage.prototype);
    expect(v!.despues[1]).toBe(clases.ServerResponse.prototype);
    expect(app.request).toBe(clases.IncomingMessage.prototype);
  });

  it('sin las clases (un servidor creado aparte) express sigue funcionando como siempre', async () => {
    const app = express();
    clasesExpress(app);
    app.get('/x', (_req, res) => {
      res.json({ ok: true });
    });
    const url = await escuchar(app);
    const r = await fetch(`${url}/x`);
    expect(await r.json()).toEqual({ ok: true });
  });

  it('falla al arrancar si express deja de heredar de las clases de node:http', () => {
    const falsa = { request: Object.create({ get() {} }), response: Object.create(null) };
    expect(() => clasesExpress(falsa as never)).toThrow(/ya no hereda/);
  });
});
