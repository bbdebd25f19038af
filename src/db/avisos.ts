import { randomUUID } from 'node:crypto';
import type { EventSubscriber, FlushEventArgs } from '@mikro-orm/core';
import pg from 'pg';

/** Channel the triggers of Migration20261123400000_avisos notify on (payload: the table name). */
export const CANAL_AVISOS = 'motor_cambios';

/**
 * sin-avisos: LISTEN was accepted but this session does not receive its own notice (a pooler in
 * transaction mode, for instance): caches stay off and it keeps retrying.
 */
export type EstadoAvisos = 'escuchando' | 'desconectado' | 'sin-avisos' | 'detenido';

/** Payload prefix of the round trips that prove notices arrive (never a table name). */
const LATIDO = 'latido:';

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
  private _vigente = false;
  private detenido = true;
  private url: string | undefined;
  private client: pg.Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private latido: NodeJS.Timeout | undefined;
  private espera: number;
  private readonly timeoutMs: number;
  private readonly reintentoMinMs: number;
  private readonly reintentoMaxMs: number;
  private readonly latidoMs: number;
  /** Heartbeat round trips waiting for their notice, by payload. */
  private readonly latidos = new Map<string, () => void>();
  private sinAvisosDicho = false;

  constructor(private readonly o: OpcionesAvisos = {}) {
    this.timeoutMs = o.timeoutMs ?? 5000;
    this.reintentoMinMs = o.reintentoMinMs ?? 500;
    this.reintentoMaxMs = o.reintentoMaxMs ?? 5000;
    this.latidoMs = o.latidoMs ?? 10_000;
    this.espera = this.reintentoMinMs;
  }

  /** True only while LISTEN is active on a live connection. */
  get vigente(): boolean {
    return this._vigente;
  }

  generacion(tabla: string): number {
    return this.global + (this.porTabla.get(tabla) ?? 0);
  }

  /** A change this process just committed: invalidate now rather than when its notice arrives. */
  invalidar(tabla: string): void {
    this.porTabla.set(tabla, (this.porTabla.get(tabla) ?? 0) + 1);
  }

  iniciar(url: string): void {
    if (!this.detenido) return;
    this.url = url;
    this.detenido = false;
    this.espera = this.reintentoMinMs;
    this.conectar().catch(() => {}); // conectar handles its own errors; never an unhandled rejection
  }

  async detener(): Promise<void> {
    this.detenido = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.latido) clearInterval(this.latido);
    this.timer = this.latido = undefined;
    const client = this.client;
    this.client = undefined;
    if (this._vigente) this.global++;
    this._vigente = false;
    this.o.onEstado?.('detenido');
    await client?.end().catch(() => {});
  }

  private async conectar(): Promise<void> {
    if (this.detenido || !this.url) return;
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: this.timeoutMs,
      keepAlive: true,
      application_name: this.o.aplicacion ?? 'motor-avisos',
    });
    this.client = client;
    let perdida = false;
    const perder = () => {
      if (perdida) return;
      perdida = true;
      client.end().catch(() => {});
      if (this.client !== client) return;
      this.client = undefined;
      if (this.latido) clearInterval(this.latido);
      this.latido = undefined;
      const estaba = this._vigente;
      this._vigente = false;
      this.global++;
      if (estaba) this.o.onEstado?.('desconectado');
      this.programar();
    };
    client.on('error', perder);
    client.on('end', perder);
    client.on('notification', (n) => {
      if (n.channel !== CANAL_AVISOS || !n.payload) return;
      // Heartbeats (ours or another instance's) are not table changes.
      if (n.payload.startsWith(LATIDO)) this.latidos.get(n.payload)?.();
      else this.invalidar(n.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${CANAL_AVISOS}`);
      // LISTEN being accepted is not enough (a pooler may drop the session's notices): one must arrive.
      if (!(await this.idaYVuelta(client))) {
        if (!this.sinAvisosDicho) this.o.onEstado?.('sin-avisos');
        this.sinAvisosDicho = true;
        perder();
        return;
      }
    } catch {
      perder();
      return;
    }
    if (perdida || this.client !== client) return;
    this.sinAvisosDicho = false;
    // Whatever was cached before this point may have missed a notice.
    this.global++;
    this._vigente = true;
    this.espera = this.reintentoMinMs;
    this.o.onEstado?.('escuchando');
    this.latido = setInterval(() => {
      this.idaYVuelta(client).then((llego) => {
        if (!llego) perder();
      }, perder);
    }, this.latidoMs);
    this.latido.unref();
  }

  /** NOTIFY on the listening connection; true once that very notice comes back within the timeout. */
  private async idaYVuelta(client: pg.Client): Promise<boolean> {
    const carga = `${LATIDO}${randomUUID()}`;
    let listo!: (llego: boolean) => void;
    const llegada = new Promise<boolean>((r) => {
      listo = r;
    });
    const plazo = setTimeout(() => listo(false), this.timeoutMs);
    plazo.unref();
    this.latidos.set(carga, () => listo(true));
    try {
      await client.query({
        text: 'select pg_notify($1, $2)',
        values: [CANAL_AVISOS, carga],
        query_timeout: this.timeoutMs,
      } as pg.QueryConfig);
      return await llegada;
    } finally {
      clearTimeout(plazo);
      this.latidos.delete(carga);
    }
  }

  private programar(): void {
    if (this.detenido) return;
    if (this.timer) clearTimeout(this.timer);
    const espera = this.espera;
    this.espera = Math.min(this.espera * 2, this.reintentoMaxMs);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.conectar().catch(() => {}); // conectar handles its own errors; never an unhandled rejection
    }, espera);
    this.timer.unref();
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
