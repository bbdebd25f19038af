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
    if (await em.findOne(Entidad, { slug: d.slug })) {
      throw new ErrorApp('conflicto', `Ya existe una entidad con slug «${d.slug}».`);
    }
    const e = em.create(Entidad, {
      slug: d.slug,
      nombre: d.nombre.trim(),
      tipoEntidad: d.tipoEntidad as TipoEntidad,
      modulos,
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
