import type { EntityManager } from '@mikro-orm/postgresql';
import { generarApiKey, hashApiKey, prefijoDe } from '../auth/api-keys.js';
import { ErrorApp, errores } from '../errores/errores.js';
import { ApiKey } from './api-key.entity.js';
import { Entidad } from './entidad.entity.js';
import { MODULOS, type Modulo, TIPOS_ENTIDAD, type TipoEntidad } from './valores.js';

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export interface DatosEntidad {
  slug: string;
  nombre: string;
  tipoEntidad: string;
  modulos: string[];
  /** NITs of the obligated parties the entity files RIPS for. */
  obligados?: string[];
}

// DT1 T01: the obligated party's NIT, 4 to 12 characters; digits only (without verification digit).
const NIT = /^\d{4,12}$/;

export function validarObligados(nits: string[]): string[] {
  const malos = nits.filter((n) => !NIT.test(n.trim()));
  if (malos.length) {
    throw errores.entradaInvalida(
      `NIT inválido(s): ${malos.map((m) => `«${m.slice(0, 20)}»`).join(', ')}. Escriba el NIT sin dígito de verificación (4 a 12 dígitos).`,
    );
  }
  return [...new Set(nits.map((n) => n.trim()))];
}

export function validarModulos(modulos: string[]): Modulo[] {
  const malos = modulos.filter((m) => !(MODULOS as readonly string[]).includes(m));
  if (malos.length) {
    throw errores.entradaInvalida(
      `Módulos desconocidos: ${malos.join(', ')}. Valores: ${MODULOS.join(', ')}.`,
    );
  }
  return [...new Set(modulos)] as Modulo[];
}

/** Onboarding and key management, used by the operator CLI and the demo bootstrap. */
export class ServicioEntidades {
  async crear(em: EntityManager, d: DatosEntidad): Promise<Entidad> {
    const detalles = [];
    if (!SLUG.test(d.slug)) {
      detalles.push({
        campo: 'slug',
        mensaje: 'Use minúsculas, dígitos y guiones (máx. 63), sin guion al inicio o final.',
      });
    }
    if (!d.nombre.trim()) detalles.push({ campo: 'nombre', mensaje: 'El nombre es obligatorio.' });
    if (!(TIPOS_ENTIDAD as readonly string[]).includes(d.tipoEntidad)) {
      detalles.push({ campo: 'tipoEntidad', mensaje: `Valores: ${TIPOS_ENTIDAD.join(', ')}.` });
    }
    if (detalles.length) throw errores.entradaInvalida('Datos de entidad inválidos.', detalles);
    const modulos = validarModulos(d.modulos);
    const obligados = validarObligados(d.obligados ?? []);
    if (await em.findOne(Entidad, { slug: d.slug })) {
      throw new ErrorApp('conflicto', `Ya existe una entidad con slug «${d.slug}».`);
    }
    const e = em.create(Entidad, {
      slug: d.slug,
      nombre: d.nombre.trim(),
      tipoEntidad: d.tipoEntidad as TipoEntidad,
      modulos,
      obligados,
      createdAt: new Date(),
    });
    await em.persistAndFlush(e);
    return e;
  }

  async porSlug(em: EntityManager, slug: string): Promise<Entidad> {
    const e = await em.findOne(Entidad, { slug });
    if (!e) throw errores.noEncontrado(`La entidad «${slug}»`);
    return e;
  }

  listar(em: EntityManager): Promise<Entidad[]> {
    return em.find(Entidad, {}, { orderBy: { slug: 'asc' } });
  }

  /** Declares or withdraws obligated parties (NITs) the entity may file for. */
  async cambiarObligados(
    em: EntityManager,
    slug: string,
    c: { agregar: string[]; quitar: string[] },
  ): Promise<{ entidad: Entidad; antes: string[]; compartidos: string[] }> {
    const agregar = validarObligados(c.agregar);
    const quitar = validarObligados(c.quitar);
    const e = await this.porSlug(em, slug);
    const antes = [...(e.obligados ?? [])];
    e.obligados = [...antes.filter((n) => !quitar.includes(n)), ...agregar.filter((n) => !antes.includes(n))];
    await em.flush();
    // A NIT declared by another entity too is allowed (groups), but the operator should know.
    const otras = agregar.length
      ? await em.find(Entidad, { obligados: { $overlap: agregar }, id: { $ne: e.id } })
      : [];
    return { entidad: e, antes, compartidos: otras.map((o) => o.slug) };
  }

  async fijarModulos(em: EntityManager, slug: string, modulos: string[]): Promise<Entidad> {
    const e = await this.porSlug(em, slug);
    e.modulos = validarModulos(modulos);
    await em.flush();
    return e;
  }

  /** Returns the clear key once; only its hash is stored. */
  async emitirApiKey(
    em: EntityManager,
    entidad: Entidad,
    descripcion?: string,
    claveFija?: string,
  ): Promise<{ clave: string; apiKey: ApiKey }> {
    const nueva = claveFija
      ? { clave: claveFija, hash: hashApiKey(claveFija), prefijo: prefijoDe(claveFija) }
      : generarApiKey();
    const apiKey = em.create(ApiKey, {
      entidad,
      hash: nueva.hash,
      prefijo: nueva.prefijo,
      descripcion: descripcion ?? null,
      createdAt: new Date(),
      revokedAt: null,
    });
    await em.persistAndFlush(apiKey);
    return { clave: nueva.clave, apiKey };
  }

  listarApiKeys(em: EntityManager, entidad: Entidad): Promise<ApiKey[]> {
    return em.find(ApiKey, { entidad }, { orderBy: { createdAt: 'asc' } });
  }

  /** `ref` is the key id or its printed prefix. */
  async revocarApiKey(em: EntityManager, entidad: Entidad, ref: string): Promise<ApiKey> {
    const filtro = /^[0-9a-f-]{36}$/.test(ref) ? { id: ref } : { prefijo: ref };
    const keys = await em.find(ApiKey, { entidad, ...filtro });
    if (keys.length === 0) throw errores.noEncontrado(`La API key «${ref}» de la entidad «${entidad.slug}»`);
    if (keys.length > 1)
      throw new ErrorApp('conflicto', `Hay varias API keys con prefijo «${ref}»: use el id.`);
    const key = keys[0]!;
    key.revokedAt ??= new Date();
    await em.flush();
    return key;
  }
}
