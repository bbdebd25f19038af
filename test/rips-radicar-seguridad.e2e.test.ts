import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entidad } from '../src/entidades/entidad.entity.js';
import { resumirEnvio } from '../src/rips/radicacion/conciliacion.js';
import { Radicacion } from '../src/rips/radicacion/radicacion.entity.js';
import { CREDENCIALES_SANDBOX } from '../src/simuladores/muv/sandbox.js';
import { iniciarSimuladorMuv, type SimuladorMuv } from '../src/simuladores/muv/servidor.js';
import { embebidoTemporal } from './db.js';
import { ripsDe, xmlFev } from './fixtures/muv.js';
import { iniciarServicio, pedir } from './servidor.js';

/** Issue 18: tenant binding of filings, reconciliation that checks ownership, truthful outcomes. */

let sim: SimuladorMuv;
let s: Awaited<ReturnType<typeof iniciarServicio>>;
let n = 0;
const documento = (base: string) => `${base}${Date.now().toString(36)}${++n}`.toUpperCase().slice(0, 20);

const conCredenciales = (srv: typeof s, base: string) => srv.crearEntidadConMuv(base);

const radicar = (clave: string, cuerpo: unknown, srv = s) =>
  pedir(srv.url, '/rips', { cuerpo, cabeceras: { 'X-Api-Key': clave } });

const filas = (srv: typeof s, entidad: Entidad, filtro: Record<string, unknown>) =>
  srv.em().find(Radicacion, { entidad: entidad.id, ...filtro }, { orderBy: { createdAt: 'asc' } });

beforeAll(async () => {
  sim = await iniciarSimuladorMuv();
  s = await iniciarServicio({
    MUV_BASE_URL: sim.url,
    MUV_REINTENTOS: '0',
    MUV_TIMEOUT_MS: '1500',
    MUV_CONSULTA_TIMEOUT_MS: '1000',
    MUV_CONCILIAR_CADA_SEGUNDOS: '0',
  });
});

afterAll(async () => {
  await s?.cerrar();
  await sim?.cerrar();
});

describe('obligados a reportar de la entidad', () => {
  it('un NIT no declarado → 403 obligado-no-autorizado, sin fila ni envío; declarado → 201', async () => {
    const x = await conCredenciales(s, 'obligados');
    const num = documento('OB');
    const rips = { ...ripsDe(num), numDocumentoIdObligado: '530520110' };
    const cargas = sim.contadores.cargas;
    const r = await radicar(x.clave, { rips, xmlFevFile: xmlFev(num) });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ codigo: 'obligado-no-autorizado' });
    expect(r.body.error).toMatch(/NIT 530520110/);
    expect(sim.contadores.cargas).toBe(cargas);
    expect(await filas(s, x.entidad, {})).toHaveLength(0);

    // The NIT of the MUV login (900123456 in the fixtures) counts without being declared.
    expect((await radicar(x.clave, { rips: ripsDe(num), xmlFevFile: xmlFev(num) })).status).toBe(201);

    // The demo entity may declare it too in this shared database: sharing is said explicitly.
    await s.servicio.servicios.entidades.cambiarObligados(s.em(), x.entidad.slug, {
      agregar: ['530520110'],
      quitar: [],
      compartir: true,
    });
    const otra = await radicar(x.clave, { rips, xmlFevFile: xmlFev(num) });
    expect(otra.status).not.toBe(403);
  });

  it('un NIT mal escrito no se puede declarar', async () => {
    const x = await s.crearEntidad('obligados-malos');
    await expect(
      s.servicio.servicios.entidades.cambiarObligados(s.em(), x.entidad.slug, {
        agregar: ['90012-3'],
        quitar: [],
      }),
    ).rejects.toThrow(/NIT inválido/);
  });
});

