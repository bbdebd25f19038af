import type { TablaEnMemoria } from '../../catalogos/memoria.js';
import type { DatosFev } from '../../reglas/tipos.js';
import type { Hallazgo, Registro } from '../../tipos.js';

/** Messages from the request thread to a validation thread. */
export type MensajeAlHilo =
  | { tipo: 'catalogos'; id: number; tablas: Record<string, TablaEnMemoria> }
  /** A parallel walk: the thread checks slices of whole users (`tramo`) for the request thread. */
  | {
      tipo: 'paralelo';
      tarea: number;
      catalogos: number;
      transaccion: Registro;
      fecha: Date;
      fev: DatosFev | null | undefined;
      /** The codigoVIDA cross-check runs (OpcionesMotor.vida). */
      vida?: boolean;
      /** The entity's declared provider codes (OpcionesMotor.prestadores). */
      prestadores?: readonly string[];
      /** Findings each slice keeps (the rest it counts in `omitidos`). */
      maxHallazgos: number;
    }
  /**
   * Whole users as a JSON array in UTF-8 bytes (transferred, decoded by the thread); the last slice
   * is the users left, comma separated, up to the end of the body (`]` and what follows).
   */
  | { tipo: 'tramo'; tarea: number; n: number; bytes: Uint8Array; ultimo: boolean }
  | { tipo: 'cancelar'; tarea: number };

/** Messages from a validation thread back to the request thread. */
export type MensajeDelHilo =
  | {
      tipo: 'tramo-hecho';
      tarea: number;
      n: number;
      /** Findings with indexes relative to the slice's first user. */
      hallazgos: Hallazgo[];
      /** Findings beyond `maxHallazgos`, by code. */
      omitidos: Record<string, number>;
      /** Users reduced to what the cross-user rules read (proyeccion.ts), as a JSON array. */
      proyecciones: string;
      /** Last slice: the text from the `]` closing `usuarios`. */
      cola?: string;
    }
  /** The slice is not a run of whole users (a wrong cut or broken JSON). */
  | { tipo: 'tramo-fallido'; tarea: number; n: number; mensaje: string }
  /**
   * A user of the slice nests deeper than the limit (a 400 for the request): `usuario` is its index in
   * the slice, `ruta` the path below it.
   */
  | { tipo: 'tramo-prohibido'; tarea: number; n: number; usuario: number; ruta: string };
