import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { crearLogger } from '../src/logger.js';
import { buscarHistoria } from '../src/rips/historia/buscar.js';
import { pacienteHmac } from '../src/rips/historia/clave.js';
import { registrarServicios } from '../src/rips/historia/registrar.js';
import type { Registro } from '../src/rips/tipos.js';
import { iniciarSimuladorMuv, type SimuladorMuv } from '../src/simuladores/muv/servidor.js';
import { enServidor } from './db.js';
import { consulta, ripsDe, xmlFev } from './fixtures/muv.js';
import { iniciarServicio, pedir } from './servidor.js';

const lineasLog: string[] = [];
const destino = new Writable({
  write(chunk, _e, cb) {
    lineasLog.push(String(chunk));
    cb();
  },
});

let sim: SimuladorMuv;
let s: Awaited<ReturnType<typeof iniciarServicio>>;
let aislada: Awaited<ReturnType<typeof enServidor>>;
let sql: pg.Client;
let clave: Buffer;

let n = 0;
const factura = (base: string) => `${base}${Date.now().toString(36)}${++n}`.toUpperCase().slice(0, 20);

// Its own database: the history collapses identical services, and one test breaks the table on purpose.
beforeAll(async () => {
  aislada = await enServidor(inject('databaseUrl'));
  sim = await iniciarSimuladorMuv();
  s = await iniciarServicio(
    {
      DATABASE_URL: aislada.url,
      MUV_BASE_URL: sim.url,
      MUV_REINTENTOS: '0',
      MUV_TIMEOUT_MS: '3000',
      MUV_CONSULTA_TIMEOUT_MS: '2000',
    },
    { log: crearLogger('info', destino) },
  );
  clave = s.config.rips.claveHistoria;
  sql = new pg.Client({ connectionString: aislada.url });
  await sql.connect();
});

afterAll(async () => {
  await sql?.end();
  await s?.cerrar();
  await sim?.cerrar();
  await aislada?.limpiar();
});

const radicar = (cuerpo: unknown, apiKey: string) =>
  pedir(s.url, '/rips', { cuerpo, cabeceras: { 'X-Api-Key': apiKey } });

interface FilaBd {
  radicacion_id: string;
  paciente_hmac: string;
  tipo_servicio: string;
  grupo_servicios: string | null;
  inicio: string;
  fin: string | null;
  tipo_os: string | null;
}

async function filasDe(entidadId: string): Promise<FilaBd[]> {
  const r = await sql.query<FilaBd>(
    "select radicacion_id, paciente_hmac, tipo_servicio, nullif(grupo_servicios, '') as grupo_servicios, inicio, nullif(fin, '') as fin, nullif(tipo_os, '') as tipo_os from historia_servicio where entidad_id = $1 order by created_at, ctid",
    [entidadId],
  );
  return r.rows;
}

/** Every string under a key that names a document or an identifier, anywhere in the RIPS. */
function documentosDe(v: unknown, acc = new Set<string>()): Set<string> {
  if (Array.isArray(v)) for (const x of v) documentosDe(x, acc);
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      if (
        /^num(Documento|Autorizacion|Factura|Nota)|^numDocumentoIdObligado$/.test(k) &&
        typeof x === 'string'
      )
        acc.add(x);
      documentosDe(x, acc);
    }
  return acc;
}

const madre = () => pacienteHmac(clave, 'CC', '52345678');
const hombre = () => pacienteHmac(clave, 'CC', '1019876543');
const bebe = () => pacienteHmac(clave, 'CN', '20260914000123');

