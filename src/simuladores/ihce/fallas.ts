/** Fault injection of the IHCE simulator: what the platform (or its API gateway) does on a bad day. */
export const TIPOS_FALLA = [
  'latencia',
  'timeout',
  'error',
  'limite',
  'sin-vida',
  'aceptar-y-cortar',
] as const;
export type TipoFalla = (typeof TIPOS_FALLA)[number];

/**
 * Kinds applied after the document was checked and stored (route `enviar` only): `sin-vida` answers
 * the acceptance without any VIDA identifier (the default since the acceptance is the platform's
 * transaction-response: it only changes something under `vidaEnAceptacion`, or a 2xx `status`); `aceptar-y-cortar` stores it, then drops the connection
 * (or answers `status`, a 5xx) as if the answer had been lost. A refused document is answered as usual.
 */
export const FALLAS_TRAS_GUARDAR: readonly TipoFalla[] = ['sin-vida', 'aceptar-y-cortar'];
export type RutaSimulador = 'token' | 'enviar' | 'consultar' | 'pagina' | 'documento';

export interface Falla {
  tipo: TipoFalla;
  /** Only these routes (default: all). */
  rutas?: RutaSimulador[];
  /** latencia: delay before answering; timeout: how long the socket hangs before it is closed. */
  ms?: number;
  /** error: HTTP status (default 503); sin-vida: a 2xx (default 200); aceptar-y-cortar: a 5xx instead of cutting. */
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
      if (FALLAS_TRAS_GUARDAR.includes(f.tipo) && ruta !== 'enviar') continue;
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
