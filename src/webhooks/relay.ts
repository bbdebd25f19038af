import type pg from 'pg';
import type { Logger } from 'pino';
import type { BusEventos } from '../eventos/tipos.js';
import { resumenError } from '../logger.js';
import type { ColaWebhooks, TrabajoWebhook } from './cola.js';

/**
 * A run of missing `secuencia` values the relay waits for. A value is taken (nextval) by a transaction
 * that may still commit after later values did; it is skipped only once no transaction that could
 * hold it is running any more: every transaction whose id is below `xmax` of the snapshot in which
 * the gap was first seen has ended (the snapshot's xmin has passed it). Then a row that still is not
 * visible was rolled back, and the gap is permanent.
 */
export interface Hueco {
  desde: bigint;
  xmax: bigint;
  vistoEn: number;
}

export interface Instantanea {
  xmin: bigint;
  xmax: bigint;
}

export interface TramoSeguro {
  /** Rows (from the start of the list) safe to relay now. */
  tomar: number;
  /** The new position: the last `secuencia` relayed or skipped. */
  hasta: bigint;
  /** The gap the relay stopped at, if any. */
  hueco: Hueco | undefined;
  /** A gap was skipped only because it outlived `esperaMaxMs` (a transaction open that long somewhere). */
  saltoForzado: boolean;
}

/**
 * How far the relay may advance over `filas` (ordered by `secuencia`, all after `desde`, read with
 * snapshot `inst`) without ever passing an event that could still commit.
 */
export function tramoSeguro(
  desde: bigint,
  filas: { secuencia: bigint }[],
  inst: Instantanea,
  previo: Hueco | undefined,
  ahora: number,
  esperaMaxMs: number,
): TramoSeguro {
  let esperado = desde + 1n;
  let tomar = 0;
  let saltoForzado = false;
  for (const f of filas) {
    if (f.secuencia !== esperado) {
      const mismo = previo && previo.desde === esperado ? previo : undefined;
      const cerrado = mismo && inst.xmin >= mismo.xmax;
      const vencido = mismo && ahora - mismo.vistoEn >= esperaMaxMs;
      if (!cerrado && !vencido)
        return {
          tomar,
          hasta: esperado - 1n,
          hueco: mismo ?? { desde: esperado, xmax: inst.xmax, vistoEn: ahora },
          saltoForzado,
        };
      if (!cerrado) saltoForzado = true;
    }
    tomar += 1;
    esperado = f.secuencia + 1n;
  }
  return { tomar, hasta: esperado - 1n, hueco: undefined, saltoForzado };
}

interface FilaEvento {
  id: string;
  secuencia: string;
  entidad_id: string;
  tipo: string;
  datos: Record<string, unknown>;
  creado_en: Date;
  xmin: string;
  xmax: string;
}

interface FilaEndpoint {
  id: string;
  entidad_id: string;
  tipos: string[];
  slug: string;
}

export interface OpcionesRelay {
  lote: number;
  sondeoMs: number;
  /** Safety valve: a gap older than this is skipped even if xmin has not passed it (logged). */
  esperaMaxHuecoMs?: number;
  /** Retry delay while waiting for a gap to close. */
  esperaHuecoMs?: number;
  /** Least time between two passes woken by notices (default 200 ms). */
  intervaloMinMs?: number;
}

type Resultado = 'ocupado' | 'vacio' | 'parcial' | 'lleno' | 'hueco';

/**
 * Turns outbox events into delivery jobs. Each step locks the one-row position (FOR UPDATE SKIP
 * LOCKED: with several instances one relays, the others skip), reads the next events, inserts one
 * pg-boss job per matching active endpoint and moves the position, all in one transaction: a crash
 * anywhere leaves both as they were (at-least-once overall, exactly-once enqueueing). Woken by the
 * event bus and by a periodic poll, so a missed notice only delays.
 */
export class RelayWebhooks {
  private hueco: Hueco | undefined;
  private corriendo: Promise<void> | undefined;
  private otraVez = false;
  private detenido = false;
  private reloj: NodeJS.Timeout | undefined;
  private relojHueco: NodeJS.Timeout | undefined;
  private relojDiferido: NodeJS.Timeout | undefined;
  private ultimoPaso = 0;
  private quitarAviso: (() => void) | undefined;

  constructor(
    private readonly cola: ColaWebhooks,
    private readonly o: OpcionesRelay,
    private readonly log: Logger,
  ) {}

  iniciar(bus?: BusEventos): void {
    if (this.detenido) return;
    this.quitarAviso = bus?.alNuevo(() => this.despertar());
    this.reloj = setInterval(() => this.despertar(), this.o.sondeoMs);
    this.reloj.unref();
    this.despertar();
  }

  /**
   * Runs steps until the outbox is drained; a call during a run makes it go once more. Wake-ups closer
   * than `intervaloMinMs` to the last pass are folded into one pass at the end of that interval: under a
   * stream of commits (one notice each) the relay runs a few times a second, not once per event.
   */
  despertar(): void {
    if (this.detenido) return;
    if (this.corriendo) {
      this.otraVez = true;
      return;
    }
    const falta = this.ultimoPaso + (this.o.intervaloMinMs ?? 200) - Date.now();
    if (falta > 0) {
      if (!this.relojDiferido) {
        this.relojDiferido = setTimeout(() => {
          this.relojDiferido = undefined;
          this.despertar();
        }, falta);
        this.relojDiferido.unref();
      }
      return;
    }
    this.corriendo = this.bucle().finally(() => {
      this.corriendo = undefined;
      this.ultimoPaso = Date.now();
      // Notices that came during the pass: one more pass, after the interval.
      if (this.otraVez) {
        this.otraVez = false;
        this.despertar();
      }
    });
  }

