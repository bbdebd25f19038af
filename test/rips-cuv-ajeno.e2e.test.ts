import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Entidad } from '../src/entidades/entidad.entity.js';
import { resumirEnvio } from '../src/rips/radicacion/conciliacion.js';
import { Radicacion } from '../src/rips/radicacion/radicacion.entity.js';
import type { Registro } from '../src/rips/tipos.js';
import { CREDENCIALES_SANDBOX } from '../src/simuladores/muv/sandbox.js';
import { iniciarSimuladorMuv, type SimuladorMuv } from '../src/simuladores/muv/servidor.js';
import { ripsDe, xmlFev } from './fixtures/muv.js';
import { iniciarServicio, pedir } from './servidor.js';

/**
 * Issue 30: a CUV is stored only for the package that was filed. Counts alone (users, services per
 * type, total) never make the mechanism's record "ours": a package with another patient, birth date
 * or diagnosis has the same counts.
 */

let sim: SimuladorMuv;
let s: Awaited<ReturnType<typeof iniciarServicio>>;
let n = 0;
const documento = (base: string) => `${base}${Date.now().toString(36)}${++n}`.toUpperCase().slice(0, 20);
const NIT = CREDENCIALES_SANDBOX.nit;

const radicar = (clave: string, cuerpo: unknown) =>
  pedir(s.url, '/rips', { cuerpo, cabeceras: { 'X-Api-Key': clave } });

const filas = (entidad: Entidad, filtro: Record<string, unknown>) =>
  s.em().find(Radicacion, { entidad: entidad.id, ...filtro }, { orderBy: { createdAt: 'asc' } });

type Usuario = Registro & { servicios: Record<string, Registro[]> };
const usuario = (r: Registro, i = 1) => (r.usuarios as Usuario[])[i]!;

/** The four packages another filer may send under a number already filed: same counts each time. */
const MODIFICACIONES: [string, (r: Registro) => void][] = [
  [
    'otro paciente',
    (r) => {
      usuario(r).numDocumentoIdentificacion = '1019876544';
    },
  ],
  [
    'otra fecha de nacimiento',
    (r) => {
      usuario(r).fechaNacimiento = '1988-11-03';
    },
  ],
  [
    'otro diagnóstico',
    (r) => {
      usuario(r).servicios.consultas![0]!.codDiagnosticoPrincipal = 'J450';
    },
  ],
  ['el mismo paquete', () => {}],
];

/** The package filed straight with the mechanism, not through this service ("por otra vía"). */
async function radicarPorOtraVia(rips: Registro, xml: string) {
  const r = await s.servicio.servicios.muv.cargar('otra-via', { ...CREDENCIALES_SANDBOX }, 'CargarFevRips', {
    rips,
    xmlFevFile: xml,
  });
  expect(r.respuesta.aceptado).toBe(true);
  return r.respuesta.cuv!;
}

const rvg18 = (body: {
  errores: { codigo: string; titulo: string; explicacion: string; comoCorregir: string }[];
}) => body.errores.filter((e) => e.codigo === 'RVG18' && e.titulo.startsWith('El documento ya tiene un CUV'));

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

afterEach(() => {
  sim.fallas.consultaSinCalculo = false;
});

afterAll(async () => {
  await s?.cerrar();
  await sim?.cerrar();
});

describe('un NIT compartido es un acto deliberado del operador', () => {
  it('sin --compartir-nit se rechaza; con él, /sesion lo muestra en las dos entidades', async () => {
    const a = await s.crearEntidadConMuv('comparte-a');
    const b = await s.crearEntidadConMuv('comparte-b');
    const nit = String(700_000_000 + Math.floor(Math.random() * 99_999_999));
    const entidades = s.servicio.servicios.entidades;
    await entidades.cambiarObligados(s.em(), a.entidad.slug, { agregar: [nit], quitar: [] });
    await expect(
      entidades.cambiarObligados(s.em(), b.entidad.slug, { agregar: [nit], quitar: [] }),
    ).rejects.toThrow(/--compartir-nit/);
    const sesion = async (clave: string) =>
      ((r) => (r.status === 200 ? r.body.entidad : r.body))(
        await pedir(s.url, '/sesion', { cabeceras: { 'X-Api-Key': clave } }),
      );
    expect(await sesion(a.clave)).toMatchObject({ obligados: [nit], obligadosCompartidos: [] });
    await entidades.cambiarObligados(s.em(), b.entidad.slug, { agregar: [nit], quitar: [], compartir: true });
    expect(await sesion(a.clave)).toMatchObject({ obligados: [nit], obligadosCompartidos: [nit] });
    expect(await sesion(b.clave)).toMatchObject({ obligados: [nit], obligadosCompartidos: [nit] });
    const gql = await pedir(s.url, '/graphql', {
      cuerpo: { query: '{ sesion { entidad { obligadosCompartidos } } }' },
      cabeceras: { 'X-Api-Key': b.clave },
    });
    expect(gql.body.data.sesion.entidad.obligadosCompartidos).toEqual([nit]);
  });
});

