import { TABLAS_SIEMPRE_CARGADAS } from '../catalogos/tablas.js';
import type { Catalogos } from '../catalogos/tipos.js';
import { relojUtc } from '../reglas/helpers/fechas.js';
import { type Registro, TIPOS_SERVICIO, type TipoRegistro } from '../tipos.js';
import { COLUMNA_APLICA, CONTENEDORES, VALORES_NO_APLICAN, VALORES_PERMITIDOS } from './campos.js';
import type { CampoSpec, TablaCampos } from './tipos.js';
import type { EmitirCampo, VerificadorEstructura } from './verificador.js';

/*
 * Structure checks of one record against its field table (DT1 v002 §1.4, §1.5, §4, §5):
 *   RVG01 record not an object, required key missing, `usuarios`/`servicios` missing,
 *         negative numbers, quantities ≤ 0 (DT1 §1.2: "Se informa la generación de la regla RVG01");
 *         and, as the MUV's JSON schema reports them (a real answer: «La propiedad [codPrestador] no
 *         cumple con el formato o tipo de dato requerido, Dato enviado [76001126940]»), a wrong JSON
 *         type (C = string or null, N = number), decimals in an integer, a wrong length of a field of
 *         fixed size (codes, dates, codPrestador) and a malformed date;
 *   (an empty `usuarios` is RVG03, emitted by the registry rule RVG03 that counts services);
 *   RVG04 is not emitted: the MUV reports type errors under RVG01;
 *   RVG05 size of a field with a range of sizes: characters of a C value, digits of the integer part
 *         of an N value, and a required value sent as null/"" (DT1 §1.5: null is "size 0");
 *   RVG06 content: dates that do not exist, CIE-10/CUPS/DIVIPOLA formats, small catalogs, DT1 value
 *         restrictions.
 * Large catalogs (CIE10, CUPSRips, Municipio…) are only format-checked: their existence rules are
 * in the rule registry. The mapping and every decision is documented in docs/rips-estructura.md.
 */

/** Small SISPRO tables (always shipped): membership is checked here when the table is loaded. */
/**
 * Large tables whose codes have no existence rule of their own (CUPS: RVC096, drugs: RVC063,
 * providers: RVC011): when loaded, a code missing from them is RVG06 content.
 */
const EXISTENCIA_RVG06: ReadonlySet<string> = new Set([
  'CIE10',
  'Municipio',
  'Servicios',
  'FFM',
  'UMM',
  'UPR',
]);

/** Always-loaded tables (shipped + Pais): membership is checked whenever they are loaded. */
const TABLAS_PEQUENAS: ReadonlySet<string> = new Set(TABLAS_SIEMPRE_CARGADAS);

/**
 * Values of a table column, fixed by DT1's own text ("columna Extra III con valores M, F, I";
 * "Extra II con valores 01, 02, 03"): used when the loaded table does not carry the column.
 */
const VALORES_COLUMNA: Readonly<Record<string, readonly string[]>> = {
  'Sexo:Extra_III': ['M', 'F', 'I'],
  'Sexo:Extra_II': ['01', '02', '03'],
};

/** Quantities dispensed/administered/delivered: must be > 0 (DT1 §1.2, RVG01). */
const CANTIDADES: ReadonlySet<string> = new Set(['cantidadMedicamento', 'cantidadOS']);
/** Fields that carry 0 in the second and later active ingredients of a magistral preparation. */
const CERO_EN_MAGISTRAL: ReadonlySet<string> = new Set(['cantidadMedicamento', 'diasTratamiento']);
const MAGISTRAL = '03';

/** `campo` must carry a value (not absent, null or "") when `si` equals / differs from / has a value. */
interface CondicionPresencia {
  campo: string;
  si: string;
  igual?: string;
  distintoDe?: string;
  presente?: true;
  detalle: string;
}

/**
 * Presence conditions DT1 writes in the field observations and that no RVC rule covers (the
 * ones with their own code — RVC042, RVC050, RVC065, RVC066, RVC095 — stay in the registry).
 */
const CONDICIONES: Partial<Record<TipoRegistro, CondicionPresencia[]>> = {
  transaccion: [
    {
      campo: 'numFactura',
      si: 'tipoNota',
      distintoDe: 'RS',
      detalle:
        'Es obligatorio: solo un RIPS sin factura (tipo de nota RS) puede enviarlo en null. Informe el número de la factura electrónica.',
    },
    {
      campo: 'numNota',
      si: 'tipoNota',
      presente: true,
      detalle: 'Es obligatorio cuando se informa el tipo de nota: informe el número de la nota.',
    },
  ],
  usuario: [
    {
      campo: 'codMunicipioResidencia',
      si: 'codPaisResidencia',
      igual: '170',
      detalle: 'Es obligatorio cuando el país de residencia es Colombia (170): informe el código DIVIPOLA.',
    },
    {
      campo: 'codZonaTerritorialResidencia',
      si: 'codPaisResidencia',
      igual: '170',
      detalle:
        'Es obligatorio cuando el país de residencia es Colombia (170): informe 01 (rural) o 02 (urbana).',
    },
  ],
  medicamentos: [
    {
      campo: 'nomCodDiagnosticoPrincipalCIE11',
      si: 'codDiagnosticoPrincipalCIE11',
      presente: true,
      detalle: 'Es obligatorio cuando se informa el código CIE-11 del diagnóstico principal.',
    },
  ],
};

