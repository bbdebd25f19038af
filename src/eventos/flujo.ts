import { ErrorApp } from '../errores/errores.js';
import type { BusEventos, EventoDominio } from './tipos.js';

/**
 * Events one subscription may hold while its client has not taken them. A healthy client can fall
 * behind by a few listener batches (500 events each) during a burst, so the count is generous; a client
 * that took nothing for MAX_ESPERA_MS while events wait is stalled and is closed sooner.
 */
export const MAX_PENDIENTES = 10_000;
export const MAX_ESPERA_MS = 30_000;

/** An async iterator whose `return` (client completes, socket closes) unsubscribes from the bus. */
export interface FlujoEventos extends AsyncIterableIterator<EventoDominio, undefined> {
  return(): Promise<IteratorResult<EventoDominio, undefined>>;
  throw(e: unknown): Promise<IteratorResult<EventoDominio, undefined>>;
}

/**
 * The events of one entity that pass `filtro`, as the async iterator a GraphQL subscription returns.
 * It subscribes to the bus at once (so nothing committed after the call is missed while the caller
 * still checks the arguments) and unsubscribes when the client completes, the socket closes or the
 * buffer overflows: a client that stops reading gets an error instead of growing the process's memory.
 */
export function flujoDeEventos(
  bus: BusEventos,
  entidadId: string,
  filtro: (e: EventoDominio) => boolean,
  maxPendientes = MAX_PENDIENTES,
  maxEsperaMs = MAX_ESPERA_MS,
): FlujoEventos {
  const pendientes: EventoDominio[] = [];
  let ultimaLectura = Date.now();
  let esperando: ((r: IteratorResult<EventoDominio, undefined>) => void) | undefined;
  let rechazar: ((e: Error) => void) | undefined;
  let fallo: Error | undefined;
  let terminado = false;

  const terminar = () => {
    if (terminado) return;
    terminado = true;
    quitar();
    pendientes.length = 0;
  };

  const quitar = bus.suscribir(entidadId, (e) => {
    // Tenant isolation does not rest on the bus alone.
    if (terminado || e.entidadId !== entidadId || !filtro(e)) return;
    if (esperando) {
      const entregar = esperando;
      esperando = undefined;
      rechazar = undefined;
      entregar({ value: e, done: false });
      return;
    }
    const detenido = pendientes.length > 0 && Date.now() - ultimaLectura > maxEsperaMs;
    if (pendientes.length >= maxPendientes || detenido) {
      fallo = new ErrorApp(
        'servidor-ocupado',
        detenido
          ? `La suscripción se cerró: el cliente no leyó eventos en ${Math.round(maxEsperaMs / 1000)} s. Vuelva a suscribirse y consulte el estado actual.`
          : `La suscripción se cerró: el cliente dejó de leer y se acumularon más de ${maxPendientes} eventos. Vuelva a suscribirse y consulte el estado actual.`,
      );
      terminar();
      return;
    }
    pendientes.push(e);
  });

  const fin = (): IteratorResult<EventoDominio, undefined> => ({ value: undefined, done: true });

  const flujo: FlujoEventos = {
    next() {
      ultimaLectura = Date.now();
      const e = pendientes.shift();
      if (e) return Promise.resolve({ value: e, done: false });
      if (fallo) {
        const f = fallo;
        fallo = undefined;
        return Promise.reject(f);
      }
      if (terminado) return Promise.resolve(fin());
      return new Promise((resolver, rechazo) => {
        esperando = resolver;
        rechazar = rechazo;
      });
    },
    return() {
      terminar();
      esperando?.(fin());
      esperando = undefined;
      rechazar = undefined;
      return Promise.resolve(fin());
    },
    throw(e: unknown) {
      terminar();
      rechazar?.(e instanceof Error ? e : new Error(String(e)));
      esperando = undefined;
      rechazar = undefined;
      return Promise.reject(e);
    },
    [Symbol.asyncIterator]() {
      return flujo;
    },
  };
  return flujo;
}
