import pg from 'pg';

export type EstadoBd = 'arrancando' | 'disponible' | 'caida';

const CODIGOS_CONEXION = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up / shutting down)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

const MENSAJES_CONEXION = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Timeout acquiring a connection',
  'Client has encountered a connection error',
  'Connection ended unexpectedly',
];

/** True when the error (or any cause in its chain) means the database cannot be reached right now. */
export function esErrorDeConexion(e: unknown, profundidad = 0): boolean {
  if (!e || typeof e !== 'object' || profundidad > 6) return false;
  const err = e as {
    code?: unknown;
    name?: unknown;
    message?: unknown;
    cause?: unknown;
    previous?: unknown;
    originalError?: unknown;
  };
  if (typeof err.code === 'string' && CODIGOS_CONEXION.has(err.code)) return true;
  if (err.name === 'KnexTimeoutError' || err.name === 'ConnectionException') return true;
  if (typeof err.message === 'string' && MENSAJES_CONEXION.some((m) => (err.message as string).includes(m)))
    return true;
  if (e instanceof AggregateError && e.errors.some((x) => esErrorDeConexion(x, profundidad + 1))) return true;
  return [err.cause, err.previous, err.originalError].some(
    (c) => c !== e && esErrorDeConexion(c, profundidad + 1),
  );
}

export interface OpcionesMonitor {
  sondeoMs: number;
  timeoutMs: number;
  onCambio?: (estado: EstadoBd, error?: unknown) => void;
}

/**
 * Tracks whether the database answers. Until `iniciar` (start-up and migrations) it is
 * `arrancando`; afterwards a cheap probe on its own connection flips it between
 * `disponible` and `caida`, quickly while down and slowly while up.
 */
export class MonitorBd {
  private _estado: EstadoBd = 'arrancando';
  private url: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private detenido = false;
  private sondeando = false;

  constructor(private readonly o: OpcionesMonitor) {}

  get estado(): EstadoBd {
    return this._estado;
  }

  get disponible(): boolean {
    return this._estado === 'disponible';
  }

  iniciar(url: string): void {
    this.url = url;
    this.detenido = false;
    this.cambiar('disponible');
    this.programar();
  }

  /** Called when a request fails with a connection-class error. */
  reportarFallo(error: unknown): void {
    if (this._estado !== 'disponible' || this.detenido) return;
    this.cambiar('caida', error);
    this.programar(0);
  }

  detener(): void {
    this.detenido = true;
    if (this.timer) clearTimeout(this.timer);
  }

  /** Runs one probe now; resolves with the resulting state. */
  async sondear(): Promise<EstadoBd> {
    if (!this.url || this.sondeando) return this._estado;
    this.sondeando = true;
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: this.o.timeoutMs,
      query_timeout: this.o.timeoutMs,
    });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      this.cambiar('disponible');
    } catch (e) {
      this.cambiar('caida', e);
    } finally {
      this.sondeando = false;
      client.end().catch(() => {});
    }
    return this._estado;
  }

  private cambiar(estado: EstadoBd, error?: unknown): void {
    if (estado === this._estado) return;
    this._estado = estado;
    this.o.onCambio?.(estado, error);
  }

  private programar(retraso?: number): void {
    if (this.detenido) return;
    if (this.timer) clearTimeout(this.timer);
    const espera = retraso ?? (this.disponible ? this.o.sondeoMs * 5 : this.o.sondeoMs);
    this.timer = setTimeout(async () => {
      await this.sondear();
      this.programar();
    }, espera);
    this.timer.unref();
  }
}
