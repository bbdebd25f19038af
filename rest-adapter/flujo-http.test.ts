import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import type { CuerpoAbierto } from '../src/rips/validacion/flujo-cuerpo.js';
import { flujoDeSolicitud } from './flujo-http.js';

const TEXTO = JSON.stringify({ rips: { numFactura: 'FE1', usuarios: [{ n: 'ñandú' }] } });

/** A request as express hands it: the body as a readable stream, with its headers. */
function solicitud(cuerpo: Buffer, cabeceras: Record<string, string>, trozo = cuerpo.length): Request {
  const trozos: Buffer[] = [];
  for (let i = 0; i < cuerpo.length; i += trozo) trozos.push(cuerpo.subarray(i, i + trozo));
  return Object.assign(Readable.from(trozos), {
    headers: { 'content-type': 'application/json', ...cabeceras },
  }) as unknown as Request;
}

async function texto(a: CuerpoAbierto): Promise<string> {
  if ('texto' in a) return a.texto;
  let t = '';
  for await (const x of a.textos) t += x;
  return t;
}

const COMPRESORES: [string, (b: Buffer) => Buffer][] = [
  ['gzip', zlib.gzipSync],
  ['deflate', zlib.deflateSync],
  ['br', zlib.brotliCompressSync],
  ['identity', (b) => b],
];

describe('flujoDeSolicitud: cuerpos pequeños leídos enteros', () => {
  it.each(COMPRESORES)('%s con Content-Length dentro del tope → un solo texto', async (cod, comprimir) => {
    const crudo = comprimir(Buffer.from(TEXTO));
    const f = flujoDeSolicitud(
      solicitud(crudo, { 'content-encoding': cod, 'content-length': String(crudo.length) }, 7),
      1 << 20,
    );
    const a = await f.abrir(1 << 20);
    expect(a).toEqual({ texto: TEXTO });
  });

  it.each([
    ['de un solo miembro (ISIZE exacto)', [TEXTO]],
    ['de varios miembros (ISIZE solo del último, menor)', [TEXTO.slice(0, 20), TEXTO.slice(20)]],
  ])('gzip %s → el mismo texto entero', async (_, partes) => {
    const crudo = Buffer.concat(partes.map((p) => zlib.gzipSync(p)));
    const f = flujoDeSolicitud(
      solicitud(crudo, { 'content-encoding': 'gzip', 'content-length': String(crudo.length) }, 7),
      1 << 20,
    );
    expect(await f.abrir(1 << 20)).toEqual({ texto: TEXTO });
  });

  it('gzip con ISIZE alterado (enorme) → 400 de gzip: el tamaño declarado es solo una pista', async () => {
    const crudo = zlib.gzipSync(TEXTO);
    crudo.writeUInt32LE(0xffffffff, crudo.length - 4);
    const f = flujoDeSolicitud(
      solicitud(crudo, { 'content-encoding': 'gzip', 'content-length': String(crudo.length) }, 7),
      1 << 20,
    );
    await expect(f.abrir(1 << 20)).rejects.toThrow(/gzip/);
  });

  it('inflado mayor que el tope → por trozos desde los bytes guardados, completo', async () => {
    const grande = JSON.stringify({ rips: { usuarios: Array.from({ length: 2000 }, (_, i) => ({ i })) } });
    const crudo = zlib.gzipSync(grande);
    const f = flujoDeSolicitud(
      solicitud(crudo, { 'content-encoding': 'gzip', 'content-length': String(crudo.length) }, 100),
      1 << 20,
    );
    const a = await f.abrir(crudo.length + 10);
    expect('textos' in a).toBe(true);
    expect(await texto(a)).toBe(grande);
  });

  it('sin Content-Length (chunked) o por encima del tope declarado → se lee mientras llega', async () => {
    const crudo = zlib.gzipSync(TEXTO);
    const sinLargo = await flujoDeSolicitud(solicitud(crudo, { 'content-encoding': 'gzip' }), 1 << 20).abrir(
      1 << 20,
    );
    expect('textos' in sinLargo && (await texto(sinLargo))).toBe(TEXTO);
    const f = flujoDeSolicitud(
      solicitud(crudo, { 'content-encoding': 'gzip', 'content-length': String(crudo.length) }),
      1 << 20,
    );
    const a = await f.abrir(crudo.length - 1);
    expect('textos' in a && a.textos).toBe(f.textos);
    expect(await texto(a)).toBe(TEXTO);
  });

  it('el límite del cuerpo manda aunque el tope sea mayor', async () => {
    const crudo = Buffer.from(TEXTO);
    const f = flujoDeSolicitud(solicitud(crudo, { 'content-length': String(crudo.length) }), 10);
    const a = await f.abrir(1 << 20);
    expect('textos' in a).toBe(true);
    await expect(texto(a)).rejects.toMatchObject({ codigo: 'cuerpo-demasiado-grande' });
  });

  it('gzip corrupto → 400 en español', async () => {
    const crudo = zlib.gzipSync(TEXTO).subarray(0, 20);
    const f = flujoDeSolicitud(
      solicitud(crudo, { 'content-encoding': 'gzip', 'content-length': String(crudo.length) }),
      1 << 20,
    );
    await expect(f.abrir(1 << 20)).rejects.toMatchObject({
      codigo: 'entrada-invalida',
      message: expect.stringMatching(/gzip corrupto/),
    });
  });

  it.each([
    ['que se corta (error)', new Error('aborted')],
    ['cerrada sin error', undefined],
  ])('una conexión %s a mitad del cuerpo → 400 en español, no un error interno', async (_, error) => {
    const crudo = Buffer.from(TEXTO);
    const req = Object.assign(
      new Readable({
        read() {
          this.push(crudo.subarray(0, 10));
          this.destroy(error);
        },
      }),
      { headers: { 'content-type': 'application/json', 'content-length': String(crudo.length) } },
    ) as unknown as Request;
    await expect(flujoDeSolicitud(req, 1 << 20).abrir(1 << 20)).rejects.toMatchObject({
      codigo: 'entrada-invalida',
      message: expect.stringMatching(/incompleto/),
    });
  });

  it('tope 0 → siempre por trozos', async () => {
    const crudo = Buffer.from(TEXTO);
    const f = flujoDeSolicitud(solicitud(crudo, { 'content-length': String(crudo.length) }), 1 << 20);
    const a = await f.abrir(0);
    expect('textos' in a && a.textos).toBe(f.textos);
  });
});
