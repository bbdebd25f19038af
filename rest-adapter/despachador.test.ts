import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Request, type Response } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { despachador, type Manejador } from './adaptador.js';
import type { Ruta } from './tipos.js';

let servidor: http.Server | undefined;
afterEach(async () => {
  const s = servidor;
  servidor = undefined;
  if (s) await new Promise((r) => s.close(r));
});

const manejador = (metodo: Ruta['metodo'], ruta: string): Manejador => ({
  ruta: { metodo, ruta } as Ruta,
  manejar: async (req: Request, res: Response) => {
    res.json({ ruta, params: req.params, route: (req as unknown as { route: { path: string } }).route.path });
  },
});

async function iniciar(tabla: Manejador[]) {
  const app = express();
  app.use(despachador(tabla));
  app.use((_req, res) => {
    res.status(404).json({ codigo: 'no-encontrado' });
  });
  app.use((err: { status?: number; message: string }, _req: Request, res: Response, _n: () => void) => {
    res.status(err.status ?? 500).json({ error: err.message });
  });
  servidor = http.createServer(app).listen(0, '127.0.0.1');
  await new Promise((r) => servidor!.once('listening', r));
  return `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`;
}

describe('despachador de rutas REST (como las casa express)', () => {
  const tabla = [
    manejador('get', '/rips/validar'),
    manejador('get', '/rips/:id'),
    manejador('get', '/rips/:id/cuv'),
    manejador('post', '/rips'),
  ];

  it('rutas fijas sin distinguir mayúsculas y con barra final opcional; GET también atiende HEAD', async () => {
    const url = await iniciar(tabla);
    expect(await (await fetch(`${url}/RIPS/Validar/`)).json()).toMatchObject({ ruta: '/rips/validar' });
    expect((await fetch(`${url}/rips/validar`, { method: 'HEAD' })).status).toBe(200);
    expect((await fetch(`${url}/rips`, { method: 'POST' })).status).toBe(200);
    expect((await fetch(`${url}/rips`)).status).toBe(404);
  });

  it('parámetros decodificados, req.params y req.route como en express; un escape roto es 400', async () => {
    const url = await iniciar(tabla);
    expect(await (await fetch(`${url}/rips/a%2Fb%20c/cuv/`)).json()).toEqual({
      ruta: '/rips/:id/cuv',
      params: { id: 'a/b c' },
      route: '/rips/:id/cuv',
    });
    expect(await (await fetch(`${url}/rips/123`)).json()).toMatchObject({ params: { id: '123' } });
    const roto = await fetch(`${url}/rips/%E0%A4%A`);
    expect(roto.status).toBe(400);
    expect((await fetch(`${url}/rips/1/2/3`)).status).toBe(404);
  });

  it('una ruta fija tapada por una con parámetro declarada antes se rechaza al arrancar', () => {
    expect(() => despachador([manejador('get', '/rips/:id'), manejador('get', '/rips/validar')])).toThrow(
      /queda tapada por GET \/rips\/:id/,
    );
    // In the other order (or another method) it is fine.
    expect(() =>
      despachador([manejador('post', '/rips/:id'), manejador('get', '/rips/validar')]),
    ).not.toThrow();
  });
});
