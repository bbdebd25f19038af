import { TIPOS_RDA, type TipoRda } from '../tipos.js';

/** Wire-level constants of the IHCE platform (rda.md §2–3), shared by the client and the simulator. */

export const SISTEMA_VIDA = 'https://fhir.minsalud.gov.co/rda/NamingSystem/identifier-RDA';
/** The platform's own error codes (BUNDLE-005…), in `issue.details.coding` of a rejection (issue 32). */
export const SISTEMA_ERRORES_RDA = 'https://fhir.minsalud.gov.co/rda/CodeSystem/ErrorsRDA';
/** `DocumentReference.type` of the document reference the platform creates on acceptance (LOINC). */
export const LOINC_REFERENCIA_IHCE = '18842-5';
export const MEDIA_FHIR = 'application/fhir+json';
export const LOINC = 'http://loinc.org';

/** The four RDA types of phase 1 (src/rda/tipos.ts). */
export const TIPOS_RDA_IHCE = TIPOS_RDA;
export type TipoRdaIhce = TipoRda;

/** Submit operation, Composition.type (LOINC) and encounter class of each RDA type. */
export const PERFIL_IHCE: Record<
  TipoRdaIhce,
  { operacion: string; loinc: string; claseEncuentro: string | null; perfil: string }
> = {
  paciente: {
    operacion: '$enviar-rda-paciente',
    loinc: '102089-0',
    claseEncuentro: null,
    perfil: 'BundlePatientStatementRDA',
  },
  'consulta-externa': {
    operacion: '$enviar-rda-consulta',
    loinc: '51845-6',
    claseEncuentro: 'AMB',
    perfil: 'BundleAmbulatoryRDA',
  },
  urgencias: {
    operacion: '$enviar-rda-urgencias',
    loinc: '59258-4',
    claseEncuentro: 'EMER',
    perfil: 'BundleEmergencyRDA',
  },
  hospitalizacion: {
    operacion: '$enviar-rda-hospitalizacion',
    loinc: '34105-7',
    claseEncuentro: 'IMP',
    perfil: 'BundleHospitalizationRDA',
  },
};

export function tipoPorLoinc(codigo: string | undefined): TipoRdaIhce | null {
  for (const t of TIPOS_RDA_IHCE) if (PERFIL_IHCE[t].loinc === codigo) return t;
  return null;
}

export const OPERACION_CONSULTA = {
  paciente: '$consultar-rda-paciente',
  encuentros: '$consultar-rda-encuentros-clinicos',
} as const;
export type AlcanceConsulta = keyof typeof OPERACION_CONSULTA;

export interface IssueFhir {
  severity: 'fatal' | 'error' | 'warning' | 'information';
  code: string;
  details?: { coding?: { system?: string; code?: string; display?: string }[]; text?: string };
  diagnostics?: string;
  expression?: string[];
}

export interface OperationOutcome {
  resourceType: 'OperationOutcome';
  issue: IssueFhir[];
}

export function esOperationOutcome(x: unknown): x is OperationOutcome {
  return (
    typeof x === 'object' &&
    x !== null &&
    (x as { resourceType?: unknown }).resourceType === 'OperationOutcome' &&
    Array.isArray((x as { issue?: unknown }).issue)
  );
}

export type Recurso = Record<string, unknown> & { resourceType?: string; id?: string };

/** Small typed accessors over untyped FHIR JSON. */
export const obj = (x: unknown): Record<string, unknown> | undefined =>
  typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Record<string, unknown>) : undefined;
export const arr = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);
export const str = (x: unknown): string | undefined => (typeof x === 'string' && x !== '' ? x : undefined);
