import { BASE_RDA } from '../tipos.js';
import type { Hecho } from './hechos.js';
import type { NombreLista } from './listas.js';

/**
 * Fixed values, required elements and code bindings the guide 1.0.0 sets on the resources of the
 * bundles (not the Composition or the Encounter, which depend on the document type: hechos.ts).
 */
const sistema = (nombre: string) => `${BASE_RDA}/CodeSystem/${nombre}`;
const ns = (nombre: string) => `${BASE_RDA}/NamingSystem/${nombre}`;
const ext = (nombre: string) => `${BASE_RDA}/StructureDefinition/${nombre}`;
const V2_0203 = 'http://terminology.hl7.org/CodeSystem/v2-0203';
const LOINC = 'http://loinc.org';
const ICD10 = 'http://hl7.org/fhir/sid/icd-10';

const epi = { perfil: 'DocumentReferenceEPIRDA', recurso: 'DocumentReference' } as const;
const condicion = { perfil: 'ConditionRDA', recurso: 'Condition' } as const;
const declarada = { perfil: 'ConditionStatementRDA', recurso: 'Condition' } as const;
const ips = { perfil: 'CareDeliveryOrganizationRDA', recurso: 'Organization' } as const;
const paciente = { perfil: 'PatientRDA', recurso: 'Patient' } as const;
const profesional = { perfil: 'PractitionerRDA', recurso: 'Practitioner' } as const;

/** A coded extension whose value must be a code of a guide list with its display. */
const enExtension = (
  base: { perfil: string; recurso: string },
  ruta: string,
  extension: string,
  lista: NombreLista,
  nombre: string,
): Hecho => ({
  ...base,
  codigo: 'RDA83',
  ruta,
  donde: { url: ext(extension) },
  lista: { nombre: lista, display: true },
  que: `${nombre} (${lista})`,
});

/** The person identifier slice both PatientRDA and PractitionerRDA carry. */
function identificacionPersona(base: { perfil: string; recurso: string }): Hecho[] {
  const donde = { system: ns('RNEC') };
  return [
    {
      ...base,
      codigo: 'RDA80',
      ruta: 'identifier',
      donde,
      patron: {
        id: 'NationalPersonIdentifier-0',
        use: 'official',
        type: { coding: [{ system: V2_0203, code: 'PN', display: 'Person number' }] },
      },
      que: 'Identificador nacional: id «NationalPersonIdentifier-0», use official y tipo PN «Person number»',
    },
    {
      ...base,
      codigo: 'RDA83',
      ruta: 'identifier.type',
      lista: { nombre: 'ColombianPersonIdentifier', display: true },
      si: 'identifier',
      que: 'Tipo de documento (ColombianPersonIdentifierCodes)',
    },
    {
      ...base,
      codigo: 'RDA82',
      ruta: 'identifier',
      donde,
      cuenta: { ruta: 'type.coding', min: 2, max: 2 },
      que: 'Tipo del identificador nacional: exactamente dos códigos (PN y el tipo de documento)',
    },
  ];
}

