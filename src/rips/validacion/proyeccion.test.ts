import { describe, expect, it } from 'vitest';
import { validarPorTramos } from '../../../test/fixtures/por-tramos.js';
import { catalogosPrueba, ripsValido } from '../../../test/fixtures/rips.js';
import { consulta, medicamento, procedimiento, rips, usuario } from '../../../test/fixtures/rips-reglas.js';
import { CAMPOS } from '../estructura/campos.js';
import { crearVerificadorEstructura } from '../estructura/verificar.js';
import { REGLAS } from '../reglas/registro.js';
import type { Regla } from '../reglas/tipos.js';
import { type Registro, TIPOS_SERVICIO, type TipoServicio } from '../tipos.js';
import { camposProyeccion, esReglaGlobal, proyectar } from './proyeccion.js';
import { validarRips } from './validar.js';

const FECHA = new Date('2026-11-01T12:00:00Z');

describe('reglas entre usuarios en la validación en paralelo', () => {
  it('toda regla con estado declara si es por usuario o qué campos lee; ninguna por usuario mira la transacción', () => {
    expect(() => camposProyeccion(REGLAS)).not.toThrow();
    const globales = REGLAS.filter(esReglaGlobal).map((r) => r.codigo);
    expect(globales.sort()).toEqual(['RVC003', 'RVC053', 'RVC062', 'RVG03', 'RVG08', 'RVG09', 'RVG12']);
    for (const r of REGLAS) if (r.estadoPorUsuario) expect(r.transaccion).toBeUndefined();
  });

  it('la proyección conserva índices y longitudes de cada lista de servicios', () => {
    const u = usuario({ consultas: [consulta(), 'x' as unknown as Registro, consulta()] });
    const soloPrestador = Object.fromEntries(TIPOS_SERVICIO.map((t) => [t, ['codPrestador']]));
    const p = proyectar(u, {
      usuario: ['numDocumentoIdentificacion'],
      servicio: soloPrestador as Record<TipoServicio, string[]>,
    }) as Registro;
    expect(p).toEqual({
      numDocumentoIdentificacion: u.numDocumentoIdentificacion,
      servicios: { consultas: [{ codPrestador: '110010000101' }, null, { codPrestador: '110010000101' }] },
    });
    expect(proyectar('no es un objeto', camposProyeccion(REGLAS))).toBeNull();
  });

  it('los campos de servicio se unen por tipo: una lista vale para todos, un objeto solo para sus tipos', () => {
    const regla = (codigo: string, servicio: NonNullable<Regla['lee']>['servicio']) =>
      ({ codigo, estado: () => null, lee: { usuario: [], servicio } }) as unknown as Regla;
    const c = camposProyeccion([
      regla('A', ['codPrestador']),
      regla('B', { recienNacidos: ['fechaEgreso'], urgencias: ['fechaEgreso', 'codPrestador'] }),
    ]);
    expect(c.servicio.consultas).toEqual(['codPrestador']);
    expect(c.servicio.recienNacidos).toEqual(['codPrestador', 'fechaEgreso']);
    expect(c.servicio.urgencias).toEqual(['codPrestador', 'fechaEgreso']);
    // RVC053/RVC062 keep only the start of a consultation, and the newborn's own document.
    const todas = camposProyeccion(REGLAS);
    expect(todas.servicio.consultas).not.toContain('numDocumentoIdentificacion');
    expect(todas.servicio.recienNacidos).toEqual(
      expect.arrayContaining([
        'fechaNacimiento',
        'numDocumentoIdentificacion',
        'condicionDestinoUsuarioEgreso',
      ]),
    );
  });

  const catalogos = catalogosPrueba();
  catalogos.poner('EntidadesnoREPS', ['110018599901']);
  const estructura = crearVerificadorEstructura(CAMPOS, catalogos);
  const o = { catalogos, estructura, fecha: FECHA };
  const doc = (n: string) => ({ numDocumentoIdentificacion: n });

  it.each([
    ['el RIPS rico de las pruebas', ripsValido()],
    [
      'usuarios repetidos en tramos distintos (RVG12) y sin servicios (RVG03)',
      rips(usuario({}, doc('1')), usuario({}, doc('2')), usuario({}, doc('1')), usuario({}, doc('1'))),
    ],
    [
      'proveedor de tecnologías detectado en un tramo posterior (RVC003)',
      rips(
        usuario({ consultas: [consulta()] }, doc('1')),
        usuario({ procedimientos: [procedimiento()] }, doc('2')),
        usuario({ medicamentos: [medicamento({ codPrestador: '110018599901' })] }, doc('3')),
      ),
    ],
    [
      'mismo CUPS el mismo día y medicamento repetido (estado por usuario: RVC018, RVG13)',
      rips(
        usuario(
          { consultas: [consulta(), consulta()], medicamentos: [medicamento(), medicamento()] },
          doc('1'),
        ),
        usuario({ consultas: [consulta()] }, doc('2')),
      ),
    ],
    [
      'registros mal formados',
      rips(usuario({ consultas: 'x' as unknown as Registro[] }, doc('1')), 5 as never),
    ],
  ])('%s: el mismo resultado en tramos de 1 y 2 usuarios', (_, r) => {
    const uno = validarRips(r, o);
    expect(validarPorTramos(r, o, 1)).toEqual(uno);
    expect(validarPorTramos(r, o, 2)).toEqual(uno);
  });
});
