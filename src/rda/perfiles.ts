import { DOCUMENTOS_GUIA, TITULO_PROPIO } from './guia/documentos.js';
import type { ClaveSeccion } from './guia/secciones.js';
import { perfil, type TipoRda } from './tipos.js';

/**
 * What each RDA document type must look like, as the builder and the linter use it: the guide's
 * facts (guia/documentos.ts) plus the bundle entry slices by resource type.
 */

export { type ClaveSeccion, SECCIONES } from './guia/secciones.js';

/** Cardinality of a bundle entry slice, by resource type (profile given separately). */
export interface Rebanada {
  recurso: string;
  perfil: string;
  min: number;
  max: number | '*';
  /** Business name for messages. */
  nombre: string;
}

export interface PerfilDocumento {
  tipo: TipoRda;
  bundle: string;
  composicion: string;
  loinc: string;
  loincDisplay: string;
  titulo: string;
  secciones: readonly ClaveSeccion[];
  /** Sections that must list at least one entry. */
  seccionesConEntradas: readonly ClaveSeccion[];
  rebanadas: readonly Rebanada[];
  encuentro?: { perfil: string; clase: string; claseDisplay: string; grupoServicio: string };
  /** Operation of the IHCE platform that receives this document. */
  operacion: string;
}

const comunes = (organizacionMin: number, paciente: boolean): Rebanada[] => [
  { recurso: 'Composition', perfil: '', min: 1, max: 1, nombre: 'Composición del documento' },
  { recurso: 'Patient', perfil: perfil('PatientRDA'), min: 1, max: 1, nombre: 'Paciente' },
  { recurso: 'Practitioner', perfil: perfil('PractitionerRDA'), min: 1, max: 1, nombre: 'Profesional' },
  {
    recurso: 'Organization',
    perfil: perfil('CareDeliveryOrganizationRDA'),
    min: organizacionMin,
    max: 1,
    nombre: 'Prestador (IPS)',
  },
  {
    recurso: 'Condition',
    perfil: perfil(paciente ? 'ConditionStatementRDA' : 'ConditionRDA'),
    min: 0,
    max: '*',
    nombre: 'Diagnóstico',
  },
  {
    recurso: 'AllergyIntolerance',
    perfil: perfil(paciente ? 'AllergyIntoleranceStatementRDA' : 'AllergyIntoleranceRDA'),
    min: 0,
    max: '*',
    nombre: 'Alergia',
  },
];

const episodio = (organizacionMin: number, encuentro: string): Rebanada[] => [
  ...comunes(organizacionMin, false),
  { recurso: 'Encounter', perfil: perfil(encuentro), min: 1, max: 1, nombre: 'Encuentro (atención)' },
  {
    recurso: 'DocumentReference',
    perfil: perfil('DocumentReferenceEPIRDA'),
    min: 1,
    max: 1,
    nombre: 'Epicrisis (PDF)',
  },
  {
    recurso: 'MedicationRequest',
    perfil: perfil('MedicationRequestRDA'),
    min: 0,
    max: '*',
    nombre: 'Medicamento formulado',
  },
  { recurso: 'Procedure', perfil: perfil('ProcedureRDA'), min: 0, max: '*', nombre: 'Procedimiento' },
  {
    recurso: 'ServiceRequest',
    perfil: perfil('ServiceRequestRDA'),
    min: 0,
    max: '*',
    nombre: 'Orden de servicio',
  },
  {
    recurso: 'RiskAssessment',
    perfil: perfil('RiskFactorRDA'),
    min: 0,
    max: '*',
    nombre: 'Factor de riesgo',
  },
  // Slices the builder does not fill yet but other systems may send.
  ...(
    [
      ['Organization', 'HealthBenefitPlanAdminOrganizationRDA', 'Pagador (EAPB)'],
      ['Procedure', 'OtherTechnologyProcedureRDA', 'Otra tecnología en salud'],
      ['ServiceRequest', 'OtherTechnologyServiceRequestRDA', 'Orden de otra tecnología'],
      ['Observation', 'PatientOccupationAtEncounterRDA', 'Ocupación del paciente'],
      ['Observation', 'AttendanceAllowanceRDA', 'Incapacidad'],
      ['Observation', 'ObservationClarificationNoteRDA', 'Nota aclaratoria'],
    ] as const
  ).map(([recurso, p, nombre]) => ({ recurso, perfil: perfil(p), min: 0, max: '*' as const, nombre })),
];

