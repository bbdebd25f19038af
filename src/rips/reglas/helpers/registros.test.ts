import { describe, expect, it } from 'vitest';
import { MapaCorto } from './registros.js';

describe('MapaCorto', () => {
  it('responde como un Map, con pocas claves y pasadas las 16 de las listas', () => {
    const corto = new MapaCorto<number>();
    const mapa = new Map<string, number>();
    for (const total of [3, 16, 17, 40]) {
      corto.vaciar();
      mapa.clear();
      for (let i = 0; i < total * 2; i++) {
        const clave = `c${i % total}`;
        expect(corto.get(clave)).toBe(mapa.get(clave));
        corto.set(clave, i);
        mapa.set(clave, i);
        expect(corto.get(clave)).toBe(i);
      }
      expect(corto.get('otra')).toBeUndefined();
    }
  });

  it('vaciar olvida las claves del paciente anterior', () => {
    const corto = new MapaCorto<string>();
    for (let i = 0; i < 20; i++) corto.set(`c${i}`, 'x');
    corto.vaciar();
    expect(corto.get('c0')).toBeUndefined();
    expect(corto.get('c19')).toBeUndefined();
    corto.set('c1', 'y');
    expect(corto.get('c1')).toBe('y');
    expect(corto.get('c2')).toBeUndefined();
  });
});
