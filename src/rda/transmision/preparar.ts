import { construirBundle } from '../construccion/construir.js';
import { lintearBundle } from '../linter/lintear.js';
import type { PreparadorRda } from './servicio.js';

/** The RDA builder and linter, as the transmission service uses them. */
export const preparadorRda: PreparadorRda = {
  construir: (tipo, datos) => construirBundle(tipo, datos),
  lintear: (bundle, tipo) => lintearBundle(bundle, { tipo }),
};
