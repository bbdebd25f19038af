import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearLogger } from '../src/logger.js';
import { TIPOS_RDA } from '../src/rda/tipos.js';
import { AHORA_RDA, datosRda } from './fixtures/rda.js';
import { graphql, iniciarServicio, pedir } from './servidor.js';

const FALSO = fileURLToPath(new URL('./fixtures/validador-falso.mjs', import.meta.url));
const lineasLog: string[] = [];
const destino = new Writable({
  write(chunk, _e, cb) {
    lineasLog.push(String(chunk));
    cb();
  },
});

let s: Awaited<ReturnType<typeof iniciarServicio>>;
let conValidador: Awaited<ReturnType<typeof iniciarServicio>>;
let clave: string;
let claveSoloRips: string;
let claveValidador: string;
const FECHA = AHORA_RDA.toISOString();

beforeAll(async () => {
  s = await iniciarServicio({}, { log: crearLogger('info', destino) });
  clave = (await s.crearEntidad('rda-doc')).clave;
  claveSoloRips = (await s.crearEntidad('rda-doc-rips', ['rips'])).clave;
  conValidador = await iniciarServicio({
    RDA_VALIDADOR_JAR: '/opt/fhir/validator_cli.jar',
    RDA_VALIDADOR_JAVA: process.execPath,
    RDA_VALIDADOR_OPCIONES_JAVA: FALSO,
    RDA_VALIDADOR_IG: '/opt/fhir/minsalud.fhir.co.rda.tgz',
    RDA_VALIDADOR_TIMEOUT_MS: '20000',
  });
  claveValidador = (await conValidador.crearEntidad('rda-doc-val')).clave;
});

afterAll(async () => {
  await s?.cerrar();
  await conValidador?.cerrar();
});

const post = (ruta: string, cuerpo: unknown, cab: Record<string, string> = { 'X-Api-Key': clave }) =>
  pedir(s.url, ruta, { cuerpo, cabeceras: cab });

describe('POST /rda/construir y POST /rda/validar', () => {
  for (const tipo of TIPOS_RDA) {
    it(`${tipo}: construido → 200 sin hallazgos; el mismo Bundle revisado → valid sin hallazgos`, async () => {
      for (const variante of ['rico', 'minimo'] as const) {
        const c = await post('/rda/construir', {
          tipo,
          datos: datosRda(tipo, variante),
          fechaEvaluacion: FECHA,
        });
        expect(c.status).toBe(200);
        expect(c.body).toMatchObject({ valid: true, errores: [] });
        expect(c.body.bundle).toMatchObject({ resourceType: 'Bundle', type: 'document' });
        const v = await post('/rda/validar', { bundle: c.body.bundle, fechaEvaluacion: FECHA });
        expect(v.status).toBe(200);
        expect(v.body).toEqual({ valid: true, issues: [], errores: [] });
      }
    });
  }

  it('datos inválidos → 400 con cada campo faltante en detalles (en español)', async () => {
    const datos = datosRda('hospitalizacion') as any;
    delete datos.paciente.fechaNacimiento;
    delete datos.encuentro.viaIngreso;
    datos.prestador.nit = 'abc';
    delete datos.epicrisis;
    const r = await post('/rda/construir', { tipo: 'hospitalizacion', datos, fechaEvaluacion: FECHA });
    expect(r.status).toBe(400);
    expect(r.body.codigo).toBe('entrada-invalida');
    expect(r.body.error).toMatch(/4 problema/);
    expect(r.body.detalles.map((d: { campo: string }) => d.campo).sort()).toEqual(
      ['encuentro.viaIngreso', 'epicrisis', 'paciente.fechaNacimiento', 'prestador.nit'].sort(),
    );
    const nac = r.body.detalles.find((d: { campo: string }) => d.campo === 'paciente.fechaNacimiento');
    expect(nac.mensaje).toBe('Fecha de nacimiento del paciente: es obligatorio y falta.');
  });

  it('sin datos, sin tipo o con un tipo desconocido → 400', async () => {
    const sinDatos = await post('/rda/construir', { tipo: 'urgencias' });
    expect(sinDatos.status).toBe(400);
    expect(sinDatos.body.detalles).toEqual([{ campo: 'datos', mensaje: 'Es obligatorio.' }]);
    expect((await post('/rda/construir', { datos: {} })).status).toBe(400);
    const otro = await post('/rda/construir', { tipo: 'odontologia', datos: {} });
    expect(otro.status).toBe(400);
    expect(otro.body.error).toMatch(/tipo/);
  });

  it('un Bundle con problemas → 200 valid=false con hallazgos explicados', async () => {
    const c = await post('/rda/construir', {
      tipo: 'urgencias',
      datos: datosRda('urgencias'),
      fechaEvaluacion: FECHA,
    });
    const b = c.body.bundle;
    const paciente = b.entry.find((e: any) => e.resource.resourceType === 'Patient').resource;
    delete paciente.birthDate;
    b.type = 'collection';
    const r = await post('/rda/validar', { bundle: b, fechaEvaluacion: FECHA });
    expect(r.status).toBe(200);
    expect(r.body.valid).toBe(false);
    expect(r.body.issues.map((i: { codigo: string }) => i.codigo)).toEqual(['RDA02', 'RDA33']);
    const nac = r.body.errores.find((e: { codigo: string }) => e.codigo === 'RDA33');
    expect(nac).toMatchObject({
      severidad: 'rechazo',
      fuente: 'linter-rda',
      ubicacion: {
        campoNombre: 'Fecha de nacimiento del paciente',
        ruta: expect.stringMatching(/\.birthDate$/),
      },
    });
    expect(r.body.issues[1]).toMatchObject({ severity: 'error', path: nac.ubicacion.ruta });
  });

  it('sin bundle o bundle que no es objeto → 400', async () => {
    for (const cuerpo of [{}, { bundle: 'x' }, { bundle: [1] }]) {
      const r = await post('/rda/validar', cuerpo);
      expect(r.status).toBe(400);
      expect(r.body.detalles[0].campo).toBe('bundle');
    }
  });

  it('sin credencial → 401; entidad sin el módulo rda → 403', async () => {
    for (const ruta of ['/rda/construir', '/rda/validar', '/rda/validar-oficial']) {
      const sin = await post(ruta, { tipo: 'paciente', datos: {}, bundle: {} }, {});
      expect(sin.status).toBe(401);
      const ajena = await post(
        ruta,
        { tipo: 'paciente', datos: {}, bundle: {} },
        { 'X-Api-Key': claveSoloRips },
      );
      expect(ajena.status).toBe(403);
      expect(ajena.body).toMatchObject({ codigo: 'modulo-no-contratado', modulo: 'rda' });
    }
  });

  it('GraphQL da la misma respuesta que REST', async () => {
    const c = await post('/rda/construir', {
      tipo: 'paciente',
      datos: datosRda('paciente'),
      fechaEvaluacion: FECHA,
    });
    const gql = await graphql(
      s.url,
      'query($b: JSON!, $f: DateTimeISO) { validarRda(bundle: $b, fechaEvaluacion: $f) { valid issues { codigo } } }',
      { 'X-Api-Key': clave },
      { b: c.body.bundle, f: FECHA },
    );
    expect(gql.body.data.validarRda).toEqual({ valid: true, issues: [] });
  });

  it('ni los datos del paciente ni el Bundle llegan a los registros', () => {
    const todo = lineasLog.join('');
    expect(todo).toContain('RDA construido');
    expect(todo).not.toContain('1020304050');
    expect(todo).not.toContain('Gómez');
    expect(todo).not.toContain('JVBER');
  });
});

