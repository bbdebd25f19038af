import type { CredencialesMuv } from '../../entidades/credenciales.js';

/**
 * Sandbox login the simulator accepts by default; the default run registers it for the demo
 * entity so the demo API key can file at once. Fictitious, never valid at the real SISPRO.
 */
export const CREDENCIALES_SANDBOX: CredencialesMuv = {
  tipoDocumento: 'CC',
  numeroDocumento: '1000000001',
  clave: 'sandbox-muv',
  nit: '900123456',
  tipoUsuario: 'RE',
};

/** Sandbox RETHUS: professionals whose document starts with this are not registered (RVG11). */
export const PREFIJO_NO_RETHUS = '999';
