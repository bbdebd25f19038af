import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nombreGraphql } from '../src/graphql/enums.js';
import { campoEntrada } from '../src/rda/construccion/esquemas.js';
import { TIPOS_RDA } from '../src/rda/tipos.js';
import { AHORA_RDA, datosRda } from './fixtures/rda.js';
import { datosUnicos, entornoIhce } from './ihce.js';
import { graphql, pedir } from './servidor.js';

/** The `datos` model through /graphql as typed input objects (DatosRdaEntrada), against REST's answers. */

let env: Awaited<ReturnType<typeof entornoIhce>>;
let a: Awaited<ReturnType<typeof env.entidadConIhce>>;
const FECHA = AHORA_RDA.toISOString();

beforeAll(async () => {
  env = await entornoIhce();
  a = await env.entidadConIhce('rda-datos-gql');
});
afterAll(async () => {
  await env?.cerrar();
});

const gql = (query: string, variables?: Record<string, unknown>) =>
  graphql(env.s.url, query, a.cabeceras, variables);
const post = (ruta: string, cuerpo: unknown, cab: Record<string, string> = a.cabeceras) =>
  pedir(env.s.url, ruta, { cuerpo, cabeceras: cab });

const CONSTRUIR = `query Construir($datos: DatosRdaEntrada!, $f: DateTimeISO) {
  construirRda(datos: $datos, fechaEvaluacion: $f) { bundle valid errores { codigo } }
}`;
const TRANSMITIR = `mutation Transmitir($datos: DatosRdaEntrada!, $k: String) {
  transmitirRdaDesdeDatos(datos: $datos, idempotencyKey: $k) { transmision { id tipo estado origen vida } repetida }
}`;

/** `datos` of a type as the GraphQL input: the field named after the type carries them. */
const entrada = (tipo: (typeof TIPOS_RDA)[number], datos: unknown) => ({ [campoEntrada(tipo)]: datos });

describe('construirRda con el input tipado', () => {
  it.each(TIPOS_RDA)('%s: el mismo Bundle que POST /rda/construir', async (tipo) => {
    const datos = datosRda(tipo, 'rico');
    const r = await gql(CONSTRUIR, { datos: entrada(tipo, datos), f: FECHA });
    expect(r.status, JSON.stringify(r.body.errors)).toBe(200);
    expect(r.body.data.construirRda).toMatchObject({ valid: true, errores: [] });
    const rest = await post('/rda/construir', { tipo, datos, fechaEvaluacion: FECHA });
    expect(rest.status).toBe(200);
    expect(r.body.data.construirRda.bundle).toEqual(rest.body.bundle);
  });

  it('un campo con el tipo equivocado → 400 en español con la ruta completa del campo', async () => {
    const d = datosRda('consulta-externa') as any;
    const r = await gql(CONSTRUIR, {
      datos: { consultaExterna: { ...d, paciente: { ...d.paciente, tipoDocumento: 5 } } },
    });
    expect(r.status).toBe(400);
    expect(r.body.errors).toHaveLength(1);
    expect(r.body.errors[0].message).toBe(
      'El valor recibido en «datos.consultaExterna.paciente.tipoDocumento» no es válido: se esperaba String (un texto); se recibió un número.',
    );
    expect(r.body.errors[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      codigo: 'entrada-invalida',
      detalles: [{ campo: 'datos.consultaExterna.paciente.tipoDocumento' }],
    });
    // Every refused field at once, each by its path; the values are never repeated.
    const varios = await gql(CONSTRUIR, {
      datos: {
        consultaExterna: {
          ...d,
          paciente: { ...d.paciente, primerNombre: undefined, otro: 'x' },
          diagnosticos: [{ ...d.diagnosticos[0], codigo: 450 }],
        },
      },
    });
    expect(varios.status).toBe(400);
    expect(varios.body.errors.map((e: any) => e.extensions.detalles[0])).toEqual(
      expect.arrayContaining([
        { campo: 'datos.consultaExterna.paciente.primerNombre', mensaje: 'Es obligatorio (String).' },
        {
          campo: 'datos.consultaExterna.paciente.otro',
          mensaje: '«otro» no es un campo de DatosRdaComunPaciente: revise el nombre.',
        },
        {
          campo: 'datos.consultaExterna.diagnosticos[0].codigo',
          mensaje: 'Se esperaba String (un texto); se recibió un número.',
        },
      ]),
    );
    expect(JSON.stringify(varios.body)).not.toContain('1020304050');
  });

  it('lo que el tipo admite y el esquema JSON no (códigos, formatos, fechas) → los mismos detalles que REST', async () => {
    const d = datosRda('hospitalizacion') as any;
    delete d.paciente.fechaNacimiento;
    delete d.encuentro.viaIngreso;
    d.prestador.nit = 'abc';
    delete d.epicrisis;
    const rest = await post('/rda/construir', { tipo: 'hospitalizacion', datos: d, fechaEvaluacion: FECHA });
    expect(rest.status).toBe(400);
    // The typed input refuses the missing required fields first: send them, keep the ajv-only problems.
    const conRequeridos = {
      ...d,
      paciente: { ...d.paciente, fechaNacimiento: '2030-02-30' },
      encuentro: { ...d.encuentro, viaIngreso: 'X' },
      epicrisis: { pdfBase64: 'no-es-pdf' },
    };
    const r = await gql(CONSTRUIR, { datos: { hospitalizacion: conRequeridos }, f: FECHA });
    expect(r.body.errors[0].extensions.codigo).toBe('entrada-invalida');
    const campos = r.body.errors[0].extensions.detalles.map((x: { campo: string }) => x.campo).sort();
    expect(campos).toEqual(
      ['encuentro.viaIngreso', 'epicrisis.pdfBase64', 'paciente.fechaNacimiento', 'prestador.nit'].sort(),
    );
    const nit = (b: any) => b.find((x: { campo: string }) => x.campo === 'prestador.nit');
    expect(nit(r.body.errors[0].extensions.detalles)).toEqual(nit(rest.body.detalles));
  });

  it('ninguno o dos tipos → entrada-invalida en español', async () => {
    const vacio = await gql(CONSTRUIR, { datos: {} });
    expect(vacio.body.errors[0].extensions).toMatchObject({
      codigo: 'entrada-invalida',
      detalles: [
        {
          campo: 'datos',
          mensaje: 'No trae ninguno de paciente, consultaExterna, hospitalizacion, urgencias.',
        },
      ],
    });
    const dos = await gql(CONSTRUIR, {
      datos: { paciente: datosRda('paciente'), urgencias: datosRda('urgencias') },
    });
    expect(dos.body.errors[0].message).toMatch(/^Envíe en «datos» exactamente uno de/);
    // Written in the document, GraphQL's own @oneOf validation answers (before anything runs).
    const literal = await gql('query { construirRda(datos: {}) { valid } }');
    expect(literal.status).toBe(400);
    expect(literal.body.errors[0]).toMatchObject({
      message:
        'DatosRdaEntrada es @oneOf: envíe exactamente uno de sus campos (paciente, consultaExterna, hospitalizacion, urgencias).',
      extensions: { codigo: 'entrada-invalida' },
    });
  });
});

