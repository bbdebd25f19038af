import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AHORA_RDA, datosRda } from '../../../test/fixtures/rda.js';
import { loadConfig } from '../../config.js';
import { resultadoAceptacion } from '../../simuladores/ihce/perfiles.js';
import { iniciarSimulador, type SimuladorIhce } from '../../simuladores/ihce/servidor.js';
import { construirBundle } from '../construccion/construir.js';
import { ClienteIhce, leerAceptacion, leerDuplicado, leerRespuestaAceptada, MAX_ID_IHCE } from './cliente.js';
import { SISTEMA_VIDA } from './fhir.js';

const creds = {
  clientId: 'c1',
  clientSecret: 's1',
  tenantId: 't1',
  scope: 'api://x/.default',
  subscriptionKey: 'k1',
};
let sim: SimuladorIhce;
let cliente: ClienteIhce;

beforeAll(async () => {
  sim = await iniciarSimulador({ clientes: [creds], ttlTokenSegundos: 2, tamanoPagina: 1 });
  const config = loadConfig({
    NODE_ENV: 'test',
    CREDENTIALS_KEY: Buffer.alloc(32, 1).toString('base64'),
    IHCE_BASE_URL: sim.baseUrl,
    IHCE_TOKEN_URL: sim.tokenUrl,
    IHCE_TIMEOUT_MS: '1000',
  });
  cliente = new ClienteIhce(config);
});
afterAll(async () => {
  await sim?.detener();
});

