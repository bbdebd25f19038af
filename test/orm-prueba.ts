import type { MikroORM } from '@mikro-orm/postgresql';
import { inject } from 'vitest';
import { crearOrm, migrar } from '../src/db/orm.js';
import type { Entidad } from '../src/entidades/entidad.entity.js';
import { ServicioEntidades } from '../src/entidades/servicio.js';
import { slugUnico } from './servidor.js';

/** An ORM on the suite's test database (DATABASE_URL, Testcontainers or embedded), migrated. */
export async function ormDePrueba(): Promise<MikroORM> {
  const orm = await crearOrm({ url: inject('databaseUrl'), timeoutConexionMs: 3000 });
  await migrar(orm);
  return orm;
}

/** A new entity of its own (a unique slug), so tests sharing the database never see each other's rows. */
export function entidadDePrueba(
  orm: MikroORM,
  prefijo: string,
  modulos: ('rips' | 'rda')[] = ['rips'],
): Promise<Entidad> {
  return new ServicioEntidades().crear(orm.em.fork(), {
    slug: slugUnico(prefijo),
    nombre: `Entidad ${prefijo}`,
    tipoEntidad: 'ips',
    modulos,
  });
}
