import type { JWTPayload } from 'jose';
import type { Entidad } from '../entidades/entidad.entity.js';
import type { Modulo } from '../entidades/valores.js';
import { ErrorApp, errores } from '../errores/errores.js';
import { formatoApiKeyValido, hashApiKey } from './api-keys.js';
import { CacheAutenticacion, type EntidadResuelta, type PerfilEntidad, type ProveedorEm } from './cache.js';
import type { VerificadorOidc } from './oidc.js';
import { esRol, type Permiso, permisosEfectivos, type Rol, rolMasFuerte } from './permisos.js';

export type Identidad =
  | { tipo: 'api-key'; apiKeyId: string; prefijo: string }
  | { tipo: 'usuario'; sujeto: string; rol: Rol };

/** Who is calling, for which entity, with which effective permissions. */
export interface Autenticacion {
  /** The caller's entity id and modules: what most requests need, read without mapping the entity. */
  readonly entidadId: string;
  readonly modulos: readonly Modulo[];
  /** The caller's Entidad, managed by the request's EntityManager (mapped on first use). */
  readonly entidad: Entidad;
  /** The entity's own fields, from the cached row: read them here when the managed Entidad is not needed. */
  readonly perfilEntidad: PerfilEntidad;
  identidad: Identidad;
  permisos: Permiso[];
}

function autenticacion(e: EntidadResuelta, identidad: Identidad, permisos: Permiso[]): Autenticacion {
  return {
    entidadId: e.id,
    modulos: e.modulos,
    get entidad() {
      return e.gestionada;
    },
    get perfilEntidad() {
      return e.perfil;
    },
    identidad,
    permisos,
  };
}

export interface CabecerasAuth {
  apiKey?: string;
  authorization?: string;
  tenant?: string;
}

/** Without the service's cache (no database notices): every lookup queries. */
const SIN_CACHE = new CacheAutenticacion();

/**
 * The one function both doors use to turn credentials into an Autenticacion.
 * No credential → null (each protected field then answers 401); a bad one → throws 401.
 * X-Api-Key wins when both credentials are sent.
 */
export async function autenticar(
  cab: CabecerasAuth,
  em: ProveedorEm,
  oidc: VerificadorOidc,
  cache: CacheAutenticacion = SIN_CACHE,
): Promise<Autenticacion | null> {
  if (cab.apiKey !== undefined) return porApiKey(cab.apiKey.trim(), cab.tenant, em, cache);
  if (cab.authorization !== undefined) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(cab.authorization);
    if (!m)
      throw errores.credencialInvalida('el encabezado Authorization debe tener la forma «Bearer <token>»');
    return porJwt(m[1]!, cab.tenant, em, oidc, cache);
  }
  return null;
}

async function porApiKey(
  clave: string,
  tenant: string | undefined,
  em: ProveedorEm,
  cache: CacheAutenticacion,
): Promise<Autenticacion> {
  if (!formatoApiKeyValido(clave))
    throw errores.credencialInvalida('la API key no tiene el formato rda_<aleatorio>');
  const key = await cache.apiKey(em, hashApiKey(clave));
  if (!key) throw errores.credencialInvalida('API key desconocida');
  if (key.revocada) throw errores.credencialInvalida('la API key fue revocada');
  const entidad = key.entidad;
  if (tenant !== undefined && tenant !== entidad.slug) {
    throw new ErrorApp(
      'entidad-no-autorizada',
      `La API key no pertenece a la entidad «${tenant}» indicada en X-Tenant.`,
    );
  }
  return autenticacion(
    entidad,
    { tipo: 'api-key', apiKeyId: key.apiKeyId, prefijo: key.prefijo },
    permisosEfectivos('api-key', entidad.modulos),
  );
}

/** Group values `{slug}:{rol}`; anything else in the claim is ignored. */
export function rolesPorEntidad(payload: JWTPayload, claim: string): Map<string, Rol[]> {
  const bruto = payload[claim];
  const valores = Array.isArray(bruto)
    ? bruto.filter((v): v is string => typeof v === 'string')
    : typeof bruto === 'string'
      ? bruto.split(/[\s,]+/)
      : [];
  const mapa = new Map<string, Rol[]>();
  for (const v of valores) {
    const i = v.lastIndexOf(':');
    if (i <= 0) continue;
    const slug = v.slice(0, i);
    const rol = v.slice(i + 1);
    if (!esRol(rol)) continue;
    mapa.set(slug, [...(mapa.get(slug) ?? []), rol]);
  }
  return mapa;
}

async function porJwt(
  token: string,
  tenant: string | undefined,
  em: ProveedorEm,
  oidc: VerificadorOidc,
  cache: CacheAutenticacion,
): Promise<Autenticacion> {
  const payload = await oidc.verificar(token);
  const roles = rolesPorEntidad(payload, oidc.claimGrupos);
  let slug: string;
  if (tenant !== undefined) {
    if (!roles.has(tenant)) {
      throw new ErrorApp('entidad-no-autorizada', `El token no otorga ningún rol en la entidad «${tenant}».`);
    }
    slug = tenant;
  } else if (roles.size === 1) {
    slug = [...roles.keys()][0]!;
  } else if (roles.size === 0) {
    throw new ErrorApp(
      'entidad-no-autorizada',
      'El token no otorga ningún rol ({entidad}:{rol}) en ninguna entidad.',
    );
  } else {
    throw new ErrorApp(
      'tenant-requerido',
      `El token da acceso a varias entidades (${[...roles.keys()].join(', ')}): indique cuál con el encabezado X-Tenant.`,
    );
  }
  const entidad = await cache.entidadPorSlug(em, slug);
  if (!entidad)
    throw new ErrorApp('entidad-no-autorizada', `La entidad «${slug}» del token no está registrada.`);
  const rol = rolMasFuerte(roles.get(slug)!)!;
  return autenticacion(
    entidad,
    { tipo: 'usuario', sujeto: String(payload.sub ?? ''), rol },
    permisosEfectivos(rol, entidad.modulos),
  );
}
