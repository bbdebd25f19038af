import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { enServidor } from '../../../test/db.js';
import { loadConfig } from '../../config.js';
import { ColaTransmisiones } from './cola.js';

const config = loadConfig({
  NODE_ENV: 'test',
  CREDENTIALS_KEY: Buffer.alloc(32, 1).toString('base64'),
  RDA_REINTENTO_BASE_SEGUNDOS: '1',
}).rda;

describe('tamaños de la cola RDA para las métricas', () => {
  let limpiar: (() => Promise<void>) | undefined;
  let cola: ColaTransmisiones;
  const enCurso: string[] = [];
  let soltar: () => void = () => {};
  const suelto = new Promise<void>((r) => {
    soltar = r;
  });

  beforeAll(async () => {
    const bd = await enServidor(inject('databaseUrl'));
    limpiar = bd.limpiar;
    cola = new ColaTransmisiones(config, pino({ level: 'silent' }));
    await cola.iniciar(bd.url, async (id) => {
      enCurso.push(id);
      await suelto;
    });
  });

  afterAll(async () => {
    soltar();
    await cola?.detener();
    await limpiar?.();
  });

  it('pendientes y activos salen de una sola lectura y nunca son negativos', async () => {
    expect(await cola.tamanos()).toEqual({ pendientes: 0, activos: 0 });
    await cola.programar('a', 3600);
    await cola.programar('b', 3600);
    await cola.programar('c', 0);
    // The worker polls at most every second; the job stays active until released.
    for (let i = 0; i < 100 && enCurso.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(enCurso).toEqual(['c']);
    expect(await cola.tamanos()).toEqual({ pendientes: 2, activos: 1 });
    soltar();
    let t = await cola.tamanos();
    for (let i = 0; i < 100 && t?.activos !== 0; i++) {
      // Sampled while the job completes: the old two-query form could read -1 here.
      expect(t?.activos).toBeGreaterThanOrEqual(0);
      await new Promise((r) => setTimeout(r, 20));
      t = await cola.tamanos();
    }
    expect(t).toEqual({ pendientes: 2, activos: 0 });
  });
});
