import net from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iniciarServicio, pedir } from './servidor.js';

/** Issue 18: heavy JSON bodies (compressed or large) are read a few at a time per instance. */
let s: Awaited<ReturnType<typeof iniciarServicio>>;
let clave: string;

beforeAll(async () => {
  s = await iniciarServicio({ BODY_HEAVY_CONCURRENCY: '1', BODY_HEAVY_WAIT_SECONDS: '1' });
  clave = (await s.crearEntidad('turnos', ['rips', 'rda'])).clave;
});
afterAll(() => s.cerrar());

describe('turnos de lectura de cuerpos pesados', () => {
  it('mientras uno comprimido se lee, otro espera su turno y recibe 503 con Retry-After; los livianos no esperan', async () => {
    // The first heavy body arrives slowly and holds the only turn.
    const gz = gzipSync(Buffer.from(JSON.stringify({ rips: { numFactura: 'X'.repeat(1000) } })));
    const socket = net.connect(Number(new URL(s.url).port), '127.0.0.1');
    await new Promise((ok) => socket.once('connect', ok));
    let respuesta = '';
    socket.on('data', (d) => {
      respuesta += d;
    });
    socket.write(
      `POST /rips HTTP/1.1\r\nHost: x\r\nX-Api-Key: ${clave}\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: ${gz.length}\r\n\r\n`,
    );
    socket.write(gz.subarray(0, 10));
    await new Promise((ok) => setTimeout(ok, 200));

    const t = Date.now();
    const otra = await pedir(s.url, '/rips', {
      crudo: gzipSync(Buffer.from(JSON.stringify({ rips: {} }))),
      cabeceras: { 'X-Api-Key': clave, 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(otra.status).toBe(503);
    expect(otra.body).toMatchObject({ codigo: 'servidor-ocupado', reintentarEnSegundos: 1 });
    expect(otra.body.error).toMatch(/cuerpos grandes o comprimidos/);
    expect(otra.headers.get('retry-after')).toBe('1');
    expect(Date.now() - t).toBeLessThan(3000);

    // A light body does not wait for the heavy one.
    const liviana = await pedir(s.url, '/rda/validar', {
      cuerpo: { bundle: { resourceType: 'Bundle' } },
      cabeceras: { 'X-Api-Key': clave },
    });
    expect(liviana.status).toBe(200);

    // The slow body ends: it is answered, and the turn is free again.
    socket.write(gz.subarray(10));
    const limite = Date.now() + 5000;
    while (!/\r\n\r\n/.test(respuesta) && Date.now() < limite) await new Promise((ok) => setTimeout(ok, 20));
    // Its body was read with the turn: it gets its own answer (here: no MUV configured), never the 503 of the turns.
    expect(respuesta).toMatch(/^HTTP\/1\.1 503 /);
    expect(respuesta).toMatch(/upstream-no-configurado/);
    socket.destroy();
    const despues = await pedir(s.url, '/rips', {
      crudo: gzipSync(Buffer.from(JSON.stringify({ rips: 'x' }))),
      cabeceras: { 'X-Api-Key': clave, 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(despues.status).toBe(400);
  });
});
