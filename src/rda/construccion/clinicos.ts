import { CODIGOS, FORMATOS, ROLES_DIAGNOSTICO, URL_ROL_DIAGNOSTICO } from '../codigos.js';
import type { PerfilDocumento } from '../perfiles.js';
import { extension, perfil, REFERENCIA_MINSALUD, SISTEMAS, sistemaCodigos, type TipoRda } from '../tipos.js';
import type {
  DatosAlergia,
  DatosAntecedenteFamiliar,
  DatosDiagnostico,
  DatosEncuentro,
  DatosMedicamento,
  DatosProcedimiento,
} from './datos.js';
import { coding, codingDe, concepto, limpio, type Recurso, referencia } from './fhir.js';

/** Full URLs of the resources every clinical resource points at. */
export interface Refs {
  paciente: string;
  profesional: string;
  prestador: string;
  encuentro?: string;
}

const EN_EPISODIO: Record<Exclude<DatosDiagnostico['rol'], 'principal'>, keyof typeof ROLES_DIAGNOSTICO> = {
  relacionado: 'relacionado',
  egreso: 'egreso',
  complicacion: 'complicacion',
  muerte: 'muerte',
};

/** Role and rank of a diagnosis in Encounter.diagnosis (rda.md §2.7). */
function rolDiagnostico(tipo: TipoRda, d: DatosDiagnostico) {
  if (d.rol === 'principal')
    return tipo === 'consulta-externa' ? ROLES_DIAGNOSTICO.principal : ROLES_DIAGNOSTICO.ingreso;
  return ROLES_DIAGNOSTICO[EN_EPISODIO[d.rol]];
}
const RANGO: Record<DatosDiagnostico['rol'], number> = {
  principal: 1,
  egreso: 2,
  relacionado: 3,
  complicacion: 4,
  muerte: 5,
};

export function encuentro(
  p: PerfilDocumento,
  e: DatosEncuentro,
  refs: Refs,
  diagnosticos: { fullUrl: string; datos: DatosDiagnostico }[],
): Recurso {
  const def = p.encuentro!;
  const tipos = [
    concepto(codingDe(CODIGOS.modalidad, e.modalidad)),
    concepto(codingDe(CODIGOS.grupoServicio, def.grupoServicio)),
    concepto(coding(FORMATOS.serviciosReps.url, e.servicioReps)),
  ];
  const entorno = e.entorno ?? (p.tipo === 'urgencias' ? '05' : undefined);
  if (entorno) tipos.push(concepto(codingDe(CODIGOS.entorno, entorno)));
  const participantes = [
    {
      type: [concepto(coding(SISTEMAS.participationType, 'ATND', 'attender'))],
      individual: referencia(refs.profesional),
    },
  ];
  if (p.tipo !== 'consulta-externa')
    participantes.push({
      type: [concepto(coding(SISTEMAS.participationType, 'DIS', 'discharger'))],
      individual: referencia(refs.profesional),
    });
  return limpio({
    resourceType: 'Encounter',
    id: 'Encounter-0',
    meta: { profile: [def.perfil] },
    identifier: e.identificador ? [{ system: SISTEMAS.encuentros, value: e.identificador }] : undefined,
    status: 'finished',
    class: coding(SISTEMAS.actCode, def.clase, def.claseDisplay),
    type: tipos,
    serviceType: e.codigoConsulta ? concepto(coding(FORMATOS.cups.url, e.codigoConsulta)) : undefined,
    subject: referencia(refs.paciente),
    participant: participantes,
    period: { start: e.fechaInicio, end: e.fechaFin },
    reasonCode: [concepto(codingDe(CODIGOS.causaExterna, e.causaExterna))],
    diagnosis: diagnosticos.map(({ fullUrl, datos }) => {
      const rol = rolDiagnostico(p.tipo, datos);
      return limpio({
        extension:
          datos.rol === 'principal' && datos.tipo
            ? [
                {
                  url: extension('ExtensionDiagnosisType'),
                  valueCoding: codingDe(CODIGOS.tipoDiagnostico, datos.tipo),
                },
              ]
            : undefined,
        condition: referencia(fullUrl),
        use: concepto(coding(URL_ROL_DIAGNOSTICO, rol.codigo, rol.display)),
        rank: RANGO[datos.rol],
      });
    }),
    hospitalization:
      p.tipo === 'consulta-externa'
        ? undefined
        : {
            admitSource: concepto(codingDe(CODIGOS.viaIngreso, e.viaIngreso!)),
            dischargeDisposition: concepto(codingDe(CODIGOS.condicionEgreso, e.condicionEgreso!)),
          },
    serviceProvider: referencia(refs.prestador),
  });
}

export function condicion(tipo: TipoRda, d: DatosDiagnostico, refs: Refs, i: number): Recurso {
  const declarado = tipo === 'paciente';
  return limpio({
    resourceType: 'Condition',
    id: `Condition-${i}`,
    meta: { profile: [perfil(declarado ? 'ConditionStatementRDA' : 'ConditionRDA')] },
    clinicalStatus: concepto(coding(SISTEMAS.condicionClinica, 'active')),
    verificationStatus: concepto(
      coding(SISTEMAS.condicionVerificacion, declarado ? 'unconfirmed' : 'confirmed'),
    ),
    code: limpio({ coding: [coding(SISTEMAS.cie10, d.codigo)], text: d.descripcion }),
    subject: referencia(refs.paciente),
    encounter: refs.encuentro ? referencia(refs.encuentro) : undefined,
  });
}

