/**
 * Names of the SISPRO reference tables the service knows about. The spelling is the one rules use
 * in `catalogos: [...]` and `Catalogos.cargado(tabla)`; imports map other spellings to it.
 */

/** Small tables shipped as data files in `catalogs/` (always loaded). */
export const TABLAS_INCLUIDAS = [
  'TipoIdPISIS',
  'RIPSTipoUsuarioVersion2',
  'Sexo',
  'ZonaVersion2',
  'LstSiNo',
  'TipoNota',
  'ModalidadAtencion',
  'GrupoServicios',
  'RIPSFinalidadConsultaVersion2',
  'RIPSCausaExternaVersion2',
  'RIPSTipoDiagnosticoPrincipalVersion2',
  'ViaIngresoUsuario',
  'CondicionyDestinoUsuarioEgreso',
  'conceptoRecaudo',
  'TipoMedicamentoPOSVersion2',
  'TipoOtrosServicios',
  'CoberturaPlanBeneficios',
  'ModalidadContratoyPago',
] as const;

/** Built at start-up from i18n-iso-countries (ISO 3166-1 numeric, 3 digits). */
export const TABLA_PAIS = 'Pais';

export interface TablaGrande {
  tabla: string;
  /** What it holds and which RIPS fields it governs (Spanish, shown by `catalogo listar`). */
  descripcion: string;
}

/** Large tables: only available once imported from the official SISPRO export. */
export const TABLAS_GRANDES: readonly TablaGrande[] = [
  {
    tabla: 'CIE10',
    descripcion: 'Diagnósticos CIE-10 (4 caracteres sin punto): diagnósticos principal y relacionados',
  },
  { tabla: 'CIE11', descripcion: 'Diagnósticos CIE-11 (campos nuevos de la Res. 948/2026)' },
  {
    tabla: 'CUPSRips',
    descripcion: 'Procedimientos CUPS con sus columnas de uso: codConsulta, codProcedimiento',
  },
  { tabla: 'Servicios', descripcion: 'Servicios de salud (REPS, Res. 3100/2019): codServicio' },
  { tabla: 'Municipio', descripcion: 'Municipios DIVIPOLA (5 dígitos): codMunicipioResidencia' },
  {
    tabla: 'IPSCodHabilitacion',
    descripcion: 'Prestadores habilitados en el REPS: codPrestador, obligado a facturar',
  },
  { tabla: 'IPSnoREPS', descripcion: 'Proveedores de tecnologías en salud y demás casos sin REPS' },
  {
    tabla: 'EntidadesnoREPS',
    descripcion: 'Entidades no inscritas en el REPS (proveedores de tecnologías): RVC003, RVC011',
  },
  { tabla: 'CatalogoCUMs', descripcion: 'Medicamentos por CUM: codTecnologiaSalud de medicamentos' },
  { tabla: 'IUM', descripcion: 'Identificador único de medicamento: codTecnologiaSalud de medicamentos' },
  { tabla: 'DCI', descripcion: 'Denominación común internacional (preparaciones magistrales)' },
  { tabla: 'FFM', descripcion: 'Forma farmacéutica: formaFarmaceutica' },
  { tabla: 'UMM', descripcion: 'Unidad de medida del medicamento: unidadMedida' },
  { tabla: 'UPR', descripcion: 'Unidad mínima de dispensación: unidadMinDispensa' },
  {
    tabla: 'UNIRS',
    descripcion: 'Listado de medicamentos de uso no incluido en el registro sanitario (UNIRS)',
  },
  {
    tabla: 'FinalidadSexoEdad',
    descripcion:
      'Sexo y edad que admite cada finalidad en consultas y procedimientos: finalidadTecnologiaSalud (RVC051)',
  },
  {
    tabla: 'FinalidadCUPS',
    descripcion:
      'Finalidades con que se puede informar cada CUPS: codConsulta, codProcedimiento y finalidadTecnologiaSalud (RVC059)',
  },
];

/**
 * Codes of all digits that a spreadsheet turns into numbers, dropping their leading zeros
 * (05001 → 5001): the importer pads back a code shorter than `ancho` when it was a numeric cell of
 * an XLSX (SISPRO writes every cell as text, so a number means a spreadsheet re-saved the file).
 * `tambienTexto`: every code of the table has exactly `ancho` digits, so a shorter one in a CSV or
 * a text cell can only have lost its zeros too. Not so in CUPSRips, where five-digit codes are
 * real and distinct from six-digit ones (`20110` and `020110`): its text codes are never padded.
 */
export const ANCHO_NUMERICO: Readonly<Record<string, { ancho: number; tambienTexto: boolean }>> = {
  Municipio: { ancho: 5, tambienTexto: true },
  Pais: { ancho: 3, tambienTexto: true },
  CUPSRips: { ancho: 6, tambienTexto: false },
};

/** Tables every validation can count on (shipped + Pais). */
export const TABLAS_SIEMPRE_CARGADAS: readonly string[] = [...TABLAS_INCLUIDAS, TABLA_PAIS];

const CONOCIDAS = [...TABLAS_SIEMPRE_CARGADAS, ...TABLAS_GRANDES.map((t) => t.tabla)];

/** Same letters, ignoring case, accents and anything that is not a letter or digit. */
export function claveNombre(texto: string): string {
  return texto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

const POR_CLAVE = new Map(CONOCIDAS.map((t) => [claveNombre(t), t]));
const NOMBRE_VALIDO = /^[A-Za-z][A-Za-z0-9_]{0,79}$/;

/**
 * The canonical spelling of a table name (`tipoidpisis`, `TipoIDPISIS` → `TipoIdPISIS`), the
 * name itself for tables the service does not know, or undefined when it cannot be a table name.
 */
export function nombreCanonico(tabla: string): string | undefined {
  const limpio = tabla.trim();
  const conocida = POR_CLAVE.get(claveNombre(limpio));
  if (conocida) return conocida;
  return NOMBRE_VALIDO.test(limpio) ? limpio : undefined;
}

/** The canonical spelling when the name is one of the tables the service knows. */
export function tablaConocida(tabla: string): string | undefined {
  return POR_CLAVE.get(claveNombre(tabla));
}

export const NUMERALES_EXTRA = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X'] as const;
