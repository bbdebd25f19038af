import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { crearLogger } from '../logger.js';
import {
  crearRegistroSolicitudes,
  enlazarRegistro,
  infoPropia,
  logDeSolicitud,
} from './registro-solicitudes.js';

/** A logger writing to memory, as crearLogger builds it (with its non-redacting sibling). */
function capturar() {
  const lineas: Record<string, unknown>[] = [];
  const destino = new Writable({
    write(trozo, _c, listo) {
      for (const l of String(trozo).split('\n').filter(Boolean)) lineas.push(JSON.parse(l));
      listo();
    },
  });
  return { log: crearLogger('info', destino), lineas };
}

const rutas = (metodo: string, url: string) =>
  url.startsWith('/rips/') && metodo === 'GET' ? '/rips/:id' : url.split('?')[0]!;

let servidor: http.Server | undefined;
afterEach(async () => {
  const s = servidor;
  servidor = undefined;
  if (s) await new Promise((r) => s.close(r));
});

async function servir(manejar: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  servidor = http.createServer(manejar);
  servidor.listen(0, '127.0.0.1');
  await new Promise((r) => servidor!.once('listening', r));
  return `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`;
}

const esperarLineas = async (lineas: unknown[], n: number) => {
  for (let i = 0; i < 100 && lineas.length < n; i++) await new Promise((r) => setTimeout(r, 10));
};

