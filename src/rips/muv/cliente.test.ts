import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xmlFacturaCapita } from '../../../test/fixtures/capita.js';
import { ErrorApp } from '../../errores/errores.js';
import { cuvDelPaquete } from '../../simuladores/muv/paquete.js';
import { CREDENCIALES_SANDBOX } from '../../simuladores/muv/sandbox.js';
import { iniciarSimuladorMuv, type SimuladorMuv } from '../../simuladores/muv/servidor.js';
import { ClienteMuv, type OpcionesClienteMuv } from './cliente.js';
import { fechaMuv } from './respuesta.js';

let sim: SimuladorMuv;
beforeAll(async () => {
  sim = await iniciarSimuladorMuv({ tokenSegundos: 3 });
});
afterAll(async () => {
  await sim?.cerrar();
});

const cliente = (o: Partial<OpcionesClienteMuv> = {}) =>
  new ClienteMuv({
    baseUrl: sim.url,
    timeoutMs: 800,
    consultaTimeoutMs: 800,
    reintentos: 1,
    reintentoBaseMs: 10,
    gzipDesdeBytes: 1024 * 1024,
    renovarTokenAntesMs: 0,
    ...o,
  });

let n = 0;
const paquete = (tipoNota: string | null = 'RS') => ({
  rips: {
    numDocumentoIdObligado: '900123456',
    numFactura: null,
    tipoNota,
    numNota: `U${Date.now()}${++n}`,
    usuarios: [],
  },
  xmlFevFile: '',
});

async function error(p: Promise<unknown>): Promise<ErrorApp> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ErrorApp) return e;
    throw e;
  }
  throw new Error('se esperaba un error');
}

