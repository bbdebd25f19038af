import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ripsDe, xmlFev } from './fixtures/muv.js';
import { iniciarServicio, pedir } from './servidor.js';

/** The default run: no MUV_BASE_URL, so the sandbox simulator starts in-process on its own port. */
let s: Awaited<ReturnType<typeof iniciarServicio>>;
let puerto: number;

beforeAll(async () => {
  // MUV_SIM_PORT=0: the OS picks the sandbox's port and the simulator reports the one it got.
  s = await iniciarServicio({ DEMO: 'true', MUV_SIMULADOR: 'true', MUV_SIM_PORT: '0' });
  puerto = Number(new URL(s.servicio.simuladorMuv!.url).port);
});

afterAll(async () => {
  await s?.cerrar();
});

describe('arranque por defecto con el simulador MUV', () => {
  it('/ready informa el MUV configurado (simulador en proceso, en su propio puerto)', async () => {
    const r = await pedir(s.url, '/ready');
    expect(r.body.dependencias.muv).toMatchObject({ estado: 'disponible', comprobadoEn: expect.any(String) });
    expect(r.body.dependencias.muv.detalle).toContain(`127.0.0.1:${puerto}`);
    const salud = await fetch(`http://127.0.0.1:${puerto}/health`);
    expect(await salud.text()).toBe('Healthy');
  });

  it('la API key demo radica de inmediato (credenciales sandbox) y consulta su CUV', async () => {
    const clave = s.servicio.demoApiKey()!;
    const conf = await pedir(s.url, '/rips/configuracion', { cabeceras: { 'X-Api-Key': clave } });
    expect(conf.body).toMatchObject({
      upstreamConfigurado: true,
      credencialesConfiguradas: true,
      listo: true,
    });
    const num = `DEMO${Date.now()}`;
    const r = await pedir(s.url, '/rips', {
      cuerpo: { rips: ripsDe(num), xmlFevFile: xmlFev(num) },
      cabeceras: { 'X-Api-Key': clave },
    });
    expect(r.status).toBe(201);
    expect(r.body.cuv).toMatch(/^[0-9a-f]{96}$/);
    const v = await pedir(s.url, `/rips/${r.body.id}/cuv`, { cabeceras: { 'X-Api-Key': clave } });
    expect(v.body.verificado).toBe(true);
  });

  it('respuesta perdida: los reintentos internos (MUV_REINTENTOS) concilian el CUV real en la misma solicitud', async () => {
    const clave = s.servicio.demoApiKey()!;
    const sim = s.servicio.simuladorMuv!;
    const num = `DEMOR${Date.now()}`;
    sim.fallarProximas('soltar');
    const r = await pedir(s.url, '/rips', {
      cuerpo: { rips: ripsDe(num), xmlFevFile: xmlFev(num) },
      cabeceras: { 'X-Api-Key': clave },
    });
    expect(r.status).toBe(201);
    expect(r.body.motivo).toMatch(/Conciliada/);
    expect(r.body.cuv).toBe(sim.radicado('900123456', num)!.cuv);
  });
});
