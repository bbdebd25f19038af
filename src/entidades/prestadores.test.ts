import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entidadDePrueba, ormDePrueba } from '../../test/orm-prueba.js';
import type { AvisosBd } from '../db/avisos.js';
import { PrestadoresPorEntidad } from './prestadores.js';

describe('PrestadoresPorEntidad', () => {
  let orm: MikroORM;
  let entidadId: string;
  beforeAll(async () => {
    orm = await ormDePrueba();
    entidadId = (await entidadDePrueba(orm, 'prestadores')).id;
    await orm.em
      .getConnection()
      .execute("update entidad set prestadores = array['110010123401'] where id = ?", [entidadId]);
  });
  afterAll(async () => {
    await orm?.close(true);
  });

  it('pide el EntityManager solo cuando la caché no responde (sin aviso nuevo: ninguno)', async () => {
    const avisos = { vigente: true, gen: 0, generacion: () => avisos.gen };
    const p = new PrestadoresPorEntidad(avisos as unknown as AvisosBd);
    let pedidos = 0;
    const fuente = () => {
      pedidos++;
      return orm.em.fork();
    };
    expect(await p.codigos(fuente, entidadId)).toEqual(['110010123401']);
    expect(pedidos).toBe(1);
    expect(await p.codigos(fuente, entidadId)).toEqual(['110010123401']);
    expect(pedidos).toBe(1);
    // A notice about `entidad`: read again.
    avisos.gen++;
    expect(await p.codigos(fuente, entidadId)).toEqual(['110010123401']);
    expect(pedidos).toBe(2);
    // Without LISTEN nothing is served from memory.
    avisos.vigente = false;
    await p.codigos(fuente, entidadId);
    await p.codigos(fuente, entidadId);
    expect(pedidos).toBe(4);
  });
});
