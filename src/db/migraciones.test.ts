import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { crearOrm, migrar } from './orm.js';

describe('migraciones', () => {
  let orm: MikroORM;
  beforeAll(async () => {
    orm = await crearOrm({ url: inject('databaseUrl'), timeoutConexionMs: 3000 });
    await migrar(orm);
  });
  afterAll(async () => {
    await orm?.close(true);
  });

  it('las migraciones confirmadas producen exactamente el esquema de las entidades', async () => {
    const pendiente = await orm.schema.getUpdateSchemaSQL({ wrap: false, safe: false, dropTables: false });
    expect(pendiente.trim()).toBe('');
  });

  it('aplicarlas otra vez no hace nada (también con varias instancias a la vez)', async () => {
    const [a, b] = await Promise.all([migrar(orm), migrar(orm)]);
    expect([...a, ...b]).toEqual([]);
  });
});
