import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { formatoApiKeyValido, hashApiKey } from '../auth/api-keys.js';
import type { Config } from '../config.js';
import { ApiKey } from './api-key.entity.js';
import { Entidad } from './entidad.entity.js';
import type { ServicioEntidades } from './servicio.js';

export const SLUG_DEMO = 'demo';
export const NIT_EJEMPLOS_OFICIALES = '530520110';
/**
 * REPS provider codes the demo entity declares (RVC011/RVC012): that of every official example RIPS
 * (its XML carries the provider part, 1920304050), and that of the sandbox MUV user's provider
 * (NIT 900123456), which the quick start's and the tests' fictitious RIPS and invoices use.
 */
export const PRESTADORES_DEMO: readonly string[] = ['192030405001', '110010123401'];

async function claveVigente(em: EntityManager, clave: string | undefined): Promise<boolean> {
  if (!clave || !formatoApiKeyValido(clave)) return false;
  const k = await em.findOne(ApiKey, { hash: hashApiKey(clave) });
  return !!k && !k.revokedAt;
}

/**
 * Local runs get a demo entity with both modules. Its key is DEMO_API_KEY when given;
 * otherwise one is issued once and kept in the (git-ignored) data folder so that every
 * restart prints the same key. The database still holds only its hash.
 */
export async function asegurarDemo(
  em: EntityManager,
  entidades: ServicioEntidades,
  config: Config,
): Promise<string> {
  const entidad =
    (await em.findOne(Entidad, { slug: SLUG_DEMO })) ??
    (await entidades.crear(em, {
      slug: SLUG_DEMO,
      nombre: 'IPS de demostración',
      tipoEntidad: 'ips',
      modulos: ['rips', 'rda'],
    }));
  // The obligated party of every official example file, so the quick start can file them.
  if (!entidad.obligados.includes(NIT_EJEMPLOS_OFICIALES)) {
    entidad.obligados = [...entidad.obligados, NIT_EJEMPLOS_OFICIALES];
    await em.flush();
  }
  // And those providers' codes, so RVC011/RVC012 pass them as the MUV would for its user's provider.
  const faltan = PRESTADORES_DEMO.filter((p) => !(entidad.prestadores ?? []).includes(p));
  if (faltan.length) {
    entidad.prestadores = [...(entidad.prestadores ?? []), ...faltan];
    await em.flush();
  }
  if (config.demo.apiKey) {
    if (!formatoApiKeyValido(config.demo.apiKey)) {
      throw new Error('DEMO_API_KEY debe tener la forma rda_ seguido de 32 a 128 caracteres [A-Za-z0-9_-]');
    }
    const existente = await em.findOne(ApiKey, { hash: hashApiKey(config.demo.apiKey) });
    if (existente && existente.entidad.id !== entidad.id)
      throw new Error('DEMO_API_KEY ya pertenece a otra entidad');
    if (!existente) await entidades.emitirApiKey(em, entidad, 'demo (DEMO_API_KEY)', config.demo.apiKey);
    else if (existente.revokedAt) {
      existente.revokedAt = null;
      await em.flush();
    }
    return config.demo.apiKey;
  }
  const archivo = path.join(config.dataDir, 'demo-api-key');
  const guardada = existsSync(archivo) ? (await readFile(archivo, 'utf8')).trim() : undefined;
  if (await claveVigente(em, guardada)) return guardada!;
  const { clave } = await entidades.emitirApiKey(em, entidad, 'demo');
  await writeFile(archivo, clave, { mode: 0o600 });
  return clave;
}
