import { describe, expect, it } from 'vitest';
import { catalogosPrueba, ripsValido } from '../../../test/fixtures/rips.js';
import { REGLAS } from '../reglas/registro.js';
import { NORMA_2275, type Regla, regla } from '../reglas/tipos.js';
import type { Registro } from '../tipos.js';
import { recorrer } from './motor.js';
import { validarRips } from './validar.js';

// The walk's plan (rules that run, hooks, notes) is built once per combination of options and
// shared by walks (src/rips/validacion/motor.ts): these check that sharing it changes no answer.
const FECHA = new Date('2026-11-01T05:00:00Z');

/** Counts the consultations of the RIPS in its state and says how many at the end. */
const contador = regla<{ n: number }>({
  codigo: 'TST01',
  campos: [],
  clases: [{ ...NORMA_2275, clase: 'R' }],
  mensajeOficial: '',
  titulo: 'Prueba',
  explicacion: 'Prueba',
  comoCorregir: 'Prueba',
  alcance: 'local',
  estado: () => ({ n: 0 }),
  servicio: {
    tipos: ['consultas'],
    verificar: (_r, _ref, _ctx, e) => {
      e.n++;
    },
  },
  final: (ctx, e) => ctx.emitir('TST01', { usuarioIndex: 0 }, undefined, { detalle: `n=${e.n}` }),
});

describe('plan de la validación, compartido entre recorridos', () => {
  it('cada recorrido tiene su propio estado de reglas, aunque compartan el plan', () => {
    const reglas: Regla[] = [contador];
    const catalogos = catalogosPrueba();
    const rips = ripsValido() as Registro;
    const consultas = (rips.usuarios as Registro[]).reduce(
      (n, u) => n + (((u.servicios as Registro).consultas as unknown[]) ?? []).length,
      0,
    );
    expect(consultas).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) {
      const r = recorrer(rips, { fecha: FECHA, catalogos, reglas });
      expect(r.hallazgos.map((h) => h.detalle)).toEqual([`n=${consultas}`]);
    }
  });

  it('una tabla que llega a los mismos catálogos se nota en la siguiente validación (versión de los catálogos)', () => {
    const catalogos = catalogosPrueba();
    const validar = () => validarRips(ripsValido() as Registro, { fecha: FECHA, catalogos });
    const antes = validar().errores.find((e) => e.codigo === 'CAT01')!;
    expect(antes.explicacion).toContain('«CIE10» (RVC028)');
    catalogos.poner('CIE10', ['Z000']);
    const despues = validar().errores.find((e) => e.codigo === 'CAT01')!;
    expect(despues.explicacion).not.toContain('CIE10');
    expect(despues.titulo).not.toBe(antes.titulo);
  });

  it('las mismas opciones dan la misma respuesta, byte a byte, la primera vez y las siguientes', () => {
    const catalogos = catalogosPrueba();
    const una = (o: { prestadores?: string[]; fev?: null }) =>
      JSON.stringify(validarRips(ripsValido() as Registro, { fecha: FECHA, catalogos, ...o }));
    for (const o of [{}, { prestadores: [] }, { prestadores: ['110010000101'] }, { fev: null }]) {
      const primera = una(o);
      expect(una(o)).toBe(primera);
      expect(una(o)).toBe(primera);
    }
    // Options that change the plan change the notes: PRE01 only without declared providers.
    expect(una({ prestadores: [] })).toContain('"codigo":"PRE01"');
    expect(una({ prestadores: ['110010000101'] })).not.toContain('"codigo":"PRE01"');
    expect(una({})).toContain('"codigo":"XML01"');
    expect(una({ fev: null })).not.toContain('"codigo":"XML01"');
  });

  it('las notas que comparten los recorridos están congeladas: ninguna respuesta las puede cambiar', () => {
    const catalogos = catalogosPrueba();
    const r = recorrer(ripsValido() as Registro, { fecha: FECHA, catalogos, reglas: REGLAS });
    expect(r.notas.length).toBeGreaterThan(0);
    for (const n of r.notas) {
      expect(Object.isFrozen(n)).toBe(true);
      expect(Object.isFrozen(n.reglas)).toBe(true);
    }
    const otra = recorrer(ripsValido() as Registro, { fecha: FECHA, catalogos, reglas: REGLAS });
    expect(otra.notas).toEqual(r.notas);
    // Each walk has its own list of notes (an answer may add to its own).
    expect(otra.notas).not.toBe(r.notas);
  });
});
