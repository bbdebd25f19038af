import { MAX_PROFUNDIDAD_RDA, mostrarValor } from '../json-acotado.js';
import type { Rebanada } from '../perfiles.js';
import { REFERENCIA_MINSALUD, SISTEMAS } from '../tipos.js';
import { arr, type ContextoLint, type Entrada, esObj, objs, type ReglaRda, texto } from './contexto.js';

const FECHA_HORA_FHIR =
  /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2})$/;

/** The Manual's shortcut for an IPS not sent as an entry: `#{habilitation code}` as custodian/serviceProvider. */
const prestadorExterno = (ruta: string, ref: string) =>
  /\.(custodian|serviceProvider)\.reference$/.test(ruta) && /^#[0-9]{10,12}$/.test(ref);

/**
 * Every `reference` string inside a resource, with its FHIR path, in document order. Iterative and
 * bounded in depth: a hostile resource nested thousands of levels cannot overflow the stack
 * (lintearBundle reports such a document as RDA01 before any rule runs).
 */
function referencias(recurso: unknown, raiz: string): { ruta: string; ref: string }[] {
  const out: { ruta: string; ref: string }[] = [];
  // [value, path, level]; a level of -1 marks a reference string already found (kept in order).
  const pila: [unknown, string, number][] = [[recurso, raiz, 0]];
  while (pila.length) {
    const [v, ruta, nivel] = pila.pop()!;
    if (nivel < 0) {
      out.push({ ruta, ref: v as string });
      continue;
    }
    if (nivel >= MAX_PROFUNDIDAD_RDA) continue;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) pila.push([v[i], `${ruta}[${i}]`, nivel + 1]);
    } else if (esObj(v)) {
      const entradas = Object.entries(v);
      for (let i = entradas.length - 1; i >= 0; i--) {
        const [k, x] = entradas[i]!;
        if (k === 'reference' && typeof x === 'string') pila.push([x, `${ruta}.reference`, -1]);
        else if (typeof x === 'object' && x !== null) pila.push([x, `${ruta}.${k}`, nivel + 1]);
      }
    }
  }
  return out;
}

/**
 * The entries of a bundle slice: those that declare its profile; one that declares none of its
 * type's profiles counts only when the type has a single slice (otherwise RDA10 reports it). A
 * payer Organization is thus not the IPS.
 */
function deLaRebanada(ctx: ContextoLint, r: Rebanada, rebanadas: readonly Rebanada[]): Entrada[] {
  const declara = (e: Entrada, p: string) => objs([e.recurso.meta]).some((m) => arr(m.profile).includes(p));
  const hermanas = rebanadas.filter((x) => x.recurso === r.recurso);
  return ctx
    .porTipo(r.recurso)
    .filter(
      (e) => declara(e, r.perfil) || (hermanas.length === 1 && !hermanas.some((h) => declara(e, h.perfil))),
    );
}

const memoReferencias = new WeakMap<ContextoLint, { e: Entrada; refs: { ruta: string; ref: string }[] }[]>();
/** The references of every entry, walked once per document (RDA07 and RDA27 both read them). */
function referenciasDe(ctx: ContextoLint) {
  let m = memoReferencias.get(ctx);
  if (!m) {
    m = ctx.entradas.map((e) => ({ e, refs: referencias(e.recurso, e.ruta) }));
    memoReferencias.set(ctx, m);
  }
  return m;
}

