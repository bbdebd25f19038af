import type { Catalogos, EntradaCatalogo } from '../../catalogos/tipos.js';

/**
 * An Extra column a rule reads: found by the label SISPRO's export writes in its header
 * (`Extra_VI:Sexo` → `Sexo`; case, accents, spaces and `_` ignored), else, when the table was
 * imported without labels (older imports, CSVs without them), by its documented numeral. A table
 * with labels but without this one has no such column: the rule does not judge.
 */
export interface ColumnaExtra {
  tabla: string;
  etiqueta: string;
  numeral: string;
}

const col = (tabla: string, etiqueta: string, numeral: string): ColumnaExtra => ({
  tabla,
  etiqueta,
  numeral,
});

/**
 * The Extra columns the rules read, with the labels SISPRO's exports write. DT1 v002 and LIN v3.2
 * only document Sexo.Extra_II/Extra_III and RIPSFinalidadConsultaVersion2.Extra_I/II; the labels
 * name the rest but not every value, so the value readings marked "inferido" are ours (see
 * docs/reglas-rips-rvg-rvc001-049.md and docs/reglas-rips-rvc050-098.md):
 *
 * CUPSRips  I  UsoCodigoCUP  AC | AP | AT (the files of the old RIPS) — inferido
 *           VI  Sexo          F | M | Z (ambos) | vacío
 *           VIII Estancia     E (requiere estancia) | Z | vacío — inferido
 *           IX  Cobertura     codes of CoberturaPlanBeneficios (01–17), possibly several — inferido
 * CIE10     I   AplicaASexo   1 masculino | 2 femenino | 3 indeterminado
 *           II  EdadMinima    años cumplidos
 *           III EdadMaxima    años cumplidos (999 = sin límite)
 *           X   Sexo          A (ambos) | F | M
 * IPSCodHabilitacion II NroIDPrestador (NIT o documento del prestador)
 * IPSnoREPS          X  NIT
 * FinalidadSexoEdad  I Finalidad, II Sexo, III Edad_INI, IV Edad_FIN (años — inferido),
 *                    V Consultas, VI Procedimientos (whether the row applies to each type)
 * FinalidadCUPS      I Finalidad, II CUPS
 */
export const COLUMNAS = {
  cupsUso: col('CUPSRips', 'UsoCodigoCUP', 'I'),
  cupsSexo: col('CUPSRips', 'Sexo', 'VI'),
  cupsEstancia: col('CUPSRips', 'Estancia', 'VIII'),
  cupsCobertura: col('CUPSRips', 'Cobertura', 'IX'),
  cieAplicaSexo: col('CIE10', 'AplicaASexo', 'I'),
  cieEdadMinima: col('CIE10', 'EdadMinima', 'II'),
  cieEdadMaxima: col('CIE10', 'EdadMaxima', 'III'),
  cieSexo: col('CIE10', 'Sexo', 'X'),
  habilitacionNroId: col('IPSCodHabilitacion', 'NroIDPrestador', 'II'),
  noRepsNit: col('IPSnoREPS', 'NIT', 'X'),
  finalidadSexoEdadFinalidad: col('FinalidadSexoEdad', 'Finalidad', 'I'),
  finalidadSexoEdadSexo: col('FinalidadSexoEdad', 'Sexo', 'II'),
  finalidadSexoEdadDesde: col('FinalidadSexoEdad', 'Edad_INI', 'III'),
  finalidadSexoEdadHasta: col('FinalidadSexoEdad', 'Edad_FIN', 'IV'),
  finalidadSexoEdadConsultas: col('FinalidadSexoEdad', 'Consultas', 'V'),
  finalidadSexoEdadProcedimientos: col('FinalidadSexoEdad', 'Procedimientos', 'VI'),
  finalidadCupsFinalidad: col('FinalidadCUPS', 'Finalidad', 'I'),
  finalidadCupsCups: col('FinalidadCUPS', 'CUPS', 'II'),
} as const;

/** The numeral a column has in the loaded table (undefined: not loaded, or labelled without it). */
export function numeral(catalogos: Catalogos, c: ColumnaExtra): string | undefined {
  return catalogos.columnaExtra(c.tabla, c.etiqueta, c.numeral);
}

/** Trimmed non-empty value of a column in a row, if the row and the column exist. */
export function valorFila(catalogos: Catalogos, c: ColumnaExtra, fila: EntradaCatalogo): string | undefined {
  const n = numeral(catalogos, c);
  const v = n ? fila.extra?.[n]?.trim() : undefined;
  return v ? v : undefined;
}

