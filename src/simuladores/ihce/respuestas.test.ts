import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SISTEMA_ERRORES_RDA, TEXTO_BUNDLE_005 } from '../../../test/fixtures/ihce-plataforma.js';
import { datosRda } from '../../../test/fixtures/rda.js';
import { construirBundle } from '../../rda/construccion/construir.js';
import { SISTEMA_VIDA } from '../../rda/ihce/fhir.js';
import { cabecerasDePrueba } from './cabeceras-prueba.js';
import { iniciarSimulador, type SimuladorIhce } from './servidor.js';

/** The sandbox answers as the platform did in issue 32's captures (item 9). */
const cred = {
  clientId: 'c-respuestas',
  clientSecret: 's',
  tenantId: 't',
  scope: 'api://x/.default',
  subscriptionKey: 'k',
};
let sim: SimuladorIhce;
let cabeceras: Record<string, string>;

beforeAll(async () => {
  sim = await iniciarSimulador({ clientes: [cred] });
  cabeceras = await cabecerasDePrueba(sim, cred);
});
afterAll(async () => {
  await sim?.detener();
});

let secuencia = 0;
/** A consulta for the fixture patient with an encounter of its own (no 409). */
function consulta(): Record<string, any> {
  const d = datosRda('consulta-externa');
  secuencia += 1;
  (d.encuentro as { fechaInicio: string }).fechaInicio = new Date(
    Date.parse('2026-11-10T08:00:00-05:00') - secuencia * 3_600_000,
  ).toISOString();
  return construirBundle('consulta-externa', d) as Record<string, any>;
}
const enviar = async (cuerpo: unknown) => {
  const r = await fetch(`${sim.baseUrl}/Composition/$enviar-rda-consulta`, {
    method: 'POST',
    headers: cabeceras,
    body: JSON.stringify(cuerpo),
  });
  return {
    status: r.status,
    location: r.headers.get('location'),
    body: (await r.json()) as Record<string, any>,
  };
};
const UBICACION = (tipo: string) =>
  new RegExp(`^${sim.baseUrl.replace(/[.]/g, '\\.')}/${tipo}/[0-9a-f-]{36}/_history/1$`);

describe('aceptación del simulador: transaction-response como la plataforma', () => {
  it('201 con location por recurso creado, 200 sin location para lo ya conocido, DocumentReference propio, sin VIDA', async () => {
    const b1 = consulta();
    const r1 = await enviar(b1);
    expect(r1.status).toBe(200);
    expect(r1.body).toMatchObject({ resourceType: 'Bundle', type: 'transaction-response' });
    expect(JSON.stringify(r1.body)).not.toContain(SISTEMA_VIDA);
    expect(r1.body.identifier).toBeUndefined();
    const e1 = r1.body.entry as Record<string, any>[];
    // One entry per entry sent, in order, then the platform's DocumentReference.
    expect(e1).toHaveLength(b1.entry.length + 1);
    b1.entry.forEach((e: any, i: number) => {
      expect(e1[i]!.response.status).toBe('201');
      expect(e1[i]!.response.location).toMatch(UBICACION(e.resource.resourceType));
    });
    const composicion = /\/Composition\/([0-9a-f-]{36})\/_history\/1$/.exec(e1[0]!.response.location)![1]!;
    const doc = e1.at(-1)!;
    expect(doc.response).toEqual({
      status: '201',
      location: `${sim.baseUrl}/DocumentReference/${doc.resource.id}/_history/1`,
    });
    expect(doc.resource).toMatchObject({
      resourceType: 'DocumentReference',
      type: { coding: [{ system: 'http://loinc.org', code: '18842-5' }] },
      custodian: { reference: 'Organization/MinSalud' },
      content: [{ attachment: { url: `Composition/${composicion}` } }],
    });
    // The Composition id of the answer is the one $document serves.
    const guardado = await fetch(`${sim.baseUrl}/Composition/${composicion}/$document`, {
      headers: cabeceras,
    });
    expect(guardado.status).toBe(200);

    // Same patient, professional and organizations: now already known.
    const b2 = consulta();
    const e2 = (await enviar(b2)).body.entry as Record<string, any>[];
    b2.entry.forEach((e: any, i: number) => {
      const conocido = ['Patient', 'Practitioner', 'Organization'].includes(e.resource.resourceType);
      if (conocido) expect(e2[i]!.response).toEqual({ status: '200' });
      else expect(e2[i]!.response.location).toMatch(UBICACION(e.resource.resourceType));
    });
  });

  it('con la opción vidaEnAceptacion (supuesto nuestro) la transaction-response lleva el VIDA en Bundle.identifier', async () => {
    const otro = await iniciarSimulador({ clientes: [cred], vidaEnAceptacion: true });
    try {
      const propias = await cabecerasDePrueba(otro, cred);
      const r = await fetch(`${otro.baseUrl}/Composition/$enviar-rda-consulta`, {
        method: 'POST',
        headers: propias,
        body: JSON.stringify(consulta()),
      });
      const b = (await r.json()) as Record<string, any>;
      expect(b.type).toBe('transaction-response');
      expect(b.identifier).toEqual({ system: SISTEMA_VIDA, value: expect.stringMatching(/^\d+$/) });
    } finally {
      await otro.detener();
    }
  });
});

describe('rechazo del simulador: OperationOutcome como la plataforma', () => {
  it('referencia que no resuelve → 400 not-found BUNDLE-005 (ErrorsRDA) con el texto en details.text', async () => {
    // The Encounter entry has id Encounter-0; the Composition points at it as `#Encounter-0`, not by fullUrl.
    const b = consulta();
    expect(b.entry.find((e: any) => e.resource.resourceType === 'Encounter').resource.id).toBe('Encounter-0');
    b.entry[0].resource.encounter = { reference: '#Encounter-0' };
    const r = await enviar(b);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      resourceType: 'OperationOutcome',
      issue: [
        {
          severity: 'error',
          code: 'not-found',
          details: { coding: [{ system: SISTEMA_ERRORES_RDA, code: 'BUNDLE-005' }], text: TEXTO_BUNDLE_005 },
          expression: ['Encounter.id'],
        },
      ],
    });
  });

  it('los demás rechazos llevan el mensaje en details.text (reglas SIM del simulador, sin diagnostics)', async () => {
    const b = consulta();
    const paciente = b.entry.find((e: any) => e.resource.resourceType === 'Patient').resource;
    delete paciente.identifier;
    const r = await enviar(b);
    expect(r.status).toBe(400);
    expect(r.body.issue).toHaveLength(1);
    const i = r.body.issue[0];
    expect(i).toMatchObject({
      severity: 'error',
      code: 'required',
      details: { coding: [{ code: 'SIM-009' }], text: expect.stringContaining('Registraduría') },
    });
    expect(i.diagnostics).toBeUndefined();
  });
});