describe('dos entidades con un mismo NIT', () => {
  it('B no registra el CUV de A: RVG18 con un registro que no coincide con lo enviado → 422 rechazado', async () => {
    const a = await conCredenciales(s, 'nit-a');
    const b = await conCredenciales(s, 'nit-b');
    const num = documento('DOS');
    const rips = ripsDe(num);
    const xml = xmlFev(num);
    const deA = await radicar(a.clave, { rips, xmlFevFile: xml });
    expect(deA.status).toBe(201);
    // What the mechanism holds for this number is A's package; make it differ from what B sends.
    const enMuv = sim.radicado('900123456', num)!;
    const usuarios = rips.usuarios as unknown[];
    enMuv.rips = { ...rips, usuarios: usuarios.slice(0, 1) };

    const deB = await radicar(b.clave, { rips, xmlFevFile: xml });
    expect(deB.status).toBe(422);
    expect(deB.body).toMatchObject({ estado: 'rechazado', cuv: null, repetida: false });
    expect(deB.body.motivo).toMatch(/no es lo que se envió/);
    const rvg18 = deB.body.errores.filter((e: { codigo: string }) => e.codigo === 'RVG18');
    expect(rvg18.map((e: { titulo: string }) => e.titulo)).toContain(
      'El documento ya tiene un CUV que no corresponde a lo enviado',
    );
    expect(JSON.stringify(rvg18)).toMatch(/1 usuario\(s\) y se enviaron 2/);
    const cuvB = await pedir(s.url, `/rips/${deB.body.id}/cuv`, { cabeceras: { 'X-Api-Key': b.clave } });
    expect(cuvB.status).toBe(409);
    const deBFilas = await filas(s, b.entidad, { numFactura: num });
    expect(deBFilas.map((f) => [f.estado, f.cuv])).toEqual([['rechazado', null]]);
    // A's filing is untouched and still its own.
    const deAFilas = await filas(s, a.entidad, { numFactura: num });
    expect(deAFilas.map((f) => [f.estado, f.cuv])).toEqual([['radicado', deA.body.cuv]]);
  });

  it('el índice de una sola radicación por factura es por entidad: A y B con el mismo número no chocan', async () => {
    const a = await conCredenciales(s, 'indice-a');
    const b = await conCredenciales(s, 'indice-b');
    const num = documento('IDX');
    const cuerpo = { rips: ripsDe(num), xmlFevFile: xmlFev(num) };
    expect((await radicar(a.clave, cuerpo)).status).toBe(201);
    // Same package, same NIT: still A's filing, never B's (issue 30); each entity keeps its own rows.
    const deB = await radicar(b.clave, cuerpo);
    expect(deB.status).toBe(422);
    expect(deB.body.motivo).toMatch(/otra entidad de este servicio/);
    expect((await radicar(a.clave, cuerpo)).status).toBe(200);
    expect((await radicar(b.clave, cuerpo)).status).toBe(422);
  });
});

describe('notas idénticas en paralelo', () => {
  it('20 NA idénticas a la vez → un solo envío y una fila; en secuencia vuelve a ir al MUV', async () => {
    const x = await conCredenciales(s, 'notas');
    const numNota = documento('NA');
    const base = documento('BASE');
    const cuerpo = { rips: ripsDe(base, { tipoNota: 'NA', numNota }) };
    const cargas = sim.contadores.cargas;
    // A mechanism that takes its time, so that all twenty are in flight together.
    sim.fallas.latenciaMs = 500;
    const rs = await Promise.all(Array.from({ length: 20 }, () => radicar(x.clave, cuerpo))).finally(() => {
      sim.fallas.latenciaMs = 0;
    });
    expect(rs.map((r) => r.status).sort()).toEqual([...Array(19).fill(200), 201]);
    expect(new Set(rs.map((r) => r.body.id)).size).toBe(1);
    expect(rs.filter((r) => r.body.repetida)).toHaveLength(19);
    expect(sim.contadores.cargas).toBe(cargas + 1);
    expect(await filas(s, x.entidad, { numNota })).toHaveLength(1);

    const otra = await radicar(x.clave, cuerpo);
    expect(otra.status).toBe(201);
    expect(otra.body.repetida).toBe(false);
    expect(otra.body.cuv).toBe(rs[0]!.body.cuv);
    expect(sim.contadores.cargas).toBe(cargas + 2);
  });

  it('notas distintas con el mismo número en paralelo no se confunden: cada una obtiene su propio desenlace', async () => {
    const x = await conCredenciales(s, 'notas-distintas');
    const numNota = documento('NA');
    const base = documento('BASE');
    const una = { rips: ripsDe(base, { tipoNota: 'NA', numNota }) };
    const otraRips = ripsDe(base, { tipoNota: 'NA', numNota });
    (otraRips.usuarios as unknown[]).pop();
    const rs = await Promise.all([radicar(x.clave, una), radicar(x.clave, { rips: otraRips })]);
    expect(rs.filter((r) => r.body.repetida)).toHaveLength(0);
    expect(await filas(s, x.entidad, { numNota })).toHaveLength(2);
  });
});

