import { afterAll, beforeAll, expect, it } from 'vitest';
import { datosUnicos, entornoIhce } from './ihce.js';
import { graphql, pedir } from './servidor.js';

let env: Awaited<ReturnType<typeof entornoIhce>>;
beforeAll(async () => {
  env = await entornoIhce({ env: { LOG_LEVEL: 'error' } });
});
afterAll(async () => {
  await env?.cerrar();
});

it('GET /resumen: RIPS y RDA por estado y tipo, de la entidad y según los permisos', async () => {
  const e = await env.entidadConIhce('resumen');
  const conn = env.s.em().getConnection();
  // Filing attempts as the MUV capability writes them (append-only rows; the insert trigger counts them).
  await conn.execute(
    `insert into radicacion (id, entidad_id, num_factura, num_documento_id_obligado, tipo_nota, operacion, estado,
       errores, created_at)
     select gen_random_uuid(), ?, 'F' || i, '900123456', (array[null, null, 'NC', 'RS'])[1 + i % 4],
       'CargarFevRips', (array['radicado', 'radicado', 'rechazado', 'rechazado-local', 'fallido'])[1 + i % 5],
       '[]', now()
     from generate_series(0, 19) i`,
    [e.entidad.id],
  );
  // The operations added later: each is a type of its own (stored tipo_nota NC or null, as filed).
  await conn.execute(
    `insert into radicacion (id, entidad_id, num_factura, num_documento_id_obligado, tipo_nota, num_nota, operacion,
       estado, errores, created_at)
     select gen_random_uuid(), ?, o.operacion || i, '900123456', o.tipo_nota, o.num_nota, o.operacion, 'radicado', '[]', now()
     from generate_series(1, 2) i, (values ('CargarNCTotal', 'NC', 'NCT'), ('CargarNCAcuerdoVoluntades', 'NC', 'NCA'),
       ('CargarCapitaInicial', null, null), ('CargarCapitaPeriodo', null, null), ('CargarCapitaFinal', null, null),
       ('CargarNCCapita', 'NC', 'NCC')) as o(operacion, tipo_nota, num_nota)
     where i = 1 or o.operacion = 'CargarCapitaPeriodo'`,
    [e.entidad.id],
  );
  for (const tipo of ['paciente', 'urgencias', 'urgencias'] as const) {
    const r = await pedir(env.s.url, '/rda/desde-datos', {
      cuerpo: { tipo, datos: datosUnicos(tipo) },
      cabeceras: e.cabeceras,
    });
    expect(r.status).toBe(201);
  }
  const r = await pedir(env.s.url, '/resumen', { cabeceras: e.cabeceras });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  // Without parameters: the contract's all-time counts, the new figures beside them.
  expect(r.body.periodo).toEqual({ desde: null, hasta: null, agrupar: null, zonaHoraria: 'America/Bogota' });
  expect(r.body.serie).toBeNull();
  expect(r.body).toMatchObject({
    porEstado: {
      rips: { radicado: 15, rechazado: 4, 'rechazado-local': 4, fallido: 4, pendiente: 0 },
      rda: { generado: 0, validado: 0, enviado: 0, aceptado: 3, rechazado: 0 },
    },
    porTipo: {
      rips: {
        FEV: 10,
        NC: 5,
        ND: 0,
        NA: 0,
        RS: 5,
        'NC-TOTAL': 1,
        'NC-ACUERDO-VOLUNTADES': 1,
        'CAPITA-INICIAL': 1,
        'CAPITA-PERIODO': 2,
        'CAPITA-FINAL': 1,
        'NC-CAPITA': 1,
      },
      rda: { paciente: 1, 'consulta-externa': 0, hospitalizacion: 0, urgencias: 2 },
    },
    total: { rips: 27, rda: 3 },
  });

  // GraphQL: the same counts as typed lists, every value of each enum present, by its GraphQL name.
  const g = await graphql(
    env.s.url,
    `{ resumen {
      rips { total porEstado { estado cantidad } porTipo { tipo cantidad } }
      rda { total porEstado { estado cantidad } porTipo { tipo cantidad } }
    } }`,
    e.cabeceras,
  );
  expect(g.body.errors).toBeUndefined();
  expect(g.body.data.resumen).toEqual({
    rips: {
      total: 27,
      porEstado: [
        { estado: 'RADICADO', cantidad: 15 },
        { estado: 'RECHAZADO', cantidad: 4 },
        { estado: 'RECHAZADO_LOCAL', cantidad: 4 },
        { estado: 'FALLIDO', cantidad: 4 },
        { estado: 'PENDIENTE', cantidad: 0 },
      ],
      porTipo: [
        { tipo: 'FEV', cantidad: 10 },
        { tipo: 'NC', cantidad: 5 },
        { tipo: 'ND', cantidad: 0 },
        { tipo: 'NA', cantidad: 0 },
        { tipo: 'RS', cantidad: 5 },
        { tipo: 'NC_TOTAL', cantidad: 1 },
        { tipo: 'NC_ACUERDO_VOLUNTADES', cantidad: 1 },
        { tipo: 'CAPITA_INICIAL', cantidad: 1 },
        { tipo: 'CAPITA_PERIODO', cantidad: 2 },
        { tipo: 'CAPITA_FINAL', cantidad: 1 },
        { tipo: 'NC_CAPITA', cantidad: 1 },
      ],
    },
    rda: {
      total: 3,
      porEstado: [
        { estado: 'GENERADO', cantidad: 0 },
        { estado: 'VALIDADO', cantidad: 0 },
        { estado: 'ENVIADO', cantidad: 0 },
        { estado: 'ACEPTADO', cantidad: 3 },
        { estado: 'RECHAZADO', cantidad: 0 },
      ],
      porTipo: [
        { tipo: 'PACIENTE', cantidad: 1 },
        { tipo: 'CONSULTA_EXTERNA', cantidad: 0 },
        { tipo: 'HOSPITALIZACION', cantidad: 0 },
        { tipo: 'URGENCIAS', cantidad: 2 },
      ],
    },
  });

  const soloRda = await env.s.crearEntidad('resumen-solo-rda', ['rda']);
  const parcial = await pedir(env.s.url, '/resumen', { cabeceras: { 'x-api-key': soloRda.clave } });
  expect(parcial.body.montos).toBeNull();
  expect(parcial.body.causas).toEqual({ rips: null, rda: [] });
  expect(parcial.body).toMatchObject({
    porEstado: { rips: null, rda: { generado: 0, validado: 0, enviado: 0, aceptado: 0, rechazado: 0 } },
    porTipo: { rips: null, rda: { paciente: 0, 'consulta-externa': 0, hospitalizacion: 0, urgencias: 0 } },
    total: { rips: null, rda: 0 },
  });
  const gParcial = await graphql(env.s.url, '{ resumen { rips { total } rda { total } } }', {
    'x-api-key': soloRda.clave,
  });
  expect(gParcial.body.data.resumen).toEqual({ rips: null, rda: { total: 0 } });
  expect((await pedir(env.s.url, '/resumen')).status).toBe(401);
});
