import { describe, expect, it } from 'vitest';
import { CODIGOS_FEV } from '../fev/codigos.js';
import { explicarResultadoMuv } from './explicar.js';

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
    expect(e.ubicacion.descripcion).toBe('Factura FE1 · FacturaElectronica: xmlFevFile');
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