describe('transmitirRdaDesdeDatos con el input tipado', () => {
  it.each(TIPOS_RDA)('%s → aceptado por la IHCE', async (tipo) => {
    const r = await gql(TRANSMITIR, { datos: entrada(tipo, datosUnicos(tipo, 'rico')) });
    expect(r.status, JSON.stringify(r.body.errors)).toBe(200);
    expect(r.body.data.transmitirRdaDesdeDatos).toMatchObject({
      transmision: {
        tipo: nombreGraphql(tipo),
        estado: 'ACEPTADO',
        origen: 'DATOS',
        // The platform's acceptance carries no VIDA (issue 32).
        vida: null,
      },
      repetida: false,
    });
  });

  it('la misma Idempotency-Key y los mismos datos por GraphQL y por REST: una sola transmisión', async () => {
    const datos = datosUnicos('urgencias');
    const k = `gql-datos-${Date.now()}`;
    const primera = await gql(TRANSMITIR, { datos: { urgencias: datos }, k });
    const id = primera.body.data.transmitirRdaDesdeDatos.transmision.id;
    const otra = await gql(TRANSMITIR, { datos: { urgencias: datos }, k });
    expect(otra.body.data.transmitirRdaDesdeDatos).toMatchObject({ transmision: { id }, repetida: true });
    const rest = await post(
      '/rda/desde-datos',
      { tipo: 'urgencias', datos },
      { ...a.cabeceras, 'idempotency-key': k },
    );
    expect(rest.body).toMatchObject({ id, repetida: true });
  });

  it('un campo equivocado → 400 en español, sin contactar la IHCE', async () => {
    const antes = env.sim.llamadas.enviar;
    const d = datosUnicos('paciente') as any;
    const r = await gql(TRANSMITIR, {
      datos: { paciente: { ...d, paciente: { ...d.paciente, discapacidades: 2 } } },
    });
    expect(r.status).toBe(400);
    expect(r.body.errors[0].extensions).toMatchObject({
      codigo: 'entrada-invalida',
      detalles: [{ campo: 'datos.paciente.paciente.discapacidades' }],
    });
    expect(env.sim.llamadas.enviar).toBe(antes);
  });
});