describe('registro de solicitudes', () => {
  it('una línea por solicitud con los campos de siempre, sin consulta ni identificadores en la ruta', async () => {
    const { log, lineas } = capturar();
    const registrar = crearRegistroSolicitudes(log, rutas);
    const url = await servir((req, res) => {
      registrar(req, res);
      res.end('{}');
    });
    const r = await fetch(`${url}/rips/52345678?documento=52345678`, {
      headers: { 'x-request-id': 'mi-id.1' },
    });
    expect(r.headers.get('x-request-id')).toBe('mi-id.1');
    await esperarLineas(lineas, 1);
    expect(lineas).toHaveLength(1);
    const { time, ...resto } = lineas[0]!;
    expect(typeof time).toBe('string');
    expect(resto).toEqual({
      level: 30,
      servicio: 'motor-cumplimiento',
      req: { id: 'mi-id.1', method: 'GET', path: '/rips/:id' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
      msg: 'request completed',
    });
    // Key order as pino-http wrote it: base, req, res, responseTime, msg.
    expect(Object.keys(lineas[0]!)).toEqual([
      'level',
      'time',
      'servicio',
      'req',
      'res',
      'responseTime',
      'msg',
    ]);
    expect(JSON.stringify(lineas)).not.toContain('52345678');
  });

  it('un X-Request-Id que no es un token simple se reemplaza por un UUID', async () => {
    const { log, lineas } = capturar();
    const registrar = crearRegistroSolicitudes(log, rutas);
    const url = await servir((req, res) => {
      registrar(req, res);
      res.end();
    });
    const r = await fetch(`${url}/x`, { headers: { 'x-request-id': 'con espacio y "comillas"' } });
    expect(r.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    await esperarLineas(lineas, 1);
    expect((lineas[0]!.req as { id: string }).id).toBe(r.headers.get('x-request-id'));
  });

  it('el logger de la solicitud lleva req y lo enlazado; las líneas propias pasan por la censura', async () => {
    const { log, lineas } = capturar();
    const registrar = crearRegistroSolicitudes(log, rutas);
    const url = await servir((req, res) => {
      registrar(req, res);
      enlazarRegistro(req, { operacion: 'Sesion' });
      logDeSolicitud(req, log).info({ datos: { clave: 'secreta' } }, 'algo pasó');
      res.statusCode = 503;
      res.end();
    });
    await fetch(`${url}/graphql`);
    await esperarLineas(lineas, 2);
    const [propia, final] = lineas;
    expect(propia).toMatchObject({
      req: { method: 'GET', path: '/graphql' },
      operacion: 'Sesion',
      msg: 'algo pasó',
    });
    expect(JSON.stringify(propia)).not.toContain('secreta');
    expect(final).toMatchObject({
      level: 40,
      req: { path: '/graphql' },
      operacion: 'Sesion',
      res: { statusCode: 503 },
      msg: 'request errored',
    });
  });

  it('sin logger pedido, lo enlazado llega igual a la línea final (operacion de GraphQL)', async () => {
    const { log, lineas } = capturar();
    const registrar = crearRegistroSolicitudes(log, rutas);
    const url = await servir((req, res) => {
      registrar(req, res);
      enlazarRegistro(req, { operacion: 'anonima' });
      res.end();
    });
    await fetch(`${url}/graphql`);
    await esperarLineas(lineas, 1);
    expect(Object.keys(lineas[0]!)).toEqual([
      'level',
      'time',
      'servicio',
      'req',
      'operacion',
      'res',
      'responseTime',
      'msg',
    ]);
  });

  it('una respuesta cortada antes de terminar queda como request aborted; un 500, como error', async () => {
    const { log, lineas } = capturar();
    const registrar = crearRegistroSolicitudes(log, rutas);
    const url = await servir((req, res) => {
      registrar(req, res);
      if (req.url === '/falla') {
        res.statusCode = 500;
        res.end();
        return;
      }
      res.write('a');
      res.destroy();
    });
    await fetch(`${url}/cortada`)
      .then((r) => r.text())
      .catch(() => undefined);
    await fetch(`${url}/falla`);
    await esperarLineas(lineas, 2);
    const porRuta = Object.fromEntries(lineas.map((l) => [(l.req as { path: string }).path, l]));
    expect(porRuta['/cortada']).toMatchObject({ level: 30, msg: 'request aborted' });
    expect(porRuta['/falla']).toMatchObject({ level: 50, res: { statusCode: 500 }, msg: 'request errored' });
  });

  it('infoPropia escribe la misma línea que el logger de la solicitud, con o sin él ya construido', async () => {
    const { log, lineas } = capturar();
    const registrar = crearRegistroSolicitudes(log, rutas);
    const campos = { rechazos: 0, avisos: 2, informativos: 3, valido: true };
    const url = await servir((req, res) => {
      registrar(req, res);
      enlazarRegistro(req, { operacion: 'ValidarRips' });
      if (req.url === '/propia') infoPropia(req, log, campos, 'RIPS validado');
      else if (req.url === '/hijo') logDeSolicitud(req, log).info(campos, 'RIPS validado');
      else {
        // A child already built (something logged before): the line goes through it.
        logDeSolicitud(req, log).info({ paso: 1 }, 'antes');
        infoPropia(req, log, campos, 'RIPS validado');
      }
      res.end('{}');
    });
    for (const ruta of ['/propia', '/hijo', '/despues'])
      await fetch(`${url}${ruta}`, { headers: { 'x-request-id': 'id-fijo' } });
    await esperarLineas(lineas, 7);
    const validado = lineas.filter((l) => l.msg === 'RIPS validado');
    expect(validado).toHaveLength(3);
    const sinHora = validado.map(({ time: _t, ...l }) => l);
    const [propia, hijo, despues] = sinHora.map((l) => ({ ...l, req: { ...(l.req as object), path: '/' } }));
    expect(propia).toEqual({
      level: 30,
      servicio: 'motor-cumplimiento',
      req: { id: 'id-fijo', method: 'GET', path: '/' },
      operacion: 'ValidarRips',
      ...campos,
      msg: 'RIPS validado',
    });
    expect(hijo).toEqual(propia);
    expect(despues).toEqual(propia);
    // Same key order as the request's logger writes (bindings, then the fields).
    expect(Object.keys(validado[0]!)).toEqual(Object.keys(validado[1]!));
    expect(Object.keys(validado[2]!)).toEqual(Object.keys(validado[1]!));
    // Each request still ends with its one final line.
    expect(lineas.filter((l) => l.msg === 'request completed')).toHaveLength(3);
  });

  it('con nivel warn no escribe la línea de cada solicitud ni las de infoPropia', async () => {
    const lineas: string[] = [];
    const destino = new Writable({
      write(t, _c, listo) {
        lineas.push(String(t));
        listo();
      },
    });
    const log = crearLogger('warn', destino);
    const registrar = crearRegistroSolicitudes(log, rutas);
    const url = await servir((req, res) => {
      registrar(req, res);
      infoPropia(req, log, { valido: true }, 'RIPS validado');
      res.end();
    });
    await fetch(`${url}/x`);
    await new Promise((r) => setTimeout(r, 50));
    expect(lineas).toEqual([]);
  });
});
