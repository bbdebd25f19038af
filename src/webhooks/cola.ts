import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { ConfigWebhooks } from '../config.js';
import { reintentarSiBloqueoMutuo } from '../db/bloqueo-mutuo.js';
import { resumenError } from '../logger.js';

/** The event as the receiver gets it (the body is built from this on every attempt). */
export interface EventoWebhook {
  id: string;
  tipo: string;
  /** ISO instant the event was committed (the outbox's `creado_en`). */
  fecha: string;
  /** The entity's slug. */
  entidad: string;
  /** The resource's public fields, as the outbox stored them. */
  datos: Record<string, unknown>;
}

/** One pg-boss job: one event for one endpoint (its retries are the job's). */
export interface TrabajoWebhook {
  endpointId: string;
  evento: EventoWebhook;
}

/** What pg-boss runs SQL through: its own pool, or a client inside our transaction. */
export interface EjecutorSql {
  executeSql(texto: string, valores?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** A failed attempt already recorded in the delivery log: pg-boss retries the job later. */
export class FalloEntrega extends Error {
  constructor(readonly clase: string) {
    super(`entrega fallida: ${clase}`);
    this.name = 'FalloEntrega';
  }
}

/**
 * The delivery queue: pg-boss on a small pool of its own (the relay's transactions use it too, so a
 * batch of jobs is inserted in the same transaction that advances the relay position). Retries are
 * pg-boss's: retryLimit, retryDelay and retryBackoff per job, so they survive restarts and any
 * instance runs them.
 */
export class ColaWebhooks {
  private pool: pg.Pool | undefined;
  private boss: PgBoss | undefined;
  private trabajador: string | undefined;

  constructor(
    private readonly config: ConfigWebhooks,
    private readonly log: Logger,
  ) {}

  get activa(): boolean {
    return !!this.boss;
  }

  async iniciar(url: string, procesar: (t: TrabajoWebhook, intento: number) => Promise<void>): Promise<void> {
    const pool = new pg.Pool({ connectionString: url, max: 2, application_name: 'motor-webhooks' });
    // A client checked out (the relay's transaction) emits 'error' on itself, not on the pool, and pg-pool
    // watches only idle ones: a connection lost mid-transaction (database stopped, backend terminated) was
    // an uncaught exception. One listener per client for its whole life; the failed query still reaches
    // the caller, and the pool discards the dead client when it is released.
    pool.on('connect', (c) => {
      let dicho = false;
      c.on('error', (e) => {
        // A lost connection may report twice (the server's notice, then the closed socket): logged once.
        if (!dicho) this.log.warn({ err: resumenError(e) }, 'webhooks: se perdió una conexión de la cola');
        dicho = true;
      });
    });
    // Idle clients' errors come here too; the client's own listener above has logged them.
    pool.on('error', () => {});
    this.pool = pool;
    const boss = new PgBoss({
      db: { executeSql: (texto: string, valores?: unknown[]) => pool.query(texto, valores) },
      schedule: false,
    });
    boss.on('error', (e) => this.log.warn({ err: resumenError(e) }, 'cola de webhooks: error'));
    // Set before start() resolves so detener() during start-up still stops it.
    this.boss = boss;
    await boss.start();
    const cola = { name: this.config.cola, ...this.politica() };
    // Its partition DDL can deadlock with the RDA queue's pg-boss on the shared job table (bloqueo-mutuo.ts).
    await reintentarSiBloqueoMutuo(() => boss.createQueue(this.config.cola, cola));
    const lote = this.config.simultaneas;
    this.trabajador = await boss.work<TrabajoWebhook>(
      this.config.cola,
      {
        batchSize: lote,
        includeMetadata: true,
        pollingIntervalSeconds: Math.max(0.5, Math.min(2, this.config.reintentoBaseSegundos / 2)),
      },
      async (trabajos) => {
        // Each job succeeds or fails on its own: pg-boss then completes only the ones still active.
        await Promise.all(
          trabajos.map(async (t) => {
            try {
              await procesar(t.data, t.retryCount + 1);
            } catch (e) {
              const clase = e instanceof FalloEntrega ? e.clase : 'interno';
              if (!(e instanceof FalloEntrega))
                this.log.warn(
                  { err: resumenError(e), endpoint: t.data.endpointId },
                  'webhooks: entrega interrumpida',
                );
              await boss.fail(this.config.cola, t.id, { clase }).catch(() => {});
            }
          }),
        );
        // A full batch: more are probably waiting, fetch again without the polling pause.
        if (trabajos.length === lote && this.trabajador) boss.notifyWorker(this.trabajador);
      },
    );
  }

  /** Retry policy of every job (also the queue's defaults). */
  private politica() {
    return {
      retryLimit: this.config.intentos - 1,
      retryDelay: this.config.reintentoBaseSegundos,
      retryBackoff: true,
      // A worker that died mid-attempt: the job is retried once this passes.
      expireInSeconds: Math.ceil((this.config.timeoutMs * 2) / 1000) + 30,
    };
  }

  /** Inserts the jobs, inside the caller's transaction when `db` is its client. */
  async encolar(trabajos: TrabajoWebhook[], db?: EjecutorSql): Promise<void> {
    if (!this.boss) throw new Error('cola de webhooks no iniciada');
    if (!trabajos.length) return;
    const politica = this.politica();
    await this.boss.insert(
      trabajos.map((t) => ({
        name: this.config.cola,
        data: t,
        singletonKey: `${t.endpointId}:${t.evento.id}`,
        ...politica,
      })),
      db ? { db } : {},
    );
  }

  /** Wakes this instance's worker (jobs just committed) instead of waiting for its next poll. */
  avisar(): void {
    if (this.boss && this.trabajador) this.boss.notifyWorker(this.trabajador);
  }

  /** Runs `fn` in a transaction on the queue's pool; `EjecutorSql` lets pg-boss insert inside it. */
  async enTransaccion<T>(fn: (c: pg.PoolClient, db: EjecutorSql) => Promise<T>): Promise<T> {
    if (!this.pool) throw new Error('cola de webhooks no iniciada');
    const c = await this.pool.connect();
    let roto: Error | undefined;
    try {
      await c.query('begin');
      const r = await fn(c, { executeSql: (texto, valores) => c.query(texto, valores) });
      await c.query('commit');
      return r;
    } catch (e) {
      await c.query('rollback').catch((r: Error) => {
        roto = r;
      });
      throw e;
    } finally {
      // A client whose rollback failed (lost, or still inside the transaction) is destroyed, never reused.
      c.release(roto);
    }
  }

  async detener(): Promise<void> {
    const b = this.boss;
    const pool = this.pool;
    this.boss = undefined;
    this.pool = undefined;
    // An attempt in flight finishes (bounded by its timeout) and is recorded before the pool closes.
    await b
      ?.stop({ graceful: true, wait: true, timeout: this.config.timeoutMs + 5000, close: false })
      .catch(() => {});
    // pg-boss marks a finished batch complete without awaiting it: let that query through first
    // (a job left active would be delivered again once it expires).
    const limite = Date.now() + 2000;
    while (pool && (pool.waitingCount > 0 || pool.idleCount < pool.totalCount) && Date.now() < limite)
      await new Promise((r) => setTimeout(r, 20));
    await pool?.end().catch(() => {});
  }
}
