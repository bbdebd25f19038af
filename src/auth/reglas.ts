import { and, rule } from 'graphql-shield';
import type { Modulo } from '../entidades/valores.js';
import { errores } from '../errores/errores.js';
import type { Contexto } from '../graphql/contexto.js';
import type { Permiso } from './permisos.js';

export type ShieldRule = Parameters<typeof and>[number];

export const autenticado = rule('autenticado', { cache: 'contextual' })((_p, _a, ctx: Contexto) =>
  ctx.auth ? true : errores.noAutenticado(),
);

// Shield demands one instance per rule name, so rules are built once per module/permission.
const unaVez = <K, V>(crear: (k: K) => V) => {
  const hechas = new Map<K, V>();
  return (k: K): V => {
    if (!hechas.has(k)) hechas.set(k, crear(k));
    return hechas.get(k)!;
  };
};

const moduloContratado = unaVez((modulo: Modulo) =>
  rule(`modulo:${modulo}`, { cache: 'contextual' })((_p, _a, ctx: Contexto) =>
    ctx.auth?.modulos.includes(modulo) ? true : errores.moduloNoContratado(modulo),
  ),
);

const tienePermiso = unaVez((permiso: Permiso) =>
  rule(`permiso:${permiso}`, { cache: 'contextual' })((_p, _a, ctx: Contexto) =>
    ctx.auth?.permisos.includes(permiso) ? true : errores.sinPermiso(permiso),
  ),
);

/** Authenticated, module contracted, then permission: the most precise refusal comes first. */
export function requiere(permiso: Permiso): ShieldRule {
  return and(autenticado, moduloContratado(permiso.split(':')[0] as Modulo), tienePermiso(permiso));
}

/** Rules of the root fields a capability adds; every root field must appear in one table. */
export interface TablaReglas {
  Query?: Record<string, ShieldRule>;
  Mutation?: Record<string, ShieldRule>;
  Subscription?: Record<string, ShieldRule>;
}