// Formats, checked by hand on char codes (they run on every record): dates for speed and calendar
// validity; CIE-10 /^[A-Z][0-9]{2}[0-9A-Z]$/, CUPS /^[0-9A-Z]{6}$/, DIVIPOLA /^[0-9]{5}$/.
function esDigito(c: number): boolean {
  return c >= 48 && c <= 57;
}

function esMayuscula(c: number): boolean {
  return c >= 65 && c <= 90;
}

function esCie10(v: string): boolean {
  if (v.length !== 4) return false;
  const ultimo = v.charCodeAt(3);
  return (
    esMayuscula(v.charCodeAt(0)) &&
    esDigito(v.charCodeAt(1)) &&
    esDigito(v.charCodeAt(2)) &&
    (esDigito(ultimo) || esMayuscula(ultimo))
  );
}

/** `largo` characters, each a digit (or also an upper-case letter). */
function esCodigo(v: string, largo: number, letras: boolean): boolean {
  if (v.length !== largo) return false;
  for (let i = 0; i < largo; i++) {
    const c = v.charCodeAt(i);
    if (!esDigito(c) && !(letras && esMayuscula(c))) return false;
  }
  return true;
}

const ALFABETO_CODIGOS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

const F_NINGUNO = 0;
const F_FECHA = 1;
const F_FECHA_HORA = 2;
const F_CIE10 = 3;
const F_CUPS = 4;
const F_DIVIPOLA = 5;

const C_NINGUNO = 0;
const C_USUARIOS = 1;
const C_SERVICIOS = 2;

const DETALLE_FORMATO: Record<number, string> = {
  [F_FECHA]: 'Debe ser una fecha AAAA-MM-DD válida (p. ej. 1990-05-31).',
  [F_FECHA_HORA]:
    'Debe ser una fecha y hora AAAA-MM-DD HH:MM válida, con hora de 00:00 a 23:59 (p. ej. 2026-03-14 08:30).',
  [F_CIE10]:
    'Debe ser un código CIE-10 de 4 caracteres, sin punto ni espacios: letra mayúscula, dos dígitos y un cuarto carácter (p. ej. J459 o I10X).',
  [F_CUPS]: 'Debe ser un código CUPS de 6 caracteres, sin puntos ni espacios (p. ej. 890201).',
  [F_DIVIPOLA]:
    'Debe ser el código DIVIPOLA de 5 dígitos: 2 del departamento y 3 del municipio (p. ej. 11001).',
};

const PLURAL: Record<TipoRegistro, string> = {
  transaccion: 'la transacción',
  usuario: 'los usuarios',
  consultas: 'consultas',
  procedimientos: 'procedimientos',
  urgencias: 'urgencias con observación',
  hospitalizacion: 'hospitalización',
  recienNacidos: 'recién nacidos',
  medicamentos: 'medicamentos',
  otrosServicios: 'otros servicios',
};

const NO_ES_OBJETO: Record<TipoRegistro, string> = {
  transaccion:
    'El RIPS debe ser un objeto JSON {…} con numDocumentoIdObligado, numFactura, tipoNota, numNota y usuarios.',
  usuario:
    'Cada elemento de «usuarios» debe ser un objeto JSON {…} con los datos del usuario y sus servicios.',
  consultas: '',
  procedimientos: '',
  urgencias: '',
  hospitalizacion: '',
  recienNacidos: '',
  medicamentos: '',
  otrosServicios: '',
};
for (const t of TIPOS_SERVICIO)
  NO_ES_OBJETO[t] = `Cada elemento de «${t}» debe ser un objeto JSON {…} con los datos del servicio.`;

/** One field, compiled: everything the per-record loop needs, precomputed. */
interface Compilado {
  nombre: string;
  esN: boolean;
  obligatorio: boolean;
  contenedor: number;
  /** Allowed lengths when a value is present: a flag per length, or a range. */
  largos: Uint8Array | null;
  min: number;
  max: number;
  conLongitud: boolean;
  /**
   * Fixed size (one length, or two like "6 u 8" or "3, 4"): a code or a date, whose wrong length the
   * MUV's JSON schema reports as a format breach (RVG01). A range ("4-20", "1-15") is a size (RVG05).
   */
  fijo: boolean;
  /** null (or "") is accepted for this N field (size 0 allowed). */
  nAdmiteNulo: boolean;
  textoLongitud: string;
  entero: boolean;
  formato: number;
  cantidad: boolean;
  ceroEnMagistral: boolean;
  dias: boolean;
  permitidos: ReadonlySet<string> | null;
  textoPermitidos: string;
  noAplican: ReadonlySet<string> | null;
  textoNoAplican: string;
  /** Catalog lookup: `tabla` (small, loaded) and/or a fixed/probed set of valid codes. */
  tabla: string | null;
  validos: ReadonlySet<string> | null;
  soloValidos: boolean;
  textoCatalogo: string;
  listaCatalogo: string;
}

