import { FORMATOS } from '../codigos.js';
import { mostrarValor } from '../json-acotado.js';
import { REFERENCIA_MINSALUD, SISTEMAS } from '../tipos.js';
import { arr, codigoEn, enCada, esObj, objs, type ReglaRda, texto } from './contexto.js';

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
      'En los RDA de atención cada diagnóstico (ConditionRDA) se identifica por exactamente un código CIE-10 (system http://hl7.org/fhir/sid/icd-10, sin punto: J450); sin él el diagnóstico no se puede leer. En el RDA de paciente (ConditionStatementRDA) el CIE-10 es opcional, pero el antecedente lleva un código o un texto, y un CIE-10 enviado debe estar bien formado. El display del CIE-10 lo revisa RDA84.',
    comoCorregir:
      'Envíe en code.coding el código CIE-10 del diagnóstico en el sistema icd-10 (en el RDA de paciente, al menos la descripción en code.text).',
    chequear: enCada('Condition', (r, ruta, ctx, emitir) => {
      const cc = esObj(r.code) ? r.code : undefined;
      const cie = objs(cc?.coding).filter((c) => c.system === SISTEMAS.cie10);
      const malos = cie.filter((c) => !FORMATOS.cie10.patron.test(String(c.code ?? '')));
      if (malos.length)
        emitir(`${ruta}.code`, `Código CIE-10 mal formado: «${mostrarValor(malos[0]!.code, 20)}».`);
      else if (ctx.tipo === 'paciente') {
        if (!cc || (arr(cc.coding).length === 0 && !texto(cc.text)))
          emitir(`${ruta}.code`, 'El antecedente no tiene código ni texto.');
      } else if (cie.length !== 1)
        emitir(`${ruta}.code`, cie.length ? `Hay ${cie.length} códigos CIE-10.` : 'Falta el código CIE-10.');
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
    titulo: 'La epicrisis no tiene el custodio o el PDF que fija la guía',
    explicacion:
      'DocumentReferenceEPIRDA fija como custodio la referencia externa Organization/MinSalud y lleva el PDF de la epicrisis en content.attachment.data (base64). Estado, tipo, categoría, etiqueta de seguridad, formato, descripción y la presencia de fecha, autor, custodio y adjunto los revisan RDA80, RDA82 y RDA84; la guía prohíbe attachment.contentType (0..0) y los cuerpos oficiales de Postman lo omiten.',
    comoCorregir:
      'Envíe custodian.reference = "Organization/MinSalud" y el PDF completo de la epicrisis en content[0].attachment.data (base64).',
    chequear: enCada('DocumentReference', (r, ruta, _c, emitir) => {
      if (esObj(r.custodian) && r.custodian.reference !== REFERENCIA_MINSALUD)
        emitir(`${ruta}.custodian`, `Se espera ${REFERENCIA_MINSALUD}.`);
      objs(r.content).forEach((c, i) => {
        if (!esObj(c.attachment)) return;
        const data = c.attachment.data;
        if (typeof data !== 'string' || !BASE64.test(data))
          emitir(`${ruta}.content[${i}].attachment.data`, 'Falta el PDF en base64.');
      });
    }),
  },
  {
    codigo: 'RDA77',
    severidad: 'rechazo',
    campo: 'Parentesco del antecedente familiar',
    titulo: 'Falta el parentesco del antecedente familiar',
    explicacion:
      'FamilyMemberHistoryRDA exige relationship (1..1) con un código de ParentescoAntecedente (01 Padres, 02 Hermanos, 03 Tíos, 04 Abuelos) y la plataforma rechaza el documento sin él; el código y su display los revisa RDA83.',
    comoCorregir: 'Envíe relationship con un código de ParentescoAntecedente y su display.',
    chequear: enCada('FamilyMemberHistory', (r, ruta, _c, emitir) => {
      if (!esObj(r.relationship)) emitir(`${ruta}.relationship`);
    }),
  },
  {
    codigo: 'RDA78',
    severidad: 'aviso-conformidad',
    campo: 'Código CUPS del procedimiento',
    titulo: 'El código CUPS del procedimiento está mal formado',
    explicacion:
      'ProcedureRDA codifica el procedimiento con CUPS (sistema CUPS, 6 caracteres alfanuméricos). Que el código CUPS esté y lleve su nombre en display lo revisa RDA84.',
    comoCorregir: 'Envíe en code.coding el código CUPS del procedimiento tal como figura en la tabla CUPS.',
    chequear: enCada('Procedure', (r, ruta, _c, emitir) => {
      const c = codigoEn(r.code, FORMATOS.cups.url);
      if (c !== undefined && !FORMATOS.cups.patron.test(c))
        emitir(`${ruta}.code`, `Código CUPS «${mostrarValor(c, 20)}».`);
    }),
  },
  {
    codigo: 'RDA79',
    severidad: 'aviso-conformidad',
    campo: 'Medicamento',
    titulo: 'El medicamento no está identificado',
    explicacion:
      'Los medicamentos van en medicationCodeableConcept (la guía no admite recursos Medication en el Bundle). En el RDA de paciente (MedicationStatementRDA) la invariante ms-rda-0 pide al menos un código en coding o un texto no vacío en text; un medicamento administrado (MedicationAdministrationRDA) lleva al menos un código. Los códigos de la fórmula (MedicationRequestRDA) los revisan RDA81 a RDA84.',
    comoCorregir:
      'Envíe medicationCodeableConcept con el código del medicamento (DCI, IUM o CUMS según el perfil) y su nombre en text.',
    chequear(ctx, emitir) {
      for (const e of [...ctx.porTipo('MedicationStatement'), ...ctx.porTipo('MedicationAdministration')]) {
        const m = e.recurso.medicationCodeableConcept;
        const conCodigo = esObj(m) && arr(m.coding).length > 0;
        const conTexto = esObj(m) && texto(m.text) !== undefined;
        if (e.tipoRecurso === 'MedicationStatement' ? !conCodigo && !conTexto : !conCodigo)
          emitir(
            `${e.ruta}.medicationCodeableConcept`,
            e.tipoRecurso === 'MedicationStatement' ? 'Sin código ni texto (ms-rda-0).' : 'Sin código.',
          );
      }
    },
  },
];
