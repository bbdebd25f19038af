import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import zlib from 'node:zlib';
import type { Request } from 'express';
import { ErrorApp, errores } from '../src/errores/errores.js';

const JSON_TIPO = /^application\/(?:[\w.+-]+\+)?json\b/i;

function descompresor(codificacion: string): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null {
  if (codificacion === 'gzip' || codificacion === 'x-gzip') return zlib.createGunzip();
  if (codificacion === 'deflate') return zlib.createInflate();
  if (codificacion === 'br') return zlib.createBrotliDecompress();
  if (codificacion === 'identity') return null;
  throw new ErrorApp(
    'tipo-contenido-no-soportado',
    'Codificación no soportada: use UTF-8 y, si comprime, Content-Encoding gzip, deflate o br.',
  );
}

/**
 * The request body as UTF-8 text chunks while it arrives (inflated; the limit counts inflated
 * bytes). A body that is not JSON yields nothing, as the JSON parser of the other routes does.
 */
export async function* textosDeSolicitud(req: Request, limite: number): AsyncGenerator<string> {
  if (!JSON_TIPO.test(req.headers['content-type'] ?? '')) return;
  const z = descompresor(String(req.headers['content-encoding'] ?? 'identity').toLowerCase());
  let fuente: Readable = req;
  if (z) {
    req.on('error', (e) => z.destroy(e));
    fuente = req.pipe(z);
  }
  const decoder = new StringDecoder('utf8');
  let total = 0;
  try {
    for await (const trozo of fuente as AsyncIterable<Buffer>) {
      total += trozo.length;
      if (total > limite) {
        throw new ErrorApp(
          'cuerpo-demasiado-grande',
          `El cuerpo supera el límite de ${Math.round(limite / 1024 / 1024)} MB (medido tras descomprimir).`,
        );
      }
      yield decoder.write(trozo);
    }
  } catch (e) {
    if (e instanceof ErrorApp) throw e;
    throw errores.entradaInvalida('El cuerpo no pudo leerse (¿gzip corrupto o incompleto?).');
  } finally {
    z?.destroy();
  }
  const resto = decoder.end();
  if (resto) yield resto;
}
