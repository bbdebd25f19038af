import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { AvisosBd, type EstadoAvisos } from './avisos.js';
import { crearOrm, migrar } from './orm.js';

async function hasta(condicion: () => boolean, ms = 5000): Promise<void> {
  const limite = Date.now() + ms;
  while (!condicion()) {
    if (Date.now() > limite) throw new Error('la condición no se cumplió a tiempo');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('AvisosBd', () => {
  let orm: MikroORM;
  let sql: pg.Client;
  const estados: EstadoAvisos[] = [];
  // Its own application_name: the test terminates only this listener, not other suites' services.
  const aplicacion = `avisos-prueba-${process.pid}`;
  const avisos = new AvisosBd({
    aplicacion,
    reintentoMinMs: 50,
    reintentoMaxMs: 200,
    onEstado: (e) => estados.push(e),
  });

  beforeAll(async () => {
    orm = await crearOrm({ url: inject('databaseUrl'), timeoutConexionMs: 3000 });
    await migrar(orm);
    sql = new pg.Client({ connectionString: inject('databaseUrl') });
    await sql.connect();
    avisos.iniciar(inject('databaseUrl'));
    await hasta(() => avisos.vigente);
  });
  afterAll(async () => {
    await avisos.detener();
    await sql?.end();
    await orm?.close(true);
  });

  it('un cambio confirmado en una tabla avisada sube solo la generación de esa tabla', async () => {
    const antes = { api: avisos.generacion('api_key'), cat: avisos.generacion('carga_catalogo') };
    // A statement that touches no row still fires the statement-level trigger.
    await sql.query("update carga_catalogo set fuente = fuente where tabla = 'no-existe'");
    await hasta(() => avisos.generacion('carga_catalogo') > antes.cat);
    expect(avisos.generacion('carga_catalogo')).toBe(antes.cat + 1);
    expect(avisos.generacion('api_key')).toBe(antes.api);
  });

  it('los triggers avisan de api_key y entidad; nada llega antes del commit', async () => {
    const api = avisos.generacion('api_key');
    const ent = avisos.generacion('entidad');
    await sql.query('begin');
    await sql.query("update api_key set descripcion = descripcion where hash = 'no-existe'");
    await sql.query("update entidad set nombre = nombre where slug = 'no-existe'");
    await new Promise((r) => setTimeout(r, 200));
    expect(avisos.generacion('api_key')).toBe(api);
    await sql.query('commit');
    await hasta(() => avisos.generacion('api_key') > api && avisos.generacion('entidad') > ent);
  });

  it('perder la conexión deja de estar vigente, invalida todas las tablas y se reconecta', async () => {
    const tablas = ['api_key', 'entidad', 'carga_catalogo', 'otra'];
    const antes = tablas.map((t) => avisos.generacion(t));
    const { rows } = await sql.query(
      'select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = $1',
      [aplicacion],
    );
    expect(rows.length).toBeGreaterThan(0);
    await hasta(() => !avisos.vigente);
    const perdida = tablas.map((t) => avisos.generacion(t));
    perdida.forEach((g, i) => {
      expect(g).toBeGreaterThan(antes[i]!);
    });
    await hasta(() => avisos.vigente);
    tablas.forEach((t, i) => {
      expect(avisos.generacion(t)).toBeGreaterThan(perdida[i]!);
    });
    expect(estados.slice(-2)).toEqual(['desconectado', 'escuchando']);
    // And it still hears notices after reconnecting.
    const cat = avisos.generacion('carga_catalogo');
    await sql.query("delete from carga_catalogo where tabla = 'no-existe'");
    await hasta(() => avisos.generacion('carga_catalogo') > cat);
  });

  it('el latido de otra instancia no invalida ninguna tabla', async () => {
    const tablas = ['api_key', 'entidad', 'carga_catalogo'];
    const antes = tablas.map((t) => avisos.generacion(t));
    await sql.query("select pg_notify('motor_cambios', 'latido:de-otra-instancia')");
    // Notices arrive in order: once this one is seen, the heartbeat before it was too.
    await sql.query("update entidad set nombre = nombre where slug = 'no-existe'");
    await hasta(() => avisos.generacion('entidad') > antes[1]!);
    expect(avisos.generacion('api_key')).toBe(antes[0]);
    expect(avisos.generacion('carga_catalogo')).toBe(antes[2]);
  });

  it('una sesión que deja de recibir avisos sin perder la conexión deja de estar vigente y se recupera', async () => {
    const otra = new AvisosBd({ latidoMs: 100, timeoutMs: 300, reintentoMinMs: 50, reintentoMaxMs: 100 });
    otra.iniciar(inject('databaseUrl'));
    try {
      await hasta(() => otra.vigente);
      const g = otra.generacion('api_key');
      // The session stays up but hears nothing any more, as behind a pooler that moved it.
      await (otra as unknown as { client: pg.Client }).client.query('unlisten motor_cambios');
      await hasta(() => !otra.vigente);
      expect(otra.generacion('api_key')).toBeGreaterThan(g);
      await hasta(() => otra.vigente);
    } finally {
      await otra.detener();
    }
  });

  it('LISTEN aceptado sin que lleguen avisos (un pooler por transacción) → nunca vigente, «sin-avisos»', async () => {
    const original = pg.Client.prototype.query;
    // The listening session accepts LISTEN but will never hear anything.
    const espia = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
      this: pg.Client,
      ...args: unknown[]
    ) {
      if (args[0] === 'listen motor_cambios') args[0] = 'select 1';
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original);
    const vistos: EstadoAvisos[] = [];
    const otra = new AvisosBd({
      timeoutMs: 300,
      reintentoMinMs: 50,
      reintentoMaxMs: 100,
      onEstado: (e) => vistos.push(e),
    });
    try {
      otra.iniciar(inject('databaseUrl'));
      await hasta(() => vistos.includes('sin-avisos'));
      await new Promise((r) => setTimeout(r, 800));
      expect(otra.vigente).toBe(false);
      expect(vistos.filter((e) => e === 'sin-avisos')).toHaveLength(1);
    } finally {
      espia.mockRestore();
      await otra.detener();
    }
  });

  it('sin base de datos no está vigente y detener no lanza', async () => {
    const otro = new AvisosBd({ timeoutMs: 300, reintentoMinMs: 50, reintentoMaxMs: 100 });
    otro.iniciar('postgres://u:p@127.0.0.1:1/nada');
    await new Promise((r) => setTimeout(r, 300));
    expect(otro.vigente).toBe(false);
    await otro.detener();
    expect(otro.vigente).toBe(false);
  });
});
