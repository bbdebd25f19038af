import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { crearOrm, migrar } from '../db/orm.js';
import { BusEventosEnProceso } from './bus.js';
import { EscuchaEventos } from './escucha.js';
import { type ConsultaSql, LectorEventos, ultimaSecuencia } from './lector.js';
import type { EventoDominio } from './tipos.js';

async function hasta(condicion: () => boolean, ms = 10_000): Promise<void> {
  const limite = Date.now() + ms;
  while (!condicion()) {
    if (Date.now() > limite) throw new Error('la condición no se cumplió a tiempo');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const dormir = (ms: number) => new Promise((r) => setTimeout(r, ms));

let orm: MikroORM;
const clientes: pg.Client[] = [];
async function cliente(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: inject('databaseUrl') });
  await c.connect();
  clientes.push(c);
  return c;
}
let sql: pg.Client;

/** An entity of its own: test files share the database (and its outbox) and run at the same time. */
async function entidad(): Promise<string> {
  const id = randomUUID();
  await sql.query(
    `insert into entidad (id, slug, nombre, tipo_entidad, modulos, created_at) values ($1, $2, 'Eventos', 'ips', '{rda}', now())`,
    [id, `eventos-${process.pid}-${id}`],
  );
  return id;
}

/** One outbox row and its notice, as the triggers write them; returns its secuencia. */
async function insertar(c: pg.Client, entidadId: string, n = 0): Promise<string> {
  const { rows } = await c.query(
    `with e as (insert into evento_dominio (entidad_id, tipo, recurso_id, datos) values ($1, 'transmision.enviado', gen_random_uuid(), jsonb_build_object('n', $2::int)) returning secuencia)
     select secuencia::text, pg_notify('motor_eventos', $1::text) from e`,
    [entidadId, n],
  );
  return rows[0].secuencia;
}

beforeAll(async () => {
  orm = await crearOrm({ url: inject('databaseUrl'), timeoutConexionMs: 3000 });
  await migrar(orm);
  sql = await cliente();
});
afterAll(async () => {
  for (const c of clientes) await c.end().catch(() => {});
  await orm?.close(true);
});

describe('LectorEventos: huecos de secuencia', () => {
  const consulta: ConsultaSql = async (texto, valores) => (await sql.query(texto, valores)).rows;
  /** Reads until `listo` holds over this entity's events (other suites write to the outbox too). */
  async function leerHasta(lector: LectorEventos, ent: string, listo: (mios: EventoDominio[]) => boolean) {
    const mios: EventoDominio[] = [];
    const fin = Date.now() + 10_000;
    while (!listo(mios)) {
      if (Date.now() > fin) throw new Error(`sin completar: ${mios.map((e) => e.secuencia)}`);
      const r = await lector.leer(consulta);
      mios.push(...r.eventos.filter((e) => e.entidadId === ent));
      if (!r.mas) await dormir(20);
    }
    return mios;
  }

  it('un número en vuelo detiene la entrega hasta su commit; después llegan los dos, en orden', async () => {
    const ent = await entidad();
    const lector = new LectorEventos(await ultimaSecuencia(consulta));
    const t1 = await cliente();
    await t1.query('begin');
    const s1 = await insertar(t1, ent, 1);
    const s2 = await insertar(sql, ent, 2);
    expect(BigInt(s2)).toBeGreaterThan(BigInt(s1));
    for (let i = 0; i < 5; i++) {
      const r = await lector.leer(consulta);
      expect(r.eventos.filter((e) => e.entidadId === ent)).toEqual([]);
      expect(r.bloqueado).toBe(true);
      expect(BigInt(lector.posicion)).toBeLessThan(BigInt(s1));
    }
    await t1.query('commit');
    const mios = await leerHasta(lector, ent, (m) => m.length >= 2);
    expect(mios.map((e) => e.secuencia)).toEqual([s1, s2]);
    expect(mios[0]).toMatchObject({ entidadId: ent, tipo: 'transmision.enviado', datos: { n: 1 } });
    expect(mios[0]!.creadoEn).toBeInstanceOf(Date);
  });

  it('un número cuya transacción se revierte, o que nadie escribió, no detiene la entrega', async () => {
    const ent = await entidad();
    const lector = new LectorEventos(await ultimaSecuencia(consulta));
    const t1 = await cliente();
    await t1.query('begin');
    await insertar(t1, ent, 1);
    const s2 = await insertar(sql, ent, 2);
    const r = await lector.leer(consulta);
    expect(r.eventos.filter((e) => e.entidadId === ent)).toEqual([]);
    await t1.query('rollback');
    const mios = await leerHasta(lector, ent, (m) => m.length >= 1);
    expect(mios.map((e) => e.secuencia)).toEqual([s2]);
    // A number taken and never written (as after a crash): passed over at once.
    await sql.query(`select nextval(pg_get_serial_sequence('evento_dominio', 'secuencia'))`);
    const s3 = await insertar(sql, ent, 3);
    expect((await leerHasta(lector, ent, (m) => m.length >= 1)).map((e) => e.secuencia)).toEqual([s3]);
  });

  it('lotes acotados: 1.200 eventos de una transacción en lecturas de 500, sin saltos ni repeticiones', async () => {
    const ent = await entidad();
    const lector = new LectorEventos(await ultimaSecuencia(consulta), 500);
    await sql.query(
      `insert into evento_dominio (entidad_id, tipo, recurso_id, datos) select $1, 'transmision.generado', gen_random_uuid(), jsonb_build_object('n', i) from generate_series(1, 1200) i`,
      [ent],
    );
    const r = await lector.leer(consulta);
    expect(r.eventos.length).toBeLessThanOrEqual(500);
    expect(r.mas).toBe(true);
    const resto = await leerHasta(lector, ent, (m) => m.length + r.eventos.length >= 1200);
    const n = [...r.eventos, ...resto].map((e) => e.datos.n);
    expect(n).toEqual(Array.from({ length: 1200 }, (_, i) => i + 1));
  });
});

