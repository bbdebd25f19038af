import type { ReglaRda } from './contexto.js';
import { REGLAS_BUNDLE } from './reglas-bundle.js';
import { REGLAS_CLINICAS } from './reglas-clinicas.js';
import { REGLAS_COMPOSICION } from './reglas-composicion.js';
import { REGLAS_ENCUENTRO } from './reglas-encuentro.js';
import { REGLAS_GUIA } from './reglas-guia.js';
import { REGLAS_PERSONAS } from './reglas-personas.js';

/** RDA01 has no check function: the linter emits it when the input is not a Bundle at all. */
const RDA01: ReglaRda = {
  codigo: 'RDA01',
  severidad: 'rechazo',
  campo: 'Documento RDA',
  titulo: 'El documento no es un Bundle FHIR',
  explicacion: 'Un RDA es un recurso Bundle (resourceType "Bundle") en JSON FHIR R4.',
  comoCorregir: 'Envíe el Bundle completo del RDA, no uno de sus recursos ni otro formato.',
  chequear() {},
};

/** Every RDA-family rule, in the order findings are reported. */
export const REGISTRO_RDA: readonly ReglaRda[] = [
  RDA01,
  ...REGLAS_BUNDLE,
  ...REGLAS_COMPOSICION,
  ...REGLAS_PERSONAS,
  ...REGLAS_ENCUENTRO,
  ...REGLAS_CLINICAS,
  ...REGLAS_GUIA,
];

const porCodigo = new Map(REGISTRO_RDA.map((r) => [r.codigo, r]));
if (porCodigo.size !== REGISTRO_RDA.length) throw new Error('Código RDA repetido en el registro');

/** The rule of a code, or undefined (codes read back from storage may be anything). */
export function reglaRdaDe(codigo: string): ReglaRda | undefined {
  return porCodigo.get(codigo);
}

export function regla(codigo: string): ReglaRda {
  const r = porCodigo.get(codigo);
  if (!r) throw new Error(`Regla RDA desconocida: ${codigo}`);
  return r;
}