describe('historial de servicios radicados', () => {
  it('factura radicada → una fila por servicio con su tipo y fechas, sin ningún documento en claro', async () => {
    const a = await s.crearEntidadConMuv('historia-a');
    const num = factura('H');
    const rips = ripsDe(num);
    const r = await radicar({ rips, xmlFevFile: xmlFev(num) }, a.clave);
    expect(r.status, JSON.stringify(r.body).slice(0, 400)).toBe(201);
    expect(r.body.estado).toBe('radicado');

    const filas = await filasDe(a.entidad.id);
    expect(filas).toHaveLength(13);
    expect(new Set(filas.map((f) => f.radicacion_id))).toEqual(new Set([r.body.id]));
    const resumen = (h: string) =>
      filas
        .filter((f) => f.paciente_hmac === h)
        .map((f) => [f.tipo_servicio, f.inicio, f.fin, f.grupo_servicios, f.tipo_os]);
    expect(resumen(madre())).toEqual([
      ['consultas', '2026-09-01 09:00', null, '01', null],
      ['procedimientos', '2026-09-14 03:40', null, '05', null],
      ['hospitalizacion', '2026-09-13 22:10', '2026-09-15 10:00', null, null],
      ['medicamentos', '2026-09-14 03:55', null, null, null],
      ['medicamentos', '2026-09-15 09:30', null, null, null],
    ]);
    expect(resumen(bebe())).toEqual([['recienNacidos', '2026-09-14 03:52', '2026-09-15 10:00', null, null]]);
    expect(resumen(hombre()).map((x) => x[0])).toEqual([
      'consultas',
      'consultas',
      'procedimientos',
      'urgencias',
      'medicamentos',
      'medicamentos',
      'otrosServicios',
    ]);
    expect(resumen(hombre())).toContainEqual([
      'urgencias',
      '2026-09-20 18:20',
      '2026-09-21 08:00',
      null,
      null,
    ]);
    expect(resumen(hombre())).toContainEqual(['otrosServicios', '2026-09-21 07:45', null, null, '01']);

    // The whole table as text: no document of the RIPS (patients, professionals, NIT, numbers) in any column.
    const todo = (
      await sql.query<{ t: string }>('select row_to_json(h)::text as t from historia_servicio h')
    ).rows
      .map((x) => x.t)
      .join('\n');
    const documentos = documentosDe(rips);
    expect([...documentos]).toEqual(
      expect.arrayContaining(['52345678', '1019876543', '20260914000123', '79456123', '900123456']),
    );
    for (const d of documentos) expect(todo, `documento ${d.slice(0, 2)}…`).not.toContain(d);
    const columnas = await sql.query<{ column_name: string }>(
      "select column_name from information_schema.columns where table_name = 'historia_servicio' order by 1",
    );
    expect(columnas.rows.map((c) => c.column_name)).toEqual([
      'created_at',
      'entidad_id',
      'fin',
      'grupo_servicios',
      'inicio',
      'paciente_hmac',
      'radicacion_id',
      'tipo_os',
      'tipo_servicio',
    ]);

    // buscarHistoria: by HMAC, oldest first, only this entity; filters by type and date.
    const h = await buscarHistoria(s.em(), a.entidad.id, [madre(), bebe(), madre(), 'otro']);
    expect([...h.keys()].sort()).toEqual([madre(), bebe()].sort());
    expect(h.get(madre())!.map((x) => x.inicio)).toEqual([
      '2026-09-01 09:00',
      '2026-09-13 22:10',
      '2026-09-14 03:40',
      '2026-09-14 03:55',
      '2026-09-15 09:30',
    ]);
    expect(h.get(madre())![0]).toEqual({
      tipo: 'consultas',
      grupo: '01',
      inicio: '2026-09-01 09:00',
      fin: null,
      tipoOS: null,
      radicacionId: r.body.id,
    });
    const consultasAntes = await buscarHistoria(s.em(), a.entidad.id, [madre(), hombre()], {
      tipos: ['consultas', 'urgencias'],
      hasta: '2026-09-20 18:30',
    });
    expect([...consultasAntes.keys()].sort()).toEqual([madre(), hombre()].sort());
    expect(consultasAntes.get(hombre())!.map((x) => x.tipo)).toEqual(['urgencias']);
    expect(consultasAntes.get(madre())!.map((x) => x.tipo)).toEqual(['consultas']);
    expect((await buscarHistoria(s.em(), a.entidad.id, [])).size).toBe(0);
    // Another entity's history is not ours, even for the same patient.
    const otra = await s.crearEntidad('historia-ajena');
    expect((await buscarHistoria(s.em(), otra.entidad.id, [madre()])).size).toBe(0);
  });

  it('servicios ya indexados no se repiten; una nota indexa lo que trae de nuevo', async () => {
    const a = await s.crearEntidadConMuv('historia-notas');
    const num = factura('F');
    expect((await radicar({ rips: ripsDe(num), xmlFevFile: xmlFev(num) }, a.clave)).status).toBe(201);
    expect(await filasDe(a.entidad.id)).toHaveLength(13);

    // A credit note that carries the same records: radicado, nothing new.
    const nc = factura('NC');
    const rNc = await radicar(
      { rips: ripsDe(num, { tipoNota: 'NC', numNota: nc }), xmlFevFile: xmlFev(nc, 'CreditNote', num) },
      a.clave,
    );
    expect(rNc.status, JSON.stringify(rNc.body).slice(0, 400)).toBe(201);
    expect(await filasDe(a.entidad.id)).toHaveLength(13);

    // An adjustment note with one consultation on another day: that service is added, under the note.
    const na = factura('NA');
    const rips = ripsDe(num, { tipoNota: 'NA', numNota: na });
    consulta(rips).fechaInicioAtencion = '2026-09-20 18:36';
    const rNa = await radicar({ rips }, a.clave);
    expect(rNa.status, JSON.stringify(rNa.body).slice(0, 400)).toBe(201);
    const filas = await filasDe(a.entidad.id);
    expect(filas).toHaveLength(14);
    expect(filas.at(-1)).toMatchObject({
      radicacion_id: rNa.body.id,
      paciente_hmac: hombre(),
      tipo_servicio: 'consultas',
      inicio: '2026-09-20 18:36',
    });
  });

  it('rechazado localmente o por el MUV → nada en el historial', async () => {
    const a = await s.crearEntidadConMuv('historia-rechazos');
    const local = factura('L');
    const ripsLocal = ripsDe(local);
    consulta(ripsLocal).codDiagnosticoPrincipal = 'J4';
    const r1 = await radicar({ rips: ripsLocal, xmlFevFile: xmlFev(local) }, a.clave);
    expect(r1.body.estado).toBe('rechazado-local');

    const muv = factura('M');
    sim.agregarResultados(muv, [
      {
        Clase: 'RECHAZADO',
        Codigo: 'ZZ901',
        Descripcion: 'Regla nueva del Ministerio',
        Observaciones: 'Texto original del MUV',
        PathFuente: 'Invoice.cbc:Note',
        Fuente: 'FacturaElectronica',
      },
    ]);
    const r2 = await radicar({ rips: ripsDe(muv), xmlFevFile: xmlFev(muv) }, a.clave);
    expect(r2.status).toBe(422);
    expect(r2.body.estado).toBe('rechazado');
    expect(await filasDe(a.entidad.id)).toHaveLength(0);
  });

  it('si registrar el historial falla, la radicación igual queda radicada (aviso sin datos del paciente)', async () => {
    const a = await s.crearEntidadConMuv('historia-falla');
    await sql.query(
      "alter table historia_servicio add constraint historia_prueba_falla check (tipo_servicio <> 'consultas') not valid",
    );
    try {
      const num = factura('X');
      const desde = lineasLog.length;
      const r = await radicar({ rips: ripsDe(num), xmlFevFile: xmlFev(num) }, a.clave);
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({ estado: 'radicado' });
      expect(r.body.cuv).toMatch(/^[0-9a-f]{96}$/);
      const fila = await sql.query('select estado, cuv from radicacion where id = $1', [r.body.id]);
      expect(fila.rows[0]).toMatchObject({ estado: 'radicado', cuv: r.body.cuv });
      // The batch is rolled back whole: no partial history.
      expect(await filasDe(a.entidad.id)).toHaveLength(0);
      const log = lineasLog.slice(desde).join('');
      expect(log).toMatch(/no se pudo registrar el historial de servicios/);
      for (const d of documentosDe(ripsDe(num))) expect(log).not.toContain(d);
    } finally {
      await sql.query('alter table historia_servicio drop constraint historia_prueba_falla');
    }
  });

  it('20 000 servicios se registran en lotes (medido; menos de un segundo sin carga); buscar 2 000 pacientes', async () => {
    const a = await s.crearEntidad('historia-volumen');
    const usuarios: Registro[] = [];
    for (let u = 0; u < 2000; u++) {
      const consultas: Registro[] = [];
      for (let k = 0; k < 10; k++)
        consultas.push({
          fechaInicioAtencion: `2026-${String(1 + (k % 9)).padStart(2, '0')}-${String(10 + k).padStart(2, '0')} 08:${String(u % 60).padStart(2, '0')}`,
          grupoServicios: '01',
        });
      usuarios.push({
        tipoDocumentoIdentificacion: 'CC',
        numDocumentoIdentificacion: `${10_000_000 + u}`,
        servicios: { consultas },
      });
    }
    const rips = { usuarios };
    const radicacionId = crypto.randomUUID();
    const em = s.em();
    const t0 = performance.now();
    const agregadas = await em.transactional((tem) =>
      registrarServicios(tem, a.entidad.id, radicacionId, rips, clave),
    );
    const ms = performance.now() - t0;
    expect(agregadas).toBe(20_000);
    const hmacs = usuarios.map((u) => pacienteHmac(clave, 'CC', u.numDocumentoIdentificacion as string));
    const t1 = performance.now();
    const h = await buscarHistoria(s.em(), a.entidad.id, hmacs);
    const msBuscar = performance.now() - t1;
    expect(h.size).toBe(2000);
    expect(h.get(hmacs[7]!)).toHaveLength(10);
    // Filing the same package again adds nothing.
    expect(
      await s.em().transactional((tem) => registrarServicios(tem, a.entidad.id, radicacionId, rips, clave)),
    ).toBe(0);
    console.log(
      `[historia] registrar 20 000 servicios: ${ms.toFixed(0)} ms; buscar 2 000 pacientes: ${msBuscar.toFixed(0)} ms`,
    );
    // About 0.3–0.6 s on a busy 2-core machine; the bound leaves room for a loaded CI run.
    expect(ms).toBeLessThan(2000);
  });
});
