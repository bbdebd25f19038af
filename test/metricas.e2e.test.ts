import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrancar } from '../src/arranque.js';
import { loadConfig } from '../src/config.js';
import { crearLogger } from '../src/logger.js';
import { PERFIL_IHCE } from '../src/rda/ihce/fhir.js';
import type { Registro } from '../src/rips/tipos.js';
import { CREDENCIALES_SANDBOX } from '../src/simuladores/muv/sandbox.js';
import { iniciarSimuladorMuv, type SimuladorMuv } from '../src/simuladores/muv/servidor.js';
import { puertoFueraDelRangoEfimero } from './db.js';
import { consulta, ripsDe, xmlFev } from './fixtures/muv.js';
import { datosUnicos, entornoIhce } from './ihce.js';
import { CLAVE_CREDENCIALES_PRUEBA, graphql, iniciarServicio, pedir } from './servidor.js';

interface Muestra {
  nombre: string;
  etiquetas: Record<string, string>;
  valor: number;
}

/** Parses the Prometheus text exposition into samples (comments skipped). */
function muestras(texto: string): Muestra[] {
  const salida: Muestra[] = [];
  for (const linea of texto.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(linea);
    if (!m) continue;
    const etiquetas: Record<string, string> = {};
    for (const e of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) etiquetas[e[1]!] = e[2]!;
    salida.push({ nombre: m[1]!, etiquetas, valor: Number(m[3]) });
  }
  return salida;
}

/** The value of the one sample with that name whose labels include `etiquetas` (undefined if none). */
function valor(texto: string, nombre: string, etiquetas: Record<string, string> = {}): number | undefined {
  const hallados = muestras(texto).filter(
    (s) => s.nombre === nombre && Object.entries(etiquetas).every(([k, v]) => s.etiquetas[k] === v),
  );
  expect(hallados.length, `${nombre} ${JSON.stringify(etiquetas)}`).toBeLessThanOrEqual(1);
  return hallados[0]?.valor;
}

const raspar = async (url: string, cabeceras: Record<string, string> = {}) => {
  const r = await fetch(`${url}/metrics`, { headers: cabeceras });
  return { status: r.status, tipo: r.headers.get('content-type'), texto: await r.text() };
};

const lineasLog: string[] = [];
const destino = new Writable({
  write(trozo, _c, cb) {
    lineasLog.push(String(trozo));
    cb();
  },
});

