import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AHORA_RDA, datosRda } from './fixtures/rda.js';
import { bundlePostman } from './fixtures/rda-postman.js';
import { iniciarServicio, pedir } from './servidor.js';

/**
 * `POST /rda/validar` answers what the IHCE sandbox answered in captured traffic (issue 32): a patient
 * RDA without ExtensionPatientEthnicity (cardinality 1..1) and a consulta whose Composition points at
 * `#Encounter-0` with no fullUrl (BUNDLE-005) are rejections. Our own bundles, broken the same way.
 */
let s: Awaited<ReturnType<typeof iniciarServicio>>;
let clave: string;
const FECHA = AHORA_RDA.toISOString();
const EXT_ETNIA = 'https://fhir.minsalud.gov.co/rda/StructureDefinition/ExtensionPatientEthnicity';

beforeAll(async () => {
  s = await iniciarServicio();
  clave = (await s.crearEntidad('rda-veredictos')).clave;
});

afterAll(async () => {
  await s?.cerrar();
});

const post = (ruta: string, cuerpo: unknown) =>
  pedir(s.url, ruta, { cuerpo, cabeceras: { 'X-Api-Key': clave } });

describe('POST /rda/validar: veredictos como los da la plataforma IHCE', () => {
  it('RDA de paciente sin ExtensionPatientEthnicity → valid false, RDA36 rechazo (cardinalidad 1..1)', async () => {
    const c = await post('/rda/construir', {
      tipo: 'paciente',
      datos: datosRda('paciente'),
      fechaEvaluacion: FECHA,
    });
    expect(c.status).toBe(200);
    const b = c.body.bundle;
    const paciente = b.entry.find((e: any) => e.resource.resourceType === 'Patient').resource;
    paciente.extension = paciente.extension.filter((x: any) => x.url !== EXT_ETNIA);
    const r = await post('/rda/validar', { bundle: b, fechaEvaluacion: FECHA });
    expect(r.status).toBe(200);
    expect(r.body.valid).toBe(false);
    expect(r.body.issues).toEqual([
      expect.objectContaining({
        severity: 'error',
        codigo: 'RDA36',
        path: 'Bundle.entry[1].resource.extension',
      }),
    ]);
    expect(r.body.errores[0]).toMatchObject({
      codigo: 'RDA36',
      severidad: 'rechazo',
      fuente: 'linter-rda',
      ubicacion: { campoNombre: 'Pertenencia étnica del paciente' },
    });
    expect(r.body.errores[0].explicacion).toMatch(/ExtensionPatientEthnicity \(1\.\.1\)/);
    expect(r.body.errores[0].comoCorregir).toMatch(/ColombianEthnicGroup/);
  });

  it('consulta con «#Encounter-0» y entradas sin fullUrl → valid false, RDA07 (BUNDLE-005); con fullUrl urn:uuid → valid', async () => {
    const b = bundlePostman('consulta-externa', AHORA_RDA, 48, { profesionalCompleto: true });
    const r = await post('/rda/validar', { bundle: b, fechaEvaluacion: FECHA });
    expect(r.status).toBe(200);
    expect(r.body.valid).toBe(false);
    const e = r.body.errores.find(
      (x: any) => x.codigo === 'RDA07' && x.ubicacion.ruta === 'Bundle.entry[0].resource.encounter.reference',
    );
    expect(e).toMatchObject({ severidad: 'rechazo', ubicacion: { campoNombre: 'Referencias internas' } });
    expect(e.explicacion).toMatch(/solo por el fullUrl/);
    expect(e.explicacion).toMatch(/Encounter «Encounter-0» \(Bundle\.entry\[3\]\), que no tiene fullUrl/);
    expect(e.explicacion).toMatch(/BUNDLE-005/);
    expect(e.comoCorregir).toMatch(/fullUrl único urn:uuid/);
    // Every rechazo is a reference the platform cannot resolve.
    expect(
      new Set(r.body.errores.filter((x: any) => x.severidad === 'rechazo').map((x: any) => x.codigo)),
    ).toEqual(new Set(['RDA07']));
    const ok = await post('/rda/validar', {
      bundle: bundlePostman('consulta-externa', AHORA_RDA, 48, {
        profesionalCompleto: true,
        conFullUrl: true,
      }),
      fechaEvaluacion: FECHA,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.valid).toBe(true);
    expect(ok.body.errores.some((x: any) => x.codigo === 'RDA07')).toBe(false);
  });
});