describe('POST /rda/validar-oficial', () => {
  it('sin validador configurado → 503 en español', async () => {
    const c = await post('/rda/construir', {
      tipo: 'paciente',
      datos: datosRda('paciente'),
      fechaEvaluacion: FECHA,
    });
    const r = await post('/rda/validar-oficial', { bundle: c.body.bundle });
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({
      codigo: 'upstream-no-configurado',
      error: expect.stringMatching(/no está configurado/),
    });
  });

  it('con el validador (programa sustituto) → 200 con porSeveridad, issues y errores explicados', async () => {
    const c = await post('/rda/construir', {
      tipo: 'consulta-externa',
      datos: datosRda('consulta-externa'),
      fechaEvaluacion: FECHA,
    });
    const b = c.body.bundle;
    delete b.entry.find((e: any) => e.resource.resourceType === 'Patient').resource.birthDate;
    const r = await pedir(conValidador.url, '/rda/validar-oficial', {
      cuerpo: { bundle: b },
      cabeceras: { 'X-Api-Key': claveValidador },
    });
    expect(r.status).toBe(200);
    expect(r.body.valid).toBe(false);
    expect(r.body.perfil).toBe('https://fhir.minsalud.gov.co/rda/StructureDefinition/BundleAmbulatoryRDA');
    expect(r.body.porSeveridad).toEqual({ error: 1, warning: 1, information: 1, fatal: 0 });
    expect(r.body.issues[0]).toEqual({
      severity: 'error',
      message: expect.stringContaining('Patient.birthDate'),
      location: expect.stringContaining('birthDate'),
    });
    expect(r.body.errores[0]).toMatchObject({
      codigo: 'HL7-required',
      severidad: 'rechazo',
      fuente: 'validador-hl7',
      ubicacion: { campoNombre: 'Fecha de nacimiento del paciente' },
    });
  });

  it('el validador falla sin resultado → 502; bundle ausente → 400', async () => {
    const c = await post('/rda/construir', {
      tipo: 'paciente',
      datos: datosRda('paciente'),
      fechaEvaluacion: FECHA,
    });
    const b = { ...c.body.bundle, id: 'sin-salida' };
    const cab = { 'X-Api-Key': claveValidador };
    const r = await pedir(conValidador.url, '/rda/validar-oficial', {
      cuerpo: { bundle: b },
      cabeceras: cab,
    });
    expect(r.status).toBe(502);
    expect(r.body.codigo).toBe('upstream-no-disponible');
    const sin = await pedir(conValidador.url, '/rda/validar-oficial', { cuerpo: {}, cabeceras: cab });
    expect(sin.status).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('publica las rutas RDA y los esquemas de los cuatro datos', async () => {
    const r = await pedir(s.url, '/openapi.json');
    for (const p of ['/rda/construir', '/rda/validar', '/rda/validar-oficial']) {
      expect(r.body.paths[p].post['x-permiso']).toBe('rda:leer');
    }
    const esquemas = r.body.components.schemas;
    for (const n of [
      'DatosRdaPaciente',
      'DatosRdaConsultaExterna',
      'DatosRdaHospitalizacion',
      'DatosRdaUrgencias',
    ]) {
      expect(esquemas[n].properties.paciente.properties.fechaNacimiento.title).toBe(
        'Fecha de nacimiento del paciente',
      );
    }
    expect(esquemas.DatosRdaUrgencias.properties.encuentro.required).toContain('triage');
    expect(r.body.paths['/rda/validar-oficial'].post.responses['502']).toBeDefined();
  });
});
