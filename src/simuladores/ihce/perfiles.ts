import {
  arr,
  type IssueFhir,
  LOINC,
  obj,
  PERFIL_IHCE,
  type Recurso,
  str,
  type TipoRdaIhce,
} from '../../rda/ihce/fhir.js';

/**
 * Profile-level checks the platform applies before accepting an RDA (rda.md §2.3–2.8): what a
 * real submission is rejected for, not a full validator. Each finding is an OperationOutcome issue.
 */
export interface DocumentoRevisado {
  issues: IssueFhir[];
  composicion?: Recurso;
  paciente?: { tipo: string; numero: string };
  /** Same subject, period, provider and participant = duplicate encounter (409). */
  claveEncuentro?: string;
}

const ICD10 = 'http://hl7.org/fhir/sid/icd-10';
const SIM = 'https://sandbox.ihce.simulador/CodeSystem/reglas';
const UN_ANIO_MS = 366 * 24 * 3600 * 1000;

function issue(code: string, regla: string, diagnostics: string, expression: string): IssueFhir {
  return {
    severity: 'error',
    code,
    details: { coding: [{ system: SIM, code: regla }] },
    diagnostics,
    expression: [expression],
  };
}

/** The Patient's national identifier: document type (non-PN coding) and number. */
export function identificadorPaciente(p: Recurso | undefined): { tipo: string; numero: string } | undefined {
  for (const id of arr(p?.identifier)) {
    const o = obj(id);
    const numero = str(o?.value);
    const tipo = arr(obj(o?.type)?.coding)
      .map((c) => str(obj(c)?.code))
      .find((c) => c && c !== 'PN');
    if (numero && tipo) return { tipo, numero };
  }
  return undefined;
}

const fecha = (x: unknown): number | undefined => {
  const s = str(x);
  if (!s) return undefined;
  const t = Date.parse(s);
  return Number.isNaN(t) ? undefined : t;
};

