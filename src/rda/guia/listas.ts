/**
 * Code lists of the official RDA guide 1.0.0 (CodeSystems of `minsalud.fhir.co.rda`), with the
 * guide's own displays. For RDA the guide wins over the SISPRO tables of the same name (its
 * displays and codes differ: ethnicity 1–6/99, kinship 01 = Padres, modality 05 exists).
 * A new guide version is a change of these rows.
 */
export type Filas = readonly (readonly [codigo: string, display: string])[];

export const LISTAS_GUIA = {
  ColombianEthnicGroup: [
    ['1', 'Indigena'],
    ['2', 'ROM (Gitano)'],
    ['3', 'Raizal (Archipielago San Andrés y Providencia)'],
    ['4', 'Palenquero de San Basilio'],
    ['5', 'Negro(a) o mulato(a) o afrocolombiano(a) o afrodescendiente'],
    ['6', 'Otras etnias'],
    ['99', 'Ninguna de las anteriores'],
  ],
  ColombianDisabilityClassification: [
    ['01', 'Discapacidad física'],
    ['02', 'Discapacidad visual'],
    ['03', 'Discapacidad auditiva'],
    ['04', 'Discapacidad intelectual'],
    ['05', 'Discapacidad sicosocial'],
    ['06', 'Sordoceguera'],
    ['07', 'Discapacidad múltiple'],
    ['08', 'Sin discapacidad'],
  ],
  ColombianGenderGroup: [
    ['01', 'Hombre'],
    ['02', 'Mujer'],
    ['03', 'Indeterminado o Intersexual'],
  ],
  ColombianGenderIdentity: [
    ['01', 'Masculino'],
    ['02', 'Femenino'],
    ['03', 'Transgénero'],
    ['04', 'Neutro'],
    ['05', 'No lo declara'],
  ],
  // ValueSet ColombianPersonIdentifierCodes, in its order, with the CodeSystem's displays.
  ColombianPersonIdentifier: [
    ['CN', 'Certificado de nacido vivo'],
    ['RC', 'Registro civil'],
    ['TI', 'Tarjeta de Identidad'],
    ['CC', 'Cédula ciudadanía'],
    ['PA', 'Pasaporte'],
    ['CD', 'Carné diplomático'],
    ['CE', 'Cédula de extranjería'],
    ['DE', 'Documento Extranjero'],
    ['SC', 'Salvoconducto de permanencia'],
    ['PE', 'Permiso Especial de Permanencia'],
    ['PT', 'Permiso Temporal de Permanencia'],
    ['PPT', 'Permiso por protección temporal'],
    ['PC', 'PEP-TUTOR'],
    ['RUT', 'Registro Único Tributario'],
    ['AS', 'Adulto sin identificar'],
    ['MS', 'Menor sin identificar'],
    ['SI', 'Sin identificación'],
  ],
  ColombianResidenceZone: [
    ['01', 'Urbana'],
    ['02', 'Rural'],
  ],
  ColombianTechModality: [
    ['01', 'Intramural'],
    ['02', 'Extramural unidad móvil'],
    ['03', 'Extramural domiciliaria'],
    ['04', 'Extramural jornada de salud'],
    ['05', 'Extramural (atención pre hospitalaria o transporte asistencial)'],
    ['06', 'Telemedicina interactiva'],
    ['07', 'Telemedicina no interactiva'],
    ['08', 'Telemedicina - Telexperticia'],
    ['09', 'Telemedicina - Telemonitoreo'],
  ],
  GrupoServicios: [
    ['01', 'Consulta externa'],
    ['02', 'Apoyo diagnóstico y complementación terapéutica'],
    ['03', 'Internación'],
    ['04', 'Quirúrgico'],
    ['05', 'Atención inmediata'],
  ],
  EntornoAtencion: [
    ['01', 'Hogar'],
    ['02', 'Comunitario'],
    ['03', 'Escolar'],
    ['04', 'Laboral'],
    ['05', 'Institucional'],
  ],
  ClaseTriage: [
    ['01', 'Triage I'],
    ['02', 'Triage II'],
    ['03', 'Triage III'],
    ['04', 'Triage IV'],
    ['05', 'Triage V'],
  ],
  TipoAlergia: [
    ['01', 'Medicamento'],
    ['02', 'Alimento'],
    ['03', 'Sustancia del ambiente'],
    ['04', 'Sustancia que entran en contacto con la piel'],
    ['05', 'Picadura de insectos'],
    ['06', 'Otra'],
  ],
  ParentescoAntecedente: [
    ['01', 'Padres'],
    ['02', 'Hermanos'],
    ['03', 'Tíos'],
    ['04', 'Abuelos'],
  ],
  ColombianDiagnosisRole: [
    ['8319008', 'diagnóstico primario'],
    ['398192003', 'comorbilidades'],
    ['89100005', 'diagnóstico final (alta)'],
    ['16100001', 'diagnóstico de la causa de muerte'],
    ['52870002', 'diagnóstico de ingreso'],
    ['263718001', 'complicación'],
  ],
  RIPSTipoDiagnosticoPrincipalVersion2: [
    ['01', 'Impresión Diagnóstica'],
    ['02', 'Confirmado Nuevo'],
    ['03', 'Confirmado Repetido'],
  ],
  ViaIngreso: [
    ['01', 'DEMANDA ESPONTANEA'],
    ['02', 'DERIVADO DE CONSULTA EXTERNA'],
    ['03', 'DERIVADO DE URGENCIAS'],
    ['04', 'DERIVADO DE HOSPITALIZACION'],
    ['05', 'DERIVADO DE SALA DE CIRUGIA'],
    ['06', 'DERIVADO DE SALA DE PARTOS'],
    ['07', 'RECIEN NACIDO EN LA INSTITUCION'],
    ['08', 'RECIEN NACIDO EN OTRA INSTITUCION'],
    ['09', 'DERIVADO O REFERIDO DE HOSPITALIZACION DOMICILIARIA'],
    ['10', 'DERIVADO DE ATENCION DOMICILIARIA'],
    ['11', 'DERIVADO DE TELEMEDICINA'],
    ['12', 'DERIVADO DE JORNADA DE SALUD'],
    ['13', 'REFERIDO DE OTRA INSTITUCION'],
    ['14', 'CONTRAREFERIDO DE OTRA INSTITUCION'],
  ],
  CondicionyDestinoUsuarioEgreso: [
    ['01', 'PACIENTE CON DESTINO A SU DOMICILIO'],
    ['02', 'PACIENTE MUERTO'],
    ['03', 'PACIENTE DERIVADO A OTRO SERVICIO'],
    ['04', 'REFERIDO A OTRA INSTITUCION'],
    ['05', 'CONTRAREFERIDO A OTRA INSTITUCION'],
    ['06', 'DERIVADO O REFERIDO A HOSPITALIZACION DOMICILIRIA'],
    ['07', 'DERIVADO A SERVICIO SOCIAL'],
    ['08', 'PACIENTE CONTINUA EN EL SERVICIO (CORTE FACTURACION)'],
  ],
  ColombianOrganizationIdentifiers: [
    ['NIT', 'Número de Identificación Tributaria'],
    ['CodigoPrestador', 'Código de habilitación de prestador de servicios de salud'],
    ['EAPB', 'Entidad Administradora de Planes de Beneficios'],
  ],
  ColombianProviderClass: [
    ['IPS', 'Institución Prestadora de Servicios de Salud'],
    ['TEP', 'Transporte Especial de Pacientes'],
    ['OTHER', 'Objeto social diferente a la prestación de servicios de salud'],
    ['GFA', 'Gestor Farmacéutico'],
    ['IND', 'Profesional Independiente'],
  ],
  ColombianDocumentTypes: [['EPI', 'Epicrisis']],
} as const satisfies Record<string, Filas>;

export type NombreLista = keyof typeof LISTAS_GUIA;

/**
 * Codes an earlier version of this service accepted that the guide does not have: the 400 of the
 * datos says which guide code replaces each. Kinship kept its codes 01–04 with another meaning, so
 * no 400 can catch it: docs/rda-documentos.md warns about it.
 */
export const CODIGOS_ANTERIORES: Partial<Record<NombreLista, Record<string, string>>> = {
  ColombianEthnicGroup: {
    '01': 'use «1» (Indigena)',
    '02': 'use «2» (ROM (Gitano))',
    '03': 'use «3» (Raizal)',
    '04': 'use «4» (Palenquero de San Basilio)',
    '05': 'use «5» (Negro(a) o mulato(a) o afrocolombiano(a) o afrodescendiente)',
    '06': 'use «99» (Ninguna de las anteriores) o «6» (Otras etnias)',
    '07': 'la guía no tiene «No reporta»: use «99» (Ninguna de las anteriores)',
  },
  ColombianPersonIdentifier: {
    NV: 'la guía no tiene «NV»: para el certificado de nacido vivo use «CN»',
  },
};
