import { describe, expect, it } from 'vitest';
import {
  consulta,
  hospitalizacion,
  otroServicio,
  rips,
  urgencia,
  usuario,
} from '../../../test/fixtures/rips-reglas.js';
import { CatalogosEnMemoria } from '../catalogos/memoria.js';
import { REGLAS_POR_CODIGO } from '../reglas/registro.js';
import type { Registro } from '../tipos.js';
import { type ConsultaHistoria, conHistoria, type ServicioHistorial, satisface } from './historia.js';
import { validarRips } from './validar.js';

const FECHA = new Date('2026-07-15T12:00:00-05:00');
const validar = (doc: Registro, codigos: string[]) =>
  validarRips(doc, {
    reglas: codigos.map((c) => REGLAS_POR_CODIGO.get(c)!),
    catalogos: new CatalogosEnMemoria(),
    fecha: FECHA,
  });

/** An in-memory history: the HMAC is the document itself here (the real one is keyed, historia/clave.ts). */
function historiaFalsa(servicios: Record<string, ServicioHistorial[]>) {
  const llamadas: string[][] = [];
  const consulta: ConsultaHistoria = {
    hmac: (tipo, numero) => `h(${tipo} ${numero})`,
    async buscar(_entidad, hmacs) {
      llamadas.push(hmacs);
      return new Map(hmacs.filter((h) => servicios[h]).map((h) => [h, servicios[h]!]));
    },
  };
  return { consulta, llamadas };
}

const PACIENTE = 'h(CC 52000001)';
const hospitalizacionVia02 = () =>
  rips(usuario({ hospitalizacion: [hospitalizacion({ viaIngresoServicioSalud: '02' })] }));

