import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ErrorApp } from '../errores/errores.js';

export interface OpcionesTurnos {
  /** Heavy bodies read and parsed at once per instance. */
  simultaneos: number;
  /** A body is heavy when it is compressed or declares at least this many bytes. */
  pesadoDesdeBytes: number;
  /** How long a heavy body waits for its turn before a 503. */
  esperaMs: number;
}

/**
 * Turns for reading heavy JSON bodies. express.json inflates and parses a whole body before anything
 * can look at it (about 3× the inflated size in memory), and a compressed body's inflated size is
 * unknown until then: 150 KiB of gzip can be 150 MiB. Bounding how many such bodies are read at once
 * bounds that peak per instance; light bodies never wait, and a turn is held only while reading.
 */
export class TurnosCuerpo {
  private libres: number;
  private readonly cola: (() => void)[] = [];

  constructor(private readonly o: OpcionesTurnos) {
    this.libres = o.simultaneos;
  }

  esPesado(req: Request): boolean {
    const codificacion = String(req.headers['content-encoding'] ?? 'identity').toLowerCase();
    if (codificacion !== 'identity') return true;
    const largo = Number(req.headers['content-length']);
    // No declared length (chunked): its size is unknown until read, like a compressed one.
    return !Number.isFinite(largo) || largo >= this.o.pesadoDesdeBytes;
  }

  /** Resolves with the release function, or rejects with a 503 after the wait. */
  tomar(): Promise<() => void> {
    const liberar = () => {
      const siguiente = this.cola.shift();
      if (siguiente) siguiente();
      else this.libres++;
    };
    if (this.libres > 0) {
      this.libres--;
      return Promise.resolve(unaVez(liberar));
    }
    return new Promise((ok, mal) => {
      const turno = () => {
        clearTimeout(t);
        ok(unaVez(liberar));
      };
      const t = setTimeout(() => {
        const i = this.cola.indexOf(turno);
        if (i >= 0) this.cola.splice(i, 1);
        const segundos = Math.max(1, Math.ceil(this.o.esperaMs / 1000));
        mal(
          new ErrorApp(
            'servidor-ocupado',
            `El servicio está leyendo otros cuerpos grandes o comprimidos; reintente en ${segundos} s.`,
            { reintentarEnSegundos: segundos },
          ),
        );
      }, this.o.esperaMs);
      t.unref();
      this.cola.push(turno);
    });
  }

  /** `lector` (express.json) runs with a turn when the body is heavy. */
  envolver(lector: RequestHandler): RequestHandler {
    return (req: Request, res: Response, next: NextFunction) => {
      if (!this.esPesado(req) || !hayCuerpo(req)) {
        lector(req, res, next);
        return;
      }
      this.tomar().then(
        (liberar) => {
          // Released once the body is read (or refused), also if the client goes away first.
          res.once('close', liberar);
          lector(req, res, (err?: unknown) => {
            liberar();
            next(err);
          });
        },
        (err) => {
          // The unread body is discarded as it arrives, so the client reads the 503.
          req.resume();
          next(err);
        },
      );
    };
  }
}

function hayCuerpo(req: Request): boolean {
  return req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
}

function unaVez(f: () => void): () => void {
  let hecho = false;
  return () => {
    if (hecho) return;
    hecho = true;
    f();
  };
}
