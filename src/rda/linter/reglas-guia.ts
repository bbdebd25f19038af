import { DOCUMENTOS_GUIA } from '../guia/documentos.js';
import { evaluarGuia, type FaltaGuia, perfilesDeclarados, type RecursoDelBundle } from '../guia/evaluar.js';
import { type CodigoGuia, hechosDe } from '../guia/hechos.js';
import { FIJOS_RECURSOS } from '../guia/recursos.js';
import type { TipoRda } from '../tipos.js';
import type { ContextoLint, ReglaRda } from './contexto.js';

/**
 * The guide's fixed values, slices, cardinalities and code lists (src/rda/guia) as linter rules.
 * The IHCE platform runs a profile validator that rejects a cardinality breach (issue 32: a patient
 * without ExtensionPatientEthnicity 1..1): those findings, whatever fact raised them, are RDA84 (a
 * required element or slice is absent) and RDA82 (present too many or too few times), rechazo.
 * Fixed values, slices and code lists stay avisos (RDA80, RDA81, RDA83): nothing captured shows
 * the platform refusing one, and it took the guide's own deviations (docs/rda-documentos.md).
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

/** The linter code of a breach: cardinality by its class (rechazo), the rest by its fact (aviso). */
export function codigoDeFalta(f: FaltaGuia): CodigoGuia {
  if (f.clase === 'falta') return 'RDA84';
  if (f.clase === 'cantidad') return 'RDA82';
  return f.codigo;
}

const regla = (
  codigo: CodigoGuia,
  severidad: ReglaRda['severidad'],
  campo: string,
  titulo: string,
  explicacion: string,
  comoCorregir: string,
  visto?: string,
): ReglaRda => ({
  codigo,
  severidad,
  campo,
  titulo,
  explicacion,
  comoCorregir,
  ...(visto ? { visto } : {}),
  chequear(ctx, emitir) {
    for (const f of faltas(ctx)) if (codigoDeFalta(f) === codigo) emitir(f.ruta, f.detalle);
  },
});

export const REGLAS_GUIA: ReglaRda[] = [
  regla(
    'RDA80',
    'aviso-conformidad',
    'Valor fijo de la guía',
    'Un texto o código fijado por la guía RDA 1.0.0 no coincide',
    'La guía oficial fija títulos de secciones, displays de códigos, identificadores de rebanadas y otros valores exactos; el validador del perfil los compara letra por letra. Es un aviso: ninguna respuesta capturada de la plataforma rechaza un valor fijo.',
    'Use exactamente el valor indicado en el detalle (docs/rda-documentos.md lista todos los valores fijos).',
    'Sandbox IHCE, abril de 2026: ninguna respuesta capturada rechaza un valor fijo; aceptó una alergia con el estado de verificación del sistema condition-ver-status (el que la guía fija para la alergia declarada por el paciente; el de FHIR es allergyintolerance-verification).',
  ),
  regla(
    'RDA81',
    'aviso-conformidad',
    'Rebanada de la guía',
    'Un elemento no corresponde a la rebanada que le asigna la guía',
    'Los diagnósticos del encuentro se rebanan por rango (cada rango con su id y rol fijos) y el participante por tipo; las rebanadas son cerradas: no caben otros rangos, tipos ni el servicio REPS en urgencias y hospitalización. También es RDA81 attachment.contentType en la epicrisis, que la guía prohíbe (0..0) por un defecto propio (choca con att-1 y con el Manual). Es un aviso; que falte una rebanada obligatoria es RDA84 (rechazo).',
    'Asigne a cada diagnóstico el rango, el id y el rol de su rebanada y deje un solo participante con el tipo del perfil.',
  ),
  regla(
    'RDA82',
    'rechazo',
    'Cardinalidad del perfil',
    'Un elemento aparece más veces de las que admite el perfil o menos de las que exige',
    'La plataforma valida cada recurso contra su perfil RDA y rechaza una cardinalidad incumplida (lo mostró con una mínima, RDA84; su mensaje, «Instance count for … is N, which is not within the specified cardinality of min..max», es el mismo para el máximo): un elemento o una rebanada que aparece más veces de las que admite (dos participantes del encuentro, dos autores, dos CIE-10) o menos de las que exige sin faltar del todo (dos tipos del encuentro de tres). El detalle dice qué regla de la guía y cuántos hay.',
    'Ajuste el número de elementos al indicado en el detalle.',
  ),
  regla(
    'RDA83',
    'aviso-conformidad',
    'Código de una lista de la guía',
    'Un código no pertenece a la lista de la guía o su display no es el oficial',
    'Las listas de códigos de la guía (etnia, discapacidad, tipo de documento, modalidad, grupo de servicios, entorno, rol y tipo de diagnóstico, vía de ingreso, condición al egreso, triage, alergia, parentesco, clase de prestador) se validan con su display oficial. Es un aviso: la plataforma no aplica los vínculos de código (aceptó una alergia con un estado de verificación de otro sistema).',
    'Use un código de la lista indicada y su display exacto.',
    'Sandbox IHCE, abril de 2026: aceptó la etnia con el código 2 de la guía (sin cero a la izquierda), ExtensionDiagnosisType como valueCoding y el estado de verificación de una alergia del sistema condition-ver-status, ajeno al vínculo obligatorio de FHIR.',
  ),
  regla(
    'RDA84',
    'rechazo',
    'Elemento obligatorio del perfil',
    'Falta un elemento o una rebanada que el perfil exige',
    'La plataforma valida cada recurso contra su perfil RDA y rechaza el documento si falta un elemento o una rebanada obligatoria (mínimo 1): la dirección completa y la clase del prestador, la descripción de la epicrisis, el display del CIE-10 y del título RETHUS, la extensión de sexo biológico en Patient.gender, la zona de residencia, el tipo de los diagnósticos de ingreso y egreso, el participante del encuentro, entre otros. El detalle dice cuál.',
    'Envíe el elemento indicado en el detalle.',
    "Sandbox IHCE, abril de 2026: rechazó un RDA de paciente sin ExtensionPatientEthnicity con «Instance count for 'Patient.extension:ExtensionPatientEthnicity' is 0, which is not within the specified cardinality of 1..1» (code invalid, el texto en details.text): cada cardinalidad mínima de la guía se hace cumplir.",
  ),
];