export const REGLAS_BUNDLE: ReglaRda[] = [
  {
    codigo: 'RDA02',
    severidad: 'rechazo',
    campo: 'Tipo de Bundle',
    titulo: 'El Bundle no es de tipo «document»',
    explicacion: 'Todo RDA se envía como un Bundle FHIR de tipo document; la plataforma rechaza otros tipos.',
    comoCorregir: 'Envíe Bundle.type = "document" (no transaction ni collection).',
    chequear(ctx, emitir) {
      if (ctx.bundle.type !== 'document')
        emitir('Bundle.type', `Valor recibido: ${mostrarValor(ctx.bundle.type ?? 'ninguno')}.`);
    },
  },
  {
    codigo: 'RDA03',
    severidad: 'rechazo',
    campo: 'Fecha y hora del documento',
    titulo: 'Falta la fecha y hora del Bundle o no es válida',
    explicacion: 'El perfil exige Bundle.timestamp (1..1) con fecha, hora y zona horaria.',
    comoCorregir: 'Envíe Bundle.timestamp como 2026-11-20T10:00:00-05:00.',
    chequear(ctx, emitir) {
      const t = ctx.bundle.timestamp;
      if (typeof t !== 'string' || !FECHA_HORA_FHIR.test(t) || Number.isNaN(Date.parse(t)))
        emitir('Bundle.timestamp');
    },
  },
  {
    codigo: 'RDA04',
    severidad: 'aviso-conformidad',
    campo: 'Identificador VIDA del documento',
    titulo: 'El identificador del Bundle no usa el sistema del VIDA',
    explicacion:
      'Bundle.identifier es opcional (la plataforma asigna el VIDA), pero si se envía su sistema es identifier-RDA y su valor es obligatorio.',
    comoCorregir: `Omita Bundle.identifier o use system = ${SISTEMAS.vida} con un valor.`,
    chequear(ctx, emitir) {
      const id = ctx.bundle.identifier;
      if (id === undefined) return;
      if (!esObj(id) || id.system !== SISTEMAS.vida || !texto(id.value)) emitir('Bundle.identifier');
    },
  },
  {
    codigo: 'RDA05',
    severidad: 'rechazo',
    campo: 'Entradas del documento',
    titulo: 'Bundle sin entradas, entrada sin recurso o fullUrl repetido',
    explicacion:
      'Un Bundle document tiene entradas y cada una lleva un recurso FHIR (con resourceType). Dos entradas con el mismo fullUrl hacen ambigua toda referencia a ese fullUrl: el documento no se puede leer.',
    comoCorregir:
      'Quite las entradas vacías o complételas con su recurso, y dé a cada entrada un fullUrl distinto (urn:uuid:…).',
    chequear(ctx, emitir) {
      const entradas = arr(ctx.bundle.entry);
      if (entradas.length === 0) {
        emitir('Bundle.entry', 'El Bundle no tiene entradas.');
        return;
      }
      const vistos = new Set<string>();
      entradas.forEach((e, i) => {
        if (!esObj(e) || !esObj(e.resource) || typeof e.resource.resourceType !== 'string') {
          emitir(`Bundle.entry[${i}].resource`, 'La entrada no tiene un recurso FHIR.');
          return;
        }
        // Without fullUrl (official Postman bodies) the entry is reached by «#id» or «Tipo/id»: RDA28.
        const url = texto(e.fullUrl);
        if (!url) return;
        if (vistos.has(url))
          emitir(`Bundle.entry[${i}].fullUrl`, `fullUrl repetido: ${mostrarValor(url, 80)}.`);
        vistos.add(url);
      });
    },
  },
  {
    codigo: 'RDA06',
    severidad: 'rechazo',
    campo: 'Composición del documento',
    titulo: 'Falta la Composition como primera entrada',
    explicacion:
      'Un Bundle document empieza por exactamente una Composition: es el índice del RDA (tipo, paciente, autor, secciones).',
    comoCorregir: 'Ponga la Composition del RDA como primera entrada y no repita otra.',
    chequear(ctx, emitir) {
      const comps = ctx.porTipo('Composition');
      if (comps.length === 0) emitir('Bundle.entry[0].resource', 'No hay ninguna Composition.');
      else if (comps[0]!.indice !== 0)
        emitir('Bundle.entry[0].resource', 'La Composition no es la primera entrada.');
      if (comps.length > 1) emitir(comps[1]!.ruta, `Hay ${comps.length} Composition.`);
    },
  },
  {
    codigo: 'RDA07',
    severidad: 'rechazo',
    campo: 'Referencias internas',
    titulo: 'Una referencia no apunta a ninguna entrada del Bundle',
    explicacion:
      'En un documento toda referencia se resuelve dentro del mismo Bundle: por el fullUrl de una entrada o, como en los cuerpos oficiales de Postman, por «Tipo/id» o «#id». La única externa que fija la guía es Organization/MinSalud, custodio de la epicrisis; el Manual admite además «#{código de habilitación}» como custodio y prestador del encuentro.',
    comoCorregir:
      'Incluya el recurso referenciado como entrada del Bundle y use como referencia su fullUrl (urn:uuid:…).',
    chequear(ctx, emitir) {
      for (const { refs } of referenciasDe(ctx)) {
        for (const { ruta, ref } of refs) {
          if (ref === REFERENCIA_MINSALUD || prestadorExterno(ruta, ref)) continue;
          if (!ctx.resolver(ref)) emitir(ruta, `Referencia sin destino: ${ref}.`);
        }
      }
    },
  },
  {
    codigo: 'RDA27',
    severidad: 'aviso-conformidad',
    campo: 'Referencias internas',
    titulo: 'Referencia con la convención «#id» del Manual',
    explicacion:
      'El Manual de operaciones usa referencias «#Tipo-n», «#CC-123» y, para el prestador no incluido, «#{código de habilitación}». La plataforma las acepta, pero no son referencias FHIR válidas entre entradas (ref-1) y el validador oficial las reporta.',
    comoCorregir:
      'Prefiera el fullUrl de la entrada (urn:uuid:…); si usa «#id», que apunte a un recurso del Bundle o, solo en custodian/serviceProvider, al código de habilitación.',
    // One finding per resource, not per reference: a Postman-style body has dozens of them.
    chequear(ctx, emitir) {
      for (const { e, refs } of referenciasDe(ctx)) {
        const locales: string[] = [];
        let primera: string | undefined;
        for (const { ruta, ref } of refs) {
          if (!ref.startsWith('#')) continue;
          if (!prestadorExterno(ruta, ref) && !ctx.resolver(ref)) continue; // RDA07
          primera ??= ruta;
          locales.push(prestadorExterno(ruta, ref) ? `${ref} (prestador externo, Manual §5.3 c)` : ref);
        }
        if (primera)
          emitir(
            primera,
            `${locales.length} referencia(s) «#id» en ${e.tipoRecurso}: ${locales.slice(0, 5).join(', ')}${locales.length > 5 ? '…' : ''}.`,
          );
      }
    },
  },
  {
    codigo: 'RDA28',
    severidad: 'aviso-conformidad',
    campo: 'Entradas del documento',
    titulo: 'Entrada sin fullUrl o con un fullUrl que no es absoluto',
    explicacion:
      'FHIR pide que cada entrada de un Bundle document tenga un fullUrl absoluto (urn:uuid:…, urn:oid:… o una URL). Los cuerpos oficiales de Postman lo omiten y se refieren a los recursos por «#id»; la plataforma los acepta, pero el validador oficial no puede resolver esas referencias.',
    comoCorregir: 'Dé a cada entrada un fullUrl urn:uuid:… único y úselo en las referencias a ese recurso.',
    chequear(ctx, emitir) {
      arr(ctx.bundle.entry).forEach((e, i) => {
        if (!esObj(e) || !esObj(e.resource)) return;
        const url = texto(e.fullUrl);
        if (!url) emitir(`Bundle.entry[${i}].fullUrl`, 'La entrada no tiene fullUrl.');
        else if (!/^(urn:uuid:|urn:oid:|https?:\/\/)/.test(url))
          emitir(`Bundle.entry[${i}].fullUrl`, `fullUrl no absoluto: ${mostrarValor(url, 80)}.`);
      });
    },
  },
  {
    codigo: 'RDA08',
    severidad: 'rechazo',
    campo: 'Recursos obligatorios del documento',
    titulo: 'Falta un recurso obligatorio para este tipo de RDA',
    explicacion:
      'Cada perfil de Bundle exige ciertas entradas: paciente y profesional; en los RDA de atención, la epicrisis y el encuentro (la guía no le da rebanada en el Bundle, pero la Composition lo exige y los cuerpos oficiales de Postman lo envían); en urgencias y hospitalización, el prestador.',
    comoCorregir: 'Incluya en el Bundle el recurso indicado en el detalle.',
    chequear(ctx, emitir) {
      const rebanadas = ctx.perfil?.rebanadas ?? [];
      for (const r of rebanadas) {
        if (r.min > 0 && r.recurso !== 'Composition' && deLaRebanada(ctx, r, rebanadas).length < r.min)
          emitir('Bundle.entry', `Falta ${r.nombre} (${r.recurso}).`);
      }
    },
  },
  {
    codigo: 'RDA09',
    severidad: 'aviso-conformidad',
    campo: 'Recursos del documento',
    titulo: 'Recurso no previsto en este tipo de RDA',
    explicacion:
      'Las entradas del Bundle están rebanadas de forma cerrada: solo caben los recursos que define el perfil del tipo de RDA. El encuentro se admite en los RDA de atención aunque la guía no le dé rebanada (la Composition lo exige y los cuerpos oficiales de Postman lo envían).',
    comoCorregir: 'Quite la entrada o envíela en el tipo de RDA que la admite.',
    chequear(ctx, emitir) {
      if (!ctx.perfil) return;
      const permitidos = new Set(ctx.perfil.rebanadas.map((r) => r.recurso));
      // The guide's Bundle profiles have no Encounter slice (closed slicing), yet the Composition
      // needs its Encounter (1..1) and the official Postman bodies send it as an entry: accepted.
      if (ctx.perfil.encuentro) permitidos.add('Encounter');
      for (const e of ctx.entradas)
        if (!permitidos.has(e.tipoRecurso)) emitir(e.ruta, `${e.tipoRecurso} no está previsto.`);
    },
  },
  {
    codigo: 'RDA10',
    severidad: 'aviso-conformidad',
    campo: 'Perfil declarado del recurso',
    titulo: 'El recurso no declara el perfil RDA que le corresponde',
    explicacion:
      'Las entradas se reconocen por su perfil (meta.profile); el validador oficial asigna cada recurso a su rebanada con él.',
    comoCorregir: 'Declare en meta.profile el perfil indicado en el detalle.',
    chequear(ctx, emitir) {
      if (!ctx.perfil) return;
      const perfiles = new Map<string, Set<string>>();
      for (const r of ctx.perfil.rebanadas)
        if (r.perfil) perfiles.set(r.recurso, (perfiles.get(r.recurso) ?? new Set()).add(r.perfil));
      if (ctx.perfil.encuentro) perfiles.set('Encounter', new Set([ctx.perfil.encuentro.perfil]));
      perfiles.set('Composition', new Set([ctx.perfil.composicion]));
      const declarados = (x: unknown) => (esObj(x) ? arr(x.profile) : []);
      if (!declarados(ctx.bundle.meta).includes(ctx.perfil.bundle))
        emitir('Bundle.meta.profile', `Se espera ${ctx.perfil.bundle}.`);
      for (const e of ctx.entradas) {
        const esperados = perfiles.get(e.tipoRecurso);
        if (!esperados) continue;
        if (!declarados(e.recurso.meta).some((p) => esperados.has(p as string)))
          emitir(`${e.ruta}.meta.profile`, `Se espera ${[...esperados].join(' o ')}.`);
      }
    },
  },
  {
    codigo: 'RDA11',
    severidad: 'aviso-conformidad',
    campo: 'Cantidad de recursos',
    titulo: 'Hay más recursos de un tipo de los que admite el perfil',
    explicacion:
      'Algunas rebanadas del Bundle admiten un solo recurso: paciente, profesional, prestador, epicrisis, triage; y un solo encuentro, el que referencia la Composition.',
    comoCorregir: 'Deje un solo recurso del tipo indicado.',
    chequear(ctx, emitir) {
      const rebanadas = ctx.perfil?.rebanadas ?? [];
      for (const r of rebanadas) {
        if (r.max === '*' || r.recurso === 'Composition') continue;
        const deEse = deLaRebanada(ctx, r, rebanadas);
        if (deEse.length > r.max)
          emitir(deEse[r.max]!.ruta, `${r.nombre}: hay ${deEse.length}, se admite ${r.max}.`);
      }
    },
  },
];
