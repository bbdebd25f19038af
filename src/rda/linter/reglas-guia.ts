import { DOCUMENTOS_GUIA } from '../guia/documentos.js';
import { evaluarGuia, type FaltaGuia, perfilesDeclarados, type RecursoDelBundle } from '../guia/evaluar.js';
import { type CodigoGuia, hechosDe } from '../guia/hechos.js';
import { FIJOS_RECURSOS } from '../guia/recursos.js';
import type { TipoRda } from '../tipos.js';
import type { ContextoLint, ReglaRda } from './contexto.js';

/**
 * The guide's fixed values, slices, cardinalities and code lists (src/rda/guia) as linter rules.
 * All are aviso-conformidad: the platform's gateway accepts profile-only breaches and returns a
 * VIDA; what it is known to refuse stays in the rechazo rules of the other modules.
 */
const PREFIJO = 'https://fhir.minsalud.gov.co/rda/StructureDefinition/';

/** Profile names of the bundle type for each resource type with a single one (undeclared resources get it). */
function perfilesUnicos(tipo: TipoRda, ctx: ContextoLint): Map<string, string> {
  const g = DOCUMENTOS_GUIA[tipo];
  const porTipo = new Map<string, Set<string>>();
  for (const r of ctx.perfil?.rebanadas ?? [])
    if (r.perfil)
      porTipo.set(r.recurso, (porTipo.get(r.recurso) ?? new Set()).add(r.perfil.slice(PREFIJO.length)));
  const unicos = new Map<string, string>();
  for (const [recurso, p] of porTipo) if (p.size === 1) unicos.set(recurso, [...p][0]!);
  unicos.set('Composition', g.composicion);
  if (g.encuentro) unicos.set('Encounter', g.encuentro.perfil);
  return unicos;
}

/** Resources with the profiles they are held to: declared ones, else the only one of their type. */
export function recursosDelBundle(ctx: ContextoLint): RecursoDelBundle[] {
  const unicos = ctx.tipo ? perfilesUnicos(ctx.tipo, ctx) : new Map<string, string>();
  return ctx.entradas.map((e) => {
    const declarados = perfilesDeclarados(e.recurso);
    const inferido = unicos.get(e.tipoRecurso);
    // The Composition and the Encounter follow the document type even when they declare another.
    const fijo = e.tipoRecurso === 'Composition' || e.tipoRecurso === 'Encounter' ? inferido : undefined;
    const perfiles = fijo ? [fijo] : declarados.length ? declarados : inferido ? [inferido] : [];
    return { recurso: e.recurso, ruta: e.ruta, perfiles };
  });
}

const memo = new WeakMap<ContextoLint, FaltaGuia[]>();
function faltas(ctx: ContextoLint): FaltaGuia[] {
  let f = memo.get(ctx);
  if (!f) {
    f = evaluarGuia(ctx.tipo ? hechosDe(ctx.tipo) : FIJOS_RECURSOS, recursosDelBundle(ctx));
    memo.set(ctx, f);
  }
  return f;
}

const regla = (
  codigo: CodigoGuia,
  campo: string,
  titulo: string,
  explicacion: string,
  comoCorregir: string,
): ReglaRda => ({
  codigo,
  severidad: 'aviso-conformidad',
  campo,
  titulo,
  explicacion,
  comoCorregir,
  chequear(ctx, emitir) {
    for (const f of faltas(ctx)) if (f.codigo === codigo) emitir(f.ruta, f.detalle);
  },
});

export const REGLAS_GUIA: ReglaRda[] = [
  regla(
    'RDA80',
    'Valor fijo de la guía',
    'Un texto o código fijado por la guía RDA 1.0.0 no coincide',
    'La guía oficial fija títulos de secciones, displays de códigos, identificadores de rebanadas y otros valores exactos; el validador del perfil los compara letra por letra.',
    'Use exactamente el valor indicado en el detalle (docs/rda-documentos.md lista todos los valores fijos).',
  ),
  regla(
    'RDA81',
    'Rebanada de la guía',
    'Un elemento no corresponde a la rebanada que le asigna la guía',
    'Los diagnósticos del encuentro se rebanan por rango (cada rango con su id y rol fijos) y el participante por tipo; las rebanadas son cerradas: no caben otros rangos, tipos ni el servicio REPS en urgencias y hospitalización.',
    'Asigne a cada diagnóstico el rango, el id y el rol de su rebanada y deje un solo participante con el tipo del perfil.',
  ),
  regla(
    'RDA82',
    'Cardinalidad de la guía',
    'Un elemento aparece más o menos veces de las que admite la guía',
    'La guía fija cuántas veces aparece cada elemento (secciones por tipo de RDA, entradas por sección, diagnósticos, tipos y participantes del encuentro, identificadores del prestador).',
    'Ajuste el número de elementos al indicado en el detalle.',
  ),
  regla(
    'RDA83',
    'Código de una lista de la guía',
    'Un código no pertenece a la lista de la guía o su display no es el oficial',
    'Las listas de códigos de la guía (etnia, discapacidad, tipo de documento, modalidad, grupo de servicios, entorno, rol y tipo de diagnóstico, vía de ingreso, condición al egreso, triage, alergia, parentesco, clase de prestador) se validan con su display oficial.',
    'Use un código de la lista indicada y su display exacto.',
  ),
  regla(
    'RDA84',
    'Elemento obligatorio de la guía',
    'Falta un elemento que la guía exige',
    'La guía exige elementos que FHIR deja opcionales: la dirección completa y la clase del prestador, la descripción de la epicrisis, el display del código CIE-10 y del título RETHUS, la extensión de sexo biológico en Patient.gender, el tipo de los diagnósticos de ingreso y egreso, entre otros.',
    'Envíe el elemento indicado en el detalle.',
  ),
];
