import { afterAll, beforeAll, expect, it } from 'vitest';
import { datosUnicos, entornoIhce } from './ihce.js';
import { pedir } from './servidor.js';

let env: Awaited<ReturnType<typeof entornoIhce>>;
beforeAll(async () => {
  env = await entornoIhce();
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
  for (const tipo of ['paciente', 'urgencias', 'urgencias'] as const) {
    const r = await pedir(env.s.url, '/rda/desde-datos', {
      cuerpo: { tipo, datos: datosUnicos(tipo) },
      cabeceras: e.cabeceras,
    });
    expect(r.status).toBe(201);
  }
  const r = await pedir(env.s.url, '/resumen', { cabeceras: e.cabeceras });
  expect(r.status).toBe(200);
  expect(r.body.rips).toEqual({
    total: 20,
    porEstado: { radicado: 8, rechazado: 4, 'rechazado-local': 4, fallido: 4, pendiente: 0 },
    porTipo: { FEV: 10, NC: 5, ND: 0, NA: 0, RS: 5 },
  });
  expect(r.body.rda).toEqual({
    total: 3,
    porEstado: { generado: 0, validado: 0, enviado: 0, aceptado: 3, rechazado: 0 },
    porTipo: { paciente: 1, 'consulta-externa': 0, hospitalizacion: 0, urgencias: 2 },
  });

  const soloRda = await env.s.crearEntidad('resumen-solo-rda', ['rda']);
  const parcial = await pedir(env.s.url, '/resumen', { cabeceras: { 'x-api-key': soloRda.clave } });
  expect(parcial.body).toEqual({
    rips: null,
    rda: { total: 0, porEstado: expect.any(Object), porTipo: expect.any(Object) },
  });
  expect((await pedir(env.s.url, '/resumen')).status).toBe(401);
});
