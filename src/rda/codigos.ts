import { cargarTablasIncluidas, tablaPais } from '../rips/catalogos/incluidos.js';
import { sistemaCodigos } from './tipos.js';

/**
 * The small code systems of the RDA guide (rda.md §2.11) the builder and the linter check
 * membership against. Where the guide reuses a SISPRO table we read the table shipped in
 * `catalogs/` (same codes, same counts); the others are written here from the guide's facts.
 * Displays are our own Spanish labels. Large systems (CIE-10, CUPS, DIVIPOLA, REPS services,
 * RETHUS) are checked by format only.
 */
export interface SistemaCodigos {
  nombre: string;
  url: string;
  codigos: ReadonlyMap<string, string>;
}

const propio = (nombre: string, filas: [string, string][]): SistemaCodigos => ({
  nombre,
  url: sistemaCodigos(nombre),
  codigos: new Map(filas),
});

function desdeSispro(nombre: string, tabla: string, excluir: string[] = []): SistemaCodigos {
  const t = cargarTablasIncluidas().find((x) => x.tabla === tabla);
  if (!t) throw new Error(`Falta la tabla ${tabla} en catalogs/`);
  return {
    nombre,
    url: sistemaCodigos(nombre),
    codigos: new Map(
      t.filas.filter((f) => f.habilitado && !excluir.includes(f.codigo)).map((f) => [f.codigo, f.nombre]),
    ),
  };
}

export const CODIGOS = {
  identificacionPersona: desdeSispro('ColombianPersonIdentifier', 'TipoIdPISIS', ['NI']),
  sexoBiologico: propio('ColombianGenderGroup', [
    ['01', 'Hombre'],
    ['02', 'Mujer'],
    ['03', 'Indeterminado o intersexual'],
  ]),
  identidadGenero: propio('ColombianGenderIdentity', [
    ['01', 'Masculino'],
    ['02', 'Femenino'],
    ['03', 'Transgénero'],
    ['04', 'Neutro'],
    ['05', 'No lo declara'],
  ]),
  etnia: propio('ColombianEthnicGroup', [
    ['01', 'Indígena'],
    ['02', 'ROM (gitano)'],
    ['03', 'Raizal del archipiélago de San Andrés, Providencia y Santa Catalina'],
    ['04', 'Palenquero de San Basilio'],
    ['05', 'Negro, mulato, afrocolombiano o afrodescendiente'],
    ['06', 'Ninguna de las anteriores'],
    ['07', 'No reporta'],
  ]),
  discapacidad: propio('ColombianDisabilityClassification', [
    ['01', 'Física'],
    ['02', 'Visual'],
    ['03', 'Auditiva'],
    ['04', 'Intelectual'],
    ['05', 'Psicosocial'],
    ['06', 'Sordoceguera'],
    ['07', 'Múltiple'],
    ['08', 'Sin discapacidad'],
  ]),
  zonaResidencia: propio('ColombianResidenceZone', [
    ['01', 'Urbana'],
    ['02', 'Rural'],
  ]),
  modalidad: desdeSispro('ColombianTechModality', 'ModalidadAtencion'),
  grupoServicio: desdeSispro('GrupoServicios', 'GrupoServicios'),
  entorno: propio('EntornoAtencion', [
    ['01', 'Hogar'],
    ['02', 'Comunitario'],
    ['03', 'Escolar'],
    ['04', 'Laboral'],
    ['05', 'Institucional'],
  ]),
  causaExterna: desdeSispro('RIPSCausaExternaVersion2', 'RIPSCausaExternaVersion2'),
  tipoDiagnostico: desdeSispro(
    'RIPSTipoDiagnosticoPrincipalVersion2',
    'RIPSTipoDiagnosticoPrincipalVersion2',
  ),
  viaIngreso: desdeSispro('ViaIngreso', 'ViaIngresoUsuario'),
  condicionEgreso: desdeSispro('CondicionyDestinoUsuarioEgreso', 'CondicionyDestinoUsuarioEgreso'),
  triage: propio('ClaseTriage', [
    ['01', 'Triage I'],
    ['02', 'Triage II'],
    ['03', 'Triage III'],
    ['04', 'Triage IV'],
    ['05', 'Triage V'],
  ]),
  tipoAlergia: propio('TipoAlergia', [
    ['01', 'Medicamento'],
    ['02', 'Alimento'],
    ['03', 'Sustancia del ambiente'],
    ['04', 'Sustancia en contacto con la piel'],
    ['05', 'Picadura de insecto'],
    ['06', 'Otra'],
  ]),
  parentesco: propio('ParentescoAntecedente', [
    ['01', 'Padre'],
    ['02', 'Madre'],
    ['03', 'Hermano o hermana'],
    ['04', 'Otro familiar'],
  ]),
  pais: {
    nombre: 'ISO31661',
    url: sistemaCodigos('ISO31661'),
    codigos: new Map(tablaPais().filas.map((f) => [f.codigo, f.nombre])),
  } satisfies SistemaCodigos,
} as const;

export type NombreCodigos = keyof typeof CODIGOS;

/** Large systems: format only. */
export const FORMATOS = {
  cie10: { url: 'http://hl7.org/fhir/sid/icd-10', patron: /^[A-Z][0-9]{2}[0-9A-Z]?$/ },
  cups: { url: sistemaCodigos('CUPS'), patron: /^[0-9A-Z]{6}$/ },
  divipola: { url: sistemaCodigos('DIVIPOLA'), patron: /^[0-9]{5}$/ },
  serviciosReps: { url: sistemaCodigos('REPShealthcareServices'), patron: /^[0-9]{3}$/ },
  rethus: { url: sistemaCodigos('RETHUSqualification'), patron: /^[0-9A-Za-z.-]{1,20}$/ },
  nit: { patron: /^[0-9]{5,15}$/ },
  habilitacion: { patron: /^[0-9]{10,12}$/ },
} as const;

/** Diagnosis roles (ColombianDiagnosisRole, SNOMED CT concepts). */
export const ROLES_DIAGNOSTICO = {
  principal: { codigo: '8319008', display: 'Principal diagnosis' },
  relacionado: { codigo: '398192003', display: 'Co-morbid conditions' },
  ingreso: { codigo: '52870002', display: 'Admission diagnosis' },
  egreso: { codigo: '89100005', display: 'Final diagnosis (discharge)' },
  complicacion: { codigo: '263718001', display: 'Complication' },
  muerte: { codigo: '16100001', display: 'Cause of death' },
} as const;
export const URL_ROL_DIAGNOSTICO = sistemaCodigos('ColombianDiagnosisRole');
