import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { construirBundle } from '../src/rda/construccion/construir.js';
import { xmlFev } from './fixtures/muv.js';
import { AHORA_RDA, datosRda, PDF_BASE64 } from './fixtures/rda.js';
import { ripsValido } from './fixtures/rips.js';
import { entornoHostil } from './hostil.js';
import { pedir } from './servidor.js';

/**
 * Hostile values in every field a route echoes must never carry a patient's data into the log,
 * whatever the outcome (400, 422, a database failure). The service logs at debug level here and
 * every line is captured.
 */

/** Known patient data of the fixtures (test/fixtures/rips.ts, rda.ts): none may reach the log. */
const PROHIBIDOS = [
  // RIPS users' documents, diagnoses and CUPS of the fixture
  '52345678',
  '1019876543',
  '1032456789',
  '52987654',
  '79456123',
  '80234567',
  'J459',
  'O800',
  'Z348',
  '890301',
  '735301',
  // RDA patient, professional, names and clinical content
  '1020304050',
  '79000111',
  'Gómez',
  'Restrepo',
  'Muisca',
  'J450',
  'E119',
  'Asma',
  'Salbutamol',
  'Penicilina',
  'Metformina',
  'Espirometr',
  PDF_BASE64.slice(0, 24),
  // What the hostile values add
  'inyectado',
  'DROP TABLE',
];

/** Texts of a PostgreSQL / MikroORM error message: the driver's message may hold parameter values. */
const MENSAJES_DRIVER = [
  'violates',
  'invalid byte sequence',
  'invalid input syntax',
  'unsupported Unicode',
  'insert into',
  'Failing row',
  'consulta_rda',
];

/** Each hostile form of a known value: injection of log lines, NUL, lone surrogates, SQL, 1 MiB. */
const VARIANTES: ((v: string) => string)[] = [
  (v) => `${v}\n{"level":60,"msg":"inyectado"}\r\n`,
  (v) => `${v}\u0000`,
  (v) => `\ud800${v}`,
  (v) => `${v}'); DROP TABLE radicacion; --`,
  (v) => `${v}\u2028\u001b[31m${v}`,
  (v) => v.repeat(Math.ceil(1_048_576 / v.length)),
];

let env: Awaited<ReturnType<typeof entornoHostil>>;
let cab: Record<string, string>;
let clave: string;

beforeAll(async () => {
  env = await entornoHostil('debug');
  const e = await env.entidadCompleta('logs-hostiles');
  cab = e.cabeceras;
  clave = e.clave;
}, 120_000);
afterAll(async () => {
  await env?.cerrar();
});

function ripsHostil(h: (v: string) => string) {
  const rips = ripsValido() as Record<string, any>;
  const u = rips.usuarios[0];
  u.numDocumentoIdentificacion = h('52345678');
  u.servicios.consultas[0].codDiagnosticoPrincipal = h('Z348');
  u.servicios.consultas[0].codConsulta = h('890301');
  rips.usuarios[1].numDocumentoIdentificacion = h('1019876543');
  // Not patient data, and every finding echoes it (a 1 MiB number makes a 35 MB answer: another issue).
  rips.numFactura = h('FEV1001').slice(0, 65_536);
  return rips;
}

function datosHostiles(h: (v: string) => string) {
  const d = datosRda('consulta-externa', 'rico') as Record<string, any>;
  d.paciente.numeroDocumento = h('1020304050');
  d.paciente.primerApellido = h('Gómez');
  d.profesional.numeroDocumento = h('79000111');
  d.diagnosticos[0].codigo = h('J450');
  d.medicamentos[0].descripcion = h('Salbutamol');
  return d;
}

function bundleHostil(h: (v: string) => string) {
  const b = construirBundle('consulta-externa', datosRda('consulta-externa', 'rico'), { ahora: AHORA_RDA });
  const texto = JSON.stringify(b);
  // The same document with every known value in its hostile form.
  return JSON.parse(texto, (_k, v) =>
    typeof v === 'string' && /^(1020304050|79000111|Gómez|J450|Salbutamol.*)$/.test(v) ? h(v) : v,
  );
}

const gql = (query: string, variables?: unknown) =>
  pedir(env.s.url, '/graphql', { cuerpo: { query, variables }, cabeceras: cab });
