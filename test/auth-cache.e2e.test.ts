import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { hashApiKey } from '../src/auth/api-keys.js';
import * as cli from '../src/cli/comandos.js';
import { crearOrm } from '../src/db/orm.js';
import { ServicioCredenciales } from '../src/entidades/credenciales.js';
import { Entidad } from '../src/entidades/entidad.entity.js';
import { ServicioEntidades } from '../src/entidades/servicio.js';
import { importarCatalogo } from '../src/rips/catalogos/importar.js';
import { enServidor } from './db.js';
import { exportacionCie10 } from './fixtures/cie10.js';
import { ripsValido } from './fixtures/rips.js';
import { iniciarEmisor } from './issuer.js';
import { iniciarServicio, pedir } from './servidor.js';

let s: Awaited<ReturnType<typeof iniciarServicio>>;
let emisor: Awaited<ReturnType<typeof iniciarEmisor>>;
let aislada: Awaited<ReturnType<typeof enServidor>>;
/** Another connection, like the CLI, another instance or an operator's psql. */
let sql: pg.Client;

// Its own database: notices from other suites' writes would make the "no query" counts flaky.
beforeAll(async () => {
  aislada = await enServidor(inject('databaseUrl'));
  emisor = await iniciarEmisor();
  s = await iniciarServicio({
    DATABASE_URL: aislada.url,
    ...emisor.entorno,
  });
  sql = new pg.Client({ connectionString: aislada.url });
  await sql.connect();
  const limite = Date.now() + 5000;
  while (!s.servicio.servicios.avisos.vigente) {
    if (Date.now() > limite) throw new Error('LISTEN no quedó activo');
    await new Promise((r) => setTimeout(r, 20));
  }
});

afterAll(async () => {
  await sql?.end();
  await s?.cerrar();
  await emisor?.cerrar();
  await aislada?.limpiar();
});

/** SQL statements the service sends while `fn` runs (every request em shares this connection). */
async function consultasDurante(fn: () => Promise<void>): Promise<string[]> {
  const conexion = s.servicio.orm()!.em.getConnection();
  const espia = vi.spyOn(conexion, 'execute');
  try {
    await fn();
    return espia.mock.calls.map((c) => String(c[0]));
  } finally {
    espia.mockRestore();
  }
}