describe('dos entidades que comparten un NIT', () => {
  it.each(MODIFICACIONES)(
    'B radica lo que A ya radicó, con %s → 422 rechazado, sin el CUV de A',
    async (_n, cambiar) => {
      const a = await s.crearEntidadConMuv('cuv-a');
      const b = await s.crearEntidadConMuv('cuv-b');
      const num = documento('AJ');
      const rips = ripsDe(num);
      const xml = xmlFev(num);
      const deA = await radicar(a.clave, { rips, xmlFevFile: xml });
      expect(deA.status).toBe(201);

      const otro = structuredClone(rips);
      cambiar(otro);
      // Same counts as A's package: what the old reconciliation compared.
      expect(resumirEnvio(otro, num)).toEqual(resumirEnvio(rips, num));
      const deB = await radicar(b.clave, { rips: otro, xmlFevFile: xml });
      expect(deB.status, JSON.stringify(deB.body)).toBe(422);
      expect(deB.body).toMatchObject({ estado: 'rechazado', cuv: null, repetida: false });
      expect(deB.body.cuv).not.toBe(deA.body.cuv);
      const [hallazgo] = rvg18(deB.body);
      expect(hallazgo?.explicacion).toMatch(/otra entidad de este servicio/);
      expect((await filas(b.entidad, { numFactura: num })).map((f) => [f.estado, f.cuv])).toEqual([
        ['rechazado', null],
      ]);
      const cuvB = await pedir(s.url, `/rips/${deB.body.id}/cuv`, { cabeceras: { 'X-Api-Key': b.clave } });
      expect(cuvB.status).toBe(409);
      // A's filing is untouched.
      expect((await filas(a.entidad, { numFactura: num })).map((f) => [f.estado, f.cuv])).toEqual([
        ['radicado', deA.body.cuv],
      ]);
    },
  );
});

describe('lo radicado por otra vía: el MUV calcula el CUV de los archivos enviados', () => {
  it.each(MODIFICACIONES.slice(0, 3))('%s → CCV000: 422 con certeza', async (_n, cambiar) => {
    const x = await s.crearEntidadConMuv('otra-via');
    const num = documento('OV');
    const rips = ripsDe(num);
    const xml = xmlFev(num);
    await radicarPorOtraVia(rips, xml);
    const otro = structuredClone(rips);
    cambiar(otro);
    const r = await radicar(x.clave, { rips: otro, xmlFevFile: xml });
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expect(r.body.cuv).toBeNull();
    const [h] = rvg18(r.body);
    expect(h?.titulo).toBe('El documento ya tiene un CUV que no corresponde a lo enviado');
    expect(h?.explicacion).toMatch(/CCV000/);
  });

  it('el mismo paquete → 201 con el CUV del MUV, conciliada por el cálculo', async () => {
    const x = await s.crearEntidadConMuv('otra-via-igual');
    const num = documento('OVI');
    const rips = ripsDe(num);
    const xml = xmlFev(num);
    const cuv = await radicarPorOtraVia(rips, xml);
    const r = await radicar(x.clave, { rips, xmlFevFile: xml });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.cuv).toBe(cuv);
    expect(r.body.motivo).toMatch(/calcula ese mismo CUV/);
    const [fila] = await s.em().find(Radicacion, { id: r.body.id }, { populate: ['respuestaMuv'] });
    expect(JSON.stringify(fila!.respuestaMuv)).toMatch(/calculoCuv/);
  });

  it('un MUV que no calcula el CUV en ConsultarCUV no prueba nada: el mismo paquete → 422 explicado, no 201', async () => {
    const x = await s.crearEntidadConMuv('sin-calculo');
    const num = documento('SC');
    const rips = ripsDe(num);
    const xml = xmlFev(num);
    await radicarPorOtraVia(rips, xml);
    sim.fallas.consultaSinCalculo = true;
    const r = await radicar(x.clave, { rips, xmlFevFile: xml });
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expect(r.body.cuv).toBeNull();
    const [h] = rvg18(r.body);
    expect(h?.titulo).toBe('El documento ya tiene un CUV que no se puede confirmar como de este paquete');
    expect(h?.explicacion).toMatch(/no permite confirmar/);
    expect(r.body.motivo).toMatch(/no se puede confirmar/);
  });
});

