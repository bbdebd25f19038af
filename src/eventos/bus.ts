import type { BusEventos, EventoDominio } from './tipos.js';

interface Suscripcion {
  alEvento: (e: EventoDominio) => void;
  activa: boolean;
}

/** What a failing subscriber reports: no event content (datos may carry invoice numbers). */
export type FalloSuscriptor = (
  error: unknown,
  contexto: { tipo: string; rol: 'suscriptor' | 'aviso' },
) => void;

/**
 * The in-process BusEventos: per-entity subscriber sets fed by EscuchaEventos. Calls are synchronous
 * and nothing is queued (a subscriber that needs to buffer or do I/O does it on its own, bounded),
 * so memory is one entry per live subscription. A throwing subscriber is reported and the others
 * still get the event.
 */
export class BusEventosEnProceso implements BusEventos {
  private readonly porEntidad = new Map<string, Set<Suscripcion>>();
  private readonly avisos = new Set<{ aviso: () => void; activa: boolean }>();
  private _suscriptores = 0;
  private _entregados = 0;
  private _fallos = 0;

  constructor(private readonly alFallar: FalloSuscriptor = () => {}) {}

  /** Live subscriptions (all entities). */
  get suscriptores(): number {
    return this._suscriptores;
  }

  /** Calls of subscribers with an event, since start. */
  get entregados(): number {
    return this._entregados;
  }

  /** Subscriber and wake-up calls that threw, since start. */
  get fallos(): number {
    return this._fallos;
  }

  suscribir(entidadId: string, alEvento: (e: EventoDominio) => void): () => void {
    let conjunto = this.porEntidad.get(entidadId);
    if (!conjunto) {
      conjunto = new Set();
      this.porEntidad.set(entidadId, conjunto);
    }
    // Its own object: the same function subscribed twice is two subscriptions, each removable once.
    const s: Suscripcion = { alEvento, activa: true };
    conjunto.add(s);
    this._suscriptores++;
    const suyo = conjunto;
    return () => {
      if (!s.activa) return;
      s.activa = false;
      suyo.delete(s);
      this._suscriptores--;
      // No empty sets left behind by entities nobody watches any more.
      if (suyo.size === 0 && this.porEntidad.get(entidadId) === suyo) this.porEntidad.delete(entidadId);
    };
  }

  alNuevo(aviso: () => void): () => void {
    const s = { aviso, activa: true };
    this.avisos.add(s);
    return () => {
      s.activa = false;
      this.avisos.delete(s);
    };
  }

  /** One committed event to its entity's subscribers (those subscribed when it is published). */
  publicar(e: EventoDominio): void {
    const conjunto = this.porEntidad.get(e.entidadId);
    if (!conjunto) return;
    // A copy: a subscription made by a subscriber during this call does not get this event; one
    // cancelled during it is skipped (activa).
    if (conjunto.size === 1) {
      const [s] = conjunto;
      this.llamar(s!, e);
      return;
    }
    for (const s of [...conjunto]) this.llamar(s, e);
  }

  private llamar(s: Suscripcion, e: EventoDominio): void {
    if (!s.activa) return;
    this._entregados++;
    try {
      s.alEvento(e);
    } catch (error) {
      this.fallo(error, e.tipo, 'suscriptor');
    }
  }

  /** New events were committed (of any entity). */
  despertar(): void {
    for (const s of [...this.avisos]) {
      if (!s.activa) continue;
      try {
        s.aviso();
      } catch (error) {
        this.fallo(error, 'aviso', 'aviso');
      }
    }
  }

  private fallo(error: unknown, tipo: string, rol: 'suscriptor' | 'aviso'): void {
    this._fallos++;
    try {
      this.alFallar(error, { tipo, rol });
    } catch {
      // Reporting must not break delivery either.
    }
  }
}
