import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { esErrorDeConexion } from '../db/monitor.js';
import { ColaWebhooks } from './cola.js';

/**
 * A connection of the queue's pool lost while the relay holds it in a transaction (the database stopped,
 * its backend terminated). A checked-out pg client emits 'error' on itself, not on the pool: without a
 * listener of its own that is an uncaught exception (seen in test/bd-caida.e2e.test.ts).
 */
describe('cola de webhooks: conexión perdida durante una transacción', () => {
  const log = pino({ level: 'silent' });
  const avisos = vi.spyOn(log, 'warn');
  // Its own queue name: no other suite's jobs reach this worker.
  const config = loadConfig({
    NODE_ENV: 'test',
    CREDENTIALS_KEY: Buffer.alloc(32, 1).toString('base64'),
    WEBHOOK_COLA: `webhooks-prueba-${process.pid}`,
  }).webhooks;
  const cola = new ColaWebhooks(config, log);
  let sql: pg.Client;

  beforeAll(async () => {
    sql = new pg.Client({ connectionString: inject('databaseUrl') });
    await sql.connect();
    await cola.iniciar(inject('databaseUrl'), async () => {});
  });
  afterAll(async () => {
    await cola.detener();
    await sql?.end();
  });

  const terminar = async (pid: number) => {
    const { rows } = await sql.query('select pg_terminate_backend($1) as ok', [pid]);
    expect(rows[0].ok).toBe(true);
  };
  const pidDe = async (c: pg.PoolClient) =>
    (await c.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
  /** The lost connection's 'end' (and any late 'error') is delivered before the test goes on. */
  const asentar = () => new Promise((r) => setTimeout(r, 200));

  it('terminada a mitad de una consulta: la transacción falla, nada queda sin manejar y la cola sigue', async () => {
    avisos.mockClear();
    const fallo = await cola
      .enTransaccion(async (c) => {
        const pid = await pidDe(c);
        const larga = c.query('select pg_sleep(30)');
        // It rejects while `terminar` runs; awaited below.
        larga.catch(() => {});
        await new Promise((r) => setTimeout(r, 100));
        await terminar(pid);
        await larga;
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(esErrorDeConexion(fallo)).toBe(true);
    await asentar();
    expect(avisos.mock.calls.some((a) => /conexión/.test(String(a[1])))).toBe(true);
    // The dead client left the pool: the next transaction gets a live one.
    expect(await cola.enTransaccion(async (c) => (await c.query('select 1 as x')).rows[0].x)).toBe(1);
  });

  it('terminada entre dos consultas: la siguiente falla, nada queda sin manejar y la cola sigue', async () => {
    avisos.mockClear();
    const fallo = await cola
      .enTransaccion(async (c) => {
        await terminar(await pidDe(c));
        // The backend's FATAL notice arrives with no query running on this client.
        await asentar();
        await c.query('select 1');
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(fallo).toBeInstanceOf(Error);
    await asentar();
    expect(avisos.mock.calls.some((a) => /conexión/.test(String(a[1])))).toBe(true);
    expect(await cola.enTransaccion(async (c) => (await c.query('select 2 as x')).rows[0].x)).toBe(2);
  });
});
