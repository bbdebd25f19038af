import { describe, expect, it } from 'vitest';
import {
  type OpcionesOperacion,
  xmlFacturaOperacion,
  xmlNotaOperacion,
} from '../../../test/fixtures/fev-operaciones.js';
import { ripsValido } from '../../../test/fixtures/rips.js';
import { ejecutarCompuerta } from '../fev/compuerta.js';
import type { DocumentoFev } from '../fev/documento.js';
import { definicion, OPERACIONES, type OperacionMuv } from '../muv/operaciones.js';
import { REGLAS } from '../reglas/registro.js';
import type { Registro } from '../tipos.js';
import {
  CHEQUEOS_OPERACION,
  CODIGOS_OPERACION,
  type ConsultaFacturaRadicada,
  type ContextoOperacion,
  evaluarOperacion,
  explicarOperacion,
  fechaEnPeriodo,
  fevImplicito,
  type HallazgoOperacion,
  modalidadCapitacion,
  REGLAS_POR_OPERACION,
  reglasDeMotor,
  sinModeradoresCapitaInicial,
  sinRecaudosNotaTotal,
  tipoNotaDeOperacion,
  valorDeNotaTotal,
} from './reglas-operacion.js';

/** The document the gate reads from a fixture container (it must be readable). */
function leer(xml: string, tipo: 'Invoice' | 'CreditNote'): DocumentoFev {
  const r = ejecutarCompuerta({}, xml, undefined, { documento: tipo, nombre: 'prueba' });
  expect(r.documento, JSON.stringify(r.hallazgos)).toBeDefined();
  return r.documento!;
}
const factura = (o: OpcionesOperacion = {}) => leer(xmlFacturaOperacion(o), 'Invoice');
const nota = (o: OpcionesOperacion = {}) => leer(xmlNotaOperacion(o), 'CreditNote');

const ctx = (
  metodo: OperacionMuv,
  documento?: DocumentoFev,
  extra: Partial<ContextoOperacion> = {},
): ContextoOperacion => ({
  operacion: definicion(metodo),
  rips: null,
  ...(documento ? { documento } : {}),
  ...extra,
});
const codigos = (hs: readonly HallazgoOperacion[]) => hs.map((h) => CHEQUEOS_OPERACION[h.chequeo].codigo);

describe('CIN001: fecha de emisión de la factura de cápita fuera de su periodo', () => {
  const periodo = { inicio: '2026-10-01', fin: '2026-10-31' };
  const con = (emision: string) => fechaEnPeriodo(ctx('CargarCapitaInicial', factura({ periodo, emision })));

  it('dentro del periodo, incluidos sus extremos: sin hallazgo', () => {
    expect(con('2026-10-01')).toEqual([]);
    expect(con('2026-10-15')).toEqual([]);
    expect(con('2026-10-31')).toEqual([]);
  });

  it('el día después del fin y el día antes del inicio: CIN001 con ambas fechas, como el MUV', () => {
    const despues = con('2026-11-01') as HallazgoOperacion[];
    expect(codigos(despues)).toEqual(['CIN001']);
    expect(despues[0]).toMatchObject({ campo: 'Invoice.IssueDate', en: 'xml', valor: '2026-11-01' });
    expect(despues[0]!.detalle).toBe(
      'La fecha de emisión está fuera del periodo reportado. Periodo reportado: [01/10/2026-31/10/2026] Fecha factura: [01/11/2026].',
    );
    expect(codigos(con('2026-09-30') as HallazgoOperacion[])).toEqual(['CIN001']);
  });

  it('sin periodo, con el periodo invertido o en una nota crédito: no compara (la compuerta FEV lo reporta)', () => {
    expect(
      fechaEnPeriodo(ctx('CargarCapitaInicial', factura({ periodo: null, emision: '2027-01-01' }))),
    ).toEqual([]);
    const invertido = { inicio: '2026-10-31', fin: '2026-10-01' };
    expect(
      fechaEnPeriodo(ctx('CargarCapitaInicial', factura({ periodo: invertido, emision: '2027-01-01' }))),
    ).toEqual([]);
    expect(fechaEnPeriodo(ctx('CargarNCCapita', nota({ periodo, emision: '2027-01-01' })))).toEqual([]);
    expect(fechaEnPeriodo(ctx('CargarCapitaInicial'))).toEqual([]);
  });
});