describe('GET /metrics con tráfico real', () => {
  let muv: SimuladorMuv;
  let env: Awaited<ReturnType<typeof entornoIhce>>;
  let a: Awaited<ReturnType<typeof env.entidadConIhce>>;
  let texto: string;
  const sensibles: string[] = [];
  const hechos: Record<string, any> = {};

  beforeAll(async () => {
    muv = await iniciarSimuladorMuv();
    env = await entornoIhce({
      env: { MUV_BASE_URL: muv.url, MUV_REINTENTOS: '0' },
      opciones: { log: crearLogger('info', destino) },
    });
    a = await env.entidadConIhce('metricas');
    await env.s.servicio.servicios.credenciales.guardar(env.s.em(), a.entidad, 'muv', {
      ...CREDENCIALES_SANDBOX,
    });
    const url = env.s.url;

    // A RIPS with a rejection finding, through the REST door.
    const conHallazgo = ripsDe('FEV1001');
    consulta(conHallazgo).codDiagnosticoPrincipal = 'J4';
    const cuerpoValidar = JSON.stringify({ rips: conHallazgo });
    hechos.bytesValidar = Buffer.byteLength(cuerpoValidar);
    const v = await pedir(url, '/rips/validar', {
      crudo: cuerpoValidar,
      cabeceras: { ...a.cabeceras, 'content-type': 'application/json' },
    });
    expect(v.status).toBe(200);
    expect(v.body.valid).toBe(false);
    hechos.validacion = v.body;

    // A filing the MUV sandbox accepts (login + CargarFevRips).
    const factura = `MET${Date.now().toString(36)}`.toUpperCase().slice(0, 20);
    const rips = ripsDe(factura);
    const f = await pedir(url, '/rips', {
      cuerpo: { rips, xmlFevFile: xmlFev(factura) },
      cabeceras: a.cabeceras,
    });
    expect(f.status, JSON.stringify(f.body).slice(0, 400)).toBe(201);

    // An RDA the IHCE sandbox accepts.
    const datos = datosUnicos('consulta-externa', 'rico');
    const t = await pedir(url, '/rda/desde-datos', {
      cuerpo: { tipo: 'consulta-externa', datos },
      cabeceras: a.cabeceras,
    });
    expect(t.status).toBe(201);

    // GraphQL: a named operation, a failing one and a name no label may carry.
    expect(
      (await graphql(url, 'query MiSesion { sesion { permisos } }', a.cabeceras)).body.errors,
    ).toBeUndefined();
    const mala = await graphql(url, 'query Rota { noExiste }', a.cabeceras);
    expect(mala.body.errors?.length).toBeGreaterThan(0);
    const invalido = await pedir(url, '/graphql', {
      cuerpo: { query: '{ sesion { permisos } }', operationName: 'nombre con espacios <y> 52345678' },
      cabeceras: a.cabeceras,
    });
    expect(invalido.body.errors?.length).toBeGreaterThan(0);

    // A concrete id that must never become a label, and a route that does not exist.
    hechos.id = randomUUID();
    expect((await pedir(url, `/rips/${hechos.id}`, { cabeceras: a.cabeceras })).status).toBe(404);
    expect((await pedir(url, `/no-existe/${hechos.id}`)).status).toBe(404);

    const r = await raspar(url);
    expect(r.status).toBe(200);
    expect(r.tipo).toMatch(/^text\/plain; version=0\.0\.4/);
    texto = r.texto;

    const usuarios = [...(rips.usuarios as Registro[]), ...(conHallazgo.usuarios as Registro[])];
    sensibles.push(
      ...usuarios.map((u) => String(u.numDocumentoIdentificacion)),
      factura,
      'FEV1001',
      String(rips.numDocumentoIdObligado),
      datos.paciente.numeroDocumento,
      String(datos.paciente.segundoNombre),
      datos.paciente.primerApellido,
      String(datos.paciente.segundoApellido),
      a.entidad.slug,
      a.entidad.id,
      a.clave,
      CREDENCIALES_SANDBOX.numeroDocumento,
      CREDENCIALES_SANDBOX.clave,
      hechos.id,
      'espacios',
    );
  });

  afterAll(async () => {
    await env?.cerrar();
    await muv?.cerrar();
  });

  it('solicitudes HTTP por plantilla de ruta, nunca por la ruta concreta', () => {
    const h = 'motor_http_request_duration_seconds_count';
    expect(valor(texto, h, { route: '/rips/{id}', method: 'GET', status_code: '404' })).toBe(1);
    expect(valor(texto, h, { route: 'no-encontrada', method: 'GET', status_code: '404' })).toBe(1);
    expect(valor(texto, h, { route: '/rips/validar', method: 'POST', status_code: '200' })).toBe(1);
    expect(valor(texto, h, { route: '/rips', method: 'POST', status_code: '201' })).toBe(1);
    expect(valor(texto, h, { route: '/rda/desde-datos', method: 'POST', status_code: '201' })).toBe(1);
    expect(valor(texto, h, { route: '/graphql', method: 'POST', status_code: '200' })).toBe(1);
    // Validation errors (Rota) and an operation name matching none of the document both answer 400.
    expect(valor(texto, h, { route: '/graphql', method: 'POST', status_code: '400' })).toBe(2);
    expect(valor(texto, h, { route: '/graphql', method: 'POST', status_code: '500' })).toBeUndefined();
    for (const s of muestras(texto).filter((x) => x.etiquetas.route !== undefined))
      expect(s.etiquetas.route).toMatch(/^(\/[\w.{}-]*)+$|^no-encontrada$/);
  });

  it('operaciones GraphQL por nombre acotado y desenlace', () => {
    const g = 'motor_graphql_operation_duration_seconds_count';
    expect(valor(texto, g, { operation: 'MiSesion', outcome: 'ok' })).toBe(1);
    expect(valor(texto, g, { operation: 'Rota', outcome: 'error' })).toBe(1);
    expect(valor(texto, g, { operation: 'invalida', outcome: 'error' })).toBe(1);
  });

  it('validaciones RIPS: cuenta, bytes y hallazgos por severidad iguales a la respuesta', () => {
    const { resumen } = hechos.validacion;
    expect(resumen.rechazos).toBeGreaterThan(0);
    expect(valor(texto, 'motor_rips_validations_total', { result: 'invalido', via: 'rest' })).toBe(1);
    expect(valor(texto, 'motor_rips_validation_bytes_count', { via: 'rest' })).toBe(1);
    expect(valor(texto, 'motor_rips_validation_bytes_sum', { via: 'rest' })).toBe(hechos.bytesValidar);
    // The filing's local gate validates too, but only validarRips requests are counted.
    expect(valor(texto, 'motor_rips_findings_total', { severity: 'rechazo' })).toBe(resumen.rechazos);
    expect(valor(texto, 'motor_rips_findings_total', { severity: 'aviso' })).toBe(resumen.avisos);
    expect(valor(texto, 'motor_rips_findings_total', { severity: 'informativo' })).toBe(resumen.informativos);
  });

  it('radicaciones, transmisiones y llamadas al MUV y a la IHCE', () => {
    expect(valor(texto, 'motor_rips_filings_total', { result: 'radicado', operation: 'CargarFevRips' })).toBe(
      1,
    );
    expect(
      valor(texto, 'motor_rda_transmissions_total', { result: 'aceptado', type: 'consulta-externa' }),
    ).toBe(1);
    const u = 'motor_upstream_request_duration_seconds_count';
    expect(valor(texto, u, { upstream: 'muv', operation: 'LoginSISPRO', status: '200' })).toBe(1);
    expect(valor(texto, u, { upstream: 'muv', operation: 'CargarFevRips', status: '200' })).toBe(1);
    const ihce = muestras(texto).filter((s) => s.nombre === u && s.etiquetas.upstream === 'ihce');
    expect(ihce).toEqual([
      expect.objectContaining({
        etiquetas: {
          upstream: 'ihce',
          operation: PERFIL_IHCE['consulta-externa'].operacion,
          status: expect.stringMatching(/^2\d\d$/),
        },
        valor: 1,
      }),
    ]);
  });

  it('pool de la base de datos, cola RDA, base disponible y métricas del proceso', () => {
    expect(valor(texto, 'motor_db_up')).toBe(1);
    expect(valor(texto, 'motor_db_pool_max')).toBe(env.s.config.bd.poolMax);
    const libres = valor(texto, 'motor_db_pool_connections', { state: 'libre' });
    const enUso = valor(texto, 'motor_db_pool_connections', { state: 'en_uso' });
    expect(libres).toBeGreaterThanOrEqual(0);
    expect(enUso).toBeGreaterThanOrEqual(0);
    expect(libres! + enUso!).toBeGreaterThan(0);
    expect(valor(texto, 'motor_db_pool_pending_acquires')).toBe(0);
    // The accepted transmission's first-attempt job was dropped; the queue exists and is counted.
    expect(valor(texto, 'motor_rda_queue_jobs', { state: 'pendiente' })).toBeGreaterThanOrEqual(0);
    expect(valor(texto, 'motor_rda_queue_jobs', { state: 'activo' })).toBeGreaterThanOrEqual(0);
    expect(valor(texto, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(valor(texto, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('el registro de cada solicitud /graphql nombra la operación (acotada)', () => {
    const fin = lineasLog
      .map((l) => JSON.parse(l))
      .filter((l) => l.req?.path === '/graphql' && l.res?.statusCode !== undefined);
    expect(fin.map((l) => l.operacion)).toEqual(['MiSesion', 'Rota', 'invalida']);
    expect(lineasLog.join('')).not.toContain('espacios');
  });

  it('ningún dato de paciente, documento, factura, entidad ni secreto en todo el texto', () => {
    expect(sensibles.length).toBeGreaterThan(10);
    for (const s of sensibles) {
      expect(s.length).toBeGreaterThanOrEqual(4);
      // Whole tokens only: a float such as 0.31000000001 is not the sandbox document 1000000001.
      const escapado = s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      expect(new RegExp(`(?<![0-9A-Za-z])${escapado}(?![0-9A-Za-z])`).test(texto), s).toBe(false);
    }
  });
});

describe('GET /metrics: token, desactivado y sin base de datos', () => {
  it('con METRICS_TOKEN: 401 sin token o con otro, 200 con el correcto', async () => {
    const token = `tok-${randomUUID()}`;
    const s = await iniciarServicio({ METRICS_TOKEN: token });
    try {
      const sin = await raspar(s.url);
      expect(sin.status).toBe(401);
      expect(JSON.parse(sin.texto)).toMatchObject({
        codigo: 'no-autenticado',
        error: expect.stringMatching(/token/),
      });
      const otro = await raspar(s.url, { authorization: `Bearer ${token}x` });
      expect(otro.status).toBe(401);
      expect(JSON.parse(otro.texto)).toMatchObject({ codigo: 'credencial-invalida' });
      expect((await raspar(s.url, { authorization: token })).status).toBe(401);
      const bien = await raspar(s.url, { authorization: `Bearer ${token}` });
      expect(bien.status).toBe(200);
      expect(bien.texto).toContain('motor_http_request_duration_seconds');
      expect(bien.texto).not.toContain(token);
      // Refused scrapes are still requests: counted under their template with 401.
      expect(
        valor(bien.texto, 'motor_http_request_duration_seconds_count', {
          route: '/metrics',
          method: 'GET',
          status_code: '401',
        }),
      ).toBe(3);
    } finally {
      await s.cerrar();
    }
  });

  it('METRICS_ENABLED=false: no hay ruta (404)', async () => {
    const s = await iniciarServicio({ METRICS_ENABLED: 'false' });
    try {
      expect(s.servicio.servicios.metricas).toBeUndefined();
      const r = await raspar(s.url);
      expect(r.status).toBe(404);
      expect(JSON.parse(r.texto)).toMatchObject({ codigo: 'no-encontrado' });
    } finally {
      await s.cerrar();
    }
  });

  it('responde mientras la base de datos no está (motor_db_up 0, sin pool) y el resto dice 503', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'motor-metricas-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: `postgres://nadie:nada@127.0.0.1:${await puertoFueraDelRangoEfimero()}/ninguna`,
      DB_CONNECT_TIMEOUT_MS: '300',
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO: 'false',
      DATA_DIR: dataDir,
      CREDENTIALS_KEY: CLAVE_CREDENCIALES_PRUEBA,
      LOG_LEVEL: 'silent',
    });
    const s = await arrancar(config);
    try {
      expect((await pedir(s.url, '/sesion')).status).toBe(503);
      const r = await raspar(s.url);
      expect(r.status).toBe(200);
      expect(valor(r.texto, 'motor_db_up')).toBe(0);
      expect(valor(r.texto, 'motor_db_pool_connections', { state: 'libre' })).toBeUndefined();
      expect(
        valor(r.texto, 'motor_http_request_duration_seconds_count', {
          route: '/sesion',
          method: 'GET',
          status_code: '503',
        }),
      ).toBe(1);
    } finally {
      await s.detener();
    }
  });
});
