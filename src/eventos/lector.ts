import type { EventoDominio } from './tipos.js';
import type { TipoEventoDominio } from './valores.js';

/** Runs one SQL statement (a pg client, a pool, an ORM connection…) and returns its rows. */
export type ConsultaSql = (texto: string, valores: unknown[]) => Promise<Record<string, unknown>[]>;

export interface LecturaEventos {
  /** New events, in `secuencia` order, each exactly once for this reader. */
  eventos: EventoDominio[];
  /** A full batch was delivered: read again now. */
  mas: boolean;
  /**
   * A `secuencia` below a committed event is still missing and a transaction that may commit it is in
   * flight: read again soon (its commit notifies; a rollback does not).
   */
  bloqueado: boolean;
  /** Rows seen in the outbox, delivered or held back behind a missing `secuencia`. */
  filas: number;
}

/**
 * Transactions holding RowExclusiveLock on the outbox (taken before the `secuencia` default is
 * evaluated, held until commit or rollback): only they can still commit a missing `secuencia`.
 */
const ESCRITORES = `select virtualtransaction as vx from pg_locks
  where locktype = 'relation' and relation = to_regclass('evento_dominio') and mode = 'RowExclusiveLock'
    and granted and pid is distinct from pg_backend_pid()`;

// Ordered by the column, not by the text alias of the same name.
const FILAS = `select id, secuencia::text as secuencia, entidad_id, tipo, recurso_id, datos, creado_en
  from evento_dominio e where e.secuencia > $1::bigint order by e.secuencia limit $2`;

/** Greatest `secuencia` committed so far ('0' for an empty outbox): where a reader that skips history starts. */
export async function ultimaSecuencia(consulta: ConsultaSql): Promise<string> {
  const [fila] = await consulta('select coalesce(max(secuencia), 0)::text as s from evento_dominio', []);
  return String(fila?.s ?? '0');
}

/**
 * Reads the outbox from a position, without losing or repeating events.
 *
 * `secuencia` is taken when a row is inserted, not when it commits: with two writers, 11 may become
 * visible while 10 is still in flight. Reading "everything after the last seen" would then skip 10
 * for ever. So delivery stops at a missing number until it is either committed (delivered in order)
 * or provably never will be (rolled back, or lost in a crash): no transaction that held a write lock
 * on the outbox when the gap was seen is still running. Rows behind a gap are read again later
 * (never buffered: memory stays bounded by one batch).
 */
export class LectorEventos {
  private ultimo: bigint;
  /** Numbers in (ultimo, hasta) are missing; only the transactions in `candidatos` may still fill them. */
  private hueco: { hasta: bigint; candidatos: Set<string> } | undefined;

  constructor(
    desde: string,
    private readonly lote = 500,
  ) {
    this.ultimo = BigInt(desde);
  }

  /** The last `secuencia` delivered or known to be a permanent gap. */
  get posicion(): string {
    return this.ultimo.toString();
  }

  async leer(consulta: ConsultaSql): Promise<LecturaEventos> {
    const eventos: EventoDominio[] = [];
    let filas = 0;
    let libre = false;
    // Candidates are refreshed before the rows are read: a gap still missing from a read taken after
    // its last candidate ended is permanent.
    if (this.hueco) {
      const vivos = await escritores(consulta);
      for (const c of this.hueco.candidatos) if (!vivos.has(c)) this.hueco.candidatos.delete(c);
      libre = this.hueco.candidatos.size === 0;
    }
    for (let vuelta = 0; ; vuelta++) {
      const leidas = await consulta(FILAS, [this.ultimo.toString(), this.lote]);
      filas += leidas.length;
      let bloqueadoEn: bigint | undefined;
      for (const f of leidas) {
        const s = BigInt(f.secuencia as string);
        if (s > this.ultimo + 1n) {
          if (libre && this.hueco && this.ultimo + 1n < this.hueco.hasta) {
            const hasta = s < this.hueco.hasta ? s : this.hueco.hasta;
            this.ultimo = hasta - 1n;
          }
          if (s > this.ultimo + 1n) {
            bloqueadoEn = s;
            break;
          }
        }
        eventos.push(aEvento(f));
        this.ultimo = s;
      }
      if (this.hueco && this.ultimo + 1n >= this.hueco.hasta) this.hueco = undefined;
      if (bloqueadoEn === undefined) {
        return { eventos, mas: leidas.length === this.lote, bloqueado: false, filas };
      }
      if (this.hueco) return { eventos, mas: false, bloqueado: true, filas };
      // A new gap: whoever may fill it holds the outbox lock now (it took it before its number,
      // which is below a committed one). Nobody: it is already final, and one more read settles it.
      const candidatos = await escritores(consulta);
      this.hueco = { hasta: bloqueadoEn, candidatos };
      if (candidatos.size > 0 || vuelta > 0) return { eventos, mas: false, bloqueado: true, filas };
      libre = true;
    }
  }
}

async function escritores(consulta: ConsultaSql): Promise<Set<string>> {
  return new Set((await consulta(ESCRITORES, [])).map((f) => String(f.vx)));
}

function aEvento(f: Record<string, unknown>): EventoDominio {
  return {
    id: f.id as string,
    secuencia: f.secuencia as string,
    entidadId: f.entidad_id as string,
    tipo: f.tipo as TipoEventoDominio,
    recursoId: f.recurso_id as string,
    datos: f.datos as Record<string, unknown>,
    creadoEn: f.creado_en instanceof Date ? f.creado_en : new Date(f.creado_en as string),
  };
}
