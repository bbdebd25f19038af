import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type * as c from '../src/cli/comandos.js';
import { type Dependencias, ejecutarCli } from '../src/cli/programa.js';
import { importarCatalogo } from '../src/rips/catalogos/importar.js';
import type { Registro } from '../src/rips/tipos.js';
import { iniciarSimuladorMuv, type SimuladorMuv } from '../src/simuladores/muv/servidor.js';
import { enServidor } from './db.js';
import { base64, contenedorFev } from './fixtures/fev.js';
import { ripsDe, xmlFev } from './fixtures/muv.js';
import { ripsValido } from './fixtures/rips.js';
import { consulta, procedimiento, rips, usuario } from './fixtures/rips-reglas.js';
import { capturarSalida } from './fixtures/salida-cli.js';
import { graphql, iniciarServicio, pedir, slugUnico } from './servidor.js';

/*
 * Issue 32, item 4: an entity declares its REPS provider codes (CLI), /sesion shows them, and the
 * local gate rejects RVC011 (the invoice's CODIGO_PRESTADOR) and RVC012 (a service's codPrestador)
 * as the real MUV does against its login's provider. Our own fixtures: ripsValido() and its invoice
 * are of provider 1100101234 (codPrestador 110010123401, CODIGO_PRESTADOR 1100101234), NIT 900123456.
 */

const PROPIO = '110010123401';
const AJENO = '050010000201';
const FECHA = '2026-11-01T12:00:00Z';

type Hallazgo = {
  codigo: string;
  severidad: string;
  explicacion: string;
  comoCorregir: string;
  ubicacion: { ruta: string };
};
type Respuesta = { valid: boolean; errores: Hallazgo[] };

const RUTA_XML =
  'xmlFevFile:Invoice.UBLExtensions.CustomTagGeneral.Interoperabilidad.Group.Collection.AdditionalInformation.CODIGO_PRESTADOR';
const rechazos = (r: Respuesta) =>
  r.errores.filter((e) => e.severidad === 'rechazo').map((e) => [e.codigo, e.ubicacion.ruta]);

/** ripsValido() with every service's codPrestador replaced. */
function conPrestador(codigo: string): Registro {
  const r = ripsValido();
  for (const u of r.usuarios as Registro[])
    for (const lista of Object.values(u.servicios as Record<string, Registro[]>))
      for (const s of lista) if ('codPrestador' in s && s.codPrestador !== null) s.codPrestador = codigo;
  return r;
}
const xml = (codigoPrestador = '1100101234') =>
  base64(contenedorFev({ salud: { CODIGO_PRESTADOR: `<Value>${codigoPrestador}</Value>` } }));

let s: Awaited<ReturnType<typeof iniciarServicio>>;

beforeAll(async () => {
  s = await iniciarServicio();
});

afterAll(async () => {
  await s?.cerrar();
});

