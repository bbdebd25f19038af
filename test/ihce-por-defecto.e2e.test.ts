import { afterAll, beforeAll, expect, it } from 'vitest';
import { datosUnicos } from './ihce.js';
import { iniciarServicio, pedir } from './servidor.js';

/** The default run: no IHCE_BASE_URL, so the IHCE sandbox simulator starts in-process on its own port. */
let s: Awaited<ReturnType<typeof iniciarServicio>>;
beforeAll(async () => {
  s = await iniciarServicio({ DEMO: 'true', IHCE_SIMULADOR: 'true' });
});
afterAll(async () => {
  await s?.cerrar();
});

it('/ready informa la IHCE configurada (simulador) y la API key demo transmite de inmediato', async () => {
  const listo = await pedir(s.url, '/ready');
  // A real probe of the simulator's token endpoint and API (src/salud/ready.ts).
  expect(listo.body.dependencias.ihce).toMatchObject({
    estado: 'disponible',
    detalle: 'Simulador IHCE (sandbox) en proceso',
    comprobadoEn: expect.any(String),
  });
  expect(s.servicio.servicios).toBeDefined();
  const cab = { 'X-Api-Key': s.servicio.demoApiKey()! };
  const conf = await pedir(s.url, '/rda/configuracion', { cabeceras: cab });
  expect(conf.body).toMatchObject({ upstreamConfigurado: true, credencialesConfiguradas: true, listo: true });
  const r = await pedir(s.url, '/rda/desde-datos', {
    cuerpo: { tipo: 'consulta-externa', datos: datosUnicos('consulta-externa') },
    cabeceras: cab,
  });
  expect(r.status).toBe(201);
  // As the platform: no VIDA in the acceptance, the ids of what it created instead (issue 32).
  expect(r.body.vida).toBeNull();
  expect(r.body.compositionId).toBeTruthy();
  expect(r.body.documentReferenceId).toBeTruthy();
  const doc = await pedir(s.url, `/rda/${r.body.id}/ihce`, { cabeceras: cab });
  expect(doc.status).toBe(200);
});
