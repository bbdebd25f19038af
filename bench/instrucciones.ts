import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Instructions per request (BENCH_INSTRUCCIONES=1 in bench:solicitudes): the service runs under
 * valgrind's callgrind with instrumentation off, warms up uninstrumented, and only the measured
 * requests are counted. Instruction counts do not move with what else the machine is doing (this
 * machine's req/s floor moves 2× between runs), so they compare two builds where req/s cannot.
 * Under valgrind the service runs 50–300× slower: what is counted is work, not time.
 */

/** The command and arguments that start `args` (node's) under callgrind, dumps into `dir`. */
export function bajoCallgrind(dir: string, nodeArgs: string[]): { comando: string; args: string[] } {
  return {
    comando: 'valgrind',
    args: [
      '--tool=callgrind',
      '--instr-atstart=no',
      // V8 writes and rewrites machine code at run time.
      '--smc-check=all-non-file',
      `--callgrind-out-file=${path.join(dir, 'callgrind.%p')}`,
      process.execPath,
      // Compilation and GC on the main thread: with V8's helper threads the counts moved about twice
      // as much between runs of the same build (valgrind runs one thread at a time anyway).
      '--single-threaded',
      ...nodeArgs,
    ],
  };
}

/**
 * valgrind names the shared-memory file callgrind_control talks through after the user and host in
 * the environment (LOGNAME or USER; HOST or HOSTNAME): the service gets only the variables the
 * benchmark sets, so it gets a user here, and callgrind_control runs with the service's own values.
 */
export const ENTORNO_VALGRIND = { LOGNAME: 'bench', USER: 'bench' };

function control(pid: number, entorno: Record<string, string>, ...args: string[]): void {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of ['LOGNAME', 'USER', 'HOST', 'HOSTNAME']) {
    if (entorno[k]) env[k] = entorno[k];
    else delete env[k];
  }
  const salida = execFileSync('callgrind_control', [...args, String(pid)], { env, encoding: 'utf8' });
  // callgrind_control exits 0 even when it reached nothing.
  if (/error|failed/i.test(salida)) throw new Error(`callgrind_control ${args.join(' ')}: ${salida}`);
}

/** Dumps already read (a later measurement must not read an earlier one's). */
const leidos = new Set<string>();

/** Counting on (from zero) for what `medir` does, then off; returns the instructions counted. */
export async function contarInstrucciones(
  dir: string,
  pid: number,
  nombre: string,
  /** The service's environment (what valgrind named its files after). */
  entorno: Record<string, string>,
  medir: () => Promise<void>,
): Promise<number> {
  control(pid, entorno, '-i', 'on');
  control(pid, entorno, '-z');
  await medir();
  control(pid, entorno, '-d', nombre);
  control(pid, entorno, '-i', 'off');
  // callgrind writes the dump after acknowledging the command: wait until a new one is complete.
  const limite = Date.now() + 120_000;
  for (;;) {
    for (const a of readdirSync(dir)) {
      if (!a.startsWith(`callgrind.${pid}`) || leidos.has(a)) continue;
      const texto = readFileSync(path.join(dir, a), 'utf8');
      // The dump of this request says so (a name may be the prefix of another's: the whole line).
      if (!texto.includes(`\ndesc: Trigger: dump ${nombre}\n`)) continue;
      const resumen = /^totals: (\d+)/m.exec(texto) ?? /^summary: (\d+)/m.exec(texto);
      if (!resumen) continue;
      leidos.add(a);
      return Number(resumen[1]);
    }
    if (Date.now() > limite) throw new Error(`callgrind no escribió el volcado de ${nombre}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
