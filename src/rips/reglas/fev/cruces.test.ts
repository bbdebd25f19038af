import type { EntityManager } from '@mikro-orm/postgresql';
import { describe, expect, it } from 'vitest';
import { base64, contenedorFev } from '../../../../test/fixtures/fev.js';
import { consulta, procedimiento, rips, usuario } from '../../../../test/fixtures/rips-reglas.js';
import { CatalogosEnMemoria } from '../../catalogos/memoria.js';
import type { Registro } from '../../tipos.js';
import { ServicioValidacionRips } from '../../validacion/servicio.js';
import { type ResultadoValidacion, validarRips } from '../../validacion/validar.js';
import { REGLAS, REGLAS_POR_CODIGO } from '../registro.js';
import type { DatosFev } from '../tipos.js';

/*
 * RIPS ↔ invoice sums as the real MUV was seen to decide them (issue 32): RVG08 against the
 * invoice's value with taxes, before moderating payments; RVG09 once per kind of moderating
 * payment; no RVC036 for the same facts.
 */

const FECHA = new Date('2026-11-01T12:00:00Z');
const JULIO = { inicio: '2026-07-01', fin: '2026-07-31' };

function fev(o: Partial<DatosFev> = {}): DatosFev {
  return {
    tipoDocumento: 'Invoice',
    numero: 'FE100',
    numeroFactura: 'FE100',
    nitEmisor: '900123456',
    cobertura: '16',
    modalidadPago: '04',
    periodo: JULIO,
    pagosAnticipados: [],
    valorServicios: null,
    ...o,
  };
}

const validar = (r: Registro, f: DatosFev) =>
  validarRips(r, { reglas: REGLAS, catalogos: new CatalogosEnMemoria(), fecha: FECHA, fev: f });

const de = (r: ResultadoValidacion, ...codigos: string[]) =>
  r.errores.filter((e) => codigos.includes(e.codigo));

describe('RVG08: suma de los servicios contra el valor de la factura', () => {
  it('factura con impuesto (5 %): los servicios suman el valor con impuesto, no LineExtensionAmount', () => {
    // The MUV accepted this: services 5,000; LineExtensionAmount 4,761.90; TaxInclusive and Payable 5,000.
    const r = validar(
      rips(usuario({ consultas: [consulta({ vrServicio: 5000 })] })),
      fev({ valorServicios: 4761.9, totales: { conImpuestos: 5000, anticipado: 0, aPagar: 5000 } }),
    );
    expect(de(r, 'RVG08')).toEqual([]);
    expect(r.valid).toBe(true);
  });

  it('sin impuesto y con pagos moderadores: el valor a pagar más lo anticipado es la suma (pasa, como hoy)', () => {
    const r = validar(
      rips(
        usuario({
          consultas: [
            consulta({ conceptoRecaudo: '02', valorPagoModerador: 4700, numFEVPagoModerador: 'FM1' }),
          ],
        }),
      ),
      fev({
        valorServicios: 45000,
        pagosAnticipados: [{ concepto: '02', valor: 4700 }],
        totales: { conImpuestos: 45000, anticipado: 4700, aPagar: 40300 },
      }),
    );
    expect(de(r, 'RVG08', 'RVG09', 'RVC036')).toEqual([]);
  });

  it('una suma distinta sigue siendo RVG08, con los valores comparados', () => {
    const r = validar(
      rips(usuario({ consultas: [consulta({ vrServicio: 5000 })] })),
      fev({ valorServicios: 5714.29, totales: { conImpuestos: 6000, anticipado: 0, aPagar: 6000 } }),
    );
    const [e, ...otros] = de(r, 'RVG08');
    expect(otros).toEqual([]);
    expect(e!.severidad).toBe('rechazo');
    expect(e!.explicacion).toContain('$5.000');
    expect(e!.explicacion).toContain('$6.000');
  });
});

