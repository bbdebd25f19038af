import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iniciarServicio, pedir } from './servidor.js';

let s: Awaited<ReturnType<typeof iniciarServicio>>;
let puerto: number;
let clave: string;

beforeAll(async () => {
  s = await iniciarServicio({ REQUEST_TIMEOUT_SECONDS: '2', HEADERS_TIMEOUT_SECONDS: '1' });
  puerto = Number(new URL(s.url).port);
  clave = (await s.crearEntidad('lentos', ['rips'])).clave;
});
afterAll(() => s.cerrar());

/** Writes `partes` on a raw connection and returns what the server wrote until it closed it, and when. */
async function conexionLenta(partes: string[]): Promise<{ respuesta: string; ms: number }> {
  const inicio = Date.now();
  const socket = net.connect(puerto, '127.0.0.1');
  await new Promise((ok) => socket.once('connect', ok));
  let respuesta = '';
  socket.on('data', (d) => {
    respuesta += d;
  });
  for (const p of partes) socket.write(p);
  await new Promise((ok) => socket.once('close', ok));
  return { respuesta, ms: Date.now() - inicio };
}

const cuerpoDe = (r: string) => JSON.parse(r.slice(r.indexOf('\r\n\r\n') + 4));

describe('clientes lentos', () => {
  it('un cuerpo que no termina de llegar recibe 408 en español al vencer REQUEST_TIMEOUT_SECONDS', async () => {
    const { respuesta, ms } = await conexionLenta([
      `POST /rips/validar HTTP/1.1\r\nHost: x\r\nX-Api-Key: ${clave}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"numDocumentoIdObligado":`,
    ]);
    expect(respuesta).toMatch(/^HTTP\/1\.1 408 /);
    expect(cuerpoDe(respuesta)).toMatchObject({ codigo: 'tiempo-agotado' });
    expect(cuerpoDe(respuesta).error).toMatch(
      /no llegó completa a tiempo.*entera en 2 s \(REQUEST_TIMEOUT_SECONDS\)/,
    );
    expect(ms).toBeGreaterThanOrEqual(1900);
    expect(ms).toBeLessThan(6000);
  });

  it('cabeceras que no terminan de llegar: 408 al vencer HEADERS_TIMEOUT_SECONDS', async () => {
    const { respuesta, ms } = await conexionLenta(['GET /sesion HTTP/1.1\r\nHost: x\r\nX-Api-Key: rda_']);
    expect(respuesta).toMatch(/^HTTP\/1\.1 408 /);
    expect(cuerpoDe(respuesta).error).toMatch(/cabeceras deben llegar en 1 s \(HEADERS_TIMEOUT_SECONDS\)/);
    // Sooner than the whole-request deadline (2 s).
    expect(ms).toBeLessThan(1900);
  });

  it('una solicitud mal formada recibe 400 en español; las normales siguen respondiendo', async () => {
    const { respuesta } = await conexionLenta(['ESTO NO ES HTTP\r\n\r\n']);
    expect(respuesta).toMatch(/^HTTP\/1\.1 400 /);
    expect(cuerpoDe(respuesta)).toMatchObject({ codigo: 'entrada-invalida' });
    // Written without express, and still with the strict CSP of every JSON answer.
    expect(respuesta).toMatch(/\r\nContent-Security-Policy: default-src 'none';frame-ancestors 'none'\r\n/);
    expect((await pedir(s.url, '/health')).status).toBe(200);
  });
});
