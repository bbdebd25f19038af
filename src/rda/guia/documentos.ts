import type { TipoRda } from '../tipos.js';
import type { ClaveSeccion } from './secciones.js';

/**
 * What the official guide 1.0.0 fixes per document type: Composition (type, author, title, event),
 * its sections with their entry cardinalities, and the Encounter (diagnosis slices by rank,
 * participant, type slices). Data only: the builder, the linter and the IHCE sandbox read it.
 */
export type Max = number | '*';

export interface SeccionDeDocumento {
  clave: ClaveSeccion;
  /** Section present: 1 = always, 0 = only with entries (notas aclaratorias: never empty). */
  presencia: 0 | 1;
  /** Entries when present; min 0 = emptyReason nilknown allowed when there is none. */
  min: number;
  max: Max;
}

export interface RanuraDiagnostico {
  /** Fixed slice id (⚑ in the digest: the instance carries it as `diagnosis.id`). */
  id: string;
  rank: number;
  /** Slice cardinality: 1 = required (1..1), 0 = optional (0..1). */
  min: 0 | 1;
  rol: string;
  /** ExtensionDiagnosisType (RIPSTipoDiagnosticoPrincipalVersion2) 1..1. */
  conTipo: boolean;
}

export interface EncuentroGuia {
  perfil: string;
  clase: { code: string; display: string };
  grupoServicio: string;
  /** Environment fixed by the profile (urgencias: 05 Institucional). */
  entornoFijo?: string;
  /** Encounter.type slice of the REPS service: allowed (0..1) only in consulta externa. */
  conServicioReps: boolean;
  /** Encounter.serviceType 1..1 (CUPS consultation), consulta externa only. */
  conTipoServicio: boolean;
  tipos: { min: number; max: number };
  diagnosticos: { min: number; max: number; ranuras: readonly RanuraDiagnostico[] };
  participante: { id: string; code: string; display: string };
}

export interface DocumentoGuia {
  tipo: TipoRda;
  bundle: string;
  composicion: string;
  loinc: { code: string; display: string };
  /** Resource types Composition.author may reference (1..1 in all four). */
  autores: readonly ('Practitioner' | 'Organization')[];
  /** pat-rda-0: the only titles allowed; undefined = free title (1..1). */
  titulosPermitidos?: readonly string[];
  /** Composition.event 1..1 (code 2..2: modality + service group; period start/end); must-support elsewhere. */
  evento: boolean;
  secciones: readonly SeccionDeDocumento[];
  cuentaSecciones: { min: number; max: number };
  encuentro?: EncuentroGuia;
  operacion: string;
}

const siempre = (clave: ClaveSeccion, min = 0, max: Max = '*'): SeccionDeDocumento => ({
  clave,
  presencia: 1,
  min,
  max,
});
/** «Notas aclaratorias» 0..1: when present it has entries (1..*), it is never sent empty. */
const NOTAS: SeccionDeDocumento = { clave: 'notasAclaratorias', presencia: 0, min: 1, max: '*' };

/**
 * The sections of every care-episode Composition; they differ by type only in the minimum entries of
 * payers, problems and the epicrisis (addendum, at most one) and in the sections only some types have.
 */
const seccionesAtencion = (
  min: { pagadores: number; problemas: number; anexos: number },
  propias: ClaveSeccion[],
): SeccionDeDocumento[] => [
  siempre('pagadores', min.pagadores),
  siempre('ocupacion'),
  siempre('incapacidades'),
  siempre('medicamentos'),
  siempre('alergias'),
  siempre('problemas', min.problemas),
  siempre('factoresRiesgo'),
  siempre('solicitudes'),
  NOTAS,
  siempre('anexos', min.anexos, 1),
  ...propias.map((c) => siempre(c)),
];

const AMB_DIAGNOSTICOS: readonly RanuraDiagnostico[] = [
  { id: 'MainDiagnosis', rank: 1, min: 1, rol: '8319008', conTipo: true },
  { id: 'Comorbidity-1', rank: 2, min: 0, rol: '398192003', conTipo: false },
  { id: 'Comorbidity-2', rank: 3, min: 0, rol: '398192003', conTipo: false },
  { id: 'Comorbidity-3', rank: 4, min: 0, rol: '398192003', conTipo: false },
];

const EPISODIO_DIAGNOSTICOS: readonly RanuraDiagnostico[] = [
  { id: 'AdmissionDiagnosis', rank: 1, min: 1, rol: '52870002', conTipo: true },
  { id: 'DischargeDiagnosis', rank: 2, min: 1, rol: '89100005', conTipo: true },
  { id: 'DischargeComorbidity-1', rank: 3, min: 0, rol: '398192003', conTipo: false },
  { id: 'DischargeComorbidity-2', rank: 4, min: 0, rol: '398192003', conTipo: false },
  { id: 'DischargeComorbidity-3', rank: 5, min: 0, rol: '398192003', conTipo: false },
  { id: 'CauseOfDeath', rank: 6, min: 0, rol: '16100001', conTipo: false },
  { id: 'ComplicationDiagnosis', rank: 7, min: 0, rol: '263718001', conTipo: false },
];

