import { CODIGOS, FORMATOS } from '../codigos.js';
import { REFERENCIA_MINSALUD, SISTEMAS, sistemaCodigos } from '../tipos.js';
import {
  arr,
  type ContextoLint,
  codigoEn,
  type Entrada,
  esObj,
  objs,
  type Rec,
  type ReglaRda,
} from './contexto.js';

type Emitir = (ruta: string, detalle?: string) => void;

const enCada =
  (tipoRecurso: string, f: (r: Rec, ruta: string, ctx: ContextoLint, emitir: Emitir, e: Entrada) => void) =>
  (ctx: ContextoLint, emitir: Emitir) => {
    for (const e of ctx.porTipo(tipoRecurso)) f(e.recurso, e.ruta, ctx, emitir, e);
  };

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
/** Resources whose `subject` is the patient of the document. */
const SUJETO_PACIENTE = [
  'Condition',
  'MedicationStatement',
  'MedicationRequest',
  'MedicationAdministration',
  'Procedure',
  'ServiceRequest',
  'RiskAssessment',
  'Observation',
  'Encounter',
  'DocumentReference',
];

export const REGLAS_CLINICAS: ReglaRda[] = [
  {
    codigo: 'RDA70',
    severidad: 'rechazo',
    campo: 'Código CIE-10 del diagnóstico',
    titulo: 'El diagnóstico no tiene un código CIE-10 válido',
    explicacion:
      'ConditionRDA exige exactamente un código CIE-10 (system http://hl7.org/fhir/sid/icd-10, sin punto: J450).',
    comoCorregir: 'Envíe code.coding con el código CIE-10 del diagnóstico en el sistema icd-10.',
    chequear: enCada('Condition', (r, ruta, _c, emitir) => {
      const cie = objs(esObj(r.code) ? r.code.coding : []).filter((c) => c.system === SISTEMAS.cie10);
      if (cie.length !== 1 || !FORMATOS.cie10.patron.test(String(cie[0]!.code ?? '')))
        emitir(`${ruta}.code`, cie.length > 1 ? 'Hay más de un código CIE-10.' : undefined);
    }),
  },
  {
    codigo: 'RDA71',
    severidad: 'aviso-conformidad',
    campo: 'Estado del diagnóstico',
    titulo: 'Falta el estado clínico o de verificación del diagnóstico',
    explicacion:
      'ConditionRDA fija clinicalStatus = active y verificationStatus = confirmed (unconfirmed en el diagnóstico que declara el paciente).',
    comoCorregir: 'Envíe clinicalStatus y verificationStatus con sus sistemas de HL7.',
    chequear: enCada('Condition', (r, ruta, ctx, emitir) => {
      if (codigoEn(r.clinicalStatus, SISTEMAS.condicionClinica) !== 'active')
        emitir(`${ruta}.clinicalStatus`);
      const esperado = ctx.tipo === 'paciente' ? 'unconfirmed' : 'confirmed';
      if (codigoEn(r.verificationStatus, SISTEMAS.condicionVerificacion) !== esperado)
        emitir(`${ruta}.verificationStatus`, `Se espera ${esperado}.`);
    }),
  },
  {
    codigo: 'RDA72',
    severidad: 'aviso-conformidad',
    campo: 'Paciente de cada registro clínico',
    titulo: 'Un registro clínico no apunta al paciente del documento',
    explicacion:
      'Diagnósticos, alergias, medicamentos, procedimientos y antecedentes se refieren al paciente del RDA.',
    comoCorregir: 'Ponga en subject (o patient) el fullUrl del Patient del Bundle.',
    chequear(ctx, emitir) {
      const paciente = ctx.porTipo('Patient')[0];
      if (!paciente) return;
      for (const e of ctx.entradas) {
        const campo = ['AllergyIntolerance', 'FamilyMemberHistory'].includes(e.tipoRecurso)
          ? 'patient'
          : SUJETO_PACIENTE.includes(e.tipoRecurso)
            ? 'subject'
            : undefined;
        if (campo && ctx.apunta(e.recurso[campo]) !== paciente) emitir(`${e.ruta}.${campo}`);
      }
    },
  },
  {
    codigo: 'RDA75',
    severidad: 'aviso-conformidad',
    campo: 'Epicrisis (PDF)',
    titulo: 'La epicrisis está incompleta',
    explicacion:
      'DocumentReferenceEPIRDA: type LOINC 18842-5 + EPI, custodio Organization/MinSalud, formato application/pdf y el PDF en attachment.data (base64).',
    comoCorregir: 'Envíe el DocumentReference con esos valores y el PDF completo en base64.',
    chequear: enCada('DocumentReference', (r, ruta, _c, emitir) => {
      if (
        codigoEn(r.type, SISTEMAS.loinc) !== '18842-5' ||
        codigoEn(r.type, sistemaCodigos('ColombianDocumentTypes')) !== 'EPI'
      )
        emitir(`${ruta}.type`);
      if (!esObj(r.custodian) || r.custodian.reference !== REFERENCIA_MINSALUD) emitir(`${ruta}.custodian`);
      const c = objs(r.content)[0];
      const adj = c && esObj(c.attachment) ? c.attachment : undefined;
      if (!adj || typeof adj.data !== 'string' || !BASE64.test(adj.data))
        emitir(`${ruta}.content[0].attachment.data`);
      if (!c || !esObj(c.format) || c.format.code !== 'application/pdf') emitir(`${ruta}.content[0].format`);
    }),
  },
  {
    codigo: 'RDA76',
    severidad: 'aviso-conformidad',
    campo: 'Tipo de alergia',
    titulo: 'La alergia no tiene un tipo válido',
    explicacion: 'AllergyIntoleranceRDA codifica la alergia con TipoAlergia (01 a 06).',
    comoCorregir: 'Envíe code.coding con un código de TipoAlergia y la descripción en code.text.',
    chequear: enCada('AllergyIntolerance', (r, ruta, _c, emitir) => {
      const t = codigoEn(r.code, CODIGOS.tipoAlergia.url);
      if (!t || !CODIGOS.tipoAlergia.codigos.has(t)) emitir(`${ruta}.code`);
    }),
  },
  {
    codigo: 'RDA77',
    severidad: 'aviso-conformidad',
    campo: 'Parentesco del antecedente familiar',
    titulo: 'El antecedente familiar no tiene parentesco válido',
    explicacion: 'FamilyMemberHistoryRDA codifica el parentesco con ParentescoAntecedente.',
    comoCorregir: 'Envíe relationship con un código de ParentescoAntecedente.',
    chequear: enCada('FamilyMemberHistory', (r, ruta, _c, emitir) => {
      const p = codigoEn(r.relationship, CODIGOS.parentesco.url);
      if (!p || !CODIGOS.parentesco.codigos.has(p)) emitir(`${ruta}.relationship`);
    }),
  },
  {
    codigo: 'RDA78',
    severidad: 'aviso-conformidad',
    campo: 'Código CUPS del procedimiento',
    titulo: 'El procedimiento no tiene código CUPS',
    explicacion: 'ProcedureRDA codifica el procedimiento con CUPS (6 caracteres).',
    comoCorregir: 'Envíe code.coding con el código CUPS del procedimiento.',
    chequear: enCada('Procedure', (r, ruta, _c, emitir) => {
      if (!FORMATOS.cups.patron.test(codigoEn(r.code, FORMATOS.cups.url) ?? '')) emitir(`${ruta}.code`);
    }),
  },
  {
    codigo: 'RDA79',
    severidad: 'aviso-conformidad',
    campo: 'Medicamento',
    titulo: 'El medicamento no está identificado',
    explicacion:
      'Cada medicamento lleva medicationCodeableConcept con código (CUM, IUM o DCI) o al menos el nombre en text.',
    comoCorregir: 'Envíe medicationCodeableConcept con el código y el nombre del medicamento.',
    chequear(ctx, emitir) {
      for (const e of [...ctx.porTipo('MedicationStatement'), ...ctx.porTipo('MedicationRequest')]) {
        const m = e.recurso.medicationCodeableConcept;
        if (!esObj(m) || (arr(m.coding).length === 0 && typeof m.text !== 'string'))
          emitir(`${e.ruta}.medicationCodeableConcept`);
      }
    },
  },
];
