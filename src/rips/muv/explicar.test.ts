import { describe, expect, it } from 'vitest';
import { CODIGOS_FEV } from '../fev/codigos.js';
import { explicarResultadoMuv, explicarResultadosMuv } from './explicar.js';
import type { ResultadoMuv } from './respuesta.js';

const rips = {
  numFactura: 'FE1',
  usuarios: [{ tipoDocumentoIdentificacion: 'CC', numDocumentoIdentificacion: '123', servicios: {} }],
};
const base = { Observaciones: 'obs', Fuente: 'Rips' };

describe('explicarResultadoMuv', () => {
  it('regla del registro RIPS: nuestros textos, ubicación desde PathFuente, mensaje original conservado', () => {
    const e = explicarResultadoMuv(
      {
        clase: 'RECHAZADO',
        codigo: 'RVG11',
        descripcion: 'El profesional no se encuentra registrado en RETHUS',
        observaciones: 'Doc 999',
        pathFuente: 'usuarios[0].servicios.consultas[2].numDocumentoIdentificacion',
        fuente: base.Fuente,
      },
      rips,
    );
    expect(e).toMatchObject({
      codigo: 'RVG11',
      severidad: 'rechazo',
      fuente: 'muv',
      titulo: 'Profesional no registrado en RETHUS',
    });
    expect(e.ubicacion).toMatchObject({
      usuarioIndex: 0,
      documentoUsuario: 'CC 123',
      tipoServicio: 'consultas',
      servicioIndex: 2,
    });
    expect(e.ubicacion.descripcion).toBe(
      'Factura FE1 · Paciente CC 123 · Consulta 3 · numDocumentoIdentificacion',
    );
    expect(e.explicacion).toMatch(/Doc 999/);
    expect(e.mensajeOriginal).toMatch(/RETHUS — Doc 999/);
  });

  it('códigos de la compuerta FEV toman los textos de su registro', () => {
    const e = explicarResultadoMuv(
      {
        clase: 'RECHAZADO',
        codigo: 'FED123',
        descripcion: 'x',
        observaciones: '',
        pathFuente: '',
        fuente: 'FacturaElectronica',
      },
      rips,
    );
    expect(e.titulo).toBe(CODIGOS_FEV.get('FED123')!.titulo);
  });

  it('código propio del MUV (CFR001) y notificación → aviso-gradualidad', () => {
    const e = explicarResultadoMuv(
      {
        clase: 'NOTIFICACION',
        codigo: 'CFR001',
        descripcion: 'x',
        observaciones: '',
        pathFuente: 'xmlFevFile',
        fuente: 'FacturaElectronica',
      },
      rips,
    );
    expect(e.severidad).toBe('aviso-gradualidad');
    expect(e.titulo).toBe('Error de almacenamiento en el Ministerio');
    expect(e.ubicacion.descripcion).toBe('Factura FE1 · Factura electrónica (XML): xmlFevFile');
  });

  it('código desconocido: conserva los textos del MUV', () => {
    const e = explicarResultadoMuv(
      {
        clase: 'RECHAZADO',
        codigo: 'ZZ1',
        descripcion: 'Regla nueva',
        observaciones: 'detalle',
        pathFuente: '',
        fuente: '',
      },
      rips,
    );
    expect(e).toMatchObject({
      titulo: 'Regla nueva',
      explicacion: 'detalle',
      mensajeOriginal: 'Regla nueva — detalle',
    });
    expect(e.comoCorregir.length).toBeGreaterThan(20);
  });
});

const resultado = (r: Partial<ResultadoMuv>): ResultadoMuv => ({
  clase: 'RECHAZADO',
  codigo: '',
  descripcion: '',
  observaciones: '',
  pathFuente: '',
  fuente: '',
  ...r,
});
const cfr003 = resultado({
  codigo: 'CFR003',
  descripcion: 'Se encontraron errores al procesar el archivo Json de Fev',
  fuente: 'FevRips',
});
const dosUsuarios = {
  numFactura: 'FE1',
  usuarios: [
    { tipoDocumentoIdentificacion: 'CC', numDocumentoIdentificacion: '123', servicios: {} },
    { tipoDocumentoIdentificacion: 'TI', numDocumentoIdentificacion: '456', servicios: {} },
  ],
};