interface TablaCompilada {
  condiciones: CondicionPresencia[];
  noEsObjeto: string;
  revisar: Revisor;
}

/** Checks every field of a record, in table order. */
type Revisor = (r: Registro, emitir: EmitirCampo) => void;

/** What a table's compiled checker calls: the field-by-field path and the catalog lookup. */
interface Apoyo {
  lento: (i: number, v: unknown, r: Registro, emitir: EmitirCampo) => void;
  catalogo: (i: number, v: string, emitir: EmitirCampo) => void;
  fechaValida: (v: string) => boolean;
  esCie10: (v: string) => boolean;
  esCodigo: (v: string, largo: number, letras: boolean) => boolean;
  digitosEnteros: (v: number) => number;
}

/**
 * The table's checker compiled with fixed property names and each field's test inlined: a valid
 * value costs one monomorphic load and a few comparisons on constants (a generic loop over field
 * descriptors was the checker's costliest part). Anything the inline test does not pass (a wrong
 * type, size, format, value, or a missing/null value that must be reported) goes to the
 * field-by-field path, which finds and words the finding exactly as before. The names come from
 * the static DT1 table, quoted by JSON.
 */
function revisor(campos: readonly Compilado[], apoyo: Apoyo): Revisor {
  const conjuntos: (ReadonlySet<string> | Uint8Array)[] = [];
  const conjunto = (s: ReadonlySet<string> | Uint8Array): string => {
    conjuntos.push(s);
    return `s${conjuntos.length - 1}`;
  };
  const lineas = campos.map((c, i) => {
    const leer = `v = r[${JSON.stringify(c.nombre)}];`;
    const lento = `lento(${i}, v, r, emitir);`;
    if (c.contenedor !== C_NINGUNO) return `${leer} ${lento}`;
    const ok: string[] = [];
    const ausente: string[] = [];
    let cuerpo = '';
    if (c.esN) {
      ok.push("typeof v === 'number'", 'v >= 0', c.entero ? 'Number.isInteger(v)' : 'Number.isFinite(v)');
      if (c.conLongitud) {
        if (c.largos) {
          const l = conjunto(c.largos);
          ok.push(`${l}[digitosEnteros(v)] === 1`);
        } else if (c.max <= 20) {
          // Integer digits of v ≥ 0 within [min, max] ⇔ 10^(min-1) ≤ v < 10^max (exact doubles).
          ok.push(`v < 1e${c.max}`);
          if (c.min >= 2) ok.push(`v >= 1e${c.min - 1}`);
        } else {
          ok.push(`digitosEnteros(v) >= ${c.min}`, `digitosEnteros(v) <= ${c.max}`);
        }
      }
      const cero = c.cantidad || c.dias ? lento : '';
      if (c.tabla) cuerpo = `if (v === 0) {${cero}} else catalogo(${i}, String(v), emitir);`;
      else if (cero) cuerpo = `if (v === 0) ${cero}`;
      if (!c.obligatorio) ausente.push('v === undefined');
      if (c.nAdmiteNulo) ausente.push('v === null');
    } else {
      ok.push("typeof v === 'string'", 'v.length !== 0');
      if (c.conLongitud) {
        if (c.largos) {
          const l = conjunto(c.largos);
          ok.push(`v.length < ${c.largos.length}`, `${l}[v.length] === 1`);
        } else {
          ok.push(`v.length >= ${c.min}`, `v.length <= ${c.max}`);
        }
      }
      switch (c.formato) {
        case F_FECHA:
          ok.push('v.length === 10', 'fechaValida(v)');
          break;
        case F_FECHA_HORA:
          ok.push('v.length === 16', 'fechaValida(v)');
          break;
        case F_CIE10:
          ok.push('esCie10(v)');
          break;
        case F_CUPS:
          ok.push('esCodigo(v, 6, true)');
          break;
        case F_DIVIPOLA:
          ok.push('esCodigo(v, 5, false)');
          break;
      }
      if (c.permitidos) ok.push(`${conjunto(c.permitidos)}.has(v)`);
      if (c.noAplican) ok.push(`!${conjunto(c.noAplican)}.has(v)`);
      if (c.validos) cuerpo = `if (!${conjunto(c.validos)}.has(v)) catalogo(${i}, v, emitir);`;
      else if (c.tabla) cuerpo = `catalogo(${i}, v, emitir);`;
      if (!c.obligatorio) ausente.push('v === undefined', 'v === null', "v === ''");
    }
    const siNo = ausente.length ? `else if (!(${ausente.join(' || ')})) ${lento}` : `else ${lento}`;
    return `${leer}\nif (${ok.join(' && ')}) {${cuerpo}} ${siNo}`;
  });
  // The sets the tests compare with, as constants of the generated function.
  const constantes = conjuntos.map((_, k) => `const s${k} = conjuntos[${k}];`).join('\n');
  const codigo = `const { lento, catalogo, fechaValida, esCie10, esCodigo, digitosEnteros } = apoyo;
${constantes}
return function revisar(r, emitir) {
let v;
${lineas.join('\n')}
};`;
  return new Function('apoyo', 'conjuntos', codigo)(apoyo, conjuntos) as Revisor;
}

