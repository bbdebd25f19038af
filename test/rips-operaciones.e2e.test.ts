import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entidad } from '../src/entidades/entidad.entity.js';
import { Radicacion } from '../src/rips/radicacion/radicacion.entity.js';
import { iniciarSimuladorMuv, type SimuladorMuv } from '../src/simuladores/muv/servidor.js';
import {
  ripsCapita as ripsCapitaConModeradores,
  xmlFacturaCapita,
  xmlNotaCredito,
} from './fixtures/capita.js';
import { ripsDe, xmlFev } from './fixtures/muv.js';
import { graphql, iniciarServicio, pedir } from './servidor.js';

/*
 * Issue 31: every operation of the mechanism through both doors, against the sandbox over HTTP. A
 * capitated provider's cycle (CapitaInicial, two CapitaPeriodo with the previous period's RIPS,
 * CapitaFinal, a capitation credit note), and a total and an agreement credit note of an invoice
 * filed earlier; each leaves its evidence row and shows in the list, the detail and the events.
 */

let sim: SimuladorMuv;
let s: Awaited<ReturnType<typeof iniciarServicio>>;
let rest: { entidad: Entidad; clave: string };
let gql: { entidad: Entidad; clave: string };

/**
 * A capitation RIPS whose services collected no moderating payment: the period invoices here carry
 * none either (RVG09 compares them, as for any invoice).
 */
function ripsCapita(numFactura: string, o: { valor?: number } = {}) {
  const r = ripsCapitaConModeradores(numFactura, o);
  for (const u of r.usuarios as { servicios: Record<string, Record<string, unknown>[]> }[])
    for (const lista of Object.values(u.servicios))
      for (const x of lista)
        if ('valorPagoModerador' in x)
          Object.assign(x, { conceptoRecaudo: '05', valorPagoModerador: 0, numFEVPagoModerador: null });
  return r;
}

let n = 0;
const numero = (base: string) => `${base}${Date.now().toString(36)}${++n}`.toUpperCase().slice(0, 20);

beforeAll(async () => {
  // Only the manual's path of RecuperarCUV: the service's default must be that one.
  sim = await iniciarSimuladorMuv({ rutasRecuperarCuv: 'manual' });
  s = await iniciarServicio({ MUV_BASE_URL: sim.url, MUV_REINTENTOS: '0', MUV_TIMEOUT_MS: '3000' });
  rest = await s.crearEntidadConMuv('operaciones-rest');
  gql = await s.crearEntidadConMuv('operaciones-gql');
});

afterAll(async () => {
  await s?.cerrar();
  await sim?.cerrar();
});

const radicar = (cuerpo: unknown, clave = rest.clave) =>
  pedir(s.url, '/rips', { cuerpo, cabeceras: { 'X-Api-Key': clave } });
const validar = (cuerpo: unknown, clave = rest.clave) =>
  pedir(s.url, '/rips/validar', { cuerpo, cabeceras: { 'X-Api-Key': clave } });
const leer = (ruta: string, clave = rest.clave) => pedir(s.url, ruta, { cabeceras: { 'X-Api-Key': clave } });

const RADICAR_GQL = `mutation ($rips: JSON, $xml: String, $op: OperacionRadicacion) {
  radicarRips(rips: $rips, xmlFevFile: $xml, operacion: $op) {
    repetida
    radicacion {
      id estado cuv operacion tipoOperacion modulo modalidadPago ambiente tipoNota numFactura numNota
      periodoAtencion { fechaInicio fechaFin }
      errores { codigo } avisos { codigo }
    }
  }
}`;

async function radicarGql(op: string, rips: unknown, xml: string | null) {
  const r = await graphql(s.url, RADICAR_GQL, { 'X-Api-Key': gql.clave }, { rips, xml, op });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
  return r.body.data.radicarRips as {
    repetida: boolean;
    radicacion: Record<string, unknown> & { id: string; errores: { codigo: string }[] };
  };
}

async function evidencia(id: string) {
  const fila = await s.em().findOne(Radicacion, { id });
  const eventos = await s
    .em()
    .getConnection()
    .execute('select tipo, datos from evento_dominio where recurso_id = ?', [id]);
  return { fila, eventos: eventos as { tipo: string; datos: Record<string, unknown> }[] };
}

