import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { EscuchaEventos } from '../src/eventos/escucha.js';
import type { EventoDominio } from '../src/eventos/tipos.js';
import { CREDENCIALES_SANDBOX } from '../src/simuladores/muv/sandbox.js';
import { iniciarSimuladorMuv, type SimuladorMuv } from '../src/simuladores/muv/servidor.js';
import { ripsDe, xmlFev } from './fixtures/muv.js';
import { datosUnicos, entornoIhce } from './ihce.js';
import { iniciarServicio, pedir } from './servidor.js';

async function hasta(condicion: () => boolean, ms = 20_000): Promise<void> {
  const limite = Date.now() + ms;
  while (!condicion()) {
    if (Date.now() > limite) throw new Error('la condición no se cumplió a tiempo');
    await new Promise((r) => setTimeout(r, 25));
  }
}
const dormir = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The public fields of a transmission event (Migration20261128100000_eventos_dominio). */
const CAMPOS_TRANSMISION = [
  'compositionId',
  'estado',
  'estadoActual',
  'estadoAnterior',
  'evento',
  'fecha',
  'id',
  'intento',
  'intentos',
  'origen',
  'reintentosAgotados',
  'secuencia',
  'siguienteIntentoEn',
  'statusUpstream',
  'tipo',
  'vida',
];
const CAMPOS_RADICACION = [
  'createdAt',
  'cuv',
  'estado',
  'fechaRadicacion',
  'id',
  'nAvisos',
  'nErrores',
  'numDocumentoIdObligado',
  'numFactura',
  'numNota',
  'operacion',
  'procesoId',
  'tipoNota',
];

let muv: SimuladorMuv;
let env: Awaited<ReturnType<typeof entornoIhce>>;
let a: Awaited<ReturnType<typeof env.entidadConIhce>>;
let sql: pg.Client;
/** Everything instance A's bus hands to a subscriber of entity `a`. */
const enA: EventoDominio[] = [];

beforeAll(async () => {
  muv = await iniciarSimuladorMuv();
  env = await entornoIhce({
    env: {
      MUV_BASE_URL: muv.url,
      MUV_REINTENTOS: '0',
      MUV_TIMEOUT_MS: '1500',
      MUV_CONSULTA_TIMEOUT_MS: '1000',
    },
  });
  a = await env.entidadConIhce('eventos-a');
  await env.s.servicio.servicios.credenciales.guardar(env.s.em(), a.entidad, 'muv', {
    ...CREDENCIALES_SANDBOX,
  });
  env.s.servicio.servicios.eventos.suscribir(a.entidad.id, (e) => enA.push(e));
  await hasta(() => env.s.servicio.servicios.escuchaEventos.vigente);
  sql = new pg.Client({ connectionString: inject('databaseUrl') });
  await sql.connect();
});
afterAll(async () => {
  await sql?.end();
  await env?.cerrar();
  await muv?.cerrar();
});

const post = (ruta: string, cuerpo: unknown, cab: Record<string, string> = a.cabeceras) =>
  pedir(env.s.url, ruta, { cuerpo, cabeceras: cab });

/** The outbox rows of one resource, in order. */
async function filas(recursoId: string) {
  const { rows } = await sql.query(
    'select id, tipo, datos from evento_dominio where recurso_id = $1 order by secuencia',
    [recursoId],
  );
  return rows as { id: string; tipo: string; datos: Record<string, unknown> }[];
}

