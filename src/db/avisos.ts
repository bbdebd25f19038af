import type { EventSubscriber, FlushEventArgs } from '@mikro-orm/core';
import type pg from 'pg';
import { ConexionEscucha, type EstadoEscucha } from './escucha.js';

/** Channel the triggers of Migration20261123400000_avisos notify on (payload: the table name). */
export const CANAL_AVISOS = 'motor_cambios';

/**
 * sin-avisos: LISTEN was accepted but this session does not receive its own notice (a pooler in
 * transaction mode, for instance): caches stay off and it keeps retrying.
 */
export type EstadoAvisos = EstadoEscucha;

export interface OpcionesAvisos {
  /** Connect timeout and heartbeat timeout (default 5 s). */
  timeoutMs?: number;
  /** First and last wait between reconnection attempts (default 500 ms → 5 s). */
  reintentoMinMs?: number;
  reintentoMaxMs?: number;
  /**
   * Heartbeat: a NOTIFY that must come back to the listening connection. A silently dead socket, or a
   * session that no longer receives notices, would otherwise keep caches alive.
   */
  latidoMs?: number;
  /** `application_name` of the listening connection (default `motor-avisos`). */
  aplicacion?: string;
  /** State changes only (never an error text: it could carry connection details). */
  onEstado?: (estado: EstadoAvisos) => void;
}

/**
 * LISTEN motor_cambios on a dedicated connection, turned into per-table generation counters.
 * In-process caches remember the generation they were filled at and serve a hit only while
 * `vigente` and the generation is unchanged: a committed change to a cached table (from anywhere)
 * or any gap in listening invalidates them.
 */
export class AvisosBd {
  private readonly porTabla = new Map<string, number>();
  /** Bumped when the connection is lost and when it is (re)established: invalidates every table. */
  private global = 0;
  private readonly conexion: ConexionEscucha;

  constructor(o: OpcionesAvisos = {}) {
    this.conexion = new ConexionEscucha(
      { ...o, canal: CANAL_AVISOS, aplicacion: o.aplicacion ?? 'motor-avisos' },
      {
        alAviso: (tabla) => this.invalidar(tabla),
        // Whatever was cached before this point may have missed a notice.
        alConectar: () => {
          this.global++;
        },
        alPerder: () => {
          this.global++;
        },
      },
    );
  }

  /** True only while LISTEN is active on a live connection. */
  get vigente(): boolean {
    return this.conexion.vigente;
  }

  /** The listening connection (tests make it deaf). */
  get client(): pg.Client | undefined {
    return this.conexion.client;
  }

  generacion(tabla: string): number {
    return this.global + (this.porTabla.get(tabla) ?? 0);
  }

  /** A change this process just committed: invalidate now rather than when its notice arrives. */
  invalidar(tabla: string): void {
    this.porTabla.set(tabla, (this.porTabla.get(tabla) ?? 0) + 1);
  }

  iniciar(url: string): void {
    this.conexion.iniciar(url);
  }

  async detener(): Promise<void> {
    if (this.conexion.vigente) this.global++;
    await this.conexion.detener();
  }
}

/**
 * Read-your-writes for this process: entities flushed through the ORM invalidate their table as
 * soon as the flush commits, without waiting for the NOTIFY (which still covers every other writer).
 */
export function suscriptorAvisos(avisos: AvisosBd): EventSubscriber {
  return {
    afterFlush({ uow }: FlushEventArgs): void {
      const tablas = new Set(uow.getChangeSets().map((cs) => cs.meta.tableName));
      for (const t of tablas) avisos.invalidar(t);
    },
  };
}
