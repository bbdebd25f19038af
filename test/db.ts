import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { iniciarPostgresEmbebido } from '../src/db/embedded.js';

export interface BaseDePrueba {
  url: string;
  origen: 'url' | 'testcontainers' | 'embedded';
  limpiar: () => Promise<void>;
}

/** First port of the range the OS hands out for port 0 and outgoing connections (Linux; else 32768). */
function inicioRangoEfimero(): number {
  try {
    const inicio = Number(
      readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0],
    );
    return Number.isInteger(inicio) && inicio > 2048 ? inicio : 32_768;
  } catch {
    return 32_768;
  }
}

/**
 * Only for what cannot take port 0: an embedded PostgreSQL (no port 0 there), and an address that must
 * refuse connections now and be listened on later. A port below the ephemeral range, free on 127.0.0.1
 * when checked: a listener on port 0 or an outgoing connection (a sandbox, a child server, a client)
 * never gets such a port, so nothing else of the suite takes it before it is used. A server or a
 * simulator of a test binds port 0 and reads its port back instead.
 */
export async function puertoFueraDelRangoEfimero(): Promise<number> {
  const hasta = inicioRangoEfimero();
  const desde = Math.max(1025, hasta - 12_000);
  for (let intento = 0; intento < 50; intento++) {
    const port = desde + Math.floor(Math.random() * (hasta - desde));
    const srv = net.createServer();
    const libre = await new Promise<boolean>((ok) => {
      srv.once('error', () => ok(false));
      srv.listen(port, '127.0.0.1', () => ok(true));
    });
    if (libre) {
      await new Promise((r) => srv.close(r));
      return port;
    }
  }
  throw new Error(`ningún puerto libre entre ${desde} y ${hasta} tras 50 intentos`);
}

/** A Docker engine that actually answers `/_ping` (the client binary alone proves nothing). */
async function dockerResponde(): Promise<boolean> {
  const host = process.env.DOCKER_HOST;
  const opciones: http.RequestOptions = { path: '/_ping', timeout: 500 };
  if (host?.startsWith('tcp://')) {
    const u = new URL(host.replace('tcp://', 'http://'));
    opciones.host = u.hostname;
    opciones.port = u.port;
  } else {
    opciones.socketPath = host?.startsWith('unix://') ? host.slice(7) : '/var/run/docker.sock';
  }
  return new Promise((resolve) => {
    const req = http.get(opciones, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => {
      req.destroy();
      resolve(false);
    });
  });
}

/** A fresh database on the server of `urlBase`, dropped afterwards (also for tests that need isolation). */
export async function enServidor(urlBase: string): Promise<BaseDePrueba> {
  const nombre = `prueba_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: urlBase });
  await admin.connect();
  await admin.query(`create database ${nombre}`);
  await admin.end();
  const url = new URL(urlBase);
  url.pathname = `/${nombre}`;
  return {
    url: url.toString(),
    origen: 'url',
    limpiar: async () => {
      const c = new pg.Client({ connectionString: urlBase });
      await c.connect();
      await c.query(`drop database if exists ${nombre} with (force)`);
      await c.end();
    },
  };
}

async function conTestcontainers(): Promise<BaseDePrueba | undefined> {
  try {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const c = await new PostgreSqlContainer('postgres:18-alpine').start();
    return {
      url: c.getConnectionUri(),
      origen: 'testcontainers',
      limpiar: async () => void (await c.stop()),
    };
  } catch {
    return undefined; // an engine without registry access fails at pull: fall through
  }
}

/** Clusters left behind by a killed run (their postmaster is gone). */
async function barrerRestos(): Promise<void> {
  const tmp = os.tmpdir();
  for (const d of await readdir(tmp).catch(() => [] as string[])) {
    if (!d.startsWith('epg-')) continue;
    const dir = path.join(tmp, d);
    // A young folder may be a cluster another test run is still initialising (no postmaster.pid yet).
    const edad = Date.now() - ((await stat(dir).catch(() => undefined))?.mtimeMs ?? Date.now());
    if (edad < 60 * 60 * 1000) continue;
    try {
      const pid = Number((await readFile(path.join(dir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
      process.kill(pid, 0);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EPERM') await rm(dir, { recursive: true, force: true });
    }
  }
}

/** A throwaway embedded cluster in a temp folder (also used by tests that stop the database). */
export async function embebidoTemporal(persistente = false) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'epg-'));
  await chmod(dir, 0o755);
  // Outside the ephemeral range: still free when `reanudar` starts the cluster again on it.
  const port = await puertoFueraDelRangoEfimero();
  const arrancarPg = () => iniciarPostgresEmbebido({ dir, port, database: 'prueba', persistente });
  let pgEmb = await arrancarPg();
  return {
    url: pgEmb.url,
    dir,
    port,
    detener: () => pgEmb.detener(),
    /** Only for persistent clusters: starts the same cluster again after `detener`. */
    reanudar: async () => {
      pgEmb = await arrancarPg();
    },
    limpiar: async () => {
      await pgEmb.detener();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Harness order: DATABASE_URL, else Testcontainers when a Docker engine answers, else
 * embedded PostgreSQL. TEST_DB=url|testcontainers|embedded forces one.
 */
export async function prepararBaseDePrueba(): Promise<BaseDePrueba> {
  const forzado = process.env.TEST_DB;
  if (forzado === 'url' || (!forzado && process.env.DATABASE_URL)) {
    if (!process.env.DATABASE_URL) throw new Error('TEST_DB=url requiere DATABASE_URL');
    return enServidor(process.env.DATABASE_URL);
  }
  if (forzado === 'testcontainers' || (!forzado && (await dockerResponde()))) {
    const tc = await conTestcontainers();
    if (tc) return tc;
    if (forzado) throw new Error('Testcontainers no pudo arrancar PostgreSQL');
  }
  await barrerRestos();
  const e = await embebidoTemporal();
  return { url: e.url, origen: 'embedded', limpiar: e.limpiar };
}