/** Repeats `fn` until it returns true (at most 2 s): the notice arrives just after the commit. */
async function pronto(fn: () => Promise<boolean>): Promise<void> {
  const limite = Date.now() + 2000;
  while (!(await fn())) {
    if (Date.now() > limite) throw new Error('el cambio no se vio en 2 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Waits until every notice committed so far has reached the service: notices arrive in commit order,
 * so once our own marker arrives, the earlier ones (e.g. of the entity just created) have too.
 */
async function sincronizar(): Promise<void> {
  const avisos = s.servicio.servicios.avisos;
  const antes = avisos.generacion('marca-de-prueba');
  await sql.query(`select pg_notify('motor_cambios', 'marca-de-prueba')`);
  const limite = Date.now() + 2000;
  while (avisos.generacion('marca-de-prueba') === antes) {
    if (Date.now() > limite) throw new Error('la marca no llegó en 2 s');
    await new Promise((r) => setTimeout(r, 5));
  }
}

const sesion = (clave: string) => pedir(s.url, '/sesion', { cabeceras: { 'X-Api-Key': clave } });

describe('caché de autenticación invalidada por la base de datos', () => {
  it('la entidad de la caché es la misma que da findOne y queda gestionada por el em de la petición', async () => {
    const { entidad, clave } = await s.crearEntidad('cache-map', ['rips', 'rda']);
    const cache = s.servicio.servicios.cacheAuth;
    await cache.apiKey(s.em(), hashApiKey(clave)); // fill
    const em = s.em();
    const enCache = await cache.apiKey(em, hashApiKey(clave));
    const deFindOne = await s.em().findOneOrFail(Entidad, { id: entidad.id });
    expect(enCache!.entidad.gestionada).toBeInstanceOf(Entidad);
    expect({ ...enCache!.entidad.gestionada }).toEqual({ ...deFindOne });
    expect(enCache!.entidad.gestionada.modulos).toEqual(['rips', 'rda']);
    expect(enCache!.entidad.gestionada.createdAt).toBeInstanceOf(Date);
    const uow = em.getUnitOfWork();
    uow.computeChangeSets();
    expect(uow.getChangeSets()).toHaveLength(0);
    // Managed: flushing without changes sends nothing; a change is written.
    expect(await consultasDurante(() => em.flush())).toEqual([]);
    enCache!.entidad.gestionada.nombre = 'Nombre cambiado';
    const escritas = await consultasDurante(() => em.flush());
    expect(escritas.filter((q) => /^update "entidad"/.test(q))).toHaveLength(1);
    const { rows } = await sql.query('select nombre from entidad where id = $1', [entidad.id]);
    expect(rows[0].nombre).toBe('Nombre cambiado');
    // The cached row was not touched by that request's edit, and the ORM write invalidated it.
    const otra = await cache.apiKey(s.em(), hashApiKey(clave));
    expect(otra!.entidad.gestionada.nombre).toBe('Nombre cambiado');
  });

  it('la segunda petición con la misma clave no consulta api_key ni entidad', async () => {
    const { clave } = await s.crearEntidad('cache-hit');
    await sincronizar();
    const cargar = vi.spyOn(s.servicio.servicios.cacheAuth, 'cargarApiKey');
    try {
      expect((await sesion(clave)).status).toBe(200);
      const consultas = await consultasDurante(async () => {
        for (let i = 0; i < 5; i++) expect((await sesion(clave)).status).toBe(200);
      });
      expect(consultas.filter((q) => /api_key|entidad/.test(q))).toEqual([]);
      expect(cargar).toHaveBeenCalledTimes(1);
    } finally {
      cargar.mockRestore();
    }
  });

  it('una clave revocada por SQL directo deja de servir enseguida (401)', async () => {
    const { clave } = await s.crearEntidad('cache-revocar');
    expect((await sesion(clave)).status).toBe(200);
    expect((await sesion(clave)).status).toBe(200); // served from the cache
    await sql.query('update api_key set revoked_at = now() where hash = $1', [hashApiKey(clave)]);
    await pronto(async () => (await sesion(clave)).status === 401);
    const r = await sesion(clave);
    expect(r.status).toBe(401);
    expect(r.body.error).toMatch(/revocada/);
  });

  it('una clave revocada con la CLI (otro ORM, como otro proceso) deja de servir enseguida', async () => {
    const { entidad, clave } = await s.crearEntidad('cache-cli');
    expect((await sesion(clave)).status).toBe(200);
    expect((await sesion(clave)).status).toBe(200);
    const orm = await crearOrm({ url: aislada.url, timeoutConexionMs: 3000 });
    try {
      const ctx: cli.Contexto = {
        em: orm.em.fork(),
        entidades: new ServicioEntidades(),
        credenciales: new ServicioCredenciales(Buffer.alloc(32, 1)),
        migracionesAplicadas: [],
      };
      await cli.revocarApiKey(ctx, entidad.slug, clave.slice(0, 10));
    } finally {
      await orm.close(true);
    }
    await pronto(async () => (await sesion(clave)).status === 401);
  });

  it('quitar un módulo a la entidad por SQL → 403 en sus rutas (API key y token)', async () => {
    const { entidad, clave } = await s.crearEntidad('cache-modulo', ['rips', 'rda']);
    const token = await emisor.firmar({ groups: [`${entidad.slug}:owner`] });
    const credenciales: Record<string, string>[] = [
      { 'X-Api-Key': clave },
      { Authorization: `Bearer ${token}` },
    ];
    for (const cab of credenciales) {
      for (let i = 0; i < 2; i++) {
        expect((await pedir(s.url, '/rips/configuracion', { cabeceras: cab })).status).toBe(200);
      }
    }
    await sql.query(`update entidad set modulos = array['rda'] where id = $1`, [entidad.id]);
    for (const cab of credenciales) {
      await pronto(
        async () => (await pedir(s.url, '/rips/configuracion', { cabeceras: cab })).status === 403,
      );
      const r = await pedir(s.url, '/rips/configuracion', { cabeceras: cab });
      expect(r.body).toMatchObject({ codigo: 'modulo-no-contratado', modulo: 'rips' });
      expect((await pedir(s.url, '/rda/configuracion', { cabeceras: cab })).status).toBe(200);
    }
  });

  it('sin LISTEN activo no sirve de la caché: cada petición consulta', async () => {
    const { clave } = await s.crearEntidad('cache-sin-listen');
    const avisos = s.servicio.servicios.avisos;
    expect((await sesion(clave)).status).toBe(200);
    const vigente = vi.spyOn(avisos, 'vigente', 'get').mockReturnValue(false);
    try {
      const consultas = await consultasDurante(async () => {
        for (let i = 0; i < 3; i++) expect((await sesion(clave)).status).toBe(200);
      });
      expect(consultas.filter((q) => /from api_key/.test(q))).toHaveLength(3);
    } finally {
      vigente.mockRestore();
    }
  });
});

describe('catálogos invalidados por la base de datos', () => {
  const validar = async (clave: string) =>
    (
      await pedir(s.url, '/rips/validar', {
        cuerpo: { rips: ripsValido(), fechaEvaluacion: '2026-11-01T12:00:00Z' },
        cabeceras: { 'X-Api-Key': clave },
      })
    ).body as { valid: boolean; errores: { codigo: string; explicacion: string }[] };
  const sinCie10 = (r: Awaited<ReturnType<typeof validar>>) =>
    r.errores.some((e) => e.codigo === 'CAT01' && e.explicacion.includes('CIE10'));

  it('validar no relee carga_catalogo mientras nada cambió; una importación se ve en la siguiente', async () => {
    const { clave } = await s.crearEntidad('cache-catalogos');
    await sincronizar();
    expect(sinCie10(await validar(clave))).toBe(true);
    const consultas = await consultasDurante(async () => {
      for (let i = 0; i < 3; i++) expect(sinCie10(await validar(clave))).toBe(true);
    });
    expect(consultas.filter((q) => q.includes('carga_catalogo'))).toEqual([]);

    const archivo = await exportacionCie10();
    // Raw SQL on its own connection pool, as the CLI does from another process.
    expect((await importarCatalogo(s.em(), archivo)).importadas).toBe(4);
    await pronto(async () => !sinCie10(await validar(clave)));
    const con = await validar(clave);
    expect(con.errores.filter((e) => e.codigo === 'RVG06')).toHaveLength(1);
    // A change by plain SQL (a table removed) is seen too.
    await sql.query(`delete from carga_catalogo where tabla = 'CIE10'`);
    await pronto(async () => sinCie10(await validar(clave)));
  });
});
