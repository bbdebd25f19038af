import type { VerificadorOidc } from '../auth/oidc.js';
import type { Config } from '../config.js';
import type { MonitorBd } from '../db/monitor.js';
import type { EstadoCatalogoDetallado } from '../rips/catalogos/servicio.js';

export interface Dependencia {
  estado: string;
  detalle?: string;
}

export interface EstadoListo {
  estado: 'ok' | 'degradado';
  dependencias: { baseDeDatos: Dependencia; muv: Dependencia; ihce: Dependencia; oidc: Dependencia };
  /** Every known SISPRO table, loaded or not (a missing large one degrades nothing: rules fall back). */
  catalogos?: EstadoCatalogoDetallado[];
}

/** Real state of each dependency; the service is ready only when all required ones are. */
export function estadoListo(config: Config, monitor: MonitorBd, oidc: VerificadorOidc): EstadoListo {
  const muv = config.upstreams.muv.baseUrl;
  const ihce = config.upstreams.ihce.baseUrl;
  const dependencias = {
    baseDeDatos: { estado: monitor.estado },
    muv: muv
      ? config.upstreams.muv.simulador
        ? { estado: 'configurado', detalle: `Simulador MUV (sandbox) en proceso: ${muv}` }
        : { estado: 'configurado' }
      : { estado: 'no-configurado', detalle: 'Defina MUV_BASE_URL (API Docker FEV-RIPS del prestador)' },
    ihce: ihce
      ? config.upstreams.ihce.simulador
        ? { estado: 'configurado', detalle: 'Simulador IHCE (sandbox) en proceso' }
        : { estado: 'configurado' }
      : { estado: 'no-configurado', detalle: 'Defina IHCE_BASE_URL (plataforma de interoperabilidad)' },
    // OIDC is optional: without it the service accepts API keys only.
    oidc: { estado: oidc.estado },
  };
  const ok = monitor.disponible && !!muv && !!ihce && oidc.estado !== 'error';
  return { estado: ok ? 'ok' : 'degradado', dependencias };
}
