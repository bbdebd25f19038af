import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, inject } from 'vitest';
import { crearOrm, migrar } from '../src/db/orm.js';
import { enServidor } from './db.js';

/**
 * A migrated private database and a temp folder for the calling suite. Imported catalogs are
 * global to a database, so suites that import them must not share the run's database.
 */
export function usarBdAislada(prefijoCarpeta: string) {
  const estado: { orm?: MikroORM; dir?: string; limpiar?: () => Promise<void> } = {};
  beforeAll(async () => {
    const aislada = await enServidor(inject('databaseUrl'));
    estado.limpiar = aislada.limpiar;
    estado.orm = await crearOrm({ url: aislada.url, timeoutConexionMs: 3000 });
    await migrar(estado.orm);
    estado.dir = await mkdtemp(path.join(os.tmpdir(), prefijoCarpeta));
  });
  afterAll(async () => {
    await estado.orm?.close(true);
    await estado.limpiar?.();
    if (estado.dir) await rm(estado.dir, { recursive: true, force: true });
  });
  return {
    orm: () => estado.orm!,
    em: () => estado.orm!.em.fork(),
    dir: () => estado.dir!,
  };
}
