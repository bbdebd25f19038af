import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { crearOrm, migrar } from '../db/orm.js';
import { ErrorApp } from '../errores/errores.js';
import { aRespuesta } from '../errores/http.js';
import { ServicioCredenciales, validarCredenciales } from './credenciales.js';
import { ServicioEntidades } from './servicio.js';

describe('credenciales del Ministerio', () => {
  let orm: MikroORM;
  const servicio = new ServicioCredenciales(Buffer.alloc(32, 3));
  beforeAll(async () => {
    orm = await crearOrm({ url: inject('databaseUrl'), timeoutConexionMs: 3000 });
    await migrar(orm);
  });
  afterAll(async () => {
    await orm?.close(true);
  });

  it('lista todos los campos que faltan, en español', () => {
    try {
      validarCredenciales('ihce', { clientId: 'x', clientSecret: '' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ErrorApp);
      expect((e as ErrorApp).extras.detalles?.map((d) => d.campo)).toEqual([
        'clientSecret',
        'tenantId',
        'scope',
        'subscriptionKey',
      ]);
    }
    expect(() =>
      validarCredenciales('muv', {
        tipoDocumento: 'CC',
        numeroDocumento: '1',
        clave: 'c',
        nit: '9',
        tipoUsuario: 'XX',
      }),
    ).toThrow(/incompletas/);
  });

  it('se guardan cifradas, se leen para el cliente y faltantes dan 503', async () => {
    const em = orm.em.fork();
    const entidad = await new ServicioEntidades().crear(em, {
      slug: `cred-${Date.now()}`,
      nombre: 'Cred',
      tipoEntidad: 'ips',
      modulos: ['rips'],
    });
    await expect(servicio.leer(em, entidad, 'muv')).rejects.toSatisfy(
      (e) => aRespuesta(e).status === 503 && aRespuesta(e).body.codigo === 'credenciales-no-configuradas',
    );
    const datos = {
      tipoDocumento: 'CC',
      numeroDocumento: '80123456',
      clave: 'Sup3rS3cr3ta!',
      nit: '900123456',
      tipoUsuario: 'RE',
    };
    await servicio.guardar(em, entidad, 'muv', datos);
    const [fila] = await em
      .getConnection()
      .execute('select cifrado from credencial_ministerio where entidad_id = ?', [entidad.id]);
    expect(fila.cifrado).not.toContain('Sup3rS3cr3ta');
    expect(fila.cifrado).not.toContain('80123456');
    expect(await servicio.leer(orm.em.fork(), entidad, 'muv')).toEqual(datos);
    expect((await servicio.estado(em, entidad, 'muv')).configuradas).toBe(true);
    expect((await servicio.estado(em, entidad, 'ihce')).configuradas).toBe(false);
  });
});