describe('RVG06: operación de cápita con un documento de otra modalidad', () => {
  it('modalidad 03 pasa; sin MODALIDAD_PAGO pasa; un código fuera de la tabla lo reporta la compuerta', () => {
    expect(modalidadCapitacion(ctx('CargarCapitaInicial', factura({ modalidad: '03' })))).toEqual([]);
    expect(modalidadCapitacion(ctx('CargarCapitaInicial', factura({ modalidad: null })))).toEqual([]);
    expect(modalidadCapitacion(ctx('CargarCapitaInicial', factura({ modalidad: '99' })))).toEqual([]);
  });

  it('factura por evento (04) en Cápita inicial o por periodo: RVG06 que nombra la operación «factura»', () => {
    for (const metodo of ['CargarCapitaInicial', 'CargarCapitaPeriodo'] as const) {
      const hs = modalidadCapitacion(ctx(metodo, factura({ modalidad: '04' }))) as HallazgoOperacion[];
      expect(codigos(hs)).toEqual(['RVG06']);
      expect(hs[0]!.valor).toBe('04');
      expect(hs[0]!.campo).toBe(
        'Invoice.UBLExtensions.CustomTagGeneral.Interoperabilidad.Group.Collection.AdditionalInformation.MODALIDAD_PAGO',
      );
      expect(hs[0]!.detalle).toContain('04 «pago por evento»');
      expect(hs[0]!.detalle).toContain(`(${metodo})`);
      expect(hs[0]!.detalle).toContain('«factura» (CargarFevRips)');
    }
    // Paquete (01) and PGP (02) are not capitation either.
    expect(
      codigos(modalidadCapitacion(ctx('CargarCapitaInicial', factura({ modalidad: '01' }))) as []),
    ).toEqual(['RVG06']);
  });

  it('nota crédito de evento en Nota crédito cápita: nombra las operaciones de nota crédito', () => {
    const hs = modalidadCapitacion(ctx('CargarNCCapita', nota({ modalidad: '04' }))) as HallazgoOperacion[];
    expect(codigos(hs)).toEqual(['RVG06']);
    expect(hs[0]!.campo).toMatch(/^CreditNote\.UBLExtensions/);
    expect(hs[0]!.detalle).toContain('«nota-credito» (CargarNC)');
    expect(hs[0]!.detalle).toContain('«nota-credito-total» (CargarNCTotal)');
    expect(hs[0]!.detalle).toContain('«nota-credito-acuerdo-voluntades» (CargarNCAcuerdoVoluntades)');
    expect(modalidadCapitacion(ctx('CargarNCCapita', nota({ modalidad: '03' })))).toEqual([]);
  });
});

describe('CAP01: factura de cápita inicial con pagos moderadores', () => {
  const con = (anticipos: [string, string][]) =>
    sinModeradoresCapitaInicial(ctx('CargarCapitaInicial', factura({ anticipos }))) as HallazgoOperacion[];

  it('sin PrepaidPayment, con anticipo (04) o con una cuota moderadora en 0: sin hallazgo', () => {
    expect(con([])).toEqual([]);
    expect(con([['04', '500000.00']])).toEqual([]);
    expect(con([['02', '0.00']])).toEqual([]);
  });

  it('copago (01) o cuota moderadora (02) con valor: CAP01 por cada uno, con su valor', () => {
    const hs = con([
      ['04', '500000.00'],
      ['02', '4700.00'],
      ['01', '12000.00'],
    ]);
    expect(codigos(hs)).toEqual(['CAP01', 'CAP01']);
    expect(hs[0]).toMatchObject({ campo: 'Invoice.PrepaidPayment[1]', valor: '02' });
    expect(hs[0]!.detalle).toBe('La factura informa 02 «cuota moderadora» por $4.700.');
    expect(hs[1]).toMatchObject({ campo: 'Invoice.PrepaidPayment[2]', valor: '01' });
  });
});

