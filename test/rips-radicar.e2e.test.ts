import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Entidad } from '../src/entidades/entidad.entity.js';
import { ErrorApp } from '../src/errores/errores.js';
import { crearLogger } from '../src/logger.js';
import { Radicacion } from '../src/rips/radicacion/radicacion.entity.js';
import { cuvDelPaquete } from '../src/simuladores/muv/paquete.js';
import { CREDENCIALES_SANDBOX } from '../src/simuladores/muv/sandbox.js';
import { iniciarSimuladorMuv, type SimuladorMuv } from '../src/simuladores/muv/servidor.js';
import { CUOTA_MODERADORA, consulta, ripsDe, TOTAL_SERVICIOS, xmlFev } from './fixtures/muv.js';
import { iniciarEmisor } from './issuer.js';
import { graphql, iniciarServicio, pedir } from './servidor.js';

const lineasLog: string[] = [];
const destino = new Writable({
  write(chunk, _e, cb) {
    lineasLog.push(String(chunk));
    cb();
  },
});

let sim: SimuladorMuv;
let emisor: Awaited<ReturnType<typeof iniciarEmisor>>;
let s: Awaited<ReturnType<typeof iniciarServicio>>;
let a: { entidad: Entidad; clave: string };
let b: { entidad: Entidad; clave: string };
let sinCredenciales: { entidad: Entidad; clave: string };

let n = 0;
/** A fresh invoice number per test, so tests never share a document at the simulator. */
const factura = (base: string) => `${base}${Date.now().toString(36)}${++n}`.toUpperCase().slice(0, 20);

beforeAll(async () => {
  sim = await iniciarSimuladorMuv();
  emisor = await iniciarEmisor();
  s = await iniciarServicio(
    {
      MUV_BASE_URL: sim.url,
      MUV_REINTENTOS: '0',
      MUV_TIMEOUT_MS: '1500',
      MUV_CONSULTA_TIMEOUT_MS: '1000',
      ...emisor.entorno,
    },
    { log: crearLogger('info', destino) },
  );
  const conCredenciales = s.crearEntidadConMuv;
  a = await conCredenciales('radicar-a');
  b = await conCredenciales('radicar-b');
  sinCredenciales = await s.crearEntidad('radicar-sin-cred');
});

afterAll(async () => {
  await s?.cerrar();
  await sim?.cerrar();
  await emisor?.cerrar();
});

const radicar = (cuerpo: unknown, clave = a.clave) =>
  pedir(s.url, '/rips', { cuerpo, cabeceras: { 'X-Api-Key': clave } });
const leer = (ruta: string, clave = a.clave) => pedir(s.url, ruta, { cabeceras: { 'X-Api-Key': clave } });

async function filasDe(entidad: Entidad, numFactura: string) {
  return s.em().find(Radicacion, { entidad: entidad.id, numFactura }, { orderBy: { createdAt: 'asc' } });
}

