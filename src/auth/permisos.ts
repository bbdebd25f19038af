import type { Modulo } from '../entidades/valores.js';

export const ROLES = ['owner', 'operador', 'auditor'] as const;
export type Rol = (typeof ROLES)[number];

export const PERMISOS = ['rips:enviar', 'rips:leer', 'rda:enviar', 'rda:leer'] as const;
export type Permiso = (typeof PERMISOS)[number];

/** Strongest first: when a token carries several roles for one entity, the first wins. */
const PERMISOS_POR_ROL: Record<Rol, readonly Permiso[]> = {
  owner: ['rips:enviar', 'rips:leer', 'rda:enviar', 'rda:leer'],
  operador: ['rips:enviar', 'rips:leer', 'rda:enviar', 'rda:leer'],
  auditor: ['rips:leer', 'rda:leer'],
};

export function moduloDe(permiso: Permiso): Modulo {
  return permiso.split(':')[0] as Modulo;
}

/** Permissions of the role restricted to the modules the entity has contracted. */
export function permisosEfectivos(rol: Rol | 'api-key', modulos: readonly Modulo[]): Permiso[] {
  const base = rol === 'api-key' ? PERMISOS : PERMISOS_POR_ROL[rol];
  return base.filter((p) => modulos.includes(moduloDe(p)));
}

export function rolMasFuerte(roles: Rol[]): Rol | undefined {
  return ROLES.find((r) => roles.includes(r));
}

export function esRol(v: string): v is Rol {
  return (ROLES as readonly string[]).includes(v);
}
