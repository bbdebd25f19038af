import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PERIODO_SIN_EMISION,
  ripsCapita,
  xmlFacturaCapita,
  xmlNotaCredito,
} from '../../../test/fixtures/capita.js';
import { ripsDe, xmlFev } from '../../../test/fixtures/muv.js';
import { loadConfig } from '../../config.js';
import type { CredencialesMuv } from '../../entidades/credenciales.js';
import { simuladorPorDefecto } from './en-proceso.js';
import { CREDENCIALES_SANDBOX } from './sandbox.js';
import {
  iniciarSimuladorMuv,
  RUTA_RECUPERAR_CUV_MANUAL,
  RUTA_RECUPERAR_CUV_SWAGGER,
  type SimuladorMuv,
} from './servidor.js';

/**
 * The sandbox serves every upload of the API Docker FEV-RIPS (manual v4.3 §8.2–8.12) from the table
 * in src/rips/muv/operaciones.ts, RecuperarCUV (§8.15) on its two known paths, and the capitation
 * verdicts the real mechanism was seen giving (CIN001, RVC034). Over HTTP, on port 0.
 */

const NIT = CREDENCIALES_SANDBOX.nit;
const CUV = /^[0-9a-f]{96}$/;
const NO_APLICA = /^No aplica a paquetes procesados en estado \[RECHAZADO\]/;
/** CFR003, first in every answer with rejections (as the real mechanism answers). */
const RESUMEN = {
  Clase: 'RECHAZADO',
  Codigo: 'CFR003',
  Descripcion: 'Se encontraron errores al procesar el archivo Json de Fev',
  Observaciones: '',
  PathFuente: '',
  Fuente: 'FevRips',
};
const SEPTIEMBRE = { FechaInicio: '2026-09-01T00:00:00', FechaFin: '2026-09-30T00:00:00' };
const OCTUBRE = { FechaInicio: '2026-10-01T00:00:00', FechaFin: '2026-10-31T00:00:00' };
const SIN_PERIODO = { FechaInicio: null, FechaFin: null };

type Cuerpo = Record<string, any>;

let sim: SimuladorMuv;
let token: string;
let n = 0;
/** A document number no other test uses. */
const num = (prefijo: string) => `${prefijo}${Date.now().toString(36)}${++n}`;

async function entrar(s: SimuladorMuv, c: CredencialesMuv = CREDENCIALES_SANDBOX): Promise<string> {
  const r = await fetch(`${s.url}/api/Auth/LoginSISPRO`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      persona: { identificacion: { tipo: c.tipoDocumento, numero: c.numeroDocumento } },
      clave: c.clave,
      nit: c.nit,
    }),
  });
  const b = (await r.json()) as Cuerpo;
  expect(b.login).toBe(true);
  return b.token as string;
}

