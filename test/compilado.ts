import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { crearOrm } from '../src/db/orm.js';
import { ServicioEntidades } from '../src/entidades/servicio.js';
import { slugUnico } from './servidor.js';

/**
 * The compiled service as an operator runs it, for tests that need a real process: signals, exit
 * codes, stderr, tracing loaded before the modules it instruments.
 */

/** Newest modification time under a folder (the sources the compiled output comes from). */
function masReciente(dir: string): number {
  let max = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    max = Math.max(max, e.isDirectory() ? masReciente(p) : statSync(p).mtimeMs);
  }
  return max;
}

/** Rebuilds dist/ when a source is newer than any of `archivos` (`npm test` has built it already). */
export function asegurarCompilado(archivos: string[]): void {
  const compilado = Math.min(...archivos.map((a) => (existsSync(a) ? statSync(a).mtimeMs : 0)));
  if (Math.max(masReciente('src'), masReciente('rest-adapter')) > compilado) {
    // Type errors elsewhere still emit JavaScript; only a missing output is fatal.
    spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'ignore' });
  }
  expect(archivos.every(existsSync), 'npm run build no produjo dist/').toBe(true);
}

export interface Proceso {
  proceso: ChildProcess;
  salida: () => string;
  errores: () => string;
  fin: Promise<number | null>;
}

/** Only what the test sets: nothing leaks in from the environment running the tests (DATABASE_URL…). */
export function lanzar(archivo: string, env: Record<string, string>, args: string[] = []): Proceso {
  const proceso = spawn(process.execPath, [archivo, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let salida = '';
  let errores = '';
  proceso.stdout!.on('data', (d) => {
    salida += d;
  });
  proceso.stderr!.on('data', (d) => {
    errores += d;
  });
  const fin = new Promise<number | null>((ok) => proceso.on('exit', (codigo) => ok(codigo)));
  return { proceso, salida: () => salida, errores: () => errores, fin };
}

/** The exit code, or 'sigue' when the process is still running after `ms`. */
export async function terminaEn(c: Proceso, ms: number): Promise<number | null | 'sigue'> {
  let reloj: NodeJS.Timeout | undefined;
  const limite = new Promise<'sigue'>((ok) => {
    reloj = setTimeout(() => ok('sigue'), ms);
  });
  try {
    return await Promise.race([c.fin, limite]);
  } finally {
    clearTimeout(reloj);
  }
}

/** An entity with an API key, written straight into the database a compiled server uses (and migrated). */
export async function entidadConClave(url: string, base: string): Promise<string> {
  const orm = await crearOrm({ url, timeoutConexionMs: 3000 });
  try {
    const em = orm.em.fork();
    const servicio = new ServicioEntidades();
    const entidad = await servicio.crear(em, {
      slug: slugUnico(base),
      nombre: `Entidad ${base}`,
      tipoEntidad: 'ips',
      modulos: ['rips', 'rda'],
    });
    return (await servicio.emitirApiKey(em, entidad, 'prueba')).clave;
  } finally {
    await orm.close(true);
  }
}