describe('POST /rips: radicado, repetida y cada tipoNota', () => {
  it('factura → 201 con el CUV del MUV (96 hex, determinista del paquete); GET /rips/:id con sus hallazgos', async () => {
    const num = factura('F');
    const rips = ripsDe(num);
    const xml = xmlFev(num);
    const r = await radicar({ rips, xmlFevFile: xml });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      estado: 'radicado',
      repetida: false,
      numFactura: num,
      operacion: 'CargarFevRips',
    });
    expect(r.body.cuv).toMatch(/^[0-9a-f]{96}$/);
    expect(r.body.cuv).toBe(cuvDelPaquete(rips, xml));
    expect(r.body.procesoId).toBeGreaterThan(0);
    expect(Array.isArray(r.body.avisos)).toBe(true);
    for (const av of r.body.avisos) expect(av.severidad).toMatch(/^aviso-/);
    const d = await leer(`/rips/${r.body.id}`);
    expect(d.status).toBe(200);
    expect(d.body).toMatchObject({ id: r.body.id, estado: 'radicado', cuv: r.body.cuv });
    expect(Array.isArray(d.body.errores)).toBe(true);
    for (const e of d.body.errores) expect(e.titulo.length).toBeGreaterThan(3);
  });

  it('la misma factura otra vez → 200 repetida, sin llamar al MUV ni crear otra fila', async () => {
    const num = factura('R');
    const cuerpo = { rips: ripsDe(num), xmlFevFile: xmlFev(num) };
    const primera = await radicar(cuerpo);
    expect(primera.status).toBe(201);
    const cargas = sim.contadores.cargas;
    const otra = await radicar(cuerpo);
    expect(otra.status).toBe(200);
    expect(otra.body).toMatchObject({
      id: primera.body.id,
      repetida: true,
      cuv: primera.body.cuv,
      estado: 'radicado',
    });
    expect(sim.contadores.cargas).toBe(cargas);
    expect(await filasDe(a.entidad, num)).toHaveLength(1);
    // Another entity filing the same invoice number is not a repeat of ours: it goes to the mechanism.
    const deB = await radicar(cuerpo, b.clave);
    expect(sim.contadores.cargas).toBe(cargas + 1);
    expect(deB.body.repetida).toBe(false);
  });

  it.each([
    ['NC', 'CargarNC', true],
    ['ND', 'CargarND', true],
    ['NA', 'CargarNotaAjuste', false],
    ['RS', 'CargarRipsSinFactura', false],
  ] as const)(
    'tipoNota %s → %s, 201; repetir la nota vuelve a ir al MUV',
    async (tipoNota, operacion, conXml) => {
      const num = factura(tipoNota);
      const base = tipoNota === 'RS' ? null : factura('BASE');
      const rips = ripsDe(base, { tipoNota, numNota: num });
      const xml = xmlFev(num, tipoNota === 'NC' ? 'CreditNote' : 'DebitNote', base);
      const cuerpo = conXml ? { rips, xmlFevFile: xml } : { rips };
      const r = await radicar(cuerpo);
      expect(r.status, JSON.stringify(r.body).slice(0, 600)).toBe(201);
      expect(r.body).toMatchObject({ estado: 'radicado', operacion, tipoNota, repetida: false });
      expect(r.body.cuv).toMatch(/^[0-9a-f]{96}$/);
      const cargas = sim.contadores.cargas;
      const otra = await radicar(cuerpo);
      expect(sim.contadores.cargas).toBe(cargas + 1);
      expect(otra.body.repetida).toBe(false);
      // The mechanism answers "already has a CUV" (or files RS again): either way the same CUV, never lost.
      expect(otra.status).toBe(201);
      expect(otra.body.cuv).toBe(r.body.cuv);
    },
  );
});

