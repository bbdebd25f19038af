import type { ErrorAccionable } from '../../errores/error-accionable.js';
import { ErrorApp } from '../../errores/errores.js';
import { ubicacion } from '../../errores/ubicacion.js';
import type { SeveridadError } from '../../errores/valores.js';

export const SEVERIDADES_HL7 = ['fatal', 'error', 'warning', 'information'] as const;
export type SeveridadHl7 = (typeof SEVERIDADES_HL7)[number];

export interface IssueHl7 {
  severity: SeveridadHl7;
  message: string;
  location: string | null;
}

export interface ResultadoOficial {
  valid: boolean;
  porSeveridad: Record<SeveridadHl7, number>;
  issues: IssueHl7[];
  errores: ErrorAccionable[];
}

const SEVERIDAD: Record<SeveridadHl7, SeveridadError> = {
  fatal: 'rechazo',
  error: 'rechazo',
  warning: 'aviso-conformidad',
  information: 'informativo',
};

/** Spanish reading of the OperationOutcome issue types the validator uses. */
const POR_TIPO: Record<string, { titulo: string; comoCorregir: string }> = {
  structure: {
    titulo: 'La estructura no cumple el perfil RDA',
    comoCorregir: 'Ajuste el elemento indicado a la estructura del perfil (cardinalidad, rebanadas, tipos).',
  },
  required: {
    titulo: 'Falta un elemento obligatorio',
    comoCorregir: 'Complete en el sistema de origen el dato que alimenta el elemento indicado.',
  },
  value: {
    titulo: 'Un valor no es válido',
    comoCorregir: 'Corrija el valor del elemento indicado (formato, valor fijo o patrón del perfil).',
  },
  invariant: {
    titulo: 'No se cumple una regla (invariante) del perfil',
    comoCorregir: 'Revise la condición descrita y corrija los datos que la incumplen.',
  },
  'code-invalid': {
    titulo: 'Un código no pertenece a su terminología',
    comoCorregir: 'Use un código del sistema de codificación (CodeSystem) que exige el perfil.',
  },
  'not-found': {
    titulo: 'Un perfil, recurso o terminología no se encontró',
    comoCorregir:
      'Verifique las referencias internas y que el validador tenga cargados los paquetes de la guía.',
  },
  'business-rule': {
    titulo: 'No se cumple una regla de negocio',
    comoCorregir: 'Revise la regla descrita y corrija los datos en el sistema de origen.',
  },
  informational: {
    titulo: 'Nota del validador oficial',
    comoCorregir: 'No requiere acción salvo que el mensaje indique lo contrario.',
  },
};
const GENERICO = {
  titulo: 'Hallazgo del validador oficial HL7',
  comoCorregir: 'Lea el mensaje original del validador y corrija el elemento indicado.',
};

/** Business names for the FHIR locations integrators meet most often. */
const CAMPOS: [RegExp, string][] = [
  [/Patient[^.]*\.birthDate/, 'Fecha de nacimiento del paciente'],
  [/Patient[^.]*\.identifier/, 'Documento de identidad del paciente'],
  [/Patient[^.]*\.name/, 'Nombres y apellidos del paciente'],
  [/Patient[^.]*\.gender|ExtensionBiologicalGender/, 'Sexo biológico del paciente'],
  [/Patient[^.]*\.address/, 'Residencia del paciente'],
  [/Patient[^.]*\.extension/, 'Datos sociodemográficos del paciente'],
  [/Practitioner[^.]*\.qualification/, 'Título del profesional en RETHUS'],
  [/Practitioner/, 'Profesional'],
  [/Organization/, 'Prestador'],
  [/Encounter[^.]*\.period/, 'Fechas de inicio y fin de la atención'],
  [/Encounter[^.]*\.diagnosis/, 'Diagnósticos de la atención'],
  [/Encounter/, 'Atención (encuentro)'],
  [/Condition/, 'Diagnóstico'],
  [/DocumentReference/, 'Epicrisis (PDF)'],
  [/Composition[^.]*\.section/, 'Secciones del documento'],
  [/Composition/, 'Composición del documento'],
];

export function campoDeUbicacion(ubicacion: string | null): string {
  if (!ubicacion) return 'Documento RDA';
  return CAMPOS.find(([re]) => re.test(ubicacion))?.[1] ?? 'Documento RDA';
}

const texto = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);

/** Turns the validator's OperationOutcome into counts, compact issues and ErrorAccionable. */
export function explicarOperationOutcome(oo: unknown): ResultadoOficial {
  const r = oo as Record<string, unknown> | null;
  if (r?.resourceType !== 'OperationOutcome' || !Array.isArray(r.issue))
    throw new ErrorApp('upstream-no-disponible', 'El validador oficial no devolvió un OperationOutcome.');
  const porSeveridad: Record<SeveridadHl7, number> = { fatal: 0, error: 0, warning: 0, information: 0 };
  const issues: IssueHl7[] = [];
  const errores: ErrorAccionable[] = [];
  for (const bruto of r.issue as Record<string, unknown>[]) {
    const severity = (SEVERIDADES_HL7 as readonly string[]).includes(String(bruto?.severity))
      ? (bruto.severity as SeveridadHl7)
      : 'error';
    const detalles = bruto?.details as Record<string, unknown> | undefined;
    const message = texto(bruto?.diagnostics) ?? texto(detalles?.text) ?? '(sin mensaje)';
    const ubic = [bruto?.expression, bruto?.location].flatMap((x) => (Array.isArray(x) ? x : [])).find(texto);
    const location = (ubic as string | undefined) ?? null;
    porSeveridad[severity] += 1;
    issues.push({ severity, message, location });
    const tipo = String(bruto?.code ?? '');
    const t = POR_TIPO[tipo] ?? GENERICO;
    const campo = campoDeUbicacion(location);
    errores.push({
      codigo: `HL7-${tipo || 'desconocido'}`,
      severidad: SEVERIDAD[severity],
      fuente: 'validador-hl7',
      ubicacion: ubicacion({
        campoNombre: campo,
        ruta: location,
        descripcion: location ? `${campo} · ${location}` : campo,
      }),
      titulo: t.titulo,
      explicacion: `El validador oficial HL7 (perfiles de la guía RDA) informa sobre «${campo}»: ${message}`,
      comoCorregir: t.comoCorregir,
      mensajeOriginal: message,
    });
  }
  return { valid: porSeveridad.fatal + porSeveridad.error === 0, porSeveridad, issues, errores };
}
