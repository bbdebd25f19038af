import type { ErrorAccionable } from '../../errores/error-accionable.js';
import { ubicacion } from '../../errores/ubicacion.js';
import { limpiarTexto, mensajeProblemaValor, revisarValor } from '../json-acotado.js';
import { PERFILES, tipoDelBundle } from '../perfiles.js';
import type { TipoRda } from '../tipos.js';
import { crearContexto, esObj, type Hallazgo } from './contexto.js';
import { REGISTRO_RDA, regla } from './registro.js';

const MAX_RUTA = 300;
const MAX_DETALLE = 500;

/**
 * Checks an RDA document Bundle against the profile facts of the official guide (our own
 * rules, rda.md §2). `valid` = no finding of severity rechazo. Pure: no I/O.
 */
export function lintearBundle(
  bundle: unknown,
  opciones: { tipo?: TipoRda; ahora?: Date } = {},
): { valid: boolean; errores: ErrorAccionable[] } {
  const ahora = opciones.ahora ?? new Date();
  const hallazgos: Hallazgo[] = [];
  if (!esObj(bundle) || bundle.resourceType !== 'Bundle') {
    hallazgos.push({ codigo: 'RDA01', ruta: 'Bundle', detalle: 'El documento no es un recurso Bundle.' });
    return resultado(hallazgos);
  }
  // Before any rule: a document nested beyond any FHIR need (or with text that cannot be stored)
  // would overflow the stack of a walk or a JSON.stringify; one finding, no rule runs.
  const problema = revisarValor(bundle, 'Bundle');
  if (problema) {
    hallazgos.push({ codigo: 'RDA01', ruta: problema.ruta, detalle: mensajeProblemaValor(problema) });
    return resultado(hallazgos);
  }
  const tipo = opciones.tipo ?? tipoDelBundle(bundle);
  const ctx = crearContexto(bundle, tipo, tipo ? PERFILES[tipo] : undefined, ahora);
  for (const r of REGISTRO_RDA) {
    if (r.tipos && (!tipo || !r.tipos.includes(tipo))) continue;
    // Paths and details may quote the document (keys, references, codes): bounded in size.
    r.chequear(ctx, (ruta, detalle) =>
      hallazgos.push({
        codigo: r.codigo,
        ruta: limpiarTexto(ruta, MAX_RUTA),
        ...(detalle ? { detalle: limpiarTexto(detalle, MAX_DETALLE) } : {}),
      }),
    );
  }
  return resultado(sinRepetir(hallazgos));
}

/**
 * A guide fact (RDA80–84) on an element a rechazo rule of its own already reports says the same
 * thing twice (RDA30 and the identifier's 1..1, RDA36 and the ethnicity slice): that finding is
 * enough. Likewise what a missing element (RDA84) implies below it (no RETHUS qualification, so no
 * RETHUS title either).
 */
function sinRepetir(hallazgos: Hallazgo[]): Hallazgo[] {
  const rechazos = hallazgos
    .filter((h) => !CODIGOS_GUIA.has(h.codigo) && regla(h.codigo).severidad === 'rechazo')
    .map((h) => h.ruta);
  const faltas = hallazgos.filter((h) => h.codigo === 'RDA84').map((h) => h.ruta);
  if (rechazos.length === 0 && faltas.length === 0) return hallazgos;
  // The element itself and its children, not its siblings in the same array (a diagnosis rank out of
  // the guide's stays reported next to «falta el diagnóstico de rango 1»).
  const cubierta = (r: string) => rechazos.some((x) => r === x || r.startsWith(`${x}.`));
  const debajo = (r: string) => faltas.some((x) => r.startsWith(`${x}.`));
  return hallazgos.filter((h) => !CODIGOS_GUIA.has(h.codigo) || !(cubierta(h.ruta) || debajo(h.ruta)));
}
const CODIGOS_GUIA = new Set(['RDA80', 'RDA81', 'RDA82', 'RDA83', 'RDA84']);

function resultado(hallazgos: Hallazgo[]): { valid: boolean; errores: ErrorAccionable[] } {
  const errores = hallazgos.map(explicar);
  return { valid: !errores.some((e) => e.severidad === 'rechazo'), errores };
}

function explicar(h: Hallazgo): ErrorAccionable {
  const r = regla(h.codigo);
  return {
    codigo: r.codigo,
    severidad: r.severidad,
    fuente: 'linter-rda',
    ubicacion: ubicacion({
      campoNombre: r.campo,
      ruta: h.ruta,
      descripcion: `${r.campo} · ${h.ruta}`,
    }),
    titulo: r.titulo,
    explicacion: h.detalle ? `${r.explicacion} ${h.detalle}` : r.explicacion,
    comoCorregir: r.comoCorregir,
    mensajeOriginal: null,
  };
}
