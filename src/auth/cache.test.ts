import 'reflect-metadata';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AvisosBd } from '../db/avisos.js';
import { crearOrm } from '../db/orm.js';
import { Entidad } from '../entidades/entidad.entity.js';
import { CacheAutenticacion, type DatosApiKey } from './cache.js';

// No database: em.map only hydrates, and the loaders are replaced.
let orm: MikroORM;
beforeAll(async () => {
  orm = await crearOrm({ url: 'postgres://nadie@127.0.0.1:1/nada', timeoutConexionMs: 100 });
});
afterAll(async () => {
  await orm?.close(true);
});

const fila = (id: string) => ({
  id,
  slug: `slug-${id}`,
  nombre: `Entidad ${id}`,
  tipo_entidad: 'ips',
  modulos: ['rips', 'rda'],
  obligados: ['900123456'],
  prestadores: ['110010000101'],
  created_at: new Date('2026-11-01T10:00:00Z'),
});
const datos = (id: string, revocada = false): DatosApiKey => ({
  apiKeyId: `k-${id}`,
  prefijo: 'rda_abc',
  revocada,
  entidad: fila(id),
});

function preparar(maximo?: number) {
  const gen = { api_key: 0, entidad: 0 } as Record<string, number>;
  const avisos = { vigente: true, generacion: (t: string) => gen[t] ?? 0 };
  const cache = new CacheAutenticacion(avisos as unknown as AvisosBd, { maximo });
  const cargar = vi.fn(async (_em: unknown, hash: string) =>
    hash.startsWith('x') ? undefined : datos(hash),
  );
  cache.cargarApiKey = cargar as never;
  return { gen, avisos, cache, cargar, em: () => orm.em.fork() };
}

