import { finished, Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { Request } from 'express';
import { ErrorApp, errores } from '../src/errores/errores.js';
import {
  mensajeProblemaJson,
  type ProblemaJson,
  revisarEscapes,
  VigiaEscapes,
} from '../src/http/json-seguro.js';
import { type CuerpoAbierto, FlujoCuerpo } from '../src/rips/validacion/flujo-cuerpo.js';
import { decodificar, TextosDeBytes } from '../src/rips/validacion/textos-bytes.js';

const descartar = () => {};

const JSON_TIPO = /^application\/(?:[\w.+-]+\+)?json\b/i;

/** Larger output chunks than zlib's 16 KB default: fewer asynchronous hops per megabyte. */
const TROZO = 256 * 1024;

function descompresor(codificacion: string): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null {
  if (codificacion === 'gzip' || codificacion === 'x-gzip') return zlib.createGunzip({ chunkSize: TROZO });
  if (codificacion === 'deflate') return zlib.createInflate({ chunkSize: TROZO });
  if (codificacion === 'br') return zlib.createBrotliDecompress({ chunkSize: TROZO });
  if (codificacion === 'identity') return null;
  throw new ErrorApp(
    'tipo-contenido-no-soportado',
    'Codificación no soportada: use UTF-8 y, si comprime, Content-Encoding gzip, deflate o br.',
  );
}

/** The 400 for a NUL or lone-surrogate escape in the body (as express.json's routes answer it). */
function prohibido(p: ProblemaJson): ErrorApp {
  return errores.entradaInvalida(
    mensajeProblemaJson(p),
    p.tipo === 'caracter' && p.ruta
      ? [{ campo: p.ruta, mensaje: 'Contiene un carácter no admitido.' }]
      : undefined,
  );
}

/**
 * Bytes (as received) → inflated bytes; the limit counts inflated bytes, so inflating stops at it.
 * Each chunk is checked for \u0000 and lone-surrogate escapes before anything reads it (json-seguro).
 */
async function* inflados(crudo: Readable, codificacion: string, limite: number): AsyncGenerator<Buffer> {
  const z = descompresor(codificacion);
  let fuente: Readable = crudo;
  if (z) {
    crudo.on('error', (e) => z.destroy(e));
    fuente = crudo.pipe(z);
  }
  let total = 0;
  const vigia = new VigiaEscapes();
  try {
    for await (const trozo of fuente as AsyncIterable<Buffer>) {
      total += trozo.length;
      if (total > limite) {
        throw new ErrorApp(
          'cuerpo-demasiado-grande',
          `El cuerpo supera el límite de ${Math.round(limite / 1024 / 1024)} MB (medido tras descomprimir).`,
        );
      }
      const p = vigia.revisar(trozo);
      if (p) throw prohibido(p);
      yield trozo;
    }
    const p = vigia.terminar();
    if (p) throw prohibido(p);
  } catch (e) {
    if (e instanceof ErrorApp) throw e;
    throw errores.entradaInvalida('El cuerpo no pudo leerse (¿gzip corrupto o incompleto?).');
  } finally {
    z?.destroy();
  }
}

/** UTF-8 text chunks of the inflated body, whose unread rest can also be taken as bytes. */
function textos(crudo: Readable, codificacion: string, limite: number): TextosDeBytes {
  return new TextosDeBytes(inflados(crudo, codificacion, limite));
}

const INFLAR_ENTERO: Record<string, ((b: Buffer, o: zlib.ZlibOptions) => Buffer) | undefined> = {
  gzip: zlib.gunzipSync,
  'x-gzip': zlib.gunzipSync,
  deflate: zlib.inflateSync,
  br: zlib.brotliDecompressSync,
};

/**
 * Output chunk for a whole gzip body: its declared size (ISIZE, the last 4 bytes) plus one, so the
 * output is one buffer and zlib never joins 16 KB chunks (about 0.2 ms per MB). Only a hint: `hasta`
 * bounds what it can allocate, and zlib's default is the floor, so a wrong or multi-member ISIZE
 * (the last member's size only) costs no more chunks than before.
 */
function trozoDeSalida(crudo: Buffer, codificacion: string, hasta: number): number | undefined {
  if ((codificacion !== 'gzip' && codificacion !== 'x-gzip') || crudo.length < 18) return undefined;
  const declarado = crudo.readUInt32LE(crudo.length - 4);
  return Math.max(zlib.constants.Z_DEFAULT_CHUNK, Math.min(declarado, hasta) + 1);
}

/**
 * A small body inflated in one call; undefined when it would exceed `hasta` bytes. Synchronous on
 * purpose: at this size (bounded by `hasta`, a few MB) the stream's hops through the thread pool
 * cost more than the inflation itself.
 */
function inflarEntero(crudo: Buffer, codificacion: string, hasta: number): Buffer | undefined {
  if (codificacion === 'identity') return crudo.length <= hasta ? crudo : undefined;
  try {
    return INFLAR_ENTERO[codificacion]!(crudo, {
      maxOutputLength: hasta,
      chunkSize: trozoDeSalida(crudo, codificacion, hasta),
    });
  } catch (e) {
    if ((e as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') return undefined;
    throw errores.entradaInvalida('El cuerpo no pudo leerse (¿gzip corrupto o incompleto?).');
  }
}

/**
 * Every chunk of a small body into `recibidos`, with a plain listener: an async iterator over the
 * request (what `for await` builds) costs more than the few chunks of such a body (issue 34). A
 * connection closed before the end, or an error, is the client's: 400 in Spanish.
 */
function leerEntero(req: Readable, recibidos: Buffer[]): Promise<void> {
  return new Promise((listo, fallar) => {
    const dato = (b: Buffer) => recibidos.push(b);
    req.on('data', dato);
    // finished: the end, an error, or a close before the end (premature close), also when already so.
    const soltar = finished(req, { writable: false }, (e) => {
      soltar();
      req.off('data', dato);
      if (e) fallar(errores.entradaInvalida('El cuerpo llegó incompleto.'));
      else listo();
    });
  });
}

/**
 * The request body for a route that reads it while it arrives. The received bytes are kept (a
 * compressed body stays compressed) so the rare reading that needs a second pass can re-read
 * them. A body that is not JSON reads as empty, as the JSON parser of the other routes does.
 */
export function flujoDeSolicitud(req: Request, limite: number): FlujoCuerpo {
  const codificacion = String(req.headers['content-encoding'] ?? 'identity').toLowerCase();
  const esJson = JSON_TIPO.test(req.headers['content-type'] ?? '');
  const recibidos: Buffer[] = [];
  async function* guardar(): AsyncGenerator<Buffer> {
    for await (const b of req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
      recibidos.push(b);
      yield b;
    }
  }
  // Refused early (a header over 1 MiB, a bad escape): once the Spanish answer is written, the rest
  // of the body is discarded as it arrives, unread, so the client reads that answer (not a reset)
  // and the connection serves its next request. Node only does this for bodies nobody started reading.
  req.res?.once('finish', () => {
    if (req.readableEnded || req.destroyed) return;
    req.removeAllListeners('readable');
    req.removeAllListeners('data');
    req.on('data', descartar);
    req.resume();
  });
  const leerDe = (fuente: Iterable<Buffer> | AsyncIterable<Buffer>) =>
    esJson ? textos(Readable.from(fuente), codificacion, limite) : (async function* () {})();
  const vivo = () => leerDe(guardar());
  const releer = () => leerDe(recibidos);
  const declarado = Number(req.headers['content-length']);
  // Small bodies (declared size, known encoding) are read whole: one inflation, one decoding.
  const abrir = async (hasta: number): Promise<CuerpoAbierto> => {
    const tope = Math.min(hasta, limite);
    const conocida = codificacion === 'identity' || INFLAR_ENTERO[codificacion] !== undefined;
    if (!esJson || !conocida || !(declarado > 0 && declarado <= tope)) return { textos: flujo.textos };
    await leerEntero(req, recibidos);
    const inflado = inflarEntero(Buffer.concat(recibidos), codificacion, tope);
    if (!inflado) return { textos: releer() };
    const p = revisarEscapes(inflado);
    if (p) throw prohibido(p);
    // The inflated (or concatenated) bytes are a copy of what `recibidos` keeps: rewritten in place.
    return { texto: decodificar(inflado, 0, inflado.length, true) };
  };
  const flujo = new FlujoCuerpo(vivo, releer, abrir);
  return flujo;
}
