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
  nombreTitulo?: string;
}

export interface DatosPrestador {
  nit: string;
  /** REPS habilitation code (10–12 digits). */
  codigoHabilitacion: string;
  nombre: string;
  municipio?: string;
}

export interface DatosEncuentro {
  identificador?: string;
  /** ISO date-time with offset. */
  fechaInicio: string;
  fechaFin: string;
  modalidad: string;
  /** Fixed by the document type (01, 03, 05); optional, checked when sent. */
  grupoServicio?: string;
  entorno?: string;
  /** REPS service code (3 digits). */
  servicioReps: string;
  /** CUPS consultation code (consulta-externa). */
  codigoConsulta?: string;
  causaExterna: string;
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
  descripcion?: string;
  rol: RolDiagnosticoDatos;
  /** RIPSTipoDiagnosticoPrincipalVersion2 (principal). */
  tipo?: string;
}

export interface DatosAlergia {
  tipo: string;
  descripcion: string;
}

export interface DatosMedicamento {
  codigo?: string;
  descripcion: string;
  indicaciones?: string;
}

export interface DatosProcedimiento {
  codigoCups: string;
  descripcion?: string;
  fecha?: string;
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
  encuentro?: DatosEncuentro;
  diagnosticos?: DatosDiagnostico[];
  alergias?: DatosAlergia[];
  medicamentos?: DatosMedicamento[];
  procedimientos?: DatosProcedimiento[];
  antecedentesFamiliares?: DatosAntecedenteFamiliar[];
  /** The epicrisis PDF, base64. */
  epicrisis?: { pdfBase64: string; titulo?: string };
}
