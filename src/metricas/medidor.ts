/**
 * What services report to the metrics. Services depend on this interface only; with metrics off
 * they get MEDIDOR_NULO, so their calls cost an empty function call.
 */
export interface Medidor {
  /** One HTTP attempt to an upstream platform: its HTTP status, or `timeout` / `red` when none came. */
  llamadaExterna(
    servicio: 'muv' | 'ihce',
    operacion: string,
    estado: number | 'timeout' | 'red',
    segundos: number,
  ): void;
  /** A RIPS validation answered by `validarRips` (REST body or GraphQL). */
  validacionRips(
    r: { valid: boolean; resumen: { rechazos: number; avisos: number; informativos: number } },
    via: 'rest' | 'graphql',
    bytes?: number,
  ): void;
  /** A filing's outcome: the row's estado, or `repetida` when the invoice already had a CUV. */
  radicacion(resultado: string, operacion: string): void;
  /** The outcome of one transmission attempt (or of the lint that blocked it). */
  transmisionRda(resultado: string, tipo: string): void;
}

const nada = () => {};

export const MEDIDOR_NULO: Medidor = {
  llamadaExterna: nada,
  validacionRips: nada,
  radicacion: nada,
  transmisionRda: nada,
};
