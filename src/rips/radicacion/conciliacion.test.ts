import { describe, expect, it } from 'vitest';
import type { RegistroCuv } from '../muv/respuesta.js';
import { leerCalculoCuv } from '../muv/respuesta.js';
import {
  decidirConciliacion,
  diferenciasConRegistro,
  type EvidenciaConciliacion,
  resumirEnvio,
} from './conciliacion.js';

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

describe('decidir de quién es el CUV que el MUV tiene (issue 30)', () => {
  const base: EvidenciaConciliacion = {
    diferencias: [],
    calculo: 'desconocido',
    deOtraEntidad: false,
    huella: 'h1',
    huellasSinDesenlace: [],
  };
  const decidir = (o: Partial<EvidenciaConciliacion>) => decidirConciliacion({ ...base, ...o });

  it('conteos iguales no bastan: sin más pruebas no se adopta, y se dice que no es seguro', () => {
    const d = decidir({});
    expect(d).toMatchObject({ adoptar: false, seguro: false });
    expect(JSON.stringify(d)).toMatch(/no permite confirmar/);
  });

  it('el MUV calcula ese CUV con los archivos enviados → se adopta', () => {
    expect(decidir({ calculo: 'coincide' })).toMatchObject({ adoptar: true });
  });

  it('el MUV calcula otro CUV (CCV000) → no, con certeza, aunque esta entidad lo haya intentado antes', () => {
    expect(decidir({ calculo: 'difiere', huellasSinDesenlace: ['h1'] })).toMatchObject({
      adoptar: false,
      seguro: true,
    });
  });

  it('otra entidad del servicio tiene el documento → nunca, aunque el cálculo coincida', () => {
    const d = decidir({ deOtraEntidad: true, calculo: 'coincide', huellasSinDesenlace: ['h1'] });
    expect(d).toMatchObject({ adoptar: false, seguro: true });
    expect(JSON.stringify(d)).toMatch(/otra entidad de este servicio/);
  });

  it('diferencias de conteo mandan sobre todo lo demás', () => {
    expect(decidir({ diferencias: ['x'], calculo: 'coincide' })).toEqual({
      adoptar: false,
      diferencias: ['x'],
      seguro: true,
    });
  });

  it('respuesta perdida de este mismo paquete (misma huella) → se adopta sin cálculo del MUV', () => {
    expect(decidir({ huellasSinDesenlace: ['h1', 'h1'] })).toMatchObject({ adoptar: true });
  });

  it('respuesta perdida de otro paquete y ahora uno corregido → no se adopta', () => {
    const d = decidir({ huellasSinDesenlace: ['h0'] });
    expect(d).toMatchObject({ adoptar: false, seguro: false });
    expect(JSON.stringify(d)).toMatch(/otro contenido quedó sin respuesta/);
    expect(decidir({ huellasSinDesenlace: ['h1', 'h0'] })).toMatchObject({ adoptar: false });
    expect(decidir({ huellasSinDesenlace: ['h1', null] })).toMatchObject({ adoptar: false });
  });

  it('sin huella propia no hay prueba propia', () => {
    expect(decidir({ huella: null, huellasSinDesenlace: [null] })).toMatchObject({ adoptar: false });
  });
});

describe('leerCalculoCuv: ConsultarCUV con los archivos', () => {
  const cuv = 'b'.repeat(96);
  const dto = (o: Record<string, unknown> = {}) => ({
    ProcesoId: 9,
    EsValido: true,
    CodigoUnicoValidacion: cuv,
    ResultadosValidacion: [],
    ...o,
  });
  it.each([
    ['registro válido con ese CUV', dto(), 'coincide'],
    ['en camelCase', { procesoId: 9, esValido: true, codigoUnicoValidacion: cuv }, 'coincide'],
    [
      'CCV000',
      dto({ ResultadosValidacion: [{ Clase: 'RECHAZADO', Codigo: 'CCV000', Descripcion: '' }] }),
      'difiere',
    ],
    [
      'CCV000 sin registro (ProcesoId 0)',
      dto({
        ProcesoId: 0,
        EsValido: false,
        ResultadosValidacion: [{ Clase: 'RECHAZADO', Codigo: 'CCV000' }],
      }),
      'difiere',
    ],
    [
      'otro rechazo (CCV001)',
      dto({ ResultadosValidacion: [{ Clase: 'RECHAZADO', Codigo: 'CCV001' }] }),
      'desconocido',
    ],
    ['otro CUV', dto({ CodigoUnicoValidacion: 'c'.repeat(96) }), 'desconocido'],
    ['no válido', dto({ EsValido: false }), 'desconocido'],
    ['sin cuerpo', null, 'desconocido'],
    ['texto', 'error', 'desconocido'],
  ] as const)('%s → %s', (_n, cuerpo, esperado) => {
    expect(leerCalculoCuv(cuerpo, cuv)).toBe(esperado);
  });
});
