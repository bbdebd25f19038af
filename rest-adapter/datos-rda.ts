import { GraphQLDateTimeISO } from 'graphql-scalars';
import { type DetalleError, ErrorApp } from '../src/errores/errores.js';
import { campoEntrada } from '../src/rda/construccion/esquemas.js';
import { validarDatos } from '../src/rda/construccion/validar-datos.js';
import { esTipoRda, TIPOS_RDA, type TipoRda } from '../src/rda/tipos.js';
import type { DatosRdaEntrada } from './generated/operaciones.js';

/**
 * The REST bodies `{tipo, datos}` of POST /rda/construir and /rda/desde-datos → the operations' typed
 * input `{<campo del tipo>: datos}` (DatosRdaEntrada). The datos are validated here first, with the
 * resolver's own rules (validarDatos: ajv, every problem at once): GraphQL's coercion of the typed input
 * would otherwise refuse them before the resolver, field by field, and REST keeps its 400 with `detalles`.
 */
export function entradaDatosRda(tipo: unknown, datos: unknown, fechaEvaluacion?: unknown): DatosRdaEntrada {
  const t = tipoDelCuerpo(tipo);
  const ahora = instante(fechaEvaluacion);
  // An invalid fechaEvaluacion is the operation's to refuse (its variable comes first), as before.
  const validos = ahora === null ? datos : validarDatos(t, datos, ahora);
  // Valid for the type's JSON Schema, so of its generated input type.
  return { [campoEntrada(t)]: validos } as unknown as DatosRdaEntrada;
}

/** undefined: now; null: not a DateTimeISO (the operation refuses it). */
function instante(v: unknown): Date | undefined | null {
  if (v === undefined || v === null) return undefined;
  try {
    return GraphQLDateTimeISO.parseValue(v) as Date;
  } catch {
    return null;
  }
}

const VALORES = `TipoRda (valores: ${TIPOS_RDA.join(', ')})`;

function claseDe(v: unknown): string {
  if (typeof v === 'string') return 'un texto';
  if (typeof v === 'number') return 'un número';
  if (typeof v === 'boolean') return 'un valor booleano';
  return Array.isArray(v) ? 'una lista' : 'un objeto';
}

/**
 * `tipo` is no longer a variable of the operations (the input's field says the type): refused here with
 * the 400 the `$tipo: TipoRda!` variable gave, word for word.
 */
function tipoDelCuerpo(v: unknown): TipoRda {
  if (esTipoRda(v)) return v;
  const rechazo = (mensaje: string, detalle: string) => {
    const detalles: DetalleError[] = [{ campo: 'tipo', mensaje: detalle }];
    return new ErrorApp('entrada-invalida', mensaje, { detalles });
  };
  if (v === undefined || v === null)
    throw rechazo(
      '«tipo» no puede ser null: es obligatorio (TipoRda).',
      'No puede ser null: es obligatorio (TipoRda).',
    );
  const motivo = `se esperaba ${VALORES}; se recibió ${claseDe(v)}.`;
  throw rechazo(
    `El valor recibido en «tipo» no es válido: ${motivo}`,
    motivo.charAt(0).toUpperCase() + motivo.slice(1),
  );
}