const DIS = { id: 'DischargePhysician', code: 'DIS', display: 'discharger' } as const;

export const DOCUMENTOS_GUIA: Record<TipoRda, DocumentoGuia> = {
  paciente: {
    tipo: 'paciente',
    bundle: 'BundlePatientStatementRDA',
    composicion: 'CompositionPatientStatementRDA',
    loinc: { code: '102089-0', display: 'FHIR resource patient medical record' },
    autores: ['Practitioner'],
    titulosPermitidos: [
      'Resumen Digital de Atención en Salud - RDA de antecedentes manifestados por el paciente',
      'Resumen Digital de Atención en Salud - RDA de antecedentes manifestados por el paiente',
    ],
    evento: true,
    secciones: [
      siempre('problemas'),
      siempre('medicamentos'),
      siempre('alergias'),
      siempre('antecedentesFamiliares'),
    ],
    cuentaSecciones: { min: 4, max: 4 },
    operacion: '$enviar-rda-paciente',
  },
  'consulta-externa': {
    tipo: 'consulta-externa',
    bundle: 'BundleAmbulatoryRDA',
    composicion: 'CompositionAmbulatoryRDA',
    loinc: { code: '51845-6', display: 'Outpatient Consult note' },
    autores: ['Organization', 'Practitioner'],
    evento: false,
    secciones: seccionesAtencion({ pagadores: 0, problemas: 1, anexos: 1 }, []),
    cuentaSecciones: { min: 9, max: 10 },
    encuentro: {
      perfil: 'EncounterAmbulatoryRDA',
      clase: { code: 'AMB', display: 'ambulatory' },
      grupoServicio: '01',
      conServicioReps: true,
      conTipoServicio: true,
      tipos: { min: 3, max: 5 },
      diagnosticos: { min: 1, max: 4, ranuras: AMB_DIAGNOSTICOS },
      participante: { id: 'AttenderPhysician', code: 'ATND', display: 'attender' },
    },
    operacion: '$enviar-rda-consulta',
  },
  urgencias: {
    tipo: 'urgencias',
    bundle: 'BundleEmergencyRDA',
    composicion: 'CompositionEmergencyRDA',
    loinc: { code: '59258-4', display: 'Emergency department Discharge summary' },
    autores: ['Organization', 'Practitioner'],
    evento: false,
    secciones: seccionesAtencion({ pagadores: 1, problemas: 1, anexos: 1 }, [
      'triage',
      'procedimientos',
      'resultados',
    ]),
    cuentaSecciones: { min: 12, max: 13 },
    encuentro: {
      perfil: 'EncounterEmergencyRDA',
      clase: { code: 'EMER', display: 'emergency' },
      grupoServicio: '05',
      entornoFijo: '05',
      conServicioReps: false,
      conTipoServicio: false,
      tipos: { min: 3, max: 4 },
      diagnosticos: { min: 2, max: 5, ranuras: EPISODIO_DIAGNOSTICOS },
      participante: DIS,
    },
    operacion: '$enviar-rda-urgencias',
  },
  hospitalizacion: {
    tipo: 'hospitalizacion',
    bundle: 'BundleHospitalizationRDA',
    composicion: 'CompositionHospitalizationRDA',
    loinc: { code: '34105-7', display: 'Hospital Discharge summary' },
    autores: ['Organization'],
    evento: false,
    secciones: seccionesAtencion({ pagadores: 1, problemas: 0, anexos: 0 }, ['procedimientos', 'resultados']),
    cuentaSecciones: { min: 11, max: 12 },
    encuentro: {
      perfil: 'EncounterHospitalizationRDA',
      clase: { code: 'IMP', display: 'inpatient encounter' },
      grupoServicio: '03',
      conServicioReps: false,
      conTipoServicio: false,
      tipos: { min: 3, max: 4 },
      diagnosticos: { min: 2, max: 7, ranuras: EPISODIO_DIAGNOSTICOS },
      participante: DIS,
    },
    operacion: '$enviar-rda-hospitalizacion',
  },
};

/** Titles the builder writes where the guide leaves the title free (1..1 without a fixed value). */
export const TITULO_PROPIO: Record<TipoRda, string> = {
  paciente: DOCUMENTOS_GUIA.paciente.titulosPermitidos![0]!,
  'consulta-externa': 'Resumen Digital de Atención en Salud - RDA de consulta externa',
  urgencias: 'Resumen Digital de Atención en Salud - RDA de urgencias',
  hospitalizacion: 'Resumen Digital de Atención en Salud - RDA de hospitalización',
};