async function comprobarRastro(id: string, metodo: string, modulo: string, clave: string) {
  const { fila, eventos } = await evidencia(id);
  expect(fila).toMatchObject({ operacion: metodo, modulo, estado: 'radicado' });
  expect(fila!.cuv).toMatch(/^[0-9a-f]{96}$/);
  expect(eventos.some((e) => e.tipo === 'radicacion.radicado' && e.datos.operacion === metodo)).toBe(true);
  const lista = await leer('/rips', clave);
  const item = (lista.body.items as { id: string; operacion: string }[]).find((x) => x.id === id);
  expect(item?.operacion).toBe(metodo);
  const detalle = await leer(`/rips/${id}`, clave);
  expect(detalle.status).toBe(200);
  expect(detalle.body).toMatchObject({ operacion: metodo, modulo });
}

describe('ciclo de un prestador capitado por REST', () => {
  it('cápita inicial, dos cápitas por periodo, cápita final y nota crédito de cápita: 201 con CUV y rastro', async () => {
    const inicial = numero('CI');
    const r1 = await radicar({
      operacion: 'capita-inicial',
      rips: null,
      xmlFevFile: xmlFacturaCapita(inicial),
    });
    expect(r1.status, JSON.stringify(r1.body)).toBe(201);
    expect(r1.body).toMatchObject({
      operacion: 'CargarCapitaInicial',
      tipoOperacion: 'capita-inicial',
      modulo: 'CapitaInicial',
      modalidadPago: 'Pago capitacion',
      numFactura: inicial,
      tipoNota: null,
      periodoAtencion: { fechaInicio: '2026-10-01T00:00:00', fechaFin: '2026-10-31T00:00:00' },
    });
    await comprobarRastro(r1.body.id, 'CargarCapitaInicial', 'CapitaInicial', rest.clave);

    // Each period invoice carries the previous period's RIPS (services of September 2026).
    const periodo1 = numero('CP');
    const r2 = await radicar({
      operacion: 'capita-periodo',
      rips: ripsCapita(periodo1),
      xmlFevFile: xmlFacturaCapita(periodo1),
    });
    expect(r2.status, JSON.stringify(r2.body)).toBe(201);
    expect(r2.body).toMatchObject({ operacion: 'CargarCapitaPeriodo', modulo: 'CapitaPeriodo' });
    await comprobarRastro(r2.body.id, 'CargarCapitaPeriodo', 'CapitaPeriodo', rest.clave);

    const periodo2 = numero('CP');
    const noviembre = { inicio: '2026-11-01', fin: '2026-11-30' };
    const r3 = await radicar({
      operacion: 'capita-periodo',
      rips: ripsCapita(periodo2),
      xmlFevFile: xmlFacturaCapita(periodo2, { periodo: noviembre }),
    });
    expect(r3.status, JSON.stringify(r3.body)).toBe(201);
    // The invoice of November was issued on 2 October: the mechanism's CIN001 notification.
    expect((r3.body.avisos as { codigo: string }[]).map((e) => e.codigo)).toContain('CIN001');

    // The final RIPS of the last invoice is not that invoice: it is filed, not answered as a repeat.
    const r4 = await radicar({ operacion: 'capita-final', rips: ripsCapita(periodo2), xmlFevFile: '' });
    expect(r4.status, JSON.stringify(r4.body)).toBe(201);
    expect(r4.body).toMatchObject({ repetida: false, operacion: 'CargarCapitaFinal', numFactura: periodo2 });
    await comprobarRastro(r4.body.id, 'CargarCapitaFinal', 'CapitaFinal', rest.clave);

    const nota = numero('NCC');
    const r5 = await radicar({
      operacion: 'nota-credito-capita',
      rips: null,
      xmlFevFile: xmlNotaCredito(nota, periodo2, { modalidad: '03' }),
    });
    expect(r5.status, JSON.stringify(r5.body)).toBe(201);
    expect(r5.body).toMatchObject({ tipoNota: 'NC', numNota: nota, numFactura: periodo2 });
    await comprobarRastro(r5.body.id, 'CargarNCCapita', 'NCCapita', rest.clave);

    // A capitation invoice is an invoice: filed again, it is the existing filing (200, not sent).
    const otra = await radicar({ operacion: 'capita-inicial', xmlFevFile: xmlFacturaCapita(inicial) });
    expect(otra.status).toBe(200);
    expect(otra.body).toMatchObject({ repetida: true, id: r1.body.id });
  });

  it('nota crédito total y nota crédito por acuerdo de voluntades de una factura radicada antes', async () => {
    const f = numero('F');
    const factura = await radicar({ rips: ripsDe(f), xmlFevFile: xmlFev(f) });
    expect(factura.status, JSON.stringify(factura.body)).toBe(201);

    const total = numero('NCT');
    const r1 = await radicar({ operacion: 'nota-credito-total', xmlFevFile: xmlNotaCredito(total, f) });
    expect(r1.status, JSON.stringify(r1.body)).toBe(201);
    expect(r1.body).toMatchObject({
      tipoNota: 'NC',
      numNota: total,
      numFactura: f,
      modulo: 'NotaCreditoTotal',
    });
    await comprobarRastro(r1.body.id, 'CargarNCTotal', 'NotaCreditoTotal', rest.clave);

    const acuerdo = numero('NCA');
    const r2 = await radicar({
      operacion: 'nota-credito-acuerdo-voluntades',
      rips: null,
      xmlFevFile: xmlNotaCredito(acuerdo, f),
    });
    expect(r2.status, JSON.stringify(r2.body)).toBe(201);
    expect(r2.body.operacion).toBe('CargarNCAcuerdoVoluntades');
    const { fila } = await evidencia(r2.body.id);
    expect(fila?.modulo).toMatch(/AcuerdoVoluntades$/);
  });
});

