import type { TipoRda } from '../tipos.js';

/**
 * Composition.section of the official guide 1.0.0: sliced closed by pattern:code; each slice fixes
 * its LOINC code with display and its title (fixedString). Where the title differs by document
 * type (payers) it is given per type.
 */
export interface SeccionGuia {
  clave: string;
  loinc: string;
  display: string;
  titulo: string | Partial<Record<TipoRda, string>>;
  /** Resource types its entries reference (for messages and the section/resource check). */
  recursos: readonly string[];
}

export const SECCIONES = {
  pagadores: {
    clave: 'pagadores',
    loinc: '48768-6',
    display: 'Payment sources Document',
    titulo: {
      'consulta-externa': 'Entidad(es) responsable(s) por el plan de beneficios en salud (consulta)',
      urgencias: 'Entidad(es) responsable(s) por el plan de beneficios en salud (urgencias)',
      hospitalizacion:
        'Entidad(es) responsable(s) por el plan de beneficios en salud (Hospitalización / Internación)',
    },
    // EAPBPayer entries, or the Patient as privatePayer.
    recursos: ['Organization', 'Patient'],
  },
  ocupacion: {
    clave: 'ocupacion',
    loinc: '74208-0',
    display: 'Demographic information + History of occupation Document',
    titulo: 'Otros datos demográficos',
    recursos: ['Observation'],
  },
  incapacidades: {
    clave: 'incapacidades',
    loinc: '105583-9',
    display: 'Worker Sick leave form',
    titulo: 'Datos incapacidad (SIPE – Sistema de Incapacidades y Prestaciones Economicas)',
    recursos: ['Observation'],
  },
  medicamentos: {
    clave: 'medicamentos',
    loinc: '10160-0',
    display: 'History of Medication use Narrative',
    titulo: 'Historial de medicamentos',
    recursos: ['MedicationStatement', 'MedicationRequest', 'MedicationAdministration'],
  },
  alergias: {
    clave: 'alergias',
    loinc: '48765-2',
    display: 'Allergies and adverse reactions Document',
    titulo: 'Historial de alergias, intolerancias y reacciones adversas',
    recursos: ['AllergyIntolerance'],
  },
  problemas: {
    clave: 'problemas',
    loinc: '11450-4',
    display: 'Problem list - Reported',
    titulo: 'Historial de diagnósticos de problemas de salud',
    recursos: ['Condition'],
  },
  factoresRiesgo: {
    clave: 'factoresRiesgo',
    loinc: '75492-9',
    display: 'Risk assessment and screening note',
    titulo: 'Factores de riesgo',
    recursos: ['RiskAssessment'],
  },
  solicitudes: {
    clave: 'solicitudes',
    loinc: '61146-1',
    display: 'Orders for services Document',
    titulo: 'Órdenes, prescripciones o solicitudes de servicio',
    recursos: ['ServiceRequest'],
  },
  notasAclaratorias: {
    clave: 'notasAclaratorias',
    loinc: '34109-9',
    display: 'Note',
    titulo: 'Notas aclaratorias',
    recursos: ['Observation'],
  },
  anexos: {
    clave: 'anexos',
    loinc: '55107-7',
    display: 'Addendum Document',
    titulo: 'Documentos de soporte',
    recursos: ['DocumentReference'],
  },
  triage: {
    clave: 'triage',
    loinc: '54094-8',
    display: 'Emergency department Triage note',
    titulo: 'Clasificación de triaje',
    recursos: ['Observation'],
  },
  procedimientos: {
    clave: 'procedimientos',
    loinc: '47519-4',
    display: 'History of Procedures Document',
    titulo: 'Historial de procedimientos',
    recursos: ['Procedure'],
  },
  resultados: {
    clave: 'resultados',
    loinc: '30954-2',
    display: 'Relevant diagnostic tests/laboratory data note',
    titulo: 'Resultados del uso de las tecnologías en salud',
    recursos: ['Observation'],
  },
  antecedentesFamiliares: {
    clave: 'antecedentesFamiliares',
    loinc: '10157-6',
    display: 'History of family member diseases Narrative',
    titulo: 'Historial de antecedentes familiares',
    recursos: ['FamilyMemberHistory'],
  },
} as const satisfies Record<string, SeccionGuia>;

export type ClaveSeccion = keyof typeof SECCIONES;

/** The fixed title of a section in a document type. */
export function tituloSeccion(clave: ClaveSeccion, tipo: TipoRda): string {
  const t: SeccionGuia['titulo'] = SECCIONES[clave].titulo;
  return typeof t === 'string' ? t : (t[tipo] ?? '');
}

/** emptyReason the guide fixes for a section without entries. */
export const RAZON_VACIA = { code: 'nilknown', display: 'Nil Known' } as const;
