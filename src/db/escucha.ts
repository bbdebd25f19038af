import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * sin-avisos: LISTEN was accepted but this session does not receive its own notice (a pooler in
 * transaction mode, for instance): the owner keeps retrying.
 */
export type EstadoEscucha = 'escuchando' | 'desconectado' | 'sin-avisos' | 'detenido';

/** Payload prefix of the round trips that prove notices arrive (never a real payload of any channel). */
export const LATIDO = 'latido:';

export interface OpcionesEscucha {
  canal: string;
  /** `application_name` of the listening connection (lets an operator, or a test, find it). */
  aplicacion: string;
  /** Connect timeout and heartbeat timeout (default 5 s). */
  timeoutMs?: number;
  /** First and last wait between reconnection attempts (default 500 ms → 5 s). */
  reintentoMinMs?: number;
  reintentoMaxMs?: number;
  /**
   * Heartbeat: a NOTIFY that must come back to the listening connection. A silently dead socket, or a
   * session that no longer receives notices, would otherwise look alive.
   */
  latidoMs?: number;
  /** State changes only (never an error text: it could carry connection details). */
  onEstado?: (estado: EstadoEscucha) => void;
}

export interface ManejadorEscucha {
  /** A notice on the channel (heartbeats, ours or another instance's, are filtered out). */
  alAviso(carga: string): void;
  /**
   * LISTEN is proven on `client`; runs before the connection counts as listening. A rejection drops
   * the connection (retried with backoff).
   */
  alConectar?(client: pg.Client): void | Promise<void>;
  /** The current connection was lost or could not be established (not called by `detener`). */
  alPerder?(): void;
}

/**
 * A dedicated connection that LISTENs on one channel: reconnects with exponential backoff and proves
 * with a periodic NOTIFY round trip that notices still arrive. Shared by the cache invalidation
 * (AvisosBd) and the domain event listener (src/eventos/escucha.ts).
 */
export class ConexionEscucha {
  private _vigente = false;
  private detenido = true;
  private url: string | undefined;
  private _client: pg.Client | undefined;
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
  /** Drops the current connection (set while one exists). */
  private soltar: (() => void) | undefined;

  constructor(
    private readonly o: OpcionesEscucha,
    private readonly m: ManejadorEscucha,
  ) {
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

  /** The listening connection (also usable for short queries of its owner). */
  get client(): pg.Client | undefined {
    return this._client;
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
    const client = this._client;
    this._client = undefined;
    this.soltar = undefined;
    this._vigente = false;
    this.o.onEstado?.('detenido');
    await client?.end().catch(() => {});
  }

  /** Drops the current connection as lost (a query of the owner failed): reconnects with backoff. */
  reconectar(): void {
    this.soltar?.();
  }

  private async conectar(): Promise<void> {
    if (this.detenido || !this.url) return;
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: this.timeoutMs,
      keepAlive: true,
      application_name: this.o.aplicacion,
    });
    this._client = client;
    let perdida = false;
    const perder = () => {
      if (perdida) return;
      perdida = true;
      client.end().catch(() => {});
      if (this._client !== client) return;
      this._client = undefined;
      this.soltar = undefined;
      if (this.latido) clearInterval(this.latido);
      this.latido = undefined;
      const estaba = this._vigente;
      this._vigente = false;
      this.m.alPerder?.();
      if (estaba) this.o.onEstado?.('desconectado');
      this.programar();
    };
    this.soltar = perder;
    client.on('error', perder);
    client.on('end', perder);
    client.on('notification', (n) => {
      if (n.channel !== this.o.canal || !n.payload) return;
      // Heartbeats (ours or another instance's) are not notices of the owner.
      if (n.payload.startsWith(LATIDO)) this.latidos.get(n.payload)?.();
      else this.m.alAviso(n.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${this.o.canal}`);
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
    if (perdida || this._client !== client) return;
    const preparar = this.m.alConectar?.(client);
    if (preparar) {
      try {
        await preparar;
      } catch {
        perder();
        return;
      }
      if (perdida || this._client !== client) return;
    }
    this.sinAvisosDicho = false;
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
        values: [this.o.canal, carga],
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
