import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Radicacion } from '../src/rips/radicacion/radicacion.entity.js';
import { iniciarSimuladorMuv, type SimuladorMuv } from '../src/simuladores/muv/servidor.js';
import { consulta, ripsDe, xmlFev } from './fixtures/muv.js';
import { ripsMinimo } from './fixtures/rips.js';
import { iniciarServicio, pedir } from './servidor.js';

/**
 * The MUV's real answers (issue 32, items 5 and 6) through the service: a camelCase 400 rejection
 * with «-» and ProcesoId 0, the mechanism failing inside, and one CAT01 note per answer.
 */

let sim: SimuladorMuv;
let s: Awaited<ReturnType<typeof iniciarServicio>>;
let clave: string;
let conMuv: Awaited<ReturnType<typeof s.crearEntidadConMuv>>;

let n = 0;
const factura = (base: string) => `${base}${Date.now().toString(36)}${++n}`.toUpperCase().slice(0, 20);

beforeAll(async () => {
  sim = await iniciarSimuladorMuv();
  s = await iniciarServicio({ MUV_BASE_URL: sim.url, MUV_REINTENTOS: '0', MUV_TIMEOUT_MS: '1500' });
  ({ clave } = await s.crearEntidad('respuestas-muv'));
  conMuv = await s.crearEntidadConMuv('respuestas-muv-radica');
});

afterAll(async () => {
  await s?.cerrar();
  await sim?.cerrar();
});

const radicar = (cuerpo: unknown) =>
  pedir(s.url, '/rips', { cuerpo, cabeceras: { 'X-Api-Key': conMuv.clave } });
const leer = (ruta: string) => pedir(s.url, ruta, { cabeceras: { 'X-Api-Key': conMuv.clave } });

type Hallazgo = { codigo: string; severidad: string; fuente: string; titulo: string; explicacion: string };

describe('POST /rips con las respuestas reales del MUV', () => {
  it('rechazo camelCase (400, «-», ProcesoId 0) → 422 rechazado, sin CUV ni procesoId, hallazgos explicados; CFR003 no cuenta como error', async () => {
    sim.claves = 'camelCase';
    try {
      const num = factura('RC');
      const rips = ripsDe(num);
      consulta(rips).numDocumentoIdentificacion = '99912345';
      const r = await radicar({ rips, xmlFevFile: xmlFev(num) });
      expect(r.status).toBe(422);
      expect(r.body).toMatchObject({ estado: 'rechazado', cuv: null, procesoId: null });
      const muv = (r.body.errores as Hallazgo[]).filter((e) => e.fuente === 'muv');
      expect(muv.map((e) => [e.codigo, e.severidad])).toEqual([
        ['CFR003', 'informativo'],
        ['RVG11', 'rechazo'],
      ]);
      expect(muv[0]!.explicacion).toMatch(/No es un error aparte/);
      expect(muv[1]!.titulo).toBe('Profesional no registrado en RETHUS');
      expect(r.body.motivo).toBe('El MUV rechazó el paquete con 1 hallazgo(s).');
      const fila = await s.em().findOneOrFail(Radicacion, { id: r.body.id }, { populate: ['respuestaMuv'] });
      expect(fila).toMatchObject({ estado: 'rechazado', cuv: null, procesoId: null });
      expect((fila.respuestaMuv as Record<string, unknown>).codigoUnicoValidacion).toBe('-');
    } finally {
      sim.claves = 'PascalCase';
    }
  });

  it('falla interna del MUV → 502 que la nombra falla del mecanismo, no de los datos; intento fallido con el hallazgo explicado; el reintento radica', async () => {
    const num = factura('FI');
    const cuerpo = { rips: ripsDe(num), xmlFevFile: xmlFev(num) };
    sim.fallarInternamente();
    const r = await radicar(cuerpo);
    expect(r.status).toBe(502);
    expect(r.body).toMatchObject({ codigo: 'upstream-no-disponible', reintentoSeguro: true });
    expect(r.body.error).toMatch(/falla del mecanismo, no un error de los datos enviados/);
    expect(r.body.error).toMatch(/Object reference not set to an instance of an object/);
    expect(r.body.error).toMatch(/Reintente: el reintento es seguro/);
    const d = await leer(`/rips/${r.body.radicacionId}`);
    expect(d.status).toBe(200);
    expect(d.body).toMatchObject({ estado: 'fallido', cuv: null, procesoId: null });
    expect(d.body.motivo).toMatch(/^El MUV falló internamente al procesar el paquete \(RVG06/);
    expect(d.body.motivo).not.toMatch(/rechazó/);
    const falla = (d.body.errores as Hallazgo[]).find((e) => e.fuente === 'muv' && e.codigo === 'RVG06');
    expect(falla?.titulo).toBe('Falla interna del MUV: no es un error de sus datos');
    expect(falla?.explicacion).not.toMatch(/valores permitidos/);
    const otra = await radicar(cuerpo);
    expect(otra.status).toBe(201);
    expect(otra.body.procesoId).toBeGreaterThan(0);
  });
});

describe('ruido: CAT01 una vez por respuesta', () => {
  it('un RIPS pequeño y válido trae una sola nota CAT01 con las tablas y sus reglas', async () => {
    const cuerpo = JSON.stringify({ rips: ripsMinimo(), fechaEvaluacion: '2026-11-01T12:00:00Z' });
    const res = await fetch(`${s.url}/rips/validar`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Api-Key': clave },
      body: cuerpo,
    });
    const texto = await res.text();
    const body = JSON.parse(texto) as { valid: boolean; errores: Hallazgo[] };
    console.log(
      `RIPS ${Buffer.byteLength(JSON.stringify(ripsMinimo()))} B → respuesta ${Buffer.byteLength(texto)} B; ` +
        `notas informativas: ${body.errores.filter((e) => e.severidad === 'informativo').length}`,
    );
    expect(res.status).toBe(200);
    expect(body.valid).toBe(true);
    const cat01 = body.errores.filter((e) => e.codigo === 'CAT01');
    expect(cat01).toHaveLength(1);
    expect(cat01[0]!.titulo).toMatch(/^\d+ catálogos no cargados: validación reducida$/);
    // Which tables, and the rules each one reduces to format.
    expect(cat01[0]!.explicacion).toMatch(/«CIE10» \([^)]*RVG06/);
    expect(cat01[0]!.explicacion).toMatch(/«Municipio» \(RVG06\)/);
    expect(cat01[0]!.explicacion).toMatch(/No indica un error del RIPS/);
    // The noise measured in issue 32: 13.5 KB for this RIPS with one CAT01 per table.
    expect(Buffer.byteLength(texto)).toBeLessThan(6000);
  });
});