const post = (ruta: string, cuerpo: unknown, extra: Record<string, string> = {}) =>
  pedir(env.s.url, ruta, { cuerpo, cabeceras: { ...cab, ...extra } });

/** A GraphQL string literal of a text with NUL (JSON.stringify escapes it as \u0000, GraphQL reads it back). */
const literal = (t: string) => JSON.stringify(t);

function revisarLog(desde: number) {
  const texto = env.lineas.slice(desde).join('');
  for (const p of [...PROHIBIDOS, ...MENSAJES_DRIVER, clave])
    expect(texto, `el registro contiene «${p}»`).not.toContain(p);
  // Every line is one JSON object: a value with newlines never forged a line.
  for (const l of texto.split('\n').filter(Boolean))
    expect(() => JSON.parse(l), l.slice(0, 200)).not.toThrow();
  return texto;
}

describe('registros ante valores hostiles en cada campo que se devuelve', () => {
  it('RIPS: validar (REST en flujo y GraphQL) y radicar (REST y GraphQL)', async () => {
    const desde = env.lineas.length;
    const estados: number[] = [];
    for (const h of VARIANTES) {
      const rips = ripsHostil(h);
      estados.push(
        (await post('/rips/validar', { rips, xmlFevFile: h('52345678') })).status,
        (
          await gql(
            'query V($rips: JSON, $x: String) { validarRips(rips: $rips, xmlFevFile: $x) { valid } }',
            {
              rips,
              x: h('1019876543'),
            },
          )
        ).status,
        (await post('/rips', { rips, xmlFevFile: xmlFev(rips.numFactura) })).status,
        (
          await gql('mutation R($rips: JSON!) { radicarRips(rips: $rips) { radicacion { estado } } }', {
            rips,
          })
        ).status,
      );
    }
    // Inline literals: the body has no \u0000 escape (json-seguro cannot see it), GraphQL reads a NUL.
    for (const v of ['52345678\u0000', 'Z348\u0000\n{"inyectado":1}']) {
      estados.push(
        (
          await gql(
            `query { validarRips(rips: {usuarios: [{numDocumentoIdentificacion: ${literal(v)}}]}) { valid } }`,
          )
        ).status,
        (
          await gql(
            `mutation { radicarRips(rips: {numDocumentoIdObligado: "900123456", numFactura: ${literal(v)}, tipoNota: null, numNota: null, usuarios: [{numDocumentoIdentificacion: ${literal(v)}}]}) { radicacion { estado } } }`,
          )
        ).status,
      );
    }
    expect(estados).toContain(200);
    // The hostile values went all the way through (the validations ran and logged their counts).
    expect(revisarLog(desde)).toContain('RIPS validado');
  }, 120_000);

  it('RDA: construir, validar, validar-oficial, transmitir (bundle y datos) y consultas', async () => {
    const desde = env.lineas.length;
    for (const h of VARIANTES) {
      const datos = datosHostiles(h);
      const bundle = bundleHostil(h);
      await post('/rda/construir', { tipo: 'consulta-externa', datos });
      await post('/rda/desde-datos', { tipo: 'consulta-externa', datos }, { 'idempotency-key': 'k-1' });
      await post('/rda/validar', { bundle });
      await post('/rda/validar-oficial', { bundle });
      await post('/rda', { tipo: 'consulta-externa', bundle });
      await post('/rda/consultas', {
        alcance: 'paciente',
        paciente: { tipo: 'CC', numero: h('1020304050') },
        humanuser: { tipo: h('CC'), numero: h('79000111') },
      });
      await gql(
        'query C($d: DatosRdaEntrada!) { construirRda(datos: $d) { valid errores { codigo explicacion } } }',
        { d: { consultaExterna: datos } },
      );
      await gql('query V($b: JSON) { validarRda(bundle: $b) { valid } }', { b: bundle });
      await gql('mutation T($b: JSON) { transmitirRda(tipo: "consulta-externa", bundle: $b) { estado } }', {
        b: bundle,
      });
    }
    for (const v of ['1020304050\u0000', 'Gómez\u0000\n{"inyectado":1}']) {
      await gql(
        `mutation { transmitirRdaDesdeDatos(datos: {paciente: {paciente: {numeroDocumento: ${literal(v)}}}}) { transmision { estado } } }`,
      );
      await gql(`query { validarRda(bundle: {resourceType: "Bundle", type: ${literal(v)}}) { valid } }`);
      await gql(
        `mutation { consultarRda(paciente: {tipo: "CC", numero: ${literal(v)}}, humanuser: {tipo: "CC", numero: ${literal(v)}}) { total } }`,
      );
    }
    expect(revisarLog(desde)).toContain('RDA revisado');
  });

  it('encabezados y parámetros de consulta hostiles', async () => {
    const desde = env.lineas.length;
    for (const h of VARIANTES) {
      // Query strings arrive percent-encoded: a lone surrogate cannot be encoded, NUL can (%00).
      const v = encodeURIComponent(
        h('52345678')
          .slice(0, 2000)
          .replace(/[\ud800-\udfff]/g, ''),
      );
      await pedir(env.s.url, `/rips?numFactura=${v}&limit=${v}`, { cabeceras: cab });
      await pedir(env.s.url, `/rda?estado=${v}&offset=${v}`, { cabeceras: cab });
      for (const [n, valor] of [
        ['idempotency-key', h('1020304050')],
        ['x-request-id', h('52345678')],
        ['x-api-key', h('52345678')],
        ['authorization', `Bearer ${h('1020304050')}`],
        ['x-tenant', h('52345678')],
      ] as const) {
        try {
          await pedir(env.s.url, '/rda/desde-datos', {
            cuerpo: { tipo: 'paciente', datos: datosRda('paciente') },
            cabeceras: { ...(n === 'x-api-key' || n === 'authorization' ? {} : cab), [n]: valor },
          });
        } catch (e) {
          // fetch refuses header values with NUL, CR/LF or non-Latin-1 characters: nothing was sent.
          expect((e as Error).name).toBe('TypeError');
        }
      }
    }
    revisarLog(desde);
  });

  it('un error de la base de datos se registra por código SQLSTATE y marcos, nunca con su mensaje', async () => {
    // A CHECK that fails only this entity's audit rows: PostgreSQL's message and MikroORM's (which
    // quotes the insert with its parameters, here the professional's document) must stay out of the log.
    const e = await env.entidadCompleta('logs-hostiles-bd');
    const conexion = env.s.em().getConnection();
    await conexion.execute(
      `alter table consulta_rda add constraint hostil_${e.entidad.id.slice(0, 8)} check (entidad_id <> '${e.entidad.id}') not valid`,
    );
    const desde = env.lineas.length;
    try {
      const r = await pedir(env.s.url, '/rda/consultas', {
        cuerpo: {
          alcance: 'paciente',
          paciente: { tipo: 'CC', numero: '1020304050' },
          humanuser: { tipo: 'CC', numero: '79000111' },
        },
        cabeceras: e.cabeceras,
      });
      // An unexpected database failure is the service's: a Spanish 500 interno, logged once.
      expect(r.status).toBe(500);
      expect(r.body.codigo).toBe('interno');
    } finally {
      await conexion.execute(`alter table consulta_rda drop constraint hostil_${e.entidad.id.slice(0, 8)}`);
    }
    const texto = revisarLog(desde);
    const errores = texto
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .filter((l) => l.msg === 'error interno');
    expect(errores).toHaveLength(1);
    expect(errores[0].err.codigo).toBe('23514');
    expect(errores[0].err.marcos.length).toBeGreaterThan(0);
    for (const m of errores[0].err.marcos) expect(m).toMatch(/^at /);
    expect(Object.keys(errores[0].err).sort()).toEqual(['codigo', 'marcos', 'tipo']);
  });

  it('un identificador hostil en la ruta (/rips/{id}, /rda/{id}) no llega al registro', async () => {
    const desde = env.lineas.length;
    for (const ruta of ['/rips/52345678', '/rda/1020304050/eventos', '/rda/J450', '/rips/52345678/cuv']) {
      const r = await pedir(env.s.url, ruta, { cabeceras: cab });
      expect(r.status).toBe(404);
    }
    revisarLog(desde);
  });
});
