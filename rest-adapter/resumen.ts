import { TIPOS_RDA } from '../src/rda/tipos.js';
import { ESTADOS_TRANSMISION } from '../src/rda/transmision/valores.js';
import { TIPOS_RADICACION } from '../src/resumen/valores.js';
import { ESTADOS_RADICACION } from '../src/rips/radicacion/valores.js';
import type { ResumenQuery } from './generated/operaciones.js';
import type { EsquemaJson } from './tipos.js';

/** `[{estado: 'aceptado', cantidad: 3}, …]` → `{aceptado: 3, …}` (the GraphQL list keeps every value). */
function porValor<K extends 'estado' | 'tipo'>(
  filas: readonly ({ cantidad: number } & Record<K, string>)[],
  clave: K,
) {
  return Object.fromEntries(filas.map((f) => [f[clave], f.cantidad]));
}

/**
 * GET /resumen body: the contract's `porEstado` and `porTipo` counts at the top, one entry per module
 * (null when the caller's role cannot read it), and each module's `total`.
 */
export function cuerpoResumen({ resumen: { rips, rda } }: ResumenQuery) {
  return {
    porEstado: {
      rips: rips ? porValor(rips.porEstado, 'estado') : null,
      rda: rda ? porValor(rda.porEstado, 'estado') : null,
    },
    porTipo: {
      rips: rips ? porValor(rips.porTipo, 'tipo') : null,
      rda: rda ? porValor(rda.porTipo, 'tipo') : null,
    },
    total: { rips: rips ? rips.total : null, rda: rda ? rda.total : null },
  };
}

const RIPS_NULL = 'null si el rol no tiene `rips:leer`';
const RDA_NULL = 'null si el rol no tiene `rda:leer`';

/** Every value of a closed set as a required count (0 when none), or null for a module the caller cannot read. */
function conteos(valores: readonly string[], description: string): EsquemaJson {
  return {
    type: ['object', 'null'],
    description,
    required: [...valores],
    properties: Object.fromEntries(valores.map((v) => [v, { type: 'integer', minimum: 0 }])),
    additionalProperties: false,
  };
}

function porModulo(description: string, rips: EsquemaJson, rda: EsquemaJson): EsquemaJson {
  return {
    type: 'object',
    description,
    required: ['rips', 'rda'],
    properties: { rips, rda },
    additionalProperties: false,
  };
}

export const ESQUEMA_RESUMEN: EsquemaJson = {
  type: 'object',
  required: ['porEstado', 'porTipo', 'total'],
  properties: {
    porEstado: porModulo(
      'Cantidad por estado de cada módulo (todos los estados, 0 si no hay)',
      conteos(ESTADOS_RADICACION, `Intentos de radicación RIPS por estado; ${RIPS_NULL}`),
      conteos(ESTADOS_TRANSMISION, `Transmisiones RDA por estado; ${RDA_NULL}`),
    ),
    porTipo: porModulo(
      'Cantidad por tipo de cada módulo (todos los tipos, 0 si no hay)',
      conteos(
        TIPOS_RADICACION,
        `Intentos de radicación RIPS por tipo: FEV (factura) o el tipo de nota; ${RIPS_NULL}`,
      ),
      conteos(TIPOS_RDA, `Transmisiones RDA por tipo de RDA; ${RDA_NULL}`),
    ),
    total: porModulo(
      'Total de cada módulo',
      { type: ['integer', 'null'], minimum: 0, description: `Intentos de radicación RIPS; ${RIPS_NULL}` },
      { type: ['integer', 'null'], minimum: 0, description: `Transmisiones RDA; ${RDA_NULL}` },
    ),
  },
};
