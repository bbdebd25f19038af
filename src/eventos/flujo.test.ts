import { describe, expect, it } from 'vitest';
import { BusFalso, eventoDePrueba } from '../../test/bus-falso.js';
import { ErrorApp } from '../errores/errores.js';
import { flujoDeEventos } from './flujo.js';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const R = '00000000-0000-4000-8000-000000000001';

describe('flujoDeEventos', () => {
  it('entrega en orden los eventos filtrados de su entidad, esperando o ya guardados', async () => {
    const bus = new BusFalso();
    const flujo = flujoDeEventos(bus, A, (e) => e.tipo !== 'transmision.generado');
    const primero = flujo.next();
    const e1 = eventoDePrueba(A, 'transmision.enviado', R);
    bus.publicar(e1);
    bus.publicar(eventoDePrueba(A, 'transmision.generado', R));
    bus.publicar(eventoDePrueba(B, 'transmision.aceptado', R));
    const e2 = eventoDePrueba(A, 'transmision.aceptado', R);
    bus.publicar(e2);
    expect(await primero).toEqual({ value: e1, done: false });
    expect(await flujo.next()).toEqual({ value: e2, done: false });
  });

  it('un evento de otra entidad nunca pasa aunque el bus lo entregue', async () => {
    const bus = new BusFalso();
    const flujo = flujoDeEventos(bus, A, () => true);
    const [s] = bus.suscritos;
    s!.alEvento(eventoDePrueba(B, 'transmision.aceptado', R));
    const e = eventoDePrueba(A, 'transmision.aceptado', R);
    bus.publicar(e);
    expect(await flujo.next()).toEqual({ value: e, done: false });
  });

  it('return() da de baja la suscripción y termina la espera en curso', async () => {
    const bus = new BusFalso();
    const flujo = flujoDeEventos(bus, A, () => true);
    expect(bus.suscritos.size).toBe(1);
    const esperando = flujo.next();
    await flujo.return();
    expect(await esperando).toEqual({ value: undefined, done: true });
    expect(bus.suscritos.size).toBe(0);
    expect(await flujo.next()).toEqual({ value: undefined, done: true });
  });

  it('un cliente que no lee: al pasar el máximo se da de baja y el siguiente next() falla en español', async () => {
    const bus = new BusFalso();
    const flujo = flujoDeEventos(bus, A, () => true, 3);
    for (let i = 0; i < 4; i++) bus.publicar(eventoDePrueba(A, 'transmision.enviado', R));
    expect(bus.suscritos.size).toBe(0);
    const fallo = await flujo.next().catch((e: unknown) => e);
    expect(fallo).toBeInstanceOf(ErrorApp);
    expect((fallo as ErrorApp).codigo).toBe('servidor-ocupado');
    expect((fallo as ErrorApp).message).toMatch(/más de 3 eventos/);
    expect(await flujo.next()).toEqual({ value: undefined, done: true });
  });
});
