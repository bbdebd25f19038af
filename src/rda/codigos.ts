import { cargarTablasIncluidas, tablaPais } from '../rips/catalogos/incluidos.js';
import { LISTAS_GUIA, type NombreLista } from './guia/listas.js';
import { LISTAS_TECNOLOGIAS, type NombreListaTecnologia } from './guia/listas-tecnologias.js';
import { sistemaCodigos } from './tipos.js';

/**
 * The small code systems of the RDA guide the builder and the linter check membership against:
 * the guide's own lists with its displays (guia/listas.ts); the external cause, absent from the
 * guide digest, from the SISPRO table in `catalogs/`. Large systems (CIE-10, CUPS, DIVIPOLA, REPS
 * services, RETHUS) are checked by format only.
 */
export interface SistemaCodigos {
  nombre: string;
  url: string;
  codigos: ReadonlyMap<string, string>;
}

function desdeSispro(nombre: string, tabla: string): SistemaCodigos {
  const t = cargarTablasIncluidas().find((x) => x.tabla === tabla);
  if (!t) throw new Error(`Falta la tabla ${tabla} en catalogs/`);
  return {
    nombre,
    url: sistemaCodigos(nombre),
    codigos: new Map(t.filas.filter((f) => f.habilitado).map((f) => [f.codigo, f.nombre])),
  };
}

/** A guide list (guia/listas.ts) as a code system with its displays. */
function deLaGuia(nombre: NombreLista | NombreListaTecnologia): SistemaCodigos {
  const filas: readonly (readonly [string, string])[] =
    nombre in LISTAS_GUIA
      ? LISTAS_GUIA[nombre as NombreLista]
      : LISTAS_TECNOLOGIAS[nombre as NombreListaTecnologia];
  return { nombre, url: sistemaCodigos(nombre), codigos: new Map(filas) };
}

export const CODIGOS = {
  identificacionPersona: deLaGuia('ColombianPersonIdentifier'),
  sexoBiologico: deLaGuia('ColombianGenderGroup'),
  identidadGenero: deLaGuia('ColombianGenderIdentity'),
  etnia: deLaGuia('ColombianEthnicGroup'),
  discapacidad: deLaGuia('ColombianDisabilityClassification'),
  zonaResidencia: deLaGuia('ColombianResidenceZone'),
  modalidad: deLaGuia('ColombianTechModality'),
  grupoServicio: deLaGuia('GrupoServicios'),
  entorno: deLaGuia('EntornoAtencion'),
  // Not among the guide's lists in the digest: the SISPRO table of the same name.
  causaExterna: desdeSispro('RIPSCausaExternaVersion2', 'RIPSCausaExternaVersion2'),
  tipoDiagnostico: deLaGuia('RIPSTipoDiagnosticoPrincipalVersion2'),
  viaIngreso: deLaGuia('ViaIngreso'),
  condicionEgreso: deLaGuia('CondicionyDestinoUsuarioEgreso'),
  triage: deLaGuia('ClaseTriage'),
  tipoAlergia: deLaGuia('TipoAlergia'),
  parentesco: deLaGuia('ParentescoAntecedente'),
  clasePrestador: deLaGuia('ColombianProviderClass'),
  identificadorOrganizacion: deLaGuia('ColombianOrganizationIdentifiers'),
  tipoDocumentoClinico: deLaGuia('ColombianDocumentTypes'),
  rolDiagnostico: deLaGuia('ColombianDiagnosisRole'),
  viaAdministracion: deLaGuia('VAD'),
  unidadDosis: deLaGuia('UMM'),
  unidadTiempo: deLaGuia('MedicationTime'),
  categoriaTecnologia: deLaGuia('ColombianHealthTechnologyCategory'),
  finalidad: deLaGuia('RIPSFinalidadConsultaVersion2'),
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
  serviciosReps: { url: sistemaCodigos('REPShealthcareServices'), patron: /^[0-9]{3,4}$/ },
  rethus: { url: sistemaCodigos('RETHUSqualification'), patron: /^[0-9A-Za-z.-]{1,20}$/ },
  nit: { patron: /^[0-9]{5,15}$/ },
  habilitacion: { patron: /^[0-9]{10,12}$/ },
} as const;

/** Diagnosis roles (ColombianDiagnosisRole, SNOMED CT concepts) with the guide's displays. */
const rol = (codigo: string) => ({ codigo, display: CODIGOS.rolDiagnostico.codigos.get(codigo)! });
export const ROLES_DIAGNOSTICO = {
  principal: rol('8319008'),
  relacionado: rol('398192003'),
  ingreso: rol('52870002'),
  egreso: rol('89100005'),
  complicacion: rol('263718001'),
  muerte: rol('16100001'),
} as const;
export const URL_ROL_DIAGNOSTICO = sistemaCodigos('ColombianDiagnosisRole');
