import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import countries from 'i18n-iso-countries';
import { NUMERALES_EXTRA, TABLA_PAIS, TABLAS_INCLUIDAS } from './tablas.js';
import type { EntradaCatalogo } from './tipos.js';

/** One shipped table as read from `catalogs/<tabla>.json`. */
export interface TablaIncluida {
  tabla: string;
  descripcion: string;
  fuente: string;
  /** AAAA-MM-DD: when the data was taken from its source. */
  fecha?: string;
  version: string;
  filas: EntradaCatalogo[];
}

/** A shipped catalog file that cannot be trusted: the service must not start with it. */
export class ErrorCatalogoIncluido extends Error {
  constructor(
    readonly archivo: string,
    readonly problemas: string[],
  ) {
    super(`El catálogo ${archivo} no es válido:\n${problemas.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ErrorCatalogoIncluido';
  }
}

/** `catalogs/` at the project root, found from this file both in `src/` and in `dist/src/`. */
function buscarDirectorio(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidato = path.join(dir, 'catalogs');
    if (existsSync(path.join(candidato, 'Sexo.json'))) return candidato;
    const padre = path.dirname(dir);
    if (padre === dir) return path.resolve('catalogs');
    dir = padre;
  }
}

export const DIRECTORIO_CATALOGOS = buscarDirectorio();

const FECHA = /^\d{4}-\d{2}-\d{2}$/;
const CLAVES_TABLA = new Set(['tabla', 'descripcion', 'fuente', 'fecha', 'version', 'filas']);
const CLAVES_FILA = new Set(['codigo', 'nombre', 'habilitado', 'extra']);
const NUMERALES = new Set<string>(NUMERALES_EXTRA);

function fechaValida(v: string): boolean {
  if (!FECHA.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

const textoNoVacio = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

function validarFila(f: unknown, i: number, problemas: string[]): EntradaCatalogo | undefined {
  const donde = `filas[${i}]`;
  if (typeof f !== 'object' || f === null || Array.isArray(f)) {
    problemas.push(`${donde} no es un objeto.`);
    return undefined;
  }
  const o = f as Record<string, unknown>;
  for (const k of Object.keys(o))
    if (!CLAVES_FILA.has(k)) problemas.push(`${donde}: campo desconocido «${k}».`);
  const antes = problemas.length;
  if (!textoNoVacio(o.codigo) || o.codigo !== o.codigo.trim()) {
    problemas.push(`${donde}: «codigo» debe ser un texto no vacío sin espacios al inicio o al final.`);
  }
  if (typeof o.nombre !== 'string') problemas.push(`${donde}: «nombre» debe ser un texto.`);
  if (typeof o.habilitado !== 'boolean') problemas.push(`${donde}: «habilitado» debe ser true o false.`);
  let extra: Record<string, string> | undefined;
  if (o.extra !== undefined) {
    if (typeof o.extra !== 'object' || o.extra === null || Array.isArray(o.extra)) {
      problemas.push(`${donde}: «extra» debe ser un objeto { "II": "…" }.`);
    } else {
      extra = {};
      for (const [k, v] of Object.entries(o.extra)) {
        if (!NUMERALES.has(k)) problemas.push(`${donde}: extra.${k} no es una columna Extra_I…Extra_X.`);
        else if (typeof v !== 'string') problemas.push(`${donde}: extra.${k} debe ser un texto.`);
        else extra[k] = v;
      }
    }
  }
  if (problemas.length > antes) return undefined;
  return {
    codigo: o.codigo as string,
    nombre: o.nombre as string,
    habilitado: o.habilitado as boolean,
    ...(extra ? { extra } : {}),
  };
}

/** Reads and validates one shipped file; throws ErrorCatalogoIncluido with every problem found. */
export function leerTablaIncluida(archivo: string): TablaIncluida {
  let datos: unknown;
  try {
    datos = JSON.parse(readFileSync(archivo, 'utf8'));
  } catch (e) {
    throw new ErrorCatalogoIncluido(archivo, [`No se pudo leer como JSON: ${(e as Error).message}`]);
  }
  const problemas: string[] = [];
  if (typeof datos !== 'object' || datos === null || Array.isArray(datos)) {
    throw new ErrorCatalogoIncluido(archivo, ['El archivo debe contener un objeto JSON.']);
  }
  const t = datos as Record<string, unknown>;
  for (const k of Object.keys(t)) if (!CLAVES_TABLA.has(k)) problemas.push(`Campo desconocido «${k}».`);
  const esperado = path.basename(archivo, '.json');
  if (t.tabla !== esperado) problemas.push(`«tabla» debe ser «${esperado}» (el nombre del archivo).`);
  for (const k of ['descripcion', 'fuente', 'version'] as const) {
    if (!textoNoVacio(t[k])) problemas.push(`«${k}» es obligatorio y debe ser un texto.`);
  }
  if (typeof t.fecha !== 'string' || !fechaValida(t.fecha)) {
    problemas.push('«fecha» es obligatoria, con formato AAAA-MM-DD.');
  }
  const filas: EntradaCatalogo[] = [];
  if (!Array.isArray(t.filas) || t.filas.length === 0) {
    problemas.push('«filas» debe ser una lista con al menos una fila.');
  } else {
    const vistos = new Map<string, number>();
    t.filas.forEach((f, i) => {
      const fila = validarFila(f, i, problemas);
      if (!fila) return;
      const previa = vistos.get(fila.codigo);
      if (previa !== undefined)
        problemas.push(`filas[${i}]: el código «${fila.codigo}» ya está en filas[${previa}].`);
      vistos.set(fila.codigo, i);
      filas.push(fila);
    });
  }
  if (problemas.length) throw new ErrorCatalogoIncluido(archivo, problemas);
  return {
    tabla: t.tabla as string,
    descripcion: t.descripcion as string,
    fuente: t.fuente as string,
    fecha: t.fecha as string,
    version: t.version as string,
    filas,
  };
}

const cache = new Map<string, TablaIncluida[]>();

/**
 * Every `*.json` of the catalogs folder, validated. Fails when a file is malformed or a table
 * the rules count on is missing: validating without it would reject valid codes.
 */
export function cargarTablasIncluidas(directorio: string = DIRECTORIO_CATALOGOS): TablaIncluida[] {
  const enCache = cache.get(directorio);
  if (enCache) return enCache;
  let archivos: string[];
  try {
    archivos = readdirSync(directorio).filter((a) => a.endsWith('.json'));
  } catch (e) {
    throw new ErrorCatalogoIncluido(directorio, [`No se pudo leer la carpeta: ${(e as Error).message}`]);
  }
  const tablas = archivos.sort().map((a) => leerTablaIncluida(path.join(directorio, a)));
  const presentes = new Set(tablas.map((t) => t.tabla));
  const faltan = TABLAS_INCLUIDAS.filter((t) => !presentes.has(t));
  if (faltan.length) {
    throw new ErrorCatalogoIncluido(
      directorio,
      faltan.map((t) => `Falta ${t}.json: es una tabla pequeña que debe ir incluida con el servicio.`),
    );
  }
  cache.set(directorio, tablas);
  return tablas;
}

const requerir = createRequire(import.meta.url);
let pais: TablaIncluida | undefined;

/** ISO 3166-1 numeric codes (3 digits, Colombia = 170) with Spanish names. */
export function tablaPais(): TablaIncluida {
  if (pais) return pais;
  countries.registerLocale(requerir('i18n-iso-countries/langs/es.json'));
  const version = (requerir('i18n-iso-countries/package.json') as { version: string }).version;
  const filas = Object.entries(countries.getNumericCodes())
    .map(([numerico, alfa2]) => ({
      codigo: numerico.padStart(3, '0'),
      nombre: countries.getName(alfa2, 'es') ?? alfa2,
      habilitado: true,
    }))
    .sort((a, b) => a.codigo.localeCompare(b.codigo));
  pais = {
    tabla: TABLA_PAIS,
    descripcion: 'Países (codPaisResidencia, codPaisOrigen): códigos ISO 3166-1 numéricos de 3 dígitos.',
    fuente: `ISO 3166-1 numérico, de la librería i18n-iso-countries ${version} (nombres en español).`,
    version,
    filas,
  };
  return pais;
}
