import type { Regla } from '../reglas/tipos.js';
import { type Registro, TIPOS_SERVICIO, type TipoServicio } from '../tipos.js';

/** Rules whose state spans users: they must see every user in order (never a slice of them). */
export function esReglaGlobal(r: Regla): boolean {
  return r.estado !== undefined && !r.estadoPorUsuario;
}

export interface CamposProyeccion {
  usuario: readonly string[];
  /** Fields kept of each type's records. */
  servicio: Readonly<Record<TipoServicio, readonly string[]>>;
}

/** The union of the fields the cross-user rules read, per service type. */
export function camposProyeccion(reglas: readonly Regla[]): CamposProyeccion {
  // The user's document always: a finding's location shows it (ResultadoMotor.documentos).
  const usuario = new Set<string>(['tipoDocumentoIdentificacion', 'numDocumentoIdentificacion']);
  const servicio = Object.fromEntries(TIPOS_SERVICIO.map((t) => [t, new Set<string>()])) as Record<
    TipoServicio,
    Set<string>
  >;
  for (const r of reglas) {
    if (!esReglaGlobal(r)) continue;
    if (!r.lee) throw new Error(`La regla ${r.codigo} guarda estado entre usuarios y no declara «lee»`);
    for (const c of r.lee.usuario) usuario.add(c);
    const lee = r.lee.servicio;
    for (const t of TIPOS_SERVICIO)
      for (const c of (Array.isArray(lee) ? lee : lee[t as keyof typeof lee]) ?? []) servicio[t].add(c);
  }
  return {
    usuario: [...usuario],
    servicio: Object.fromEntries(TIPOS_SERVICIO.map((t) => [t, [...servicio[t]]])) as Record<
      TipoServicio,
      string[]
    >,
  };
}

function esObjeto(v: unknown): v is Registro {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function tomar(r: Registro, campos: readonly string[]): Registro {
  const p: Registro = {};
  for (const c of campos) if (c in r) p[c] = r[c];
  return p;
}

/**
 * A user reduced to what the cross-user rules read: the declared fields, and every service array
 * with its length and indexes kept (records reduced, anything else as null).
 */
export function proyectar(u: unknown, campos: CamposProyeccion): unknown {
  if (!esObjeto(u)) return null;
  const p = tomar(u, campos.usuario);
  const s = u.servicios;
  if (!esObjeto(s)) return p;
  const servicios: Registro = {};
  for (const tipo of TIPOS_SERVICIO) {
    const lista = s[tipo];
    if (!Array.isArray(lista)) continue;
    const deTipo = campos.servicio[tipo];
    servicios[tipo] = lista.map((r) => (esObjeto(r) ? tomar(r, deTipo) : null));
  }
  p.servicios = servicios;
  return p;
}
