import type { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';

/**
 * MikroORM keeps its flush, transaction, request and raw-fragment contexts in `AsyncLocalStorage`. Where that
 * class is built on async hooks (Node 20 and 22; Node 24 builds it on AsyncContextFrame), its first
 * `run()` turns promise hooks on for the whole process and nothing turns them off: after the first
 * flush every promise of every request pays an init hook, the propagation of each store and the
 * before/after hooks (issue 34: about 12 % of what a small validation allocates, and 20–100 µs of
 * an Apollo request). Here each of the ORM's stores is disabled again as soon as no `run()` of it is
 * in flight, which is when the ORM cannot be reading it; the next `run()` enables it as before.
 */

/** Why nothing was changed, or how many of the ORM's stores were wrapped. */
export type EstadoContextos =
  | { estado: 'instalado'; almacenes: number }
  | { estado: 'sin-efecto'; motivo: 'async-context-frame' | 'orm-ya-cargado' | 'ya-instalado' };

const requerir = createRequire(import.meta.url);
let instalado: EstadoContextos | undefined;

function tieneBandera(bandera: string): boolean {
  return (
    process.execArgv.includes(bandera) || (process.env.NODE_OPTIONS ?? '').split(/\s+/).includes(bandera)
  );
}

/** True where `AsyncLocalStorage` runs on AsyncContextFrame (no promise hooks, nothing to gain). */
export function alsSobreMarcos(version = process.versions.node): boolean {
  const mayor = Number(version.split('.')[0]);
  if (mayor >= 24) return !tieneBandera('--no-async-context-frame');
  return mayor >= 22 && tieneBandera('--experimental-async-context-frame');
}

/**
 * Wraps `als` so that it disables itself when the last `run()` whose callback returned a promise
 * settles. A callback that returns anything else may have left work that reads the store later (an
 * express-style `next`), so then the store is never disabled again: the stock behaviour. So is a
 * store entered with `enterWith`.
 */
export function apagarAlQuedarOcioso(als: AsyncLocalStorage<unknown>): void {
  const run = als.run;
  const enterWith = als.enterWith;
  let enVuelo = 0;
  let siempre = false;
  const soltar = () => {
    enVuelo--;
    if (enVuelo === 0 && !siempre) als.disable();
  };
  als.run = function (this: AsyncLocalStorage<unknown>, ...args: Parameters<typeof run>) {
    enVuelo++;
    let r: unknown;
    try {
      r = Reflect.apply(run, this, args);
    } catch (e) {
      soltar();
      throw e;
    }
    if (r !== null && typeof r === 'object' && typeof (r as PromiseLike<unknown>).then === 'function') {
      (r as PromiseLike<unknown>).then(soltar, soltar);
    } else {
      siempre = true;
      soltar();
    }
    return r;
  } as typeof run;
  als.enterWith = function (this: AsyncLocalStorage<unknown>, ...args: Parameters<typeof enterWith>) {
    siempre = true;
    return Reflect.apply(enterWith, this, args);
  } as typeof enterWith;
}

/**
 * Loads MikroORM's core with `AsyncLocalStorage` swapped for a subclass that collects the stores the
 * ORM builds while its modules load (they are private to them), then wraps each. Must run before
 * anything imports MikroORM (src/main.ts calls it first); later calls change nothing.
 */
export function instalarContextosOciosos(modulo = '@mikro-orm/core'): EstadoContextos {
  if (instalado)
    return instalado.estado === 'instalado' ? { estado: 'sin-efecto', motivo: 'ya-instalado' } : instalado;
  if (alsSobreMarcos()) {
    instalado = { estado: 'sin-efecto', motivo: 'async-context-frame' };
    return instalado;
  }
  if (requerir.cache[requerir.resolve(modulo)]) {
    instalado = { estado: 'sin-efecto', motivo: 'orm-ya-cargado' };
    return instalado;
  }
  // The built-in module's exports object is what `require('node:async_hooks')` returns to the ORM.
  const exportsAh = requerir('node:async_hooks') as { AsyncLocalStorage: typeof AsyncLocalStorage };
  const original = exportsAh.AsyncLocalStorage;
  const creados: AsyncLocalStorage<unknown>[] = [];
  const Recolector = class<T> extends original<T> {
    constructor() {
      super();
      creados.push(this as AsyncLocalStorage<unknown>);
    }
  };
  exportsAh.AsyncLocalStorage = Recolector;
  try {
    requerir(modulo);
  } finally {
    exportsAh.AsyncLocalStorage = original;
  }
  for (const als of creados) apagarAlQuedarOcioso(als);
  instalado = { estado: 'instalado', almacenes: creados.length };
  return instalado;
}

/** For the start line: what `instalarContextosOciosos` did in this process, if it ran. */
export function estadoContextosOciosos(): string {
  if (!instalado) return 'no-instalado';
  return instalado.estado === 'instalado' ? 'instalado' : `sin-efecto: ${instalado.motivo}`;
}
