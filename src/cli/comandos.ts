import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiKey } from '../entidades/api-key.entity.js';
import { SISTEMAS_MINISTERIO, type SistemaMinisterio } from '../entidades/credencial.entity.js';
import type { ServicioCredenciales } from '../entidades/credenciales.js';
import type { Entidad } from '../entidades/entidad.entity.js';
import { type ServicioEntidades, validarModulos } from '../entidades/servicio.js';
import type { Modulo } from '../entidades/valores.js';
import { type DetalleError, ErrorApp, errores } from '../errores/errores.js';
import type { ServicioWebhooks } from '../webhooks/servicio.js';

/**
 * Operator commands as plain functions over an EntityManager and the domain services, so they
 * run the same from the CLI and from tests. They return plain views (never hashes or secrets,
 * except the clear API key right after it is issued).
 */
export interface Contexto {
  em: EntityManager;
  entidades: ServicioEntidades;
  credenciales: ServicioCredenciales;
  /** Migrations applied while the connection was opened. */
  migracionesAplicadas: string[];
  /** Webhook registration (`webhook …` commands); the server's relay and queue are not started here. */
  webhooks?: ServicioWebhooks;
  /** CATALOGOS_ANTIGUEDAD_MAXIMA_DIAS: `catalogo listar` flags older imports (absent: the default, 90). */
  catalogos?: { antiguedadMaximaDias: number };
}

export interface VistaEntidad {
  id: string;
  slug: string;
  nombre: string;
  tipoEntidad: string;
  modulos: Modulo[];
  obligados: string[];
  /** REPS provider codes the entity declared (RVC011/RVC012 in the local gate). */
  prestadores: string[];
  creada: Date;
  apiKeysActivas: number;
}

export interface VistaApiKey {
  id: string;
  prefijo: string;
  descripcion: string | null;
  creada: Date;
  revocada: Date | null;
}

export interface ApiKeyEmitida {
  entidad: string;
  /** The clear key: shown once, only its hash is stored. */
  clave: string;
  apiKey: VistaApiKey;
  aviso: string;
}

export interface EstadoCredencial {
  sistema: SistemaMinisterio;
  configuradas: boolean;
  actualizadas: Date | null;
}

export const AVISO_CLAVE =
  'Guarde esta API key ahora: no se puede volver a mostrar (solo se almacena su hash). Si se pierde, emita otra y revoque esta.';

