import { describe, expect, it } from 'vitest';
import { esErrorDeConexion, MonitorBd } from './monitor.js';

describe('clasificación de errores de conexión', () => {
  it.each([
    [{ code: 'ECONNREFUSED' }],
    [{ code: '57P03', message: 'the database system is starting up' }],
    [{ code: '57P01' }],
    [{ name: 'KnexTimeoutError', message: 'Knex: Timeout acquiring a connection' }],
    [new Error('timeout exceeded when trying to connect')],
    [{ name: 'DriverException', previous: { code: 'ECONNRESET' } }],
    [new Error('envoltorio', { cause: new AggregateError([{ code: 'ECONNREFUSED' }]) })],
  ])('%o es de conexión', (e) => {
    expect(esErrorDeConexion(e)).toBe(true);
  });

  it.each([[{ code: '23505' }], [new Error('otra cosa')], [null], ['texto']])('%o no lo es', (e) => {
    expect(esErrorDeConexion(e)).toBe(false);
  });
});

describe('MonitorBd', () => {
  it('arranca en «arrancando», pasa a «caida» con un fallo y vuelve al sondear', async () => {
    const cambios: string[] = [];
    const m = new MonitorBd({ sondeoMs: 60_000, timeoutMs: 200, onCambio: (e) => cambios.push(e) });
    expect(m.estado).toBe('arrancando');
    m.reportarFallo(new Error('x')); // ignored before start
    expect(m.estado).toBe('arrancando');
    m.iniciar('postgres://u:p@127.0.0.1:1/nada');
    expect(m.disponible).toBe(true);
    m.reportarFallo({ code: 'ECONNREFUSED' });
    expect(m.estado).toBe('caida');
    expect(await m.sondear()).toBe('caida');
    m.detener();
    expect(cambios).toEqual(['disponible', 'caida']);
  });
});