/** Drugs administered during urgencias and hospitalización (MedicationAdministrationRDA). */
const MEDICAMENTOS_ADMINISTRADOS: Rebanada = {
  recurso: 'MedicationAdministration',
  perfil: perfil('MedicationAdministrationRDA'),
  min: 0,
  max: '*',
  nombre: 'Medicamento administrado',
};

/** Results of urgencias and hospitalización (ProcedureResultRDA). */
const RESULTADOS: Rebanada = {
  recurso: 'Observation',
  perfil: perfil('ProcedureResultRDA'),
  min: 0,
  max: '*',
  nombre: 'Resultado',
};

/** The document-level facts of the guide in the shape the builder and the linter use. */
function desdeGuia(tipo: TipoRda, rebanadas: Rebanada[]): PerfilDocumento {
  const g = DOCUMENTOS_GUIA[tipo];
  return {
    tipo,
    bundle: perfil(g.bundle),
    composicion: perfil(g.composicion),
    loinc: g.loinc.code,
    loincDisplay: g.loinc.display,
    titulo: TITULO_PROPIO[tipo],
    secciones: g.secciones.map((s) => s.clave),
    // RDA25 (rechazo) keeps to the diagnoses and the epicrisis where the guide requires entries.
    seccionesConEntradas: g.secciones
      .filter((s) => s.min > 0 && (s.clave === 'problemas' || s.clave === 'anexos'))
      .map((s) => s.clave),
    rebanadas,
    ...(g.encuentro
      ? {
          encuentro: {
            perfil: perfil(g.encuentro.perfil),
            clase: g.encuentro.clase.code,
            claseDisplay: g.encuentro.clase.display,
            grupoServicio: g.encuentro.grupoServicio,
          },
        }
      : {}),
    operacion: g.operacion,
  };
}

export const PERFILES: Record<TipoRda, PerfilDocumento> = {
  paciente: desdeGuia('paciente', [
    ...comunes(0, true),
    {
      recurso: 'MedicationStatement',
      perfil: perfil('MedicationStatementRDA'),
      min: 0,
      max: '*',
      nombre: 'Medicamento que usa',
    },
    {
      recurso: 'FamilyMemberHistory',
      perfil: perfil('FamilyMemberHistoryRDA'),
      min: 0,
      max: '*',
      nombre: 'Antecedente familiar',
    },
  ]),
  'consulta-externa': desdeGuia('consulta-externa', episodio(0, 'EncounterAmbulatoryRDA')),
  hospitalizacion: desdeGuia('hospitalizacion', [
    ...episodio(1, 'EncounterHospitalizationRDA'),
    MEDICAMENTOS_ADMINISTRADOS,
    RESULTADOS,
  ]),
  urgencias: desdeGuia('urgencias', [
    ...episodio(1, 'EncounterEmergencyRDA'),
    MEDICAMENTOS_ADMINISTRADOS,
    RESULTADOS,
    {
      recurso: 'Observation',
      perfil: perfil('ObservationTriageRDA'),
      min: 0,
      max: 1,
      nombre: 'Triage',
    },
  ]),
};

/**
 * The RDA type a Bundle declares: its `meta.profile`, else the LOINC type of its first entry's
 * Composition. undefined when it declares none of the four.
 */
export function tipoDelBundle(bundle: unknown): TipoRda | undefined {
  const obj = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!obj(bundle)) return undefined;
  const perfilBundle =
    obj(bundle.meta) && Array.isArray(bundle.meta.profile) ? bundle.meta.profile[0] : undefined;
  const primera = Array.isArray(bundle.entry) ? bundle.entry[0] : undefined;
  const comp = obj(primera) && obj(primera.resource) ? primera.resource : undefined;
  const codings = comp && obj(comp.type) && Array.isArray(comp.type.coding) ? comp.type.coding : [];
  const loinc = (codings as unknown[]).find((c) => obj(c) && c.system === 'http://loinc.org');
  return tipoPorPerfilOLoinc(perfilBundle, obj(loinc) ? loinc.code : undefined);
}

/** The document type a bundle declares through its profile or its Composition's LOINC type. */
export function tipoPorPerfilOLoinc(perfilBundle: unknown, loinc: unknown): TipoRda | undefined {
  for (const p of Object.values(PERFILES)) {
    if (perfilBundle === p.bundle) return p.tipo;
  }
  for (const p of Object.values(PERFILES)) {
    if (loinc === p.loinc) return p.tipo;
  }
  return undefined;
}
