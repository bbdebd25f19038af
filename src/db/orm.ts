import { Migrator } from '@mikro-orm/migrations';
import { MikroORM, type Options } from '@mikro-orm/postgresql';
import { ENTIDADES_ORM } from './entidades.js';
import { MIGRACIONES } from './migrations/index.js';

export interface OpcionesOrm {
  url: string;
  timeoutConexionMs: number;
  poolMax?: number;
  /** Receives MikroORM's own messages (migrator progress). */
  log?: (mensaje: string) => void;
}

const silencio = () => {};

export function opcionesOrm(o: OpcionesOrm): Options {
  return {
    clientUrl: o.url,
    entities: ENTIDADES_ORM,
    extensions: [Migrator],
    connect: false,
    debug: false,
    logger: o.log ?? (() => {}),
    allowGlobalContext: false,
    forceUtcTimezone: true,
    discovery: { disableDynamicFileAccess: true },
    migrations: {
      migrationsList: MIGRACIONES,
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
    },
    pool: { min: 0, max: o.poolMax ?? 10, acquireTimeoutMillis: o.timeoutConexionMs * 2 },
    driverOptions: {
      connection: { connectionTimeoutMillis: o.timeoutConexionMs },
      // knex warns on console about dropped connections; the database monitor already reports them.
      log: { warn: silencio, error: silencio, deprecate: silencio, debug: silencio },
    },
  };
}

export function crearOrm(o: OpcionesOrm): Promise<MikroORM> {
  return MikroORM.init(opcionesOrm(o));
}

/**
 * Applies pending migrations under an advisory lock, so several instances
 * starting together migrate once.
 */
export async function migrar(orm: MikroORM): Promise<string[]> {
  const knex = orm.em.getConnection().getKnex();
  return knex.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [7_104_511]);
    const migrator = orm.getMigrator();
    const hechas = await migrator.up({ transaction: trx } as never);
    return hechas.map((m) => m.name);
  });
}