describe('NCT01: nota crédito total con pagos moderadores o anticipos', () => {
  const con = (anticipos: [string, string][]) =>
    sinRecaudosNotaTotal(ctx('CargarNCTotal', nota({ anticipos }))) as HallazgoOperacion[];

  it('sin PrepaidPayment o con 05 «no aplica»: sin hallazgo', () => {
    expect(con([])).toEqual([]);
    expect(con([['05', '0.00']])).toEqual([]);
  });

  it('cuota moderadora o anticipo con valor: NCT01', () => {
    expect(codigos(con([['02', '4700.00']]))).toEqual(['NCT01']);
    expect(codigos(con([['04', '100000.00']]))).toEqual(['NCT01']);
  });

  it('solo el PrepaidAmount (sin grupos) mayor a 0: NCT01 sobre el total', () => {
    const d = nota();
    const hs = sinRecaudosNotaTotal(
      ctx('CargarNCTotal', { ...d, totales: { ...d.totales, anticipado: 4700 } }),
    ) as HallazgoOperacion[];
    expect(hs).toMatchObject([
      { chequeo: 'recaudosNotaTotal', campo: 'CreditNote.LegalMonetaryTotal.PrepaidAmount' },
    ]);
    expect(
      sinRecaudosNotaTotal(ctx('CargarNCTotal', { ...d, totales: { ...d.totales, anticipado: 0 } })),
    ).toEqual([]);
  });
});

describe('NCT02: valor de la nota crédito total frente a la factura radicada', () => {
  const consulta =
    (monto: number | null, vistas: unknown[] = []): ConsultaFacturaRadicada =>
    async (clave) => {
      vistas.push(clave);
      return { monto };
    };
  const con = (d: DocumentoFev, facturaRadicada?: ConsultaFacturaRadicada) =>
    valorDeNotaTotal(ctx('CargarNCTotal', d, facturaRadicada ? { facturaRadicada } : {}));

  it('mismo valor (en pesos enteros) que la factura radicada: sin hallazgo; consulta por NIT y número de la factura referida', async () => {
    const vistas: unknown[] = [];
    expect(await con(nota({ valorServicios: '1486790.00' }), consulta(1486790, vistas))).toEqual([]);
    expect(vistas).toEqual([{ nit: '900123456', numFactura: 'FEV1001' }]);
    // 0.40 rounds to the same whole peso.
    expect(await con(nota({ valorServicios: '1486790.40' }), consulta(1486790))).toEqual([]);
  });

  it('un peso de diferencia: NCT02 con ambos valores', async () => {
    const hs = await con(nota({ valorServicios: '1486789.00' }), consulta(1486790));
    expect(codigos(hs)).toEqual(['NCT02']);
    expect(hs[0]!.campo).toBe('CreditNote.LegalMonetaryTotal.PayableAmount');
    expect(hs[0]!.detalle).toContain('$1.486.789');
    expect(hs[0]!.detalle).toContain('$1.486.790');
    expect(hs[0]!.detalle).toContain('FEV1001');
    expect(hs[0]!.detalle).not.toContain('pagos moderadores');
    // A note worth more than the invoice's payable amount may be the moderating payments: said so.
    const mayor = await con(nota({ valorServicios: '1491490.00' }), consulta(1486790));
    expect(mayor[0]!.detalle).toContain('pagos moderadores o anticipos');
  });

  it('sin consulta, factura no radicada por la entidad, monto desconocido o consulta fallida: sin hallazgo', async () => {
    const d = nota({ valorServicios: '1.00' });
    expect(await con(d)).toEqual([]);
    expect(await con(d, async () => null)).toEqual([]);
    expect(await con(d, consulta(null))).toEqual([]);
    expect(
      await con(d, async () => {
        throw new Error('bd caída');
      }),
    ).toEqual([]);
    // No referenced invoice: the gate's PNC012; nothing to look up.
    const sinReferencia = nota({ facturaReferida: null });
    const vistas: unknown[] = [];
    expect(await con(sinReferencia, consulta(1, vistas))).toEqual([]);
    expect(vistas).toEqual([]);
  });
});