describe('EscuchaEventos', () => {
  const aplicacion = `eventos-prueba-${process.pid}`;
  const bus = new BusEventosEnProceso();
  const escucha = new EscuchaEventos(bus, {
    aplicacion,
    reintentoMinMs: 50,
    reintentoMaxMs: 200,
    // Long: the tests prove that notices, not the safety poll, drive delivery.
    sondeoMs: 60_000,
  });
  let ent: string;
  const vistos: EventoDominio[] = [];
  let antes: string;

  beforeAll(async () => {
    ent = await entidad();
    antes = await insertar(sql, ent, 0);
    escucha.iniciar(inject('databaseUrl'));
    await hasta(() => escucha.vigente);
    bus.suscribir(ent, (e) => vistos.push(e));
  });
  afterAll(async () => {
    await escucha.detener();
  });

  it('los eventos anteriores al arranque no se repiten; los nuevos llegan por el aviso, en orden', async () => {
    expect(BigInt(escucha.posicion!)).toBeGreaterThanOrEqual(BigInt(antes));
    const s = [await insertar(sql, ent, 1), await insertar(sql, ent, 2)];
    await hasta(() => vistos.length >= 2);
    expect(vistos.map((e) => e.secuencia)).toEqual(s);
  });

  it('muchos avisos juntos → una lectura en curso y a lo más una más', async () => {
    vistos.length = 0;
    const original = LectorEventos.prototype.leer;
    let lecturas = 0;
    const espia = vi.spyOn(LectorEventos.prototype, 'leer').mockImplementation(async function (
      this: LectorEventos,
      consulta: ConsultaSql,
    ) {
      lecturas++;
      await dormir(300);
      return original.call(this, consulta);
    });
    try {
      const t = await cliente();
      for (let i = 0; i < 30; i++) await t.query(`select pg_notify('motor_eventos', $1)`, [ent]);
      await dormir(450);
      // One read began with the first notice; the other 29 asked for one more, not 29.
      expect(lecturas).toBeLessThanOrEqual(2);
      await dormir(400);
      expect(lecturas).toBeLessThanOrEqual(3);
    } finally {
      espia.mockRestore();
    }
  });

  it('perder la conexión: reconecta y entrega lo confirmado mientras tanto, sin pérdidas ni repeticiones', async () => {
    vistos.length = 0;
    const { rows } = await sql.query(
      'select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = $1',
      [aplicacion],
    );
    expect(rows.length).toBeGreaterThan(0);
    const s: string[] = [];
    for (let i = 0; i < 20; i++) s.push(await insertar(sql, ent, i));
    await hasta(() => vistos.length >= 20);
    await dormir(300);
    expect(vistos.map((e) => e.secuencia)).toEqual(s);
    expect(escucha.vigente).toBe(true);
  });

  it('detrás de un número en vuelo espera; si su transacción se revierte (sin aviso) entrega pronto', async () => {
    vistos.length = 0;
    const t1 = await cliente();
    await t1.query('begin');
    await insertar(t1, ent, 1);
    const s2 = await insertar(sql, ent, 2);
    await dormir(300);
    expect(vistos).toEqual([]);
    await t1.query('rollback');
    // Well before the 60 s safety poll: the reader looks again on its own while a gap is pending.
    await hasta(() => vistos.length >= 1, 3000);
    expect(vistos.map((e) => e.secuencia)).toEqual([s2]);
  });

  it('sin aviso (otro escritor que no notifica), la lectura periódica lo entrega', async () => {
    const otraEnt = await entidad();
    const otra = new EscuchaEventos(new BusEventosEnProceso(), { sondeoMs: 200 });
    const bus2 = (otra as unknown as { destino: BusEventosEnProceso }).destino;
    const mios: string[] = [];
    bus2.suscribir(otraEnt, (e) => mios.push(e.secuencia));
    otra.iniciar(inject('databaseUrl'));
    try {
      await hasta(() => otra.vigente);
      const { rows } = await sql.query(
        `insert into evento_dominio (entidad_id, tipo, recurso_id, datos) values ($1, 'radicacion.radicado', gen_random_uuid(), '{}') returning secuencia::text as s`,
        [otraEnt],
      );
      await hasta(() => mios.length >= 1, 3000);
      expect(mios).toEqual([rows[0].s]);
    } finally {
      await otra.detener();
    }
  });

  it('un suscriptor que lanza no detiene la lectura ni a los demás', async () => {
    vistos.length = 0;
    const cancelar = bus.suscribir(ent, () => {
      throw new Error('falla');
    });
    try {
      const s = await insertar(sql, ent, 1);
      await hasta(() => vistos.length >= 1);
      expect(vistos[0]!.secuencia).toBe(s);
      const s2 = await insertar(sql, ent, 2);
      await hasta(() => vistos.length >= 2);
      expect(vistos[1]!.secuencia).toBe(s2);
    } finally {
      cancelar();
    }
  });

  it('sin base de datos no escucha y detener no lanza', async () => {
    const otra = new EscuchaEventos(new BusEventosEnProceso(), {
      timeoutMs: 300,
      reintentoMinMs: 50,
      reintentoMaxMs: 100,
    });
    otra.iniciar('postgres://u:p@127.0.0.1:1/nada');
    await dormir(300);
    expect(otra.vigente).toBe(false);
    expect(otra.posicion).toBeUndefined();
    await otra.detener();
  });
});
