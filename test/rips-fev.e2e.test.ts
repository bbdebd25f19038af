import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64, contenedorFev } from './fixtures/fev.js';
import { dividido, QUERY_VALIDAR, valoresRest } from './fixtures/graphql-rips.js';
import { ripsValido } from './fixtures/rips.js';
import { graphql, iniciarServicio, pedir, postGzipEnTrozos } from './servidor.js';

let s: Awaited<ReturnType<typeof iniciarServicio>>;
let clave: string;

beforeAll(async () => {
  s = await iniciarServicio();
  clave = (await s.crearEntidad('fev')).clave;
});

afterAll(async () => {
  await s?.cerrar();
});

const fechaEvaluacion = '2026-11-01T12:00:00Z';
const validar = (cuerpo: unknown) =>
  pedir(s.url, '/rips/validar', { cuerpo, cabeceras: { 'X-Api-Key': clave } });
const codigos = (body: { errores: { codigo: string; severidad: string }[] }) =>
  body.errores.filter((e) => e.severidad !== 'informativo').map((e) => e.codigo);

describe('POST /rips/validar con xmlFevFile (compuerta FEV)', () => {
  it('antes o después del RIPS, comprimido en trozos y por GraphQL: la misma respuesta', async () => {
    const rips = ripsValido();
    const xmlFevFile = base64(contenedorFev({ numero: 'FEV1009' }));
    const g = await graphql(
      s.url,
      QUERY_VALIDAR,
      { 'X-Api-Key': clave },
      { rips, xmlFevFile, fechaEvaluacion },
    );
    expect(g.status).toBe(200);
    const esperado = valoresRest(g.body.data.validarRips);
    expect([...esperado.errores, ...esperado.avisos].map((e: { codigo: string }) => e.codigo).sort()).toEqual(
      ['PFP001', 'RVC004'],
    );
    expect(esperado.valid).toBe(false);
    expect(esperado.informativos.map((e: { codigo: string }) => e.codigo)).not.toContain('XML01');

    const antes = await validar({ xmlFevFile, fechaEvaluacion, rips });
    expect(antes.status).toBe(200);
    expect(codigos(antes.body)).toEqual(['PFP001', 'RVC004']);
    expect(dividido(antes.body)).toEqual(esperado);
    const despues = await validar({ rips, fechaEvaluacion, xmlFevFile });
    expect(dividido(despues.body)).toEqual(esperado);

    const cuerpo = JSON.stringify({ xmlFevFile, fechaEvaluacion, rips });
    const r = await postGzipEnTrozos(`${s.url}/rips/validar`, clave, cuerpo, 211);
    expect(r.status).toBe(200);
    expect(dividido(await r.json())).toEqual(esperado);

    const texto = await graphql(
      s.url,
      QUERY_VALIDAR,
      { 'X-Api-Key': clave },
      { ripsTexto: JSON.stringify(rips), xmlFevFile, fechaEvaluacion },
    );
    expect(valoresRest(texto.body.data.validarRips)).toEqual(esperado);
  });

  it('contenedor coherente: válido, sin la nota XML01', async () => {
    const r = await validar({ rips: ripsValido(), fechaEvaluacion, xmlFevFile: base64(contenedorFev()) });
    expect(r.status).toBe(200);
    expect(r.body.valid).toBe(true);
    expect(codigos(r.body)).toEqual([]);
    expect(r.body.errores.map((e: { codigo: string }) => e.codigo)).not.toContain('XML01');
  });

  it('los hallazgos de la compuerta vienen explicados y ubicados en el XML', async () => {
    const r = await validar({
      rips: ripsValido(),
      fechaEvaluacion,
      xmlFevFile: base64(contenedorFev({ salud: { CODIGO_PRESTADOR: null } })),
    });
    const e = r.body.errores.find((x: { codigo: string }) => x.codigo === 'FED124');
    expect(e).toMatchObject({
      severidad: 'rechazo',
      fuente: 'linter-local',
      ubicacion: { factura: 'FEV1001', ruta: expect.stringMatching(/^xmlFevFile:Invoice\.UBLExtensions/) },
    });
    expect(e.comoCorregir).toMatch(/software de facturación/);
    expect(e.mensajeOriginal).toMatch(/No Existe el grupo/);
    expect(r.body.issues[0]).toMatchObject({ severity: 'error', regla: 'FED124', path: e.ubicacion.ruta });
  });

  it('XML hostil o enorme: 200 con el rechazo en español, sin caída', async () => {
    const bomba =
      '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><AttachedDocument>&b;</AttachedDocument>';
    const r = await validar({ rips: ripsValido(), xmlFevFile: base64(bomba) });
    expect(r.status).toBe(200);
    expect(codigos(r.body)).toEqual(['FEV001']);
    const t0 = performance.now();
    const grande = await validar({ rips: ripsValido(), xmlFevFile: 'QUFB'.repeat(6 * 1024 * 1024) });
    expect(grande.status).toBe(200);
    expect(codigos(grande.body)).toEqual(['GI008']);
    expect(performance.now() - t0).toBeLessThan(15_000);
  });

  it('XML que declara UTF-16 con contenido UTF-8, o en UTF-16 de verdad → XML03 en español con la corrección', async () => {
    const utf16 = contenedorFev().replace('encoding="UTF-8"', 'encoding="UTF-16"');
    for (const xmlFevFile of [
      base64(utf16),
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(utf16, 'utf16le')]).toString('base64'),
    ]) {
      const r = await validar({ rips: ripsValido(), xmlFevFile, fechaEvaluacion });
      expect(r.status).toBe(200);
      expect(r.body.valid).toBe(false);
      expect(codigos(r.body)).toEqual(['XML03']);
      const e = r.body.errores.find((x: { codigo: string }) => x.codigo === 'XML03');
      expect(e).toMatchObject({ severidad: 'rechazo', ubicacion: { ruta: 'xmlFevFile' } });
      expect(e.explicacion).toMatch(/UTF-16/);
      expect(e.comoCorregir).toMatch(/en UTF-8, con la declaración/);
    }
  });

  it('tipoNota NA/RS con XML → XML02; xmlFevFile que no es texto → 400', async () => {
    const na = await validar({
      rips: { ...ripsValido(), tipoNota: 'NA', numNota: 'A1' },
      xmlFevFile: base64(contenedorFev()),
    });
    expect(codigos(na.body)).toContain('XML02');
    const r = await validar({ rips: ripsValido(), xmlFevFile: 12 });
    expect(r.status).toBe(400);
    expect(r.body.detalles[0].campo).toBe('xmlFevFile');
  });

  it('/openapi.json documenta xmlFevFile', async () => {
    const r = await pedir(s.url, '/openapi.json');
    const cuerpo = r.body.paths['/rips/validar'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(cuerpo.properties)).toContain('xmlFevFile');
  });
});
