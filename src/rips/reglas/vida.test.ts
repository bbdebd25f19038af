import { describe, expect, it } from 'vitest';
import {
  consulta,
  medicamento,
  procedimiento,
  recienNacido,
  rips,
  usuario,
} from '../../../test/fixtures/rips-reglas.js';
import { CatalogosEnMemoria } from '../catalogos/memoria.js';
import { PENDIENTES_VIDA } from '../validacion/explicar.js';
import { validarRips } from '../validacion/validar.js';
import { REGLAS_POR_CODIGO } from './registro.js';
import type { Regla } from './tipos.js';
import { MAX_PENDIENTES_VIDA, REGLAS_VIDA } from './vida.js';

const FECHA = new Date('2026-07-15T12:00:00-05:00');
const validar = (doc: Record<string, unknown>, vida: boolean, reglas: readonly Regla[] = REGLAS_VIDA) =>
  validarRips(doc, { reglas, catalogos: new CatalogosEnMemoria(), fecha: FECHA, vida });

describe('VID001 y VID002 (código VIDA contra los RDA de la entidad)', () => {
  it('están en el registro, con clase notificación en ambas normas y alcance vida', () => {
    for (const c of ['VID001', 'VID002']) {
      const r = REGLAS_POR_CODIGO.get(c)!;
      expect(r.alcance).toBe('vida');
      expect(r.clases.map((x) => x.clase)).toEqual(['N', 'N']);
      expect(r.campos).toEqual(['C22', 'P27', 'R25', 'H30', 'N18', 'M29', 'S17']);
      for (const t of [r.mensajeOficial, r.titulo, r.explicacion, r.comoCorregir])
        expect(t, c).not.toMatch(/\s{2,}|\s[.,]/);
    }
  });

  it('sin la opción vida (validación pura, o entidad sin RDA aceptados) no producen nada', () => {
    const doc = rips(
      usuario({ consultas: [consulta({ codigoVIDA: '123' }), consulta({ codigoVIDA: null })] }),
    );
    const r = validar(doc, false);
    expect(r.errores).toEqual([]);
    // The registry's full walk (what the benchmarks run) is unchanged too.
    const todas = validarRips(doc, { catalogos: new CatalogosEnMemoria(), fecha: FECHA });
    expect(todas.errores.filter((e) => e.codigo.startsWith('VID'))).toEqual([]);
  });

  it('VID001: un hallazgo pendiente por servicio con VIDA, con su fecha y el documento del paciente', () => {
    const doc = rips(
      usuario({
        consultas: [consulta({ codigoVIDA: ' 900001 ' })],
        procedimientos: [procedimiento({ codigoVIDA: '900001' })],
        medicamentos: [medicamento({ codigoVIDA: '' })],
      }),
    );
    const r = validar(doc, true, [REGLAS_POR_CODIGO.get('VID001')!]);
    expect(r.errores.map((e) => [e.codigo, e.severidad, e.ubicacion.ruta])).toEqual([
      ['VID001', 'aviso-gradualidad', 'usuarios[0].servicios.consultas[0].codigoVIDA'],
      ['VID001', 'aviso-gradualidad', 'usuarios[0].servicios.procedimientos[0].codigoVIDA'],
    ]);
    expect(PENDIENTES_VIDA.get(r.errores[0]!)).toEqual({
      codigo: '900001',
      fecha: '2026-07-01 08:00',
      tipoDocumento: 'CC',
      numDocumento: '52000001',
    });
  });

  it('VID001 pasa a rechazo con la fecha anunciada (rechazoDesde)', () => {
    const doc = rips(usuario({ consultas: [consulta({ codigoVIDA: '1' })] }));
    const r = validarRips(doc, {
      reglas: REGLAS_VIDA,
      catalogos: new CatalogosEnMemoria(),
      fecha: FECHA,
      vida: true,
      rechazoDesde: { VID001: '2026-07-01' },
    });
    expect(r.errores.map((e) => [e.codigo, e.severidad])).toEqual([['VID001', 'rechazo']]);
  });

  it('VID002: informativo, uno por paciente y día, el recién nacido con su propio documento', () => {
    const doc = rips(
      usuario({
        consultas: [consulta(), consulta({ fechaInicioAtencion: '2026-07-01 16:00' })],
        procedimientos: [procedimiento({ fechaInicioAtencion: '2026-07-02 09:00' })],
        medicamentos: [medicamento({ codigoVIDA: '77' })],
        recienNacidos: [recienNacido()],
      }),
      usuario({ consultas: [consulta()] }, { numDocumentoIdentificacion: '52000002' }),
    );
    const r = validar(doc, true, [REGLAS_POR_CODIGO.get('VID002')!]);
    expect(r.errores.map((e) => [e.codigo, e.severidad, e.ubicacion.ruta])).toEqual([
      ['VID002', 'informativo', 'usuarios[0].servicios.consultas[0].codigoVIDA'],
      ['VID002', 'informativo', 'usuarios[0].servicios.procedimientos[0].codigoVIDA'],
      ['VID002', 'informativo', 'usuarios[0].servicios.recienNacidos[0].codigoVIDA'],
      ['VID002', 'informativo', 'usuarios[1].servicios.consultas[0].codigoVIDA'],
    ]);
    expect(PENDIENTES_VIDA.get(r.errores[2]!)).toEqual({
      codigo: null,
      fecha: '2026-07-02 11:10',
      tipoDocumento: 'CN',
      numDocumento: '20963147753951',
    });
  });

  it('los pendientes de cada código se acotan por recorrido', () => {
    const consultas = Array.from({ length: MAX_PENDIENTES_VIDA + 5 }, (_, i) =>
      consulta({ codigoVIDA: String(i), fechaInicioAtencion: '2026-07-01 08:00' }),
    );
    const r = validarRips(rips(usuario({ consultas })), {
      reglas: REGLAS_VIDA,
      catalogos: new CatalogosEnMemoria(),
      fecha: FECHA,
      vida: true,
      limites: { maxHallazgos: 5000, maxCaracteres: 1e9 },
    });
    expect(r.errores.filter((e) => e.codigo === 'VID001')).toHaveLength(MAX_PENDIENTES_VIDA);
  });
});