export const FIJOS_RECURSOS: readonly Hecho[] = [
  // DocumentReferenceEPIRDA: the epicrisis.
  {
    ...epi,
    codigo: 'RDA80',
    ruta: 'description',
    unoDe: ['Epicrisis del encuentro de atención en salud - RDA'],
    que: 'Descripción fija «Epicrisis del encuentro de atención en salud - RDA»',
  },
  {
    ...epi,
    codigo: 'RDA80',
    ruta: 'type',
    patron: {
      coding: [
        { system: LOINC, code: '18842-5', display: 'Discharge summary' },
        { system: sistema('ColombianDocumentTypes'), code: 'EPI', display: 'Epicrisis' },
      ],
    },
    que: 'Tipo LOINC 18842-5 «Discharge summary» y EPI «Epicrisis»',
  },
  {
    ...epi,
    codigo: 'RDA80',
    ruta: 'category',
    patron: { coding: [{ system: LOINC, code: '55108-5', display: 'Clinical presentation Document' }] },
    que: 'Categoría LOINC 55108-5 «Clinical presentation Document»',
  },
  {
    ...epi,
    codigo: 'RDA80',
    ruta: 'securityLabel',
    patron: {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/v3-Confidentiality',
          code: 'R',
          display: 'restricted',
        },
      ],
    },
    min: 1,
    que: 'Etiqueta de seguridad R «restricted»',
  },
  {
    ...epi,
    codigo: 'RDA80',
    ruta: 'content.format',
    patron: { system: 'urn:ietf:bcp:13', code: 'application/pdf', display: 'PDF' },
    min: 1,
    que: 'Formato urn:ietf:bcp:13 application/pdf «PDF»',
  },
  {
    ...epi,
    codigo: 'RDA84',
    ruta: '',
    requeridos: ['date', 'description', 'author', 'custodian', 'content.attachment'],
    que: 'Epicrisis: fecha (instant), descripción, autor, custodio y el adjunto',
  },
  {
    ...epi,
    codigo: 'RDA80',
    ruta: 'status',
    unoDe: ['current'],
    que: 'Estado de la epicrisis «current»',
  },
  // RDA81, not RDA82: a known defect of the guide (it clashes with att-1 and the Manual), an aviso.
  {
    ...epi,
    codigo: 'RDA81',
    ruta: 'content.attachment.contentType',
    max: 0,
    que: 'attachment.contentType 0..0 en el perfil (la guía lo prohíbe; el cuerpo Postman oficial lo omite)',
  },
  // ConditionRDA / ConditionStatementRDA.
  {
    ...condicion,
    codigo: 'RDA80',
    ruta: 'clinicalStatus',
    patron: {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/condition-clinical',
          code: 'active',
          display: 'Active',
        },
      ],
    },
    min: 1,
    que: 'Estado clínico active «Active»',
  },
  {
    ...condicion,
    codigo: 'RDA80',
    ruta: 'verificationStatus',
    patron: {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/condition-ver-status',
          code: 'confirmed',
          display: 'Confirmed',
        },
      ],
    },
    min: 1,
    que: 'Estado de verificación confirmed «Confirmed»',
  },
  {
    ...condicion,
    codigo: 'RDA84',
    ruta: 'code.coding',
    donde: { system: ICD10 },
    min: 1,
    max: 1,
    requeridos: ['display'],
    que: 'Código CIE-10 (1..1) con su descripción en display',
  },
  {
    ...declarada,
    codigo: 'RDA80',
    ruta: 'clinicalStatus',
    patron: {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/condition-clinical',
          code: 'active',
          display: 'Active',
        },
      ],
    },
    que: 'Estado clínico active «Active»',
  },
  {
    ...declarada,
    codigo: 'RDA80',
    ruta: 'verificationStatus',
    patron: {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/condition-ver-status',
          code: 'unconfirmed',
          display: 'Unconfirmed',
        },
      ],
    },
    min: 1,
    que: 'Estado de verificación unconfirmed «Unconfirmed»',
  },
  {
    ...declarada,
    codigo: 'RDA82',
    ruta: 'code.coding',
    donde: { system: ICD10 },
    max: 1,
    que: 'Código CIE-10 (0..1)',
  },
  // CareDeliveryOrganizationRDA: the IPS.
  {
    ...ips,
    codigo: 'RDA82',
    ruta: 'identifier',
    min: 2,
    max: 2,
    que: 'Identificadores del prestador: exactamente 2 (NIT y código de habilitación)',
  },
  {
    ...ips,
    codigo: 'RDA80',
    ruta: 'identifier',
    donde: { system: ns('DIAN') },
    patron: {
      id: 'TaxIdentifier-0',
      type: {
        coding: [
          { system: V2_0203, code: 'TAX', display: 'Tax ID number' },
          {
            system: sistema('ColombianOrganizationIdentifiers'),
            code: 'NIT',
            display: 'Número de Identificación Tributaria',
          },
        ],
      },
    },
    min: 1,
    max: 1,
    que: 'NIT del prestador: id «TaxIdentifier-0», tipos TAX «Tax ID number» y NIT con su display',
  },
  {
    ...ips,
    codigo: 'RDA80',
    ruta: 'identifier',
    donde: { system: ns('REPS') },
    patron: {
      id: 'HealthcareProviderIdentifier-0',
      type: {
        coding: [
          { system: V2_0203, code: 'PRN', display: 'Provider number' },
          {
            system: sistema('ColombianOrganizationIdentifiers'),
            code: 'CodigoPrestador',
            display: 'Código de habilitación de prestador de servicios de salud',
          },
        ],
      },
    },
    min: 1,
    max: 1,
    que: 'Código de habilitación: id «HealthcareProviderIdentifier-0», tipos PRN «Provider number» y CodigoPrestador con su display',
  },
  {
    ...ips,
    codigo: 'RDA82',
    ruta: 'type',
    donde: { coding: [{ system: sistema('ColombianProviderClass') }] },
    min: 1,
    max: 1,
    que: 'Clase de prestador (type:ProviderClass 1..1)',
  },
  {
    ...ips,
    codigo: 'RDA83',
    ruta: 'type',
    donde: { coding: [{ system: sistema('ColombianProviderClass') }] },
    lista: { nombre: 'ColombianProviderClass', display: true },
    que: 'Clase de prestador (ColombianProviderClass)',
  },
  // Fixed values (aviso) apart from the required elements (rechazo): one fact, one class.
  {
    ...ips,
    codigo: 'RDA80',
    ruta: 'address',
    patron: { use: 'work', type: 'physical', country: 'CO' },
    que: 'Dirección del prestador: use work, type physical y country «CO»',
  },
  {
    ...ips,
    codigo: 'RDA84',
    ruta: 'address',
    min: 1,
    requeridos: ['text', 'city', 'state', 'country'],
    que: 'Dirección del prestador (1..*) con text, city, state y country',
  },
  // PatientRDA: identifier and address are sliced closed by id (exactly one of each).
  ...identificacionPersona(paciente),
  {
    ...paciente,
    codigo: 'RDA82',
    ruta: 'identifier',
    min: 1,
    max: 1,
    que: 'Identificadores del paciente: exactamente uno (NationalPersonIdentifier, rebanado cerrado)',
  },
  {
    ...paciente,
    codigo: 'RDA80',
    ruta: 'address',
    patron: { id: 'HomeAddress-0', use: 'home', type: 'physical' },
    min: 1,
    max: 1,
    que: 'Dirección de residencia: una sola, id «HomeAddress-0», use home, type physical',
  },
  {
    ...paciente,
    codigo: 'RDA84',
    ruta: 'address',
    requeridos: ['city', 'country', '_country.extension'],
    que: 'Dirección de residencia: municipio (city) y país con ExtensionCountryCode',
  },
  {
    ...paciente,
    codigo: 'RDA84',
    ruta: 'address',
    cuenta: { ruta: 'extension', donde: { url: ext('ExtensionResidenceZone') }, min: 1, max: 1 },
    que: 'Zona de residencia: ExtensionResidenceZone en la dirección (1..1)',
  },
  {
    ...paciente,
    codigo: 'RDA84',
    ruta: '_gender.extension',
    donde: { url: ext('ExtensionBiologicalGender') },
    min: 1,
    max: 1,
    si: 'gender',
    que: 'Sexo biológico: ExtensionBiologicalGender en Patient.gender (1..1 si hay gender)',
  },
  enExtension(
    paciente,
    '_gender.extension',
    'ExtensionBiologicalGender',
    'ColombianGenderGroup',
    'Sexo biológico',
  ),
  enExtension(
    paciente,
    'extension',
    'ExtensionPatientEthnicity',
    'ColombianEthnicGroup',
    'Pertenencia étnica',
  ),
  enExtension(
    paciente,
    'extension',
    'ExtensionPatientDisability',
    'ColombianDisabilityClassification',
    'Discapacidad',
  ),
  enExtension(
    paciente,
    'extension',
    'ExtensionPatientGenderIdentity',
    'ColombianGenderIdentity',
    'Identidad de género',
  ),
  enExtension(
    paciente,
    'address.extension',
    'ExtensionResidenceZone',
    'ColombianResidenceZone',
    'Zona de residencia',
  ),
  // PractitionerRDA.
  ...identificacionPersona(profesional),
  {
    ...profesional,
    codigo: 'RDA80',
    ruta: 'qualification',
    donde: { id: 'Rethus' },
    patron: {
      identifier: [
        {
          use: 'official',
          type: { coding: [{ system: V2_0203, code: 'LN', display: 'License number' }] },
          system: ns('RETHUS'),
        },
      ],
    },
    min: 1,
    max: 1,
    que: 'Calificación «Rethus»: identificador use official, tipo LN «License number», system RETHUS',
  },
  {
    ...profesional,
    codigo: 'RDA84',
    ruta: 'qualification.code.coding',
    donde: { system: sistema('RETHUSqualification') },
    min: 1,
    requeridos: ['display'],
    que: 'Título RETHUS con su nombre en display',
  },
  // Allergies: the code with TipoAlergia and its display, the description in text.
  ...(['AllergyIntoleranceRDA', 'AllergyIntoleranceStatementRDA'] as const).flatMap((perfil): Hecho[] => [
    {
      perfil,
      recurso: 'AllergyIntolerance',
      codigo: 'RDA83',
      ruta: 'code',
      lista: { nombre: 'TipoAlergia', display: true },
      que: 'Tipo de alergia (TipoAlergia)',
    },
    {
      perfil,
      recurso: 'AllergyIntolerance',
      codigo: 'RDA84',
      ruta: 'code',
      min: 1,
      requeridos: ['text'],
      que: 'Descripción de la alergia en code.text',
    },
  ]),
  {
    perfil: 'AllergyIntoleranceRDA',
    recurso: 'AllergyIntolerance',
    codigo: 'RDA80',
    ruta: 'verificationStatus',
    patron: {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification',
          code: 'confirmed',
          display: 'Confirmed',
        },
      ],
    },
    que: 'Verificación confirmed «Confirmed» (allergyintolerance-verification)',
  },
  {
    perfil: 'AllergyIntoleranceStatementRDA',
    recurso: 'AllergyIntolerance',
    codigo: 'RDA80',
    ruta: 'verificationStatus',
    patron: {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/condition-ver-status',
          code: 'unconfirmed',
          display: 'Unconfirmed',
        },
      ],
    },
    que: 'Verificación unconfirmed «Unconfirmed» (la guía fija el sistema condition-ver-status)',
  },
  {
    perfil: 'FamilyMemberHistoryRDA',
    recurso: 'FamilyMemberHistory',
    codigo: 'RDA83',
    ruta: 'relationship',
    lista: { nombre: 'ParentescoAntecedente', display: true },
    que: 'Parentesco (ParentescoAntecedente)',
  },
  {
    perfil: 'ObservationTriageRDA',
    recurso: 'Observation',
    codigo: 'RDA83',
    ruta: 'valueCodeableConcept',
    lista: { nombre: 'ClaseTriage', display: true },
    que: 'Clase de triage (ClaseTriage)',
  },
  // MedicationRequestRDA: the prescription.
  ...medicamentoFormulado(),
  // MedicationStatementRDA (ms-rda-0: a coding or a non-blank text; DCI the only coding).
  {
    perfil: 'MedicationStatementRDA',
    recurso: 'MedicationStatement',
    codigo: 'RDA81',
    ruta: 'medicationCodeableConcept.coding',
    donde: { system: sistema('CUMS') },
    max: 0,
    que: 'Medicamento declarado: la guía codifica con DCI (MipresINN), no con CUM',
  },
  {
    perfil: 'MedicationStatementRDA',
    recurso: 'MedicationStatement',
    codigo: 'RDA84',
    ruta: 'medicationCodeableConcept.coding',
    donde: { system: sistema('MipresINN') },
    requeridos: ['code', 'display'],
    que: 'Código DCI del medicamento con su nombre en display',
  },
  // ProcedureRDA.
  {
    perfil: 'ProcedureRDA',
    recurso: 'Procedure',
    codigo: 'RDA84',
    ruta: '',
    requeridos: ['performedDateTime', 'performer', 'reasonCode', 'code.text'],
    que: 'Procedimiento: fecha de realización, quién lo realizó, finalidad y descripción',
  },
  {
    perfil: 'ProcedureRDA',
    recurso: 'Procedure',
    codigo: 'RDA84',
    ruta: 'code.coding',
    donde: { system: sistema('CUPS') },
    min: 1,
    requeridos: ['display'],
    que: 'Código CUPS del procedimiento con su nombre en display',
  },
  {
    perfil: 'ProcedureRDA',
    recurso: 'Procedure',
    codigo: 'RDA83',
    ruta: 'reasonCode',
    lista: { nombre: 'RIPSFinalidadConsultaVersion2', display: true },
    que: 'Finalidad del procedimiento (RIPSFinalidadConsultaVersion2)',
  },
  {
    perfil: 'ProcedureRDA',
    recurso: 'Procedure',
    codigo: 'RDA81',
    ruta: 'reasonReference',
    min: 2,
    max: 2,
    que: 'Motivos del procedimiento: exactamente dos referencias, «MainDiagnosis» y «Comobility-1»',
  },
  ...(['MainDiagnosis', 'Comobility-1'] as const).map(
    (id): Hecho => ({
      perfil: 'ProcedureRDA',
      recurso: 'Procedure',
      codigo: 'RDA81',
      ruta: 'reasonReference',
      donde: { id },
      min: 1,
      max: 1,
      que: `Motivo del procedimiento con id «${id}» (rebanada de la guía)`,
    }),
  ),
  {
    perfil: 'ProcedureRDA',
    recurso: 'Procedure',
    codigo: 'RDA80',
    ruta: 'category',
    patron: {
      coding: [
        {
          system: sistema('ColombianHealthTechnologyCategory'),
          code: '01',
          display: 'Procedimiento en salud',
        },
      ],
    },
    que: 'Categoría 01 «Procedimiento en salud»',
  },
  // ObservationTriageRDA.
  {
    perfil: 'ObservationTriageRDA',
    recurso: 'Observation',
    codigo: 'RDA80',
    ruta: 'code',
    patron: {
      coding: [{ system: 'http://snomed.info/sct', code: '225390008', display: 'triaje' }],
      text: 'Triage',
    },
    min: 1,
    que: 'Código SNOMED 225390008 «triaje» y texto «Triage»',
  },
  // HealthBenefitPlanAdminOrganizationRDA: the payer (EAPB).
  {
    perfil: 'HealthBenefitPlanAdminOrganizationRDA',
    recurso: 'Organization',
    codigo: 'RDA80',
    ruta: 'identifier',
    patron: {
      use: 'official',
      system: ns('EAPB'),
      type: {
        coding: [
          { system: V2_0203, code: 'NIIP', display: 'National Insurance Payor Identifier' },
          {
            system: sistema('ColombianOrganizationIdentifiers'),
            code: 'EAPB',
            display: 'Entidad Administradora de Planes de Beneficios',
          },
        ],
      },
    },
    min: 1,
    max: 1,
    requeridos: ['value'],
    que: 'Identificador de la EAPB: use official, tipos NIIP y EAPB con sus displays, system EAPB',
  },
  {
    perfil: 'HealthBenefitPlanAdminOrganizationRDA',
    recurso: 'Organization',
    codigo: 'RDA84',
    ruta: '',
    requeridos: ['name', 'active'],
    que: 'Nombre y estado (active) de la EAPB',
  },
  // FamilyMemberHistoryRDA: the ICD-10 of the condition carries its display.
  {
    perfil: 'FamilyMemberHistoryRDA',
    recurso: 'FamilyMemberHistory',
    codigo: 'RDA84',
    ruta: 'condition.code.coding',
    donde: { system: ICD10 },
    requeridos: ['display'],
    que: 'Código CIE-10 del antecedente con su descripción en display',
  },
];

