/** The flat Spanish model (`datos`) a provider's system sends to build an RDA. */

export interface DatosPersona {
  tipoDocumento: string;
  numeroDocumento: string;
  primerNombre: string;
  segundoNombre?: string;
  primerApellido: string;
  segundoApellido?: string;
}

export interface DatosPaciente extends DatosPersona {
  /** AAAA-MM-DD. */
  fechaNacimiento: string;
  /** ColombianGenderGroup: 01 hombre, 02 mujer, 03 indeterminado. */
  sexoBiologico: string;
  identidadGenero?: string;
  /** ISO 3166-1 numeric (Colombia = 170). */
  nacionalidad: string;
  etnia: string;
  comunidadEtnica?: string;
  discapacidades: string[];
  residencia: {
    direccion?: string;
    /** DIVIPOLA municipality, 5 digits. */
    municipio: string;
    zona: string;
    pais: string;
  };
}

export interface DatosProfesional extends DatosPersona {
  /** RETHUS qualification code. */
  codigoRethus: string;
  /** Name of the RETHUS title: the coding's display the guide requires. */
  nombreTitulo: string;
}

export interface DatosPrestador {
  nit: string;
  /** REPS habilitation code (10–12 digits). */
  codigoHabilitacion: string;
  nombre: string;
  /** ColombianProviderClass (IPS, IND…): CareDeliveryOrganizationRDA type:ProviderClass 1..1. */
  clase: string;
  /** Street address (address.text 1..1). */
  direccion: string;
  /** DIVIPOLA municipality; the department (address.state) is its first two digits. */
  municipio: string;
}

/** A payer of the episode (HealthBenefitPlanAdminOrganizationRDA). */
export interface DatosPagador {
  /** EAPB code (identifier under the EAPB naming system). */
  codigo: string;
  nombre: string;
}

export interface DatosEncuentro {
  identificador?: string;
  /** ISO date-time with offset. */
  fechaInicio: string;
  fechaFin: string;
  modalidad: string;
  /** Fixed by the document type (01, 03, 05); free in the patient's RDA event. */
  grupoServicio?: string;
  /** EntornoAtencion: required in consulta externa and hospitalización, fixed 05 in urgencias. */
  entorno?: string;
  /** REPS service code (3–4 digits): only consulta externa can carry it (guide 1.0.0). */
  servicioReps?: string;
  nombreServicioReps?: string;
  /** CUPS consultation code and its name (consulta-externa, serviceType 1..1 with display). */
  codigoConsulta?: string;
  descripcionConsulta?: string;
  /** Episodes only (the patient event has none). */
  causaExterna?: string;
  viaIngreso?: string;
  condicionEgreso?: string;
  /** ClaseTriage (urgencias). */
  triage?: string;
}

export const ROLES_DATOS_DIAGNOSTICO = [
  'principal',
  'relacionado',
  'egreso',
  'complicacion',
  'muerte',
] as const;
export type RolDiagnosticoDatos = (typeof ROLES_DATOS_DIAGNOSTICO)[number];

export interface DatosDiagnostico {
  /** CIE-10 without dot (J450). */
  codigo: string;
  /** The ICD-10 display (1..1 in ConditionRDA). */
  descripcion: string;
  rol: RolDiagnosticoDatos;
  /** RIPSTipoDiagnosticoPrincipalVersion2 (principal). */
  tipo?: string;
}

export interface DatosAlergia {
  tipo: string;
  descripcion: string;
}

export interface DatosMedicamento {
  /** DCI (MipresINN) code. */
  codigo?: string;
  /** IUM primer nivel (8 characters): MedicationRequestRDA only. */
  codigoIum?: string;
  descripcion: string;
  indicaciones?: string;
  /** MedicationRequestRDA (episodes): ColombianHealthTechnologyMedicationCodes 02–05. */
  categoria?: string;
  /** RIPSFinalidadConsultaVersion2. */
  finalidad?: string;
  dosis?: { cantidad: number; unidad: string };
  /** VAD. */
  via?: string;
  /** Every `cada` units of MedicationTime. */
  frecuencia?: { cada: number; unidad: string };
  /** UnitsOfTime (h, d, wk, mo, a). */
  duracion?: { cantidad: number; unidad: string };
}

export interface DatosProcedimiento {
  codigoCups: string;
  descripcion: string;
  fecha: string;
  /** RIPSFinalidadConsultaVersion2 (reasonCode 1..1). */
  finalidad: string;
  /** CIE-10 of the related diagnosis it treats (Comobility-1); default: the first related diagnosis. */
  diagnosticoRelacionado?: string;
}

export interface DatosAntecedenteFamiliar {
  parentesco: string;
  codigoCie10?: string;
  descripcion: string;
}

export interface DatosRda {
  fechaDocumento?: string;
  paciente: DatosPaciente;
  profesional: DatosProfesional;
  prestador: DatosPrestador;
  /** Episodes: the care episode; paciente: the event where the history was taken (modality, group, period). */
  encuentro?: DatosEncuentro;
  pagadores?: DatosPagador[];
  /** The patient pays (sectionPayers privatePayer = the Patient). */
  pagoParticular?: boolean;
  diagnosticos?: DatosDiagnostico[];
  alergias?: DatosAlergia[];
  medicamentos?: DatosMedicamento[];
  procedimientos?: DatosProcedimiento[];
  antecedentesFamiliares?: DatosAntecedenteFamiliar[];
  /** The epicrisis PDF, base64. */
  epicrisis?: { pdfBase64: string; titulo?: string };
}
