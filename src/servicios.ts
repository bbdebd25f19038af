import type { VerificadorOidc } from './auth/oidc.js';
import type { Config } from './config.js';
import type { MonitorBd } from './db/monitor.js';
import { ServicioCredenciales } from './entidades/credenciales.js';
import { ServicioEntidades } from './entidades/servicio.js';

/** Process-wide singletons handed to resolvers through the context. */
export interface Servicios {
  entidades: ServicioEntidades;
  credenciales: ServicioCredenciales;
  oidc: VerificadorOidc;
  monitor: MonitorBd;
}

export function crearServicios(config: Config, oidc: VerificadorOidc, monitor: MonitorBd): Servicios {
  return {
    entidades: new ServicioEntidades(),
    credenciales: new ServicioCredenciales(config.credentialsKey),
    oidc,
    monitor,
  };
}