const validar = async (clave: string, cuerpo: Record<string, unknown>) => {
  const r = await pedir(s.url, '/rips/validar', { cuerpo, cabeceras: { 'X-Api-Key': clave } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as Respuesta;
};

/** The operator CLI on the test server's database (one EntityManager per command, as the CLI). */
function cli() {
  const { salida, escritor } = capturarSalida();
  const ctx = (): c.Contexto => ({
    em: s.em(),
    entidades: s.servicio.servicios.entidades,
    credenciales: s.servicio.servicios.credenciales,
    migracionesAplicadas: [],
  });
  const deps: Dependencias = {
    ejecutar: async (fn) => fn(ctx()),
    salida: escritor,
    env: {},
    leerLineas: async () => [],
  };
  return {
    salida,
    correr: async (...argv: string[]) => {
      salida.out = '';
      salida.err = '';
      return ejecutarCli(argv, deps);
    },
  };
}

describe('CLI: entidad crear --prestadores, entidad prestadores, entidad ver', () => {
  it('declara, agrega y retira códigos de 12 dígitos (o 10, el prestador); los muestra en texto y en JSON', async () => {
    const slug = slugUnico('prestadores-cli');
    const { correr, salida } = cli();
    const crear = ['entidad', 'crear', '--slug', slug, '--nombre', 'IPS Prestadores', '--tipo', 'ips'];
    expect(
      await correr(...crear, '--modulos', 'rips', '--prestadores', PROPIO, '--sin-api-key', '--json'),
    ).toBe(0);
    expect(JSON.parse(salida.out).entidad).toMatchObject({ slug, prestadores: [PROPIO] });

    expect(
      await correr('entidad', 'prestadores', slug, '--agregar', `110010123402, ${AJENO}, 7600112694`),
    ).toBe(0);
    expect(salida.out).toContain(
      `Códigos de prestador (REPS) de «${slug}»: ${PROPIO} → ${PROPIO}, 110010123402, ${AJENO}, 7600112694`,
    );
    expect(salida.out).toContain('RVC011');
    expect(await correr('entidad', 'prestadores', slug, '--quitar', `${AJENO},7600112694`, '--json')).toBe(0);
    expect(JSON.parse(salida.out)).toEqual({
      slug,
      antes: [PROPIO, '110010123402', AJENO, '7600112694'],
      prestadores: [PROPIO, '110010123402'],
    });

    expect(await correr('entidad', 'ver', slug)).toBe(0);
    expect(salida.out).toMatch(new RegExp(`prestadores \\(REPS\\):\\s+${PROPIO}, 110010123402`));
    expect(await correr('entidad', 'ver', slug, '--json')).toBe(0);
    expect(JSON.parse(salida.out).entidad.prestadores).toEqual([PROPIO, '110010123402']);
  });

  it('rechaza en español un código que no tiene 12 dígitos (ni 10), agregar y quitar a la vez, y no cambiar nada', async () => {
    const slug = slugUnico('prestadores-malos');
    const { correr, salida } = cli();
    expect(
      await correr('entidad', 'crear', '--slug', slug, '--nombre', 'X', '--tipo', 'ips', '--modulos', 'rips'),
    ).toBe(0);
    expect(await correr('entidad', 'prestadores', slug, '--agregar', '11001012340')).toBe(1);
    expect(salida.err).toContain('Código(s) de prestador inválido(s): «11001012340»');
    expect(salida.err).toContain('12 dígitos (10 del prestador y 2 de la sede)');
    expect(await correr('entidad', 'prestadores', slug, '--agregar', PROPIO, '--quitar', PROPIO)).toBe(1);
    expect(salida.err).toContain('No se puede agregar y quitar a la vez');
    expect(await correr('entidad', 'prestadores', slug)).toBe(1);
    expect(salida.err).toContain('Indique --agregar o --quitar.');
    expect(
      await correr(
        ...['entidad', 'crear', '--slug', `${slug}-b`, '--nombre', 'Y', '--tipo', 'ips', '--modulos', 'rips'],
        ...['--prestadores', 'ABC'],
      ),
    ).toBe(1);
    expect(salida.err).toContain('«ABC»');
    // Nothing was declared for the entity.
    expect(await correr('entidad', 'ver', slug, '--json')).toBe(0);
    expect(JSON.parse(salida.out).entidad.prestadores).toEqual([]);
  });
});

describe('/sesion muestra los códigos declarados (REST y GraphQL)', () => {
  it('vacío hasta declararlos; luego los mismos en las dos puertas', async () => {
    const { entidad, clave } = await s.crearEntidad('prestadores-sesion');
    const sesionRest = async () =>
      (await pedir(s.url, '/sesion', { cabeceras: { 'X-Api-Key': clave } })).body.entidad;
    expect((await sesionRest()).prestadores).toEqual([]);
    await s.servicio.servicios.entidades.cambiarPrestadores(s.em(), entidad.slug, {
      agregar: [PROPIO, '110010123402'],
      quitar: [],
    });
    expect(await sesionRest()).toMatchObject({ prestadores: [PROPIO, '110010123402'] });
    const g = await graphql(s.url, '{ sesion { entidad { prestadores } } }', { 'X-Api-Key': clave });
    expect(g.body.data.sesion.entidad.prestadores).toEqual([PROPIO, '110010123402']);
  });
});

describe('compuerta local (POST /rips/validar) con los códigos declarados', () => {
  let propia: { clave: string; slug: string };
  let otra: { clave: string };
  beforeAll(async () => {
    const a = await s.crearEntidad('prestadores-a');
    const b = await s.crearEntidad('prestadores-b');
    const entidades = s.servicio.servicios.entidades;
    await entidades.cambiarPrestadores(s.em(), a.entidad.slug, { agregar: [PROPIO], quitar: [] });
    await entidades.cambiarPrestadores(s.em(), b.entidad.slug, { agregar: [AJENO], quitar: [] });
    propia = { clave: a.clave, slug: a.entidad.slug };
    otra = { clave: b.clave };
  });

  it('pasa: la factura y los servicios son de un prestador declarado; sin nota PRE01', async () => {
    for (const cuerpo of [
      { rips: ripsValido(), xmlFevFile: xml(), fechaEvaluacion: FECHA },
      { rips: ripsValido(), xmlFevFile: xml(), fechaEvaluacion: FECHA, operacion: 'factura' },
    ]) {
      const r = await validar(propia.clave, cuerpo);
      expect(r.errores.map((e) => e.codigo)).not.toContain('RVC011');
      expect(r.errores.map((e) => e.codigo)).not.toContain('RVC012');
      expect(r.errores.map((e) => e.codigo)).not.toContain('PRE01');
      expect(r.valid, JSON.stringify(rechazos(r))).toBe(true);
    }
  });

  it('rechaza: CODIGO_PRESTADOR de otro prestador (RVC011, en el XML) y codPrestador de otro (RVC012, por servicio)', async () => {
    const servicios = (ripsValido().usuarios as Registro[]).flatMap((u) =>
      Object.values(u.servicios as Record<string, Registro[]>).flatMap((l) =>
        l.filter((x) => typeof x.codPrestador === 'string'),
      ),
    ).length;
    for (const operacion of [undefined, 'factura']) {
      const r = await validar(propia.clave, {
        rips: conPrestador(AJENO),
        xmlFevFile: xml('0500100002'),
        fechaEvaluacion: FECHA,
        ...(operacion ? { operacion } : {}),
      });
      expect(r.valid).toBe(false);
      const rvc011 = r.errores.filter((e) => e.codigo === 'RVC011');
      expect(rvc011.map((e) => [e.severidad, e.ubicacion.ruta])).toEqual([['rechazo', RUTA_XML]]);
      expect(rvc011[0]!.ubicacion).toMatchObject({
        campoNombre: 'CODIGO_PRESTADOR',
        descripcion: 'Factura FEV1001 · XML de la factura · CODIGO_PRESTADOR',
      });
      expect(rvc011[0]!.explicacion).toContain(
        `Valor reportado en el XML (CODIGO_PRESTADOR): «0500100002» → códigos de prestador habilitados que la entidad declaró: ${PROPIO}.`,
      );
      expect(rvc011[0]!.comoCorregir).toContain('npm run cli -- entidad prestadores');
      const rvc012 = r.errores.filter((e) => e.codigo === 'RVC012');
      expect(rvc012).toHaveLength(servicios);
      expect(rvc012[0]!.explicacion).toContain(`(Código Prestador: ${AJENO} - Nit: 900123456)`);
      expect(rvc012[0]!.ubicacion.ruta).toMatch(/^usuarios\[0\]\.servicios\.\w+\[0\]\.codPrestador$/);
    }
  });

  it('casi igual: el código que otra entidad declaró es ajeno para esta, y propio para aquella', async () => {
    const cuerpo = { rips: conPrestador(AJENO), xmlFevFile: xml('0500100002'), fechaEvaluacion: FECHA };
    const ajena = await validar(propia.clave, cuerpo);
    expect(ajena.valid).toBe(false);
    expect(new Set(rechazos(ajena).map(([codigo]) => codigo))).toEqual(new Set(['RVC011', 'RVC012']));
    const suya = await validar(otra.clave, cuerpo);
    expect(suya.errores.map((e) => e.codigo)).not.toContain('RVC011');
    expect(suya.errores.map((e) => e.codigo)).not.toContain('RVC012');
  });

  it('entidad sin códigos: como antes (sin rechazo) y una nota PRE01 que dice cómo declararlos; al declararlos, rechaza', async () => {
    const { entidad, clave } = await s.crearEntidad('prestadores-sin');
    const cuerpo = { rips: conPrestador(AJENO), xmlFevFile: xml('0500100002'), fechaEvaluacion: FECHA };
    const antes = await validar(clave, cuerpo);
    expect(rechazos(antes).filter(([codigo]) => codigo === 'RVC011' || codigo === 'RVC012')).toEqual([]);
    const notas = antes.errores.filter((e) => e.codigo === 'PRE01');
    expect(notas).toHaveLength(1);
    expect(notas[0]!.severidad).toBe('informativo');
    expect(notas[0]!.explicacion).toContain('no ha declarado sus códigos de prestador');
    expect(notas[0]!.comoCorregir).toContain('npm run cli -- entidad prestadores <slug> --agregar');

    const { correr } = cli();
    expect(await correr('entidad', 'prestadores', entidad.slug, '--agregar', PROPIO)).toBe(0);
    const despues = await validar(clave, cuerpo);
    expect(despues.errores.map((e) => e.codigo)).not.toContain('PRE01');
    expect(new Set(rechazos(despues).map(([codigo]) => codigo))).toEqual(new Set(['RVC011', 'RVC012']));
  });
});

describe('radicar (POST /rips): la compuerta local rechaza antes de contactar al MUV', () => {
  let sim: SimuladorMuv;
  let m: Awaited<ReturnType<typeof iniciarServicio>>;
  let clave: string;
  beforeAll(async () => {
    sim = await iniciarSimuladorMuv();
    m = await iniciarServicio({ MUV_BASE_URL: sim.url, MUV_REINTENTOS: '0' });
    const e = await m.crearEntidadConMuv('prestadores-radicar');
    clave = e.clave;
    await m.servicio.servicios.entidades.cambiarPrestadores(m.em(), e.entidad.slug, {
      agregar: [PROPIO],
      quitar: [],
    });
  });
  afterAll(async () => {
    await m?.cerrar();
    await sim?.cerrar();
  });
  const radicar = (cuerpo: unknown) => pedir(m.url, '/rips', { cuerpo, cabeceras: { 'X-Api-Key': clave } });

  it('de otro prestador → 422 rechazado-local con RVC011 y RVC012; del propio → 201 con CUV', async () => {
    const cargas = sim.contadores.cargas;
    const num = `PRE${Date.now()}`;
    const ajena = { ...conPrestador(AJENO), numFactura: num };
    const xmlAjeno = Buffer.from(
      Buffer.from(xmlFev(num), 'base64').toString('utf8').replace(`>${PROPIO}<`, '>0500100002<'),
    ).toString('base64');
    const r = await radicar({ rips: ajena, xmlFevFile: xmlAjeno });
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expect(r.body).toMatchObject({ estado: 'rechazado-local', cuv: null });
    const codigos = (r.body.errores as Hallazgo[])
      .filter((e) => e.severidad === 'rechazo')
      .map((e) => e.codigo);
    expect(new Set(codigos)).toEqual(new Set(['RVC011', 'RVC012']));
    expect(sim.contadores.cargas).toBe(cargas);

    const propia = await radicar({ rips: ripsDe(`${num}P`), xmlFevFile: xmlFev(`${num}P`) });
    expect(propia.status, JSON.stringify(propia.body)).toBe(201);
    expect(propia.body.cuv).toMatch(/^[0-9a-f]{96}$/);
    expect((propia.body.errores as Hallazgo[]).map((e) => e.codigo)).not.toContain('PRE01');
  });
});

describe('entidad demo e IPSCodHabilitacion importada (base de datos propia)', () => {
  let aislada: Awaited<ReturnType<typeof enServidor>>;
  let d: Awaited<ReturnType<typeof iniciarServicio>>;
  beforeAll(async () => {
    // Imported catalogs and the demo entity are global to a database: this suite gets its own.
    aislada = await enServidor(inject('databaseUrl'));
    d = await iniciarServicio({ DATABASE_URL: aislada.url, DEMO: 'true' });
  });
  afterAll(async () => {
    await d?.cerrar();
    await aislada?.limpiar();
  });

  it('la demo declara el código de los ejemplos oficiales y el del prestador sandbox; los pasa', async () => {
    const clave = d.servicio.demoApiKey()!;
    const sesion = await pedir(d.url, '/sesion', { cabeceras: { 'X-Api-Key': clave } });
    expect(sesion.body.entidad.prestadores).toEqual(['192030405001', PROPIO]);
    // A RIPS of our own with the official examples' provider: 192030405001 in the services, its
    // 10-digit provider code 1920304050 in the invoice (as the published ERT3000 pair carries them).
    const oficial = {
      ...rips(usuario({ consultas: [consulta({ codPrestador: '192030405001' })] })),
      numDocumentoIdObligado: '530520110',
    };
    const r = await pedir(d.url, '/rips/validar', {
      cuerpo: {
        rips: oficial,
        xmlFevFile: base64(
          contenedorFev({
            numero: 'FE100',
            nit: '530520110',
            periodo: { inicio: '2026-07-01', fin: '2026-07-31' },
            anticipos: [],
            salud: { CODIGO_PRESTADOR: '<Value>1920304050</Value>' },
          }),
        ),
        fechaEvaluacion: FECHA,
      },
      cabeceras: { 'X-Api-Key': clave },
    });
    const codigos = (r.body as Respuesta).errores.map((e) => e.codigo);
    expect(codigos).not.toContain('RVC011');
    expect(codigos).not.toContain('RVC012');
    expect(codigos).not.toContain('PRE01');
    // The sandbox provider's RIPS and invoice too (the quick start files them with the demo key).
    const sandbox = await pedir(d.url, '/rips/validar', {
      cuerpo: { rips: ripsValido(), xmlFevFile: xml(), fechaEvaluacion: FECHA },
      cabeceras: { 'X-Api-Key': clave },
    });
    expect(sandbox.body.valid, JSON.stringify(rechazos(sandbox.body))).toBe(true);
  });

  it('con IPSCodHabilitacion importada (sin IPSnoREPS): un código registrado a otro NIT es RVC012 aunque la entidad no declare códigos', async () => {
    const { clave } = await d.crearEntidad('prestadores-catalogo');
    const cuerpo = {
      rips: rips(
        usuario({
          consultas: [consulta({ codPrestador: PROPIO })],
          procedimientos: [procedimiento({ codPrestador: AJENO })],
        }),
      ),
      fechaEvaluacion: FECHA,
    };
    const ruta = 'usuarios[0].servicios.procedimientos[0].codPrestador';
    const sin = (await pedir(d.url, '/rips/validar', { cuerpo, cabeceras: { 'X-Api-Key': clave } }))
      .body as Respuesta;
    expect(sin.errores.filter((e) => e.codigo === 'RVC012')).toEqual([]);

    const dir = await mkdtemp(path.join(os.tmpdir(), 'ipscodhab-'));
    const archivo = path.join(dir, 'IPSCodHabilitacion.csv');
    await writeFile(
      archivo,
      'Tabla,Código,Nombre,Descripción,Habilitado,Extra_I,Extra_II\n' +
        `IPSCodHabilitacion,${PROPIO},IPS Ficticia del Norte - Sede 01,,SI,NI,900123456\n` +
        `IPSCodHabilitacion,${AJENO},Clínica Ficticia del Sur - Sede 01,,SI,NI,800111222\n`,
    );
    const avisos = d.servicio.servicios.avisos;
    const generacion = avisos.generacion('carga_catalogo');
    expect((await importarCatalogo(d.em(), archivo)).importadas).toBe(2);
    for (const limite = Date.now() + 2000; avisos.generacion('carga_catalogo') === generacion; ) {
      expect(Date.now()).toBeLessThan(limite);
      await new Promise((r) => setTimeout(r, 10));
    }

    const con = (await pedir(d.url, '/rips/validar', { cuerpo, cabeceras: { 'X-Api-Key': clave } }))
      .body as Respuesta;
    const rvc012 = con.errores.filter((e) => e.codigo === 'RVC012');
    expect(rvc012.map((e) => [e.severidad, e.ubicacion.ruta])).toEqual([['rechazo', ruta]]);
    expect(rvc012[0]!.explicacion).toContain(
      'En SISPRO el código está registrado a la identificación 800111222 y el NIT del RIPS es 900123456.',
    );
    expect(con.valid).toBe(false);
  });
});