describe('eventos de dominio: los triggers', () => {
  it('generado → validado → enviado → aceptado: sus cuatro eventos en orden, con los campos públicos', async () => {
    const d = datosUnicos('consulta-externa', 'rico');
    const r = await post('/rda/desde-datos', { tipo: 'consulta-externa', datos: d });
    expect(r.status).toBe(201);
    const id = r.body.id as string;
    await hasta(() => enA.some((e) => e.recursoId === id && e.tipo === 'transmision.aceptado'));
    const vistos = enA.filter((e) => e.recursoId === id);
    expect(vistos.map((e) => e.tipo)).toEqual([
      'transmision.generado',
      'transmision.validado',
      'transmision.enviado',
      'transmision.aceptado',
    ]);
    // Live delivery and the outbox agree.
    expect((await filas(id)).map((f) => f.id)).toEqual(vistos.map((e) => e.id));
    const secuencias = vistos.map((e) => BigInt(e.secuencia));
    expect([...secuencias].sort((x, y) => (x < y ? -1 : 1))).toEqual(secuencias);
    for (const e of vistos) {
      expect(e.entidadId).toBe(a.entidad.id);
      expect(Object.keys(e.datos).sort()).toEqual(CAMPOS_TRANSMISION);
      expect(e.datos).toMatchObject({ id, tipo: 'consulta-externa', origen: 'datos' });
      // No bundle, no findings, no patient: nothing of the clinical document is in a payload.
      const texto = JSON.stringify(e.datos);
      expect(texto).not.toContain(d.paciente.numeroDocumento);
      expect(texto).not.toMatch(/bundle|errores|paciente|resourceType/i);
    }
    expect(vistos.map((e) => [e.datos.estadoAnterior, e.datos.estado])).toEqual([
      [null, 'generado'],
      ['generado', 'validado'],
      ['validado', 'enviado'],
      ['enviado', 'aceptado'],
    ]);
    const aceptado = vistos.at(-1)!;
    expect(aceptado.datos).toMatchObject({
      vida: r.body.vida,
      compositionId: r.body.compositionId,
      estadoActual: 'aceptado',
      statusUpstream: 200,
      intento: 1,
    });
    // The platform's acceptance carries no VIDA (issue 32): the Composition id is what it gave.
    expect(aceptado.datos.vida).toBeNull();
    expect(aceptado.datos.compositionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('consultar el documento en la IHCE (consulta-documento) no produce evento', async () => {
    const r = await post('/rda/desde-datos', { tipo: 'paciente', datos: datosUnicos('paciente') });
    expect(r.status).toBe(201);
    const antes = await filas(r.body.id);
    expect(antes).toHaveLength(4);
    const doc = await pedir(env.s.url, `/rda/${r.body.id}/ihce`, { cabeceras: a.cabeceras });
    expect(doc.status).toBe(200);
    const traza = await pedir(env.s.url, `/rda/${r.body.id}/eventos`, { cabeceras: a.cabeceras });
    expect(traza.body.at(-1).tipo).toBe('consulta-documento');
    expect(await filas(r.body.id)).toEqual(antes);
  });

  it('radicación pendiente completada a radicado: exactamente un radicacion.radicado', async () => {
    const num = `EV${Date.now().toString(36)}`.toUpperCase();
    const rips = ripsDe(num);
    const r = await post('/rips', { rips, xmlFevFile: xmlFev(num) });
    expect(r.status).toBe(201);
    expect(r.body.estado).toBe('radicado');
    const id = r.body.id as string;
    await hasta(() => enA.some((e) => e.recursoId === id));
    const f = await filas(id);
    expect(f.map((x) => x.tipo)).toEqual(['radicacion.radicado']);
    expect(Object.keys(f[0]!.datos).sort()).toEqual(CAMPOS_RADICACION);
    expect(f[0]!.datos).toMatchObject({ id, estado: 'radicado', numFactura: num, cuv: r.body.cuv });
    // The users' documents of the RIPS are never in a payload.
    const texto = JSON.stringify(f[0]!.datos);
    for (const u of rips.usuarios as { numDocumentoIdentificacion: string }[])
      expect(texto).not.toContain(u.numDocumentoIdentificacion);
    await dormir(300);
    expect(enA.filter((e) => e.recursoId === id).map((e) => e.id)).toEqual([f[0]!.id]);
  });

  it('una transacción revertida no produce evento (ni en la tabla ni en el bus)', async () => {
    const r = await post('/rda/desde-datos', { tipo: 'paciente', datos: datosUnicos('paciente') });
    const id = r.body.id as string;
    await hasta(() => enA.filter((e) => e.recursoId === id).length === 4);
    const t = new pg.Client({ connectionString: inject('databaseUrl') });
    await t.connect();
    try {
      await t.query('begin');
      await t.query(
        `insert into evento_transmision (id, transmision_id, secuencia, fecha, tipo, estado_anterior, estado_nuevo, actor)
         values (gen_random_uuid(), $1, 99, now(), 'rechazado', 'aceptado', 'rechazado', 'prueba')`,
        [id],
      );
      // The deferred trigger runs now, inside the transaction: the event exists only in it.
      await t.query('set constraints all immediate');
      const dentro = await t.query('select count(*)::int as n from evento_dominio where recurso_id = $1', [
        id,
      ]);
      expect(dentro.rows[0].n).toBe(5);
      await t.query('rollback');
    } finally {
      await t.end();
    }
    expect(await filas(id)).toHaveLength(4);
    await dormir(500);
    expect(enA.filter((e) => e.recursoId === id)).toHaveLength(4);
  });

  it('métricas: escucha activa, eventos leídos y suscripciones de la instancia', async () => {
    const m = await pedir(env.s.url, '/metrics');
    expect(m.status).toBe(200);
    const valor = (nombre: string) => Number(new RegExp(`^${nombre} (\\S+)$`, 'm').exec(m.body)?.[1]);
    expect(valor('motor_events_listener_up')).toBe(1);
    expect(valor('motor_domain_events_read_total')).toBeGreaterThanOrEqual(enA.length);
    expect(valor('motor_events_subscribers')).toBeGreaterThanOrEqual(1);
  });

  it('evento_dominio no admite UPDATE, DELETE ni TRUNCATE', async () => {
    const [f] = await sql
      .query('select id from evento_dominio where entidad_id = $1 limit 1', [a.entidad.id])
      .then((r) => r.rows);
    for (const q of [
      'update evento_dominio set tipo = tipo where id = $1',
      'delete from evento_dominio where id = $1',
    ])
      await expect(sql.query(q, [f.id]), q).rejects.toThrow(/solo inserción/);
    await expect(sql.query('truncate evento_dominio')).rejects.toThrow(/solo inserción/);
  });
});

describe('eventos de dominio entre instancias', () => {
  let b: Awaited<ReturnType<typeof iniciarServicio>>;
  let escuchaB: EscuchaEventos;
  const enB: EventoDominio[] = [];
  const deOtra: EventoDominio[] = [];

  beforeAll(async () => {
    // The same database and retry queue: either instance's worker may run a retry.
    b = await iniciarServicio(env.env);
    escuchaB = b.servicio.servicios.escuchaEventos;
    const otra = await env.entidadConIhce('eventos-otra');
    b.servicio.servicios.eventos.suscribir(a.entidad.id, (e) => enB.push(e));
    b.servicio.servicios.eventos.suscribir(otra.entidad.id, (e) => deOtra.push(e));
    await hasta(() => escuchaB.vigente);
  });
  afterAll(async () => {
    await b?.cerrar();
  });

  it('enviado → aceptado tras un primer intento fallido, hecho en A, llega al suscriptor de B; otra entidad no recibe nada', async () => {
    env.sim.fallas.programar({ tipo: 'error', status: 503, rutas: ['enviar'], veces: 1 });
    const r = await post('/rda/desde-datos', { tipo: 'urgencias', datos: datosUnicos('urgencias') });
    expect(r.status).toBe(202);
    const id = r.body.id as string;
    await hasta(() => enB.some((e) => e.recursoId === id && e.tipo === 'transmision.aceptado'));
    expect(enB.filter((e) => e.recursoId === id).map((e) => e.tipo)).toEqual([
      'transmision.generado',
      'transmision.validado',
      'transmision.enviado',
      'transmision.reintento-programado',
      'transmision.enviado',
      'transmision.aceptado',
    ]);
    expect(enB.filter((e) => e.recursoId === id).at(-1)!.datos).toMatchObject({
      estadoAnterior: 'enviado',
      estado: 'aceptado',
      intento: 2,
      vida: null,
      compositionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(deOtra).toEqual([]);
  });

  it('B pierde su conexión de escucha: al volver entrega lo confirmado mientras tanto, sin pérdidas ni repeticiones', async () => {
    const conexion = (escuchaB as unknown as { conexion: { client?: { processID?: number } } }).conexion;
    const pid = conexion.client?.processID;
    expect(pid).toBeTruthy();
    const app = await sql.query('select application_name from pg_stat_activity where pid = $1', [pid]);
    expect(app.rows[0].application_name).toBe('motor-eventos');
    // B's listening connection is cut again as soon as it comes back, while A commits events.
    let cortando = true;
    const cortes = (async () => {
      while (cortando) {
        const actual = conexion.client?.processID;
        if (actual) await sql.query('select pg_terminate_backend($1)', [actual]).catch(() => {});
        await dormir(5);
      }
    })();
    const ids: string[] = [];
    try {
      await hasta(() => !escuchaB.vigente);
      for (const tipo of ['paciente', 'urgencias', 'consulta-externa'] as const) {
        const r = await post('/rda/desde-datos', { tipo, datos: datosUnicos(tipo) });
        expect(r.status).toBe(201);
        ids.push(r.body.id);
      }
      // Committed and announced while B heard nothing.
      await hasta(() => ids.every((id) => enA.filter((e) => e.recursoId === id).length === 4));
    } finally {
      cortando = false;
      await cortes;
    }
    await hasta(() => escuchaB.vigente);
    const deEstas = () => enB.filter((e) => ids.includes(e.recursoId));
    await hasta(() => deEstas().length >= 12);
    await dormir(500);
    const { rows } = await sql.query(
      'select id from evento_dominio where recurso_id = any($1::uuid[]) order by secuencia',
      [ids],
    );
    expect(deEstas().map((e) => e.id)).toEqual(rows.map((f) => f.id));
    expect(new Set(enB.map((e) => e.id)).size).toBe(enB.length);
    expect(deOtra).toEqual([]);
  });
});
