import type { EntityManager } from '@mikro-orm/postgresql';
import { LRUCache } from 'lru-cache';
import type { AvisosBd } from '../db/avisos.js';
import { Entidad } from '../entidades/entidad.entity.js';
import type { Modulo, TipoEntidad } from '../entidades/valores.js';

/** A raw `entidad` row (column names), as PostgreSQL returns it. */
export type FilaEntidad = Record<string, unknown>;

/** What an API key lookup needs to rebuild an Autenticacion. */
export interface DatosApiKey {
  apiKeyId: string;
  prefijo: string;
  revocada: boolean;
  entidad: FilaEntidad;
}

/** The request's EntityManager, or how to get it (a request forks one only when something needs it). */
export type ProveedorEm = EntityManager | (() => EntityManager);

/** The EntityManager itself, from a provider (forking it then, if the provider forks). */
export const emDe = (em: ProveedorEm): EntityManager => (typeof em === 'function' ? em() : em);

/** The entity's own fields a session answers with (frozen: the cached row is shared by requests). */
export interface PerfilEntidad {
  readonly slug: string;
  readonly nombre: string;
  readonly tipoEntidad: TipoEntidad;
  readonly modulos: readonly Modulo[];
  readonly obligados: readonly string[];
  readonly prestadores: readonly string[];
}

/**
 * The caller's entity for one request: what every request reads (id, slug, modules) straight from the
 * cached row, and the Entidad managed by the request's EntityManager, mapped on first use. Mapping it
 * (identity map, hydration, change-tracking snapshot) was about 15 % of the CPU of an authenticated
 * trivial read that never touches it (issue 34).
 */
export class EntidadResuelta {
  readonly id: string;
  readonly slug: string;
  readonly modulos: readonly Modulo[];
  private mapeada?: Entidad;
  private perfilLeido?: PerfilEntidad;

  constructor(
    private readonly fila: FilaEntidad,
    private readonly em: ProveedorEm,
  ) {
    this.id = String(fila.id);
    this.slug = String(fila.slug);
    // Its own copy: the managed Entidad, when mapped, gets another one.
    this.modulos = Object.freeze([...((fila.modulos as Modulo[] | null) ?? [])]);
  }

  /** What a session shows of its entity, from the same row (`GET /sesion` maps no entity). */
  get perfil(): PerfilEntidad {
    this.perfilLeido ??= Object.freeze({
      slug: this.slug,
      nombre: String(this.fila.nombre),
      tipoEntidad: this.fila.tipo_entidad as TipoEntidad,
      modulos: this.modulos,
      obligados: Object.freeze([...((this.fila.obligados as string[] | null) ?? [])]),
      prestadores: Object.freeze([...((this.fila.prestadores as string[] | null) ?? [])]),
    });
    return this.perfilLeido;
  }

  get gestionada(): Entidad {
    this.mapeada ??= emDe(this.em).map(Entidad, copia(this.fila));
    return this.mapeada;
  }
}

/** An API key with its entity (see EntidadResuelta). */
export interface ApiKeyResuelta {
  apiKeyId: string;
  prefijo: string;
  revocada: boolean;
  entidad: EntidadResuelta;
}

interface Entrada<T> {
  generacion: number;
  datos: T;
}

/** Reads one API key (by hash) with its entity row; undefined when unknown. */
export async function leerApiKey(em: EntityManager, hash: string): Promise<DatosApiKey | undefined> {
  const filas: (FilaEntidad & { k_id: string; k_prefijo: string; k_revoked_at: Date | null })[] = await em
    .getConnection()
    .execute(
      `select k.id as k_id, k.prefijo as k_prefijo, k.revoked_at as k_revoked_at, e.*
       from api_key k join entidad e on e.id = k.entidad_id where k.hash = ?`,
      [hash],
    );
  const f = filas[0];
  if (!f) return undefined;
  const { k_id, k_prefijo, k_revoked_at, ...entidad } = f;
  return { apiKeyId: k_id, prefijo: k_prefijo, revocada: k_revoked_at !== null, entidad };
}

