import { type ChildProcess, fork } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';

/**
 * What the floor answers. `rips` (bench:rips): 200 when the body carries `rips`, else 400.
 * `fijo` (bench:solicitudes): any request, with or without a body, gets 200; an empty body
 * (a GET) is not parsed.
 */
export type ModoPiso = 'rips' | 'fijo';

/**
 * The floor: a bare node:http server that only reads the body, inflates it, decodes it and runs
 * JSON.parse on it, then writes a fixed response (`{"estado":"ok"}` unless the benchmark sets
 * another with PUT /respuesta, e.g. one of the size the real server wrote). What any Node server
 * pays for the same exchange before doing anything: the benchmarks time it next to the real
 * server, so the HTTP cost and what the service adds can be read apart.
 */
function servirPiso(modo: ModoPiso): void {
  let respuesta = Buffer.from('{"estado":"ok"}');
  const srv = http.createServer((req, res) => {
    const trozos: Buffer[] = [];
    req.on('data', (t: Buffer) => trozos.push(t));
    req.on('end', () => {
      const cuerpo = Buffer.concat(trozos);
      if (req.method === 'PUT') {
        respuesta = cuerpo;
        res.writeHead(204).end();
        return;
      }
      let estado = 200;
      if (modo === 'rips' || cuerpo.length) {
        const bytes = req.headers['content-encoding'] === 'gzip' ? gunzipSync(cuerpo) : cuerpo;
        const valor = JSON.parse(bytes.toString('utf8')) as { rips?: unknown };
        if (modo === 'rips' && !valor.rips) estado = 400;
      }
      res.writeHead(estado, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(respuesta.length),
      });
      res.end(respuesta);
    });
  });
  // As the service's (src/http/servidor.ts): with Node's 5 s, a keep-alive socket left idle while the benchmark
  // generates a 200 MB body can be closed under the client's next write (the likely cause of one EPIPE in bench:rips).
  srv.keepAliveTimeout = 65_000;
  // Port 0: the OS picks it, and the parent learns it through IPC.
  srv.listen(0, '127.0.0.1', () => process.send?.({ puerto: (srv.address() as AddressInfo).port }));
}

/** A benchmark server run as a child process (this file or another): its URL, pid and how to stop it. */
export interface ServidorHijo {
  url: string;
  pid: number;
  detener: () => Promise<void>;
}

/**
 * Forks `archivo` with `args`; the child listens on port 0 (the OS picks it) and sends it through IPC.
 * `nombre` names it in the error when it ends before that.
 */
export async function servidorEnHijo(
  archivo: string,
  args: string[],
  nombre: string,
  opciones: { execArgv?: string[]; env?: NodeJS.ProcessEnv } = {},
): Promise<ServidorHijo> {
  const hijo: ChildProcess = fork(archivo, args, {
    ...opciones,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const puerto = await new Promise<number>((listo, fallar) => {
    hijo.once('message', (m) => listo((m as { puerto: number }).puerto));
    hijo.once('exit', (c) => fallar(new Error(`el servidor ${nombre} terminó (${c})`)));
  });
  return {
    url: `http://127.0.0.1:${puerto}`,
    pid: hijo.pid!,
    detener: async () => {
      hijo.kill('SIGTERM');
      await new Promise((r) => hijo.once('exit', r));
    },
  };
}

/** The floor server in its own process, as the real one runs. */
export function iniciarPiso(modo: ModoPiso = 'rips'): Promise<ServidorHijo> {
  return servidorEnHijo(fileURLToPath(import.meta.url), [modo], 'piso', {
    execArgv: ['--max-old-space-size=8192'],
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  servirPiso(process.argv[2] === 'fijo' ? 'fijo' : 'rips');
}
