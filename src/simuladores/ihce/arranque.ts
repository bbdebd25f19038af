import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { CredencialesIhce, ServicioCredenciales } from '../../entidades/credenciales.js';
import { SLUG_DEMO } from '../../entidades/demo.js';
import { Entidad } from '../../entidades/entidad.entity.js';
import { resumenError } from '../../logger.js';
import { iniciarSimulador, type SimuladorIhce } from './servidor.js';

/** Sandbox credentials the in-process simulator issues to the demo entity (local runs only). */
export const CREDENCIALES_SANDBOX: CredencialesIhce = {
  clientId: 'sandbox-demo',
  clientSecret: 'sandbox-demo-secreto',
  tenantId: 'sandbox-tenant',
  scope: 'api://ihce-sandbox/.default',
  subscriptionKey: 'sandbox-demo-suscripcion',
};

export interface SimuladorEnProceso {
  simulador: SimuladorIhce;
  /** Gives the demo entity working sandbox credentials (keeps its own if it has some). */
  prepararDemo(em: EntityManager, credenciales: ServicioCredenciales): Promise<void>;
  detener(): Promise<void>;
}

/**
 * Default run: without IHCE_BASE_URL in development the IHCE simulator starts on its own port and the
 * returned configuration points the client at it, so RDA transmission works out of the box.
 */
export async function iniciarSimuladorIhce(
  config: Config,
  log: Logger,
): Promise<{ config: Config; simIhce: SimuladorEnProceso | undefined }> {
  // Never in production, even with a hand-built config (loadConfig refuses IHCE_SIMULADOR=true there).
  if (config.upstreams.ihce.baseUrl || !config.rda.simulador || config.entorno === 'produccion')
    return { config, simIhce: undefined };
  const simulador = await iniciarSimulador({ clientes: [CREDENCIALES_SANDBOX] });
  log.info({ ihce: simulador.baseUrl }, 'simulador IHCE (sandbox) en marcha');
  const ihce = { baseUrl: simulador.baseUrl, tokenUrl: simulador.tokenUrl, simulador: true };
  const simIhce: SimuladorEnProceso = {
    simulador,
    async prepararDemo(em, credenciales) {
      const demo = await em.findOne(Entidad, { slug: SLUG_DEMO });
      if (!demo) return;
      try {
        const propias = (await credenciales.estado(em, demo, 'ihce')).configuradas
          ? await credenciales.leer(em, demo, 'ihce')
          : undefined;
        if (propias) simulador.registrarCliente(propias);
        else await credenciales.guardar(em, demo, 'ihce', { ...CREDENCIALES_SANDBOX });
      } catch (e) {
        log.warn({ err: resumenError(e) }, 'no se pudieron preparar las credenciales IHCE de la demo');
      }
    },
    detener: () => simulador.detener(),
  };
  return { config: { ...config, upstreams: { ...config.upstreams, ihce } }, simIhce };
}