describe('POST /rips: rechazos', () => {
  it('compuerta local con rechazos → 422 rechazado-local, guardado, sin contactar al MUV', async () => {
    const num = factura('L');
    const rips = ripsDe(num);
    consulta(rips).codDiagnosticoPrincipal = 'J4';
    const cargas = sim.contadores.cargas;
    const r = await radicar({ rips, xmlFevFile: xmlFev(num) });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ estado: 'rechazado-local', cuv: null, repetida: false });
    const e = r.body.errores.find((x: { severidad: string }) => x.severidad === 'rechazo');
    expect(e).toMatchObject({ fuente: 'linter-local' });
    expect(e.comoCorregir.length).toBeGreaterThan(10);
    expect(r.body.nErrores).toBeGreaterThan(0);
    expect(sim.contadores.cargas).toBe(cargas);
    const filas = await filasDe(a.entidad, num);
    expect(filas.map((f) => f.estado)).toEqual(['rechazado-local']);
  });

  it('el MUV rechaza → 422 rechazado; códigos conocidos con nuestros textos, desconocidos con el original', async () => {
    const num = factura('M');
    const rips = ripsDe(num);
    consulta(rips).numDocumentoIdentificacion = '99912345';
    sim.agregarResultados(num, [
      {
        Clase: 'RECHAZADO',
        Codigo: 'ZZ901',
        Descripcion: 'Regla nueva del Ministerio',
        Observaciones: 'Texto original del MUV',
        PathFuente: 'Invoice.cbc:Note',
        Fuente: 'FacturaElectronica',
      },
    ]);
    const r = await radicar({ rips, xmlFevFile: xmlFev(num) });
    expect(r.status).toBe(422);
    expect(r.body.estado).toBe('rechazado');
    expect(r.body.cuv).toBeNull();
    const rvg11 = r.body.errores.find((x: { codigo: string }) => x.codigo === 'RVG11');
    expect(rvg11).toMatchObject({
      fuente: 'muv',
      severidad: 'rechazo',
      titulo: 'Profesional no registrado en RETHUS',
    });
    expect(rvg11.ubicacion).toMatchObject({
      factura: num,
      usuarioIndex: 1,
      tipoServicio: 'consultas',
      servicioIndex: 0,
      campo: 'numDocumentoIdentificacion',
      ruta: 'usuarios[1].servicios.consultas[0].numDocumentoIdentificacion',
    });
    expect(rvg11.mensajeOriginal).toMatch(/RETHUS/);
    const raro = r.body.errores.find((x: { codigo: string }) => x.codigo === 'ZZ901');
    expect(raro).toMatchObject({
      fuente: 'muv',
      titulo: 'Regla nueva del Ministerio',
      explicacion: 'Texto original del MUV',
    });
    // The raw answer is stored as evidence and never logged.
    const fila = await s.em().findOne(Radicacion, { id: r.body.id }, { populate: ['respuestaMuv'] });
    expect(JSON.stringify(fila!.respuestaMuv)).toMatch(/ResultadosValidacion/);
    expect(lineasLog.join('')).not.toMatch(/99912345|ResultadosValidacion|Texto original del MUV/);
  });

  it('compuerta FEV: factura sin XML o con el XML de otra factura → 422 rechazado-local', async () => {
    const cargas = sim.contadores.cargas;
    const num = factura('X');
    for (const cuerpo of [{ rips: ripsDe(num) }, { rips: ripsDe(num), xmlFevFile: xmlFev(`${num}9`) }]) {
      const r = await radicar(cuerpo);
      expect(r.status).toBe(422);
      expect(r.body.estado).toBe('rechazado-local');
      const e = r.body.errores.find((x: { severidad: string }) => x.severidad === 'rechazo');
      expect(e.fuente).toBe('linter-local');
    }
    expect(sim.contadores.cargas).toBe(cargas);
  });

  it('cuerpo inválido → 400 en español', async () => {
    const num = factura('B');
    const casos: unknown[] = [
      {},
      { rips: [] },
      { rips: ripsDe(num), otro: 1 },
      { rips: ripsDe(num), xmlFevFile: 5 },
      { rips: { ...ripsDe(num), tipoNota: 'XX' } },
      { rips: ripsDe(num), xmlFevFile: '%%% no es base64 %%%' },
      { rips: ripsDe(num, { tipoNota: 'NA', numNota: 'A1' }), xmlFevFile: xmlFev(num) },
    ];
    for (const cuerpo of casos) {
      const r = await radicar(cuerpo);
      expect(r.status, JSON.stringify(cuerpo).slice(0, 60)).toBe(400);
      expect(r.body.codigo).toBe('entrada-invalida');
      expect(r.body.error.length).toBeGreaterThan(10);
    }
    const malJson = await pedir(s.url, '/rips', {
      crudo: '{"rips": ',
      cabeceras: { 'X-Api-Key': a.clave, 'content-type': 'application/json' },
    });
    expect(malJson.status).toBe(400);
    expect(await filasDe(a.entidad, num)).toHaveLength(0);
  });
});