describe('el mismo ciclo por GraphQL', () => {
  it('cada operación con su enum: CUV, módulo y evidencia', async () => {
    const inicial = numero('GI');
    const a = await radicarGql('CAPITA_INICIAL', null, xmlFacturaCapita(inicial));
    expect(a.radicacion).toMatchObject({
      estado: 'RADICADO',
      operacion: 'CargarCapitaInicial',
      tipoOperacion: 'CAPITA_INICIAL',
      modulo: 'CapitaInicial',
    });
    const p1 = numero('GP');
    const b = await radicarGql('CAPITA_PERIODO', ripsCapita(p1), xmlFacturaCapita(p1));
    expect(b.radicacion).toMatchObject({ estado: 'RADICADO', modulo: 'CapitaPeriodo' });
    const p2 = numero('GP');
    const c = await radicarGql(
      'CAPITA_PERIODO',
      ripsCapita(p2),
      xmlFacturaCapita(p2, { periodo: { inicio: '2026-11-01', fin: '2026-11-30' } }),
    );
    expect(c.radicacion.estado).toBe('RADICADO');
    const d = await radicarGql('CAPITA_FINAL', ripsCapita(p2), null);
    expect(d).toMatchObject({ repetida: false, radicacion: { estado: 'RADICADO', modulo: 'CapitaFinal' } });
    const e = await radicarGql(
      'NOTA_CREDITO_CAPITA',
      null,
      xmlNotaCredito(numero('GNC'), p2, { modalidad: '03' }),
    );
    expect(e.radicacion).toMatchObject({ estado: 'RADICADO', modulo: 'NCCapita', tipoNota: 'NC' });

    const f = numero('GF');
    const fac = await radicarGql('FACTURA', ripsDe(f), xmlFev(f));
    expect(fac.radicacion.estado).toBe('RADICADO');
    const t = await radicarGql('NOTA_CREDITO_TOTAL', null, xmlNotaCredito(numero('GNT'), f));
    expect(t.radicacion).toMatchObject({ estado: 'RADICADO', modulo: 'NotaCreditoTotal' });
    const v = await radicarGql('NOTA_CREDITO_ACUERDO_VOLUNTADES', null, xmlNotaCredito(numero('GNA'), f));
    expect(v.radicacion.estado).toBe('RADICADO');
    for (const x of [a, b, c, d, e, t, v]) {
      const { fila, eventos } = await evidencia(x.radicacion.id);
      expect(fila?.estado).toBe('radicado');
      expect(eventos.map((y) => y.datos.operacion)).toContain(fila?.operacion);
    }
    const lista = await graphql(
      s.url,
      '{ radicaciones(first: 20) { edges { node { id tipoOperacion } } } }',
      { 'X-Api-Key': gql.clave },
    );
    const tipos = (lista.body.data.radicaciones.edges as { node: { tipoOperacion: string } }[]).map(
      (x) => x.node.tipoOperacion,
    );
    expect(new Set(tipos)).toEqual(
      new Set([
        'CAPITA_INICIAL',
        'CAPITA_PERIODO',
        'CAPITA_FINAL',
        'NOTA_CREDITO_CAPITA',
        'FACTURA',
        'NOTA_CREDITO_TOTAL',
        'NOTA_CREDITO_ACUERDO_VOLUNTADES',
      ]),
    );
  });
});

