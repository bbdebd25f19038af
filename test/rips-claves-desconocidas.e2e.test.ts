import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iniciarSimuladorMuv, type SimuladorMuv } from '../src/simuladores/muv/servidor.js';
import { consulta, ripsDe, xmlFev } from './fixtures/muv.js';
import { graphql, iniciarServicio, pedir } from './servidor.js';

/**
 * Issue 30: an unknown key of any size inside the RIPS travelled to the MUV (190 MB filed). Keys
 * outside DT1 are taken out of the package before it is sent, and each is reported (EST01).
 */
let sim: SimuladorMuv;
let s: Awaited<ReturnType<typeof iniciarServicio>>;
let clave: string;

beforeAll(async () => {
  sim = await iniciarSimuladorMuv();
  s = await iniciarServicio({ MUV_BASE_URL: sim.url, MUV_REINTENTOS: '0' });
  clave = (await s.crearEntidadConMuv('claves-desconocidas')).clave;
});

afterAll(async () => {
  await s?.cerrar();
  await sim?.cerrar();
});

const CINCO_MB = 5 * 1024 * 1024;
let n = 0;
const factura = (base: string) => `${base}${Date.now().toString(36)}${++n}`.toUpperCase().slice(0, 20);

describe('propiedades fuera del DT1 en POST /rips', () => {
  it('5 MB bajo una clave desconocida en un usuario y en un servicio: radicado, el MUV no los recibe, EST01 lo dice', async () => {
    const num = factura('CD');
    const rips = ripsDe(num);
    const usuario = (rips.usuarios as Record<string, unknown>[])[1]!;
    usuario.anexoHistoria = 'H'.repeat(CINCO_MB);
    consulta(rips).soporteEscaneado = 'S'.repeat(CINCO_MB);
    const limpio = ripsDe(num);
    const tamanoLimpio = JSON.stringify({ rips: limpio, xmlFevFile: xmlFev(num) }).length;

    const r = await pedir(s.url, '/rips', {
      cuerpo: { rips, xmlFevFile: xmlFev(num) },
      cabeceras: { 'X-Api-Key': clave },
    });
    expect(r.status, JSON.stringify(r.body).slice(0, 400)).toBe(201);
    expect(r.body.estado).toBe('radicado');

    // What reached the mechanism: the DT1 package, byte for byte the size of the clean one.
    expect(sim.ultimaCarga?.operacion).toBe('CargarFevRips');
    expect(sim.ultimaCarga!.bytes).toBeLessThan(tamanoLimpio + 1024);
    expect(sim.ultimaCarga!.bytes).toBeLessThan(200_000);
    expect(sim.ultimaCarga!.rips).toEqual(limpio);
    expect(JSON.stringify(sim.ultimaCarga!.rips)).not.toMatch(/anexoHistoria|soporteEscaneado/);

    const est = r.body.avisos.filter((e: { codigo: string }) => e.codigo === 'EST01');
    expect(est.map((e: { ubicacion: { ruta: string } }) => e.ubicacion.ruta)).toEqual([
      'usuarios[1].anexoHistoria',
      'usuarios[1].servicios.consultas[0].soporteEscaneado',
    ]);
    expect(est[0]).toMatchObject({ severidad: 'aviso-conformidad', fuente: 'linter-local' });
    expect(est[0].explicacion).toMatch(/texto de 5.242.880 caracteres/);
    expect(est[0].comoCorregir).toMatch(
      /Los campos de los usuarios en el Documento Técnico 1 son: tipoDocumentoIdentificacion/,
    );
    expect(r.body.nAvisos).toBeGreaterThanOrEqual(2);
    // The stored evidence keeps the warnings, never the 5 MB values.
    const fila = await pedir(s.url, `/rips/${r.body.id}`, { cabeceras: { 'X-Api-Key': clave } });
    expect(fila.body.errores.filter((e: { codigo: string }) => e.codigo === 'EST01')).toHaveLength(2);
    expect(JSON.stringify(fila.body).length).toBeLessThan(100_000);
  });

  it('por GraphQL igual: la clave no viaja y el aviso queda en `avisos`', async () => {
    const num = factura('CG');
    const rips = ripsDe(num);
    rips.comentario = { largo: 'x'.repeat(100_000) };
    const g = await graphql(
      s.url,
      'mutation ($rips: JSON!, $xml: String) { radicarRips(rips: $rips, xmlFevFile: $xml) { radicacion { estado avisos { codigo ubicacion { ruta } } } } }',
      { 'X-Api-Key': clave },
      { rips, xml: xmlFev(num) },
    );
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data.radicarRips.radicacion.estado).toBe('RADICADO');
    expect(g.body.data.radicarRips.radicacion.avisos).toContainEqual({
      codigo: 'EST01',
      ubicacion: { ruta: 'comentario' },
    });
    expect('comentario' in sim.ultimaCarga!.rips).toBe(false);
  });
});
