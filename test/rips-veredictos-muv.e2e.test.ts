import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iniciarSimuladorMuv, type SimuladorMuv } from '../src/simuladores/muv/servidor.js';
import { base64, contenedorFev } from './fixtures/fev.js';
import { consulta, procedimiento, rips, usuario } from './fixtures/rips-reglas.js';
import { iniciarServicio, pedir } from './servidor.js';

/*
 * POST /rips/validar gives the verdicts the real MUV was seen to give (issue 32), on our own
 * fixtures built from the captured facts: a taxed invoice whose services sum its value with tax
 * (accepted), moderating payments missing from the invoice (RVG09 once per kind, no RVC036) and an
 * 11-digit codPrestador (RVG01, not RVG05), also in the local gate of POST /rips.
 */

let sim: SimuladorMuv;
let s: Awaited<ReturnType<typeof iniciarServicio>>;
let clave: string;

beforeAll(async () => {
  sim = await iniciarSimuladorMuv();
  s = await iniciarServicio({ MUV_BASE_URL: sim.url, MUV_REINTENTOS: '0' });
  clave = (await s.crearEntidadConMuv('veredictos-muv')).clave;
});

afterAll(async () => {
  await s?.cerrar();
  await sim?.cerrar();
});

const fechaEvaluacion = '2026-11-01T12:00:00Z';
const JULIO = { inicio: '2026-07-01', fin: '2026-07-31' };

interface Error {
  codigo: string;
  severidad: string;
  explicacion: string;
  ubicacion: { ruta: string };
}

const validar = async (cuerpo: unknown) => {
  const r = await pedir(s.url, '/rips/validar', { cuerpo, cabeceras: { 'X-Api-Key': clave } });
  expect(r.status).toBe(200);
  return r.body as { valid: boolean; errores: Error[] };
};
const rechazos = (b: { errores: Error[] }) => b.errores.filter((e) => e.severidad === 'rechazo');

describe('POST /rips/validar: veredictos como los del MUV real', () => {
  it('factura gravada al 5 %: servicios 5.000, LineExtensionAmount 4.761,90, a pagar 5.000 → válido, sin RVG08', async () => {
    const b = await validar({
      rips: rips(usuario({ consultas: [consulta({ vrServicio: 5000 })] })),
      fechaEvaluacion,
      xmlFevFile: base64(
        contenedorFev({
          numero: 'FE100',
          periodo: JULIO,
          anticipos: [],
          valorServicios: '4761.90',
          impuesto: { porcentaje: '5.00', monto: '238.10' },
        }),
      ),
    });
    expect(b.errores.map((e) => e.codigo)).not.toContain('RVG08');
    expect(rechazos(b)).toEqual([]);
    expect(b.valid).toBe(true);
  });

  it('copagos y cuotas moderadoras que la factura no informa → un RVG09 por clase, ningún RVC036', async () => {
    const b = await validar({
      rips: rips(
        usuario({
          consultas: [
            consulta({ conceptoRecaudo: '01', valorPagoModerador: 5000, numFEVPagoModerador: 'FM1' }),
          ],
          procedimientos: [
            procedimiento({ conceptoRecaudo: '02', valorPagoModerador: 5000, numFEVPagoModerador: 'FM2' }),
          ],
        }),
      ),
      fechaEvaluacion,
      xmlFevFile: base64(
        contenedorFev({ numero: 'FE100', periodo: JULIO, anticipos: [], valorServicios: '65000.00' }),
      ),
    });
    expect(b.errores.filter((e) => e.codigo === 'RVC036')).toEqual([]);
    const rvg09 = b.errores.filter((e) => e.codigo === 'RVG09');
    expect(rvg09.map((e) => e.severidad)).toEqual(['rechazo', 'rechazo']);
    expect(rvg09[0]!.explicacion).toContain(
      'Copagos (concepto de recaudo 01): $5.000 en el RIPS y $0 en la factura',
    );
    expect(rvg09[0]!.explicacion).toContain(
      '(¤5,000.00), no es igual al valor reportado en la Factura de Venta (¤0.00)',
    );
    expect(rvg09[1]!.explicacion).toContain('Cuotas moderadoras (concepto de recaudo 02): $5.000 en el RIPS');
    expect(b.valid).toBe(false);
  });

  it('codPrestador de 11 dígitos → RVG01 «no cumple con el formato o tipo de dato requerido», no RVG05', async () => {
    const b = await validar({
      rips: rips(usuario({ consultas: [consulta({ codPrestador: '76001126940' })] })),
      fechaEvaluacion,
    });
    expect(rechazos(b).map((e) => [e.codigo, e.ubicacion.ruta])).toEqual([
      ['RVG01', 'usuarios[0].servicios.consultas[0].codPrestador'],
    ]);
    expect(rechazos(b)[0]!.explicacion).toContain(
      'La propiedad [codPrestador] no cumple con el formato o tipo de dato requerido, Dato enviado [76001126940].',
    );
    expect(b.valid).toBe(false);
  });
});

describe('POST /rips: la compuerta local da el mismo veredicto', () => {
  it('codPrestador de 11 dígitos → 422 rechazado-local con RVG01, sin contactar al MUV', async () => {
    const cargas = sim.contadores.cargas;
    const r = await pedir(s.url, '/rips', {
      cuerpo: {
        rips: rips(usuario({ consultas: [consulta({ codPrestador: '76001126940' })] })),
        xmlFevFile: base64(
          contenedorFev({ numero: 'FE100', periodo: JULIO, anticipos: [], valorServicios: '45000.00' }),
        ),
      },
      cabeceras: { 'X-Api-Key': clave },
    });
    expect(r.status).toBe(422);
    expect(r.body.estado).toBe('rechazado-local');
    expect(rechazos(r.body).map((e) => [e.codigo, e.ubicacion.ruta])).toEqual([
      ['RVG01', 'usuarios[0].servicios.consultas[0].codPrestador'],
    ]);
    expect(sim.contadores.cargas).toBe(cargas);
  });
});
