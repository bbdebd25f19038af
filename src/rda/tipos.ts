/** The four RDA document types of phase 1 (Res. 1888/2025). */
export const TIPOS_RDA = ['paciente', 'consulta-externa', 'hospitalizacion', 'urgencias'] as const;
export type TipoRda = (typeof TIPOS_RDA)[number];

export function esTipoRda(v: unknown): v is TipoRda {
  return typeof v === 'string' && (TIPOS_RDA as readonly string[]).includes(v);
}

/** Canonical base of the official guide `minsalud.fhir.co.rda`. */
export const BASE_RDA = 'https://fhir.minsalud.gov.co/rda';
export const perfil = (nombre: string) => `${BASE_RDA}/StructureDefinition/${nombre}`;
export const extension = (nombre: string) => `${BASE_RDA}/StructureDefinition/${nombre}`;
export const sistemaIdentificador = (nombre: string) => `${BASE_RDA}/NamingSystem/${nombre}`;
export const sistemaCodigos = (nombre: string) => `${BASE_RDA}/CodeSystem/${nombre}`;

export const SISTEMAS = {
  vida: sistemaIdentificador('identifier-RDA'),
  rnec: sistemaIdentificador('RNEC'),
  rethus: sistemaIdentificador('RETHUS'),
  dian: sistemaIdentificador('DIAN'),
  reps: sistemaIdentificador('REPS'),
  eapb: sistemaIdentificador('EAPB'),
  encuentros: sistemaIdentificador('Encounters'),
  loinc: 'http://loinc.org',
  snomed: 'http://snomed.info/sct',
  cie10: 'http://hl7.org/fhir/sid/icd-10',
  v2_0203: 'http://terminology.hl7.org/CodeSystem/v2-0203',
  actCode: 'http://terminology.hl7.org/CodeSystem/v3-ActCode',
  participationType: 'http://terminology.hl7.org/CodeSystem/v3-ParticipationType',
  listEmptyReason: 'http://terminology.hl7.org/CodeSystem/list-empty-reason',
  confidencialidad: 'http://terminology.hl7.org/CodeSystem/v3-Confidentiality',
  condicionClinica: 'http://terminology.hl7.org/CodeSystem/condition-clinical',
  condicionVerificacion: 'http://terminology.hl7.org/CodeSystem/condition-ver-status',
  alergiaClinica: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical',
  alergiaVerificacion: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification',
  mime: 'urn:ietf:bcp:13',
} as const;

/** External reference the guide fixes as custodian of the epicrisis (not an entry of the bundle). */
export const REFERENCIA_MINSALUD = 'Organization/MinSalud';
