import { describe, expect, it } from 'vitest';
import { BusEventosEnProceso } from './bus.js';
import type { EventoDominio } from './tipos.js';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

let n = 0;
function evento(entidadId: string, datos: Record<string, unknown> = {}): EventoDominio {
  n += 1;
  return {
    id: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`,
    secuencia: String(n),
    entidadId,
    tipo: 'transmision.aceptado',
    recursoId: '00000000-0000-4000-8000-000000000001',
    datos,
    creadoEn: new Date(),
  };
}

describe('BusEventosEnProceso', () => {
  it('cada suscriptor recibe solo los eventos de su entidad, en el orden publicado', () => {
    const bus = new BusEventosEnProceso();
    const deA: string[] = [];
    const deA2: string[] = [];
    const deB: string[] = [];
    bus.suscribir(A, (e) => deA.push(e.secuencia));
    bus.suscribir(A, (e) => deA2.push(e.secuencia));
    bus.suscribir(B, (e) => deB.push(e.secuencia));
    const [e1, e2, e3] = [evento(A), evento(B), evento(A)];
    for (const e of [e1, e2, e3]) bus.publicar(e);
    expect(deA).toEqual([e1.secuencia, e3.secuencia]);
    expect(deA2).toEqual(deA);
    expect(deB).toEqual([e2.secuencia]);
    expect(bus.suscriptores).toBe(3);
    expect(bus.entregados).toBe(5);
  });

  it('un suscriptor que lanza no impide la entrega a los demás y se informa sin el contenido', () => {
    const fallos: unknown[] = [];
    const bus = new BusEventosEnProceso((error, contexto) => fallos.push({ error, contexto }));
    const vistos: string[] = [];
    bus.suscribir(A, () => {
      throw new Error('falla del suscriptor');
    });
    bus.suscribir(A, (e) => vistos.push(e.id));
    const e = evento(A, { numFactura: 'F-1' });
    bus.publicar(e);
    bus.publicar(evento(A));
    expect(vistos).toHaveLength(2);
    expect(bus.fallos).toBe(2);
    expect(fallos[0]).toMatchObject({ contexto: { tipo: 'transmision.aceptado', rol: 'suscriptor' } });
    expect(JSON.stringify((fallos[0] as { contexto: unknown }).contexto)).not.toContain('F-1');
    // Even a reporter that throws does not stop delivery.
    const bus2 = new BusEventosEnProceso(() => {
      throw new Error('el registro falló');
    });
    const otros: string[] = [];
    bus2.suscribir(A, () => {
      throw new Error('x');
    });
    bus2.suscribir(A, (x) => otros.push(x.id));
    bus2.publicar(e);
    expect(otros).toEqual([e.id]);
  });

  it('cancelar es idempotente, no afecta otras suscripciones y no deja conjuntos vacíos', () => {
    const bus = new BusEventosEnProceso();
    const vistos: string[] = [];
    const f = (e: EventoDominio) => vistos.push(e.id);
    // The same function twice: two subscriptions, each cancelled on its own.
    const c1 = bus.suscribir(A, f);
    const c2 = bus.suscribir(A, f);
    bus.publicar(evento(A));
    expect(vistos).toHaveLength(2);
    c1();
    c1();
    expect(bus.suscriptores).toBe(1);
    bus.publicar(evento(A));
    expect(vistos).toHaveLength(3);
    c2();
    expect(bus.suscriptores).toBe(0);
    expect((bus as unknown as { porEntidad: Map<string, unknown> }).porEntidad.size).toBe(0);
    bus.publicar(evento(A));
    expect(vistos).toHaveLength(3);
    // A cancelled subscription of a set that was later recreated does not touch the new set.
    const c3 = bus.suscribir(B, f);
    c3();
    bus.suscribir(B, f);
    c3();
    expect(bus.suscriptores).toBe(1);
    bus.publicar(evento(B));
    expect(vistos).toHaveLength(4);
  });

  it('suscribirse o cancelar durante una entrega: el nuevo no recibe ese evento, el cancelado no lo recibe', () => {
    const bus = new BusEventosEnProceso();
    const log: string[] = [];
    let cancelarSegundo: () => void = () => {};
    bus.suscribir(A, (e) => {
      log.push(`1:${e.secuencia}`);
      cancelarSegundo();
      bus.suscribir(A, (x) => log.push(`nuevo:${x.secuencia}`));
    });
    cancelarSegundo = bus.suscribir(A, (e) => log.push(`2:${e.secuencia}`));
    const e1 = evento(A);
    bus.publicar(e1);
    expect(log).toEqual([`1:${e1.secuencia}`]);
    // Alone in its set: a subscription it makes during the call does not get the event either.
    const solo = new BusEventosEnProceso();
    const vistos: string[] = [];
    const c = solo.suscribir(B, () => {
      c();
      solo.suscribir(B, (x) => vistos.push(x.id));
    });
    solo.publicar(evento(B));
    expect(vistos).toEqual([]);
  });

  it('alNuevo despierta a todos; uno que lanza no impide a los demás; se cancela', () => {
    const bus = new BusEventosEnProceso();
    let a = 0;
    let b = 0;
    const ca = bus.alNuevo(() => {
      a++;
      throw new Error('x');
    });
    bus.alNuevo(() => b++);
    bus.despertar();
    bus.despertar();
    expect([a, b]).toEqual([2, 2]);
    ca();
    bus.despertar();
    expect([a, b]).toEqual([2, 3]);
    expect(bus.fallos).toBe(2);
  });

  it('memoria acotada: 100.000 suscripciones y cancelaciones no dejan nada atrás', () => {
    const bus = new BusEventosEnProceso();
    const cancelar: (() => void)[] = [];
    for (let i = 0; i < 100_000; i++) cancelar.push(bus.suscribir(`entidad-${i % 1000}`, () => {}));
    expect(bus.suscriptores).toBe(100_000);
    const t0 = performance.now();
    for (const c of cancelar) c();
    // O(1) each: well under a second for all of them on a slow machine.
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(bus.suscriptores).toBe(0);
    expect((bus as unknown as { porEntidad: Map<string, unknown> }).porEntidad.size).toBe(0);
  });
});
