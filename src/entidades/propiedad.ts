import type { EntityClass, FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Autenticacion } from '../auth/autenticacion.js';
import { errores } from '../errores/errores.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Loads a resource owned by the caller's entity. Another entity's resource, an unknown id
 * and a malformed id all answer the same 404, so ids reveal nothing across tenants.
 */
export async function deLaEntidad<T extends { id: string }>(
  em: EntityManager,
  clase: EntityClass<T>,
  id: string,
  auth: Autenticacion,
  que: string,
): Promise<T> {
  const encontrado = UUID.test(id)
    ? await em.findOne(clase, { id, entidad: auth.entidadId } as unknown as FilterQuery<T>)
    : null;
  if (!encontrado) throw errores.noEncontrado(que);
  return encontrado;
}
