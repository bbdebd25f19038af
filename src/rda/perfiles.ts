import { perfil, type TipoRda } from './tipos.js';

/**
 * What each RDA document type must look like (rda.md §2.3, §2.4, §2.7), written once as data:
 * the builder produces it and the linter checks against it.
 */

export interface Seccion {
  clave: string;
  /** LOINC code fixed by the Composition profile's section slice. */
  loinc: string;
  titulo: string;
  /** Resource types its entries may reference. */
  recursos: readonly string[];
  /** The slice forbids emptyReason: the section always has entries (the epicrisis). */
  siempreConEntradas?: boolean;
}

export const SECCIONES = {
  pagadores: { clave: 'pagadores', loinc: '48768-6', titulo: 'Pagadores', recursos: ['Organization'] },
  ocupacion: { clave: 'ocupacion', loinc: '74208-0', titulo: 'Ocupación', recursos: ['Observation'] },
  incapacidades: {
    clave: 'incapacidades',
    loinc: '105583-9',
    titulo: 'Incapacidades',
    recursos: ['Observation'],
  },
  medicamentos: {
    clave: 'medicamentos',
    loinc: '10160-0',
    titulo: 'Medicamentos',
    recursos: ['MedicationStatement', 'MedicationRequest', 'MedicationAdministration'],
  },
  alergias: { clave: 'alergias', loinc: '48765-2', titulo: 'Alergias', recursos: ['AllergyIntolerance'] },
  problemas: { clave: 'problemas', loinc: '11450-4', titulo: 'Diagnósticos', recursos: ['Condition'] },
  factoresRiesgo: {
    clave: 'factoresRiesgo',
    loinc: '75492-9',
    titulo: 'Factores de riesgo',
    recursos: ['RiskAssessment'],
  },
  solicitudes: {
    clave: 'solicitudes',
    loinc: '61146-1',
    titulo: 'Órdenes y solicitudes',
    recursos: ['ServiceRequest'],
  },
  notasAclaratorias: {
    clave: 'notasAclaratorias',
    loinc: '34109-9',
    titulo: 'Notas aclaratorias',
    recursos: ['Observation'],
  },
  anexos: {
    clave: 'anexos',
    loinc: '55107-7',
    titulo: 'Documentos anexos',
    recursos: ['DocumentReference'],
    siempreConEntradas: true,
  },
  triage: { clave: 'triage', loinc: '54094-8', titulo: 'Triage', recursos: ['Observation'] },
  procedimientos: {
    clave: 'procedimientos',
    loinc: '47519-4',
    titulo: 'Procedimientos',
    recursos: ['Procedure'],
  },
  resultados: { clave: 'resultados', loinc: '30954-2', titulo: 'Resultados', recursos: ['Observation'] },
  antecedentesFamiliares: {
    clave: 'antecedentesFamiliares',
    loinc: '10157-6',
    titulo: 'Antecedentes familiares',
    recursos: ['FamilyMemberHistory'],
  },
} as const satisfies Record<string, Seccion>;

export type ClaveSeccion = keyof typeof SECCIONES;

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

const SECCIONES_EPISODIO: readonly ClaveSeccion[] = [
  'pagadores',
  'ocupacion',
  'incapacidades',
  'medicamentos',
  'alergias',
  'problemas',
  'factoresRiesgo',
  'solicitudes',
  'notasAclaratorias',
  'anexos',
];

export const PERFILES: Record<TipoRda, PerfilDocumento> = {
  paciente: {
    tipo: 'paciente',
    bundle: perfil('BundlePatientStatementRDA'),
    composicion: perfil('CompositionPatientStatementRDA'),
    loinc: '102089-0',
    loincDisplay: 'FHIR resource patient medical record',
    titulo: 'RDA Paciente',
    secciones: ['problemas', 'medicamentos', 'alergias', 'antecedentesFamiliares'],
    seccionesConEntradas: [],
    rebanadas: [
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
    ],
    operacion: '$enviar-rda-paciente',
  },
  'consulta-externa': {
    tipo: 'consulta-externa',
    bundle: perfil('BundleAmbulatoryRDA'),
    composicion: perfil('CompositionAmbulatoryRDA'),
    loinc: '51845-6',
    loincDisplay: 'Outpatient Consult note',
    titulo: 'RDA Consulta externa',
    secciones: SECCIONES_EPISODIO,
    seccionesConEntradas: ['problemas', 'anexos'],
    rebanadas: episodio(0, 'EncounterAmbulatoryRDA'),
    encuentro: {
      perfil: perfil('EncounterAmbulatoryRDA'),
      clase: 'AMB',
      claseDisplay: 'ambulatory',
      grupoServicio: '01',
    },
    operacion: '$enviar-rda-consulta',
  },
  hospitalizacion: {
    tipo: 'hospitalizacion',
    bundle: perfil('BundleHospitalizationRDA'),
    composicion: perfil('CompositionHospitalizationRDA'),
    loinc: '34105-7',
    loincDisplay: 'Hospital Discharge summary',
    titulo: 'RDA Hospitalización',
    secciones: [...SECCIONES_EPISODIO, 'procedimientos', 'resultados'],
    seccionesConEntradas: ['problemas', 'anexos'],
    rebanadas: [...episodio(1, 'EncounterHospitalizationRDA'), MEDICAMENTOS_ADMINISTRADOS, RESULTADOS],
    encuentro: {
      perfil: perfil('EncounterHospitalizationRDA'),
      clase: 'IMP',
      claseDisplay: 'inpatient encounter',
      grupoServicio: '03',
    },
    operacion: '$enviar-rda-hospitalizacion',
  },
  urgencias: {
    tipo: 'urgencias',
    bundle: perfil('BundleEmergencyRDA'),
    composicion: perfil('CompositionEmergencyRDA'),
    loinc: '59258-4',
    loincDisplay: 'Emergency department Discharge summary',
    titulo: 'RDA Urgencias',
    secciones: [...SECCIONES_EPISODIO, 'triage', 'procedimientos', 'resultados'],
    seccionesConEntradas: ['problemas', 'anexos'],
    rebanadas: [
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
    ],
    encuentro: {
      perfil: perfil('EncounterEmergencyRDA'),
      clase: 'EMER',
      claseDisplay: 'emergency',
      grupoServicio: '05',
    },
    operacion: '$enviar-rda-urgencias',
  },
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