describe('cliente IHCE', () => {
  it('token en caché, renovado antes de vencer; llave de suscripción en cada llamada', async () => {
    const b = construirBundle('paciente', datosRda('paciente'));
    const antes = sim.llamadas.token;
    const r1 = await cliente.enviar(creds, 'paciente', b);
    await cliente.enviar(creds, 'paciente', b);
    expect(r1.resultado).toBe('aceptado');
    expect(sim.llamadas.token - antes).toBe(1);
    await new Promise((r) => setTimeout(r, 1100)); // 2 s token, renewed after half its life
    await cliente.enviar(creds, 'paciente', b);
    expect(sim.llamadas.token - antes).toBe(2);
    const mala = await cliente.enviar({ ...creds, subscriptionKey: 'otra' }, 'paciente', b);
    expect(mala).toMatchObject({ resultado: 'transitorio', status: 401 });
    const secreto = await cliente.enviar({ ...creds, clientSecret: 'mal' }, 'paciente', b);
    expect(secreto.resultado).toBe('transitorio');
  });

  it('llamadas simultáneas comparten una sola solicitud de token', async () => {
    const otras = { ...creds, clientId: 'c2', clientSecret: 's2', subscriptionKey: 'k2' };
    sim.registrarCliente(otras);
    const antes = sim.llamadas.token;
    const b = construirBundle('paciente', datosRda('paciente'));
    const r = await Promise.all([1, 2, 3, 4].map(() => cliente.enviar(otras, 'paciente', b)));
    expect(r.every((x) => x.resultado === 'aceptado')).toBe(true);
    expect(sim.llamadas.token - antes).toBe(1);
  });

  it('400 con OperationOutcome → rechazado explicado; 5xx → transitorio', async () => {
    const b = construirBundle('consulta-externa', datosRda('consulta-externa'), { ahora: AHORA_RDA });
    const r = await cliente.enviar(creds, 'urgencias', b);
    expect(r.resultado).toBe('rechazado');
    if (r.resultado === 'rechazado')
      expect(r.errores[0]).toMatchObject({ fuente: 'ihce', codigo: 'SIM-005' });
    sim.fallas.programar({ tipo: 'error', status: 500, veces: 1, rutas: ['enviar'] });
    expect((await cliente.enviar(creds, 'consulta-externa', b)).resultado).toBe('transitorio');
  });

  it('consulta paginada por el enlace next, relativo a la URL base', async () => {
    const p1 = await cliente.consultar(creds, 'paciente', { tipo: 'CC', numero: '1020304050' }, 'CC-1234');
    expect(p1.total).toBe(7); // the paciente RDAs sent by the tests above
    expect(p1.items).toHaveLength(1);
    expect(p1.siguiente?.startsWith('/Composition/$consultar-rda-paciente?_pagina=')).toBe(true);
    // The patient as the platform refers to it (Composition.subject.reference), not the number sent.
    expect(typeof p1.items[0]!.paciente).toBe('string');
    const p2 = await cliente.pagina(creds, p1.siguiente!);
    expect(p2.items[0]!.compositionId).not.toBe(p1.items[0]!.compositionId);
  });

  it('VIDA desde Bundle.identifier con el sistema identifier-RDA, o nada', () => {
    const sistema = 'https://fhir.minsalud.gov.co/rda/NamingSystem/identifier-RDA';
    expect(leerAceptacion({ identifier: { system: sistema, value: '77' } }, '/x/Composition/abc')).toEqual({
      vida: '77',
      compositionId: 'abc',
      documentReferenceId: null,
      recursos: [],
      avisos: [],
    });
    expect(leerAceptacion({ identifier: { system: 'otro', value: '77' } }, null)).toBeNull();
  });

  it('VIDA en orden: Bundle.identifier, identificador de la Composition, Location', () => {
    const comp = (identifier?: unknown) => ({
      resourceType: 'Composition',
      id: 'c-1',
      ...(identifier ? { identifier } : {}),
    });
    const bundle = (identifier: unknown, c = comp({ system: SISTEMA_VIDA, value: 'DE-COMP' })) => ({
      resourceType: 'Bundle',
      ...(identifier ? { identifier } : {}),
      entry: [{ resource: c }],
    });
    const locVida = `/ihce/NamingSystem/identifier-RDA/DE-LOCATION`;
    // 1. Bundle.identifier with the identifier-RDA system, before the Composition's and Location.
    expect(leerRespuestaAceptada(bundle({ system: SISTEMA_VIDA, value: 'DEL-BUNDLE' }), locVida)).toEqual({
      vida: 'DEL-BUNDLE',
      compositionId: 'c-1',
      documentReferenceId: null,
      recursos: [],
      avisos: [],
    });
    // 1b. The Bundle's sole identifier without system (the public client reads Bundle.identifier.value)…
    expect(leerRespuestaAceptada(bundle({ value: 'SIN-SISTEMA' }), null).vida).toBe('SIN-SISTEMA');
    expect(leerRespuestaAceptada(bundle([{ value: 'SIN-SISTEMA' }], comp()), null).vida).toBe('SIN-SISTEMA');
    // …unless it echoes the identifier we sent, or is one of several, or has another system.
    const enviado = { resourceType: 'Bundle', identifier: { value: 'PROPIO' } };
    expect(leerRespuestaAceptada(bundle({ value: 'PROPIO' }), null, enviado).vida).toBe('DE-COMP');
    expect(leerRespuestaAceptada(bundle([{ value: 'A' }, { value: 'B' }]), null).vida).toBe('DE-COMP');
    expect(leerRespuestaAceptada(bundle({ system: 'urn:otro', value: 'X' }), null).vida).toBe('DE-COMP');
    // 2. The Composition's identifier-RDA identifier (object or array); another system is not a VIDA.
    expect(
      leerRespuestaAceptada(bundle(null, comp([{ system: SISTEMA_VIDA, value: 'C2' }])), null).vida,
    ).toBe('C2');
    expect(leerRespuestaAceptada(comp({ system: SISTEMA_VIDA, value: 'C3' }), null)).toMatchObject({
      vida: 'C3',
      compositionId: 'c-1',
    });
    // 3. Location: only the VIDA forms; Composition/{id} gives the Composition id, never a VIDA.
    const sinNada = bundle(null, comp({ system: 'urn:otro', value: 'no' }));
    expect(leerRespuestaAceptada(sinNada, locVida).vida).toBe('DE-LOCATION');
    expect(
      leerRespuestaAceptada(
        sinNada,
        `https://ihce.example/ihce/Bundle?identifier=${encodeURIComponent(`${SISTEMA_VIDA}|Q-1`)}`,
      ).vida,
    ).toBe('Q-1');
    expect(leerRespuestaAceptada(sinNada, '/Bundle?identifier=urn:otro|Q-1').vida).toBeNull();
    expect(leerRespuestaAceptada({}, 'https://ihce.example/ihce/Composition/abc/_history/1')).toEqual({
      vida: null,
      compositionId: 'abc',
      documentReferenceId: null,
      recursos: [],
      avisos: [],
    });
    expect(leerRespuestaAceptada(undefined, 'no es una url %%%')).toEqual({
      vida: null,
      compositionId: null,
      documentReferenceId: null,
      recursos: [],
      avisos: [],
    });
    // An OperationOutcome answered as the acceptance: the VIDA of an issue extension or diagnostics.
    const aceptacion = (issue: Record<string, unknown>) => ({
      resourceType: 'OperationOutcome',
      issue: [{ severity: 'information', code: 'informational', ...issue }],
    });
    expect(
      leerRespuestaAceptada(
        aceptacion({
          extension: [{ url: 'urn:x', valueIdentifier: { system: SISTEMA_VIDA, value: 'OO-1' } }],
        }),
        locVida,
      ).vida,
    ).toBe('OO-1');
    expect(
      leerRespuestaAceptada(aceptacion({ diagnostics: `Aceptado ${SISTEMA_VIDA}|OO-2.` }), null).vida,
    ).toBe('OO-2');
    expect(leerRespuestaAceptada(aceptacion({ diagnostics: 'Aceptado.' }), locVida).vida).toBe('DE-LOCATION');
    // The sandbox's acceptance with `Prefer: return=OperationOutcome` (issue SIM-000).
    const delSandbox = resultadoAceptacion({ identifier: { system: SISTEMA_VIDA, value: '123456' } }, []);
    expect(leerRespuestaAceptada(delSandbox, null).vida).toBe('123456');
    // Bounded and storable whatever the source.
    const largo = leerRespuestaAceptada({}, `/identifier-RDA/${'9'.repeat(5000)}`).vida!;
    expect(largo.length).toBeLessThanOrEqual(MAX_ID_IHCE + 1);
    expect(leerAceptacion({}, null)).toBeNull();
  });

  it('409 duplicate: VIDA en una extensión o en diagnostics, si viene; otro 409 no es duplicado', () => {
    const oo = (issue: Record<string, unknown>) => ({ resourceType: 'OperationOutcome', issue: [issue] });
    expect(
      leerDuplicado(
        oo({
          severity: 'error',
          code: 'duplicate',
          extension: [{ url: 'urn:x', valueIdentifier: { system: SISTEMA_VIDA, value: 'V-9' } }],
        }),
      ),
    ).toEqual({ vida: 'V-9' });
    expect(
      leerDuplicado(
        oo({ severity: 'error', code: 'duplicate', diagnostics: `Ya existe: ${SISTEMA_VIDA}|4455.` }),
      ),
    ).toEqual({ vida: '4455' });
    expect(leerDuplicado(oo({ severity: 'error', code: 'duplicate', diagnostics: 'Ya existe.' }))).toEqual({
      vida: null,
    });
    expect(leerDuplicado(oo({ severity: 'error', code: 'conflict' }))).toBeUndefined();
  });

  it('2xx sin VIDA → aceptado con vida null (Composition id de la respuesta); corte tras guardar → transitorio incierto; el reenvío → 409 duplicado', async () => {
    const b = construirBundle('paciente', datosRda('paciente'));
    sim.fallas.programar({ tipo: 'sin-vida', veces: 1 });
    const sinVida = await cliente.enviar(creds, 'paciente', b);
    expect(sinVida).toMatchObject({ resultado: 'aceptado', status: 200, vida: null });
    if (sinVida.resultado === 'aceptado') expect(sinVida.compositionId).toMatch(/^[0-9a-f-]{36}$/);

    const d = datosRda('consulta-externa');
    (d.encuentro as { fechaInicio: string }).fechaInicio = '2026-11-17T08:00:00-05:00';
    const c = construirBundle('consulta-externa', d);
    const guardados = sim.documentos();
    sim.fallas.programar({ tipo: 'aceptar-y-cortar', veces: 1 });
    const cortado = await cliente.enviar(creds, 'consulta-externa', c);
    expect(cortado).toMatchObject({ resultado: 'transitorio', status: null, incierto: true });
    expect(sim.documentos()).toBe(guardados + 1);
    const otra = await cliente.enviar(creds, 'consulta-externa', c);
    expect(otra).toMatchObject({ resultado: 'rechazado', status: 409, duplicado: { vida: null } });

    sim.fallas.programar({ tipo: 'error', status: 429, veces: 1, rutas: ['enviar'] });
    expect(await cliente.enviar(creds, 'paciente', b)).toMatchObject({
      resultado: 'transitorio',
      incierto: false,
    });
  });
});
