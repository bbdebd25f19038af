import type { VerificadorOidc } from './auth/oidc.js';
import type { Config } from './config.js';
import type { MonitorBd } from './db/monitor.js';
import { ServicioCredenciales } from './entidades/credenciales.js';
import { ServicioEntidades } from './entidades/servicio.js';
import { ServicioValidadorOficial } from './rda/validador-oficial/servicio.js';
import { ServicioCatalogos } from './rips/catalogos/servicio.js';
import { ServicioValidacionRips } from './rips/validacion/servicio.js';

/** Process-wide singletons handed to resolvers through the context. */
export interface Servicios {
  entidades: ServicioEntidades;
  credenciales: ServicioCredenciales;
  oidc: VerificadorOidc;
  monitor: MonitorBd;
  catalogos: ServicioCatalogos;
  validacionRips: ServicioValidacionRips;
  validadorOficial: ServicioValidadorOficial;
}

export function crearServicios(config: Config, oidc: VerificadorOidc, monitor: MonitorBd): Servicios {
  // Loads the shipped catalog files now: a malformed one stops start-up, not the first RIPS.
  const catalogos = new ServicioCatalogos();
  return {
    entidades: new ServicioEntidades(),
    credenciales: new ServicioCredenciales(config.credentialsKey),
    oidc,
    monitor,
    catalogos,
    validacionRips: new ServicioValidacionRips(catalogos, config.rips.rechazoDesde),
    validadorOficial: new ServicioValidadorOficial(config.validadorHl7),
  };
}