  private async bucle(): Promise<void> {
    let lleno: boolean;
    do {
      lleno = false;
      try {
        const r = await this.paso();
        if (r === 'lleno') lleno = true;
        if (r === 'hueco' && !this.relojHueco) {
          this.relojHueco = setTimeout(() => {
            this.relojHueco = undefined;
            this.despertar();
          }, this.o.esperaHuecoMs ?? 200);
          this.relojHueco.unref();
        }
      } catch (e) {
        // The poll tries again; nothing moved (the transaction rolled back).
        this.log.warn({ err: resumenError(e) }, 'webhooks: el relevo de eventos falló; se reintentará');
        return;
      }
    } while (lleno && !this.detenido);
  }

  /** One transaction: lock the position, read a batch, enqueue, advance. */
  async paso(): Promise<Resultado> {
    const r = await this.cola.enTransaccion(async (c, db) => {
      // No flush to disk at commit: the jobs and the position commit together, so a crash that loses this
      // transaction loses both, and the relay reads the same (durably stored) events again. Waiting for
      // the WAL flush on every pass cost each RDA transmission several milliseconds on a small machine.
      await c.query('set local synchronous_commit = off');
      const pos = await c.query<{ secuencia: string }>(
        'select secuencia::text as secuencia from webhook_relay where id = 1 for update skip locked',
      );
      if (!pos.rows.length) return { resultado: 'ocupado' as const, encolados: 0 };
      const desde = BigInt(pos.rows[0]!.secuencia);
      // One statement: the rows and the snapshot they were read with. Ordered by the column, not by the
      // text alias of the same name (which would sort 10 before 9).
      const ev = await c.query<FilaEvento>(
        `select id, secuencia::text as secuencia, entidad_id, tipo, datos, creado_en,
                pg_snapshot_xmin(pg_current_snapshot())::text as xmin,
                pg_snapshot_xmax(pg_current_snapshot())::text as xmax
           from evento_dominio where secuencia > $1 order by evento_dominio.secuencia limit $2`,
        [desde.toString(), this.o.lote],
      );
      if (!ev.rows.length) {
        this.hueco = undefined;
        return { resultado: 'vacio' as const, encolados: 0 };
      }
      const inst = { xmin: BigInt(ev.rows[0]!.xmin), xmax: BigInt(ev.rows[0]!.xmax) };
      const filas = ev.rows.map((f) => ({ ...f, secuencia: BigInt(f.secuencia) }));
      const t = tramoSeguro(desde, filas, inst, this.hueco, Date.now(), this.o.esperaMaxHuecoMs ?? 600_000);
      if (t.saltoForzado)
        this.log.warn(
          { desde: desde.toString(), hasta: t.hasta.toString() },
          'webhooks: se saltó un hueco de la secuencia de eventos tras esperar demasiado (¿una transacción abierta muy larga?)',
        );
      this.hueco = t.hueco;
      const tomadas = filas.slice(0, t.tomar);
      const trabajos = tomadas.length ? await this.trabajos(c, tomadas) : [];
      await this.cola.encolar(trabajos, db);
      if (t.hasta !== desde)
        await c.query('update webhook_relay set secuencia = $1, actualizado_en = now() where id = 1', [
          t.hasta.toString(),
        ]);
      const resultado: Resultado = t.hueco ? 'hueco' : ev.rows.length === this.o.lote ? 'lleno' : 'parcial';
      return { resultado, encolados: trabajos.length };
    });
    if (r.encolados) this.cola.avisar();
    return r.resultado;
  }

  /** One job per event and active endpoint of the event's entity whose types match. */
  private async trabajos(
    c: pg.PoolClient,
    filas: (Omit<FilaEvento, 'secuencia'> & { secuencia: bigint })[],
  ): Promise<TrabajoWebhook[]> {
    const entidades = [...new Set(filas.map((f) => f.entidad_id))];
    const eps = await c.query<FilaEndpoint>(
      `select w.id, w.entidad_id, w.tipos, e.slug
         from webhook_endpoint w join entidad e on e.id = w.entidad_id
        where w.activo and w.entidad_id = any($1::uuid[])`,
      [entidades],
    );
    if (!eps.rows.length) return [];
    const trabajos: TrabajoWebhook[] = [];
    for (const f of filas) {
      for (const ep of eps.rows) {
        if (ep.entidad_id !== f.entidad_id) continue;
        if (ep.tipos.length && !ep.tipos.includes(f.tipo)) continue;
        trabajos.push({
          endpointId: ep.id,
          evento: {
            id: f.id,
            tipo: f.tipo,
            fecha: new Date(f.creado_en).toISOString(),
            entidad: ep.slug,
            datos: f.datos,
          },
        });
      }
    }
    return trabajos;
  }

  async detener(): Promise<void> {
    this.detenido = true;
    clearInterval(this.reloj);
    clearTimeout(this.relojHueco);
    clearTimeout(this.relojDiferido);
    this.quitarAviso?.();
    await this.corriendo;
  }
}
