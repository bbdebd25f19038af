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
/** The references of every entry, walked once per document (RDA07, RDA27 and RDA28 read them). */
function referenciasDe(ctx: ContextoLint) {
  let m = memoReferencias.get(ctx);
  if (!m) {
    m = ctx.entradas.map((e) => ({ e, refs: referencias(e.recurso, e.ruta) }));
    memoReferencias.set(ctx, m);
  }
  return m;
}

/** A reference the platform cannot resolve: to nothing at all, or to an entry it reaches only by id. */
type SinResolver = { ruta: string; ref: string; destino?: Entrada; otras: number };

const memoSinResolver = new WeakMap<ContextoLint, SinResolver[]>();
/**
 * The references the IHCE platform does not resolve (it resolves by fullUrl only), in document
 * order: one per reference to nothing; one per entry reached only by `#id` or `Type/id` (at its first
 * reference, with how many more point at it), which is the fact the platform reports (BUNDLE-005).
 */
function sinResolver(ctx: ContextoLint): SinResolver[] {
  let m = memoSinResolver.get(ctx);
  if (m) return m;
  m = [];
  const porDestino = new Map<Entrada, SinResolver>();
  for (const { refs } of referenciasDe(ctx)) {
    for (const { ruta, ref } of refs) {
      // The Manual's IPS by habilitation code (RDA27): the platform may know it; not decidable here.
      if (ref === REFERENCIA_MINSALUD || prestadorExterno(ruta, ref) || ctx.resolverPorUrl(ref)) continue;
      const destino = ctx.resolver(ref);
      if (!destino) {
        m.push({ ruta, ref, otras: 0 });
        continue;
      }
      const ya = porDestino.get(destino);
      if (ya) ya.otras++;
      else {
        const x: SinResolver = { ruta, ref, destino, otras: 0 };
        porDestino.set(destino, x);
        m.push(x);
      }
    }
  }
  memoSinResolver.set(ctx, m);
  return m;
}