describe('ClienteMuv contra el simulador (HTTP real)', () => {
  it('inicia sesión una vez y reutiliza el token; cuerpos grandes van con gzip', async () => {
    const c = cliente({ gzipDesdeBytes: 10 });
    const logins = sim.contadores.login;
    const gzip = sim.contadores.cargasGzip;
    const p = paquete();
    const r1 = await c.cargar('e1', CREDENCIALES_SANDBOX, 'CargarRipsSinFactura', p);
    expect(r1.status).toBe(200);
    expect(r1.respuesta.aceptado).toBe(true);
    expect(r1.respuesta.cuv).toBe(cuvDelPaquete(p.rips, ''));
    expect(r1.respuesta.modulo).toBe('RipsSinFactura');
    await c.cargar('e1', CREDENCIALES_SANDBOX, 'CargarRipsSinFactura', paquete());
    expect(sim.contadores.login).toBe(logins + 1);
    expect(sim.contadores.cargasGzip).toBe(gzip + 2);
    // Below the threshold the body goes plain.
    await cliente().cargar('e1', CREDENCIALES_SANDBOX, 'CargarRipsSinFactura', paquete());
    expect(sim.contadores.cargasGzip).toBe(gzip + 2);
  });

  it('renueva el token antes de que venza', async () => {
    const c = cliente({ renovarTokenAntesMs: 2500 });
    const logins = sim.contadores.login;
    await c.cargar('e2', CREDENCIALES_SANDBOX, 'CargarRipsSinFactura', paquete());
    await new Promise((r) => setTimeout(r, 700));
    await c.cargar('e2', CREDENCIALES_SANDBOX, 'CargarRipsSinFactura', paquete());
    expect(sim.contadores.login).toBe(logins + 2);
  });

  it('TOT002 (token invalidado) → nueva sesión y el envío se repite una vez', async () => {
    const c = cliente();
    await c.cargar('e3', CREDENCIALES_SANDBOX, 'CargarRipsSinFactura', paquete());
    const logins = sim.contadores.login;
    sim.expirarTokens();
    const r = await c.cargar('e3', CREDENCIALES_SANDBOX, 'CargarRipsSinFactura', paquete());
    expect(r.respuesta.aceptado).toBe(true);
    expect(sim.contadores.login).toBe(logins + 1);
  });

  it('un rechazo llega como HTTP 400 con la lista de resultados', async () => {
    const r = await cliente().cargar('e4', CREDENCIALES_SANDBOX, 'CargarNC', paquete('RS'));
    expect(r.status).toBe(400);
    expect(r.respuesta.aceptado).toBe(false);
    expect(r.respuesta.cuv).toBeNull();
    expect(r.respuesta.resultados.map((x) => x.codigo)).toEqual(expect.arrayContaining(['PFE001', 'RVG06']));
    expect(r.respuesta.resultados[0]!.clase).toBe('RECHAZADO');
  });

  it('5xx y timeouts se reintentan de forma acotada', async () => {
    const c = cliente({ reintentos: 2 });
    sim.fallarProximas('5xx', 2);
    expect((await c.cargar('e5', CREDENCIALES_SANDBOX, 'CargarRipsSinFactura', paquete())).status).toBe(200);
    sim.fallarProximas('5xx', 3);
    const e = await error(c.cargar('e5', CREDENCIALES_SANDBOX, 'CargarRipsSinFactura', paquete()));
    expect(e.codigo).toBe('upstream-no-disponible');
    expect(e.message).toMatch(/HTTP 503/);
    sim.fallarProximas('colgar', 1);
    const t = Date.now();
    expect((await c.cargar('e5', CREDENCIALES_SANDBOX, 'CargarRipsSinFactura', paquete())).status).toBe(200);
    expect(Date.now() - t).toBeGreaterThanOrEqual(700);
  });

  it('credenciales que el MUV no acepta → 503 credenciales-rechazadas; sin URL → 503 no configurado', async () => {
    const e = await error(
      cliente().cargar('e6', { ...CREDENCIALES_SANDBOX, clave: 'otra' }, 'CargarRipsSinFactura', paquete()),
    );
    expect(e.codigo).toBe('credenciales-rechazadas');
    expect(e.message).toMatch(/SISPRO/);
    const sinUrl = await error(
      cliente({ baseUrl: undefined }).consultarCuv({
        rips: null,
        xmlFevFile: null,
        codigoUnicoValidacion: 'x',
      }),
    );
    expect(sinUrl.codigo).toBe('upstream-no-configurado');
  });

  it('URL sin servicio → 502 tras los reintentos', async () => {
    const e = await error(
      cliente({ baseUrl: 'http://127.0.0.1:1' }).consultarCuv({
        rips: null,
        xmlFevFile: null,
        codigoUnicoValidacion: null,
      }),
    );
    expect(e.codigo).toBe('upstream-no-disponible');
  });

  it('ConsultarCUV: documento desconocido → registro null', async () => {
    const r = await cliente().consultarCuv({
      rips: { numDocumentoIdObligado: '900123456', numFactura: 'NO-EXISTE' },
      xmlFevFile: null,
      codigoUnicoValidacion: null,
    });
    expect(r.registro).toBeNull();
  });
});