async function post(
  ruta: string,
  cuerpo: unknown,
  o: { s?: SimuladorMuv; token?: string | null; timeoutMs?: number } = {},
): Promise<{ status: number; body: Cuerpo }> {
  const t = o.token === undefined ? token : o.token;
  const r = await fetch(`${(o.s ?? sim).url}${ruta}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(t ? { authorization: `Bearer ${t}` } : {}) },
    body: JSON.stringify(cuerpo),
    signal: AbortSignal.timeout(o.timeoutMs ?? 10_000),
  });
  return { status: r.status, body: (await r.json()) as Cuerpo };
}

const cargar = (metodo: string, rips: unknown, xmlFevFile: string, o: Parameters<typeof post>[2] = {}) =>
  post(`/api/PaquetesFevRips/${metodo}`, { rips, xmlFevFile }, o);

const recuperar = (cuv: unknown, ruta = RUTA_RECUPERAR_CUV_MANUAL, o: Parameters<typeof post>[2] = {}) =>
  post(ruta, { codigoUnicoValidacion: cuv }, o);

const consultar = (cuv: string) =>
  post('/api/ConsultasFevRips/ConsultarCUV', { rips: null, xmlFevFile: null, codigoUnicoValidacion: cuv });

const codigos = (b: Cuerpo) => (b.ResultadosValidacion as Cuerpo[]).map((r) => r.Codigo);

beforeAll(async () => {
  sim = await iniciarSimuladorMuv();
  token = await entrar(sim);
});

afterAll(async () => {
  await sim?.cerrar();
});

describe('operaciones sin RIPS (nota crédito total, acuerdo de voluntades, cápita inicial)', () => {
  it('CargarNCTotal: la identidad sale del XML; NumFactura es la factura referida', async () => {
    const nota = num('NCT');
    const factura = num('FAC');
    const r = await cargar('CargarNCTotal', null, xmlNotaCredito(nota, factura));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      ResultState: true,
      ProcesoId: expect.any(Number),
      NumFactura: factura,
      CodigoUnicoValidacion: expect.stringMatching(CUV),
      RutaArchivos: null,
      Ambiente: 'DockerTest',
      Modulo: 'NotaCreditoTotal',
      ModalidadPago: 'Pago por evento',
      PeriodoAtencion: SEPTIEMBRE,
      ResultadosValidacion: [],
    });
    expect(sim.radicado(NIT, nota, 'NC')?.cuv).toBe(r.body.CodigoUnicoValidacion);
    expect(sim.ultimaCarga).toMatchObject({ operacion: 'CargarNCTotal', rips: {} });
    const c = await consultar(r.body.CodigoUnicoValidacion);
    expect(c.body).toMatchObject({
      EsValido: true,
      TipoDocumento: 'NotaCreditoTotal',
      NumDocumentoIdObligado: NIT,
      NumeroDocumento: nota,
      NumDocumentoReferenciado: factura,
      ModalidadPago: 'Pago por evento',
      CantidadUsuarios: 0,
      CantidadAtenciones: 0,
    });
  });

  it('CargarNCAcuerdoVoluntades: Modulo con la grafía del ejemplo del manual; ConsultarCUV dice NcAcuerdoVoluntades', async () => {
    const nota = num('NCA');
    const factura = num('RYQ');
    const r = await cargar('CargarNCAcuerdoVoluntades', null, xmlNotaCredito(nota, factura));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      ResultState: true,
      NumFactura: factura,
      Modulo: 'NotaCreditoAcuerdoVoluntades',
      ModalidadPago: 'Pago por evento',
      PeriodoAtencion: SEPTIEMBRE,
    });
    const c = await consultar(r.body.CodigoUnicoValidacion);
    expect(c.body).toMatchObject({
      TipoDocumento: 'NcAcuerdoVoluntades',
      NumeroDocumento: nota,
      NumDocumentoReferenciado: factura,
      CantidadTotalAtenciones: { Consultas: 0, Procedimientos: 0 },
    });
  });

  it('una misma nota radicada por dos métodos es un repetido (RVG18): la clave es la nota', async () => {
    const nota = num('NCR');
    const factura = num('FAC');
    expect((await cargar('CargarNCTotal', null, xmlNotaCredito(nota, factura))).status).toBe(200);
    const r = await cargar('CargarNCAcuerdoVoluntades', null, xmlNotaCredito(nota, factura));
    expect(r.status).toBe(400);
    expect(codigos(r.body)).toEqual(['CFR003', 'RVG18']);
    expect(r.body.NumFactura).toBe(factura);
  });

  it('CargarCapitaInicial: factura de cápita sin RIPS, Pago capitacion, periodo del XML; repetida → RVG18', async () => {
    const factura = num('CAP');
    const r = await cargar('CargarCapitaInicial', null, xmlFacturaCapita(factura));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      ResultState: true,
      NumFactura: factura,
      Modulo: 'CapitaInicial',
      ModalidadPago: 'Pago capitacion',
      PeriodoAtencion: OCTUBRE,
      ResultadosValidacion: [],
    });
    expect(sim.radicado(NIT, factura)?.cuv).toBe(r.body.CodigoUnicoValidacion);
    expect((await consultar(r.body.CodigoUnicoValidacion)).body).toMatchObject({
      TipoDocumento: 'CapitaInicial',
      NumeroDocumento: factura,
      NumDocumentoReferenciado: null,
    });
    // A capitation invoice is an invoice: filed again by any invoice method, it is a repeat.
    const otra = await cargar('CargarFevRips', ripsDe(factura), xmlFev(factura));
    expect(otra.status).toBe(400);
    expect(codigos(otra.body)).toContain('RVG18');
  });

  it('modalidades 01 y 02 con su texto', async () => {
    const a = await cargar('CargarCapitaInicial', null, xmlFacturaCapita(num('M1'), { modalidad: '01' }));
    expect(a.body.ModalidadPago).toBe(
      'Pago individual por caso / Conjunto integral de atenciones / Paquete / Canasta',
    );
    const b = await cargar('CargarCapitaInicial', null, xmlFacturaCapita(num('M2'), { modalidad: '02' }));
    expect(b.body.ModalidadPago).toBe('Pago global prospectivo');
  });
});

describe('operaciones de cápita con RIPS', () => {
  it('CargarCapitaPeriodo: la factura del XML queda radicada aunque el RIPS sea de la factura anterior', async () => {
    const anterior = num('CPA');
    const nueva = num('CPN');
    expect((await cargar('CargarCapitaInicial', null, xmlFacturaCapita(anterior))).status).toBe(200);
    const r = await cargar('CargarCapitaPeriodo', ripsCapita(anterior), xmlFacturaCapita(nueva));
    expect(r.status, JSON.stringify(r.body.ResultadosValidacion)).toBe(200);
    expect(r.body).toMatchObject({
      ResultState: true,
      NumFactura: anterior,
      Modulo: 'CapitaPeriodo',
      ModalidadPago: 'Pago capitacion',
      PeriodoAtencion: OCTUBRE,
      ResultadosValidacion: [],
    });
    expect(sim.radicado(NIT, nueva)?.cuv).toBe(r.body.CodigoUnicoValidacion);
    const c = await consultar(r.body.CodigoUnicoValidacion);
    expect(c.body).toMatchObject({
      TipoDocumento: 'CapitaPeriodo',
      NumeroDocumento: nueva,
      CantidadUsuarios: 2,
    });
    const repetida = await cargar('CargarCapitaInicial', null, xmlFacturaCapita(nueva));
    expect(codigos(repetida.body)).toEqual(['CFR003', 'RVG18']);
  });

  it('CargarCapitaFinal: sin XML, ModalidadPago vacía y periodo nulo; no es la factura (clase CF) pero se repite consigo mismo', async () => {
    const ultima = num('CPF');
    const factura = await cargar('CargarCapitaInicial', null, xmlFacturaCapita(ultima));
    expect(factura.status).toBe(200);
    const r = await cargar('CargarCapitaFinal', ripsCapita(ultima), '');
    expect(r.status, JSON.stringify(r.body.ResultadosValidacion)).toBe(200);
    expect(r.body).toMatchObject({
      ResultState: true,
      NumFactura: ultima,
      Modulo: 'CapitaFinal',
      ModalidadPago: '',
      PeriodoAtencion: SIN_PERIODO,
    });
    expect(sim.radicado(NIT, ultima, 'CF')?.cuv).toBe(r.body.CodigoUnicoValidacion);
    expect(sim.radicado(NIT, ultima)?.cuv).toBe(factura.body.CodigoUnicoValidacion);
    expect((await consultar(r.body.CodigoUnicoValidacion)).body.TipoDocumento).toBe('CapitaFinal');
    const otra = await cargar('CargarCapitaFinal', ripsCapita(ultima), '');
    expect(otra.status).toBe(400);
    expect(codigos(otra.body)).toEqual(['CFR003', 'RVG18']);
  });

  it('ConsultarCUV con el RIPS final encuentra el RIPS final, no la factura del mismo número', async () => {
    const ultima = num('CPQ');
    await cargar('CargarCapitaInicial', null, xmlFacturaCapita(ultima));
    const rips = ripsCapita(ultima);
    const final = await cargar('CargarCapitaFinal', rips, '');
    const c = await post('/api/ConsultasFevRips/ConsultarCUV', {
      rips,
      xmlFevFile: '',
      codigoUnicoValidacion: final.body.CodigoUnicoValidacion,
    });
    expect(c.body).toMatchObject({ TipoDocumento: 'CapitaFinal', EsValido: true });
    expect(codigos(c.body)).not.toContain('CCV000');
  });

  it('CargarNCCapita sin RIPS y con RIPS (opcional); la ruta ignora mayúsculas (CargarNcCapita del swagger)', async () => {
    const factura = num('CPN');
    const sin = await cargar(
      'CargarNCCapita',
      null,
      xmlNotaCredito(num('NCC'), factura, { modalidad: '03' }),
    );
    expect(sin.status).toBe(200);
    expect(sin.body).toMatchObject({
      NumFactura: factura,
      Modulo: 'NCCapita',
      ModalidadPago: 'Pago capitacion',
      PeriodoAtencion: SEPTIEMBRE,
    });
    const nota = num('NCC');
    const con = await cargar(
      'CargarNcCapita',
      ripsCapita(factura, { nota: { tipoNota: 'NC', numNota: nota } }),
      xmlNotaCredito(nota, factura, { modalidad: '03' }),
    );
    expect(con.status, JSON.stringify(con.body.ResultadosValidacion)).toBe(200);
    expect(con.body).toMatchObject({ NumFactura: factura, Modulo: 'NCCapita' });
    expect(sim.radicado(NIT, nota, 'NC')?.cuv).toBe(con.body.CodigoUnicoValidacion);
    expect((await consultar(con.body.CodigoUnicoValidacion)).body).toMatchObject({
      TipoDocumento: 'NCCapita',
      NumeroDocumento: nota,
      NumDocumentoReferenciado: factura,
    });
  });

  it('las operaciones de siempre ahora dicen ModalidadPago y PeriodoAtencion', async () => {
    const factura = num('FEV');
    const r = await cargar('CargarFevRips', ripsDe(factura), xmlFev(factura));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      Modulo: 'FacturaElectronica',
      NumFactura: factura,
      ModalidadPago: 'Pago por evento',
      PeriodoAtencion: SEPTIEMBRE,
    });
    const ajuste = await cargar(
      'CargarNotaAjuste',
      ripsDe(factura, { tipoNota: 'NA', numNota: num('NA') }),
      '',
    );
    expect(ajuste.body).toMatchObject({
      Modulo: 'NotaAjuste',
      ModalidadPago: '',
      PeriodoAtencion: SIN_PERIODO,
    });
  });
});

describe('rechazos del sobre según la tabla de operaciones', () => {
  it.each([
    ['CargarNCTotal', () => xmlNotaCredito(num('NCT'), num('FAC'))],
    ['CargarNCAcuerdoVoluntades', () => xmlNotaCredito(num('NCA'), num('FAC'))],
    ['CargarCapitaInicial', () => xmlFacturaCapita(num('CAP'))],
  ])('%s con rips distinto de null → 400 RECHAZADO (RVG06 en «rips»), sin CUV', async (metodo, xml) => {
    const cargas = sim.contadores.cargas;
    const r = await cargar(metodo, ripsDe(num('X')), xml());
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ ResultState: false, ProcesoId: 0 });
    expect(r.body.CodigoUnicoValidacion).toMatch(NO_APLICA);
    expect(r.body.ResultadosValidacion).toEqual([
      RESUMEN,
      {
        Clase: 'RECHAZADO',
        Codigo: 'RVG06',
        Descripcion: 'El contenido del dato no corresponde a los valores permitidos.',
        Observaciones: expect.stringMatching(
          new RegExp(`^El método ${metodo} no lleva RIPS: «rips» debe enviarse null`),
        ),
        PathFuente: 'rips',
        Fuente: 'Rips',
      },
    ]);
    expect(sim.contadores.cargas).toBe(cargas + 1);
  });

  it('rips que no es objeto ni null donde va null (un texto) también se rechaza', async () => {
    const r = await cargar('CargarNCTotal', 'x', xmlNotaCredito(num('NCT'), num('FAC')));
    expect(r.status).toBe(400);
    expect(codigos(r.body)).toEqual(['CFR003', 'RVG06']);
  });

  it.each([
    ['CargarNCTotal', null],
    ['CargarNCAcuerdoVoluntades', null],
    ['CargarCapitaInicial', null],
    ['CargarCapitaPeriodo', () => ripsCapita(num('CPA'))],
    ['CargarNCCapita', null],
  ])('%s sin xmlFevFile → 400 PFE001', async (metodo, rips) => {
    const r = await cargar(metodo, rips ? rips() : null, '');
    expect(r.status).toBe(400);
    expect(r.body.ResultState).toBe(false);
    expect(r.body.ResultadosValidacion).toContainEqual(
      expect.objectContaining({
        Clase: 'RECHAZADO',
        Codigo: 'PFE001',
        PathFuente: 'xmlFevFile',
        Observaciones: expect.stringContaining(`El método ${metodo} requiere xmlFevFile`),
      }),
    );
  });

  it('CargarCapitaFinal con XML → 400 RVG06 en xmlFevFile', async () => {
    const factura = num('CPF');
    const r = await cargar('CargarCapitaFinal', ripsCapita(factura), xmlFacturaCapita(factura));
    expect(r.status).toBe(400);
    expect(r.body.ResultadosValidacion).toEqual([
      RESUMEN,
      expect.objectContaining({
        Clase: 'RECHAZADO',
        Codigo: 'RVG06',
        PathFuente: 'xmlFevFile',
        Observaciones: expect.stringContaining('xmlFevFile debe ir vacío'),
      }),
    ]);
    expect(sim.radicado(NIT, factura, 'CF')).toBeUndefined();
  });

  it.each(['CargarCapitaPeriodo', 'CargarCapitaFinal'])(
    '%s sin rips → 400 BadRequestResponse',
    async (metodo) => {
      const r = await cargar(metodo, null, metodo === 'CargarCapitaFinal' ? '' : xmlFacturaCapita(num('C')));
      expect(r.status).toBe(400);
      expect(r.body).toEqual({
        tipo: 'Validacion',
        descripcion: 'El campo rips es obligatorio y debe ser un objeto JSON.',
      });
    },
  );

  it('CargarNCCapita con rips que no es objeto ni null → 400 BadRequestResponse', async () => {
    const r = await cargar('CargarNCCapita', [1], xmlNotaCredito(num('NCC'), num('FAC')));
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      tipo: 'Validacion',
      descripcion: 'En CargarNCCapita el campo rips es opcional: un objeto JSON o null.',
    });
  });

  it('CargarCapitaFinal con tipoNota de nota → RVG06 en tipoNota', async () => {
    const rips = ripsCapita(num('CPF'), { nota: { tipoNota: 'NC', numNota: 'N1' } });
    const r = await cargar('CargarCapitaFinal', rips, '');
    expect(r.status).toBe(400);
    expect(r.body.ResultadosValidacion).toContainEqual(
      expect.objectContaining({ Codigo: 'RVG06', PathFuente: 'tipoNota' }),
    );
  });

  it('sin RIPS, un XML que no trae el documento esperado (una factura en CargarNCTotal) se rechaza', async () => {
    const r = await cargar('CargarNCTotal', null, xmlFacturaCapita(num('CAP')));
    expect(r.status).toBe(400);
    expect(r.body.ResultState).toBe(false);
    expect(r.body.ResultadosValidacion).toHaveLength(2);
    expect(r.body.ResultadosValidacion[0]).toEqual(RESUMEN);
    expect(r.body.ResultadosValidacion[1]).toMatchObject({
      Clase: 'RECHAZADO',
      Fuente: 'NotaCredito',
      Observaciones: expect.stringContaining('No se pudo leer la nota (CreditNote) del AttachedDocument'),
    });
    const basura = await cargar('CargarCapitaInicial', null, 'no es base64 ¿?');
    expect(basura.status).toBe(400);
    expect(basura.body.ResultadosValidacion[1]).toMatchObject({
      Codigo: 'GI005',
      Fuente: 'FacturaElectronica',
    });
  });

  it('un método que no existe → 404', async () => {
    const r = await cargar('CargarCualquierCosa', null, '');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({
      tipo: 'NotFound',
      descripcion: 'Método CargarCualquierCosa no disponible en el simulador.',
    });
  });

  it('sin token → 401 con TOT002 y el Modulo de la operación', async () => {
    const r = await cargar('CargarCapitaInicial', null, xmlFacturaCapita(num('CAP')), { token: null });
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ ResultState: false, Modulo: 'CapitaInicial', ModalidadPago: '' });
    expect(codigos(r.body)).toEqual(['TOT002']);
  });
});

describe('rechazos como los del MUV real (ProcesoId 0, «No aplica…», CFR003 primero)', () => {
  /** An RS whose consultations (both users) name a professional missing from the sandbox's RETHUS. */
  const rsConRethus = (numNota: string) => {
    const rips = ripsDe(null, { tipoNota: 'RS', numNota });
    for (const u of rips.usuarios as { servicios: { consultas?: Cuerpo[] } }[])
      for (const c of u.servicios.consultas ?? []) c.numDocumentoIdentificacion = '99900001';
    return rips;
  };

  it('PascalCase: 400, ProcesoId 0, «No aplica…» también en codigoUnicoValidacionToShow, NumFactura "", hallazgos por servicio', async () => {
    const r = await cargar('CargarRipsSinFactura', rsConRethus(num('RS')), '');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ ResultState: false, ProcesoId: 0, NumFactura: '' });
    expect(r.body.CodigoUnicoValidacion).toMatch(NO_APLICA);
    expect(r.body.codigoUnicoValidacionToShow).toMatch(NO_APLICA);
    expect(r.body.ResultadosValidacion[0]).toEqual(RESUMEN);
    const rvg11 = (r.body.ResultadosValidacion as Cuerpo[]).filter((x) => x.Codigo === 'RVG11');
    expect(rvg11.map((x) => x.PathFuente)).toEqual(
      [
        'usuarios[0].servicios.consultas[0]',
        'usuarios[1].servicios.consultas[0]',
        'usuarios[1].servicios.consultas[1]',
      ].map((r) => `${r}.numDocumentoIdentificacion`),
    );
  });

  it('camelCase (opción `claves`): las claves en camelCase, «-» como CUV del rechazo y NumFactura "0"; la aceptación también', async () => {
    const camel = await iniciarSimuladorMuv({ claves: 'camelCase' });
    try {
      const t = await entrar(camel);
      const r = await cargar('CargarRipsSinFactura', rsConRethus(num('RSC')), '', { s: camel, token: t });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({
        resultState: false,
        procesoId: 0,
        numFactura: '0',
        codigoUnicoValidacion: '-',
        codigoUnicoValidacionToShow: expect.stringMatching(NO_APLICA),
      });
      expect(r.body).not.toHaveProperty('ProcesoId');
      expect(r.body.resultadosValidacion[0]).toEqual({
        clase: 'RECHAZADO',
        codigo: 'CFR003',
        descripcion: 'Se encontraron errores al procesar el archivo Json de Fev',
        observaciones: '',
        pathFuente: '',
        fuente: 'FevRips',
      });
      const ok = await cargar(
        'CargarRipsSinFactura',
        ripsDe(null, { tipoNota: 'RS', numNota: num('RSO') }),
        '',
        {
          s: camel,
          token: t,
        },
      );
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ resultState: true, codigoUnicoValidacion: expect.stringMatching(CUV) });
      expect(ok.body.procesoId).toBeGreaterThan(0);
      expect(ok.body).not.toHaveProperty('codigoUnicoValidacionToShow');
    } finally {
      await camel.cerrar();
    }
  });

  it('fallarInternamente: 400 con CFR003 y RVG06 «Object reference…» en «Estructura general»; nada queda radicado', async () => {
    const factura = num('FI');
    sim.fallarInternamente();
    const r = await cargar('CargarFevRips', ripsDe(factura), xmlFev(factura));
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ ResultState: false, ProcesoId: 0, NumFactura: factura });
    expect(r.body.CodigoUnicoValidacion).toMatch(NO_APLICA);
    expect(r.body.ResultadosValidacion).toEqual([
      RESUMEN,
      {
        Clase: 'RECHAZADO',
        Codigo: 'RVG06',
        Descripcion: 'El contenido del dato no corresponde a los valores permitidos.',
        Observaciones: 'Object reference not set to an instance of an object.',
        PathFuente: 'Estructura general',
        Fuente: 'FevRips',
      },
    ]);
    expect(sim.radicado(NIT, factura)).toBeUndefined();
    // Only the next upload: the same package then goes through.
    const otra = await cargar('CargarFevRips', ripsDe(factura), xmlFev(factura));
    expect(otra.status).toBe(200);
    expect(otra.body.ProcesoId).toBeGreaterThan(0);
  });
});

describe('veredictos de cápita: CIN001 y RVC034', () => {
  it.each(['CargarCapitaInicial', 'CargarCapitaPeriodo'])(
    '%s con la fecha de emisión fuera del periodo → NOTIFICACION CIN001 (y se radica)',
    async (metodo) => {
      const factura = num('CIN');
      const rips = metodo === 'CargarCapitaPeriodo' ? ripsCapita(num('CPA')) : null;
      const r = await cargar(metodo, rips, xmlFacturaCapita(factura, { periodo: PERIODO_SIN_EMISION }));
      expect(r.status).toBe(200);
      expect(r.body.ResultState).toBe(true);
      expect(r.body.PeriodoAtencion).toEqual(SEPTIEMBRE);
      expect(r.body.ResultadosValidacion).toEqual([
        {
          Clase: 'NOTIFICACION',
          Codigo: 'CIN001',
          Descripcion: 'La fecha de la factura no corresponde al periodo reportado.',
          Observaciones:
            'La Fecha de Emisión esta fuera del periodo reportado. Periodo reportado: [01/09/2026-30/09/2026] Fecha Factura: [02/10/2026]',
          PathFuente: '',
          Fuente: metodo.replace('Cargar', ''),
        },
      ]);
    },
  );

  it('la misma fecha fuera del periodo en CargarFevRips no da CIN001 (solo cápita)', async () => {
    const factura = num('FEV');
    const r = await cargar('CargarFevRips', ripsDe(factura), xmlFev(factura));
    expect(r.status).toBe(200);
    expect(codigos(r.body)).not.toContain('CIN001');
  });

  it.each([
    [
      'CargarCapitaPeriodo',
      (f: string) => ripsCapita(f, { valor: 100 }),
      (_f: string) => xmlFacturaCapita(num('CPN')),
    ],
    ['CargarCapitaFinal', (f: string) => ripsCapita(f, { valor: 100 }), () => ''],
    [
      'CargarNCCapita',
      (f: string) => ripsCapita(f, { valor: 100, nota: { tipoNota: 'NC', numNota: `${f}N` } }),
      (f: string) => xmlNotaCredito(`${f}N`, f, { modalidad: '03' }),
    ],
  ])(
    '%s con valores > 0 en el RIPS → RECHAZADO RVC034 por cada campo de valor',
    async (metodo, rips, xml) => {
      const factura = num('RVC');
      const r = await cargar(metodo, rips(factura), xml(factura));
      expect(r.status).toBe(400);
      const rvc = (r.body.ResultadosValidacion as Cuerpo[]).filter((x) => x.Codigo === 'RVC034');
      expect(rvc.length).toBeGreaterThan(0);
      expect(codigos(r.body)[0]).toBe('CFR003');
      expect(
        codigos(r.body)
          .slice(1)
          .every((c) => c === 'RVC034'),
      ).toBe(true);
      expect(rvc.every((x) => x.Clase === 'RECHAZADO' && x.Fuente === 'Rips')).toBe(true);
      expect(rvc.map((x) => x.PathFuente)).toContain('usuarios[0].servicios.consultas[0].vrServicio');
      expect(rvc.map((x) => x.PathFuente)).toContain(
        'usuarios[0].servicios.medicamentos[0].vrUnitMedicamento',
      );
      expect(rvc[0]!.Observaciones).toMatch(/«Pago capitacion» \(03\).*debe ser 0 y se informó 100/);
    },
  );

  it('con valores 0 la misma cápita pasa; una factura por evento con valores > 0 no da RVC034', async () => {
    const factura = num('RV0');
    expect((await cargar('CargarCapitaFinal', ripsCapita(factura), '')).status).toBe(200);
    const evento = num('FEV');
    const r = await cargar('CargarFevRips', ripsDe(evento), xmlFev(evento));
    expect(codigos(r.body)).not.toContain('RVC034');
  });

  it('CargarFevRips con una factura de capitación (03 en el XML) y valores > 0 → RVC034', async () => {
    const factura = num('FCP');
    const r = await cargar('CargarFevRips', ripsCapita(factura, { valor: 5 }), xmlFacturaCapita(factura));
    expect(r.status).toBe(400);
    expect(codigos(r.body)).toContain('RVC034');
  });
});

describe('RecuperarCUV (manual §8.15)', () => {
  let cuv: string;
  let carga: Cuerpo;

  beforeAll(async () => {
    const factura = num('REC');
    const r = await cargar(
      'CargarCapitaInicial',
      null,
      xmlFacturaCapita(factura, { periodo: PERIODO_SIN_EMISION }),
    );
    expect(r.status).toBe(200);
    carga = r.body;
    cuv = carga.CodigoUnicoValidacion;
  });

  it.each([RUTA_RECUPERAR_CUV_MANUAL, RUTA_RECUPERAR_CUV_SWAGGER])(
    '%s devuelve el resultado del proceso radicado, con sus notificaciones',
    async (ruta) => {
      const antes = sim.contadores.recuperaciones;
      const r = await recuperar(cuv, ruta);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({
        ResultState: true,
        ProcesoId: carga.ProcesoId,
        NumFactura: carga.NumFactura,
        CodigoUnicoValidacion: cuv,
        FechaRadicacion: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{7}$/),
        RutaArchivos: null,
        Ambiente: 'DockerTest',
        Modulo: 'CapitaInicial',
        ModalidadPago: 'Pago capitacion',
        PeriodoAtencion: SEPTIEMBRE,
        ResultadosValidacion: carga.ResultadosValidacion,
      });
      expect(codigos(r.body)).toEqual(['CIN001']);
      expect(sim.contadores.recuperaciones).toBe(antes + 1);
    },
  );

  it('acepta el CUV en mayúsculas y con espacios alrededor', async () => {
    const r = await recuperar(` ${cuv.toUpperCase()} `);
    expect(r.status).toBe(200);
    expect(r.body.CodigoUnicoValidacion).toBe(cuv);
  });

  it.each([['abc'], ['g'.repeat(96)], [''], [null], [42]])(
    'CUV mal formado (%j) → 400 BadRequestResponse en español',
    async (malo) => {
      const r = await recuperar(malo);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({
        tipo: 'Validacion',
        descripcion:
          'El campo codigoUnicoValidacion es obligatorio y debe ser un CUV: 96 caracteres hexadecimales.',
      });
    },
  );

  it('CUV desconocido → 404 con {tipo, descripcion}', async () => {
    const r = await recuperar('f'.repeat(96), RUTA_RECUPERAR_CUV_SWAGGER);
    expect(r.status).toBe(404);
    expect(r.body).toEqual({
      tipo: 'NotFound',
      descripcion: 'No existe un proceso con ese CUV para el NIT de la sesión.',
    });
  });

  it('un CUV radicado con otro NIT → 404 (como si no existiera)', async () => {
    const otro: CredencialesMuv = {
      ...CREDENCIALES_SANDBOX,
      numeroDocumento: '1000000002',
      nit: '800999888',
    };
    sim.registrarUsuario(otro);
    const tokenOtro = await entrar(sim, otro);
    const r = await recuperar(cuv, RUTA_RECUPERAR_CUV_MANUAL, { token: tokenOtro });
    expect(r.status).toBe(404);
    expect(r.body.tipo).toBe('NotFound');
  });

  it('sin token, o con uno vencido → 401 (TOT002)', async () => {
    const sin = await recuperar(cuv, RUTA_RECUPERAR_CUV_MANUAL, { token: null });
    expect(sin.status).toBe(401);
    expect(codigos(sin.body)).toEqual(['TOT002']);
    const otro = await iniciarSimuladorMuv();
    try {
      const t = await entrar(otro);
      otro.expirarTokens();
      expect((await recuperar(cuv, RUTA_RECUPERAR_CUV_SWAGGER, { s: otro, token: t })).status).toBe(401);
    } finally {
      await otro.cerrar();
    }
  });

  it.each([
    ['manual', RUTA_RECUPERAR_CUV_MANUAL, RUTA_RECUPERAR_CUV_SWAGGER],
    ['swagger', RUTA_RECUPERAR_CUV_SWAGGER, RUTA_RECUPERAR_CUV_MANUAL],
  ] as const)('rutasRecuperarCuv: %s → responde en %s y la otra da 404', async (opcion, si, no) => {
    const s = await iniciarSimuladorMuv({ rutasRecuperarCuv: opcion });
    try {
      const t = await entrar(s);
      const r = await cargar('CargarNCTotal', null, xmlNotaCredito(num('NCT'), num('FAC')), { s, token: t });
      const cuvPropio = r.body.CodigoUnicoValidacion;
      expect(await recuperar(cuvPropio, si, { s, token: t })).toMatchObject({
        status: 200,
        body: { CodigoUnicoValidacion: cuvPropio, Modulo: 'NotaCreditoTotal' },
      });
      const otra = await recuperar(cuvPropio, no, { s, token: t });
      expect(otra.status).toBe(404);
      expect(otra.body.tipo).toBe('NotFound');
      expect(s.contadores.recuperaciones).toBe(1);
    } finally {
      await s.cerrar();
    }
  });
});

describe('inyección de fallas en las operaciones nuevas y en RecuperarCUV', () => {
  let s: SimuladorMuv;
  let t: string;

  beforeAll(async () => {
    s = await iniciarSimuladorMuv();
    t = await entrar(s);
  });

  afterAll(async () => {
    await s?.cerrar();
  });

  const o = (extra: Parameters<typeof post>[2] = {}) => ({ s, token: t, ...extra });

  it('5xx: 503 sin procesar; colgar: no responde ni radica; soltar: radica y corta la conexión', async () => {
    const a = num('F5');
    s.fallarProximas('5xx');
    const r5 = await cargar('CargarCapitaInicial', null, xmlFacturaCapita(a), o());
    expect(r5.status).toBe(503);
    expect(r5.body).toEqual({
      tipo: 'ServiceUnavailable',
      descripcion: 'Servicio del Ministerio no disponible.',
    });
    expect(s.radicado(NIT, a)).toBeUndefined();

    s.fallarProximas('colgar');
    await expect(
      cargar('CargarCapitaInicial', null, xmlFacturaCapita(a), o({ timeoutMs: 300 })),
    ).rejects.toThrow();
    expect(s.radicado(NIT, a)).toBeUndefined();

    const nota = num('FS');
    s.fallarProximas('soltar');
    await expect(cargar('CargarNCTotal', null, xmlNotaCredito(nota, a), o())).rejects.toThrow();
    const radicado = s.radicado(NIT, nota, 'NC');
    expect(radicado?.cuv).toMatch(CUV);

    // RecuperarCUV gives back the answer that was lost.
    s.fallarProximas('5xx');
    expect((await recuperar(radicado!.cuv, RUTA_RECUPERAR_CUV_MANUAL, o())).status).toBe(503);
    s.fallarProximas('colgar');
    await expect(
      recuperar(radicado!.cuv, RUTA_RECUPERAR_CUV_MANUAL, o({ timeoutMs: 300 })),
    ).rejects.toThrow();
    s.fallarProximas('soltar');
    await expect(recuperar(radicado!.cuv, RUTA_RECUPERAR_CUV_SWAGGER, o())).rejects.toThrow();
    const r = await recuperar(radicado!.cuv, RUTA_RECUPERAR_CUV_SWAGGER, o());
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ResultState: true, Modulo: 'NotaCreditoTotal', NumFactura: a });
  });

  it('la latencia configurada se aplica a las cargas nuevas y a RecuperarCUV', async () => {
    const lento = await iniciarSimuladorMuv({ fallas: { latenciaMs: 150 } });
    try {
      const tl = await entrar(lento);
      let t0 = performance.now();
      const r = await cargar('CargarCapitaInicial', null, xmlFacturaCapita(num('LAT')), {
        s: lento,
        token: tl,
      });
      expect(r.status).toBe(200);
      expect(performance.now() - t0).toBeGreaterThanOrEqual(140);
      t0 = performance.now();
      expect(
        (await recuperar(r.body.CodigoUnicoValidacion, RUTA_RECUPERAR_CUV_MANUAL, { s: lento, token: tl }))
          .status,
      ).toBe(200);
      expect(performance.now() - t0).toBeGreaterThanOrEqual(140);
    } finally {
      await lento.cerrar();
    }
  });
});

describe('puerto del simulador en el arranque por defecto', () => {
  let ocupante: net.Server;
  let ocupado: number;

  beforeAll(async () => {
    ocupante = net.createServer((c) => c.destroy());
    await new Promise<void>((ok) => ocupante.listen(0, '127.0.0.1', ok));
    ocupado = (ocupante.address() as net.AddressInfo).port;
  });

  afterAll(async () => {
    if (ocupante) await new Promise((ok) => ocupante.close(ok));
  });

  /** The default run's config with the simulator's port replaced (9443 itself is never bound here). */
  function config(env: Record<string, string>, port: number) {
    const c = loadConfig({ NODE_ENV: 'development', ...env });
    return { ...c, muv: { ...c.muv, simulador: { ...c.muv.simulador, port } } };
  }

  it('MUV_SIM_PORT sin definir: 9443 y no fijo; definido: fijo', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).muv.simulador).toMatchObject({
      port: 9443,
      puertoFijo: false,
    });
    expect(loadConfig({ NODE_ENV: 'development', MUV_SIM_PORT: '9555' }).muv.simulador).toMatchObject({
      port: 9555,
      puertoFijo: true,
    });
  });

  it('sin MUV_SIM_PORT y el puerto por defecto ocupado: toma uno libre y dice cuál estaba ocupado', async () => {
    const { config: c, simulador, puertoOcupado } = await simuladorPorDefecto(config({}, ocupado));
    try {
      expect(puertoOcupado).toBe(ocupado);
      const puerto = Number(new URL(simulador!.url).port);
      expect(puerto).not.toBe(ocupado);
      expect(c.upstreams.muv).toEqual({ baseUrl: simulador!.url, simulador: true });
      expect(await (await fetch(`${simulador!.url}/health`)).text()).toBe('Healthy');
    } finally {
      await simulador?.cerrar();
    }
  });

  it('con MUV_SIM_PORT ocupado: el arranque falla nombrando ese puerto y MUV_SIM_PORT', async () => {
    const error = await simuladorPorDefecto(config({ MUV_SIM_PORT: String(ocupado) }, ocupado)).then(
      () => null,
      (e: unknown) => e as Record<string, unknown>,
    );
    expect(error).toMatchObject({ code: 'EADDRINUSE', port: ocupado, variablePuerto: 'MUV_SIM_PORT' });
  });

  it('sin conflicto no hay aviso', async () => {
    const { simulador, puertoOcupado } = await simuladorPorDefecto(config({}, 0));
    try {
      expect(puertoOcupado).toBeUndefined();
      expect(simulador!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    } finally {
      await simulador?.cerrar();
    }
  });
});
