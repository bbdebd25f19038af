import { CODIGOS, FORMATOS, ROLES_DIAGNOSTICO } from '../codigos.js';
import { DOCUMENTOS_GUIA, type RanuraDiagnostico } from '../guia/documentos.js';
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

/** A diagnosis of the datos with the Encounter.diagnosis slice (rank, id, role) the guide gives it. */
export interface DiagnosticoRanurado {
  fullUrl: string;
  datos: DatosDiagnostico;
  ranura?: RanuraDiagnostico;
}

/** Slices in the order of the guide: principal → rank 1, egreso → 2, related → next comorbidity… */
export function ranurar(
  tipo: TipoRda,
  ds: { fullUrl: string; datos: DatosDiagnostico }[],
): DiagnosticoRanurado[] {
  const g = DOCUMENTOS_GUIA[tipo].encuentro;
  if (!g) return ds;
  const libres = [...g.diagnosticos.ranuras];
  const tomar = (f: (r: RanuraDiagnostico) => boolean) => {
    const i = libres.findIndex(f);
    return i < 0 ? undefined : libres.splice(i, 1)[0];
  };
  const ROL: Record<string, string> = {
    principal:
      tipo === 'consulta-externa' ? ROLES_DIAGNOSTICO.principal.codigo : ROLES_DIAGNOSTICO.ingreso.codigo,
    egreso: ROLES_DIAGNOSTICO.egreso.codigo,
    relacionado: ROLES_DIAGNOSTICO.relacionado.codigo,
    complicacion: ROLES_DIAGNOSTICO.complicacion.codigo,
    muerte: ROLES_DIAGNOSTICO.muerte.codigo,
  };
  return ds.map((x) => ({ ...x, ranura: tomar((r) => r.rol === ROL[x.datos.rol]) }));
}

const coded = (lista: NombreListaGuia, codigo: string) => codingDe(CODIGOS[lista], codigo);
type NombreListaGuia = keyof typeof CODIGOS;

