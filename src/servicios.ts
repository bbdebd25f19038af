import type { Logger } from 'pino';
import type { VerificadorOidc } from './auth/oidc.js';
import type { Config } from './config.js';
import type { MonitorBd } from './db/monitor.js';
import { ServicioCredenciales } from './entidades/credenciales.js';
import { ServicioEntidades } from './entidades/servicio.js';
import { crearLogger } from './logger.js';
import { ClienteIhce } from './rda/ihce/cliente.js';
import { ColaTransmisiones } from './rda/transmision/cola.js';
import { preparadorRda } from './rda/transmision/preparar.js';
import { ServicioTransmisiones } from './rda/transmision/servicio.js';
import { ServicioValidadorOficial } from './rda/validador-oficial/servicio.js';
import { ServicioCatalogos } from './rips/catalogos/servicio.js';
import { ClienteMuv } from './rips/muv/cliente.js';
import { ServicioRadicacion } from './rips/radicacion/servicio.js';
import { ServicioValidacionRips } from './rips/validacion/servicio.js';

/** Process-wide singletons handed to resolvers through the context. */
export interface Servicios {
  entidades: ServicioEntidades;
  credenciales: ServicioCredenciales;
  oidc: VerificadorOidc;
  monitor: MonitorBd;
  catalogos: ServicioCatalogos;
  validacionRips: ServicioValidacionRips;
  ihce: ClienteIhce;
  transmisiones: ServicioTransmisiones;
  validadorOficial: ServicioValidadorOficial;
  muv: ClienteMuv;
  radicacion: ServicioRadicacion;
}

export function crearServicios(
  config: Config,
  oidc: VerificadorOidc,
  monitor: MonitorBd,
  log: Logger = crearLogger('silent'),
): Servicios {
  // Loads the shipped catalog files now: a malformed one stops start-up, not the first RIPS.
  const catalogos = new ServicioCatalogos();
  const credenciales = new ServicioCredenciales(config.credentialsKey);
  const validacionRips = new ServicioValidacionRips(catalogos, config.rips.rechazoDesde, config.fev);
  const muv = new ClienteMuv({ baseUrl: config.upstreams.muv.baseUrl, ...config.muv, log });
  const ihce = new ClienteIhce(config, log);
  return {
    entidades: new ServicioEntidades(),
    credenciales,
    oidc,
    monitor,
    catalogos,
    validacionRips,
    muv,
    radicacion: new ServicioRadicacion(validacionRips, credenciales, muv, config.muv.radicacionesSimultaneas),
    ihce,
    transmisiones: new ServicioTransmisiones(
      config.rda,
      credenciales,
      ihce,
      new ColaTransmisiones(config.rda, log),
      preparadorRda,
      log,
    ),
    validadorOficial: new ServicioValidadorOficial(config.validadorHl7),
  };
}
