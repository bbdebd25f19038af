import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AHORA_RDA, datosRda } from '../../../test/fixtures/rda.js';
import { bundlePostman, POSTMAN, type TipoPostman } from '../../../test/fixtures/rda-postman.js';
import { construirBundle } from '../../rda/construccion/construir.js';
import { explicarResultado } from '../../rda/ihce/explicar.js';
import { SISTEMA_VIDA } from '../../rda/ihce/fhir.js';
import type { TipoRda } from '../../rda/tipos.js';
import { cabecerasDePrueba } from './cabeceras-prueba.js';
import { prefiereResultado, revisarDocumento } from './perfiles.js';
import { iniciarSimulador, type SimuladorIhce } from './servidor.js';

const AHORA = new Date('2026-11-20T15:00:00Z');
const TIPOS: TipoPostman[] = ['consulta-externa', 'urgencias', 'hospitalizacion', 'paciente'];
const revisar = (tipo: TipoRda, b: unknown) => revisarDocumento(tipo, b, AHORA.getTime());
const codigos = (issues: { details?: { coding?: { code?: string }[] } }[]) =>
  issues.map((i) => i.details?.coding?.[0]?.code);
const entrada = (b: Record<string, any>, tipo: string) =>
  b.entry.find((e: any) => e.resource.resourceType === tipo).resource;

/** The same document in the builder's style: fullUrl urn:uuid on every entry, references to it. */
function conFullUrl(b: Record<string, any>): Record<string, any> {
  const urls = new Map<string, string>();
  b.entry.forEach((e: any, i: number) => {
    e.fullUrl = `urn:uuid:00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    if (e.resource.id) urls.set(`#${e.resource.id}`, e.fullUrl);
  });
  const texto = JSON.stringify(b).replace(/"reference":"(#[^"]+)"/g, (m, r) =>
    urls.has(r) ? `"reference":"${urls.get(r)}"` : m,
  );
  return JSON.parse(texto);
}
/**
 * The Postman-style body with fullUrls: what the sandbox accepts. The official body itself (`#id`
 * references, no fullUrl) is refused like on the platform (BUNDLE-005, issue 32).
 */
const postman = (tipo: TipoPostman, ahora = AHORA, horasAntes?: number) =>
  conFullUrl(bundlePostman(tipo, ahora, horasAntes));