/** MedicationRequestRDA: category, reported, coded medication, purpose and a full dosage. */
function medicamentoFormulado(): Hecho[] {
  const base = { perfil: 'MedicationRequestRDA', recurso: 'MedicationRequest' } as const;
  return [
    {
      ...base,
      codigo: 'RDA84',
      ruta: '',
      requeridos: ['category', 'reportedBoolean', 'authoredOn', 'reasonCode', 'dosageInstruction'],
      que: 'Fórmula: categoría, «reported», fecha, finalidad e instrucciones de dosificación',
    },
    {
      ...base,
      codigo: 'RDA83',
      ruta: 'category',
      lista: { nombre: 'ColombianHealthTechnologyCategory', display: true },
      que: 'Categoría del medicamento (ColombianHealthTechnologyMedicationCodes)',
    },
    {
      ...base,
      codigo: 'RDA81',
      ruta: 'category.coding.code',
      unoDe: ['02', '03', '04', '05'],
      que: 'Categoría del medicamento: 02 a 05',
    },
    {
      ...base,
      codigo: 'RDA82',
      ruta: 'medicationCodeableConcept.coding',
      min: 1,
      que: 'Código del medicamento (DCI o IUM de primer nivel)',
    },
    {
      ...base,
      codigo: 'RDA81',
      ruta: 'medicationCodeableConcept.coding.system',
      unoDe: [sistema('MipresINN'), sistema('IUMPrimerNivel')],
      que: 'Sistema del medicamento formulado: DCI (MipresINN) o IUM de primer nivel',
    },
    {
      ...base,
      codigo: 'RDA83',
      ruta: 'reasonCode',
      lista: { nombre: 'RIPSFinalidadConsultaVersion2', display: true },
      que: 'Finalidad de la fórmula (RIPSFinalidadConsultaVersion2)',
    },
    {
      ...base,
      codigo: 'RDA82',
      ruta: 'dosageInstruction',
      min: 1,
      max: 1,
      que: 'Instrucciones de dosificación (1..1)',
    },
    {
      ...base,
      codigo: 'RDA84',
      ruta: 'dosageInstruction',
      requeridos: [
        'timing.repeat.duration',
        'timing.repeat.durationUnit',
        'timing.code',
        'route',
        'doseAndRate',
      ],
      que: 'Dosificación: duración, unidad de la duración, frecuencia, vía y dosis',
    },
    {
      ...base,
      codigo: 'RDA83',
      ruta: 'dosageInstruction.timing.code',
      lista: { nombre: 'MedicationTime', display: true },
      que: 'Unidad de la frecuencia (MedicationTime)',
    },
    {
      ...base,
      codigo: 'RDA83',
      ruta: 'dosageInstruction.route',
      lista: { nombre: 'VAD', display: true },
      que: 'Vía de administración (VAD)',
    },
    {
      ...base,
      codigo: 'RDA83',
      ruta: 'dosageInstruction.doseAndRate.doseQuantity',
      donde: { system: sistema('UMM') },
      lista: { nombre: 'UMM', display: false },
      que: 'Unidad de la dosis (UMM)',
    },
    {
      ...base,
      codigo: 'RDA84',
      ruta: 'dosageInstruction.doseAndRate',
      donde: { doseQuantity: { system: sistema('UMM') } },
      requeridos: ['doseQuantity.value', 'doseQuantity.code', 'rateQuantity.value', 'rateQuantity.code'],
      cuenta: { ruta: 'rateQuantity', donde: { system: sistema('MedicationTime') }, min: 1, max: 1 },
      que: 'Dosis en UMM con su frecuencia (rate) en MedicationTime',
    },
  ];
}
