import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { construirBundle } from '../src/rda/construccion/construir.js';
import { datosUnicos, entornoIhce } from './ihce.js';
import { graphql, pedir } from './servidor.js';

/**
 * Issue 32 item 9: the sandbox accepts as the platform does (transaction-response, no VIDA); a
 * transmission through POST /rda shows the platform's Composition and DocumentReference ids.
 */
let env: Awaited<ReturnType<typeof entornoIhce>>;
let a: Awaited<ReturnType<typeof env.entidadConIhce>>;

beforeAll(async () => {
  env = await entornoIhce();
  a = await env.entidadConIhce('rda-respuesta-ihce');
});
afterAll(async () => {
  await env?.cerrar();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('POST /rda con la aceptación de la plataforma (transaction-response)', () => {
  it('201 aceptado: ids de Composition y DocumentReference, cada recurso con su estado, VIDA null dicho con honestidad', async () => {
    const bundle = construirBundle('consulta-externa', datosUnicos('consulta-externa')) as {
      entry: unknown[];
    };
    const r = await pedir(env.s.url, '/rda', {
      cuerpo: { tipo: 'consulta-externa', bundle },
      cabeceras: a.cabeceras,
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ estado: 'aceptado', vida: null, errores: [] });
    expect(r.body.compositionId).toMatch(UUID);
    expect(r.body.documentReferenceId).toMatch(UUID);
    const base = env.sim.baseUrl;
    const recursos = r.body.recursosIhce as Record<string, unknown>[];
    expect(recursos).toHaveLength(bundle.entry.length + 1);
    expect(recursos[0]).toEqual({
      tipo: 'Composition',
      id: r.body.compositionId,
      version: '1',
      status: 201,
      location: `${base}/Composition/${r.body.compositionId}/_history/1`,
    });
    expect(recursos.at(-1)).toEqual({
      tipo: 'DocumentReference',
      id: r.body.documentReferenceId,
      version: '1',
      status: 201,
      location: `${base}/DocumentReference/${r.body.documentReferenceId}/_history/1`,
    });
    expect(r.body.avisos).toEqual([
      expect.objectContaining({
        codigo: 'IHCE-sin-vida',
        severidad: 'informativo',
        explicacion: expect.stringContaining('documentReferenceId'),
      }),
    ]);
    const ev = (await pedir(env.s.url, `/rda/${r.body.id}/eventos`, { cabeceras: a.cabeceras })).body;
    expect(ev.at(-1)).toMatchObject({ tipo: 'aceptado', statusUpstream: 200 });
    expect(ev.at(-1).detalle).toBe(
      `Aceptado sin número VIDA: la respuesta de la IHCE no trae un identificador VIDA reconocible; Composition ${r.body.compositionId}, DocumentReference ${r.body.documentReferenceId}`,
    );
    // The Composition id is the one the platform serves the stored document by.
    const doc = await fetch(`${env.s.url}/rda/${r.body.id}/ihce`, { headers: a.cabeceras });
    expect(doc.status).toBe(200);

    // The same patient, professional and organizations again: already known (200, no location).
    const otro = construirBundle('consulta-externa', datosUnicos('consulta-externa')) as {
      entry: { resource: { resourceType: string } }[];
    };
    const otra = await pedir(env.s.url, '/rda', {
      cuerpo: { tipo: 'consulta-externa', bundle: otro },
      cabeceras: a.cabeceras,
    });
    const conocidos = (otra.body.recursosIhce as Record<string, unknown>[]).filter((x) => x.status === 200);
    expect(conocidos.map((x) => x.tipo)).toEqual(
      otro.entry
        .map((e) => e.resource.resourceType)
        .filter((t) => ['Patient', 'Practitioner', 'Organization'].includes(t)),
    );
    expect(conocidos.length).toBeGreaterThanOrEqual(3);
    expect(conocidos.every((x) => x.location === null && x.id === null)).toBe(true);
  });

  it('GraphQL: los mismos ids (documentReferenceId, recursosIhce)', async () => {
    const r = await graphql(
      env.s.url,
      `mutation($d: DatosRdaEntrada!){ transmitirRdaDesdeDatos(datos: $d){ transmision {
        estado vida compositionId documentReferenceId recursosIhce { tipo id status location } informativos { codigo } } } }`,
      a.cabeceras,
      { d: { paciente: datosUnicos('paciente') } },
    );
    const t = r.body.data.transmitirRdaDesdeDatos.transmision;
    expect(t).toMatchObject({ estado: 'ACEPTADO', vida: null, informativos: [{ codigo: 'IHCE-sin-vida' }] });
    expect(t.documentReferenceId).toMatch(UUID);
    expect(t.recursosIhce[0]).toMatchObject({ tipo: 'Composition', id: t.compositionId, status: 201 });
  });
});
