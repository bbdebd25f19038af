/** Fault injection of the IHCE simulator: what the platform (or its API gateway) does on a bad day. */
export type TipoFalla = 'latencia' | 'timeout' | 'error' | 'limite';
export type RutaSimulador = 'token' | 'enviar' | 'consultar' | 'pagina' | 'documento';

export interface Falla {
  tipo: TipoFalla;
  /** Only these routes (default: all). */
  rutas?: RutaSimulador[];
  /** latencia: delay before answering; timeout: how long the socket hangs before it is closed. */
  ms?: number;
  /** error: HTTP status (default 503). */
  status?: number;
  /** limite (429): Retry-After seconds (default 1). */
  retryAfter?: number;
  /** How many requests it affects (default: until cleared). */
  veces?: number;
}

export class Fallas {
  private activas: Falla[] = [];

  programar(f: Falla): void {
    this.activas.push({ ...f });
  }

  limpiar(): void {
    this.activas = [];
  }

  /** The latency to add and the failure to answer with (if any) for one request; consumes `veces`. */
  tomar(ruta: RutaSimulador): { latenciaMs: number; falla?: Falla } {
    let latenciaMs = 0;
    let falla: Falla | undefined;
    for (const f of this.activas) {
      if (f.rutas && !f.rutas.includes(ruta)) continue;
      if (f.tipo === 'latencia') {
        latenciaMs += f.ms ?? 0;
        this.consumir(f);
      } else if (!falla) {
        falla = f;
        this.consumir(f);
      }
    }
    this.activas = this.activas.filter((f) => f.veces === undefined || f.veces > 0);
    return { latenciaMs, falla };
  }

  private consumir(f: Falla): void {
    if (f.veces !== undefined) f.veces -= 1;
  }
}