export function revisarDocumento(tipo: TipoRdaIhce, bundle: unknown, ahora = Date.now()): DocumentoRevisado {
  const issues: IssueFhir[] = [];
  const b = obj(bundle);
  if (b?.resourceType !== 'Bundle') {
    return { issues: [issue('structure', 'SIM-001', 'El cuerpo no es un recurso Bundle.', 'Bundle')] };
  }
  if (b.type !== 'document')
    issues.push(issue('value', 'SIM-002', 'Bundle.type debe ser document.', 'Bundle.type'));
  if (!fecha(b.timestamp))
    issues.push(issue('required', 'SIM-003', 'Bundle.timestamp es obligatorio.', 'Bundle.timestamp'));
  const entradas = arr(b.entry).map((e) => obj(obj(e)?.resource) as Recurso | undefined);
  const porUrl = new Map<string, Recurso>();
  for (const e of arr(b.entry)) {
    const r = obj(obj(e)?.resource) as Recurso | undefined;
    const url = str(obj(e)?.fullUrl);
    if (r && url) porUrl.set(url, r);
    if (r?.resourceType && r.id) porUrl.set(`${r.resourceType}/${r.id}`, r);
  }
  // Who a reference points to, by identifier (the platform compares people and providers, not urls).
  const identidad = (ref: string | undefined): string => {
    if (!ref) return '';
    const r = porUrl.get(ref);
    const ids = arr(r?.identifier)
      .map((i) => str(obj(i)?.value))
      .filter(Boolean);
    return ids.length ? ids.join('/') : ref;
  };
  const perfil = PERFIL_IHCE[tipo];
  const comp = entradas[0];
  if (comp?.resourceType !== 'Composition') {
    issues.push(
      issue('structure', 'SIM-004', 'La primera entrada debe ser la Composition.', 'Bundle.entry[0]'),
    );
    return { issues };
  }
  const de = (rt: string) => entradas.filter((r) => r?.resourceType === rt) as Recurso[];
  const loinc = arr(obj(comp.type)?.coding).find((c) => obj(c)?.system === LOINC && obj(c)?.code);
  if (str(obj(loinc)?.code) !== perfil.loinc) {
    issues.push(
      issue(
        'invariant',
        'SIM-005',
        `Composition.type debe ser LOINC ${perfil.loinc} para ${perfil.operacion} (${perfil.perfil}).`,
        'Bundle.entry[0].resource.type',
      ),
    );
  }
  if (comp.status !== 'final')
    issues.push(
      issue('value', 'SIM-006', 'Composition.status debe ser final.', 'Bundle.entry[0].resource.status'),
    );
  for (const campo of ['subject', 'date', 'author', 'title', 'custodian'] as const) {
    const v = comp[campo];
    if (v === undefined || v === null || (Array.isArray(v) && v.length === 0))
      issues.push(
        issue(
          'required',
          'SIM-007',
          `Composition.${campo} es obligatorio.`,
          `Bundle.entry[0].resource.${campo}`,
        ),
      );
  }

  const pacientes = de('Patient');
  if (pacientes.length !== 1)
    issues.push(
      issue('structure', 'SIM-008', 'El documento debe traer exactamente un Patient.', 'Bundle.entry'),
    );
  const paciente = identificadorPaciente(pacientes[0]);
  if (pacientes[0]) {
    if (!paciente)
      issues.push(
        issue(
          'required',
          'SIM-009',
          'Patient.identifier (NationalPersonIdentifier) con tipo y número es obligatorio.',
          'Patient.identifier',
        ),
      );
    if (!fecha(pacientes[0].birthDate))
      issues.push(issue('required', 'SIM-010', 'Patient.birthDate es obligatorio.', 'Patient.birthDate'));
    if (!str(pacientes[0].gender))
      issues.push(issue('required', 'SIM-011', 'Patient.gender es obligatorio.', 'Patient.gender'));
    if (!arr(pacientes[0].name).length)
      issues.push(issue('required', 'SIM-012', 'Patient.name es obligatorio.', 'Patient.name'));
  }
  if (!de('Practitioner').length)
    issues.push(issue('structure', 'SIM-013', 'Falta el Practitioner (autor).', 'Bundle.entry'));

  let claveEncuentro: string | undefined;
  if (perfil.claseEncuentro) {
    const enc = de('Encounter')[0];
    if (!comp.encounter)
      issues.push(
        issue(
          'required',
          'SIM-014',
          'Composition.encounter es obligatorio.',
          'Bundle.entry[0].resource.encounter',
        ),
      );
    if (!enc) {
      issues.push(issue('structure', 'SIM-015', 'Falta el Encounter de la atención.', 'Bundle.entry'));
    } else {
      const clase = str(obj(enc.class)?.code);
      if (clase !== perfil.claseEncuentro)
        issues.push(
          issue(
            'value',
            'SIM-016',
            `Encounter.class debe ser ${perfil.claseEncuentro} en ${perfil.perfil}.`,
            'Encounter.class',
          ),
        );
      const inicio = fecha(obj(enc.period)?.start);
      const fin = fecha(obj(enc.period)?.end);
      if (inicio === undefined || fin === undefined) {
        issues.push(
          issue('required', 'SIM-017', 'Encounter.period.start y end son obligatorios.', 'Encounter.period'),
        );
      } else if (inicio > fin || fin > ahora + 60_000 || inicio < ahora - UN_ANIO_MS) {
        issues.push(
          issue(
            'invariant',
            'SIM-018',
            'Las fechas del encuentro deben cumplir inicio ≤ fin ≤ ahora y estar dentro del último año.',
            'Encounter.period',
          ),
        );
      }
      const participante = arr(enc.participant)
        .map((p) => str(obj(obj(p)?.individual)?.reference))
        .find(Boolean);
      const prestador = str(obj(enc.serviceProvider)?.reference);
      if (paciente && inicio !== undefined && fin !== undefined) {
        claveEncuentro = [
          paciente.tipo,
          paciente.numero,
          new Date(inicio).toISOString(),
          new Date(fin).toISOString(),
          identidad(prestador),
          identidad(participante),
        ].join('|');
      }
    }
  }
  if (tipo === 'consulta-externa' || tipo === 'urgencias') {
    const conIcd10 = de('Condition').some((c) =>
      arr(obj(c.code)?.coding).some((x) => obj(x)?.system === ICD10 && str(obj(x)?.code)),
    );
    if (!conIcd10)
      issues.push(
        issue(
          'required',
          'SIM-019',
          'Se requiere al menos un diagnóstico (Condition) codificado en CIE-10.',
          'Condition.code',
        ),
      );
  }
  return { issues, composicion: comp, paciente, claveEncuentro };
}
