import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESAFIO_AUTENTICACION } from '../rest-adapter/adaptador.js';
import { RUTAS } from '../rest-adapter/rutas.js';
import { arrancar, type ServicioEnMarcha } from '../src/arranque.js';
import { loadConfig } from '../src/config.js';
import { construirBundle } from '../src/rda/construccion/construir.js';
import { CREDENCIALES_SANDBOX } from '../src/simuladores/muv/sandbox.js';
import { iniciarSimuladorMuv, type SimuladorMuv } from '../src/simuladores/muv/servidor.js';
import { puertoFueraDelRangoEfimero } from './db.js';
import { consulta, ripsDe, xmlFev } from './fixtures/muv.js';
import { ripsValido } from './fixtures/rips.js';
import { datosUnicos, entornoIhce } from './ihce.js';
import { CLAVE_CREDENCIALES_PRUEBA, graphql, pedir } from './servidor.js';

/**
 * Every documented REST route, driven as an integrator would, with each real response body validated
 * (ajv, JSON Schema 2020-12) against the schema of its route and status in the served /openapi.json.
 * The last test fails if a (route, status) pair the document declares was never produced here.
 */

const PACIENTE_DESCONOCIDO = '99999999';
const LIMITE_CUERPO = 256 * 1024;

let muv: SimuladorMuv;
/** A FHIR server's `Bundle/$validate` stand-in (RDA_VALIDADOR_URL): Bundle.id `sin-salida` gets no OperationOutcome. */
let validadorHl7: Server;
/** A service whose database never answers (a closed port): every guarded route is 503 bd-arrancando. */
let sinBd: ServicioEnMarcha;
let env: Awaited<ReturnType<typeof entornoIhce>>;
let doc: {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>
  >;
  components: Record<string, unknown>;
};
let cab: Record<string, string>;
let soloRda: Record<string, string>;
let soloRips: Record<string, string>;
let sinCredenciales: Record<string, string>;

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const compilados = new Map<string, ValidateFunction>();
/** `METODO /plantilla estado` of every response validated. */
const cubiertos = new Set<string>();

let n = 0;
const factura = (base: string) => `${base}${Date.now().toString(36)}${++n}`.toUpperCase().slice(0, 20);

