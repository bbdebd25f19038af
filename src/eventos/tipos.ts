import type { TipoEventoDominio } from './valores.js';

/** One row of the outbox (`evento_dominio`), as listeners and deliveries see it. */
export interface EventoDominio {
  id: string;
  /** Total order of the outbox (bigserial): listeners catch up from the last one they saw. */
  secuencia: string;
  entidadId: string;
  tipo: TipoEventoDominio;
  /** The transmission or filing the event is about. */
  recursoId: string;
  /** The resource's public fields at commit (see the migration): never clinical content or patient data. */
  datos: Record<string, unknown>;
  creadoEn: Date;
}

/**
 * In-process fan-out of committed events, fed by LISTEN motor_eventos (so events made by any instance
 * reach the subscribers of every instance). Subscribers see only their entity's events, in `secuencia`
 * order, at least once.
 */
export interface BusEventos {
  /** Calls `alEvento` for each new event of the entity until the returned function is called. */
  suscribir(entidadId: string, alEvento: (e: EventoDominio) => void): () => void;
  /**
   * Wake-ups when new events of any entity are committed (no payload): durable consumers such as the
   * webhook relay read the outbox from their own stored position, so a missed wake-up loses nothing.
   */
  alNuevo(aviso: () => void): () => void;
}
