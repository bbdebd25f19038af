import type { EntityManager } from '@mikro-orm/postgresql';
import { describe, expect, it } from 'vitest';
import { catalogosPrueba, ripsValido } from '../../../test/fixtures/rips.js';
import { CAMPOS } from '../estructura/campos.js';
import { crearVerificadorEstructura } from '../estructura/verificar.js';
import type { Registro } from '../tipos.js';
import { FlujoCuerpo } from './flujo-cuerpo.js';
import { fuenteDe, leerCola, leerInicio, usuariosEnFlujo } from './flujo-rips.js';
import { ServicioValidacionRips } from './servicio.js';
import { ErrorTextoRips } from './texto-rips.js';
import { validarRips } from './validar.js';

async function* trozos(texto: string, tam: number): AsyncGenerator<string> {
  for (let i = 0; i < texto.length; i += tam) yield texto.slice(i, i + tam);
}

async function todo(texto: string, tam: number) {
  const l = await leerInicio(trozos(texto, tam));
  if ('completo' in l) return { completo: l.completo };
  const usuarios: unknown[] = [];
  const cola = { texto: '' };
  for await (const u of usuariosEnFlujo(l.resto, fuenteDe(l.siguientes), cola)) usuarios.push(u);
  return { antes: l.antes, transaccion: l.transaccion, usuarios, cola: leerCola(cola.texto) };
}

describe('lectura del cuerpo mientras llega', () => {
  const rips = ripsValido();
  const { usuarios, ...cabecera } = rips;

  it.each([1, 7, 64, 1000, 1 << 20])('trozos de %i caracteres: mismos miembros y usuarios', async (tam) => {
    const texto = ` {"fechaEvaluacion": "2026-11-01T12:00:00Z", "rips" :${JSON.stringify(rips, null, 1)} } `;
    const r = await todo(texto, tam);
    expect(r.antes).toEqual({ fechaEvaluacion: '2026-11-01T12:00:00Z' });
    expect(r.transaccion).toEqual({ ...cabecera, usuarios: [] });
    expect(r.usuarios).toEqual(usuarios);
    expect(r.cola).toEqual({ rips: {}, cuerpo: {} });
  });

  it('pausar deja el resto a los hilos solo si llega más de un trozo; si el cuerpo acaba, sigue aquí', async () => {
    const cuerpo = (n: number) =>
      `{"rips":${JSON.stringify({ ...cabecera, usuarios: Array.from({ length: n }, () => (usuarios as unknown[])[0]) })}}`;
    const leer = async (partes: AsyncIterable<string>) => {
      const l = await leerInicio(partes);
      if ('completo' in l) throw new Error('se esperaba lectura por partes');
      const cola: { texto: string; pausa?: string } = { texto: '' };
      const vistos: unknown[] = [];
      for await (const u of usuariosEnFlujo(l.resto, fuenteDe(l.siguientes), cola, () => true))
        vistos.push(u);
      return { vistos, cola };
    };
    const largo = cuerpo(20);
    // Many chunks still to come: the reading stops at the first user, the rest goes on as text.
    const a = await leer(trozos(largo, 64));
    expect(a.vistos).toEqual([]);
    expect(a.cola.pausa?.startsWith('{')).toBe(true);
    // The whole rest arrives in the next chunk: every user is read here and the tail is kept.
    const inicio = largo.indexOf('"usuarios":[') + 12;
    const b = await leer(
      (async function* () {
        yield largo.slice(0, inicio);
        yield largo.slice(inicio);
      })(),
    );
    expect(b.cola.pausa).toBeUndefined();
    expect(b.vistos).toHaveLength(20);
    expect(leerCola(b.cola.texto)).toEqual({ rips: {}, cuerpo: {} });
  });

  it('miembros tras usuarios y tras rips quedan en la cola', async () => {
    const texto = JSON.stringify({
      rips: { usuarios: [{ a: 1 }, { a: 2 }], numFactura: 'X' },
      fechaEvaluacion: 'f',
    });
    const r = await todo(texto, 5);
    expect(r.usuarios).toEqual([{ a: 1 }, { a: 2 }]);
    expect(r.cola).toEqual({ rips: { numFactura: 'X' }, cuerpo: { fechaEvaluacion: 'f' } });
  });

  it('usuarios con claves en distinto orden y cadenas con llaves se separan bien', async () => {
    const us = [{ x: '},{"x"', y: [{}] }, { y: 1, x: 2 }, { x: '"]}' }, 5, null];
    const r = await todo(JSON.stringify({ rips: { usuarios: us } }), 3);
    expect(r.usuarios).toEqual(us);
  });

  it.each([
    ['sin rips', '{"otro":1}'],
    ['rips no objeto', '{"rips":[1]}'],
    ['usuarios no arreglo', '{"rips":{"usuarios":{"a":1}}}'],
    ['sin usuarios', '{"rips":{"numFactura":"X"}}'],
  ])('%s: se entrega el texto completo', async (_n, texto) => {
    expect(await todo(texto, 4)).toEqual({ completo: texto });
  });

  it.each(['{"rips":{"usuarios":[{"a":1}', '{"rips":{"usuarios":[{"a":1}]}} x', '{"rips"'])(
    'mal formado %s → error',
    async (texto) => {
      await expect(todo(texto, 3)).rejects.toBeInstanceOf(ErrorTextoRips);
    },
  );

  it('validar mientras llega da lo mismo que validar el objeto', async () => {
    const catalogos = catalogosPrueba();
    const estructura = crearVerificadorEstructura(CAMPOS, catalogos);
    const fecha = new Date('2026-11-01T12:00:00Z');
    const doc = ripsValido();
    (doc.usuarios as Registro[])[0]!.codSexo = 'X';
    const servicio = new ServicioValidacionRips({ obtener: async () => catalogos }, {});
    const cuerpo = JSON.stringify({ fechaEvaluacion: fecha.toISOString(), rips: doc });
    const flujo = await servicio.validarCuerpoFlujo(
      {} as EntityManager,
      new FlujoCuerpo(trozos(cuerpo, 50), () => trozos(cuerpo, 50)),
    );
    const objeto = validarRips(structuredClone(doc), { catalogos, estructura, fecha });
    expect(flujo.resumen.rechazos).toBeGreaterThan(0);
    expect(flujo).toEqual(objeto);
  });
});
