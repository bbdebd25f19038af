import { describe, expect, it } from 'vitest';
import type { RegistroCuv } from '../muv/respuesta.js';
import { diferenciasConRegistro, resumirEnvio } from './conciliacion.js';

const rips = {
  numDocumentoIdObligado: '900123456',
  numFactura: 'FE1',
  usuarios: [
    { servicios: { consultas: [{}, {}], procedimientos: [{}] } },
    { servicios: { hospitalizacion: [{}], urgencias: [] } },
  ],
};

const registro = (o: Partial<RegistroCuv> = {}): RegistroCuv => ({
  procesoId: 7,
  cuv: 'a'.repeat(96),
  numeroDocumento: 'FE1',
  numDocumentoIdObligado: '900123456',
  fechaValidacion: null,
  esValido: true,
  tipoDocumento: 'FacturaElectronica',
  fechaEmision: null,
  totalFactura: 1000,
  cantidadUsuarios: 2,
  codigoPrestador: null,
  modalidadPago: null,
  numDocumentoReferenciado: null,
  resultadosValidacion: [],
  cantidadTotalAtenciones: {
    consultas: 2,
    procedimientos: 1,
    medicamentos: 0,
    otrosServicios: 0,
    recienNacidos: 0,
    hospitalizaciones: 1,
    urgencias: 0,
  },
  ...o,
});

describe('conciliación con ConsultarCUV', () => {
  const enviado = { ...resumirEnvio(rips, 'FE1'), total: 1000 };

  it('cuenta usuarios y atenciones con los nombres de CantidadTotalAtenciones', () => {
    expect(resumirEnvio(rips, 'FE1')).toEqual({
      numero: 'FE1',
      usuarios: 2,
      atenciones: {
        consultas: 2,
        procedimientos: 1,
        medicamentos: 0,
        otrosServicios: 0,
        recienNacidos: 0,
        hospitalizaciones: 1,
        urgencias: 0,
      },
      total: null,
    });
  });

  it('lo registrado que coincide con lo enviado no tiene diferencias', () => {
    expect(diferenciasConRegistro(registro(), '900123456', enviado)).toEqual([]);
  });

  it.each([
    ['otro NIT', { numDocumentoIdObligado: '800000001' }, /NIT/],
    ['otro número', { numeroDocumento: 'FE2' }, /número de documento/],
    ['otros usuarios', { cantidadUsuarios: 1 }, /1 usuario\(s\) y se enviaron 2/],
    ['otro total', { totalFactura: 999 }, /total registrado es 999/],
    ['no válido', { esValido: false }, /no lo tiene como válido/],
  ] as const)('%s → diferencia explicada', (_n, cambio, texto) => {
    expect(diferenciasConRegistro(registro(cambio), '900123456', enviado).join(' ')).toMatch(texto);
  });

  it('otras atenciones por tipo → diferencia con el detalle', () => {
    const r = registro({
      cantidadTotalAtenciones: { ...registro().cantidadTotalAtenciones!, consultas: 3 },
    });
    expect(diferenciasConRegistro(r, '900123456', enviado).join(' ')).toMatch(
      /consultas: 3 en el MUV, 2 enviadas/,
    );
  });

  it('sin total conocido de un lado, el total no se compara', () => {
    expect(
      diferenciasConRegistro(registro({ totalFactura: 5 }), '900123456', { ...enviado, total: null }),
    ).toEqual([]);
  });
});