describe('consultas, tenencia y permisos', () => {
  it('GET /rips: las últimas de la entidad, la más reciente primero, con conteos', async () => {
    const num = factura('G');
    const r = await radicar({ rips: ripsDe(num), xmlFevFile: xmlFev(num) });
    const lista = await leer('/rips');
    expect(lista.status).toBe(200);
    expect(lista.body.items[0]).toMatchObject({ id: r.body.id, numFactura: num, estado: 'radicado' });
    expect(typeof lista.body.items[0].nErrores).toBe('number');
    expect(typeof lista.body.items[0].nAvisos).toBe('number');
    const fechas = lista.body.items.map((i: { createdAt: string }) => i.createdAt);
    expect([...fechas].sort().reverse()).toEqual(fechas);
    expect(lista.body.items.length).toBeLessThanOrEqual(100);
    const deB = await leer('/rips', b.clave);
    expect(deB.body.items.some((i: { id: string }) => i.id === r.body.id)).toBe(false);
  });

  it('ids de otra entidad, inexistentes o mal formados → 404 (también /cuv)', async () => {
    const num = factura('T');
    const r = await radicar({ rips: ripsDe(num), xmlFevFile: xmlFev(num) });
    for (const id of [r.body.id, '00000000-0000-4000-8000-000000000000', 'no-es-uuid']) {
      for (const ruta of [`/rips/${id}`, `/rips/${id}/cuv`]) {
        const x = await leer(ruta, b.clave);
        expect(x.status).toBe(404);
        expect(x.body.codigo).toBe('no-encontrado');
      }
    }
  });

  it('GET /rips/:id/cuv → 200 verificado con el registro completo del MUV', async () => {
    const num = factura('V');
    const r = await radicar({ rips: ripsDe(num), xmlFevFile: xmlFev(num) });
    const v = await leer(`/rips/${r.body.id}/cuv`);
    expect(v.status).toBe(200);
    expect(v.body).toMatchObject({ id: r.body.id, numFactura: num, cuv: r.body.cuv, verificado: true });
    expect(v.body.registro).toMatchObject({
      procesoId: r.body.procesoId,
      cuv: r.body.cuv,
      numeroDocumento: num,
      numDocumentoIdObligado: '900123456',
      esValido: true,
      tipoDocumento: 'FacturaElectronica',
      fechaEmision: '2026-10-01',
      totalFactura: TOTAL_SERVICIOS - CUOTA_MODERADORA,
      cantidadUsuarios: 2,
      codigoPrestador: '110010123401',
      numDocumentoReferenciado: null,
    });
    expect(v.body.registro.cantidadTotalAtenciones.consultas).toBeGreaterThan(0);
    expect(Array.isArray(v.body.registro.resultadosValidacion)).toBe(true);
    expect(v.body.registro.fechaValidacion).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(new Date(v.body.consultadoEn).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('GET /rips/:id/cuv: el MUV no conoce el documento → registro null, verificado false', async () => {
    const em = s.em();
    const fila = em.create(Radicacion, {
      entidad: em.getReference(Entidad, a.entidad.id),
      numFactura: 'DESCONOCIDA1',
      numDocumentoIdObligado: '900123456',
      operacion: 'CargarFevRips',
      estado: 'radicado',
      nErrores: 0,
      nAvisos: 0,
      errores: [],
      cuv: 'a'.repeat(96),
      procesoId: 1,
      createdAt: new Date(),
    });
    await em.flush();
    const v = await leer(`/rips/${fila.id}/cuv`);
    expect(v.status).toBe(200);
    expect(v.body).toMatchObject({ verificado: false, registro: null, cuv: 'a'.repeat(96) });
  });

  it('GET /rips/:id/cuv sin CUV → 409; MUV sin responder → 502', async () => {
    const num = factura('C');
    const rips = ripsDe(num);
    consulta(rips).codDiagnosticoPrincipal = 'J4';
    const local = await radicar({ rips, xmlFevFile: xmlFev(num) });
    const c = await leer(`/rips/${local.body.id}/cuv`);
    expect(c.status).toBe(409);
    expect(c.body.codigo).toBe('conflicto');
    expect(c.body.error).toMatch(/no tiene CUV/);

    const num2 = factura('C');
    const ok = await radicar({ rips: ripsDe(num2), xmlFevFile: xmlFev(num2) });
    sim.fallas.latenciaMs = 1300; // longer than MUV_CONSULTA_TIMEOUT_MS
    try {
      const caido = await leer(`/rips/${ok.body.id}/cuv`);
      expect(caido.status).toBe(502);
      expect(caido.body.codigo).toBe('upstream-no-disponible');
    } finally {
      sim.fallas.latenciaMs = 0;
    }
  });

  it('auditor no puede radicar (403) pero sí leer; operador sí radica', async () => {
    const num = factura('P');
    const auditor = await emisor.firmar({ groups: [`${a.entidad.slug}:auditor`] });
    const r = await pedir(s.url, '/rips', {
      cuerpo: { rips: ripsDe(num), xmlFevFile: xmlFev(num) },
      cabeceras: { Authorization: `Bearer ${auditor}` },
    });
    expect(r.status).toBe(403);
    expect(r.body.codigo).toBe('sin-permiso');
    expect(r.body.error).toMatch(/rips:enviar/);
    expect((await pedir(s.url, '/rips', { cabeceras: { Authorization: `Bearer ${auditor}` } })).status).toBe(
      200,
    );
    const operador = await emisor.firmar({ groups: [`${a.entidad.slug}:operador`] });
    const g = await graphql(
      s.url,
      'mutation($rips: JSON!, $x: String) { radicarRips(rips: $rips, xmlFevFile: $x) { radicacion { estado cuv } repetida } }',
      { Authorization: `Bearer ${operador}` },
      { rips: ripsDe(num), x: xmlFev(num) },
    );
    expect(g.body.data.radicarRips).toMatchObject({ radicacion: { estado: 'RADICADO' }, repetida: false });
    expect(await filasDe(a.entidad, num)).toHaveLength(1);
  });

  it('entidad sin credenciales MUV → 503 credenciales-no-configuradas, nada guardado', async () => {
    const num = factura('S');
    const r = await radicar({ rips: ripsDe(num), xmlFevFile: xmlFev(num) }, sinCredenciales.clave);
    expect(r.status).toBe(503);
    expect(r.body.codigo).toBe('credenciales-no-configuradas');
    expect(await filasDe(sinCredenciales.entidad, num)).toHaveLength(0);
  });

  it('la tabla es de solo inserción', async () => {
    const conn = s.em().getConnection();
    await expect(conn.execute(`update radicacion set motivo = 'x'`)).rejects.toThrow(/solo inserción/);
    await expect(conn.execute('delete from radicacion')).rejects.toThrow(/solo inserción/);
  });
});

describe('concurrencia, sesión y fallas del MUV', () => {
  it('cinco solicitudes idénticas a la vez → una sola radicación, las demás repetidas', async () => {
    const num = factura('K');
    const cuerpo = { rips: ripsDe(num), xmlFevFile: xmlFev(num) };
    const cargas = sim.contadores.cargas;
    const rs = await Promise.all(Array.from({ length: 5 }, () => radicar(cuerpo)));
    expect(rs.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(rs.map((r) => r.body.id)).size).toBe(1);
    expect(new Set(rs.map((r) => r.body.cuv)).size).toBe(1);
    expect(sim.contadores.cargas).toBe(cargas + 1);
    expect(await filasDe(a.entidad, num)).toHaveLength(1);
  });

  it('token vencido a mitad de la operación (TOT002) → se inicia sesión otra vez y se radica', async () => {
    const num1 = factura('E');
    expect((await radicar({ rips: ripsDe(num1), xmlFevFile: xmlFev(num1) })).status).toBe(201);
    const logins = sim.contadores.login;
    sim.expirarTokens();
    const num2 = factura('E');
    const r = await radicar({ rips: ripsDe(num2), xmlFevFile: xmlFev(num2) });
    expect(r.status).toBe(201);
    expect(sim.contadores.login).toBe(logins + 1);
  });

  it('MUV con 5xx → 502, nada radicado; el reintento radica', async () => {
    const num = factura('Q');
    const cuerpo = { rips: ripsDe(num), xmlFevFile: xmlFev(num) };
    sim.fallarProximas('5xx');
    const r = await radicar(cuerpo);
    expect(r.status).toBe(502);
    expect(r.body.codigo).toBe('upstream-no-disponible');
    expect((await filasDe(a.entidad, num)).map((f) => f.estado)).toEqual(['fallido']);
    const otra = await radicar(cuerpo);
    expect(otra.status).toBe(201);
  });

  it('MUV que no responde (timeout) → 502 acotado; el reintento radica', async () => {
    const num = factura('O');
    const cuerpo = { rips: ripsDe(num), xmlFevFile: xmlFev(num) };
    sim.fallarProximas('colgar');
    const t = Date.now();
    const r = await radicar(cuerpo);
    expect(r.status).toBe(502);
    expect(Date.now() - t).toBeLessThan(5000);
    expect(r.body.error).toMatch(/no respondió/);
    const otra = await radicar(cuerpo);
    expect(otra.status).toBe(201);
    expect((await filasDe(a.entidad, num)).map((f) => f.estado)).toEqual(['fallido', 'radicado']);
  });

  it('respuesta perdida tras radicar → ConsultarCUV la encuentra: 201 con el CUV real, sin reintento', async () => {
    const num = factura('D');
    const rips = ripsDe(num);
    const xml = xmlFev(num);
    sim.fallarProximas('soltar');
    const consultas = sim.contadores.consultas;
    const r = await radicar({ rips, xmlFevFile: xml });
    expect(r.status).toBe(201);
    const enMuv = sim.radicado('900123456', num);
    expect(enMuv?.cuv).toBe(cuvDelPaquete(rips, xml));
    expect(r.body.cuv).toBe(enMuv!.cuv);
    expect(r.body.procesoId).toBe(enMuv!.procesoId);
    expect(r.body.motivo).toMatch(/Conciliada: la carga no obtuvo respuesta/);
    // The record by document, then the CUV computed from this package's files and its control (issue 30).
    expect(sim.contadores.consultas).toBe(consultas + 3);
    const otra = await radicar({ rips, xmlFevFile: xml });
    expect(otra.status).toBe(200);
    expect(otra.body.repetida).toBe(true);
    const filas = await filasDe(a.entidad, num);
    expect(filas.map((f) => f.estado)).toEqual(['radicado']);
    const v = await leer(`/rips/${r.body.id}/cuv`);
    expect(v.body.verificado).toBe(true);
  });

  it('sin respuesta y ConsultarCUV no lo muestra → 502 no-consta, reintento seguro; el reintento radica', async () => {
    const num = factura('N');
    const cuerpo = { rips: ripsDe(num), xmlFevFile: xmlFev(num) };
    sim.fallarProximas('colgar');
    const r = await radicar(cuerpo);
    expect(r.status).toBe(502);
    expect(r.body).toMatchObject({
      codigo: 'upstream-no-disponible',
      resultado: 'no-consta',
      reintentoSeguro: true,
    });
    expect(r.body.error).toMatch(/no consta radicado/);
    const filas = await filasDe(a.entidad, num);
    expect(filas.map((f) => [f.id, f.estado])).toEqual([[r.body.radicacionId, 'fallido']]);
    expect((await radicar(cuerpo)).status).toBe(201);
  });

  it('sin respuesta y ConsultarCUV tampoco responde → 502 desconocido; el reintento concilia el CUV real', async () => {
    const num = factura('U');
    const rips = ripsDe(num);
    const xml = xmlFev(num);
    sim.fallarProximas('soltar');
    const consultar = s.servicio.servicios.muv.consultarCuv.bind(s.servicio.servicios.muv);
    const muv = s.servicio.servicios.muv as { consultarCuv: typeof consultar };
    muv.consultarCuv = async () => {
      throw new ErrorApp(
        'upstream-no-disponible',
        'El MUV (API Docker FEV-RIPS) no está disponible: prueba.',
      );
    };
    let r: Awaited<ReturnType<typeof radicar>>;
    try {
      r = await radicar({ rips, xmlFevFile: xml });
    } finally {
      muv.consultarCuv = consultar;
    }
    expect(r.status).toBe(502);
    expect(r.body).toMatchObject({ resultado: 'desconocido', reintentoSeguro: true });
    expect(r.body.error).toMatch(/No se sabe si el MUV radicó/);
    const reintento = await radicar({ rips, xmlFevFile: xml });
    expect(reintento.status).toBe(201);
    expect(reintento.body.cuv).toBe(sim.radicado('900123456', num)!.cuv);
    expect(reintento.body.motivo).toMatch(/Conciliada/);
    expect((await filasDe(a.entidad, num)).map((f) => f.estado)).toEqual(['fallido', 'radicado']);
  });
});

describe('sin MUV configurado', () => {
  let sinMuv: Awaited<ReturnType<typeof iniciarServicio>>;
  let clave: string;
  let entidad: Entidad;
  beforeAll(async () => {
    sinMuv = await iniciarServicio();
    const e = await sinMuv.crearEntidad('sin-muv');
    clave = e.clave;
    entidad = e.entidad;
    await sinMuv.servicio.servicios.credenciales.guardar(sinMuv.em(), e.entidad, 'muv', {
      ...CREDENCIALES_SANDBOX,
    });
  });
  afterAll(async () => {
    await sinMuv?.cerrar();
  });

  it('POST /rips y GET /rips/:id/cuv → 503 upstream-no-configurado; /ready lo dice', async () => {
    const r = await pedir(sinMuv.url, '/rips', {
      cuerpo: { rips: ripsDe('NOCONF1'), xmlFevFile: xmlFev('NOCONF1') },
      cabeceras: { 'X-Api-Key': clave },
    });
    expect(r.status).toBe(503);
    expect(r.body.codigo).toBe('upstream-no-configurado');
    const em = sinMuv.em();
    const fila = em.create(Radicacion, {
      entidad: em.getReference(Entidad, entidad.id),
      numFactura: 'NOCONF2',
      numDocumentoIdObligado: '900123456',
      operacion: 'CargarFevRips',
      estado: 'radicado',
      nErrores: 0,
      nAvisos: 0,
      errores: [],
      cuv: 'b'.repeat(96),
      createdAt: new Date(),
    });
    await em.flush();
    const c = await pedir(sinMuv.url, `/rips/${fila.id}/cuv`, { cabeceras: { 'X-Api-Key': clave } });
    expect(c.status).toBe(503);
    expect(c.body.codigo).toBe('upstream-no-configurado');
    const listo = await pedir(sinMuv.url, '/ready');
    expect(listo.body.dependencias.muv.estado).toBe('no-configurado');
  });
});
