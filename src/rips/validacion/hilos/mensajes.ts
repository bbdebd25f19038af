import type { TablaEnMemoria } from '../../catalogos/memoria.js';
import type { Registro } from '../../tipos.js';
import type { ResultadoValidacion } from '../validar.js';

/** Messages from the request thread to a validation thread. */
export type MensajeAlHilo =
  | { tipo: 'catalogos'; id: number; tablas: Record<string, TablaEnMemoria> }
  | {
      tipo: 'inicio';
      tarea: number;
      catalogos: number;
      transaccion: Registro;
      fecha: Date | undefined;
      rechazoDesde: Record<string, string>;
    }
  | { tipo: 'texto'; tarea: number; texto: string }
  | { tipo: 'fin'; tarea: number }
  | { tipo: 'cancelar'; tarea: number };

/** Messages from a validation thread back to the request thread. */
export type MensajeDelHilo =
  | { tipo: 'consumido'; tarea: number; caracteres: number }
  | { tipo: 'resultado'; tarea: number; resultado: ResultadoValidacion; cola: string }
  | { tipo: 'error'; tarea: number; sintaxis: boolean; mensaje: string };
