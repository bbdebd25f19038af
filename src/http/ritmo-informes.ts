import { errores } from '../errores/errores.js';
import { segundosParaReintentar } from './limites-tasa.js';

export interface OpcionesRitmo {
  /** Units of report work (src/graphql/costo-informes.ts) one entity may compute per minute. */
  unidadesPorMinuto: number;
  /** Units an entity may use at once, above its pace (the largest report one request may ask for). */
  rafaga: number;
  /** A report that would wait longer than this for its entity's pace is refused (429) instead. */
  esperaMaximaMs: number;
  /** Called once per refused report (metrics). */
  alLimitar?: () => void;
  reloj?: () => number;
}

/** Entities kept at most before those already back within their pace are dropped. */
const MAX_ENTIDADES = 10_000;

/**
 * The pace of each entity's reports, in units of work: the generic cell rate algorithm (a token
 * bucket kept as one time per entity). A report may start at once while its entity is within its
 * burst; after that it waits its turn, so an entity that asks for more than its pace queues behind
 * its own reports, never behind another entity's; a wait longer than `esperaMaximaMs` is a 429 with
 * Retry-After. Per instance, in memory, like the request rate limits.
 */
export class RitmoInformes {
  /** Per entity: the time at which all the work it was granted is paid for. */
  private readonly pagadoHasta = new Map<string, number>();
  private readonly msPorUnidad: number;
  private readonly reloj: () => number;

  constructor(private readonly o: OpcionesRitmo) {
    this.msPorUnidad = 60_000 / o.unidadesPorMinuto;
    this.reloj = o.reloj ?? Date.now;
  }

  /** Milliseconds this report must wait for its turn (its units are then granted), or the 429. */
  turno(entidad: string, unidades: number): number {
    const ahora = this.reloj();
    if (this.pagadoHasta.size >= MAX_ENTIDADES)
      for (const [k, t] of this.pagadoHasta) if (t <= ahora) this.pagadoHasta.delete(k);
    const nuevo = Math.max(this.pagadoHasta.get(entidad) ?? ahora, ahora) + unidades * this.msPorUnidad;
    const espera = Math.max(0, nuevo - this.o.rafaga * this.msPorUnidad - ahora);
    if (espera > this.o.esperaMaximaMs) {
      this.o.alLimitar?.();
      throw errores.demasiadasSolicitudes(
        `de informes de la entidad (máximo ${this.o.unidadesPorMinuto} unidades de cálculo por minuto, RATE_LIMIT_REPORT_COST_PER_MINUTE; este informe pide ${unidades})`,
        segundosParaReintentar(espera - this.o.esperaMaximaMs),
      );
    }
    this.pagadoHasta.set(entidad, nuevo);
    return espera;
  }

  /** Resolves when the report may run; throws the 429 when its wait would be too long. */
  async esperar(entidad: string, unidades: number): Promise<void> {
    const ms = this.turno(entidad, unidades);
    if (ms > 0) await new Promise((r) => setTimeout(r, ms));
  }
}
