import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Autenticacion } from '../auth/autenticacion.js';
import type { Config } from '../config.js';
import type { Servicios } from '../servicios.js';
import type { Loaders } from './loaders.js';

/** Per-request context, identical for the GraphQL and REST doors. */
export interface Contexto {
  requestId: string;
  config: Config;
  em: EntityManager;
  auth: Autenticacion | null;
  servicios: Servicios;
  loaders: Loaders;
  log: Logger;
  /** Adds fields to the request's remaining log lines, its final line included (e.g. `operacion`). */
  enlazarRegistro?: (campos: Record<string, unknown>) => void;
}

/** For resolvers of protected fields: shield has already guaranteed `auth`. */
export function authDe(ctx: Contexto): Autenticacion {
  if (!ctx.auth) throw new Error('campo protegido resuelto sin autenticación');
  return ctx.auth;
}
