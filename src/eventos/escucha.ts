import type pg from 'pg';
import { ConexionEscucha, type EstadoEscucha } from '../db/escucha.js';
import { type ConsultaSql, LectorEventos, type LecturaEventos, ultimaSecuencia } from './lector.js';
import type { EventoDominio } from './tipos.js';
import { CANAL_EVENTOS } from './valores.js';

/** Where the listener hands what it reads (BusEventosEnProceso). */
export interface DestinoEventos {
  publicar(e: EventoDominio): void;
  despertar(): void;
}

export interface OpcionesEscuchaEventos {
  /** Safety read when no notice came (a notice is not guaranteed to arrive; default 5 s). */
  sondeoMs?: number;
  /** Events per read (default 500): a long catch-up runs in bounded batches. */
  lote?: number;
  /** Connect and heartbeat timeout (default 5 s); reads get four times as long. */
  timeoutMs?: number;
  reintentoMinMs?: number;
  reintentoMaxMs?: number;
  latidoMs?: number;
  /** `application_name` of the listening connection (default `motor-eventos`). */
  aplicacion?: string;
  onEstado?: (estado: EstadoEscucha) => void;
  /** A read of the outbox failed; the connection is dropped and re-established (no event content). */
  alFallarLectura?: (error: unknown) => void;
}

/** First wait before reading again behind a gap in `secuencia` (doubles up to the safety poll). */
const ESPERA_HUECO_MS = 50;

/**
 * LISTEN motor_eventos on a dedicated connection (reconnection and heartbeat from ConexionEscucha) and
 * the outbox read in `secuencia` order from where this instance started: events committed before it
 * started are not replayed; after a lost connection it catches up from the last one it delivered, so
 * nothing committed meanwhile is lost or repeated. Notices only wake the reader (many → one read).
 */
export class EscuchaEventos {
  private readonly conexion: ConexionEscucha;
  private lector: LectorEventos | undefined;
  private detenido = true;
  private leyendo = false;
  private otraVez = false;
  private lectura: Promise<void> | undefined;
  private sondeo: NodeJS.Timeout | undefined;
  private reintento: NodeJS.Timeout | undefined;
  private esperaHueco = ESPERA_HUECO_MS;
  private readonly sondeoMs: number;
  private readonly lote: number;
  private readonly timeoutLecturaMs: number;
  private _recibidos = 0;

  constructor(
    private readonly destino: DestinoEventos,
    private readonly o: OpcionesEscuchaEventos = {},
  ) {
    this.sondeoMs = o.sondeoMs ?? 5000;
    this.lote = o.lote ?? 500;
    this.timeoutLecturaMs = 4 * (o.timeoutMs ?? 5000);
    this.conexion = new ConexionEscucha(
      {
        canal: CANAL_EVENTOS,
        aplicacion: o.aplicacion ?? 'motor-eventos',
        timeoutMs: o.timeoutMs,
        reintentoMinMs: o.reintentoMinMs,
        reintentoMaxMs: o.reintentoMaxMs,
        latidoMs: o.latidoMs,
        onEstado: (estado) => {
          o.onEstado?.(estado);
          // Listening (again): catch up with whatever was committed while it was not.
          if (estado === 'escuchando') this.pedirLectura();
        },
      },
      {
        alAviso: () => this.pedirLectura(),
        alConectar: async (client) => {
          // The start point is taken once: a reconnection resumes from the last delivered event.
          if (!this.lector)
            this.lector = new LectorEventos(await ultimaSecuencia(this.consulta(client)), this.lote);
        },
      },
    );
  }

  /** True while LISTEN is active on a live connection. */
  get vigente(): boolean {
    return this.conexion.vigente;
  }

  /** Last `secuencia` handed to the bus (undefined before the first connection). */
  get posicion(): string | undefined {
    return this.lector?.posicion;
  }

  /** Events read from the outbox and handed to the bus since start. */
  get recibidos(): number {
    return this._recibidos;
  }

  iniciar(url: string): void {
    if (!this.detenido) return;
    this.detenido = false;
    this.conexion.iniciar(url);
    this.sondeo = setInterval(() => this.pedirLectura(), this.sondeoMs);
    this.sondeo.unref();
  }

  async detener(): Promise<void> {
    this.detenido = true;
    if (this.sondeo) clearInterval(this.sondeo);
    if (this.reintento) clearTimeout(this.reintento);
    this.sondeo = this.reintento = undefined;
    await this.conexion.detener();
    await this.lectura;
  }

  /** Reads now, or once more after the read in flight (notices are coalesced). */
  private pedirLectura(): void {
    if (this.detenido || !this.lector) return;
    if (this.leyendo) {
      this.otraVez = true;
      return;
    }
    this.leyendo = true;
    this.otraVez = false;
    this.lectura = this.leer().finally(() => {
      this.leyendo = false;
      if (this.otraVez) this.pedirLectura();
    });
  }

  private async leer(): Promise<void> {
    const client = this.conexion.client;
    const lector = this.lector;
    // Not listening: the next 'escuchando' reads.
    if (!this.conexion.vigente || !client || !lector) return;
    const consulta = this.consulta(client);
    let r: LecturaEventos;
    try {
      do {
        r = await lector.leer(consulta);
        for (const e of r.eventos) this.destino.publicar(e);
        this._recibidos += r.eventos.length;
        if (r.eventos.length > 0) this.destino.despertar();
      } while (r.mas && !this.detenido);
    } catch (e) {
      // The connection it used is gone (then reconnecting is already under way) or misbehaves.
      if (this.detenido || this.conexion.client !== client) return;
      this.o.alFallarLectura?.(e);
      this.otraVez = false;
      this.conexion.reconectar();
      return;
    }
    if (this.reintento) clearTimeout(this.reintento);
    this.reintento = undefined;
    if (!r.bloqueado) {
      this.esperaHueco = ESPERA_HUECO_MS;
      return;
    }
    // A transaction that may still commit the missing event is in flight: its commit notifies, a
    // rollback does not, so look again soon.
    const espera = this.esperaHueco;
    this.esperaHueco = Math.min(this.esperaHueco * 2, this.sondeoMs);
    this.reintento = setTimeout(() => {
      this.reintento = undefined;
      this.pedirLectura();
    }, espera);
    this.reintento.unref();
  }

  private consulta(client: pg.Client): ConsultaSql {
    return async (text, values) =>
      (await client.query({ text, values, query_timeout: this.timeoutLecturaMs } as pg.QueryConfig)).rows;
  }
}