describe('campos de cabecera enormes en POST /rips', () => {
  it.each([1, 4, 16])('numFactura de %i MiB → respuesta acotada y fila acotada, nunca 5xx', async (mib) => {
    const x = await conCredenciales(s, `cabecera-${mib}`);
    const enorme = 'F'.repeat(mib * 1024 * 1024);
    const rips = ripsDe(enorme);
    const t = Date.now();
    const r = await radicar(x.clave, { rips, xmlFevFile: xmlFev('F1') });
    expect(r.status).toBeLessThan(500);
    expect(Date.now() - t).toBeLessThan(15_000);
    expect(JSON.stringify(r.body).length).toBeLessThan(256 * 1024);
    const guardadas = await filas(s, x.entidad, {});
    for (const f of guardadas) expect((f.numFactura ?? '').length).toBeLessThan(100);
    expect((await pedir(s.url, '/health')).status).toBe(200);
  });
});

describe('cuerpo comprimido hostil en POST /rips', () => {
  it('150 MiB de numFactura en ~150 KiB de gzip → 4xx rápido, sin fila enorme, nunca 5xx', async () => {
    const x = await conCredenciales(s, 'gzip-hostil');
    const rips = ripsDe('MARCA');
    const texto = JSON.stringify({ rips }).replace('"MARCA"', `"${'F'.repeat(150 * 1024 * 1024)}"`);
    const cuerpo = gzipSync(Buffer.from(texto), { level: 9 });
    expect(cuerpo.length).toBeLessThan(300 * 1024);
    const t = Date.now();
    const r = await pedir(s.url, '/rips', {
      crudo: cuerpo,
      cabeceras: { 'X-Api-Key': x.clave, 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect(Date.now() - t).toBeLessThan(15_000);
    expect(JSON.stringify(r.body).length).toBeLessThan(64 * 1024);
    for (const f of await filas(s, x.entidad, {})) expect((f.numFactura ?? '').length).toBeLessThan(100);
    expect((await pedir(s.url, '/health')).status).toBe(200);
  });
});

describe('filas pendientes: el conciliador', () => {
  it('una fila pendiente cuya solicitud desapareció se completa con ConsultarCUV (radicado o fallido)', async () => {
    const x = await conCredenciales(s, 'conciliador');
    const num = documento('PEN');
    const rips = ripsDe(num);
    const xml = xmlFev(num);
    // The mechanism holds it (filed by another way, not through this service); our row's request died
    // mid-call. Another entity's filing would never be adopted (test/rips-cuv-ajeno.e2e.test.ts).
    const otraVia = await s.servicio.servicios.muv.cargar(
      'otra-via',
      { ...CREDENCIALES_SANDBOX },
      'CargarFevRips',
      {
        rips,
        xmlFevFile: xml,
      },
    );
    expect(otraVia.respuesta.aceptado).toBe(true);
    const em = s.em();
    const hace = new Date(Date.now() - 3600_000);
    const base = {
      entidad: x.entidad,
      numDocumentoIdObligado: '900123456',
      tipoNota: null,
      numNota: null,
      operacion: 'CargarFevRips',
      estado: 'pendiente' as const,
      errores: [],
      nErrores: 0,
      nAvisos: 0,
      createdAt: hace,
    };
    const radicada = em.create(Radicacion, {
      ...base,
      numFactura: num,
      enviado: resumirEnvio(rips, num),
      huella: 'h-conciliador',
    });
    const perdida = em.create(Radicacion, {
      ...base,
      numFactura: documento('NUNCA'),
      enviado: { numero: null, usuarios: 2, atenciones: {}, total: null },
    });
    await em.flush();
    const completadas = await s.servicio.servicios.conciliador.pasada(s.servicio.orm()!);
    expect(completadas).toBe(2);
    const [r1, r2] = await Promise.all([
      s.em().findOneOrFail(Radicacion, { id: radicada.id }),
      s.em().findOneOrFail(Radicacion, { id: perdida.id }),
    ]);
    expect(r2.estado).toBe('fallido');
    expect(r2.motivo).toMatch(/no muestra este paquete/);
    expect(r1.estado).toBe('radicado');
    expect(r1.cuv).toBe(sim.radicado('900123456', num)!.cuv);
    expect(r1.motivo).toMatch(/Conciliada después/);
    // Completed rows are evidence again: no second update.
    await expect(
      s.em().getConnection().execute(`update radicacion set motivo = 'x' where id = '${r2.id}'`),
    ).rejects.toThrow(/solo inserción/);
  });
});

describe('base de datos detenida durante la llamada al MUV', () => {
  let pgt: Awaited<ReturnType<typeof embebidoTemporal>>;
  let s2: Awaited<ReturnType<typeof iniciarServicio>>;
  let sim2: SimuladorMuv;

  beforeAll(async () => {
    pgt = await embebidoTemporal(true);
    sim2 = await iniciarSimuladorMuv();
    s2 = await iniciarServicio({
      DATABASE_URL: pgt.url,
      DB_PROBE_INTERVAL_MS: '200',
      DB_RETRY_AFTER_SECONDS: '1',
      MUV_BASE_URL: sim2.url,
      MUV_REINTENTOS: '0',
      MUV_TIMEOUT_MS: '5000',
      MUV_CONSULTA_TIMEOUT_MS: '4000',
      MUV_CONCILIAR_CADA_SEGUNDOS: '0',
      MUV_PENDIENTE_TRAS_SEGUNDOS: '1',
      MUV_EVIDENCIA_REINTENTO_SEGUNDOS: '20',
    });
  });

  afterAll(async () => {
    await s2?.cerrar();
    await sim2?.cerrar();
    await pgt?.limpiar();
  });

  it('la fila pendiente ya estaba escrita; al volver la base se completa y la respuesta es 201 con el CUV', async () => {
    const x = await conCredenciales(s2, 'bd-muv');
    const num = documento('BDM');
    const cuerpo = { rips: ripsDe(num), xmlFevFile: xmlFev(num) };
    sim2.fallas.latenciaMs = 1500;
    const enCurso = radicar(x.clave, cuerpo, s2);
    // Wait for the pending row (committed before the call), then stop the database under the call.
    const limite = Date.now() + 10_000;
    while (Date.now() < limite && (await filas(s2, x.entidad, { numFactura: num })).length === 0)
      await new Promise((ok) => setTimeout(ok, 50));
    await pgt.detener();
    sim2.fallas.latenciaMs = 0;
    await new Promise((ok) => setTimeout(ok, 3000));
    await pgt.reanudar();
    const r = await enCurso;
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.cuv).toBe(sim2.radicado('900123456', num)!.cuv);
    const limite2 = Date.now() + 10_000;
    let guardadas = await filas(s2, x.entidad, { numFactura: num }).catch(() => []);
    while (Date.now() < limite2 && guardadas[0]?.estado !== 'radicado') {
      await new Promise((ok) => setTimeout(ok, 200));
      guardadas = await filas(s2, x.entidad, { numFactura: num }).catch(() => []);
    }
    expect(guardadas.map((f) => [f.estado, f.cuv])).toEqual([['radicado', r.body.cuv]]);
  });
});