describe('explicarResultadosMuv: las respuestas reales', () => {
  it('CFR003 junto a otros rechazos es el resumen (informativo), no un error más; los repetidos se conservan', () => {
    const rvg11 = (u: number, c: number) =>
      resultado({
        codigo: 'RVG11',
        descripcion: 'El profesional no se encuentra registrado en RETHUS',
        pathFuente: `usuarios[${u}].servicios.consultas[${c}].numDocumentoIdentificacion`,
        fuente: 'Rips',
      });
    const e = explicarResultadosMuv([cfr003, rvg11(0, 0), rvg11(0, 1), rvg11(1, 0)], dosUsuarios);
    expect(e.map((x) => [x.codigo, x.severidad])).toEqual([
      ['CFR003', 'informativo'],
      ['RVG11', 'rechazo'],
      ['RVG11', 'rechazo'],
      ['RVG11', 'rechazo'],
    ]);
    expect(e[0]!.titulo).toBe('Resumen del MUV: el paquete tiene rechazos');
    expect(e[0]!.explicacion).toMatch(/No es un error aparte/);
    expect(e[0]!.mensajeOriginal).toBe('Se encontraron errores al procesar el archivo Json de Fev');
    expect(e.slice(1).map((x) => x.ubicacion.descripcion)).toEqual([
      'Factura FE1 · Paciente CC 123 · Consulta 1 · numDocumentoIdentificacion',
      'Factura FE1 · Paciente CC 123 · Consulta 2 · numDocumentoIdentificacion',
      'Factura FE1 · Paciente TI 456 · Consulta 1 · numDocumentoIdentificacion',
    ]);
  });

  it('CFR003 solo (sin otro rechazo que diga la causa) sigue siendo el rechazo, con nuestro texto', () => {
    const [e] = explicarResultadosMuv([cfr003], dosUsuarios);
    expect(e).toMatchObject({ codigo: 'CFR003', severidad: 'rechazo' });
    expect(e!.titulo).toBe('El MUV rechazó el paquete sin detallar la causa');
  });

  it('la falla interna (RVG06 «Object reference…» en «Estructura general») se explica como falla del MUV, no de los datos', () => {
    const e = explicarResultadosMuv(
      [
        cfr003,
        resultado({
          codigo: 'RVG06',
          descripcion: 'El contenido del dato no corresponde a los valores permitidos.',
          observaciones: 'Object reference not set to an instance of an object.',
          pathFuente: 'Estructura general',
          fuente: 'FevRips',
        }),
      ],
      dosUsuarios,
    );
    expect(e[0]!.severidad).toBe('informativo');
    const falla = e[1]!;
    expect(falla).toMatchObject({ codigo: 'RVG06', fuente: 'muv', severidad: 'rechazo' });
    expect(falla.titulo).toBe('Falla interna del MUV: no es un error de sus datos');
    expect(falla.explicacion).toContain(
      '«Object reference not set to an instance of an object.», en «Estructura general»',
    );
    expect(falla.explicacion).toMatch(/Ninguna regla de validación se pronunció sobre los datos/);
    // Never the RVG06 text that blames a value.
    expect(`${falla.titulo} ${falla.explicacion}`).not.toMatch(/valores permitidos|no corresponde/);
    expect(falla.comoCorregir).toMatch(/^No cambie el RIPS/);
    expect(falla.ubicacion.descripcion).toBe('Factura FE1 · Paquete FEV-RIPS: Estructura general');
  });

  it('los valores con ¤ de Observaciones quedan legibles en la explicación y en el mensaje original', () => {
    const obs =
      'El valor total de los copagos en RIPS (¤5,000.00), no es igual al valor reportado en la Factura de Venta (¤0.00)';
    const [, e] = explicarResultadosMuv(
      [
        cfr003,
        resultado({
          codigo: 'RVG09',
          observaciones: obs,
          pathFuente: 'Invoice',
          fuente: 'FacturaElectronica',
        }),
      ],
      dosUsuarios,
    );
    expect(e!.explicacion).toContain(`«${obs}»`);
    expect(e!.mensajeOriginal).toContain('(¤5,000.00)');
    expect(e!.ubicacion.descripcion).toBe('Factura FE1 · Factura electrónica (XML): Invoice');
  });

  it('PathFuente con «rips.» delante también ubica al paciente y el servicio', () => {
    const e = explicarResultadoMuv(
      resultado({
        codigo: 'RVG01',
        descripcion: 'La propiedad [codPrestador] no cumple con el formato o tipo de dato requerido',
        pathFuente: 'rips.usuarios[1].servicios.consultas[0].codPrestador',
        fuente: 'Rips',
      }),
      dosUsuarios,
    );
    expect(e.ubicacion).toMatchObject({
      usuarioIndex: 1,
      documentoUsuario: 'TI 456',
      tipoServicio: 'consultas',
      servicioIndex: 0,
      campo: 'codPrestador',
    });
  });

  it.each([
    ['CapitaInicial', 'Cápita inicial'],
    ['CapitaFinal', 'Cápita final'],
    ['Rips', 'RIPS'],
    ['Otra', 'Otra'],
  ])('Fuente %s se nombra «%s»', (fuente, nombre) => {
    const e = explicarResultadoMuv(resultado({ codigo: 'ZZ1', pathFuente: 'periodo', fuente }), dosUsuarios);
    expect(e.ubicacion.descripcion).toBe(`Factura FE1 · ${nombre}: periodo`);
  });
});