/** `Bundle.entry[3]` of an entry's resource path. */
const entradaDe = (e: Entrada) => e.ruta.replace(/\.resource$/, '');

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
    titulo: 'Una referencia no se resuelve por el fullUrl de ninguna entrada del Bundle',
    explicacion:
      "La plataforma resuelve las referencias de un RDA solo por el fullUrl de sus entradas. Una referencia que no es el fullUrl de ninguna entrada (una «#id» o «Tipo/id» como las de los cuerpos oficiales de Postman, o una que no apunta a nada) la busca entre los recursos que ya tiene y, si no está, rechaza el documento con BUNDLE-005 («Resource type … with id … couldn't be found. Prior creation of the resource in the FHIR service is required.»). La única referencia externa que fija la guía es Organization/MinSalud, custodio de la epicrisis; el prestador como «#{código de habilitación}» en custodian o serviceProvider (Manual §5.3 c) es RDA27.",
    comoCorregir:
      'Dé a cada entrada del Bundle un fullUrl único urn:uuid:… y refiérase a ella con ese fullUrl (por ejemplo "encounter": {"reference": "urn:uuid:…"}), no con «#id» ni «Tipo/id»; si el recurso no está en el Bundle, inclúyalo como entrada.',
    visto:
      "Sandbox IHCE, abril de 2026: un $enviar-rda-consulta con la Composition apuntando a «#Encounter-0» y entradas sin fullUrl fue rechazado con not-found, ErrorsRDA BUNDLE-005 en details.coding, «Resource type 'Encounter' with id 'Encounter-0' couldn't be found. Prior creation of the resource in the FHIR service is required.», expression Encounter.id.",
    chequear(ctx, emitir) {
      for (const x of sinResolver(ctx)) {
        const d = x.destino;
        if (!d) {
          emitir(x.ruta, `Referencia sin destino: ${x.ref}.`);
          continue;
        }
        const id = texto(d.recurso.id) ?? '';
        emitir(
          x.ruta,
          `«${x.ref}» apunta a ${d.tipoRecurso} «${id}» (${entradaDe(d)}), ${d.fullUrl ? `cuyo fullUrl es ${d.fullUrl}` : 'que no tiene fullUrl'}${x.otras ? `; hay ${x.otras} referencia(s) más a esa entrada` : ''}. La plataforma responde BUNDLE-005: «Resource type '${d.tipoRecurso}' with id '${id}' couldn't be found».`,
        );
      }
    },
  },
  {
    codigo: 'RDA27',
    severidad: 'aviso-conformidad',
    campo: 'Referencias internas',
    titulo: 'Prestador referenciado por su código de habilitación y no por el fullUrl de una entrada',
    explicacion:
      'El Manual de operaciones (§5.3 c) admite que custodian o serviceProvider digan «#{código de habilitación}», con o sin el prestador como entrada. Esa referencia no es el fullUrl de ninguna entrada: la plataforma la busca entre los recursos que ya tiene (como hizo con «#Encounter-0», que rechazó con BUNDLE-005), y si conoce al prestador con ese id no se ve desde el documento.',
    comoCorregir:
      'Incluya la Organization del prestador (CareDeliveryOrganizationRDA) como entrada con un fullUrl urn:uuid:… y refiérase a ella con ese fullUrl.',
    // One finding per resource, not per reference.
    chequear(ctx, emitir) {
      for (const { e, refs } of referenciasDe(ctx)) {
        const externos = refs.filter(
          ({ ruta, ref }) => prestadorExterno(ruta, ref) && !ctx.resolverPorUrl(ref),
        );
        if (externos.length)
          emitir(
            externos[0]!.ruta,
            `${e.tipoRecurso}: ${[...new Set(externos.map((x) => `${x.ref}${ctx.resolver(x.ref) ? ' (hay una entrada con ese id: use su fullUrl)' : ''}`))].join(', ')} (prestador externo, Manual §5.3 c).`,
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
      'FHIR pide que cada entrada de un Bundle document tenga un fullUrl absoluto (urn:uuid:…, urn:oid:… o una URL), y la plataforma resuelve las referencias solo por fullUrl: a una entrada sin él no se puede referir ningún otro recurso (si alguno lo intenta, RDA07 lo rechaza). Los cuerpos oficiales de Postman lo omiten.',
    comoCorregir: 'Dé a cada entrada un fullUrl urn:uuid:… único y úselo en las referencias a ese recurso.',
    chequear(ctx, emitir) {
      // An entry some reference fails to reach is already RDA07 (rechazo): the same fact once.
      const reportadas = new Set(sinResolver(ctx).map((x) => x.destino?.indice));
      arr(ctx.bundle.entry).forEach((e, i) => {
        if (!esObj(e) || !esObj(e.resource) || reportadas.has(i)) return;
        const url = texto(e.fullUrl);
        if (!url) emitir(`Bundle.entry[${i}].fullUrl`, 'La entrada no tiene fullUrl.');
        else if (!/^(urn:uuid:|urn:oid:|https?:\/\/)/.test(url))
          emitir(`Bundle.entry[${i}].fullUrl`, `fullUrl no absoluto: ${mostrarValor(url, 80)}.`);
      });
    },
  },
  {
    codigo: 'RDA29',
    severidad: 'rechazo',
    campo: 'Entradas del documento',
    titulo: 'Entrada sin perfil que ni la Composition ni ninguna de sus secciones referencia',
    explicacion:
      "La plataforma reconoce cada entrada por el perfil RDA que declara (meta.profile) o porque la Composition la nombra (paciente, encuentro, autor, custodio, atestador o la entrada de una sección). Una entrada sin perfil que nada de eso referencia no la sabe procesar: la busca entre los recursos que ya tiene y rechaza el documento con BUNDLE-005 («Resource type … with id … couldn't be found»).",
    comoCorregir:
      'Declare en meta.profile el perfil RDA del recurso y refiéralo desde la sección de la Composition que le corresponde (por su fullUrl urn:uuid:…), o quítelo del Bundle si no pertenece al RDA.',
    visto:
      "Sandbox IHCE, abril de 2026: una Observation sin meta.profile que ninguna sección referenciaba recibió not-found, ErrorsRDA BUNDLE-005 («Resource type 'Observation' with id … couldn't be found»).",
    chequear(ctx, emitir) {
      const c = ctx.composicion;
      if (!c) return; // RDA06
      const nombradas = new Set<Entrada | undefined>([c]);
      const nombrar = (r: unknown) => nombradas.add(ctx.apunta(r));
      for (const s of objs(c.recurso.section)) objs(s.entry).forEach(nombrar);
      for (const k of ['subject', 'encounter', 'custodian']) nombrar(c.recurso[k]);
      objs(c.recurso.author).forEach(nombrar);
      for (const a of objs(c.recurso.attester)) nombrar(a.party);
      for (const e of ctx.entradas) {
        if (nombradas.has(e) || (esObj(e.recurso.meta) && arr(e.recurso.meta.profile).length > 0)) continue;
        const id = texto(e.recurso.id) ?? '(sin id)';
        emitir(
          e.ruta,
          `${e.tipoRecurso} «${mostrarValor(id, 64)}» no declara perfil y no la referencia la Composition ni ninguna sección: la plataforma responde BUNDLE-005 «Resource type '${e.tipoRecurso}' with id '${mostrarValor(id, 64)}' couldn't be found».`,
        );
      }
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
