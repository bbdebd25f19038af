import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { errores } from '../errores/errores.js';

/**
 * Secrets never come from argv (it lands in shell history and `ps`): they come from an
 * environment variable or, on request, from stdin, one per line.
 */
export interface Secreto {
  /** Field name in the credentials. */
  campo: string;
  /** Environment variable read when stdin is not requested. */
  variable: string;
  /** Prompt shown when stdin is a terminal. */
  indicacion: string;
}

export type LeerLineas = (cantidad: number, indicaciones: string[]) => Promise<string[]>;

export async function obtenerSecretos(
  secretos: Secreto[],
  desdeStdin: boolean,
  env: Record<string, string | undefined>,
  leerLineas: LeerLineas,
): Promise<Record<string, string | undefined>> {
  const valores: Record<string, string | undefined> = {};
  if (desdeStdin) {
    const lineas = await leerLineas(
      secretos.length,
      secretos.map((s) => s.indicacion),
    );
    secretos.forEach((s, i) => {
      valores[s.campo] = lineas[i] || undefined;
    });
  } else {
    for (const s of secretos) valores[s.campo] = env[s.variable] || undefined;
  }
  return valores;
}

/** A sink for readline's echo, so typed secrets do not show on the terminal. */
function sinEco(): Writable {
  return new Writable({
    write(_trozo, _codificacion, listo) {
      listo();
    },
  });
}

/**
 * Reads up to `cantidad` lines from stdin. On a terminal it prompts on stderr and does not echo;
 * from a pipe it reads silently and stops at the end of input (missing lines come back missing).
 */
export function leerLineasStdin(
  cantidad: number,
  indicaciones: string[],
  entrada: NodeJS.ReadStream = process.stdin,
  avisos: NodeJS.WritableStream = process.stderr,
): Promise<string[]> {
  const terminal = !!entrada.isTTY;
  const rl = createInterface({ input: entrada, output: terminal ? sinEco() : undefined, terminal });
  const lineas: string[] = [];
  return new Promise((resolve, reject) => {
    let cancelado = false;
    const preguntar = () => {
      if (terminal) avisos.write(`${indicaciones[lineas.length] ?? 'Valor'} (no se mostrará): `);
    };
    rl.on('line', (linea) => {
      lineas.push(linea);
      if (terminal) avisos.write('\n');
      if (lineas.length >= cantidad) rl.close();
      else preguntar();
    });
    rl.on('SIGINT', () => {
      avisos.write('\n');
      cancelado = true;
      rl.close();
    });
    rl.on('close', () => {
      // Let the process end: a paused stdin would otherwise keep the event loop alive.
      if (entrada === process.stdin) entrada.destroy();
      if (cancelado) reject(errores.entradaInvalida('Lectura de secretos cancelada.'));
      else resolve(lineas);
    });
    preguntar();
  });
}
