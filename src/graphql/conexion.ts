import { Field } from 'type-graphql';
import { type DetalleError, errores } from '../errores/errores.js';
import { TipoObjeto } from './tipo-objeto.js';

/** Relay's PageInfo, shared by every connection of the schema (one type of that name). */
@TipoObjeto('PageInfo', { description: 'Estado de la paginación de una conexión (Relay)' })
export class PageInfo {
  @Field(() => Boolean, { description: 'Hay más elementos después de esta página' })
  hasNextPage!: boolean;

  @Field(() => Boolean, {
    description: 'Se pidió una página posterior a la primera (`after`); solo se pagina hacia adelante',
  })
  hasPreviousPage!: boolean;

  @Field(() => String, { nullable: true, description: 'Cursor del primer elemento; null sin elementos' })
  startCursor!: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Cursor del último elemento: envíelo como `after` para la página siguiente; null sin elementos',
  })
  endCursor!: string | null;
}

/** Page size of every connection (`first`): its default and its maximum. */
export const PRIMERO_POR_DEFECTO = 50;
export const MAX_PRIMERO = 200;

/** A keyset position: the row's creation instant and its id (the tie-breaker), newest first. */
export interface Posicion {
  fecha: Date;
  id: string;
}

const VERSION = 'k1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Longest cursor we ever hand out is ~70 characters: anything much longer is not ours. */
const MAX_CURSOR = 200;

/** Opaque cursor of a row (clients must not build or parse it). */
export function cursorDe(p: Posicion): string {
  return Buffer.from(`${VERSION}|${p.fecha.getTime()}|${p.id}`, 'utf8').toString('base64url');
}

/** The position an `after` cursor names, or a Spanish 400 (`entrada-invalida`) when it is not one of ours. */
export function leerPosicion(cursor: string, campo = 'after'): Posicion {
  const invalido = () =>
    errores.entradaInvalida(`El cursor «${campo}» no es válido.`, [
      {
        campo,
        mensaje:
          'Use el valor endCursor (o el cursor de un elemento) de la página anterior, sin modificarlo.',
      },
    ]);
  if (cursor.length > MAX_CURSOR || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalido();
  const partes = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (partes.length !== 3 || partes[0] !== VERSION) throw invalido();
  const [, ms, id] = partes as [string, string, string];
  if (!/^\d{1,15}$/.test(ms) || !UUID.test(id)) throw invalido();
  const fecha = new Date(Number(ms));
  if (Number.isNaN(fecha.getTime())) throw invalido();
  return { fecha, id };
}

/** A connection's arguments: the page size, an optional `after` cursor and a [desde, hasta) window. */
export interface ArgumentosPagina {
  first?: number | null;
  after?: string | null;
  desde?: Date | null;
  hasta?: Date | null;
}

/**
 * The page size and the position after which the page starts, or one Spanish 400 naming every wrong
 * argument (`first` outside 1..MAX_PRIMERO, `hasta` not after `desde`, a cursor that is not ours).
 */
export function leerArgumentosPagina(a: ArgumentosPagina): { first: number; posicion: Posicion | null } {
  const first = a.first ?? PRIMERO_POR_DEFECTO;
  const detalles: DetalleError[] = [];
  if (!Number.isInteger(first) || first < 1 || first > MAX_PRIMERO)
    detalles.push({ campo: 'first', mensaje: `Entero entre 1 y ${MAX_PRIMERO}.` });
  if (a.desde && a.hasta && a.desde.getTime() >= a.hasta.getTime())
    detalles.push({ campo: 'hasta', mensaje: 'Debe ser posterior a «desde».' });
  if (detalles.length) throw errores.entradaInvalida('Paginación inválida.', detalles);
  return { first, posicion: a.after ? leerPosicion(a.after) : null };
}
