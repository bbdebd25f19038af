import type { Catalogos } from '../../catalogos/tipos.js';

/**
 * Meaning of the Extra_* columns the rules read. DT1 v002 and LIN v3.2 only document
 * Sexo.Extra_II/Extra_III and RIPSFinalidadConsultaVersion2.Extra_I/II; the rest comes from
 * the MinSalud "F DICCIONARIO TABLAS" (feb. 2025, sheet DICCIONARIO), which names the columns
 * but not every value, so the value readings marked "inferido" are ours (see
 * docs/reglas-rips-rvg-rvc001-049.md):
 *
 * CUPSRips  I  UsoCodigoCUP  AC | AP | AT (the files of the old RIPS: AC consultas,
 *                            AP procedimientos, AT otros servicios) — inferido
 *           VI  Sexo          F | M | Z (ambos) | vacío
 *           VIII Estancia     E (requiere estancia) | Z | vacío — inferido
 * CIE10     I   AplicaASexo   1 masculino | 2 femenino | 3 indeterminado
 *           II  EdadMinima    años cumplidos
 *           III EdadMaxima    años cumplidos (999 = sin límite)
 *           X   Sexo          A (ambos) | F | M
 * IPSCodHabilitacion II NroIDPrestador (NIT o documento del prestador)
 * IPSnoREPS          X  NIT
 */
export const EXTRA = {
  cupsUso: 'I',
  cupsSexo: 'VI',
  cupsEstancia: 'VIII',
  cieAplicaSexo: 'I',
  cieEdadMinima: 'II',
  cieEdadMaxima: 'III',
  cieSexo: 'X',
  habilitacionNroId: 'II',
  noRepsNit: 'X',
} as const;

const USOS_CUPS = /A[CPT]/g;
const ENTERO = /^\d+$/;

export function extra(
  catalogos: Catalogos,
  tabla: string,
  codigo: string,
  columna: string,
): string | undefined {
  const v = catalogos.entrada(tabla, codigo)?.extra?.[columna]?.trim();
  return v ? v : undefined;
}

/** Usage codes (AC/AP/AT) of a CUPS, or undefined when the code or the column is absent. */
export function usosCups(catalogos: Catalogos, cups: string): Set<string> | undefined {
  const v = extra(catalogos, 'CUPSRips', cups, EXTRA.cupsUso)?.toUpperCase();
  if (!v) return undefined;
  const usos = new Set(v.match(USOS_CUPS) ?? []);
  return usos.size ? usos : undefined;
}

/** 'M' or 'F' when the CUPS is restricted to one sex. */
export function sexoCups(catalogos: Catalogos, cups: string): 'M' | 'F' | undefined {
  const v = extra(catalogos, 'CUPSRips', cups, EXTRA.cupsSexo)?.toUpperCase();
  return v === 'M' || v === 'F' ? v : undefined;
}

export interface LimitesCie {
  sexo?: 'M' | 'F';
  edadMinima?: number;
  edadMaxima?: number;
}

const SEXO_APLICA: Readonly<Record<string, 'M' | 'F'>> = { '1': 'M', '2': 'F' };

/** Sex and age limits of a CIE10 code (Extra_X first, Extra_I as fallback for the sex). */
export function limitesCie(catalogos: Catalogos, cie: string): LimitesCie | undefined {
  const e = catalogos.entrada('CIE10', cie)?.extra;
  if (!e) return undefined;
  const x = e[EXTRA.cieSexo]?.trim().toUpperCase();
  const sexo = x === 'M' || x === 'F' ? x : SEXO_APLICA[e[EXTRA.cieAplicaSexo]?.trim() ?? ''];
  const num = (v: string | undefined) => {
    const t = v?.trim();
    return t && ENTERO.test(t) ? Number(t) : undefined;
  };
  const edadMaxima = num(e[EXTRA.cieEdadMaxima]);
  return {
    sexo,
    edadMinima: num(e[EXTRA.cieEdadMinima]),
    edadMaxima: edadMaxima !== undefined && edadMaxima < 999 ? edadMaxima : undefined,
  };
}
