import { describe, expect, it } from 'vitest';
import { esFallaInternaMuv, esResultadoProceso, leerRespuestaCarga } from './respuesta.js';

/**
 * The shapes the real mechanism was seen answering (issue 32, item 5), written here from those
 * facts: rejections with ProcesoId 0, a CodigoUnicoValidacion that is no CUV, NumFactura "" or
 * "0", `codigoUnicoValidacionToShow`, CFR003 first, PascalCase and camelCase keys.
 */
const NO_APLICA =
  'No aplica a paquetes procesados en estado [RECHAZADO] o validaciones realizadas antes del envío al Ministerio de Salud y Protección Social';
const CFR003 = 'Se encontraron errores al procesar el archivo Json de Fev';

/** An RS rejection in PascalCase (HTTP 400): findings repeated per user and per service. */
const rechazoRsPascal = {
  ResultState: false,
  ProcesoId: 0,
  NumFactura: '',
  CodigoUnicoValidacion: NO_APLICA,
  codigoUnicoValidacionToShow: NO_APLICA,
  FechaRadicacion: '2025-06-03T10:15:00.1234567',
  RutaArchivos: null,
  ResultadosValidacion: [
    {
      Clase: 'RECHAZADO',
      Codigo: 'CFR003',
      Descripcion: CFR003,
      Observaciones: '',
      PathFuente: '',
      Fuente: 'FevRips',
    },
    {
      Clase: 'RECHAZADO',
      Codigo: 'RVG11',
      Descripcion: 'El profesional no se encuentra registrado en RETHUS',
      Observaciones: 'Documento 99900001',
      PathFuente: 'usuarios[0].servicios.consultas[0].numDocumentoIdentificacion',
      Fuente: 'Rips',
    },
    {
      Clase: 'RECHAZADO',
      Codigo: 'RVG11',
      Descripcion: 'El profesional no se encuentra registrado en RETHUS',
      Observaciones: 'Documento 99900001',
      PathFuente: 'usuarios[0].servicios.consultas[1].numDocumentoIdentificacion',
      Fuente: 'Rips',
    },
    {
      Clase: 'RECHAZADO',
      Codigo: 'RVG11',
      Descripcion: 'El profesional no se encuentra registrado en RETHUS',
      Observaciones: 'Documento 99900001',
      PathFuente: 'usuarios[1].servicios.consultas[0].numDocumentoIdentificacion',
      Fuente: 'Rips',
    },
  ],
};

/** An NC rejection in camelCase (HTTP 400) with «-» as its CUV and NumFactura "0". */
const rechazoNcCamel = {
  resultState: false,
  procesoId: 0,
  numFactura: '0',
  codigoUnicoValidacion: '-',
  codigoUnicoValidacionToShow: NO_APLICA,
  fechaRadicacion: '2025-06-03T10:20:00',
  rutaArchivos: null,
  resultadosValidacion: [
    {
      clase: 'RECHAZADO',
      codigo: 'CFR003',
      descripcion: CFR003,
      observaciones: '',
      pathFuente: '',
      fuente: 'FevRips',
    },
    {
      clase: 'RECHAZADO',
      codigo: 'RVG09',
      descripcion: 'Valores de pagos moderadores',
      observaciones:
        'El valor total de los copagos en RIPS (¤5,000.00), no es igual al valor reportado en la Factura de Venta (¤0.00)',
      pathFuente: 'Invoice',
      fuente: 'FacturaElectronica',
    },
  ],
};

/** The mechanism failing inside, as captured. */
const fallaInterna = {
  ResultState: false,
  ProcesoId: 0,
  NumFactura: 'FE77',
  CodigoUnicoValidacion: NO_APLICA,
  ResultadosValidacion: [
    {
      Clase: 'RECHAZADO',
      Codigo: 'CFR003',
      Descripcion: CFR003,
      Observaciones: '',
      PathFuente: '',
      Fuente: 'FevRips',
    },
    {
      Clase: 'RECHAZADO',
      Codigo: 'RVG06',
      Descripcion: 'El contenido del dato no corresponde a los valores permitidos.',
      Observaciones: 'Object reference not set to an instance of an object.',
      PathFuente: 'Estructura general',
      Fuente: 'FevRips',
    },
  ],
};

describe('leerRespuestaCarga con las formas reales del MUV', () => {
  it('rechazo RS en PascalCase: ProcesoId 0 no es un proceso, "No aplica…" no es un CUV, NumFactura "" no es factura', () => {
    expect(esResultadoProceso(rechazoRsPascal)).toBe(true);
    const r = leerRespuestaCarga(rechazoRsPascal);
    expect(r).toMatchObject({ aceptado: false, procesoId: null, numFactura: null, cuv: null });
    // Every repeat stays: the mechanism evaluates every user and service.
    expect(r.resultados.map((x) => [x.codigo, x.pathFuente])).toEqual([
      ['CFR003', ''],
      ['RVG11', 'usuarios[0].servicios.consultas[0].numDocumentoIdentificacion'],
      ['RVG11', 'usuarios[0].servicios.consultas[1].numDocumentoIdentificacion'],
      ['RVG11', 'usuarios[1].servicios.consultas[0].numDocumentoIdentificacion'],
    ]);
  });

  it('rechazo NC en camelCase: "-" no es un CUV, NumFactura "0" no es factura; el ¤ de los valores se conserva', () => {
    expect(esResultadoProceso(rechazoNcCamel)).toBe(true);
    const r = leerRespuestaCarga(rechazoNcCamel);
    expect(r).toMatchObject({ aceptado: false, procesoId: null, numFactura: null, cuv: null });
    expect(r.resultados[1]).toEqual({
      clase: 'RECHAZADO',
      codigo: 'RVG09',
      descripcion: 'Valores de pagos moderadores',
      observaciones:
        'El valor total de los copagos en RIPS (¤5,000.00), no es igual al valor reportado en la Factura de Venta (¤0.00)',
      pathFuente: 'Invoice',
      fuente: 'FacturaElectronica',
    });
  });

  it('codigoUnicoValidacionToShow nunca se toma por el CUV, aunque tenga forma de CUV', () => {
    const r = leerRespuestaCarga({
      ...rechazoNcCamel,
      codigoUnicoValidacion: null,
      codigoUnicoValidacionToShow: 'a'.repeat(96),
    });
    expect(r.cuv).toBeNull();
  });

  it('una aceptación sigue leyéndose con su ProcesoId y su CUV', () => {
    const cuv = 'ab'.repeat(48);
    const r = leerRespuestaCarga({
      ResultState: true,
      ProcesoId: 4711,
      NumFactura: 'FE1',
      CodigoUnicoValidacion: cuv,
      ResultadosValidacion: [],
    });
    expect(r).toMatchObject({ aceptado: true, procesoId: 4711, numFactura: 'FE1', cuv });
  });

  it('la falla interna del MUV se reconoce como tal; un rechazo de datos no', () => {
    const r = leerRespuestaCarga(fallaInterna);
    expect(r).toMatchObject({ aceptado: false, procesoId: null, numFactura: 'FE77', cuv: null });
    expect(r.resultados.map(esFallaInternaMuv)).toEqual([false, true]);
    expect(leerRespuestaCarga(rechazoRsPascal).resultados.some(esFallaInternaMuv)).toBe(false);
  });
});