describe('rechazos de entrada por operación (400 en español, nombrando el campo)', () => {
  const casos: [string, () => Record<string, unknown>, string][] = [
    ['operación desconocida', () => ({ operacion: 'capita', rips: ripsDe('X1') }), 'operacion'],
    [
      'capita-periodo con tipoNota NC',
      () => ({
        operacion: 'capita-periodo',
        rips: { ...ripsCapita('X2'), tipoNota: 'NC', numNota: 'N1' },
        xmlFevFile: xmlFacturaCapita('X2'),
      }),
      'rips.tipoNota',
    ],
    [
      'nota-credito con tipoNota null',
      () => ({ operacion: 'nota-credito', rips: ripsDe('X3'), xmlFevFile: xmlNotaCredito('N3', 'X3') }),
      'rips.tipoNota',
    ],
    [
      'factura con tipoNota ND',
      () => ({
        operacion: 'factura',
        rips: { ...ripsDe('X4'), tipoNota: 'ND', numNota: 'D4' },
        xmlFevFile: xmlFev('X4'),
      }),
      'rips.tipoNota',
    ],
    [
      'capita-final con tipoNota NA',
      () => ({ operacion: 'capita-final', rips: { ...ripsCapita('X5'), tipoNota: 'NA', numNota: 'A5' } }),
      'rips.tipoNota',
    ],
    [
      'nota-credito-total con rips',
      () => ({ operacion: 'nota-credito-total', rips: ripsDe('X6'), xmlFevFile: xmlNotaCredito('N6', 'X6') }),
      'rips',
    ],
    [
      'nota-credito-acuerdo-voluntades con rips',
      () => ({
        operacion: 'nota-credito-acuerdo-voluntades',
        rips: ripsDe('X7'),
        xmlFevFile: xmlNotaCredito('N7', 'X7'),
      }),
      'rips',
    ],
    [
      'capita-inicial con rips',
      () => ({ operacion: 'capita-inicial', rips: ripsCapita('X8'), xmlFevFile: xmlFacturaCapita('X8') }),
      'rips',
    ],
    [
      'capita-periodo sin rips',
      () => ({ operacion: 'capita-periodo', xmlFevFile: xmlFacturaCapita('X9') }),
      'rips',
    ],
    ['capita-inicial sin XML', () => ({ operacion: 'capita-inicial', rips: null }), 'xmlFevFile'],
    ['nota-credito-total sin XML', () => ({ operacion: 'nota-credito-total', xmlFevFile: '' }), 'xmlFevFile'],
    ['nota-credito-capita sin XML', () => ({ operacion: 'nota-credito-capita', rips: null }), 'xmlFevFile'],
    [
      'capita-periodo sin XML',
      () => ({ operacion: 'capita-periodo', rips: ripsCapita('X10') }),
      'xmlFevFile',
    ],
    ['factura (nombrada) sin XML', () => ({ operacion: 'factura', rips: ripsDe('X11') }), 'xmlFevFile'],
    [
      'capita-final con XML',
      () => ({ operacion: 'capita-final', rips: ripsCapita('X12'), xmlFevFile: xmlFacturaCapita('X12') }),
      'xmlFevFile',
    ],
    [
      'nota-ajuste con XML',
      () => ({
        operacion: 'nota-ajuste',
        rips: { ...ripsDe('X13'), tipoNota: 'NA', numNota: 'A13' },
        xmlFevFile: xmlFev('X13'),
      }),
      'xmlFevFile',
    ],
    [
      'rips-sin-factura con XML',
      () => ({
        operacion: 'rips-sin-factura',
        rips: { ...ripsDe('X14'), numFactura: null, tipoNota: 'RS' },
        xmlFevFile: xmlFev('X14'),
      }),
      'xmlFevFile',
    ],
    [
      'nota-debito con tipoNota NC',
      () => ({
        operacion: 'nota-debito',
        rips: { ...ripsDe('X15'), tipoNota: 'NC', numNota: 'N15' },
        xmlFevFile: xmlFev('X15'),
      }),
      'rips.tipoNota',
    ],
    [
      'nota-debito sin XML',
      () => ({ operacion: 'nota-debito', rips: { ...ripsDe('X16'), tipoNota: 'ND', numNota: 'D16' } }),
      'xmlFevFile',
    ],
    [
      'nota-credito sin XML',
      () => ({ operacion: 'nota-credito', rips: { ...ripsDe('X17'), tipoNota: 'NC', numNota: 'N17' } }),
      'xmlFevFile',
    ],
    [
      'nota-credito sin rips',
      () => ({ operacion: 'nota-credito', xmlFevFile: xmlNotaCredito('N18', 'X18') }),
      'rips',
    ],
    [
      'nota-credito-acuerdo-voluntades sin XML',
      () => ({ operacion: 'nota-credito-acuerdo-voluntades' }),
      'xmlFevFile',
    ],
    [
      'nota-ajuste con tipoNota NC',
      () => ({ operacion: 'nota-ajuste', rips: { ...ripsDe('X19'), tipoNota: 'NC', numNota: 'N19' } }),
      'rips.tipoNota',
    ],
    ['nota-ajuste sin rips', () => ({ operacion: 'nota-ajuste' }), 'rips'],
    [
      'rips-sin-factura con tipoNota null',
      () => ({ operacion: 'rips-sin-factura', rips: ripsDe('X20') }),
      'rips.tipoNota',
    ],
    [
      'nota-credito-capita con tipoNota ND',
      () => ({
        operacion: 'nota-credito-capita',
        rips: { ...ripsCapita('X21'), tipoNota: 'ND', numNota: 'D21' },
        xmlFevFile: xmlNotaCredito('N21', 'X21', { modalidad: '03' }),
      }),
      'rips.tipoNota',
    ],
    ['capita-final sin rips', () => ({ operacion: 'capita-final' }), 'rips'],
    [
      'operacion no textual',
      () => ({ operacion: 7, rips: ripsDe('X22'), xmlFevFile: xmlFev('X22') }),
      'operacion',
    ],
  ];
  it.each(casos)(
    '%s → 400 en POST /rips y en POST /rips/validar, sin evidencia',
    async (_n, cuerpo, campo) => {
      const antes = await s.em().count(Radicacion, { entidad: rest.entidad.id });
      for (const r of [await radicar(cuerpo()), await validar(cuerpo())]) {
        expect(r.status, JSON.stringify(r.body)).toBe(400);
        expect(r.body.codigo).toBe('entrada-invalida');
        expect(r.body.error).toMatch(/operaci[óo]n|RIPS|XML|tipoNota/);
        expect((r.body.detalles as { campo: string }[]).map((d) => d.campo)).toContain(campo);
      }
      expect(await s.em().count(Radicacion, { entidad: rest.entidad.id })).toBe(antes);
    },
  );

  it('por GraphQL, el mismo rechazo como error entrada-invalida con el campo', async () => {
    const r = await graphql(
      s.url,
      RADICAR_GQL,
      { 'X-Api-Key': gql.clave },
      {
        op: 'CAPITA_INICIAL',
        rips: ripsCapita('X30'),
        xml: xmlFacturaCapita('X30'),
      },
    );
    expect(r.body.errors[0].extensions.codigo).toBe('entrada-invalida');
    expect(r.body.errors[0].message).toMatch(/capita-inicial.*sin RIPS/);
    expect(r.body.errors[0].extensions.detalles).toEqual([expect.objectContaining({ campo: 'rips' })]);
  });

  it('sin «operacion» todo sigue como en el contrato 1.0: la operación sale de tipoNota', async () => {
    const f = numero('C1');
    const r = await radicar({ rips: ripsDe(f), xmlFevFile: xmlFev(f) });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      operacion: 'CargarFevRips',
      tipoOperacion: 'factura',
      modulo: 'FacturaElectronica',
    });
    const sinRips = await radicar({ xmlFevFile: xmlFev(f) });
    expect(sinRips.status).toBe(400);
    expect(sinRips.body.detalles).toEqual([expect.objectContaining({ campo: 'rips' })]);
  });

  it('POST /rips/validar con operación válida: la compuerta de esa operación, sin enviar ni guardar', async () => {
    const antes = await s.em().count(Radicacion, {});
    const ok = await validar({ operacion: 'capita-inicial', rips: null, xmlFevFile: xmlFacturaCapita('V1') });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.valid).toBe(true);
    const periodo = await validar({
      operacion: 'capita-periodo',
      rips: ripsCapita('V2'),
      xmlFevFile: xmlFacturaCapita('V2'),
    });
    expect(periodo.status).toBe(200);
    expect(periodo.body.valid, JSON.stringify(periodo.body.errores)).toBe(true);
    // Capitation values must be zero (RVC034 with the modality the operation implies).
    const final = await validar({ operacion: 'capita-final', rips: ripsCapita('V3', { valor: 5000 }) });
    expect(final.status).toBe(200);
    expect(final.body.valid).toBe(false);
    expect((final.body.errores as { codigo: string }[]).map((e) => e.codigo)).toContain('RVC034');
    expect(await s.em().count(Radicacion, {})).toBe(antes);
  });
});

