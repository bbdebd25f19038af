import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const CLAVE_BENCH = `rda_${'b'.repeat(43)}`;

export async function puertoLibre(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

/** The built server in its own process (so its memory is measured alone), on embedded PostgreSQL. */
export async function iniciarServidorHijo(env: Record<string, string> = {}) {
  const port = await puertoLibre();
  const pgPort = await puertoLibre();
  // BENCH_DATOS=<dir>: reuse a data folder kept by an earlier run (BENCH_CONSERVAR=1), e.g. a loaded million.
  const dataDir = process.env.BENCH_DATOS || mkdtempSync(path.join(os.tmpdir(), 'bench-motor-'));
  // BENCH_PERFIL=<dir>: the server writes a V8 CPU profile there when it stops.
  const perfil = process.env.BENCH_PERFIL ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PERFIL}`] : [];
  const banderas = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  // main.js, the production entry (`npm start`): it wraps MikroORM's context stores before loading it.
  const hijo: ChildProcess = spawn(process.execPath, [...banderas, ...perfil, 'dist/src/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      // The in-process MUV sandbox on a port the OS picks: two of these servers (a test and a benchmark) may run at once.
      MUV_SIM_PORT: '0',
      DEMO: 'true',
      DEMO_API_KEY: CLAVE_BENCH,
      LOG_LEVEL: 'warn',
      BODY_LIMIT: '400mb',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const limite = Date.now() + 60_000;
  for (;;) {
    try {
      const r = await fetch(`${url}/sesion`, { headers: { 'X-Api-Key': CLAVE_BENCH } });
      if (r.status === 200) break;
    } catch {}
    if (Date.now() > limite) throw new Error('el servidor no arrancó en 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  const pid = hijo.pid!;
  return {
    url,
    pid,
    /** Data folder (embedded PostgreSQL's `pg.json`) and its port, for benchmarks that load rows directly. */
    dataDir,
    pgPort,
    /** Resets the kernel's peak-RSS counter of the server (Linux clear_refs 5). */
    reiniciarPico: () => writeFileSync(`/proc/${pid}/clear_refs`, '5'),
    memoria: () => {
      const st = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(st)?.[1] ?? 0);
      return { rssMB: kb('VmRSS') / 1024, picoMB: kb('VmHWM') / 1024 };
    },
    /** CPU time (ms) the server's threads have used so far (summed over the schedstat of each of its tasks). */
    cpuMs: () => {
      let ns = 0;
      for (const t of readdirSync(`/proc/${pid}/task`)) {
        try {
          ns += Number(readFileSync(`/proc/${pid}/task/${t}/schedstat`, 'utf8').split(' ')[0]);
        } catch {}
      }
      return ns / 1e6;
    },
    detener: async () => {
      hijo.kill('SIGTERM');
      await new Promise((r) => hijo.once('exit', r));
    },
  };
}