export async function leerEntidadPorSlug(em: EntityManager, slug: string): Promise<FilaEntidad | undefined> {
  const filas: FilaEntidad[] = await em
    .getConnection()
    .execute('select * from entidad where slug = ?', [slug]);
  return filas[0];
}

/** Copies mutable values so a request that edits its entity never touches the cached row. */
const copia = (f: FilaEntidad): FilaEntidad =>
  Object.fromEntries(
    Object.entries(f).map(([k, v]) => [
      k,
      Array.isArray(v) ? [...v] : v instanceof Date ? new Date(v.getTime()) : v,
    ]),
  );

export interface OpcionesCacheAutenticacion {
  /** Entries per map (API keys, OIDC entities); least recently used evicted first. Default 10 000. */
  maximo?: number;
}

/**
 * In-process cache of API keys and entities, kept exact by database notices (src/db/avisos.ts):
 * a fill records the generation read before its query and is dropped if a notice arrived meanwhile;
 * a hit is served only while LISTEN is active and the generation is unchanged. Unknown keys are
 * never cached. Each request gets its own managed Entidad, mapped from the cached row without a query
 * when it is first used.
 */
export class CacheAutenticacion {
  private readonly claves: LRUCache<string, Entrada<DatosApiKey>>;
  private readonly entidades: LRUCache<string, Entrada<FilaEntidad>>;
  private readonly compartidos: LRUCache<string, Entrada<string[]>>;
  /** Replaceable loaders (tests count calls on them). */
  cargarApiKey = leerApiKey;
  cargarEntidad = leerEntidadPorSlug;

  constructor(
    private readonly avisos?: AvisosBd,
    o: OpcionesCacheAutenticacion = {},
  ) {
    this.claves = new LRUCache({ max: o.maximo ?? 10_000 });
    this.entidades = new LRUCache({ max: o.maximo ?? 10_000 });
    this.compartidos = new LRUCache({ max: o.maximo ?? 10_000 });
  }

  private generacion(tablas: string[]): number | undefined {
    if (!this.avisos?.vigente) return undefined;
    let g = 0;
    for (const t of tablas) g += this.avisos.generacion(t);
    return g;
  }

  private async consultar<T>(
    mapa: LRUCache<string, Entrada<T>>,
    clave: string,
    tablas: string[],
    cargar: () => Promise<T | undefined>,
  ): Promise<T | undefined> {
    const antes = this.generacion(tablas);
    if (antes !== undefined) {
      const e = mapa.get(clave);
      if (e?.generacion === antes) return e.datos;
      if (e) mapa.delete(clave);
    }
    const datos = await cargar();
    if (datos !== undefined && antes !== undefined && this.generacion(tablas) === antes) {
      mapa.set(clave, { generacion: antes, datos });
    }
    return datos;
  }

  async apiKey(em: ProveedorEm, hash: string): Promise<ApiKeyResuelta | undefined> {
    const d = await this.consultar(this.claves, hash, ['api_key', 'entidad'], () =>
      this.cargarApiKey(emDe(em), hash),
    );
    if (!d) return undefined;
    return {
      apiKeyId: d.apiKeyId,
      prefijo: d.prefijo,
      revocada: d.revocada,
      entidad: new EntidadResuelta(d.entidad, em),
    };
  }

  async entidadPorSlug(em: ProveedorEm, slug: string): Promise<EntidadResuelta | undefined> {
    const f = await this.consultar(this.entidades, slug, ['entidad'], () =>
      this.cargarEntidad(emDe(em), slug),
    );
    return f && new EntidadResuelta(f, em);
  }

  /**
   * The declared NITs another entity also declares (`obligadosCompartidos` of the session): read on
   * every GET /sesion, they change only when an `entidad` row does, so they are kept like the rest.
   */
  async obligadosCompartidos(entidadId: string, cargar: () => Promise<string[]>): Promise<string[]> {
    const r = await this.consultar(this.compartidos, entidadId, ['entidad'], cargar);
    return [...(r ?? [])];
  }

  /** Entries held (API keys, entities, shared NITs), for tests. */
  get tamano(): number {
    return this.claves.size + this.entidades.size + this.compartidos.size;
  }
}