describe('CacheAutenticacion', () => {
  it('sirve de la caché mientras la generación no cambia; un aviso de api_key o entidad la invalida', async () => {
    const { gen, cache, cargar, em } = preparar();
    await cache.apiKey(em(), 'a');
    await cache.apiKey(em(), 'a');
    expect(cargar).toHaveBeenCalledTimes(1);
    gen.api_key!++;
    await cache.apiKey(em(), 'a');
    await cache.apiKey(em(), 'a');
    expect(cargar).toHaveBeenCalledTimes(2);
    gen.entidad!++;
    await cache.apiKey(em(), 'a');
    expect(cargar).toHaveBeenCalledTimes(3);
  });

  it('obligadosCompartidos: una consulta por entidad mientras no cambie ninguna fila de entidad; cada llamada recibe su copia', async () => {
    const { gen, avisos, cache } = preparar();
    const cargar = vi.fn(async () => ['900123456']);
    const a = await cache.obligadosCompartidos('e1', cargar);
    a.push('mutado');
    expect(await cache.obligadosCompartidos('e1', cargar)).toEqual(['900123456']);
    expect(cargar).toHaveBeenCalledTimes(1);
    await cache.obligadosCompartidos('e2', cargar);
    expect(cargar).toHaveBeenCalledTimes(2);
    // Another entity declaring the same NIT changes an entidad row: the notice empties it.
    gen.entidad!++;
    await cache.obligadosCompartidos('e1', cargar);
    expect(cargar).toHaveBeenCalledTimes(3);
    // api_key notices do not concern it.
    gen.api_key!++;
    await cache.obligadosCompartidos('e1', cargar);
    expect(cargar).toHaveBeenCalledTimes(3);
    avisos.vigente = false;
    await cache.obligadosCompartidos('e1', cargar);
    expect(cargar).toHaveBeenCalledTimes(4);
  });

  it('sin LISTEN activo siempre consulta y no guarda nada', async () => {
    const { avisos, cache, cargar, em } = preparar();
    avisos.vigente = false;
    await cache.apiKey(em(), 'a');
    await cache.apiKey(em(), 'a');
    expect(cargar).toHaveBeenCalledTimes(2);
    expect(cache.tamano).toBe(0);
  });

  it('una carga durante la cual llegó un aviso no se guarda; las claves desconocidas tampoco', async () => {
    const { gen, cache, cargar, em } = preparar();
    cargar.mockImplementationOnce(async (_em, hash) => {
      gen.api_key!++; // the notice of a revocation committed while the query ran
      return datos(hash);
    });
    await cache.apiKey(em(), 'a');
    expect(cache.tamano).toBe(0);
    await cache.apiKey(em(), 'a');
    expect(cache.tamano).toBe(1);
    expect(await cache.apiKey(em(), 'x-desconocida')).toBeUndefined();
    expect(await cache.apiKey(em(), 'x-desconocida')).toBeUndefined();
    expect(cache.tamano).toBe(1);
    expect(cargar).toHaveBeenCalledTimes(4);
  });

  it('cada petición recibe su propia Entidad gestionada; editarla no toca la caché', async () => {
    const { cache, em } = preparar();
    const em1 = em();
    const r1 = await cache.apiKey(em1, 'a');
    const e1 = r1!.entidad.gestionada;
    expect(e1).toBeInstanceOf(Entidad);
    expect(e1).toMatchObject({
      id: 'a',
      slug: 'slug-a',
      tipoEntidad: 'ips',
      modulos: ['rips', 'rda'],
    });
    expect(e1.createdAt).toEqual(new Date('2026-11-01T10:00:00Z'));
    expect(em1.getUnitOfWork().getById(Entidad.name, 'a')).toBe(e1);
    expect(r1!.entidad.gestionada).toBe(e1);
    e1.modulos.pop();
    e1.createdAt.setFullYear(2000);
    const em2 = em();
    const r2 = await cache.apiKey(em2, 'a');
    const e2 = r2!.entidad.gestionada;
    expect(e2).not.toBe(e1);
    expect(e2.modulos).toEqual(['rips', 'rda']);
    expect(r2!.entidad.modulos).toEqual(['rips', 'rda']);
    expect(e2.createdAt.getUTCFullYear()).toBe(2026);
    const uow = em2.getUnitOfWork();
    uow.computeChangeSets();
    expect(uow.getChangeSets()).toHaveLength(0);
  });

  it('la Entidad se mapea solo al usarla: id, slug y módulos salen de la fila sin EntityManager', async () => {
    const { cache, em } = preparar();
    await cache.apiKey(em(), 'a'); // fill
    const em1 = em();
    const proveedor = vi.fn(() => em1);
    const r = await cache.apiKey(proveedor, 'a');
    expect(proveedor).not.toHaveBeenCalled();
    expect(r!.entidad).toMatchObject({ id: 'a', slug: 'slug-a', modulos: ['rips', 'rda'] });
    expect(Object.isFrozen(r!.entidad.modulos)).toBe(true);
    expect(em1.getUnitOfWork().getById(Entidad.name, 'a')).toBeUndefined();
    const e = r!.entidad.gestionada;
    expect(proveedor).toHaveBeenCalledTimes(1);
    expect(em1.getUnitOfWork().getById(Entidad.name, 'a')).toBe(e);
    // The managed entity's modules are its own copy: editing them leaves the request's reading as it was.
    e.modulos.pop();
    expect(r!.entidad.modulos).toEqual(['rips', 'rda']);
  });

  it('el perfil de la sesión sale de la fila, igual al de la Entidad mapeada, congelado y sin EntityManager', async () => {
    const { cache, em } = preparar();
    await cache.apiKey(em(), 'a'); // fill
    const proveedor = vi.fn(() => em());
    const r = await cache.apiKey(proveedor, 'a');
    const p = r!.entidad.perfil;
    expect(proveedor).not.toHaveBeenCalled();
    const e = (await cache.apiKey(em(), 'a'))!.entidad.gestionada;
    expect(p).toEqual({
      slug: e.slug,
      nombre: e.nombre,
      tipoEntidad: e.tipoEntidad,
      modulos: e.modulos,
      obligados: e.obligados,
      prestadores: e.prestadores,
    });
    expect(p).toMatchObject({ nombre: 'Entidad a', obligados: ['900123456'], prestadores: ['110010000101'] });
    for (const v of [p, p.modulos, p.obligados, p.prestadores]) expect(Object.isFrozen(v)).toBe(true);
    expect(r!.entidad.perfil).toBe(p);
  });

  it('entidades del token por slug: misma regla, solo la generación de entidad', async () => {
    const { gen, cache, em } = preparar();
    const cargar = vi.fn(async (_em: unknown, slug: string) => fila(slug));
    cache.cargarEntidad = cargar as never;
    await cache.entidadPorSlug(em(), 'e');
    gen.api_key!++;
    expect((await cache.entidadPorSlug(em(), 'e'))!.slug).toBe('slug-e');
    expect(cargar).toHaveBeenCalledTimes(1);
    gen.entidad!++;
    await cache.entidadPorSlug(em(), 'e');
    expect(cargar).toHaveBeenCalledTimes(2);
  });
});