describe('RVG06: tipoNota del RIPS y operación', () => {
  const rips = (tipoNota: unknown): Registro => ({ ...ripsValido(), tipoNota });

  it('el tipoNota de la operación pasa (vacío o null para la factura; NC para la nota de cápita)', () => {
    expect(tipoNotaDeOperacion(ctx('CargarCapitaPeriodo', undefined, { rips: rips(null) }))).toEqual([]);
    expect(tipoNotaDeOperacion(ctx('CargarCapitaFinal', undefined, { rips: rips('') }))).toEqual([]);
    expect(tipoNotaDeOperacion(ctx('CargarNCCapita', undefined, { rips: rips('NC') }))).toEqual([]);
  });

  it('otro tipoNota conocido: RVG06 que nombra la operación que le corresponde', () => {
    const hs = tipoNotaDeOperacion(
      ctx('CargarCapitaPeriodo', undefined, { rips: rips('NC') }),
    ) as HallazgoOperacion[];
    expect(codigos(hs)).toEqual(['RVG06']);
    expect(hs[0]).toMatchObject({ campo: 'tipoNota', en: 'rips', valor: 'NC' });
    expect(hs[0]!.detalle).toContain('«nota-credito» (CargarNC)');
    const factura = tipoNotaDeOperacion(
      ctx('CargarNCCapita', undefined, { rips: rips(null) }),
    ) as HallazgoOperacion[];
    expect(factura[0]!.detalle).toContain('«factura» (CargarFevRips)');
  });

  it('tipoNota desconocido (lo reporta la estructura) o sin RIPS: sin hallazgo', () => {
    expect(tipoNotaDeOperacion(ctx('CargarCapitaPeriodo', undefined, { rips: rips('XX') }))).toEqual([]);
    expect(tipoNotaDeOperacion(ctx('CargarCapitaPeriodo', undefined, { rips: rips(7) }))).toEqual([]);
    expect(tipoNotaDeOperacion(ctx('CargarNCCapita'))).toEqual([]);
  });
});

describe('tabla por operación', () => {
  it('cada operación del MUV tiene su fila', () => {
    expect(Object.keys(REGLAS_POR_OPERACION).sort()).toEqual(OPERACIONES.map((o) => o.metodo).sort());
  });

  it('evaluarOperacion corre las reglas de la operación y solo ellas', async () => {
    const d = factura({ modalidad: '04', emision: '2026-12-01', anticipos: [['02', '4700.00']] });
    expect(codigos(await evaluarOperacion(ctx('CargarCapitaInicial', d)))).toEqual([
      'CIN001',
      'RVG06',
      'CAP01',
    ]);
    expect(codigos(await evaluarOperacion(ctx('CargarCapitaPeriodo', d, { rips: ripsValido() })))).toEqual([
      'CIN001',
      'RVG06',
    ]);
    expect(await evaluarOperacion(ctx('CargarFevRips', d, { rips: ripsValido() }))).toEqual([]);
  });

  it('reglas del motor: el registro tal cual salvo en Cápita por periodo y Cápita final', () => {
    expect(reglasDeMotor(definicion('CargarFevRips'))).toBeUndefined();
    expect(reglasDeMotor(definicion('CargarNCCapita'))).toBeUndefined();

    const periodo = reglasDeMotor(definicion('CargarCapitaPeriodo'))!.map((r) => r.codigo);
    expect(periodo).not.toContain('RVC014');
    expect(periodo).not.toContain('RVC044');
    expect(periodo).toContain('CAP02');
    expect(periodo).toContain('RVC034');
    expect(periodo.length).toBe(REGLAS.length - 1);

    const final = reglasDeMotor(definicion('CargarCapitaFinal'))!;
    expect(final.length).toBe(REGLAS.length);
    const porCodigo = new Map(final.map((r) => [r.codigo, r]));
    expect(porCodigo.get('RVC034')!.alcance).toBe('fev');
    expect(porCodigo.get('RVC034')!.explicacion).toContain('«capita-final» (CargarCapitaFinal) va sin XML');
    // The other invoice cross-checks need the invoice: left to the MUV, which holds it.
    for (const c of ['RVG09', 'RVC036', 'RVC014', 'CIN006', 'RVC001'])
      expect(porCodigo.get(c)!.alcance, c).toBe('muv');
    expect(porCodigo.get('RVG03')!.alcance).toBe('local');
  });

  it('modalidad implícita: solo Cápita final (capitación 03)', () => {
    expect(fevImplicito(definicion('CargarCapitaFinal'))).toMatchObject({
      modalidadPago: '03',
      cobertura: null,
    });
    for (const o of OPERACIONES.filter((x) => x.metodo !== 'CargarCapitaFinal'))
      expect(fevImplicito(definicion(o.metodo)), o.metodo).toBeUndefined();
  });
});

