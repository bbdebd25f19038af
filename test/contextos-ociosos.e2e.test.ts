import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { alsSobreMarcos } from '../src/db/contextos-ociosos.js';
import { asegurarCompilado } from './compilado.js';
import { type BaseDePrueba, enServidor } from './db.js';

const DIST = path.resolve('dist/src/db');

/**
 * A process that loads the compiled ORM (with or without `instalarContextosOciosos` first), runs a
 * transaction and a flush against PostgreSQL, and says which async id a promise callback sees
 * afterwards: 0 when promise hooks are off.
 */
const GUION = `
const { instalarContextosOciosos } = await import(${JSON.stringify(`${DIST}/contextos-ociosos.js`)});
const estado = process.env.INSTALAR === '1' ? instalarContextosOciosos() : null;
const { crearOrm } = await import(${JSON.stringify(`${DIST}/orm.js`)});
const { executionAsyncId } = await import('node:async_hooks');
const orm = await crearOrm({ url: process.env.DATABASE_URL, timeoutConexionMs: 5000 });
const em = orm.em.fork();
const uno = await em.transactional(async (t) => (await t.execute('select 1 as uno'))[0].uno);
await em.flush();
const [, total] = await em.getConnection().execute('select 1').then((r) => [r, r.length]);
await new Promise((r) => setImmediate(r));
const id = await Promise.resolve().then(() => executionAsyncId());
await orm.close();
console.log(JSON.stringify({ estado, uno, total, id }));
`;

async function correr(instalar: boolean, url: string) {
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', GUION], {
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: url, INSTALAR: instalar ? '1' : '0' },
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as {
    estado: { estado: string; almacenes?: number; motivo?: string } | null;
    uno: number;
    total: number;
    id: number;
  };
}

let bd: BaseDePrueba;

beforeAll(async () => {
  asegurarCompilado([`${DIST}/contextos-ociosos.js`, `${DIST}/orm.js`]);
  bd = await enServidor(inject('databaseUrl'));
}, 180_000);

afterAll(async () => {
  await bd?.limpiar();
});

describe('contextos de MikroORM apagados al quedar ociosos (issue 34)', () => {
  it('tras una transacción y un flush, los ganchos de promesas quedan apagados; sin instalar, no', async () => {
    const [con, sin] = await Promise.all([correr(true, bd.url), correr(false, bd.url)]);
    expect(con.uno).toBe(1);
    expect(con.total).toBe(1);
    if (alsSobreMarcos()) {
      // Node 24+: the ORM's stores never turned promise hooks on; nothing is wrapped.
      expect(con.estado).toEqual({ estado: 'sin-efecto', motivo: 'async-context-frame' });
      expect(sin.id).toBe(0);
    } else {
      // The four stores of @mikro-orm/core 6: request, transaction, flush and raw fragments.
      expect(con.estado).toEqual({ estado: 'instalado', almacenes: 4 });
      expect(sin.id).not.toBe(0);
    }
    expect(con.id).toBe(0);
  });
});