export function alergia(tipo: TipoRda, a: DatosAlergia, refs: Refs, i: number): Recurso {
  return {
    resourceType: 'AllergyIntolerance',
    id: `AllergyIntolerance-${i}`,
    meta: {
      profile: [perfil(tipo === 'paciente' ? 'AllergyIntoleranceStatementRDA' : 'AllergyIntoleranceRDA')],
    },
    clinicalStatus: concepto(coding(SISTEMAS.alergiaClinica, 'active')),
    code: { coding: [codingDe(CODIGOS.tipoAlergia, a.tipo)], text: a.descripcion },
    patient: referencia(refs.paciente),
  };
}

const medicamentoConcepto = (m: DatosMedicamento) =>
  limpio({ coding: m.codigo ? [coding(sistemaCodigos('CUMS'), m.codigo)] : undefined, text: m.descripcion });

export function medicamento(
  tipo: TipoRda,
  m: DatosMedicamento,
  refs: Refs,
  i: number,
  fecha: string,
): Recurso {
  if (tipo === 'paciente') {
    return limpio({
      resourceType: 'MedicationStatement',
      id: `MedicationStatement-${i}`,
      meta: { profile: [perfil('MedicationStatementRDA')] },
      status: 'active',
      medicationCodeableConcept: medicamentoConcepto(m),
      subject: referencia(refs.paciente),
      dosage: m.indicaciones ? [{ text: m.indicaciones }] : undefined,
    });
  }
  return limpio({
    resourceType: 'MedicationRequest',
    id: `MedicationRequest-${i}`,
    meta: { profile: [perfil('MedicationRequestRDA')] },
    status: 'active',
    intent: 'order',
    medicationCodeableConcept: medicamentoConcepto(m),
    subject: referencia(refs.paciente),
    encounter: refs.encuentro ? referencia(refs.encuentro) : undefined,
    authoredOn: fecha,
    requester: referencia(refs.profesional),
    dosageInstruction: m.indicaciones ? [{ text: m.indicaciones }] : undefined,
  });
}

export function procedimiento(p: DatosProcedimiento, refs: Refs, i: number): Recurso {
  return limpio({
    resourceType: 'Procedure',
    id: `Procedure-${i}`,
    meta: { profile: [perfil('ProcedureRDA')] },
    status: 'completed',
    code: limpio({ coding: [coding(FORMATOS.cups.url, p.codigoCups)], text: p.descripcion }),
    subject: referencia(refs.paciente),
    encounter: refs.encuentro ? referencia(refs.encuentro) : undefined,
    performedDateTime: p.fecha,
    performer: [{ actor: referencia(refs.profesional) }],
  });
}

export function antecedenteFamiliar(a: DatosAntecedenteFamiliar, refs: Refs, i: number): Recurso {
  return {
    resourceType: 'FamilyMemberHistory',
    id: `FamilyMemberHistory-${i}`,
    meta: { profile: [perfil('FamilyMemberHistoryRDA')] },
    status: 'completed',
    patient: referencia(refs.paciente),
    relationship: concepto(codingDe(CODIGOS.parentesco, a.parentesco)),
    condition: [
      {
        code: limpio({
          coding: a.codigoCie10 ? [coding(SISTEMAS.cie10, a.codigoCie10)] : undefined,
          text: a.descripcion,
        }),
      },
    ],
  };
}

export function epicrisis(pdfBase64: string, titulo: string | undefined, refs: Refs, fecha: string): Recurso {
  return limpio({
    resourceType: 'DocumentReference',
    id: 'DocumentReference-0',
    meta: { profile: [perfil('DocumentReferenceEPIRDA')] },
    status: 'current',
    type: concepto(
      coding(SISTEMAS.loinc, '18842-5', 'Discharge summary'),
      coding(sistemaCodigos('ColombianDocumentTypes'), 'EPI'),
    ),
    category: [concepto(coding(SISTEMAS.loinc, '55108-5'))],
    subject: referencia(refs.paciente),
    date: fecha,
    author: [referencia(refs.profesional)],
    custodian: { reference: REFERENCIA_MINSALUD },
    securityLabel: [concepto(coding(SISTEMAS.confidencialidad, 'R', 'restricted'))],
    content: [
      {
        attachment: { data: pdfBase64, title: titulo ?? 'Epicrisis' },
        format: coding(SISTEMAS.mime, 'application/pdf'),
      },
    ],
    context: refs.encuentro ? { encounter: [referencia(refs.encuentro)] } : undefined,
  });
}

export function triage(clase: string, refs: Refs, fecha: string): Recurso {
  return limpio({
    resourceType: 'Observation',
    id: 'Observation-triage',
    meta: { profile: [perfil('ObservationTriageRDA')] },
    status: 'final',
    code: concepto(coding(SISTEMAS.snomed, '225390008', 'Triage')),
    subject: referencia(refs.paciente),
    encounter: refs.encuentro ? referencia(refs.encuentro) : undefined,
    effectiveDateTime: fecha,
    valueCodeableConcept: concepto(codingDe(CODIGOS.triage, clase)),
  });
}