describe('RecuperarCUV', () => {
  it('GET /rips/:id/cuv trae el resultado completo del MUV por la ruta del manual (la de omisión)', async () => {
    const f = numero('R');
    const r = await radicar({ operacion: 'capita-inicial', xmlFevFile: xmlFacturaCapita(f) });
    expect(r.status).toBe(201);
    const v = await leer(`/rips/${r.body.id}/cuv`);
    expect(v.status, JSON.stringify(v.body)).toBe(200);
    expect(v.body).toMatchObject({
      verificado: true,
      motivoSinResultado: null,
      resultado: {
        aceptado: true,
        cuv: r.body.cuv,
        modulo: 'CapitaInicial',
        modalidadPago: 'Pago capitacion',
      },
    });
  });

  it('respuesta perdida de una cápita por periodo: conciliada con ConsultarCUV y completada con RecuperarCUV', async () => {
    const f = numero('RP');
    const rips = ripsCapita(f);
    // November's invoice issued in October: the mechanism adds CIN001, which only RecuperarCUV brings back.
    const xml = xmlFacturaCapita(f, { periodo: { inicio: '2026-11-01', fin: '2026-11-30' } });
    sim.fallarProximas('soltar');
    const recuperaciones = sim.contadores.recuperaciones;
    const r = await radicar({ operacion: 'capita-periodo', rips, xmlFevFile: xml });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.motivo).toMatch(/Conciliada: la carga no obtuvo respuesta.*RecuperarCUV/s);
    expect(sim.contadores.recuperaciones).toBe(recuperaciones + 1);
    expect(r.body).toMatchObject({ modulo: 'CapitaPeriodo', modalidadPago: 'Pago capitacion' });
    expect(
      (r.body.avisos as { codigo: string; fuente: string }[])
        .filter((e) => e.fuente === 'muv')
        .map((e) => e.codigo),
    ).toContain('CIN001');
    const { fila } = await evidencia(r.body.id);
    expect(fila).toMatchObject({
      estado: 'radicado',
      modulo: 'CapitaPeriodo',
      periodoInicio: '2026-11-01T00:00:00',
    });
  });
});
