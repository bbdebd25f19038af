import type { BusEventos, EventoDominio } from '../src/eventos/tipos.js';
import type { TipoEventoDominio } from '../src/eventos/valores.js';

/** A BusEventos for unit tests: `publicar` hands an event to the subscribers of its entity. */
export class BusFalso implements BusEventos {
  readonly suscritos = new Set<{ entidadId: string; alEvento: (e: EventoDominio) => void }>();

  suscribir(entidadId: string, alEvento: (e: EventoDominio) => void): () => void {
    const s = { entidadId, alEvento };
    this.suscritos.add(s);
    return () => {
      this.suscritos.delete(s);
    };
  }

  alNuevo(): () => void {
    return () => {};
  }

  publicar(e: EventoDominio): void {
    for (const s of [...this.suscritos]) if (s.entidadId === e.entidadId) s.alEvento(e);
  }
}

let n = 0;
export function eventoDePrueba(
  entidadId: string,
  tipo: TipoEventoDominio,
  recursoId: string,
  datos: Record<string, unknown> = {},
): EventoDominio {
  n += 1;
  return {
    id: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`,
    secuencia: String(n),
    entidadId,
    tipo,
    recursoId,
    datos,
    creadoEn: new Date('2026-11-28T10:00:00Z'),
  };
}
