import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entidadDePrueba, ormDePrueba } from '../../test/orm-prueba.js';
import { Radicacion } from '../rips/radicacion/radicacion.entity.js';
import { contarFilas, filas } from './filas.js';

describe('filas: lecturas de lista en SQL, mapeadas como em.find', () => {
  let orm: MikroORM;
  let entidadId: string;
  beforeAll(async () => {
    orm = await ormDePrueba();
    entidadId = (await entidadDePrueba(orm, 'filas')).id;
    const em = orm.em.fork();
    for (let i = 0; i < 3; i++)
      em.create(Radicacion, {
        entidad: entidadId,
        numDocumentoIdObligado: '900123456',
        numFactura: `FE${i}`,
        operacion: 'CargarFevRips',
        estado: i === 0 ? 'radicado' : 'rechazado',
        nErrores: i,
        errores: [],
        respuestaMuv: { resultState: i === 0 },
        createdAt: new Date(Date.UTC(2026, 10, 1, 0, i)),
      } as never);
    await em.flush();
  });
  afterAll(async () => {
    await orm?.close(true);
  });

  it('da las mismas entidades gestionadas que em.find, sin las propiedades perezosas', async () => {
    const orden = { createdAt: 'desc', id: 'desc' } as const;
    const esperado = await orm.em.fork().find(Radicacion, { entidad: entidadId }, { orderBy: orden });
    const em = orm.em.fork();
    const leidas = await filas(em, Radicacion, {
      donde: ['"r0"."entidad_id" = ?'],
      params: [entidadId],
      orden: '"r0"."created_at" desc, "r0"."id" desc',
      limite: 10,
    });
    expect(leidas.map((r) => r.numFactura)).toEqual(['FE2', 'FE1', 'FE0']);
    expect(leidas.map((r) => JSON.stringify(r))).toEqual(esperado.map((r) => JSON.stringify(r)));
    for (const r of leidas) {
      expect(r).toBeInstanceOf(Radicacion);
      expect(em.getUnitOfWork().getById(Radicacion.name, r.id)).toBe(r);
      expect(r.createdAt).toBeInstanceOf(Date);
      expect(r.entidad.id).toBe(entidadId);
      // The large JSON is lazy, as with em.find: not read for a list.
      expect(r.respuestaMuv).toBeUndefined();
    }
    // Unchanged entities: nothing to write on flush.
    em.getUnitOfWork().computeChangeSets();
    expect(em.getUnitOfWork().getChangeSets()).toHaveLength(0);
  });

  it('condiciones y límite con parámetros (nunca texto del usuario dentro del SQL)', async () => {
    const em = orm.em.fork();
    const leidas = await filas(em, Radicacion, {
      donde: ['"r0"."entidad_id" = ?', '"r0"."estado" = ?'],
      params: [entidadId, "rechazado' or 1=1 --"],
      orden: '"r0"."created_at" desc',
      limite: 10,
    });
    expect(leidas).toEqual([]);
    const rechazadas = await filas(em, Radicacion, {
      donde: ['"r0"."entidad_id" = ?', '"r0"."estado" = ?'],
      params: [entidadId, 'rechazado'],
      orden: '"r0"."created_at" desc',
      limite: 1,
    });
    expect(rechazadas.map((r) => r.numFactura)).toEqual(['FE2']);
  });

  it('contarFilas cuenta con las mismas condiciones, como em.count', async () => {
    const em = orm.em.fork();
    const condiciones = {
      donde: ['"r0"."entidad_id" = ?', '"r0"."estado" = ?'],
      params: [entidadId, 'rechazado'],
    };
    expect(await contarFilas(em, Radicacion, condiciones)).toBe(2);
    expect(await contarFilas(em, Radicacion, condiciones)).toBe(
      await em.count(Radicacion, { entidad: entidadId, estado: 'rechazado' }),
    );
    expect(await contarFilas(em, Radicacion, { donde: ['"r0"."entidad_id" = ?'], params: [entidadId] })).toBe(
      3,
    );
  });
});