function esObjeto(v: unknown): v is Registro {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function tipoJson(v: unknown): string {
  if (typeof v === 'string') return 'un texto';
  if (typeof v === 'number') return 'un número';
  if (typeof v === 'boolean') return 'un valor lógico (true/false)';
  if (Array.isArray(v)) return 'un arreglo';
  return 'un objeto';
}

/** The offending value when it is short enough to help; never whole objects. */
function valorCorto(v: unknown): unknown {
  if (typeof v === 'string') return v.length <= 60 ? v : undefined;
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return v;
  return undefined;
}

/**
 * RVG01 of a format or type breach, worded as the MUV's JSON schema answers it («La propiedad
 * [codPrestador] no cumple con el formato o tipo de dato requerido, Dato enviado [76001126940]»),
 * then what the field needs. A long value or a container is not echoed.
 */
function formatoOTipo(nombre: string, v: unknown, que: string): string {
  const corto = valorCorto(v);
  const dato = corto === undefined ? '' : `, Dato enviado [${String(corto)}]`;
  return `La propiedad [${nombre}] no cumple con el formato o tipo de dato requerido${dato}. ${que}`;
}

/** "4", "3 o 4", "6 u 8", "entre 4 y 256" for a sorted list of allowed lengths. */
function describirLargos(largos: number[]): string {
  if (largos.length === 1) return `exactamente ${largos[0]}`;
  const contiguo = largos.every((n, i) => i === 0 || n === largos[i - 1]! + 1);
  if (contiguo && largos.length > 2) return `entre ${largos[0]} y ${largos[largos.length - 1]}`;
  const ultimo = String(largos[largos.length - 1]);
  const conjuncion = ultimo.startsWith('8') || ultimo.startsWith('11') ? ' u ' : ' o ';
  return `${largos.slice(0, -1).join(', ')}${conjuncion}${ultimo}`;
}

function textoLongitud(spec: CampoSpec): string {
  const l = spec.longitud;
  if (!l) return '';
  const unidad = spec.tipo === 'N' ? 'dígitos' : 'caracteres';
  if ('valores' in l) {
    const sinCero = [...l.valores].filter((n) => n > 0).sort((a, b) => a - b);
    const nulo = l.valores.includes(0) && spec.tipo === 'C' ? ' (o null si no aplica)' : '';
    const u = sinCero.length === 1 && sinCero[0] === 1 ? 'carácter' : unidad;
    return `Debe tener ${describirLargos(sinCero)} ${u}${nulo}`;
  }
  const prefijo = spec.tipo === 'N' ? 'La parte entera debe tener' : 'Debe tener';
  if (l.min === l.max)
    return `${prefijo} exactamente ${l.min} ${l.min === 1 && spec.tipo === 'C' ? 'carácter' : unidad}`;
  if (l.min <= (spec.tipo === 'N' ? 1 : 0)) {
    return `${prefijo} como máximo ${l.max} ${unidad}${spec.tipo === 'C' ? ' (o null si no aplica)' : ''}`;
  }
  return `${prefijo} entre ${l.min} y ${l.max} ${unidad}`;
}

function formatoDe(spec: CampoSpec, tabla: string): number {
  switch (spec.formato) {
    case 'fecha':
      return F_FECHA;
    case 'fechaHora':
      return F_FECHA_HORA;
    case 'cie10':
      return F_CIE10;
    case 'cups':
      return F_CUPS;
    default:
      return tabla === 'Municipio' ? F_DIVIPOLA : F_NINGUNO;
  }
}

function listar(valores: Iterable<string>): string {
  return [...valores].join(', ');
}

function d2(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

const DIAS_MES = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** 0 valid · 1 malformed · 2 well-formed but not a calendar date/time. */
function revisarFecha(s: string, conHora: boolean): number {
  if (s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return 1; // '-'
  const a1 = d2(s, 0);
  const a2 = d2(s, 2);
  const mes = d2(s, 5);
  const dia = d2(s, 8);
  if (a1 < 0 || a2 < 0 || mes < 0 || dia < 0) return 1;
  let fuera = false;
  if (conHora) {
    if (s.charCodeAt(10) !== 32 || s.charCodeAt(13) !== 58) return 1; // ' ' ':'
    const h = d2(s, 11);
    const m = d2(s, 14);
    if (h < 0 || m < 0) return 1;
    fuera = h > 23 || m > 59;
  }
  const anio = a1 * 100 + a2;
  const bisiesto = (anio % 4 === 0 && anio % 100 !== 0) || anio % 400 === 0;
  const maxDia = mes === 2 && bisiesto ? 29 : (DIAS_MES[mes] ?? 0);
  return fuera || anio === 0 || mes < 1 || mes > 12 || dia < 1 || dia > maxDia ? 2 : 0;
}

/**
 * A valid date or date-time by the rules' parser: its memo then answers the rules that read the
 * same value right after. The rules accept year 0000 (as Date.UTC does); DT1 dates do not.
 */
function fechaValida(v: string): boolean {
  return !Number.isNaN(relojUtc(v)) && !v.startsWith('0000');
}

function digitosEnteros(v: number): number {
  const e = Math.floor(v);
  if (e < 10) return 1;
  if (e >= 1e21) return Math.floor(Math.log10(e)) + 1;
  // String(e).length without making the string: powers of ten below 1e22 are exact doubles.
  let n = 2;
  for (let p = 100; e >= p; p *= 10) n++;
  return n;
}

/**
 * Compiles each field table once (formats, lengths, catalog sets and message texts) and returns
 * a checker whose per-record loop allocates nothing but the findings it emits.
 */
export function crearVerificadorEstructura(campos: TablaCampos, catalogos: Catalogos): VerificadorEstructura {
  return new VerificadorCompilado(campos, catalogos);
}

class VerificadorCompilado implements VerificadorEstructura {
  private readonly tablas: Record<TipoRegistro, TablaCompilada>;
  private readonly sondeos = new Map<string, string[]>();
  /** Large tables whose existence check fell back to format because they are not loaded. */
  private readonly faltantes = new Set<string>();
  /** Loaded tables the compiled checks read. */
  private readonly usados = new Set<string>();

  catalogosFaltantes(): string[] {
    return [...this.faltantes].sort();
  }

  catalogosUsados(): string[] {
    return [...this.usados].sort();
  }

  constructor(
    campos: TablaCampos,
    private readonly catalogos: Catalogos,
  ) {
    const tablas = {} as Record<TipoRegistro, TablaCompilada>;
    for (const tipo of Object.keys(campos) as TipoRegistro[]) {
      const compilados = campos[tipo].map((s) => this.compilar(tipo, s));
      tablas[tipo] = {
        condiciones: CONDICIONES[tipo] ?? [],
        noEsObjeto: NO_ES_OBJETO[tipo],
        revisar: revisor(compilados, {
          lento: (i, v, r, emitir) => this.campo(compilados[i]!, v, r, emitir),
          catalogo: (i, v, emitir) => this.catalogo(compilados[i]!, v, emitir),
          fechaValida,
          esCie10,
          esCodigo,
          digitosEnteros,
        }),
      };
    }
    this.tablas = tablas;
  }

  /**
   * Enabled codes of a small table with codes of `largo` characters. `Catalogos` has no listing,
   * and these tables use 1–2 character codes, so probing that code space once (≤ 1,296 lookups)
   * gives the list for the messages and a fast path for the per-record check.
   */
  private sondear(tabla: string, largo: number): string[] {
    const clave = `${tabla}|${largo}`;
    let r = this.sondeos.get(clave);
    if (r) return r;
    r = [];
    if (largo === 1) {
      for (const a of ALFABETO_CODIGOS) if (this.catalogos.contiene(tabla, a)) r.push(a);
    } else if (largo === 2) {
      for (const a of ALFABETO_CODIGOS) {
        for (const b of ALFABETO_CODIGOS) if (this.catalogos.contiene(tabla, a + b)) r.push(a + b);
      }
    }
    this.sondeos.set(clave, r);
    return r;
  }

  /** Enabled rows of a small table (1–2 character codes) and their `extra[numeral]` values. */
  private filas(tabla: string): { codigo: string; extra?: Partial<Record<string, string>> }[] {
    return [...this.sondear(tabla, 1), ...this.sondear(tabla, 2)].map((codigo) => ({
      codigo,
      extra: this.catalogos.entrada(tabla, codigo)?.extra,
    }));
  }

  private columna(tabla: string, numeral: string): string[] {
    const valores = this.filas(tabla)
      .map((f) => f.extra?.[numeral])
      .filter((v): v is string => typeof v === 'string' && v !== '');
    return [...new Set(valores)];
  }

  /** Codes that do not apply to the field: from the catalog's applicability column when it has one. */
  private noAplican(id: string, tabla: string | null): readonly string[] | undefined {
    const numeral = COLUMNA_APLICA[id];
    if (tabla && numeral) {
      const filas = this.filas(tabla);
      if (filas.some((f) => f.extra?.[numeral] !== undefined)) {
        return filas.filter((f) => f.extra?.[numeral]?.toUpperCase() === 'NO').map((f) => f.codigo);
      }
    }
    return VALORES_NO_APLICAN[id];
  }

  private compilar(tipo: TipoRegistro, spec: CampoSpec): Compilado {
    const l = spec.longitud;
    let largos: Uint8Array | null = null;
    let min = 0;
    let max = Number.MAX_SAFE_INTEGER;
    if (l && 'valores' in l) {
      max = Math.max(...l.valores);
      min = Math.min(...l.valores);
      largos = new Uint8Array(max + 1);
      for (const n of l.valores) largos[n] = 1;
    } else if (l) {
      min = l.min;
      max = l.max;
    }
    const [tablaBase = '', columna] = (spec.catalogo ?? '').split(':');
    let tabla: string | null = null;
    let validos: ReadonlySet<string> | null = null;
    let soloValidos = false;
    let listaCatalogo = '';
    if (spec.catalogo && columna) {
      // A column (Sexo:Extra_III): a table loaded under that very name, else the column of the
      // loaded base table's enabled rows, else the values DT1 writes.
      if (this.catalogos.cargado(spec.catalogo)) {
        tabla = spec.catalogo;
      } else {
        const deTabla = this.catalogos.cargado(tablaBase)
          ? this.columna(tablaBase, columna.replace('Extra_', ''))
          : [];
        const fijos = VALORES_COLUMNA[spec.catalogo];
        if (deTabla.length || fijos) {
          // DT1's order first (M, F, I), then any other value the table adds.
          const orden = fijos
            ? [...fijos.filter((v) => deTabla.includes(v)), ...deTabla.filter((v) => !fijos.includes(v))]
            : deTabla;
          validos = new Set(deTabla.length ? orden : fijos);
          soloValidos = true;
          listaCatalogo = listar(validos);
        }
      }
    } else if (
      (TABLAS_PEQUENAS.has(tablaBase) || EXISTENCIA_RVG06.has(tablaBase)) &&
      this.catalogos.cargado(tablaBase)
    ) {
      tabla = tablaBase;
    } else if (EXISTENCIA_RVG06.has(tablaBase)) {
      this.faltantes.add(tablaBase);
    }
    if (tabla) this.usados.add(tabla);
    else if (soloValidos && this.catalogos.cargado(tablaBase)) this.usados.add(tablaBase);
    // The code length of the table: the field's only non-zero length ("2" or "0, 2").
    const largosCodigo = l
      ? 'valores' in l
        ? l.valores.filter((n) => n > 0)
        : l.min === l.max
          ? [l.min]
          : []
      : [];
    if (tabla && largosCodigo.length === 1 && largosCodigo[0]! <= 2) {
      const sondeo = this.sondear(tabla, largosCodigo[0]!);
      validos = new Set(sondeo);
      if (sondeo.length <= 40) listaCatalogo = listar(sondeo);
    }
    const permitidos = VALORES_PERMITIDOS[spec.id];
    const noAplican = this.noAplican(spec.id, tabla);
    return {
      nombre: spec.nombre,
      esN: spec.tipo === 'N',
      obligatorio: spec.requerido === 'si',
      contenedor: !CONTENEDORES.has(spec.nombre)
        ? C_NINGUNO
        : spec.nombre === 'usuarios'
          ? C_USUARIOS
          : C_SERVICIOS,
      largos,
      min,
      max,
      conLongitud: l !== undefined,
      fijo:
        l !== undefined && ('valores' in l ? l.valores.filter((n) => n > 0).length <= 2 : l.min === l.max),
      nAdmiteNulo: spec.tipo === 'N' && l !== undefined && min === 0,
      textoLongitud: textoLongitud(spec),
      entero: spec.tipo === 'N' && spec.formato !== 'decimal',
      formato: formatoDe(spec, tablaBase),
      cantidad: CANTIDADES.has(spec.nombre),
      ceroEnMagistral: tipo === 'medicamentos' && CERO_EN_MAGISTRAL.has(spec.nombre),
      dias: tipo === 'medicamentos' && spec.nombre === 'diasTratamiento',
      permitidos: permitidos ? new Set(permitidos) : null,
      textoPermitidos: permitidos ? listar(permitidos) : '',
      noAplican: noAplican?.length ? new Set(noAplican) : null,
      textoNoAplican: `no aplica en ${PLURAL[tipo]} según la tabla de referencia ${tablaBase}`,
      tabla,
      validos,
      soloValidos,
      textoCatalogo: spec.catalogo ?? '',
      listaCatalogo,
    };
  }

  verificar(tipo: TipoRegistro, registro: unknown, emitir: EmitirCampo): void {
    const t = this.tablas[tipo];
    if (!t) return;
    if (!esObjeto(registro)) {
      emitir({ codigo: 'RVG01', detalle: t.noEsObjeto });
      return;
    }
    t.revisar(registro, emitir);
    const condiciones = t.condiciones;
    for (let i = 0; i < condiciones.length; i++) this.condicion(condiciones[i]!, registro, emitir);
  }

  private campo(c: Compilado, v: unknown, r: Registro, emitir: EmitirCampo): void {
    if (c.contenedor !== C_NINGUNO) {
      this.contenedor(c, v, emitir);
      return;
    }
    if (v === undefined) {
      // Optional keys may be omitted (the MUV DTOs read them as null/0): only required ones are RVG01.
      if (c.obligatorio) {
        emitir({ codigo: 'RVG01', campo: c.nombre, detalle: `Falta el campo obligatorio «${c.nombre}».` });
      }
      return;
    }
    if (c.esN) this.numero(c, v, r, emitir);
    else this.cadena(c, v, emitir);
  }

  private contenedor(c: Compilado, v: unknown, emitir: EmitirCampo): void {
    if (c.contenedor === C_USUARIOS) {
      if (v === undefined || v === null) {
        emitir({
          codigo: 'RVG01',
          campo: c.nombre,
          detalle: 'Falta el arreglo «usuarios» con los usuarios atendidos y sus servicios.',
        });
      } else if (!Array.isArray(v)) {
        emitir({
          codigo: 'RVG01',
          campo: c.nombre,
          detalle: `«usuarios» debe ser un arreglo [ … ] de usuarios; llegó ${tipoJson(v)}.`,
        });
      }
      return;
    }
    // servicios: a non-object value is reported by the engine walker.
    if (v === undefined || v === null) {
      emitir({
        codigo: 'RVG01',
        campo: c.nombre,
        detalle: 'Falta el objeto «servicios» con los servicios prestados al usuario.',
      });
    }
  }

  private numero(c: Compilado, v: unknown, r: Registro, emitir: EmitirCampo): void {
    if (v === null) {
      if (!c.nAdmiteNulo) {
        emitir({
          codigo: 'RVG05',
          campo: c.nombre,
          valor: null,
          detalle: 'Es obligatorio: no puede ir null (un campo numérico que no aplica se informa con 0).',
        });
      }
      return;
    }
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      emitir({
        codigo: 'RVG01',
        campo: c.nombre,
        valor: valorCorto(v),
        detalle: formatoOTipo(
          c.nombre,
          v,
          `Debe ir como número sin comillas (tipo N); llegó ${tipoJson(v)}.`,
        ),
      });
      return;
    }
    if (v < 0) {
      emitir({
        codigo: 'RVG01',
        campo: c.nombre,
        valor: v,
        detalle: 'No se admiten valores negativos: los valores y cantidades se informan en positivo o en 0.',
      });
      return;
    }
    if (c.entero && !Number.isInteger(v)) {
      emitir({
        codigo: 'RVG01',
        campo: c.nombre,
        valor: v,
        detalle: formatoOTipo(c.nombre, v, 'No admite decimales: informe un número entero.'),
      });
      return;
    }
    if (c.conLongitud) {
      const n = digitosEnteros(v);
      if (c.largos ? n >= c.largos.length || c.largos[n] !== 1 : n < c.min || n > c.max) {
        const detalle = `${c.textoLongitud}; tiene ${n}.`;
        emitir(
          c.fijo
            ? { codigo: 'RVG01', campo: c.nombre, valor: v, detalle: formatoOTipo(c.nombre, v, detalle) }
            : { codigo: 'RVG05', campo: c.nombre, valor: v, detalle },
        );
        return;
      }
    }
    // Numeric codes of a loaded table (codServicio, unidadMedida, unidadMinDispensa); 0 = not applicable.
    if (c.tabla && v !== 0) {
      this.catalogo(c, String(v), emitir);
      return;
    }
    if (v === 0 && (c.cantidad || c.dias)) {
      if (c.ceroEnMagistral && r.tipoMedicamento === MAGISTRAL) return;
      if (c.cantidad) {
        emitir({
          codigo: 'RVG01',
          campo: c.nombre,
          valor: v,
          detalle: c.ceroEnMagistral
            ? 'La cantidad debe ser mayor que 0 (solo los principios activos de una preparación magistral, después del primero, llevan 0).'
            : 'La cantidad debe ser mayor que 0.',
        });
      } else {
        emitir({
          codigo: 'RVG06',
          campo: c.nombre,
          valor: v,
          detalle: 'Los días de tratamiento se informan en días completos, mínimo 1.',
        });
      }
    }
  }

  private cadena(c: Compilado, v: unknown, emitir: EmitirCampo): void {
    if (v === null || v === '') {
      if (c.obligatorio) {
        emitir({
          codigo: 'RVG05',
          campo: c.nombre,
          valor: v,
          detalle: 'Es obligatorio: no puede ir null ni vacío.',
        });
      }
      return;
    }
    if (typeof v !== 'string') {
      emitir({
        codigo: 'RVG01',
        campo: c.nombre,
        valor: valorCorto(v),
        detalle: formatoOTipo(
          c.nombre,
          v,
          `Debe ir como texto entre comillas (tipo C); llegó ${tipoJson(v)}.`,
        ),
      });
      return;
    }
    const n = v.length;
    if (c.conLongitud && (c.largos ? n >= c.largos.length || c.largos[n] !== 1 : n < c.min || n > c.max)) {
      const detalle = `${c.textoLongitud}; tiene ${n}.`;
      emitir({
        codigo: c.fijo ? 'RVG01' : 'RVG05',
        campo: c.nombre,
        valor: valorCorto(v),
        detalle: c.fijo ? formatoOTipo(c.nombre, v, detalle) : detalle,
      });
      return;
    }
    if (c.formato !== F_NINGUNO && !this.formatoValido(c, v, emitir)) return;
    if (c.permitidos && !c.permitidos.has(v)) {
      emitir({
        codigo: 'RVG06',
        campo: c.nombre,
        valor: v,
        detalle: `El valor «${v}» no se admite en este campo: solo ${c.textoPermitidos}.`,
      });
      return;
    }
    if (c.noAplican?.has(v)) {
      emitir({
        codigo: 'RVG06',
        campo: c.nombre,
        valor: v,
        detalle: `El código «${v}» ${c.textoNoAplican}.`,
      });
      return;
    }
    if (c.validos || c.tabla) this.catalogo(c, v, emitir);
  }

  private formatoValido(c: Compilado, v: string, emitir: EmitirCampo): boolean {
    let estado = 0;
    switch (c.formato) {
      case F_FECHA:
        estado = v.length !== 10 ? 1 : fechaValida(v) ? 0 : revisarFecha(v, false);
        break;
      case F_FECHA_HORA:
        estado = v.length !== 16 ? 1 : fechaValida(v) ? 0 : revisarFecha(v, true);
        break;
      case F_CIE10:
        estado = esCie10(v) ? 0 : 1;
        break;
      case F_CUPS:
        estado = esCodigo(v, 6, true) ? 0 : 1;
        break;
      case F_DIVIPOLA:
        estado = esCodigo(v, 5, false) ? 0 : 1;
        break;
    }
    if (estado === 0) return true;
    // A malformed date is a format breach of the schema (RVG01); a well-formed one that does not
    // exist, and the shape of CIE-10/CUPS/DIVIPOLA codes of the right length, stay content (RVG06).
    const fecha = c.formato === F_FECHA || c.formato === F_FECHA_HORA;
    emitir({
      codigo: fecha && estado === 1 ? 'RVG01' : 'RVG06',
      campo: c.nombre,
      valor: v,
      detalle:
        estado === 2
          ? `${c.formato === F_FECHA ? 'La fecha' : 'La fecha y hora'} ${v} no existe en el calendario. ${DETALLE_FORMATO[c.formato]}`
          : fecha
            ? formatoOTipo(c.nombre, v, DETALLE_FORMATO[c.formato]!)
            : DETALLE_FORMATO[c.formato]!,
    });
    return false;
  }

  private catalogo(c: Compilado, v: string, emitir: EmitirCampo): void {
    if (c.validos?.has(v)) return;
    if (!c.soloValidos && c.tabla && this.catalogos.contiene(c.tabla, v)) return;
    const tabla = c.tabla ?? c.textoCatalogo;
    const deshabilitado = c.tabla ? this.catalogos.entrada(c.tabla, v)?.habilitado === false : false;
    const lista = c.listaCatalogo ? ` (valores: ${c.listaCatalogo})` : '';
    emitir({
      codigo: 'RVG06',
      campo: c.nombre,
      valor: v,
      detalle: deshabilitado
        ? `El valor «${v}» está deshabilitado en la tabla ${tabla}${lista}.`
        : `El valor «${v}» no está en la tabla ${tabla}${lista}.`,
    });
  }

  private condicion(k: CondicionPresencia, r: Registro, emitir: EmitirCampo): void {
    const v = r[k.campo];
    if (v !== undefined && v !== null && v !== '') return;
    const s = r[k.si];
    const aplica =
      k.igual !== undefined
        ? s === k.igual
        : k.distintoDe !== undefined
          ? s !== k.distintoDe
          : s !== undefined && s !== null && s !== '';
    if (aplica) emitir({ codigo: 'RVG05', campo: k.campo, valor: v ?? null, detalle: k.detalle });
  }
}