describe('RVG09: un hallazgo por clase de pago moderador; RVC036 no lo repite', () => {
  const conPagos = () =>
    rips(
      usuario({
        consultas: [
          consulta({ conceptoRecaudo: '01', valorPagoModerador: 5000, numFEVPagoModerador: 'FM1' }),
        ],
        procedimientos: [
          procedimiento({ conceptoRecaudo: '02', valorPagoModerador: 5000, numFEVPagoModerador: 'FM2' }),
        ],
      }),
    );

  it('copagos y cuotas moderadoras del RIPS que la factura no informa: RVG09 por cada clase, sin RVC036', () => {
    const r = validar(
      conPagos(),
      fev({ valorServicios: 65000, totales: { conImpuestos: 65000, anticipado: 0, aPagar: 65000 } }),
    );
    expect(de(r, 'RVC036')).toEqual([]);
    const rvg09 = de(r, 'RVG09');
    expect(rvg09).toHaveLength(2);
    expect(rvg09.every((e) => e.severidad === 'rechazo')).toBe(true);
    const [copagos, cuotas] = rvg09.map((e) => e.explicacion);
    expect(copagos).toMatch(/Copagos.*\$5\.000 en el RIPS.*\$0 en la factura/);
    expect(copagos).toContain(
      'El valor total de los copagos en RIPS (¤5,000.00), no es igual al valor reportado en la Factura de Venta (¤0.00)',
    );
    expect(cuotas).toMatch(/Cuotas moderadoras.*\$5\.000 en el RIPS.*\$0 en la factura/);
    expect(cuotas).toContain('El valor total de las cuotas moderadoras en RIPS (¤5,000.00)');
  });

  it('el mismo total bajo otra clase: RVG09 en las dos clases (antes era RVC036)', () => {
    const r = validar(
      rips(
        usuario({
          consultas: [
            consulta({ conceptoRecaudo: '01', valorPagoModerador: 4700, numFEVPagoModerador: 'FM1' }),
          ],
        }),
      ),
      fev({
        valorServicios: 45000,
        pagosAnticipados: [{ concepto: '02', valor: 4700 }],
        totales: { conImpuestos: 45000, anticipado: 4700, aPagar: 40300 },
      }),
    );
    expect(de(r, 'RVC036')).toEqual([]);
    expect(de(r, 'RVG09').map((e) => e.explicacion.match(/(Copagos|Cuotas moderadoras)/)![1])).toEqual([
      'Copagos',
      'Cuotas moderadoras',
    ]);
  });

  it('RVC036 queda al MUV (compara con las facturas de recaudo): la nota MUV01 lo nombra', () => {
    const r = validar(
      conPagos(),
      fev({ valorServicios: 65000, totales: { conImpuestos: 65000, anticipado: 0, aPagar: 65000 } }),
    );
    expect(r.errores.find((e) => e.codigo === 'MUV01')!.explicacion).toContain('RVC036');
  });
});

describe('el registro dice lo que hizo el MUV real (visto)', () => {
  it('RVG08, RVG09 y RVC036', () => {
    const visto = (c: string) => REGLAS_POR_CODIGO.get(c)!.visto ?? '';
    expect(visto('RVG08')).toMatch(
      /LineExtensionAmount 4\.761,90.*TaxInclusiveAmount y PayableAmount 5\.000/,
    );
    expect(visto('RVG09')).toContain('una vez por clase de pago');
    expect(visto('RVC036')).toContain('ningún RVC036');
  });
});

describe('leído del XML de la factura (compuerta FEV)', () => {
  const em = {} as EntityManager;
  const servicio = new ServicioValidacionRips({ obtener: async () => new CatalogosEnMemoria() }, {});

  it('factura gravada al 5 % con el RIPS que suma el total con impuesto: sin RVG08', async () => {
    const xml = contenedorFev({
      numero: 'FE100',
      periodo: JULIO,
      anticipos: [],
      valorServicios: '4761.90',
      impuesto: { porcentaje: '5.00', monto: '238.10' },
    });
    const r = await servicio.validarConFev(em, {
      rips: rips(usuario({ consultas: [consulta({ vrServicio: 5000 })] })),
      xmlFevFile: base64(xml),
      fecha: FECHA,
    });
    expect(de(r, 'RVG08')).toEqual([]);
    expect(r.errores.filter((e) => e.severidad === 'rechazo')).toEqual([]);
  });
});
