import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../config.js';
import type { ServicioCredenciales } from '../../entidades/credenciales.js';
import { SLUG_DEMO } from '../../entidades/demo.js';
import { Entidad } from '../../entidades/entidad.entity.js';
import { CREDENCIALES_SANDBOX } from './sandbox.js';
import { iniciarSimuladorMuv, type OpcionesSimuladorMuv, type SimuladorMuv } from './servidor.js';

/**
 * Default run: with no MUV_BASE_URL the sandbox simulator starts on its own port and the client is
 * pointed at it (the returned config). Never in production (loadConfig refuses MUV_SIMULADOR=true there).
 * A second instance on the same machine finds 9443 taken: without MUV_SIM_PORT the simulator takes a
 * free port instead (`puertoOcupado` says which one was taken, for the log); with MUV_SIM_PORT set,
 * start-up fails naming that port and the variable (src/server.ts).
 */
export async function simuladorPorDefecto(
  config: Config,
): Promise<{ config: Config; simulador: SimuladorMuv | undefined; puertoOcupado?: number }> {
  if (config.upstreams.muv.baseUrl || !config.muv.simulador.iniciar || config.entorno === 'produccion')
    return { config, simulador: undefined };
  const s = config.muv.simulador;
  const opciones: OpcionesSimuladorMuv = {
    port: s.port,
    host: '127.0.0.1',
    tokenSegundos: s.tokenSegundos,
    fallas: {
      latenciaMs: s.latenciaMs,
      proporcion5xx: s.proporcion5xx,
      proporcionColgar: s.proporcionColgar,
      proporcionSoltar: s.proporcionSoltar,
    },
  };
  let puertoOcupado: number | undefined;
  const simulador = await iniciarSimuladorMuv(opciones)
    .catch((e: unknown) => {
      if (s.puertoFijo || s.port === 0 || (e as { code?: unknown } | null)?.code !== 'EADDRINUSE') throw e;
      puertoOcupado = s.port;
      return iniciarSimuladorMuv({ ...opciones, port: 0 });
    })
    .catch((e: unknown) => {
      // A listen error carries the port; start-up also names the variable that sets it (src/server.ts).
      if (e && typeof e === 'object') Object.assign(e, { variablePuerto: 'MUV_SIM_PORT' });
      throw e;
    });
  return {
    config: {
      ...config,
      upstreams: { ...config.upstreams, muv: { baseUrl: simulador.url, simulador: true } },
    },
    simulador,
    ...(puertoOcupado === undefined ? {} : { puertoOcupado }),
  };
}

/** The demo entity gets the sandbox login, so the demo API key can file right away. */
export async function credencialesSandboxDemo(em: EntityManager, credenciales: ServicioCredenciales) {
  const demo = await em.findOne(Entidad, { slug: SLUG_DEMO });
  if (!demo) return;
  if (!(await credenciales.estado(em, demo, 'muv')).configuradas)
    await credenciales.guardar(em, demo, 'muv', { ...CREDENCIALES_SANDBOX });
}
