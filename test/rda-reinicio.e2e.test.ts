import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { iniciarSimulador } from '../src/simuladores/ihce/servidor.js';
import { clienteSandbox, datosUnicos } from './ihce.js';
import { iniciarServicio, pedir } from './servidor.js';

const limpiar: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const f of limpiar.reverse()) await f().catch(() => {});
});

async function esperar(url: string, id: string, cab: Record<string, string>, listo: (b: any) => boolean) {
  const fin = Date.now() + 30_000;
  for (;;) {
    const r = await pedir(url, `/rda/${id}`, { cabeceras: cab });
    if (listo(r.body) || Date.now() > fin) return r;
    await new Promise((res) => setTimeout(res, 250));
  }
}

describe('cola durable de reintentos', () => {
  it('una transmisión 202 la completa el worker después de reiniciar el servicio (misma base)', async () => {
    const sim = await iniciarSimulador();
    limpiar.push(() => sim.detener());
    const c = clienteSandbox();
    sim.registrarCliente(c);
    const env = {
      IHCE_BASE_URL: sim.baseUrl,
      IHCE_TOKEN_URL: sim.tokenUrl,
      RDA_COLA: `rda-reinicio-${randomUUID()}`,
      RDA_REINTENTO_BASE_SEGUNDOS: '1',
      IHCE_TIMEOUT_MS: '500',
    };
    const s1 = await iniciarServicio(env);
    const { entidad, clave } = await s1.crearEntidad('rda-reinicio');
    await s1.servicio.servicios.credenciales.guardar(s1.em(), entidad, 'ihce', { ...c });
    const cab = { 'x-api-key': clave };

    sim.fallas.programar({ tipo: 'error', status: 503, rutas: ['enviar'] });
    const r = await pedir(s1.url, '/rda/desde-datos', {
      cuerpo: { tipo: 'urgencias', datos: datosUnicos('urgencias') },
      cabeceras: cab,
    });
    expect(r.status).toBe(202);
    expect(r.body.estado).toBe('enviado');
    await s1.cerrar();

    // The platform recovers while the service is down; a new process on the same database resumes the job.
    sim.fallas.limpiar();
    const s2 = await iniciarServicio(env);
    limpiar.push(() => s2.cerrar());
    const fin = await esperar(s2.url, r.body.id, cab, (t) => t.estado !== 'enviado');
    expect(fin.body).toMatchObject({ estado: 'aceptado', intentos: 2 });
    expect(fin.body.compositionId).toBeTruthy();
    const ev = (await pedir(s2.url, `/rda/${r.body.id}/eventos`, { cabeceras: cab })).body;
    expect(ev.slice(-2)).toMatchObject([
      { tipo: 'enviado', actor: 'worker', intento: 2 },
      { tipo: 'aceptado', actor: 'worker', statusUpstream: 200 },
    ]);
  });

  it('sin respuesta válida tras RDA_MAX_INTENTOS → reintentos agotados, en la traza', async () => {
    const sim = await iniciarSimulador();
    limpiar.push(() => sim.detener());
    const c = clienteSandbox();
    sim.registrarCliente(c);
    const s = await iniciarServicio({
      IHCE_BASE_URL: sim.baseUrl,
      IHCE_TOKEN_URL: sim.tokenUrl,
      RDA_COLA: `rda-agotados-${randomUUID()}`,
      RDA_REINTENTO_BASE_SEGUNDOS: '1',
      IHCE_TIMEOUT_MS: '500',
      RDA_MAX_INTENTOS: '2',
    });
    limpiar.push(() => s.cerrar());
    const { entidad, clave } = await s.crearEntidad('rda-agotados');
    await s.servicio.servicios.credenciales.guardar(s.em(), entidad, 'ihce', { ...c });
    const cab = { 'x-api-key': clave };
    sim.fallas.programar({ tipo: 'error', status: 502, rutas: ['enviar'] });
    const r = await pedir(s.url, '/rda/desde-datos', {
      cuerpo: { tipo: 'paciente', datos: datosUnicos('paciente') },
      cabeceras: cab,
    });
    expect(r.status).toBe(202);
    const fin = await esperar(s.url, r.body.id, cab, (t) => t.reintentosAgotados);
    expect(fin.body).toMatchObject({ estado: 'enviado', reintentosAgotados: true, intentos: 2 });
    expect(fin.body.errores[0].codigo).toBe('IHCE-transient');
    const ev = (await pedir(s.url, `/rda/${r.body.id}/eventos`, { cabeceras: cab })).body;
    expect(ev.at(-1)).toMatchObject({ tipo: 'reintentos-agotados', statusUpstream: 502 });
  });
});

describe('roles', () => {
  it('un auditor (Bearer) consulta pero no transmite: 403 sin-permiso; operador sí transmite', async () => {
    const { iniciarEmisor } = await import('./issuer.js');
    const emisor = await iniciarEmisor();
    const sim = await iniciarSimulador();
    const c = clienteSandbox();
    sim.registrarCliente(c);
    const s = await iniciarServicio({
      ...emisor.entorno,
      IHCE_BASE_URL: sim.baseUrl,
      IHCE_TOKEN_URL: sim.tokenUrl,
      RDA_COLA: `rda-roles-${randomUUID()}`,
    });
    limpiar.push(async () => {
      await s.cerrar();
      await sim.detener();
      await emisor.cerrar();
    });
    const { entidad } = await s.crearEntidad('rda-roles');
    await s.servicio.servicios.credenciales.guardar(s.em(), entidad, 'ihce', { ...c });
    const bearer = async (rol: string) => ({
      authorization: `Bearer ${await emisor.firmar({ sub: `persona-${rol}`, groups: [`${entidad.slug}:${rol}`] })}`,
    });
    const cuerpo = { tipo: 'paciente', datos: datosUnicos('paciente') };
    const auditor = await bearer('auditor');
    const no = await pedir(s.url, '/rda/desde-datos', { cuerpo, cabeceras: auditor });
    expect(no.status).toBe(403);
    expect(no.body.codigo).toBe('sin-permiso');
    expect((await pedir(s.url, '/rda', { cabeceras: auditor })).status).toBe(200);
    const si = await pedir(s.url, '/rda/desde-datos', { cuerpo, cabeceras: await bearer('operador') });
    expect(si.status).toBe(201);
    const ev = (await pedir(s.url, `/rda/${si.body.id}/eventos`, { cabeceras: auditor })).body;
    expect(ev[0].actor).toBe('usuario:persona-operador');
  });
});
