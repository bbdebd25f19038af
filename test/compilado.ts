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

/** The JSON lines of a child's log (anything else it printed, like the demo banner, is skipped). */
export function lineasDelRegistro(texto: string): Record<string, any>[] {
  const lineas: Record<string, any>[] = [];
  for (const linea of texto.split('\n')) {
    if (!linea.startsWith('{')) continue;
    try {
      lineas.push(JSON.parse(linea));
    } catch {}
  }
  return lineas;
}

/** The port the service reports in its `servicio escuchando` line (the one the OS gave it for PORT=0). */
export function puertoDelRegistro(texto: string): number | undefined {
  const l = lineasDelRegistro(texto).find((x) => x.msg === 'servicio escuchando');
  return typeof l?.port === 'number' ? l.port : undefined;
}

export interface ServidorCompilado extends Proceso {
  /** http://127.0.0.1:<port the service logged>. */
  url: string;
  puerto: number;
  /** The JSON log lines written so far. */
  lineas: () => Record<string, any>[];
}

/**
 * The compiled server started as an operator does, on ports the OS picks: PORT=0 and MUV_SIM_PORT=0
 * unless `env` says otherwise, and the real port read back from its `servicio escuchando` line, so no
 * other listener can take it between choosing and listening. Resolves once `listo(url)` holds (a
 * readiness the test defines: /ready 200, the database guard open…); throws with the child's output
 * when the child exits or `limiteMs` passes first. LOG_LEVEL must let `info` through (the default).
 */
export async function iniciarServidorCompilado(
  env: Record<string, string>,
  o: { archivo?: string; listo?: (url: string) => Promise<boolean>; limiteMs?: number } = {},
): Promise<ServidorCompilado> {
  const c = lanzar(o.archivo ?? 'dist/src/server.js', {
    PORT: '0',
    HOST: '127.0.0.1',
    MUV_SIM_PORT: '0',
    LOG_LEVEL: 'info',
    ...env,
  });
  const listo = o.listo ?? (async () => true);
  const limite = Date.now() + (o.limiteMs ?? 60_000);
  let puerto: number | undefined;
  for (;;) {
    puerto ??= puertoDelRegistro(c.salida());
    const url = puerto === undefined ? undefined : `http://127.0.0.1:${puerto}`;
    if (url && (await listo(url).catch(() => false))) {
      return { ...c, url, puerto: puerto!, lineas: () => lineasDelRegistro(c.salida()) };
    }
    if (c.proceso.exitCode !== null || c.proceso.signalCode !== null || Date.now() > limite) {
      if (c.proceso.exitCode === null) c.proceso.kill('SIGKILL');
      throw new Error(
        `el servidor compilado no quedó listo (${url ?? 'sin «servicio escuchando»'}):\n${c.salida()}\n${c.errores()}`,
      );
    }
    await new Promise((ok) => setTimeout(ok, 100));
  }
}
