import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { ConfigRda } from '../../config.js';
import { reintentarSiBloqueoMutuo } from '../../db/bloqueo-mutuo.js';
import { resumenError } from '../../logger.js';

// pg-boss's default schema; its job states are an ordered enum (created < retry < active < completed …).
const SQL_TAMANOS = `SELECT count(*) FILTER (WHERE state < 'active') AS pendientes,
  count(*) FILTER (WHERE state = 'active') AS activos
  FROM pgboss.job WHERE name = $1`;

export interface TrabajoTransmision {
  transmisionId: string;
}

/**
 * The durable retry queue (pg-boss on the same PostgreSQL): each attempt of a transmission is one
 * job scheduled with `startAfter`, so pending attempts survive restarts and are shared by every
 * instance. A job whose worker died is retried by pg-boss after it expires.
 */
export class ColaTransmisiones {
  private boss: PgBoss | undefined;

  constructor(
    private readonly config: ConfigRda,
    private readonly log: Logger,
  ) {}

  get activa(): boolean {
    return !!this.boss;
  }

  async iniciar(url: string, procesar: (transmisionId: string) => Promise<void>): Promise<void> {
    const boss = new PgBoss({
      connectionString: url,
      max: 3,
      application_name: 'motor-cola-rda',
      schedule: false,
    });
    boss.on('error', (e) => this.log.warn({ err: resumenError(e) }, 'cola RDA: error'));
    // Set before start() resolves so detener() during start-up still stops it.
    this.boss = boss;
    await boss.start();
    const expira = Math.ceil((this.config.timeoutIhceMs * 3) / 1000) + 60;
    const cola = {
      name: this.config.cola,
      // Only for crashed or failed handlers; transient upstream failures are rescheduled by us.
      retryLimit: 5,
      retryDelay: this.config.reintentoBaseSegundos,
      retryBackoff: true,
      expireInSeconds: expira,
    };
    // Its partition DDL can deadlock with the webhook queue's pg-boss on the shared job table.
    await reintentarSiBloqueoMutuo(() => boss.createQueue(this.config.cola, cola));
    await boss.work<TrabajoTransmision>(
      this.config.cola,
      {
        pollingIntervalSeconds: Math.max(0.5, Math.min(2, this.config.reintentoBaseSegundos / 2)),
        batchSize: 4,
      },
      async (trabajos) => {
        for (const t of trabajos) await procesar(t.data.transmisionId);
      },
    );
  }

  /** Schedules an attempt; `id` (a uuid) lets the first job be replaced when it proves unnecessary. */
  async programar(transmisionId: string, enSegundos: number, id?: string): Promise<void> {
    if (!this.boss) throw new Error('cola RDA no iniciada');
    await this.boss.send(this.config.cola, { transmisionId } satisfies TrabajoTransmision, {
      startAfter: Math.max(0, Math.ceil(enSegundos)),
      ...(id ? { id } : {}),
    });
  }

  /**
   * Jobs waiting (created, or failed and waiting for pg-boss's retry) and active, for the metrics.
   * One statement, so both counts come from the same snapshot: two getQueueSize calls let a job
   * finish between them and gave a negative "activos".
   */
  async tamanos(): Promise<{ pendientes: number; activos: number } | undefined> {
    const b = this.boss;
    if (!b) return undefined;
    const { rows } = await b.getDb().executeSql(SQL_TAMANOS, [this.config.cola]);
    const fila = rows[0] as { pendientes: string; activos: string } | undefined;
    return { pendientes: Number(fila?.pendientes ?? 0), activos: Number(fila?.activos ?? 0) };
  }

  /** Drops a scheduled attempt that is no longer needed (the transmission reached a final state). */
  async quitar(id: string): Promise<void> {
    await this.boss?.deleteJob(this.config.cola, id).catch(() => {});
  }

  async detener(): Promise<void> {
    const b = this.boss;
    this.boss = undefined;
    // An attempt in flight may wait for the IHCE up to its own timeout: let it finish and record its outcome.
    const timeout = Math.max(5000, this.config.timeoutIhceMs + 2000);
    await b?.stop({ graceful: true, wait: true, timeout, close: true }).catch(() => {});
  }
}

/** Exponential backoff with jitter: base · 2^(n-1) (n = attempts made), capped, never before Retry-After. */
export function esperaReintento(config: ConfigRda, intentosHechos: number, retryAfter?: number): number {
  const exp = config.reintentoBaseSegundos * 2 ** Math.max(0, intentosHechos - 1);
  const conJitter = Math.min(config.reintentoMaxSegundos, exp) * (0.8 + Math.random() * 0.4);
  return Math.max(retryAfter ?? 0, Math.round(conJitter));
}
