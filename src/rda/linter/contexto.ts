import type { SeveridadError } from '../../errores/valores.js';
import type { SistemaCodigos } from '../codigos.js';
import type { PerfilDocumento } from '../perfiles.js';
import { perfil, type TipoRda } from '../tipos.js';

export type Rec = Record<string, unknown>;

export const esObj = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const objs = (v: unknown): Rec[] => arr(v).filter(esObj);
export const texto = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v : undefined;

/** Payers (EAPB) are Organizations too, told apart from the IPS by their declared profile. */
export const esPagador = (r: Rec) =>
  esObj(r.meta) && arr(r.meta.profile).includes(perfil('HealthBenefitPlanAdminOrganizationRDA'));

/** Codings of a CodeableConcept (or of a bare Coding). */
export function codings(cc: unknown): Rec[] {
  if (!esObj(cc)) return [];
  if ('system' in cc || 'code' in cc) return [cc];
  return objs(cc.coding);
}

export const codigoEn = (cc: unknown, system: string): string | undefined =>
  codings(cc)
    .filter((c) => c.system === system)
    .map((c) => texto(c.code))
    .find(Boolean);

export const extensiones = (r: unknown, url: string): Rec[] =>
  esObj(r) ? objs(r.extension).filter((e) => e.url === url) : [];

/** The code of a valueCoding / valueCodeableConcept extension in a given system, or why not. */
export function valorCodificado(
  ext: Rec,
  s: SistemaCodigos | { url: string; patron: RegExp },
): { ok: true; codigo: string } | { ok: false; motivo: string } {
  const valor = ext.valueCoding ?? ext.valueCodeableConcept;
  if (!esObj(valor)) return { ok: false, motivo: 'la extensión no tiene valueCoding' };
  const codigo = codigoEn(valor, s.url);
  if (!codigo) return { ok: false, motivo: `el valor no usa el sistema ${s.url}` };
  const valido = 'codigos' in s ? s.codigos.has(codigo) : s.patron.test(codigo);
  return valido ? { ok: true, codigo } : { ok: false, motivo: `«${codigo}» no pertenece a ${s.url}` };
}

export interface Entrada {
  indice: number;
  fullUrl: string | undefined;
  recurso: Rec;
  tipoRecurso: string;
  ruta: string;
}

export interface ContextoLint {
  bundle: Rec;
  tipo: TipoRda | undefined;
  perfil: PerfilDocumento | undefined;
  ahora: Date;
  entradas: Entrada[];
  composicion: Entrada | undefined;
  porTipo(tipoRecurso: string): Entrada[];
  /**
   * Resolves a reference leniently, to tell what it meant: by fullUrl, else by `Type/id` or the
   * Manual's `#id` (the rules about the target's type and the IHCE sandbox use this).
   */
  resolver(ref: unknown): Entrada | undefined;
  /**
   * Resolves a reference as the IHCE platform does: to the entry whose fullUrl it is (a relative
   * `Type/id` also to an absolute RESTful fullUrl ending in it, as FHIR resolves it). Anything else
   * it looks up among the resources it already has (BUNDLE-005 when none).
   */
  resolverPorUrl(ref: unknown): Entrada | undefined;
  /** The resource a reference element (`{reference}`) points at inside the bundle. */
  apunta(refElemento: unknown): Entrada | undefined;
}

export interface Hallazgo {
  codigo: string;
  ruta: string;
  detalle?: string;
}

/** One rule: registry data plus the small function that checks it. */
export interface ReglaRda {
  codigo: string;
  severidad: Extract<SeveridadError, 'rechazo' | 'aviso-conformidad'>;
  /** Business name of the field ("Fecha de nacimiento del paciente"). */
  campo: string;
  titulo: string;
  explicacion: string;
  comoCorregir: string;
  /** Only for these document types (default: all). */
  tipos?: readonly TipoRda[];
  /**
   * What the real IHCE platform was seen to do with this rule in captured traffic (Spanish, for the
   * docs and the reader of the registry), when it decided or sharpened the verdict.
   */
  visto?: string;
  chequear(ctx: ContextoLint, emitir: (ruta: string, detalle?: string) => void): void;
}

/** A relative literal reference `Type/id`. */
const RELATIVA = /^[A-Z][A-Za-z]+\/[A-Za-z0-9\-.]{1,64}$/;

export function crearContexto(
  bundle: Rec,
  tipo: TipoRda | undefined,
  perfil: PerfilDocumento | undefined,
  ahora: Date,
): ContextoLint {
  const entradas: Entrada[] = [];
  objs(bundle.entry).forEach((e, indice) => {
    if (!esObj(e.resource)) return;
    entradas.push({
      indice,
      fullUrl: texto(e.fullUrl),
      recurso: e.resource,
      tipoRecurso: typeof e.resource.resourceType === 'string' ? e.resource.resourceType : '',
      ruta: `Bundle.entry[${indice}].resource`,
    });
  });
  const porUrl = new Map<string, Entrada>();
  const porTipoId = new Map<string, Entrada>();
  /** Bare ids, for the Manual's `#CC-123` / `#Encounter-0` convention (undefined when ambiguous). */
  const porId = new Map<string, Entrada | undefined>();
  for (const e of entradas) {
    if (e.fullUrl && !porUrl.has(e.fullUrl)) porUrl.set(e.fullUrl, e);
    const id = texto(e.recurso.id);
    if (id && !porTipoId.has(`${e.tipoRecurso}/${id}`)) porTipoId.set(`${e.tipoRecurso}/${id}`, e);
    if (id) porId.set(id, porId.has(id) ? undefined : e);
  }
  const resolver = (ref: unknown) => {
    if (typeof ref !== 'string') return undefined;
    if (ref.startsWith('#')) return porId.get(ref.slice(1));
    return porUrl.get(ref) ?? porTipoId.get(ref) ?? porTipoId.get(ref.split('/').slice(-2).join('/'));
  };
  const resolverPorUrl = (ref: unknown) => {
    if (typeof ref !== 'string' || ref.startsWith('#')) return undefined;
    const exacta = porUrl.get(ref);
    if (exacta || !RELATIVA.test(ref)) return exacta;
    const e = porTipoId.get(ref);
    return e?.fullUrl && /^https?:\/\//.test(e.fullUrl) && e.fullUrl.endsWith(`/${ref}`) ? e : undefined;
  };
  const primera = entradas.find((e) => e.indice === 0);
  return {
    bundle,
    tipo,
    perfil,
    ahora,
    entradas,
    composicion:
      primera?.tipoRecurso === 'Composition'
        ? primera
        : entradas.find((e) => e.tipoRecurso === 'Composition'),
    porTipo: (t) => entradas.filter((e) => e.tipoRecurso === t),
    resolver,
    resolverPorUrl,
    apunta: (r) => (esObj(r) ? resolver(r.reference) : undefined),
  };
}

export type Emitir = (ruta: string, detalle?: string) => void;

/** The four care-episode types (every type but the patient's own statement). */
export const EPISODIOS = ['consulta-externa', 'hospitalizacion', 'urgencias'] as const;

/** Runs a check on every entry of a resource type. */
export const enCada =
  (tipoRecurso: string, f: (r: Rec, ruta: string, ctx: ContextoLint, emitir: Emitir, e: Entrada) => void) =>
  (ctx: ContextoLint, emitir: Emitir) => {
    for (const e of ctx.porTipo(tipoRecurso)) f(e.recurso, e.ruta, ctx, emitir, e);
  };