describe('revisión del simulador IHCE: errores que rechazan, avisos de la guía que no', () => {
  it.each(TIPOS)('cuerpo estilo Postman de %s con fullUrl: aceptado, sin errores', (tipo) => {
    const r = revisar(tipo, postman(tipo));
    expect(r.errores).toEqual([]);
    expect(r.paciente).toEqual({ tipo: 'CC', numero: '1234567890' });
    expect(!!r.claveEncuentro).toBe(tipo !== 'paciente');
    expect(r.avisos.every((i) => i.severity === 'warning')).toBe(true);
    if (tipo === 'consulta-externa') {
      // The official consulta body's Practitioner has no qualification (perfiles-detalle §0).
      const rutas = r.avisos.map((i) => i.expression?.[0]);
      expect(rutas).toContain('Bundle.entry[2].resource.qualification');
      expect(rutas.every((x) => x?.startsWith('Bundle.entry[2].resource.'))).toBe(true);
    } else {
      expect(r.avisos).toEqual([]);
    }
  });

  it.each(TIPOS)('%s construido por el servicio: aceptado sin avisos', (tipo) => {
    for (const variante of ['minimo', 'rico'] as const) {
      const b = construirBundle(tipo, datosRda(tipo, variante), { ahora: AHORA_RDA });
      const r = revisarDocumento(tipo, b, AHORA_RDA.getTime());
      expect(r.errores).toEqual([]);
      expect(r.avisos).toEqual([]);
      expect(r.paciente).toEqual({ tipo: 'CC', numero: '1020304050' });
    }
  });

  it('el cuerpo oficial (#id sin fullUrl) se rechaza como en la plataforma: BUNDLE-005 para #Encounter-0', () => {
    const r = revisar('consulta-externa', bundlePostman('consulta-externa', AHORA));
    expect(r.errores.length).toBeGreaterThan(0);
    expect(new Set(codigos(r.errores))).toEqual(new Set(['BUNDLE-005']));
    // The captured answer, word for word (issue 32 item 8).
    expect(r.errores).toContainEqual({
      severity: 'error',
      code: 'not-found',
      details: {
        coding: [{ system: 'https://fhir.minsalud.gov.co/rda/CodeSystem/ErrorsRDA', code: 'BUNDLE-005' }],
        text: "Resource type 'Encounter' with id 'Encounter-0' couldn't be found. Prior creation of the resource in the FHIR service is required.",
      },
      expression: ['Encounter.id'],
    });
    // One issue per missing resource, however many references point at it.
    const textos = r.errores.map((i) => i.details?.text);
    expect(new Set(textos).size).toBe(textos.length);
  });

  it('prestador como «#{código de habilitación}» sin Organization; el mismo encuentro con o sin ella', () => {
    const consulta = bundlePostman('consulta-externa', AHORA);
    expect(consulta.entry.some((e: any) => e.resource.resourceType === 'Organization')).toBe(false);
    expect(consulta.entry[0].resource.custodian.reference).toBe(`#${POSTMAN.habilitacion}`);
    expect(revisar('consulta-externa', consulta).claveEncuentro).toContain(`|${POSTMAN.habilitacion}|`);
    const urg = bundlePostman('urgencias', AHORA);
    // In urgencias the IPS is an entry whose id is the code: same provider identity either way.
    expect(revisar('urgencias', urg).claveEncuentro).toContain(`|${POSTMAN.habilitacion}|`);
    expect(revisar('urgencias', conFullUrl(urg)).claveEncuentro).toBe(
      revisar('urgencias', urg).claveEncuentro,
    );
  });

  it('una desviación de la guía (título de sección) se acepta con un issue warning', () => {
    const b = postman('urgencias');
    b.entry[0].resource.section[5].title = 'Diagnósticos';
    const r = revisar('urgencias', b);
    expect(r.errores).toEqual([]);
    expect(r.avisos).toEqual([
      expect.objectContaining({
        severity: 'warning',
        code: 'value',
        details: {
          coding: [expect.objectContaining({ code: 'SIM-080' })],
          text: expect.stringContaining('«Historial de diagnósticos de problemas de salud»'),
        },
        expression: ['Bundle.entry[0].resource.section[5].title'],
      }),
    ]);
    const codigoLista = postman('urgencias');
    entrada(codigoLista, 'Observation').valueCodeableConcept.coding[0].code = '09';
    expect(codigos(revisar('urgencias', codigoLista).avisos)).toEqual(['SIM-083']);
  });

  it('rechaza lo que la plataforma rechaza: paciente sin identificador (Registraduría)', () => {
    const b = postman('consulta-externa');
    delete entrada(b, 'Patient').identifier;
    const r = revisar('consulta-externa', b);
    expect(codigos(r.errores)).toEqual(['SIM-009']);
    expect(r.errores[0]).toMatchObject({
      severity: 'error',
      code: 'required',
      expression: ['Bundle.entry[1].resource.identifier'],
    });
  });

  it('otros rechazos: tipo de documento, Bundle, referencias, fechas, diagnóstico, encuentro', () => {
    expect(codigos(revisar('urgencias', postman('consulta-externa')).errores)).toEqual(['SIM-005']);
    expect(codigos(revisar('paciente', { resourceType: 'Patient' }).errores)).toEqual(['SIM-001']);
    const coleccion = postman('paciente');
    coleccion.type = 'collection';
    expect(codigos(revisar('paciente', coleccion).errores)).toEqual(['SIM-002']);

    // A reference to nothing: BUNDLE-005 as the platform answers it (issue 32), typed by its element.
    const rota = postman('consulta-externa');
    entrada(rota, 'Condition').subject.reference = '#CC-999';
    const r = revisar('consulta-externa', rota);
    expect(codigos(r.errores)).toEqual(['BUNDLE-005']);
    expect(r.errores[0]).toMatchObject({
      code: 'not-found',
      details: {
        text: "Resource type 'Patient' with id 'CC-999' couldn't be found. Prior creation of the resource in the FHIR service is required.",
      },
      expression: ['Patient.id'],
    });
    // `#{code}` is the Manual's external IPS only in custodian/serviceProvider.
    const externo = postman('consulta-externa');
    entrada(externo, 'DocumentReference').author[0].reference = `#${POSTMAN.habilitacion}`;
    expect(codigos(revisar('consulta-externa', externo).errores)).toEqual(['BUNDLE-005']);

    const futura = postman('urgencias');
    entrada(futura, 'Encounter').period.end = '2026-11-21T10:00:00-05:00';
    expect(codigos(revisar('urgencias', futura).errores)).toEqual(['SIM-018']);
    const alReves = postman('hospitalizacion');
    const p = entrada(alReves, 'Encounter').period;
    [p.start, p.end] = [p.end, p.start];
    expect(codigos(revisar('hospitalizacion', alReves).errores)).toEqual(['SIM-018']);
    const sinFin = postman('consulta-externa');
    delete entrada(sinFin, 'Encounter').period.end;
    expect(codigos(revisar('consulta-externa', sinFin).errores)).toEqual(['SIM-017']);

    const sinDx = postman('consulta-externa');
    sinDx.entry = sinDx.entry.filter((e: any) => e.resource.resourceType !== 'Condition');
    expect(codigos(revisar('consulta-externa', sinDx).errores)).toContain('SIM-019');

    const sinEncuentro = postman('urgencias');
    sinEncuentro.entry = sinEncuentro.entry.filter((e: any) => e.resource.resourceType !== 'Encounter');
    const se = codigos(revisar('urgencias', sinEncuentro).errores);
    expect(se).toContain('SIM-015');
    // The references to the Encounter's fullUrl: one BUNDLE-005 for it, however many point at it.
    const faltantes = revisar('urgencias', sinEncuentro).errores.filter(
      (i) => i.details?.coding?.[0]?.code === 'BUNDLE-005',
    );
    expect(faltantes.map((i) => i.expression)).toEqual([['Encounter.id']]);
    expect(faltantes[0]!.details!.text).toMatch(
      /^Resource type 'Encounter' with id '00000000-0000-4000-8000-\d{12}' couldn't be found/,
    );
  });

  it('una atención de hace más de un año se acepta con aviso (invariante no evaluable en R4)', () => {
    const r = revisar('consulta-externa', postman('consulta-externa', AHORA, 24 * 400));
    expect(r.errores).toEqual([]);
    expect(codigos(r.avisos)).toContain('SIM-021');
  });

  it('lo que ya no rechaza: estado, clase del encuentro y custodio son del perfil (avisos o nada)', () => {
    const b = postman('hospitalizacion');
    b.entry[0].resource.status = 'preliminary';
    delete b.entry[0].resource.custodian;
    entrada(b, 'Encounter').class.code = 'AMB';
    expect(revisar('hospitalizacion', b).errores).toEqual([]);
  });

  it('Prefer: return=OperationOutcome', () => {
    expect(prefiereResultado('return=OperationOutcome')).toBe(true);
    expect(prefiereResultado('respond-async, return="OperationOutcome"')).toBe(true);
    expect(prefiereResultado('return=representation')).toBe(false);
    expect(prefiereResultado(undefined)).toBe(false);
  });
});