async function iniciarValidadorHl7(): Promise<string> {
  validadorHl7 = createServer((req, res) => {
    let texto = '';
    req.on('data', (c) => {
      texto += c;
    });
    req.on('end', () => {
      let id: unknown;
      try {
        id = JSON.parse(texto).id;
      } catch {}
      if (req.method !== 'POST' || !req.url?.startsWith('/Bundle/$validate') || id === 'sin-salida') {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('fallo interno');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/fhir+json' }).end(
        JSON.stringify({
          resourceType: 'OperationOutcome',
          issue: [
            {
              severity: 'warning',
              code: 'invariant',
              diagnostics: 'Constraint failed: dom-6: A resource should have narrative for robust management',
              location: ['Bundle.entry[1].resource'],
            },
            { severity: 'information', code: 'informational', diagnostics: 'Validado' },
          ],
        }),
      );
    });
  }).listen(0, '127.0.0.1');
  await once(validadorHl7, 'listening');
  return `http://127.0.0.1:${(validadorHl7.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  muv = await iniciarSimuladorMuv();
  env = await entornoIhce({
    simulador: { pacientesDesconocidos: [PACIENTE_DESCONOCIDO] },
    env: {
      RDA_VALIDADOR_URL: await iniciarValidadorHl7(),
      MUV_BASE_URL: muv.url,
      MUV_REINTENTOS: '0',
      MUV_TIMEOUT_MS: '1500',
      MUV_CONSULTA_TIMEOUT_MS: '1000',
      BODY_LIMIT: String(LIMITE_CUERPO),
    },
  });
  const a = await env.entidadConIhce('openapi');
  await env.s.servicio.servicios.credenciales.guardar(env.s.em(), a.entidad, 'muv', {
    ...CREDENCIALES_SANDBOX,
  });
  cab = a.cabeceras;
  soloRda = { 'x-api-key': (await env.s.crearEntidad('openapi-rda', ['rda'])).clave };
  soloRips = { 'x-api-key': (await env.s.crearEntidad('openapi-rips', ['rips'])).clave };
  sinCredenciales = { 'x-api-key': (await env.s.crearEntidad('openapi-sin-cred')).clave };
  const r = await pedir(env.s.url, '/openapi.json');
  expect(r.status).toBe(200);
  doc = r.body;
}, 120_000);

afterAll(async () => {
  await sinBd?.detener();
  await env?.cerrar();
  await muv?.cerrar();
  validadorHl7?.close();
});

/** The response schema the served document gives for this route and status (with its components). */
function validador(metodo: string, plantilla: string, estado: number, tipo: string): ValidateFunction {
  const clave = `${metodo} ${plantilla} ${estado} ${tipo}`;
  let v = compilados.get(clave);
  if (!v) {
    const op = doc.paths[plantilla]?.[metodo];
    expect(op, `${metodo.toUpperCase()} ${plantilla} no está en /openapi.json`).toBeDefined();
    const resp = op!.responses[String(estado)];
    expect(resp, `${metodo.toUpperCase()} ${plantilla} no documenta ${estado}`).toBeDefined();
    const contenido = resp!.content?.[tipo];
    expect(contenido, `${metodo.toUpperCase()} ${plantilla} ${estado} no documenta ${tipo}`).toBeDefined();
    v = ajv.compile({ ...contenido!.schema, components: doc.components });
    compilados.set(clave, v);
  }
  return v;
}

/**
 * Calls a route and validates the real answer against the served contract. `plantilla` is the
 * documented path (`/rips/{id}`); `ruta` the concrete one.
 */
async function llamar(
  metodo: 'get' | 'post',
  plantilla: string,
  o: {
    /** Another running service (default: the main one). */
    url?: string;
    ruta?: string;
    cuerpo?: unknown;
    crudo?: BodyInit;
    cabeceras?: Record<string, string>;
    esperado?: number;
  } = {},
) {
  const r = await pedir(o.url ?? env.s.url, o.ruta ?? plantilla, {
    metodo: metodo.toUpperCase(),
    cuerpo: o.cuerpo,
    crudo: o.crudo,
    cabeceras: o.cabeceras ?? cab,
  });
  const nombre = `${metodo.toUpperCase()} ${plantilla}`;
  if (o.esperado !== undefined)
    expect(r.status, `${nombre}: ${JSON.stringify(r.body).slice(0, 300)}`).toBe(o.esperado);
  const tipo = (r.headers.get('content-type') ?? '').split(';')[0]!.trim();
  const v = validador(metodo, plantilla, r.status, tipo);
  const ok = v(r.body);
  expect(ok ? [] : v.errors, `${nombre} ${r.status} no cumple /openapi.json`).toEqual([]);
  cubiertos.add(`${nombre} ${r.status}`);
  return r;
}

const plantillaDe = (ruta: string) => ruta.replace(/:(\w+)/g, '{$1}');
const sinUuid = randomUUID();

describe('servicio', () => {
  it('GET /health, /ready y /openapi.json', async () => {
    await llamar('get', '/health', { cabeceras: {}, esperado: 200 });
    await llamar('get', '/ready', { cabeceras: {}, esperado: 200 });
    await llamar('get', '/openapi.json', { cabeceras: {}, esperado: 200 });
  });
});

describe('sesión, configuración y resumen', () => {
  it('GET /sesion, /api-keys, /api-keys/{id}, /resumen, /rips/configuracion, /rda/configuracion', async () => {
    await llamar('get', '/sesion', { esperado: 200 });
    const claves = await llamar('get', '/api-keys', { esperado: 200 });
    await llamar('get', '/api-keys/{id}', { ruta: `/api-keys/${claves.body[0].id}`, esperado: 200 });
    await llamar('get', '/api-keys/{id}', { ruta: `/api-keys/${sinUuid}`, esperado: 404 });
    await llamar('get', '/resumen', { esperado: 200 });
    await llamar('get', '/resumen', {
      ruta: '/resumen?desde=2026-01-01&hasta=2026-02-01&agrupar=semana',
      esperado: 200,
    });
    await llamar('get', '/resumen', { ruta: '/resumen?agrupar=hora', esperado: 400 });
    await llamar('get', '/rips/configuracion', { esperado: 200 });
    await llamar('get', '/rips/configuracion', { cabeceras: sinCredenciales, esperado: 200 });
    await llamar('get', '/rda/configuracion', { esperado: 200 });
    await llamar('get', '/rips/configuracion', { cabeceras: soloRda, esperado: 403 });
    await llamar('get', '/rda/configuracion', { cabeceras: soloRips, esperado: 403 });
  });
});

describe('RIPS', () => {
  it('POST /rips/validar: válido, con hallazgos y errores de cuerpo', async () => {
    await llamar('post', '/rips/validar', {
      cuerpo: { rips: ripsValido(), fechaEvaluacion: '2026-11-01T12:00:00Z' },
      esperado: 200,
    });
    const malo = ripsValido();
    consulta(malo).codDiagnosticoPrincipal = 'J4';
    (malo as Record<string, unknown>).numDocumentoIdObligado = 'x';
    const r = await llamar('post', '/rips/validar', { cuerpo: { rips: malo }, esperado: 200 });
    expect(r.body.errores.length).toBeGreaterThan(0);
    await llamar('post', '/rips/validar', { cuerpo: { rips: ripsValido(), otro: 1 }, esperado: 400 });
    await llamar('post', '/rips/validar', { cuerpo: { rips: malo }, cabeceras: soloRda, esperado: 403 });
  });

  it('POST /rips: 201, 200 repetida, 422 local y del MUV, 403, 502, 503; lecturas y CUV', async () => {
    const num = factura('OA');
    const cuerpo = { rips: ripsDe(num), xmlFevFile: xmlFev(num) };
    const ok = await llamar('post', '/rips', { cuerpo, esperado: 201 });
    await llamar('post', '/rips', { cuerpo, esperado: 200 });

    const numL = factura('OL');
    const local = ripsDe(numL);
    consulta(local).codDiagnosticoPrincipal = 'J4';
    const rechLocal = await llamar('post', '/rips', {
      cuerpo: { rips: local, xmlFevFile: xmlFev(numL) },
      esperado: 422,
    });

    const numM = factura('OM');
    const delMuv = ripsDe(numM);
    consulta(delMuv).numDocumentoIdentificacion = '99912345';
    const rechMuv = await llamar('post', '/rips', {
      cuerpo: { rips: delMuv, xmlFevFile: xmlFev(numM) },
      esperado: 422,
    });
    expect(rechMuv.body.estado).toBe('rechazado');

    const numO = factura('OO');
    await llamar('post', '/rips', {
      cuerpo: { rips: { ...ripsDe(numO), numDocumentoIdObligado: '530520110' }, xmlFevFile: xmlFev(numO) },
      esperado: 403,
    });
    const numF = factura('OF');
    muv.fallarProximas('5xx');
    await llamar('post', '/rips', {
      cuerpo: { rips: ripsDe(numF), xmlFevFile: xmlFev(numF) },
      esperado: 502,
    });
    await llamar('post', '/rips', { cuerpo, cabeceras: sinCredenciales, esperado: 503 });
    await llamar('post', '/rips', { cuerpo: { rips: [] }, esperado: 400 });

    const lista = await llamar('get', '/rips', { esperado: 200 });
    expect(lista.body.items.length).toBeGreaterThanOrEqual(3);
    for (const id of [ok.body.id, rechLocal.body.id, rechMuv.body.id]) {
      await llamar('get', '/rips/{id}', { ruta: `/rips/${id}`, esperado: 200 });
    }
    await llamar('get', '/rips/{id}', { ruta: `/rips/${sinUuid}`, esperado: 404 });
    await llamar('get', '/rips/{id}/cuv', { ruta: `/rips/${ok.body.id}/cuv`, esperado: 200 });
    await llamar('get', '/rips/{id}/cuv', { ruta: `/rips/${rechLocal.body.id}/cuv`, esperado: 409 });
    await llamar('get', '/rips/{id}/cuv', { ruta: `/rips/${sinUuid}/cuv`, esperado: 404 });
    muv.fallas.latenciaMs = 1300;
    try {
      await llamar('get', '/rips/{id}/cuv', { ruta: `/rips/${ok.body.id}/cuv`, esperado: 502 });
    } finally {
      muv.fallas.latenciaMs = 0;
    }
  });
});

describe('RDA', () => {
  it('transmisiones: 201, 202, 422 (linter e IHCE), 409, 400; lecturas, traza y documento', async () => {
    const acept = await llamar('post', '/rda/desde-datos', {
      cuerpo: { tipo: 'consulta-externa', datos: datosUnicos('consulta-externa', 'rico') },
      cabeceras: { ...cab, 'Idempotency-Key': `k-${randomUUID()}` },
      esperado: 201,
    });
    const clave = `k-${randomUUID()}`;
    const cuerpoIdem = { tipo: 'paciente', datos: datosUnicos('paciente') };
    await llamar('post', '/rda/desde-datos', {
      cuerpo: cuerpoIdem,
      cabeceras: { ...cab, 'Idempotency-Key': clave },
      esperado: 201,
    });
    await llamar('post', '/rda/desde-datos', {
      cuerpo: { ...cuerpoIdem, datos: datosUnicos('paciente') },
      cabeceras: { ...cab, 'Idempotency-Key': clave },
      esperado: 409,
    });
    const d = datosUnicos('urgencias');
    d.paciente.numeroDocumento = PACIENTE_DESCONOCIDO;
    const rech = await llamar('post', '/rda/desde-datos', {
      cuerpo: { tipo: 'urgencias', datos: d },
      esperado: 422,
    });
    expect(rech.body.estado).toBe('rechazado');
    expect(rech.body.motivo).toMatch(/^Rechazado por la IHCE: EVOL-001 /);
    expect(acept.body.motivo).toBeNull();
    env.sim.fallas.programar({ tipo: 'error', status: 503, rutas: ['enviar'], veces: 1 });
    const temporal = await llamar('post', '/rda/desde-datos', {
      cuerpo: { tipo: 'hospitalizacion', datos: datosUnicos('hospitalizacion') },
      esperado: 202,
    });
    expect(temporal.body.errores[0]).toMatchObject({ codigo: 'IHCE-transient', fuente: 'ihce' });
    // A temporary failure is not a rejection of the document.
    expect(temporal.body.errores.map((e: { severidad: string }) => e.severidad)).not.toContain('rechazo');
    await llamar('post', '/rda/desde-datos', { cuerpo: { tipo: 'paciente' }, esperado: 400 });
    await llamar('post', '/rda/desde-datos', { cuerpo: cuerpoIdem, cabeceras: soloRips, esperado: 403 });

    await llamar('post', '/rda', {
      cuerpo: { tipo: 'paciente', bundle: construirBundle('paciente', datosUnicos('paciente')) },
      esperado: 201,
    });
    const bundle = construirBundle('consulta-externa', datosUnicos('consulta-externa'));
    (bundle as { type: string }).type = 'collection';
    const generado = await llamar('post', '/rda', {
      cuerpo: { tipo: 'consulta-externa', bundle },
      esperado: 422,
    });
    expect(generado.body.estado).toBe('generado');
    expect(generado.body.motivo).toMatch(/^No se envió: el linter encontró hallazgos bloqueantes: RDA/);
    await llamar('post', '/rda', { cuerpo: { tipo: 'paciente' }, esperado: 400 });
    env.sim.fallas.programar({ tipo: 'error', status: 503, rutas: ['enviar'], veces: 1 });
    const cuerpoRda = { tipo: 'urgencias', bundle: construirBundle('urgencias', datosUnicos('urgencias')) };
    const claveRda = `k-${randomUUID()}`;
    await llamar('post', '/rda', {
      cuerpo: cuerpoRda,
      cabeceras: { ...cab, 'Idempotency-Key': claveRda },
      esperado: 202,
    });
    await llamar('post', '/rda', {
      cuerpo: { ...cuerpoRda, bundle: construirBundle('urgencias', datosUnicos('urgencias')) },
      cabeceras: { ...cab, 'Idempotency-Key': claveRda },
      esperado: 409,
    });
    await llamar('get', '/rda', { ruta: '/rda?estado=xx', esperado: 400 });
    await llamar('get', '/rda', { ruta: '/rda?limit=abc', esperado: 400 });

    await llamar('get', '/rda', { esperado: 200 });
    await llamar('get', '/rda', { ruta: '/rda?estado=aceptado&limit=5&offset=0', esperado: 200 });
    for (const id of [acept.body.id, rech.body.id, temporal.body.id, generado.body.id]) {
      await llamar('get', '/rda/{id}', { ruta: `/rda/${id}`, esperado: 200 });
      await llamar('get', '/rda/{id}/eventos', { ruta: `/rda/${id}/eventos`, esperado: 200 });
    }
    await llamar('get', '/rda/{id}', { ruta: `/rda/${sinUuid}`, esperado: 404 });
    await llamar('get', '/rda/{id}/eventos', { ruta: `/rda/${sinUuid}/eventos`, esperado: 404 });

    await llamar('get', '/rda/{id}/ihce', { ruta: `/rda/${acept.body.id}/ihce`, esperado: 200 });
    await llamar('get', '/rda/{id}/ihce', { ruta: `/rda/${rech.body.id}/ihce`, esperado: 409 });
    await llamar('get', '/rda/{id}/ihce', { ruta: `/rda/${sinUuid}/ihce`, esperado: 404 });
    env.sim.fallas.programar({ tipo: 'error', status: 500, rutas: ['documento'], veces: 1 });
    await llamar('get', '/rda/{id}/ihce', { ruta: `/rda/${acept.body.id}/ihce`, esperado: 502 });
  });

  it('POST /rda/consultas: 200 con y sin cursor, 400, 410, 502, 503', async () => {
    const paciente = { tipo: 'CC', numero: '1020304050' };
    const humanuser = { tipo: 'CC', numero: '79000111' };
    // More than one page of encounters for the fixture's patient.
    for (let i = 0; i < 11; i++) {
      await pedir(env.s.url, '/rda/desde-datos', {
        cuerpo: { tipo: 'urgencias', datos: datosUnicos('urgencias') },
        cabeceras: cab,
      });
    }
    const p1 = await llamar('post', '/rda/consultas', {
      cuerpo: { alcance: 'encuentros', paciente, humanuser },
      esperado: 200,
    });
    expect(p1.body.siguiente).toBeTruthy();
    await llamar('post', '/rda/consultas', { cuerpo: { paciente, humanuser }, esperado: 200 });
    await llamar('post', '/rda/consultas', { cuerpo: { paciente }, esperado: 400 });
    env.sim.expirarPaginas();
    await llamar('post', '/rda/consultas', {
      cuerpo: { alcance: 'encuentros', paciente, humanuser, cursor: p1.body.siguiente },
      esperado: 410,
    });
    env.sim.fallas.programar({ tipo: 'error', status: 500, rutas: ['consultar'], veces: 1 });
    await llamar('post', '/rda/consultas', { cuerpo: { paciente, humanuser }, esperado: 502 });
    await llamar('post', '/rda/consultas', {
      cuerpo: { paciente, humanuser },
      cabeceras: sinCredenciales,
      esperado: 503,
    });
  });

  it('documentos: construir, validar, validar-oficial', async () => {
    const datos = datosUnicos('consulta-externa', 'rico');
    const c = await llamar('post', '/rda/construir', {
      cuerpo: { tipo: 'consulta-externa', datos, fechaEvaluacion: '2026-11-20T15:00:00Z' },
      esperado: 200,
    });
    await llamar('post', '/rda/construir', {
      cuerpo: { tipo: 'consulta-externa', datos: {} },
      esperado: 400,
    });
    await llamar('post', '/rda/validar', { cuerpo: { bundle: c.body.bundle }, esperado: 200 });
    await llamar('post', '/rda/validar', {
      cuerpo: { bundle: { resourceType: 'Bundle', type: 'collection' } },
      esperado: 200,
    });
    await llamar('post', '/rda/validar', { cuerpo: {}, esperado: 400 });
    // The official validator is the $validate stand-in of RDA_VALIDADOR_URL.
    const oficial = await llamar('post', '/rda/validar-oficial', {
      cuerpo: { bundle: c.body.bundle },
      esperado: 200,
    });
    expect(oficial.body.porSeveridad).toEqual({ fatal: 0, error: 0, warning: 1, information: 1 });
    const sinSalida = await llamar('post', '/rda/validar-oficial', {
      cuerpo: { bundle: { ...c.body.bundle, id: 'sin-salida' } },
      esperado: 502,
    });
    expect(sinSalida.body.codigo).toBe('upstream-no-disponible');
    await llamar('post', '/rda/validar-oficial', { cuerpo: {}, esperado: 400 });
  });
});

describe('errores comunes a toda ruta', () => {
  it('sin credencial → 401; otra entidad en X-Tenant o módulo no contratado → 403, en cada ruta', async () => {
    for (const r of RUTAS) {
      const ruta = r.ruta.replace(/:(\w+)/g, sinUuid);
      const p = plantillaDe(r.ruta);
      const metodo = r.metodo as 'get' | 'post';
      const cuerpo = r.metodo === 'post' ? { cuerpo: {} } : {};
      const anonimo = await llamar(metodo, p, { ruta, cabeceras: {}, ...cuerpo, esperado: 401 });
      expect(anonimo.headers.get('www-authenticate')).toBe('ApiKey realm="motor", Bearer realm="motor"');
      await llamar(metodo, p, {
        ruta,
        cabeceras: { ...cab, 'X-Tenant': 'otra-entidad' },
        ...cuerpo,
        esperado: 403,
      });
      if (r.permiso) {
        const sinModulo = r.permiso.startsWith('rips:') ? soloRda : soloRips;
        await llamar(metodo, p, { ruta, cabeceras: sinModulo, ...cuerpo, esperado: 403 });
      }
    }
  });

  it('rutas con cuerpo: JSON mal formado → 400, codificación desconocida → 415, demasiado grande → 413', async () => {
    for (const r of RUTAS.filter((x) => x.cuerpo)) {
      const p = plantillaDe(r.ruta);
      const json = { ...cab, 'content-type': 'application/json' };
      await llamar('post', p, { crudo: '{"a": ', cabeceras: json, esperado: 400 });
      await llamar('post', p, {
        crudo: Buffer.from('{}'),
        cabeceras: { ...json, 'content-encoding': 'compress' },
        esperado: 415,
      });
      await llamar('post', p, {
        crudo: JSON.stringify({ relleno: 'a'.repeat(LIMITE_CUERPO + 10) }),
        cabeceras: json,
        esperado: 413,
      });
    }
  });

  it('método no admitido en una ruta existente → 405 con Allow y cuerpo de error; ruta desconocida → 404', async () => {
    const error = ajv.compile({ $ref: '#/components/schemas/Error', components: doc.components });
    const casos: [string, string, string][] = [
      ['DELETE', '/rips', 'GET, HEAD, POST'],
      ['PUT', `/rips/${sinUuid}`, 'GET, HEAD'],
      ['POST', `/rda/${sinUuid}/eventos`, 'GET, HEAD'],
      ['GET', '/rips/validar', 'POST'],
      ['PATCH', '/sesion/', 'GET, HEAD'],
      ['POST', '/health', 'GET, HEAD'],
      ['DELETE', '/openapi.json', 'GET, HEAD'],
    ];
    for (const [metodo, ruta, permitidos] of casos) {
      const r = await pedir(env.s.url, ruta, { metodo, cabeceras: cab });
      expect(r.status, `${metodo} ${ruta}`).toBe(405);
      expect(r.headers.get('allow'), `${metodo} ${ruta}`).toBe(permitidos);
      expect(r.body.codigo).toBe('metodo-no-permitido');
      expect(r.body.error).toContain(metodo);
      expect(error(r.body), JSON.stringify(error.errors)).toBe(true);
    }
    const nada = await pedir(env.s.url, '/rips/a/b/c', { metodo: 'DELETE', cabeceras: cab });
    expect(nada.status).toBe(404);
    // HEAD of a GET route is the GET without a body.
    expect((await pedir(env.s.url, '/sesion', { metodo: 'HEAD', cabeceras: cab })).status).toBe(200);
  });

  it('valores inválidos en la consulta o el cuerpo → 400 en español que nombra el parámetro y los valores admitidos', async () => {
    const casos: [string, string, unknown, RegExp][] = [
      ['get', '/rda?estado=xx', undefined, /«estado».*generado, validado, enviado, aceptado, rechazado/],
      ['get', '/rda?estado=aceptado&estado=rechazado', undefined, /«estado» debe aparecer una sola vez/],
      ['get', '/rda?limit=abc', undefined, /«limit» debe ser un número entero entre 1 y 200/],
      ['get', '/rda?limit=1.5', undefined, /«limit» debe ser un número entero/],
      ['get', '/rda?limit=500', undefined, /Paginación inválida/],
      ['get', '/rda?offset=-1', undefined, /Paginación inválida/],
      [
        'post',
        '/rda/validar',
        { bundle: {}, tipo: 'xx' },
        /«tipo».*paciente, consulta-externa, hospitalizacion, urgencias/,
      ],
      ['post', '/rda/validar', { bundle: {}, fechaEvaluacion: 'ayer' }, /«fechaEvaluacion».*ISO 8601/],
      ['post', '/rda/construir', { tipo: 'xx', datos: {} }, /«tipo».*consulta-externa/],
      ['post', '/rda/desde-datos', { tipo: 5, datos: {} }, /«tipo».*consulta-externa/],
      [
        'post',
        '/rda/consultas',
        {
          alcance: 'xx',
          paciente: { tipo: 'CC', numero: '1020304050' },
          humanuser: { tipo: 'CC', numero: '79000111' },
        },
        /«alcance».*paciente, encuentros/,
      ],
      [
        'post',
        '/rips/validar',
        { rips: ripsValido(), fechaEvaluacion: 'ayer' },
        /«fechaEvaluacion».*ISO 8601/,
      ],
    ];
    for (const [metodo, ruta, cuerpo, patron] of casos) {
      const plantilla = ruta.split('?')[0]!;
      const r = await llamar(metodo as 'get' | 'post', plantilla, { ruta, cuerpo, esperado: 400 });
      expect(r.body.codigo).toBe('entrada-invalida');
      expect(r.body.error, ruta).toMatch(patron);
      expect(JSON.stringify(r.body), ruta).not.toMatch(/Variable|Expected|cannot represent|got invalid/);
    }
  });
});

describe('GraphQL', () => {
  it('/graphql sin credencial o con una inválida → 401 con WWW-Authenticate, como REST', async () => {
    const casos: Record<string, string>[] = [
      {},
      { 'x-api-key': 'rda_no-existe' },
      { authorization: 'Bearer no.es.jwt' },
    ];
    for (const cabeceras of casos) {
      const r = await graphql(env.s.url, '{ sesion { permisos } }', cabeceras);
      expect(r.status, JSON.stringify(cabeceras)).toBe(401);
      expect(r.headers.get('www-authenticate')).toBe(DESAFIO_AUTENTICACION);
      expect(r.body.errors[0].extensions.codigo).toBe(
        Object.keys(cabeceras).length ? 'credencial-invalida' : 'no-autenticado',
      );
    }
    const rest = await pedir(env.s.url, '/sesion', { cabeceras: { 'x-api-key': 'rda_no-existe' } });
    expect(rest.status).toBe(401);
    expect(rest.headers.get('www-authenticate')).toBe(DESAFIO_AUTENTICACION);
  });
});

describe('base de datos arrancando o inalcanzable', () => {
  it('toda ruta documentada responde 503 bd-arrancando con Retry-After; /health 200; /ready 503', async () => {
    sinBd = await arrancar(
      loadConfig({
        NODE_ENV: 'test',
        DATABASE_URL: `postgres://motor:motor@127.0.0.1:${await puertoFueraDelRangoEfimero()}/motor`,
        PORT: '0',
        HOST: '127.0.0.1',
        DEMO: 'false',
        CREDENTIALS_KEY: CLAVE_CREDENCIALES_PRUEBA,
        LOG_LEVEL: 'silent',
        DB_CONNECT_TIMEOUT_MS: '500',
        DB_RETRY_AFTER_SECONDS: '3',
        SHUTDOWN_DRAIN_SECONDS: '1',
        MUV_BASE_URL: muv.url,
        IHCE_SIMULADOR: 'false',
      }),
    );
    for (const [plantilla, operaciones] of Object.entries(doc.paths)) {
      for (const metodo of Object.keys(operaciones) as ('get' | 'post')[]) {
        const ruta = plantilla.replace(/\{\w+\}/g, sinUuid);
        const r = await llamar(metodo, plantilla, {
          url: sinBd.url,
          ruta,
          ...(metodo === 'post' ? { cuerpo: {} } : {}),
        });
        const nombre = `${metodo.toUpperCase()} ${plantilla}`;
        if (plantilla === '/health') {
          expect(r.status, nombre).toBe(200);
          continue;
        }
        expect(r.status, nombre).toBe(503);
        expect(r.body.codigo, nombre).toBe('bd-arrancando');
        expect(r.headers.get('retry-after'), nombre).toBe('3');
      }
    }
  });
});

describe('cobertura del contrato', () => {
  /**
   * Pairs /openapi.json declares that this file cannot produce, each with its reason. Keep it empty:
   * a pair that cannot happen is a contract error to fix in the route table.
   */
  const NO_PROVOCABLES = new Map<string, string>();

  it('toda ruta y estado que declara /openapi.json fue producido y validado', () => {
    const declarados: string[] = [];
    for (const [plantilla, operaciones] of Object.entries(doc.paths)) {
      for (const [metodo, op] of Object.entries(operaciones)) {
        for (const estado of Object.keys(op.responses)) {
          declarados.push(`${metodo.toUpperCase()} ${plantilla} ${estado}`);
        }
      }
    }
    const faltan = declarados.filter((x) => !cubiertos.has(x) && !NO_PROVOCABLES.has(x));
    console.info(
      `OpenAPI: ${cubiertos.size} combinaciones ruta/estado validadas de ${declarados.length} declaradas`,
    );
    expect(faltan, 'declarados en /openapi.json y nunca producidos aquí').toEqual([]);
    // Every route of the table is in the document (a route left out of it would escape this check).
    for (const r of RUTAS) expect(doc.paths[plantillaDe(r.ruta)]?.[r.metodo], r.ruta).toBeDefined();
  });
});
