import type { VerificadorOidc } from './auth/oidc.js';
import type { Config } from './config.js';
import type { MonitorBd } from './db/monitor.js';
import { ServicioCredenciales } from './entidades/credenciales.js';
import { ServicioEntidades } from './entidades/servicio.js';
import { ServicioCatalogos } from './rips/catalogos/servicio.js';
import { GrupoHilos } from './rips/validacion/hilos/grupo.js';
import { ServicioValidacionRips } from './rips/validacion/servicio.js';

/** Process-wide singletons handed to resolvers through the context. */
export interface Servicios {
  entidades: ServicioEntidades;
  credenciales: ServicioCredenciales;
  oidc: VerificadorOidc;
  monitor: MonitorBd;
  catalogos: ServicioCatalogos;
  validacionRips: ServicioValidacionRips;
  /** Stops what the services started (validation threads). */
  cerrar(): Promise<void>;
}

export function crearServicios(config: Config, oidc: VerificadorOidc, monitor: MonitorBd): Servicios {
  // Loads the shipped catalog files now: a malformed one stops start-up, not the first RIPS.
  const catalogos = new ServicioCatalogos();
  // Threads run the compiled script: from sources (tests under vitest) everything stays in this thread.
  const script = GrupoHilos.scriptCompilado();
  const grupo =
    config.rips.hilos > 0 && script ? new GrupoHilos(script, config.rips.hilos).iniciar() : undefined;
  return {
    entidades: new ServicioEntidades(),
    credenciales: new ServicioCredenciales(config.credentialsKey),
    oidc,
    monitor,
    catalogos,
    validacionRips: new ServicioValidacionRips(
      catalogos,
      config.rips.rechazoDesde,
      config.fev,
      // With two threads or more, users are split among them (same findings as one walk).
      grupo && { grupo, desdeCaracteres: config.rips.hiloDesdeBytes, paralelo: config.rips.hilos > 1 },
    ),
    cerrar: async () => {
      await grupo?.cerrar();
    },
  };
}