describe('historial de la entidad para las reglas entre RIPS', () => {
  it('RVC054 sin la consulta en el archivo: nota; la consulta radicada antes por la entidad la satisface', async () => {
    const r = validar(hospitalizacionVia02(), ['RVC054']);
    expect(r.errores.map((e) => [e.codigo, e.severidad])).toEqual([['RVC054', 'informativo']]);
    const { consulta, llamadas } = historiaFalsa({
      [PACIENTE]: [{ tipo: 'consultas', grupo: '01', inicio: '2026-06-28 09:00', tipoOS: null }],
    });
    const h = await conHistoria(r, 'entidad-1', consulta);
    expect(h.errores).toEqual([]);
    expect(h.issues).toEqual([]);
    expect(h.resumen).toEqual({ rechazos: 0, avisos: 0, informativos: 0 });
    expect(llamadas).toEqual([[PACIENTE]]);
  });

  it('una consulta posterior al ingreso o de otro paciente no la satisface: la nota queda', async () => {
    const r = validar(hospitalizacionVia02(), ['RVC054']);
    const { consulta } = historiaFalsa({
      [PACIENTE]: [{ tipo: 'consultas', grupo: '01', inicio: '2026-07-02 09:00', tipoOS: null }],
      'h(CC 1)': [{ tipo: 'consultas', grupo: '01', inicio: '2026-06-01 09:00', tipoOS: null }],
    });
    const h = await conHistoria(r, 'entidad-1', consulta);
    expect(h.errores.map((e) => [e.codigo, e.severidad])).toEqual([['RVC054', 'informativo']]);
  });

  it('RVC056: una nota crédito que solo lleva la estancia; la hospitalización radicada la soporta', async () => {
    const nota = {
      ...rips(
        usuario({
          otrosServicios: [otroServicio({ tipoOS: '03', fechaSuministroTecnologia: '2026-07-03 00:00' })],
        }),
      ),
      tipoNota: 'NC',
      numNota: 'NC1',
    };
    const r = validar(nota, ['RVC056']);
    expect(r.valid).toBe(true);
    expect(r.errores.map((e) => [e.codigo, e.severidad])).toEqual([['RVC056', 'informativo']]);
    const { consulta } = historiaFalsa({
      [PACIENTE]: [{ tipo: 'hospitalizacion', grupo: null, inicio: '2026-07-01 21:00', tipoOS: null }],
    });
    expect((await conHistoria(r, 'entidad-1', consulta)).errores).toEqual([]);
  });

  it('RVC062: derivado a otro servicio facturado aparte; un servicio radicado después del ingreso lo satisface', async () => {
    const r = validar(rips(usuario({ urgencias: [urgencia({ condicionDestinoUsuarioEgreso: '03' })] })), [
      'RVC062',
    ]);
    expect(r.errores.map((e) => [e.codigo, e.severidad])).toEqual([['RVC062', 'informativo']]);
    const antes = historiaFalsa({
      [PACIENTE]: [{ tipo: 'consultas', grupo: '01', inicio: '2026-06-01 08:00', tipoOS: null }],
    });
    expect((await conHistoria(r, 'entidad-1', antes.consulta)).errores).toHaveLength(1);
    const despues = historiaFalsa({
      [PACIENTE]: [{ tipo: 'hospitalizacion', grupo: null, inicio: '2026-07-01 21:00', tipoOS: null }],
    });
    expect((await conHistoria(r, 'entidad-1', despues.consulta)).errores).toEqual([]);
  });

  it('notas NC, ND y NA que solo llevan la hospitalización o la urgencia derivada: notas informativas, no rechazos', () => {
    for (const tipoNota of ['NC', 'ND', 'NA']) {
      const nota = {
        ...rips(
          usuario({
            hospitalizacion: [hospitalizacion({ viaIngresoServicioSalud: '02' })],
            urgencias: [
              urgencia({ condicionDestinoUsuarioEgreso: '03', fechaInicioAtencion: '2026-07-05 10:00' }),
            ],
          }),
        ),
        tipoNota,
        numNota: `${tipoNota}1`,
      };
      const r = validar(nota, ['RVC054', 'RVC062']);
      expect(r.valid, tipoNota).toBe(true);
      expect(r.errores.map((e) => [e.codigo, e.severidad]).sort(), tipoNota).toEqual([
        ['RVC054', 'informativo'],
        ['RVC062', 'informativo'],
      ]);
    }
  });

  it('sin hallazgos entre RIPS no consulta nada (el camino de un RIPS común no toca la base)', async () => {
    const r = validar(
      rips(
        usuario({
          consultas: [consulta({ fechaInicioAtencion: '2026-06-30 08:00' })],
          hospitalizacion: [hospitalizacion({ viaIngresoServicioSalud: '02' })],
        }),
      ),
      ['RVC054'],
    );
    expect(r.errores).toEqual([]);
    const { consulta: c, llamadas } = historiaFalsa({});
    expect(await conHistoria(r, 'entidad-1', c)).toBe(r);
    expect(llamadas).toEqual([]);
  });

  it('sin entidad o sin historial el resultado no cambia', async () => {
    const r = validar(hospitalizacionVia02(), ['RVC054']);
    const { consulta } = historiaFalsa({
      [PACIENTE]: [{ tipo: 'consultas', grupo: null, inicio: null, tipoOS: null }],
    });
    expect(await conHistoria(r, null, consulta)).toBe(r);
    expect(await conHistoria(r, 'e', undefined)).toBe(r);
  });

  it('satisface: tipo, grupo y sentido de la fecha', () => {
    const c = {
      busca: [{ tipo: 'consultas' as const, grupo: '05' }],
      cuando: 'antes' as const,
      fecha: '2026-07-01 20:00',
    };
    const s = (o: Partial<ServicioHistorial>): ServicioHistorial[] => [
      { tipo: 'consultas', grupo: '05', inicio: '2026-07-01 20:00', tipoOS: null, ...o },
    ];
    expect(satisface(c, s({}))).toBe(true);
    expect(satisface(c, s({ grupo: '01' }))).toBe(false);
    expect(satisface(c, s({ inicio: '2026-07-01 20:01' }))).toBe(false);
    expect(satisface({ ...c, cuando: 'desde' }, s({ inicio: '2026-07-01 20:01' }))).toBe(true);
    expect(satisface(c, s({ tipo: 'procedimientos' }))).toBe(false);
  });
});
