import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  asegurarCompilado,
  iniciarServidorCompilado,
  type Proceso,
  type ServidorCompilado,
  terminaEn,
} from './compilado.js';
import { puertoFueraDelRangoEfimero } from './db.js';
import { CLAVE_CREDENCIALES_PRUEBA } from './servidor.js';

/**
 * Issue 30: in development (no DATABASE_URL) the service starts an embedded PostgreSQL. After a
 * SIGKILL the cluster kept running; the next start joined it as if another process of ours owned
 * it, and never stopped it. The next start now stops the orphan and starts a cluster of its own.
 */
const SERVIDOR = 'dist/src/server.js';
const dir = mkdtempSync(path.join(os.tmpdir(), 'motor-huerfano-'));
// As root, PostgreSQL runs as «postgres», which must traverse to the data folder (mkdtemp gives 0700).
chmodSync(dir, 0o755);
const corridas: Proceso[] = [];

/** Where the cluster lives: <dir>/pg, or the folder pg.json names when it had to be placed elsewhere. */
function carpetaCluster(): string {
  const info = JSON.parse(readFileSync(path.join(dir, 'pg.json'), 'utf8')) as { pgDir?: string };
  return info.pgDir ?? path.join(dir, 'pg');
}

function pidPostmaster(): number | undefined {
  const archivo = path.join(carpetaCluster(), 'postmaster.pid');
  return existsSync(archivo) ? Number(readFileSync(archivo, 'utf8').split('\n')[0]) : undefined;
}

function vivo(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Processes whose command line names the cluster folder (the postmaster: `postgres -D <carpeta>`). */
function procesosDelCluster(carpeta: string): number[] {
  const pids: number[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8').split('\0');
      if (cmd.includes(carpeta) && vivo(Number(d))) pids.push(Number(d));
    } catch {}
  }
  return pids;
}

async function hasta(cond: () => boolean | Promise<boolean>, ms: number, que: string, c?: Proceso) {
  for (const limite = Date.now() + ms; ; ) {
    if (await cond()) return;
    if (Date.now() > limite || c?.proceso.exitCode != null)
      throw new Error(`no llegó a tiempo: ${que}\n${c ? c.salida() + c.errores() : ''}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The compiled server on port 0 with the embedded cluster of `dir`; ready once the database answers. */
async function arrancar(): Promise<ServidorCompilado> {
  const c = await iniciarServidorCompilado(
    {
      NODE_ENV: 'development',
      DATA_DIR: dir,
      // PostgreSQL cannot listen on port 0: a port no listener on port 0 of the suite can take.
      EMBEDDED_PG_PORT: String(await puertoFueraDelRangoEfimero()),
      PORT: '0',
      HOST: '127.0.0.1',
      MUV_SIMULADOR: 'false',
      IHCE_SIMULADOR: 'false',
      DEMO: 'false',
      CREDENTIALS_KEY: CLAVE_CREDENCIALES_PRUEBA,
      LOG_LEVEL: 'info',
    },
    {
      // The database guard opens once the cluster is up and migrated: then an unknown key is a 401.
      listo: async (url) => (await fetch(`${url}/sesion`)).status === 401,
      limiteMs: 150_000,
    },
  );
  corridas.push(c);
  return c;
}

afterAll(async () => {
  for (const c of corridas)
    if (c.proceso.exitCode === null && c.proceso.signalCode === null) c.proceso.kill('SIGKILL');
  // Whatever happened, leave no cluster behind (before the fix, the orphan survived the test).
  if (existsSync(path.join(dir, 'pg.json')))
    for (const pid of procesosDelCluster(carpetaCluster())) process.kill(pid, 'SIGQUIT');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dir, { recursive: true, force: true });
});

describe('PostgreSQL embebido tras un SIGKILL', () => {
  it('el siguiente arranque detiene el clúster huérfano, arranca uno propio y lo detiene al apagarse', async () => {
    asegurarCompilado([SERVIDOR]);
    const primera = await arrancar();
    const huerfano = pidPostmaster()!;
    expect(huerfano).toBeGreaterThan(0);
    expect(vivo(huerfano)).toBe(true);

    primera.proceso.kill('SIGKILL');
    await primera.fin;
    // What the issue saw: the cluster outlives its owner.
    expect(vivo(huerfano)).toBe(true);

    const segunda = await arrancar();
    expect(segunda.errores()).toMatch(
      new RegExp(
        `el clúster de .* \\(postmaster ${huerfano}\\) seguía en marcha, pero el proceso que lo arrancó \\(${primera.proceso.pid}\\) ya no existe`,
      ),
    );
    expect(segunda.errores()).toContain(`el clúster huérfano (postmaster ${huerfano}) se detuvo`);
    expect(vivo(huerfano)).toBe(false);
    const propio = pidPostmaster()!;
    expect(propio).not.toBe(huerfano);
    expect(readFileSync(`/proc/${propio}/stat`, 'utf8')).toMatch(
      new RegExp(`^${propio} \\(postgres\\) \\S+ ${segunda.proceso.pid} `),
    );
    // The log says it owns the cluster (not joined).
    expect(segunda.salida()).toMatch(/"compartido":false[^\n]*"msg":"PostgreSQL embebido en marcha"/);

    segunda.proceso.kill('SIGTERM');
    expect(await terminaEn(segunda, 60_000)).toBe(0);
    await hasta(() => !vivo(propio), 10_000, 'el postmaster propio se detiene');
    expect(procesosDelCluster(carpetaCluster())).toEqual([]);
    expect(existsSync(path.join(dir, 'pg.dueno.json'))).toBe(false);
  }, 300_000);
});