describe('respuesta HTTP del simulador', () => {
  const cred = {
    clientId: 'c-perfiles',
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
  const enviar = (op: string, cuerpo: unknown, extra: Record<string, string> = {}) =>
    fetch(`${sim.baseUrl}/Composition/${op}`, {
      method: 'POST',
      headers: { ...cabeceras, ...extra },
      body: JSON.stringify(cuerpo),
    });

  it('sin Prefer: la transaction-response (avisos en response.outcome); con Prefer: OperationOutcome con los avisos; sin VIDA', async () => {
    const enviado = postman('consulta-externa', new Date(), 30);
    const r1 = await enviar('$enviar-rda-consulta', enviado);
    expect(r1.status).toBe(200);
    const b1 = (await r1.json()) as Record<string, any>;
    expect(b1).toMatchObject({ resourceType: 'Bundle', type: 'transaction-response' });
    expect(b1.identifier).toBeUndefined();
    // The guide warnings travel with the Composition's entry.
    expect(codigos(b1.entry[0].response.outcome.issue)).toContain('SIM-080');
    // $document (at the Composition's location) gives the references back as they were sent.
    const composicion = b1.entry[0].response.location.replace(/\/_history\/1$/, '');
    const doc = await fetch(`${composicion}/$document`, { headers: cabeceras });
    expect(((await doc.json()) as any).entry[0].resource.subject.reference).toBe(
      enviado.entry[0].resource.subject.reference,
    );

    const r2 = await enviar('$enviar-rda-consulta', postman('consulta-externa', new Date(), 31), {
      prefer: 'return=OperationOutcome',
    });
    expect(r2.status).toBe(200);
    expect(r2.headers.get('preference-applied')).toBe('return=OperationOutcome');
    expect(r2.headers.get('location')).toMatch(/\/Composition\/[0-9a-f-]{36}$/);
    const oo = (await r2.json()) as Record<string, any>;
    expect(oo.resourceType).toBe('OperationOutcome');
    expect(oo.issue[0]).toMatchObject({
      severity: 'information',
      details: { coding: [{ code: 'SIM-000' }] },
      diagnostics: 'Documento aceptado.',
    });
    expect(oo.issue[0].extension).toBeUndefined();
    expect(JSON.stringify(oo)).not.toContain(SISTEMA_VIDA);
    const avisos = codigos(oo.issue.slice(1));
    expect(avisos).toContain('SIM-080');
    expect(oo.issue.slice(1).every((i: any) => i.severity === 'warning')).toBe(true);
    // What the client keeps as avisos from a 2xx OperationOutcome (the non-rechazo issues, explained).
    const explicados = explicarResultado(oo as any).filter((e) => e.severidad !== 'rechazo');
    expect(explicados[0]).toMatchObject({ codigo: 'SIM-000', severidad: 'informativo' });
    expect(explicados.slice(1).map((e) => [e.codigo, e.severidad, e.fuente])).toEqual(
      avisos.map((c) => [c, 'aviso-conformidad', 'ihce']),
    );
  });

  it('rechazo: 400 solo con los errores, aunque haya avisos', async () => {
    const b = postman('consulta-externa', new Date(), 32);
    delete entrada(b, 'Patient').identifier;
    const r = await enviar('$enviar-rda-consulta', b, { prefer: 'return=OperationOutcome' });
    expect(r.status).toBe(400);
    const oo = (await r.json()) as Record<string, any>;
    expect(oo.issue.map((i: any) => [i.severity, i.details.coding[0].code])).toEqual([['error', 'SIM-009']]);
  });
});
