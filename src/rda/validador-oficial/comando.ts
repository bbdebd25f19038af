import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ErrorApp } from '../../errores/errores.js';
import type { ConfigValidadorHl7 } from './config.js';

type ConfigComando = Extract<ConfigValidadorHl7, { modo: 'comando' }>;

/** Processes still running, so a shutdown can end them (the validator is never left behind). */
const vivos = new Set<() => void>();

export function terminarProcesos(): void {
  for (const matar of vivos) matar();
}

let alSalir = false;

export function argumentos(c: ConfigComando, perfil: string, entrada: string, salida: string): string[] {
  return [
    ...c.opcionesJava,
    '-jar',
    c.jar,
    entrada,
    '-version',
    '4.0.1',
    ...c.paquetes.flatMap((p) => ['-ig', p]),
    '-tx',
    c.tx,
    '-profile',
    perfil,
    '-output',
    salida,
  ];
}

const falla = (mensaje: string) => new ErrorApp('upstream-no-disponible', mensaje);

/**
 * Runs validator_cli on the bundle written to a private temp folder and reads the
 * OperationOutcome it writes with `-output`. The folder is removed whatever happens; on timeout
 * the whole process group is killed. Nothing the process prints is kept: it may echo content.
 */
export async function validarConComando(c: ConfigComando, bundle: unknown, perfil: string): Promise<unknown> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rda-validador-'));
  try {
    const entrada = path.join(dir, 'bundle.json');
    const salida = path.join(dir, 'resultado.json');
    await writeFile(entrada, JSON.stringify(bundle), { mode: 0o600 });
    const codigo = await correr(c, argumentos(c, perfil, entrada, salida), dir);
    let texto: string;
    try {
      texto = await readFile(salida, 'utf8');
    } catch {
      throw falla(
        `El validador oficial terminó (código ${codigo}) sin producir un resultado. Revise su configuración.`,
      );
    }
    try {
      return JSON.parse(texto);
    } catch {
      throw falla('El validador oficial produjo un resultado que no es JSON.');
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function correr(c: ConfigComando, args: string[], cwd: string): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const hijo = spawn(c.java, args, { cwd, stdio: 'ignore', detached: true });
    if (!alSalir) {
      // Even when the service exits without a clean shutdown, no validator is left behind.
      process.once('exit', terminarProcesos);
      alSalir = true;
    }
    let terminado = false;
    const matar = () => {
      if (terminado || hijo.pid === undefined) return;
      try {
        process.kill(-hijo.pid, 'SIGKILL');
      } catch {
        hijo.kill('SIGKILL');
      }
    };
    vivos.add(matar);
    const reloj = setTimeout(() => {
      matar();
      fin(() =>
        reject(
          falla(
            `El validador oficial no terminó en ${Math.round(c.timeoutMs / 1000)} s; se detuvo. Reintente más tarde.`,
          ),
        ),
      );
    }, c.timeoutMs);
    const fin = (f: () => void) => {
      if (terminado) return;
      terminado = true;
      clearTimeout(reloj);
      vivos.delete(matar);
      f();
    };
    hijo.on('error', (e: NodeJS.ErrnoException) =>
      fin(() =>
        reject(
          falla(
            e.code === 'ENOENT'
              ? `No se encontró el ejecutable del validador («${path.basename(c.java)}»). Revise RDA_VALIDADOR_JAVA.`
              : 'No se pudo iniciar el validador oficial.',
          ),
        ),
      ),
    );
    hijo.on('exit', (codigo) => fin(() => resolve(codigo)));
  });
}
