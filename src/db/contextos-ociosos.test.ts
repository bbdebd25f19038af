import { AsyncLocalStorage, executionAsyncId } from 'node:async_hooks';
import { setTimeout as esperar } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { alsSobreMarcos, apagarAlQuedarOcioso } from './contextos-ociosos.js';

/** Where ALS runs on async hooks, the async id a promise callback sees: 0 once promise hooks are off. */
const idEnPromesa = () => Promise.resolve().then(() => executionAsyncId());
/** Node turns promise hooks off in a microtask after the last hook is disabled. */
const tic = () => new Promise((r) => setImmediate(r));

describe('apagarAlQuedarOcioso', () => {
  it('el almacén se ve a través de awaits, anidado y en paralelo; sin run en vuelo se apaga', async () => {
    const als = new AsyncLocalStorage<string>();
    apagarAlQuedarOcioso(als);
    const vistos: (string | undefined)[] = [];
    const largo = als.run('a', async () => {
      await esperar(20);
      vistos.push(als.getStore());
      await als.run('b', async () => {
        await esperar(1);
        vistos.push(als.getStore());
      });
      vistos.push(als.getStore());
    });
    // A second run settles first: the first one, still in flight, keeps its store.
    await als.run('c', async () => {
      await null;
      vistos.push(als.getStore());
    });
    await largo;
    expect(vistos).toEqual(['c', 'a', 'b', 'a']);
    await tic();
    expect(als.getStore()).toBeUndefined();
    expect(await idEnPromesa()).toBe(0);
    // The next run enables it again.
    const otraVez = als.run('d', async () => {
      await esperar(1);
      return als.getStore();
    });
    expect(await otraVez).toBe('d');
  });

  it('un callback que rechaza o lanza también se cuenta', async () => {
    const als = new AsyncLocalStorage<number>();
    apagarAlQuedarOcioso(als);
    await expect(
      als.run(1, async () => {
        await null;
        throw new Error('x');
      }),
    ).rejects.toThrow('x');
    expect(() =>
      als.run(2, () => {
        throw new Error('y');
      }),
    ).toThrow('y');
    await tic();
    expect(await idEnPromesa()).toBe(0);
  });

  it('un callback que no devuelve una promesa deja el almacén como siempre (puede leerlo después)', async () => {
    const als = new AsyncLocalStorage<string>();
    apagarAlQuedarOcioso(als);
    const despues = new Promise<string | undefined>((ok) => {
      als.run('siguiente', () => {
        setTimeout(() => ok(als.getStore()), 5);
      });
    });
    await als.run('otro', async () => {
      await null;
    });
    await tic();
    expect(await despues).toBe('siguiente');
    als.disable();
  });
});

describe('alsSobreMarcos', () => {
  it('Node 24 y 26 usan AsyncContextFrame; 20 y 22 (sin bandera), ganchos', () => {
    const conBandera = process.execArgv.some((a) => a.includes('async-context-frame'));
    expect(alsSobreMarcos('20.19.0')).toBe(false);
    if (!conBandera) expect(alsSobreMarcos('22.12.0')).toBe(false);
    expect(alsSobreMarcos('24.11.0')).toBe(!process.execArgv.includes('--no-async-context-frame'));
    expect(alsSobreMarcos('26.0.0')).toBe(!process.execArgv.includes('--no-async-context-frame'));
  });
});
