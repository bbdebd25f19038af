import { type ChildProcess, fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { puertoLibre } from './servidor-hijo.js';

/**
 * The floor of `POST /rips/validar`: a bare node:http server that only reads the body, inflates it,
 * decodes it and runs JSON.parse on it, then writes a response of the size the real server wrote
 * (set by the benchmark with PUT /respuesta). What any Node server pays for the same exchange
 * before validating anything: the benchmark times it next to the real server, so the HTTP cost and
 * what validation adds can be read apart.
 */
function servirPiso(puerto: number): void {
  let respuesta = Buffer.from('{}');
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
      const bytes = req.headers['content-encoding'] === 'gzip' ? gunzipSync(cuerpo) : cuerpo;
      const valor = JSON.parse(bytes.toString('utf8')) as { rips?: unknown };
      res.writeHead(valor.rips ? 200 : 400, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(respuesta.length),
      });
      res.end(respuesta);
    });
  });
  srv.listen(puerto, '127.0.0.1', () => process.send?.('listo'));
}

/** The floor server in its own process, as the real one runs. */
export async function iniciarPiso(): Promise<{ url: string; detener: () => Promise<void> }> {
  const puerto = await puertoLibre();
  const hijo: ChildProcess = fork(fileURLToPath(import.meta.url), [String(puerto)], {
    execArgv: ['--max-old-space-size=8192'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((listo, fallar) => {
    hijo.once('message', () => listo());
    hijo.once('exit', (c) => fallar(new Error(`el servidor piso terminó (${c})`)));
  });
  return {
    url: `http://127.0.0.1:${puerto}`,
    detener: async () => {
      hijo.kill('SIGTERM');
      await new Promise((r) => hijo.once('exit', r));
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  servirPiso(Number(process.argv[2]));
}
