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
  /** The operator means to share a NIT another entity already declared (`--compartir-nit`). */
  compartirNit?: boolean;
  /** REPS provider codes (12 digits) the entity declares as its own (RVC011/RVC012). */
  prestadores?: string[];
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

// DT1 C01/P01…: codPrestador, the REPS provider code (10 digits) plus the sede (2); or the provider's 10 alone
// (the invoice's CODIGO_PRESTADOR, and what the MUV may list as its user's codes): then every sede is declared.
const CODIGO_PRESTADOR = /^\d{10}(\d{2})?$/;

export function validarPrestadores(codigos: string[]): string[] {
  const malos = codigos.filter((c) => !CODIGO_PRESTADOR.test(c.trim()));
  if (malos.length) {
    throw errores.entradaInvalida(
      `Código(s) de prestador inválido(s): ${malos.map((m) => `«${m.slice(0, 20)}»`).join(', ')}. Escriba el código de habilitación del REPS: 12 dígitos (10 del prestador y 2 de la sede), como en «codPrestador» del RIPS, o los 10 del prestador (vale para todas sus sedes).`,
      [{ campo: 'prestadores', mensaje: 'Cada código debe tener 12 dígitos (o 10, los del prestador).' }],
    );
  }
  return [...new Set(codigos.map((c) => c.trim()))];
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

/**
 * Two entities filing for one NIT (a group billing under one tax id) is possible but never by
 * accident: the operator says so (`--compartir-nit`). What it allows is documented in
 * docs/seguridad.md §3: each entity files with its own rows; neither ever takes a CUV of a document
 * the other one filed.
 */
async function exigirCompartirDeliberado(
  em: EntityManager,
  nits: string[],
  excluir: string | null,
  compartir: boolean,
): Promise<Entidad[]> {
  if (!nits.length) return [];
  const otras = await em.find(
    Entidad,
    { obligados: { $overlap: nits }, ...(excluir ? { id: { $ne: excluir } } : {}) },
    { orderBy: { slug: 'asc' } },
  );
  if (otras.length && !compartir) {
    const comunes = nits.filter((n) => otras.some((o) => o.obligados.includes(n)));
    throw new ErrorApp(
      'conflicto',
      `El NIT ${comunes.join(', ')} ya lo declara otra entidad (${otras.map((o) => `«${o.slug}»`).join(', ')}). Compartir un NIT entre entidades debe ser deliberado: si ambas facturan con ese NIT, repita el comando con --compartir-nit. Cada entidad radicará con sus propias filas, y ninguna tomará el CUV de un documento que radicó la otra.`,
      {
        detalles: comunes.map((n) => ({
          campo: 'obligados',
          mensaje: `NIT ${n} ya declarado por otra entidad.`,
        })),
      },
    );
  }
  return otras;
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
    const prestadores = validarPrestadores(d.prestadores ?? []);
    if (await em.findOne(Entidad, { slug: d.slug })) {
      throw new ErrorApp('conflicto', `Ya existe una entidad con slug «${d.slug}».`);
    }
    await exigirCompartirDeliberado(em, obligados, null, d.compartirNit === true);
    const e = em.create(Entidad, {
      slug: d.slug,
      nombre: d.nombre.trim(),
      tipoEntidad: d.tipoEntidad as TipoEntidad,
      modulos,
      obligados,
      prestadores,
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
    c: { agregar: string[]; quitar: string[]; compartir?: boolean },
  ): Promise<{ entidad: Entidad; antes: string[]; compartidos: string[] }> {
    const agregar = validarObligados(c.agregar);
    const quitar = validarObligados(c.quitar);
    const e = await this.porSlug(em, slug);
    const antes = [...(e.obligados ?? [])];
    const nuevos = agregar.filter((n) => !antes.includes(n));
    const otras = await exigirCompartirDeliberado(em, nuevos, e.id, c.compartir === true);
    e.obligados = [...antes.filter((n) => !quitar.includes(n)), ...nuevos];
    await em.flush();
    return { entidad: e, antes, compartidos: otras.map((o) => o.slug) };
  }

  /** Declares or withdraws the entity's REPS provider codes (what RVC011/RVC012 compare with). */
  async cambiarPrestadores(
    em: EntityManager,
    slug: string,
    c: { agregar: string[]; quitar: string[] },
  ): Promise<{ entidad: Entidad; antes: string[] }> {
    const agregar = validarPrestadores(c.agregar);
    const quitar = validarPrestadores(c.quitar);
    const e = await this.porSlug(em, slug);
    const antes = [...(e.prestadores ?? [])];
    e.prestadores = [
      ...antes.filter((p) => !quitar.includes(p)),
      ...agregar.filter((p) => !antes.includes(p) && !quitar.includes(p)),
    ];
    await em.flush();
    return { entidad: e, antes };
  }

  /** NITs of this entity that another entity of the service declares too (shown in /sesion). */
  async obligadosCompartidos(em: EntityManager, entidad: Entidad): Promise<string[]> {
    if (!entidad.obligados?.length) return [];
    const otras = await em.find(
      Entidad,
      { obligados: { $overlap: entidad.obligados }, id: { $ne: entidad.id } },
      { fields: ['obligados'] },
    );
    return entidad.obligados.filter((n) => otras.some((o) => o.obligados.includes(n))).sort();
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
