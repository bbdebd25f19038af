import type { PrestadoresDeclarados } from '../tipos.js';

/** A REPS code: the provider's 10 digits, and the sede's 2 in a service's codPrestador. */
const CODIGO_REPS = /^\d{10}(\d{2})?$/;

/** The entity's declared codes (12 digits, or the provider's 10; checked when declared) as the rules read them. */
export function prestadoresDeclarados(codigos: readonly string[]): PrestadoresDeclarados {
  return { codigos, prestadores: new Set(codigos.map((c) => c.slice(0, 10))) };
}

/**
 * Whether a code of 10 digits (the XML's CODIGO_PRESTADOR) or 12 (a service's codPrestador) is of a
 * provider the entity declared. The sede is not compared: every sede of a provider is registered to
 * the same provider, and so to the same NIT (what RVC012 asks).
 */
export function esDeLaEntidad(p: PrestadoresDeclarados, codigo: string): boolean {
  // A RIPS repeats one or a few codes in every service: the last answer is kept (per walk).
  const u = (p as Memoria).ultimo;
  if (u?.codigo === codigo) return u.propio;
  const propio = CODIGO_REPS.test(codigo) && p.prestadores.has(codigo.slice(0, 10));
  (p as Memoria).ultimo = { codigo, propio };
  return propio;
}

type Memoria = PrestadoresDeclarados & { ultimo?: { codigo: string; propio: boolean } };