/** `"rips, rda"` → `['rips', 'rda']`; an empty text is an empty list. */
export function separarLista(texto: string | undefined): string[] {
  if (texto === undefined) return [];
  return texto
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function vistaApiKey(k: ApiKey): VistaApiKey {
  return {
    id: k.id,
    prefijo: k.prefijo,
    descripcion: k.descripcion,
    creada: k.createdAt,
    revocada: k.revokedAt,
  };
}

async function vistaEntidad(em: EntityManager, e: Entidad): Promise<VistaEntidad> {
  return {
    id: e.id,
    slug: e.slug,
    nombre: e.nombre,
    tipoEntidad: e.tipoEntidad,
    modulos: [...e.modulos],
    obligados: [...(e.obligados ?? [])],
    prestadores: [...(e.prestadores ?? [])],
    creada: e.createdAt,
    apiKeysActivas: await em.count(ApiKey, { entidad: e, revokedAt: null }),
  };
}

// ── entidad ──────────────────────────────────────────────────────────────────

export interface DatosCrearEntidad {
  slug: string;
  nombre: string;
  tipoEntidad: string;
  modulos: string[];
  obligados?: string[];
  /** `--compartir-nit`: a NIT another entity declares may be declared here too. */
  compartirNit?: boolean;
  /** `--prestadores`: REPS provider codes (12 digits). */
  prestadores?: string[];
  descripcionClave?: string;
  /** false: the entity is created without an API key. */
  emitirApiKey: boolean;
}

export async function crearEntidad(
  ctx: Contexto,
  d: DatosCrearEntidad,
): Promise<{ entidad: VistaEntidad; apiKey?: ApiKeyEmitida }> {
  // Entity and key together or nothing: a half-onboarded entity without its key helps nobody.
  return ctx.em.transactional(async (em) => {
    const entidad = await ctx.entidades.crear(em, {
      slug: d.slug,
      nombre: d.nombre,
      tipoEntidad: d.tipoEntidad,
      modulos: d.modulos,
      obligados: d.obligados,
      compartirNit: d.compartirNit,
      prestadores: d.prestadores,
    });
    let apiKey: ApiKeyEmitida | undefined;
    if (d.emitirApiKey) {
      const emitida = await ctx.entidades.emitirApiKey(em, entidad, d.descripcionClave);
      apiKey = {
        entidad: entidad.slug,
        clave: emitida.clave,
        apiKey: vistaApiKey(emitida.apiKey),
        aviso: AVISO_CLAVE,
      };
    }
    return { entidad: await vistaEntidad(em, entidad), ...(apiKey ? { apiKey } : {}) };
  });
}

export async function listarEntidades(ctx: Contexto): Promise<VistaEntidad[]> {
  const todas = await ctx.entidades.listar(ctx.em);
  const vistas: VistaEntidad[] = [];
  for (const e of todas) vistas.push(await vistaEntidad(ctx.em, e));
  return vistas;
}

export interface DetalleEntidad {
  entidad: VistaEntidad;
  apiKeys: VistaApiKey[];
  credenciales: EstadoCredencial[];
}

export async function verEntidad(ctx: Contexto, slug: string): Promise<DetalleEntidad> {
  const e = await ctx.entidades.porSlug(ctx.em, slug);
  return {
    entidad: await vistaEntidad(ctx.em, e),
    apiKeys: (await ctx.entidades.listarApiKeys(ctx.em, e)).map(vistaApiKey),
    credenciales: await estadosDe(ctx, e),
  };
}

export interface CambioModulos {
  /** Replaces the whole list (may be empty). Not combinable with agregar/quitar. */
  fijar?: string[];
  agregar?: string[];
  quitar?: string[];
}

export async function cambiarModulos(
  ctx: Contexto,
  slug: string,
  c: CambioModulos,
): Promise<{ slug: string; antes: Modulo[]; modulos: Modulo[] }> {
  const agregar = c.agregar ?? [];
  const quitar = c.quitar ?? [];
  if (c.fijar === undefined && agregar.length === 0 && quitar.length === 0) {
    throw errores.entradaInvalida('Indique --fijar, --agregar o --quitar.');
  }
  if (c.fijar !== undefined && (agregar.length || quitar.length)) {
    throw errores.entradaInvalida('--fijar no se puede combinar con --agregar ni con --quitar.');
  }
  const conflicto = agregar.filter((m) => quitar.includes(m));
  if (conflicto.length) {
    throw errores.entradaInvalida(`No se puede agregar y quitar a la vez: ${conflicto.join(', ')}.`);
  }
  validarModulos([...agregar, ...quitar]);
  const e = await ctx.entidades.porSlug(ctx.em, slug);
  const antes = [...e.modulos];
  const nuevos =
    c.fijar !== undefined
      ? c.fijar
      : [...antes.filter((m) => !quitar.includes(m)), ...agregar.filter((m) => !antes.includes(m as Modulo))];
  const cambiada = await ctx.entidades.fijarModulos(ctx.em, slug, nuevos);
  return { slug, antes, modulos: [...cambiada.modulos] };
}

export async function cambiarObligados(
  ctx: Contexto,
  slug: string,
  c: { agregar: string[]; quitar: string[]; compartir?: boolean },
): Promise<{ slug: string; antes: string[]; obligados: string[]; compartidos: string[] }> {
  if (c.agregar.length === 0 && c.quitar.length === 0)
    throw errores.entradaInvalida('Indique --agregar o --quitar.');
  const r = await ctx.entidades.cambiarObligados(ctx.em, slug, c);
  return { slug, antes: r.antes, obligados: [...r.entidad.obligados], compartidos: r.compartidos };
}

export async function cambiarPrestadores(
  ctx: Contexto,
  slug: string,
  c: { agregar: string[]; quitar: string[] },
): Promise<{ slug: string; antes: string[]; prestadores: string[] }> {
  if (c.agregar.length === 0 && c.quitar.length === 0)
    throw errores.entradaInvalida('Indique --agregar o --quitar.');
  const ambos = c.agregar.filter((p) => c.quitar.includes(p));
  if (ambos.length)
    throw errores.entradaInvalida(`No se puede agregar y quitar a la vez: ${ambos.join(', ')}.`);
  const r = await ctx.entidades.cambiarPrestadores(ctx.em, slug, c);
  return { slug, antes: r.antes, prestadores: [...r.entidad.prestadores] };
}

// ── apikey ───────────────────────────────────────────────────────────────────

export async function emitirApiKey(
  ctx: Contexto,
  slug: string,
  descripcion?: string,
): Promise<ApiKeyEmitida> {
  const e = await ctx.entidades.porSlug(ctx.em, slug);
  const { clave, apiKey } = await ctx.entidades.emitirApiKey(ctx.em, e, descripcion);
  return { entidad: e.slug, clave, apiKey: vistaApiKey(apiKey), aviso: AVISO_CLAVE };
}

export async function listarApiKeys(ctx: Contexto, slug: string): Promise<VistaApiKey[]> {
  const e = await ctx.entidades.porSlug(ctx.em, slug);
  return (await ctx.entidades.listarApiKeys(ctx.em, e)).map(vistaApiKey);
}

export async function revocarApiKey(
  ctx: Contexto,
  slug: string,
  ref: string,
): Promise<{ entidad: string; apiKey: VistaApiKey; yaEstabaRevocada: boolean }> {
  const e = await ctx.entidades.porSlug(ctx.em, slug);
  const inicio = Date.now();
  const k = await ctx.entidades.revocarApiKey(ctx.em, e, ref.trim());
  // The service keeps an earlier revocation date; a fresh one is never older than `inicio`.
  const yaEstabaRevocada = !!k.revokedAt && k.revokedAt.getTime() < inicio;
  return { entidad: e.slug, apiKey: vistaApiKey(k), yaEstabaRevocada };
}

// ── credenciales ─────────────────────────────────────────────────────────────

export interface DatosMuv {
  tipoDocumento?: string;
  numeroDocumento?: string;
  nit?: string;
  tipoUsuario?: string;
  /** From MUV_CLAVE or stdin, never from argv. */
  clave?: string;
}

export interface DatosIhce {
  clientId?: string;
  tenantId?: string;
  scope?: string;
  /** From IHCE_CLIENT_SECRET or stdin. */
  clientSecret?: string;
  /** From IHCE_SUBSCRIPTION_KEY or stdin. */
  subscriptionKey?: string;
}

/** Where each field comes from on the command line, appended to the service's messages. */
const ORIGEN_CAMPO: Record<string, string> = {
  tipoDocumento: 'opción --tipo-documento',
  numeroDocumento: 'opción --numero-documento',
  nit: 'opción --nit',
  tipoUsuario: 'opción --tipo-usuario',
  clave: 'variable de entorno MUV_CLAVE o --clave-stdin',
  clientId: 'opción --client-id',
  tenantId: 'opción --tenant-id',
  scope: 'opción --scope',
  clientSecret: 'variable de entorno IHCE_CLIENT_SECRET o 1.ª línea de --secretos-stdin',
  subscriptionKey: 'variable de entorno IHCE_SUBSCRIPTION_KEY o 2.ª línea de --secretos-stdin',
};

function conOrigen(e: unknown): unknown {
  if (!(e instanceof ErrorApp) || !e.extras.detalles) return e;
  const detalles: DetalleError[] = e.extras.detalles.map((d) =>
    ORIGEN_CAMPO[d.campo] ? { ...d, mensaje: `${d.mensaje} Se indica con: ${ORIGEN_CAMPO[d.campo]}.` } : d,
  );
  return new ErrorApp(e.codigo, e.message, { ...e.extras, detalles });
}

async function guardarCredenciales(
  ctx: Contexto,
  slug: string,
  sistema: SistemaMinisterio,
  datos: Record<string, unknown>,
): Promise<EstadoCredencial> {
  const e = await ctx.entidades.porSlug(ctx.em, slug);
  try {
    await ctx.credenciales.guardar(ctx.em, e, sistema, datos);
  } catch (err) {
    throw conOrigen(err);
  }
  return { sistema, ...(await ctx.credenciales.estado(ctx.em, e, sistema)) };
}

export function guardarCredencialesMuv(ctx: Contexto, slug: string, d: DatosMuv): Promise<EstadoCredencial> {
  return guardarCredenciales(ctx, slug, 'muv', { ...d });
}

export function guardarCredencialesIhce(
  ctx: Contexto,
  slug: string,
  d: DatosIhce,
): Promise<EstadoCredencial> {
  return guardarCredenciales(ctx, slug, 'ihce', { ...d });
}

async function estadosDe(ctx: Contexto, e: Entidad): Promise<EstadoCredencial[]> {
  const estados: EstadoCredencial[] = [];
  for (const sistema of SISTEMAS_MINISTERIO) {
    estados.push({ sistema, ...(await ctx.credenciales.estado(ctx.em, e, sistema)) });
  }
  return estados;
}

export async function estadoCredenciales(
  ctx: Contexto,
  slug: string,
): Promise<{ entidad: string; credenciales: EstadoCredencial[] }> {
  const e = await ctx.entidades.porSlug(ctx.em, slug);
  return { entidad: e.slug, credenciales: await estadosDe(ctx, e) };
}

export function validarSistema(sistema: string): SistemaMinisterio {
  if (!(SISTEMAS_MINISTERIO as readonly string[]).includes(sistema)) {
    throw errores.entradaInvalida(`Sistema desconocido: «${sistema}».`, [
      { campo: 'sistema', mensaje: `Valores: ${SISTEMAS_MINISTERIO.join(', ')}.` },
    ]);
  }
  return sistema as SistemaMinisterio;
}

export async function borrarCredenciales(
  ctx: Contexto,
  slug: string,
  sistema: string,
): Promise<{ entidad: string; sistema: SistemaMinisterio; borradas: boolean }> {
  const s = validarSistema(sistema);
  const e = await ctx.entidades.porSlug(ctx.em, slug);
  return { entidad: e.slug, sistema: s, borradas: await ctx.credenciales.borrar(ctx.em, e, s) };
}

// ── migrar ───────────────────────────────────────────────────────────────────

/** The connection migrates when it opens; this reports what that run applied. */
export function migrarBd(ctx: Contexto): { aplicadas: string[] } {
  return { aplicadas: [...ctx.migracionesAplicadas] };
}
