import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AHORA_RDA, datosRda } from '../../../test/fixtures/rda.js';
import { loadConfig } from '../../config.js';
import { iniciarSimulador, type SimuladorIhce } from '../../simuladores/ihce/servidor.js';
import { construirBundle } from '../construccion/construir.js';
import { ClienteIhce, leerAceptacion } from './cliente.js';

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
    const p2 = await cliente.pagina(creds, p1.siguiente!, { tipo: 'CC', numero: '1020304050' });
    expect(p2.items[0]!.compositionId).not.toBe(p1.items[0]!.compositionId);
  });

  it('VIDA desde Bundle.identifier con el sistema identifier-RDA, o nada', () => {
    const sistema = 'https://fhir.minsalud.gov.co/rda/NamingSystem/identifier-RDA';
    expect(leerAceptacion({ identifier: { system: sistema, value: '77' } }, '/x/Composition/abc')).toEqual({
      vida: '77',
      compositionId: 'abc',
      avisos: [],
    });
    expect(leerAceptacion({ identifier: { system: 'otro', value: '77' } }, null)).toBeNull();
  });
});
