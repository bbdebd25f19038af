import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { slugUnico } from '../../test/servidor.js';
import { ServicioEntidades } from '../entidades/servicio.js';
import { Migration20261201200000_pagador_entidades } from './migrations/Migration20261201200000_pagador_entidades.js';
import { crearOrm, migrar } from './orm.js';

describe('migración de los nombres de pagador guardados con entidades XML', () => {
  let orm: MikroORM;
  beforeAll(async () => {
    orm = await crearOrm({ url: inject('databaseUrl'), timeoutConexionMs: 3000 });
    await migrar(orm);
  });
  afterAll(async () => {
    await orm?.close(true);
  });

  it('decodifica una vez las cinco entidades y las referencias numéricas; lo demás queda igual', async () => {
    const entidad = await new ServicioEntidades().crear(orm.em.fork(), {
      slug: slugUnico('pagador-entidades'),
      nombre: 'Entidad pagador entidades',
      tipoEntidad: 'ips',
      modulos: ['rips'],
    });
    const casos: [nit: string, antes: string, despues: string][] = [
      ['800000001', 'A&amp;B S.A.S.', 'A&B S.A.S.'],
      ['800000002', '&quot;Salud&quot; &lt;Total&gt; D&apos;Ávila', '"Salud" <Total> D\'Ávila'],
      // One pass: an escaped reference stays a reference, as the XML reader leaves it.
      ['800000003', 'Uno &amp;lt;dos&amp;gt;', 'Uno &lt;dos&gt;'],
      ['800000004', 'Cl&#237;nica &#xD1;&#241;', 'Clínica Ññ'],
      ['800000005', 'EPS Ficticia', 'EPS Ficticia'],
      ['800000006', 'Cortado &am', 'Cortado &am'],
    ];
    const conexion = orm.em.getConnection();
    for (const [nit, antes] of casos)
      await conexion.execute(
        'insert into pagador (entidad_id, nit, nombre, actualizado_en) values (?, ?, ?, now())',
        [entidad.id, nit, antes],
      );
    await new Migration20261201200000_pagador_entidades(orm.em.getDriver(), orm.config).up();
    const filas = (await conexion.execute(
      'select nit, nombre from pagador where entidad_id = ? order by nit',
      [entidad.id],
    )) as { nit: string; nombre: string }[];
    expect(filas.map((f) => f.nombre)).toEqual(casos.map(([, , despues]) => despues));
  });
});