describe('rechazos como los del MUV real, por HTTP', () => {
  const rsRechazado = () => {
    const p = paquete('RS');
    // One user with two consultations by a professional missing from the sandbox's RETHUS.
    const consulta = { numDocumentoIdentificacion: '99900001', codConsulta: '890201' };
    p.rips.usuarios = [{ servicios: { consultas: [consulta, { ...consulta }] } }] as never[];
    return p;
  };

  it('camelCase, 400, «-» y ProcesoId 0: rechazo sin CUV ni proceso ni factura; CFR003 primero y cada repetido', async () => {
    const camel = await iniciarSimuladorMuv({ claves: 'camelCase' });
    try {
      const r = await cliente({ baseUrl: camel.url }).cargar(
        'c1',
        CREDENCIALES_SANDBOX,
        'CargarRipsSinFactura',
        rsRechazado(),
      );
      expect(r.status).toBe(400);
      expect((r.cruda as Record<string, unknown>).codigoUnicoValidacion).toBe('-');
      expect(r.respuesta).toMatchObject({ aceptado: false, cuv: null, procesoId: null, numFactura: null });
      expect(r.respuesta.resultados.map((x) => [x.codigo, x.pathFuente])).toEqual([
        ['CFR003', ''],
        ['RVG11', 'usuarios[0].servicios.consultas[0].numDocumentoIdentificacion'],
        ['RVG11', 'usuarios[0].servicios.consultas[1].numDocumentoIdentificacion'],
      ]);
    } finally {
      await camel.cerrar();
    }
  });

  it('PascalCase con «No aplica…» y NumFactura "": igual lectura', async () => {
    const r = await cliente().cargar('c2', CREDENCIALES_SANDBOX, 'CargarRipsSinFactura', rsRechazado());
    expect((r.cruda as Record<string, unknown>).NumFactura).toBe('');
    expect(r.respuesta).toMatchObject({ aceptado: false, cuv: null, procesoId: null, numFactura: null });
    expect(r.respuesta.resultados[0]!.codigo).toBe('CFR003');
  });
});

describe('fechaMuv', () => {
  it('las fechas del MUV sin zona son hora de Colombia (UTC−5)', () => {
    expect(fechaMuv('2025-10-31T07:11:52.9807523')?.toISOString()).toBe('2025-10-31T12:11:52.980Z');
    expect(fechaMuv('2025-10-31T07:11:52Z')?.toISOString()).toBe('2025-10-31T07:11:52.000Z');
    expect(fechaMuv('no es fecha')).toBeNull();
  });
});

describe('RecuperarCUV (manual §8.15): la ruta es configurable', () => {
  const capitaInicial = (numero: string) => ({
    rips: null,
    xmlFevFile: xmlFacturaCapita(numero),
  });

  it('por la ruta del swagger cuando así se configura, contra un MUV que solo sirve esa', async () => {
    const soloSwagger = await iniciarSimuladorMuv({ rutasRecuperarCuv: 'swagger' });
    try {
      const c = (ruta?: string) =>
        new ClienteMuv({
          baseUrl: soloSwagger.url,
          timeoutMs: 800,
          consultaTimeoutMs: 800,
          reintentos: 0,
          reintentoBaseMs: 10,
          gzipDesdeBytes: 1024 * 1024,
          renovarTokenAntesMs: 0,
          rutaRecuperarCuv: ruta,
        });
      const swagger = c('/api/ConsultasFevRips/RecuperarCUV');
      const envio = await swagger.cargar(
        'e1',
        CREDENCIALES_SANDBOX,
        'CargarCapitaInicial',
        capitaInicial(`RC${++n}`),
      );
      expect(envio.respuesta.aceptado).toBe(true);
      const cuv = envio.respuesta.cuv!;
      const r = await swagger.recuperarCuv('e1', CREDENCIALES_SANDBOX, cuv);
      expect(r?.respuesta).toMatchObject({ aceptado: true, cuv, modulo: 'CapitaInicial' });
      // The manual's path (the default) is not served by this mechanism: 404 → null, never a claim.
      expect(await c().recuperarCuv('e1', CREDENCIALES_SANDBOX, cuv)).toBeNull();
      // An unknown CUV is not known either.
      expect(await swagger.recuperarCuv('e1', CREDENCIALES_SANDBOX, 'f'.repeat(96))).toBeNull();
    } finally {
      await soloSwagger.cerrar();
    }
  });

  it('por la ruta del manual por omisión', async () => {
    const envio = await cliente().cargar(
      'e2',
      CREDENCIALES_SANDBOX,
      'CargarCapitaInicial',
      capitaInicial(`RM${++n}`),
    );
    const r = await cliente().recuperarCuv('e2', CREDENCIALES_SANDBOX, envio.respuesta.cuv!);
    expect(r?.respuesta.cuv).toBe(envio.respuesta.cuv);
    expect(r?.respuesta.modalidadPago).toBe('Pago capitacion');
  });
});
