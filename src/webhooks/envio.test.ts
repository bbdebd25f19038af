import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolverDestino } from './destino.js';
import { claseDeError, enviar, fragmento } from './envio.js';
import { firmar, generarSecreto } from './firma.js';

interface Recibida {
  ruta: string;
  host: string | undefined;
  cabeceras: http.IncomingHttpHeaders;
  cuerpo: string;
}

let servidor: http.Server;
let puerto: number;
const recibidas: Recibida[] = [];

beforeAll(async () => {
  servidor = http.createServer((req, res) => {
    const trozos: Buffer[] = [];
    req.on('data', (c) => trozos.push(c));
    req.on('end', () => {
      recibidas.push({
        ruta: req.url ?? '',
        host: req.headers.host,
        cabeceras: req.headers,
        cuerpo: Buffer.concat(trozos).toString('utf8'),
      });
      if (req.url === '/ok') return res.writeHead(204).end();
      if (req.url === '/redirige')
        return res.writeHead(302, { location: `http://127.0.0.1:${puerto}/ok` }).end();
      if (req.url === '/error')
        return res
          .writeHead(500, { 'content-type': 'text/plain' })
          .end('fallo\u0000 interno\n\tdel receptor');
      if (req.url === '/enorme') {
        res.writeHead(503);
        // 8 MB the client must not read.
        const trozo = Buffer.alloc(64 * 1024, 'x');
        let n = 0;
        const escribir = () => {
          while (n < 128) {
            n += 1;
            if (!res.write(trozo)) return res.once('drain', escribir);
          }
          res.end();
        };
        return escribir();
      }
      if (req.url === '/lento') return; // never answers
      res.writeHead(404).end();
    });
  });
  servidor.listen(0, '127.0.0.1');
  await once(servidor, 'listening');
  puerto = (servidor.address() as AddressInfo).port;
});
afterAll(async () => {
  servidor.closeAllConnections();
  await new Promise((r) => servidor.close(r));
});

const politica = { soloPublicas: false };

async function post(ruta: string, o: { host?: string; timeoutMs?: number } = {}) {
  const url = new URL(`http://${o.host ?? '127.0.0.1'}:${puerto}${ruta}`);
  let consultas = 0;
  const destino = await resolverDestino(url, politica, async () => {
    consultas += 1;
    return [{ address: '127.0.0.1', family: 4 }];
  });
  const cuerpo = JSON.stringify({ id: 'e1', tipo: 'prueba' });
  const r = await enviar({
    url,
    destino,
    cuerpo,
    firma: firmar(generarSecreto(), 'e1', cuerpo),
    timeoutMs: o.timeoutMs ?? 3000,
  });
  return { r, consultas };
}

describe('envío de un webhook', () => {
  it('2xx entrega; el cuerpo y las cabeceras Standard Webhooks llegan tal cual', async () => {
    const { r } = await post('/ok');
    expect(r).toMatchObject({ entregado: true, status: 204, error: null, respuesta: null });
    const ultima = recibidas.at(-1)!;
    expect(ultima.cuerpo).toBe('{"id":"e1","tipo":"prueba"}');
    expect(ultima.cabeceras['content-type']).toBe('application/json');
    expect(ultima.cabeceras['webhook-id']).toBe('e1');
    expect(ultima.cabeceras['webhook-signature']).toMatch(/^v1,/);
  });

  it('la conexión va a la dirección fijada aunque el nombre no resuelva (Host conserva el nombre)', async () => {
    const { r, consultas } = await post('/ok', { host: 'receptor.invalid' });
    expect(r.entregado).toBe(true);
    expect(consultas).toBe(1);
    expect(recibidas.at(-1)!.host).toBe(`receptor.invalid:${puerto}`);
  });

  it('una redirección no se sigue: intento fallido con su estado', async () => {
    const antes = recibidas.length;
    const { r } = await post('/redirige');
    expect(r).toMatchObject({ entregado: false, status: 302, error: 'redireccion' });
    expect(recibidas.length).toBe(antes + 1);
  });

  it('5xx: fallido, con un fragmento saneado de la respuesta', async () => {
    const { r } = await post('/error');
    expect(r).toMatchObject({
      entregado: false,
      status: 500,
      error: 'estado-http',
      respuesta: 'fallo interno del receptor',
    });
  });

  it('una respuesta enorme no se lee entera', async () => {
    const inicio = Date.now();
    const { r } = await post('/enorme');
    expect(r).toMatchObject({ entregado: false, status: 503, error: 'estado-http' });
    expect(r.respuesta).toHaveLength(200);
    expect(Date.now() - inicio).toBeLessThan(2000);
  });

  it('sin respuesta dentro del plazo: tiempo-agotado', async () => {
    const { r } = await post('/lento', { timeoutMs: 300 });
    expect(r).toMatchObject({ entregado: false, status: null, error: 'tiempo-agotado' });
    expect(r.duracionMs).toBeGreaterThanOrEqual(290);
  });

  it('nadie escuchando: conexion-rechazada', async () => {
    const libre = http.createServer();
    libre.listen(0, '127.0.0.1');
    await once(libre, 'listening');
    const p = (libre.address() as AddressInfo).port;
    await new Promise((r) => libre.close(r));
    const url = new URL(`http://127.0.0.1:${p}/x`);
    const r = await enviar({
      url,
      destino: { host: '127.0.0.1', direccion: '127.0.0.1', familia: 4 },
      cuerpo: '{}',
      firma: firmar(generarSecreto(), 'e2', '{}'),
      timeoutMs: 2000,
    });
    expect(r).toMatchObject({ entregado: false, status: null, error: 'conexion-rechazada' });
  });
});

describe('clases y fragmentos', () => {
  it('clasifica errores de red sin mirar su mensaje', () => {
    expect(claseDeError({ code: 'ECONNRESET' })).toBe('conexion-cortada');
    expect(claseDeError({ code: 'ERR_TLS_CERT_ALTNAME_INVALID' })).toBe('tls');
    expect(claseDeError({ code: 'DEPTH_ZERO_SELF_SIGNED_CERT' })).toBe('tls');
    expect(claseDeError({ code: 'ENOTFOUND' })).toBe('dns');
    expect(claseDeError(new Error('cualquier cosa'))).toBe('red');
  });

  it('el fragmento quita controles y se acota', () => {
    expect(fragmento(Buffer.from('  \u001b[31mrojo\u001b[0m\r\n'))).toBe('[31mrojo [0m');
    expect(fragmento(Buffer.from(''))).toBeNull();
    expect(fragmento(Buffer.alloc(1000, 'a'))).toHaveLength(200);
  });
});