describe('explicación y severidad', () => {
  const hallazgo = (chequeo: HallazgoOperacion['chequeo']): HallazgoOperacion => ({
    chequeo,
    campo: 'Invoice.IssueDate',
    en: 'xml',
    campoNombre: 'Fecha de emisión de la factura',
    detalle: 'Detalle.',
    valor: '2026-11-01',
  });

  it('textos del registro, ubicación en el XML y mensaje oficial', () => {
    const { errores, issues } = explicarOperacion(
      [hallazgo('fechaFueraDelPeriodo')],
      'FCAP2001',
      new Date('2026-11-01T12:00:00Z'),
    );
    expect(errores[0]).toMatchObject({
      codigo: 'CIN001',
      severidad: 'aviso-gradualidad',
      fuente: 'linter-local',
      mensajeOriginal: 'La fecha de la factura no corresponde al periodo reportado.',
      ubicacion: {
        factura: 'FCAP2001',
        campo: 'Invoice.IssueDate',
        ruta: 'xmlFevFile:Invoice.IssueDate',
        descripcion: 'Factura FCAP2001 · XML de la factura · Fecha de emisión de la factura',
      },
    });
    expect(errores[0]!.explicacion).toContain('Detalle. Valor informado: «2026-11-01».');
    expect(issues[0]).toMatchObject({
      severity: 'warning',
      regla: 'CIN001',
      path: 'xmlFevFile:Invoice.IssueDate',
    });
  });

  it('RVG06 sigue la clase del registro por fecha: notificación con la Res. 2275, rechazo desde el 2026-06-01 (hora de Colombia)', () => {
    const sev = (iso: string) =>
      explicarOperacion([hallazgo('modalidadNoCapitacion')], null, new Date(iso)).errores[0]!.severidad;
    expect(sev('2026-06-01T04:59:00Z')).toBe('aviso-gradualidad');
    expect(sev('2026-06-01T05:00:00Z')).toBe('rechazo');
  });

  it('un código N pasa a rechazo con RIPS_RECHAZO_DESDE', () => {
    const sev = (desde: string) =>
      explicarOperacion([hallazgo('fechaFueraDelPeriodo')], null, new Date('2026-11-01T12:00:00Z'), {
        CIN001: desde,
      }).errores[0]!.severidad;
    expect(sev('2026-11-01')).toBe('rechazo');
    expect(sev('2026-11-02')).toBe('aviso-gradualidad');
  });

  it('los códigos propios y CIN001 quedan registrados con sus textos; RVG06 es del registro RIPS', () => {
    expect([...CODIGOS_OPERACION.keys()].sort()).toEqual(['CAP01', 'CAP02', 'CIN001', 'NCT01', 'NCT02']);
    for (const c of CODIGOS_OPERACION.values()) {
      expect(c.clases.map((k) => k.clase)).toEqual(['N']);
      for (const t of [c.titulo, c.explicacion, c.comoCorregir, c.mensajeOficial])
        expect(t.length).toBeGreaterThan(20);
    }
  });
});
