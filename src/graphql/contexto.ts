import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Autenticacion } from '../auth/autenticacion.js';
import type { Config } from '../config.js';
import type { CamposPropios } from '../http/registro-solicitudes.js';
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
  /** An info line of counts and flags only, written without the redaction's cost (registro-solicitudes.ts). */
  infoPropia?: (campos: CamposPropios, mensaje: string) => void;
}

/** `ctx.log.info(campos, mensaje)`, the same line, cheaper where the request's front allows it. */
export function registrarInfoPropia(ctx: Contexto, campos: CamposPropios, mensaje: string): void {
  if (ctx.infoPropia) ctx.infoPropia(campos, mensaje);
  else ctx.log.info(campos, mensaje);
}

/** For resolvers of protected fields: shield has already guaranteed `auth`. */
export function authDe(ctx: Contexto): Autenticacion {
  if (!ctx.auth) throw new Error('campo protegido resuelto sin autenticación');
  return ctx.auth;
}