describe('una sola entidad: respuesta perdida y luego un paquete corregido con los mismos conteos', () => {
  /** P1 is filed but its answer is lost and ConsultarCUV does not answer: the outcome is unknown. */
  async function primeraPerdida(base: string) {
    const x = await s.crearEntidadConMuv(base);
    const num = documento('RP');
    const p1 = ripsDe(num);
    const xml = xmlFev(num);
    sim.fallarProximas('soltar');
    sim.fallarProximasConsultas(1);
    const r1 = await radicar(x.clave, { rips: p1, xmlFevFile: xml });
    expect(r1.status).toBe(502);
    expect(r1.body.resultado).toBe('desconocido');
    expect(sim.radicado(NIT, num)).toBeDefined();
    const p2 = structuredClone(p1);
    usuario(p2).servicios.consultas![0]!.codDiagnosticoPrincipal = 'J450';
    return { x, num, p1, p2, xml };
  }

  it('el corregido no toma el CUV del primero (CCV000)', async () => {
    const { x, num, p2, xml } = await primeraPerdida('perdida-corregida');
    const r = await radicar(x.clave, { rips: p2, xmlFevFile: xml });
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expect(r.body.cuv).toBeNull();
    expect(rvg18(r.body)[0]?.comoCorregir).toMatch(/nota/);
    expect(JSON.stringify(rvg18(r.body))).toMatch(/CCV000/);
    expect((await filas(x.entidad, { numFactura: num })).map((f) => f.estado)).toEqual([
      'fallido',
      'rechazado',
    ]);
  });

  it('sin cálculo del MUV: el intento anterior con otro contenido impide adoptarlo', async () => {
    const { x, p2, xml } = await primeraPerdida('perdida-corregida-sc');
    sim.fallas.consultaSinCalculo = true;
    const r = await radicar(x.clave, { rips: p2, xmlFevFile: xml });
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expect(r.body.cuv).toBeNull();
    expect(JSON.stringify(rvg18(r.body))).toMatch(/otro contenido quedó sin respuesta/);
    expect(rvg18(r.body)[0]?.comoCorregir).toMatch(/nota/);
  });

  it('reintentar el mismo paquete sí obtiene su CUV, con y sin cálculo del MUV', async () => {
    const a = await primeraPerdida('perdida-reintento');
    const r = await radicar(a.x.clave, { rips: a.p1, xmlFevFile: a.xml });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.cuv).toBe(sim.radicado(NIT, a.num)!.cuv);

    const b = await primeraPerdida('perdida-reintento-sc');
    sim.fallas.consultaSinCalculo = true;
    const r2 = await radicar(b.x.clave, { rips: b.p1, xmlFevFile: b.xml });
    expect(r2.status, JSON.stringify(r2.body)).toBe(201);
    expect(r2.body.cuv).toBe(sim.radicado(NIT, b.num)!.cuv);
    expect(r2.body.motivo).toMatch(/único paquete que esta entidad envió/);
  });
});

describe('el conciliador de filas pendientes', () => {
  const pendiente = (entidad: Entidad, num: string, rips: Registro, huella: string | null) =>
    s.em().create(Radicacion, {
      entidad,
      numFactura: num,
      numDocumentoIdObligado: NIT,
      tipoNota: null,
      numNota: null,
      operacion: 'CargarFevRips',
      estado: 'pendiente' as const,
      errores: [],
      nErrores: 0,
      nAvisos: 0,
      huella,
      enviado: resumirEnvio(rips, num),
      createdAt: new Date(Date.now() - 3600_000),
    });

  it('no adopta lo que radicó otra entidad del servicio; sí lo que solo esta entidad envió', async () => {
    const x = await s.crearEntidadConMuv('conc-propia');
    const otra = await s.crearEntidadConMuv('conc-otra');
    const ajeno = documento('CA');
    const propio = documento('CP');
    const ripsAjeno = ripsDe(ajeno);
    const ripsPropio = ripsDe(propio);
    expect((await radicar(otra.clave, { rips: ripsAjeno, xmlFevFile: xmlFev(ajeno) })).status).toBe(201);
    await radicarPorOtraVia(ripsPropio, xmlFev(propio));
    const f1 = pendiente(x.entidad, ajeno, ripsAjeno, 'h-ajeno');
    const f2 = pendiente(x.entidad, propio, ripsPropio, 'h-propio');
    await s.em().persistAndFlush([f1, f2]);
    await s.servicio.servicios.conciliador.pasada(s.servicio.orm()!);
    const [r1, r2] = await Promise.all([
      s.em().findOneOrFail(Radicacion, { id: f1.id }),
      s.em().findOneOrFail(Radicacion, { id: f2.id }),
    ]);
    expect([r1.estado, r1.cuv]).toEqual(['fallido', null]);
    expect(r1.motivo).toMatch(/otra entidad de este servicio/);
    expect(r2.estado).toBe('radicado');
    expect(r2.cuv).toBe(sim.radicado(NIT, propio)!.cuv);
  });
});