/** Trimmed non-empty value of a column for a code of its table. */
export function valorExtra(catalogos: Catalogos, c: ColumnaExtra, codigo: string): string | undefined {
  const fila = catalogos.entrada(c.tabla, codigo);
  return fila ? valorFila(catalogos, c, fila) : undefined;
}

const USOS_CUPS = /A[CPT]/g;
const ENTERO = /^\d+$/;

/** Usage codes (AC/AP/AT) of a CUPS, or undefined when the code or the column is absent. */
export function usosCups(catalogos: Catalogos, cups: string): Set<string> | undefined {
  const v = valorExtra(catalogos, COLUMNAS.cupsUso, cups)?.toUpperCase();
  if (!v) return undefined;
  const usos = new Set(v.match(USOS_CUPS) ?? []);
  return usos.size ? usos : undefined;
}

/** 'M' or 'F' when the CUPS is restricted to one sex. */
export function sexoCups(catalogos: Catalogos, cups: string): 'M' | 'F' | undefined {
  const v = valorExtra(catalogos, COLUMNAS.cupsSexo, cups)?.toUpperCase();
  return v === 'M' || v === 'F' ? v : undefined;
}

/** Coverage codes of CoberturaPlanBeneficios (the table plus 16/17 of the invoice's list). */
const COBERTURA_VALIDA = /^(0[1-9]|1[0-7])$/;
const GRUPOS_DE_DIGITOS = /\d+/g;
/** Parsed Cobertura values (a table holds few distinct ones); cleared if it ever grows large. */
const coberturasLeidas = new Map<string, ReadonlySet<string> | null>();

/**
 * The coverages (CoberturaPlanBeneficios codes, two digits) the Cobertura column of CUPSRips gives
 * a CUPS: every group of digits that is such a code. Undefined when the code or the column is
 * absent, or its value holds no such code (nothing to compare: no verdict).
 */
export function coberturasCups(catalogos: Catalogos, cups: string): ReadonlySet<string> | undefined {
  const v = valorExtra(catalogos, COLUMNAS.cupsCobertura, cups);
  if (!v) return undefined;
  let r = coberturasLeidas.get(v);
  if (r === undefined) {
    const codigos = (v.match(GRUPOS_DE_DIGITOS) ?? []).filter((g) => COBERTURA_VALIDA.test(g));
    r = codigos.length ? new Set(codigos) : null;
    if (coberturasLeidas.size >= 1000) coberturasLeidas.clear();
    coberturasLeidas.set(v, r);
  }
  return r ?? undefined;
}

export interface LimitesCie {
  sexo?: 'M' | 'F';
  edadMinima?: number;
  edadMaxima?: number;
}

const SEXO_APLICA: Readonly<Record<string, 'M' | 'F'>> = { '1': 'M', '2': 'F' };

export function entero(v: string | undefined): number | undefined {
  const t = v?.trim();
  return t && ENTERO.test(t) ? Number(t) : undefined;
}

/**
 * Limits already read, by the table's labels (one object per table version; CatalogosEnMemoria gives
 * one shared object to tables without labels) and then by row: RVC028 asks for every diagnosis
 * field of every record, and a row's limits only depend on the row and the labels.
 */
const limitesLeidos = new WeakMap<object, WeakMap<EntradaCatalogo, LimitesCie>>();

/** Sex and age limits of a CIE10 code (Sexo first, AplicaASexo as fallback for the sex). */
export function limitesCie(catalogos: Catalogos, cie: string): LimitesCie | undefined {
  const fila = catalogos.entrada('CIE10', cie);
  if (!fila?.extra) return undefined;
  const etiquetas = catalogos.columnas('CIE10');
  let porFila = limitesLeidos.get(etiquetas);
  if (!porFila) {
    porFila = new WeakMap();
    limitesLeidos.set(etiquetas, porFila);
  }
  let l = porFila.get(fila);
  if (!l) {
    l = leerLimites(catalogos, fila);
    porFila.set(fila, l);
  }
  return l;
}

function leerLimites(catalogos: Catalogos, fila: EntradaCatalogo): LimitesCie {
  const x = valorFila(catalogos, COLUMNAS.cieSexo, fila)?.toUpperCase();
  const sexo =
    x === 'M' || x === 'F' ? x : SEXO_APLICA[valorFila(catalogos, COLUMNAS.cieAplicaSexo, fila) ?? ''];
  const edadMaxima = entero(valorFila(catalogos, COLUMNAS.cieEdadMaxima, fila));
  return {
    sexo,
    edadMinima: entero(valorFila(catalogos, COLUMNAS.cieEdadMinima, fila)),
    edadMaxima: edadMaxima !== undefined && edadMaxima < 999 ? edadMaxima : undefined,
  };
}