export function encuentro(
  p: PerfilDocumento,
  e: DatosEncuentro,
  refs: Refs,
  diagnosticos: DiagnosticoRanurado[],
): Recurso {
  const g = DOCUMENTOS_GUIA[p.tipo].encuentro!;
  const tipos = [
    concepto(coded('modalidad', e.modalidad)),
    concepto(coded('grupoServicio', g.grupoServicio)),
  ];
  if (g.conServicioReps && e.servicioReps)
    tipos.push(concepto(coding(FORMATOS.serviciosReps.url, e.servicioReps, e.nombreServicioReps)));
  tipos.push(concepto(coded('entorno', g.entornoFijo ?? e.entorno!)));
  return limpio({
    resourceType: 'Encounter',
    id: 'Encounter-0',
    meta: { profile: [p.encuentro!.perfil] },
    identifier: e.identificador
      ? [{ id: 'EncounterIdentifier', use: 'usual', system: SISTEMAS.encuentros, value: e.identificador }]
      : undefined,
    status: 'finished',
    class: coding(SISTEMAS.actCode, g.clase.code, g.clase.display),
    type: tipos,
    serviceType:
      g.conTipoServicio && e.codigoConsulta
        ? concepto(coding(FORMATOS.cups.url, e.codigoConsulta, e.descripcionConsulta))
        : undefined,
    subject: referencia(refs.paciente),
    participant: [
      {
        id: g.participante.id,
        type: [concepto(coding(SISTEMAS.participationType, g.participante.code, g.participante.display))],
        individual: referencia(refs.profesional),
      },
    ],
    period: { start: e.fechaInicio, end: e.fechaFin },
    reasonCode: [concepto(coded('causaExterna', e.causaExterna!))],
    diagnosis: diagnosticos
      .filter((x) => x.ranura)
      .sort((a, b) => a.ranura!.rank - b.ranura!.rank)
      .map(({ fullUrl, datos, ranura }) =>
        limpio({
          id: ranura!.id,
          extension:
            ranura!.conTipo && datos.tipo
              ? [
                  {
                    url: extension('ExtensionDiagnosisType'),
                    valueCoding: coded('tipoDiagnostico', datos.tipo),
                  },
                ]
              : undefined,
          condition: referencia(fullUrl),
          use: concepto(coded('rolDiagnostico', ranura!.rol)),
          rank: ranura!.rank,
        }),
      ),
    hospitalization:
      p.tipo === 'consulta-externa'
        ? undefined
        : {
            admitSource: concepto(coded('viaIngreso', e.viaIngreso!)),
            dischargeDisposition: concepto(coded('condicionEgreso', e.condicionEgreso!)),
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
    clinicalStatus: concepto(coding(SISTEMAS.condicionClinica, 'active', 'Active')),
    verificationStatus: concepto(
      declarado
        ? coding(SISTEMAS.condicionVerificacion, 'unconfirmed', 'Unconfirmed')
        : coding(SISTEMAS.condicionVerificacion, 'confirmed', 'Confirmed'),
    ),
    code: { coding: [coding(SISTEMAS.cie10, d.codigo, d.descripcion)], text: d.descripcion },
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
    clinicalStatus: concepto(coding(SISTEMAS.alergiaClinica, 'active', 'Active')),
    // The statement profile fixes condition-ver-status (sic), the clinical one its own system.
    verificationStatus: concepto(
      tipo === 'paciente'
        ? coding(SISTEMAS.condicionVerificacion, 'unconfirmed', 'Unconfirmed')
        : coding(SISTEMAS.alergiaVerificacion, 'confirmed', 'Confirmed'),
    ),
    code: { coding: [codingDe(CODIGOS.tipoAlergia, a.tipo)], text: a.descripcion },
    patient: referencia(refs.paciente),
  };
}

const DCI = sistemaCodigos('MipresINN');
const IUM_PRIMER_NIVEL = sistemaCodigos('IUMPrimerNivel');

/** The medication as the profiles code it: DCI (MipresINN) and, in prescriptions, IUM primer nivel. */
const medicamentoConcepto = (m: DatosMedicamento) =>
  limpio({
    coding: [
      ...(m.codigo ? [coding(DCI, m.codigo, m.descripcion)] : []),
      ...(m.codigoIum ? [coding(IUM_PRIMER_NIVEL, m.codigoIum, m.descripcion)] : []),
    ],
    text: m.descripcion,
  });

/** A quantity of one of the guide's unit lists (UMM, MedicationTime), with its display as unit. */
const cantidadDe = (lista: 'unidadDosis' | 'unidadTiempo', valor: number, codigo: string) => ({
  value: valor,
  unit: CODIGOS[lista].codigos.get(codigo),
  system: CODIGOS[lista].url,
  code: codigo,
});

export function medicamento(
  tipo: TipoRda,
  m: DatosMedicamento,
  refs: Refs,
  i: number,
  fecha: string,
): Recurso {
  if (tipo === 'paciente') {
    const concepto = medicamentoConcepto(m);
    if (Array.isArray(concepto.coding) && concepto.coding.length === 0) delete (concepto as Recurso).coding;
    return limpio({
      resourceType: 'MedicationStatement',
      id: `MedicationStatement-${i}`,
      meta: { profile: [perfil('MedicationStatementRDA')] },
      status: 'active',
      medicationCodeableConcept: concepto,
      subject: referencia(refs.paciente),
      dosage: m.indicaciones ? [{ text: m.indicaciones }] : undefined,
    });
  }
  const dosis = m.dosis!;
  const frecuencia = m.frecuencia!;
  const duracion = m.duracion!;
  return limpio({
    resourceType: 'MedicationRequest',
    id: `MedicationRequest-${i}`,
    meta: { profile: [perfil('MedicationRequestRDA')] },
    status: 'active',
    intent: 'order',
    category: [concepto(codingDe(CODIGOS.categoriaTecnologia, m.categoria!))],
    // Prescribed in this encounter, not reported by the patient.
    reportedBoolean: false,
    medicationCodeableConcept: medicamentoConcepto(m),
    subject: referencia(refs.paciente),
    encounter: refs.encuentro ? referencia(refs.encuentro) : undefined,
    authoredOn: fecha,
    requester: referencia(refs.profesional),
    reasonCode: [concepto(codingDe(CODIGOS.finalidad, m.finalidad!))],
    dosageInstruction: [
      limpio({
        text: m.indicaciones,
        timing: {
          repeat: { duration: duracion.cantidad, durationUnit: duracion.unidad },
          code: concepto(codingDe(CODIGOS.unidadTiempo, frecuencia.unidad)),
        },
        route: concepto(codingDe(CODIGOS.viaAdministracion, m.via!)),
        doseAndRate: [
          {
            doseQuantity: cantidadDe('unidadDosis', dosis.cantidad, dosis.unidad),
            rateQuantity: cantidadDe('unidadTiempo', frecuencia.cada, frecuencia.unidad),
          },
        ],
      }),
    ],
  });
}

/** Procedure reasons: the guide slices reasonReference by id (MainDiagnosis, Comobility-1, sic). */
export interface MotivosProcedimiento {
  principal: string;
  relacionado: string;
}

export function procedimiento(
  p: DatosProcedimiento,
  refs: Refs,
  i: number,
  motivos: MotivosProcedimiento,
): Recurso {
  return limpio({
    resourceType: 'Procedure',
    id: `Procedure-${i}`,
    meta: { profile: [perfil('ProcedureRDA')] },
    status: 'completed',
    category: concepto(codingDe(CODIGOS.categoriaTecnologia, '01')),
    code: { coding: [coding(FORMATOS.cups.url, p.codigoCups, p.descripcion)], text: p.descripcion },
    subject: referencia(refs.paciente),
    encounter: refs.encuentro ? referencia(refs.encuentro) : undefined,
    performedDateTime: p.fecha,
    performer: [{ actor: referencia(refs.profesional) }],
    reasonCode: [concepto(codingDe(CODIGOS.finalidad, p.finalidad))],
    reasonReference: [
      { id: 'MainDiagnosis', ...referencia(motivos.principal) },
      { id: 'Comobility-1', ...referencia(motivos.relacionado) },
    ],
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
          coding: a.codigoCie10 ? [coding(SISTEMAS.cie10, a.codigoCie10, a.descripcion)] : undefined,
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
      codingDe(CODIGOS.tipoDocumentoClinico, 'EPI'),
    ),
    category: [concepto(coding(SISTEMAS.loinc, '55108-5', 'Clinical presentation Document'))],
    subject: referencia(refs.paciente),
    date: fecha,
    author: [referencia(refs.profesional)],
    custodian: { reference: REFERENCIA_MINSALUD },
    description: 'Epicrisis del encuentro de atención en salud - RDA',
    securityLabel: [concepto(coding(SISTEMAS.confidencialidad, 'R', 'restricted'))],
    // attachment.contentType is 0..0 in the profile (it clashes with att-1): the Postman body
    // sends data without it, and so do we.
    content: [
      {
        attachment: { data: pdfBase64, title: titulo ?? 'Epicrisis' },
        format: coding(SISTEMAS.mime, 'application/pdf', 'PDF'),
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
    code: { coding: [coding(SISTEMAS.snomed, '225390008', 'triaje')], text: 'Triage' },
    subject: referencia(refs.paciente),
    encounter: refs.encuentro ? referencia(refs.encuentro) : undefined,
    effectiveDateTime: fecha,
    valueCodeableConcept: concepto(codingDe(CODIGOS.triage, clase)),
  });
}
