import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Registro } from '../src/rips/tipos.js';
import { iniciarSimuladorMuv, type SimuladorMuv } from '../src/simuladores/muv/servidor.js';
import { enServidor } from './db.js';
import { ripsDe, xmlFev } from './fixtures/muv.js';
import { iniciarServicio, pedir } from './servidor.js';

/**
 * The history path of the cross-RIPS rules end to end: an entity files an invoice with the
 * patient's consulta; a later invoice with her hospitalization «derivado de consulta externa» (02)
 * is then not reported, while an entity that never filed the consulta gets an informativo.
 */
let sim: SimuladorMuv;
let s: Awaited<ReturnType<typeof iniciarServicio>>;
let aislada: Awaited<ReturnType<typeof enServidor>>;
let n = 0;
const factura = (base: string) => `${base}${Date.now().toString(36)}${++n}`.toUpperCase().slice(0, 20);

beforeAll(async () => {
  aislada = await enServidor(inject('databaseUrl'));
  sim = await iniciarSimuladorMuv();
  s = await iniciarServicio({
    DATABASE_URL: aislada.url,
    MUV_BASE_URL: sim.url,
    MUV_REINTENTOS: '0',
    MUV_TIMEOUT_MS: '3000',
    MUV_CONSULTA_TIMEOUT_MS: '2000',
  });
});

afterAll(async () => {
  await s?.cerrar();
  await sim?.cerrar();
  await aislada?.limpiar();
});

type Usuario = { servicios: Record<string, Record<string, unknown>[] | undefined> } & Record<string, unknown>;

/** The mother of the fixture, alone, with only her hospitalization, now «derivado de consulta externa». */
function soloHospitalizacion(num: string): Registro {
  const r = ripsDe(num);
  const usuarios = r.usuarios as Usuario[];
  const madre = usuarios.find((u) => u.servicios.hospitalizacion?.length)!;
  madre.servicios = { hospitalizacion: madre.servicios.hospitalizacion };
  madre.servicios.hospitalizacion![0]!.viaIngresoServicioSalud = '02';
  r.usuarios = [madre];
  return r;
}

const rvc054 = async (clave: string, rips: Registro) => {
  const r = await pedir(s.url, '/rips/validar', { cuerpo: { rips }, cabeceras: { 'X-Api-Key': clave } });
  expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
  return (r.body.errores as { codigo: string; severidad: string }[]).filter((e) => e.codigo === 'RVC054');
};

describe('reglas entre RIPS con el historial de la entidad', () => {
  it('la consulta radicada antes satisface la vía 02 de una hospitalización facturada aparte', async () => {
    const a = await s.crearEntidadConMuv('cruce-a');
    const num = factura('HC');
    const radicada = await pedir(s.url, '/rips', {
      cuerpo: { rips: ripsDe(num), xmlFevFile: xmlFev(num) },
      cabeceras: { 'X-Api-Key': a.clave },
    });
    expect(radicada.status, JSON.stringify(radicada.body).slice(0, 400)).toBe(201);
    expect(await rvc054(a.clave, soloHospitalizacion(factura('HX')))).toEqual([]);
  });

  it('sin esa radicación: informativo (el MUV lo verifica), nunca rechazo local', async () => {
    const b = await s.crearEntidadConMuv('cruce-b');
    const hallazgos = await rvc054(b.clave, soloHospitalizacion(factura('HY')));
    expect(hallazgos).toEqual([expect.objectContaining({ codigo: 'RVC054', severidad: 'informativo' })]);
  });

  it('el historial es de cada entidad: lo radicado por otra no cuenta', async () => {
    const c = await s.crearEntidadConMuv('cruce-c');
    // Entity A filed the same patient's consulta in the first test.
    const hallazgos = await rvc054(c.clave, soloHospitalizacion(factura('HZ')));
    expect(hallazgos.map((e) => e.severidad)).toEqual(['informativo']);
  });
});
