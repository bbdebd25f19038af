import { randomUUID } from 'node:crypto';
import { type Client, type ClientOptions, createClient, type ExecutionResult } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { BusEventosEnProceso } from '../src/eventos/bus.js';
import { iniciarSimulador } from '../src/simuladores/ihce/servidor.js';
import { clienteSandbox, datosUnicos } from './ihce.js';
import { iniciarEmisor } from './issuer.js';
import { iniciarServicio, pedir } from './servidor.js';

type Servicio = Awaited<ReturnType<typeof iniciarServicio>>;
type Simulador = Awaited<ReturnType<typeof iniciarSimulador>>;
type Emisor = Awaited<ReturnType<typeof iniciarEmisor>>;

let sim: Simulador;
let emisor: Emisor;
/** Instance A: its worker (queue `cola`) completes the transmissions. */
let a: Servicio;
/** Instance B: same database, a queue of its own (it never runs A's jobs); the subscribers connect here. */
let b: Servicio;
let x: { entidad: { id: string; slug: string }; clave: string };
let y: { entidad: { id: string; slug: string }; clave: string };
const clientes: Client[] = [];

beforeAll(async () => {
  sim = await iniciarSimulador();
  emisor = await iniciarEmisor();
  const ihce = {
    IHCE_BASE_URL: sim.baseUrl,
    IHCE_TOKEN_URL: sim.tokenUrl,
    RDA_REINTENTO_BASE_SEGUNDOS: '1',
    IHCE_TIMEOUT_MS: '1500',
  };
  // One after the other: pg-boss creating two queues at once on one database can deadlock.
  a = await iniciarServicio({ ...ihce, RDA_COLA: `susc-a-${randomUUID()}` });
  b = await iniciarServicio({
    ...ihce,
    RDA_COLA: `susc-b-${randomUUID()}`,
    ...emisor.entorno,
    GRAPHQL_WS_MAX_SUBSCRIPTIONS_PER_CONNECTION: '3',
    GRAPHQL_WS_MAX_CONNECTIONS_PER_ENTITY: '4',
  });
  const conIhce = async (base: string) => {
    const e = await a.crearEntidad(base);
    const c = clienteSandbox();
    sim.registrarCliente(c);
    await a.servicio.servicios.credenciales.guardar(a.em(), e.entidad, 'ihce', { ...c });
    return e;
  };
  [x, y] = await Promise.all([conIhce('susc-x'), conIhce('susc-y')]);
});

afterAll(async () => {
  await Promise.all(clientes.map((c) => c.dispose()));
  await Promise.all([a?.cerrar(), b?.cerrar()]);
  await sim?.detener();
  await emisor?.cerrar();
});

const wsUrl = (s: Servicio) => `${s.url.replace(/^http/, 'ws')}/graphql`;

function cliente(s: Servicio, params?: Record<string, unknown>, o: Partial<ClientOptions> = {}): Client {
  const c = createClient({
    url: wsUrl(s),
    webSocketImpl: WebSocket,
    connectionParams: params,
    retryAttempts: 0,
    lazy: true,
    ...o,
  });
  clientes.push(c);
  return c;
}

async function esperarQue(cond: () => boolean, ms = 20_000, que = 'la condición'): Promise<void> {
  const fin = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > fin) throw new Error(`No se cumplió ${que} en ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

interface Suscripcion {
  datos: any[];
  errores: any[];
  error: any;
  completa: boolean;
  terminar: () => void;
}

function suscribir(c: Client, query: string, variables?: Record<string, unknown>): Suscripcion {
  const s: Suscripcion = { datos: [], errores: [], error: undefined, completa: false, terminar: () => {} };
  s.terminar = c.subscribe(
    { query, variables },
    {
      next: (r: ExecutionResult<any>) => {
        if (r.data) s.datos.push(r.data);
        if (r.errors) s.errores.push(...r.errors);
      },
      error: (e) => {
        s.error = e;
      },
      complete: () => {
        s.completa = true;
      },
    },
  );
  return s;
}

/** Subscriptions active on an instance's event bus (a subscription is live once this counts it). */
const activas = (s: Servicio) => (s.servicio.servicios.eventos as BusEventosEnProceso).suscriptores;

async function suscribirActiva(
  s: Servicio,
  c: Client,
  query: string,
  variables?: Record<string, unknown>,
): Promise<Suscripcion> {
  const antes = activas(s);
  const r = suscribir(c, query, variables);
  await esperarQue(() => activas(s) > antes || r.error !== undefined || r.completa, 10_000, 'la suscripción');
  return r;
}

const CAMPOS =
  'id tipo fecha datos { id tipo estado estadoAnterior evento intento vida compositionId intentos origen }';
const DE_LA_ENTIDAD = `subscription { transmisionesDeLaEntidad { ${CAMPOS} } }`;
const UNA = `subscription($id: ID!) { transmisionActualizada(id: $id) { ${CAMPOS} } }`;

describe('suscripciones GraphQL (graphql-ws) entre instancias', () => {
  it('recibe enviado → aceptado de una transmisión cuyo primer envío falló; el cambio lo hace la otra instancia', async () => {
    const cx = cliente(b, { 'X-Api-Key': x.clave });
    const cy = cliente(b, { 'x-api-key': y.clave });
    const cyA = cliente(a, { authorization: undefined, 'X-API-KEY': y.clave });
    const todas = await suscribirActiva(b, cx, DE_LA_ENTIDAD);
    const soloAceptadas = await suscribirActiva(
      b,
      cx,
      'subscription { transmisionesDeLaEntidad(estados: [ACEPTADO]) { id datos { estado } } }',
    );
    const ajena = await suscribirActiva(b, cy, DE_LA_ENTIDAD);
    const ajenaEnA = await suscribirActiva(a, cyA, DE_LA_ENTIDAD);

    // Attempts 1 and 2 get 503, the third (A's worker, 1 s then 2 s later) is accepted.
    sim.fallas.programar({ tipo: 'error', status: 503, rutas: ['enviar'], veces: 2 });
    const r = await pedir(a.url, '/rda/desde-datos', {
      cuerpo: { tipo: 'urgencias', datos: datosUnicos('urgencias') },
      cabeceras: { 'x-api-key': x.clave },
    });
    expect(r.status).toBe(202);
    expect(r.body.estado).toBe('enviado');
    const id = r.body.id as string;
    const una = await suscribirActiva(b, cx, UNA, { id });

    await esperarQue(
      () => una.datos.some((d) => d.transmisionActualizada.datos.estado === 'ACEPTADO'),
      30_000,
      'el aceptado en la suscripción de la transmisión',
    );
    await esperarQue(() => todas.datos.some((d) => d.transmisionesDeLaEntidad.datos.estado === 'ACEPTADO'));
    expect(una.errores).toEqual([]);
    expect(una.error).toBeUndefined();

    // The change was made by A's worker (B's queue is another one).
    const traza = (await pedir(b.url, `/rda/${id}/eventos`, { cabeceras: { 'x-api-key': x.clave } })).body;
    expect(traza.at(-1)).toMatchObject({ tipo: 'aceptado', actor: 'worker' });

    const deUna = una.datos.map((d) => d.transmisionActualizada);
    expect(deUna.slice(-2)).toMatchObject([
      { tipo: 'TRANSMISION_ENVIADO', datos: { id, estado: 'ENVIADO', evento: 'ENVIADO', intento: 3 } },
      {
        tipo: 'TRANSMISION_ACEPTADO',
        datos: { id, tipo: 'URGENCIAS', estado: 'ACEPTADO', estadoAnterior: 'ENVIADO', intentos: 3 },
      },
    ]);
    // The platform's acceptance carries no VIDA (issue 32): the Composition id is what it gave.
    expect(deUna.at(-1).datos.vida).toBeNull();
    expect(deUna.at(-1).datos.compositionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(deUna.map((e) => e.id)).size).toBe(deUna.length);
    for (const e of deUna) expect(Number.isNaN(Date.parse(e.fecha))).toBe(false);

    // The entity-wide one saw the whole life, in order, from the first commit.
    const deTodas = todas.datos.map((d) => d.transmisionesDeLaEntidad).filter((e) => e.datos.id === id);
    expect(deTodas.map((e) => e.datos.evento)).toEqual([
      'GENERADO',
      'VALIDADO',
      'ENVIADO',
      'REINTENTO_PROGRAMADO',
      'ENVIADO',
      'REINTENTO_PROGRAMADO',
      'ENVIADO',
      'ACEPTADO',
    ]);
    expect(deTodas.map((e) => e.datos.intento)).toEqual([null, null, 1, 1, 2, 2, 3, 3]);
    await esperarQue(() => soloAceptadas.datos.length > 0);
    expect(soloAceptadas.datos.map((d) => d.transmisionesDeLaEntidad)).toEqual([
      { id: deUna.at(-1).id, datos: { estado: 'ACEPTADO' } },
    ]);

    // Another entity's subscriptions, on either instance, got nothing.
    await new Promise((res) => setTimeout(res, 500));
    expect(ajena.datos).toEqual([]);
    expect(ajenaEnA.datos).toEqual([]);
    expect(ajena.errores).toEqual([]);

    // Completing a subscription removes it from the bus.
    const antes = activas(b);
    una.terminar();
    await esperarQue(() => activas(b) === antes - 1, 5000, 'la baja en el bus');
  });

  it('una transmisión de otra entidad (o inexistente) → NOT_FOUND, como la consulta', async () => {
    const r = await pedir(a.url, '/rda/desde-datos', {
      cuerpo: { tipo: 'paciente', datos: datosUnicos('paciente') },
      cabeceras: { 'x-api-key': x.clave },
    });
    expect(r.status).toBe(201);
    const cy = cliente(b, { 'X-Api-Key': y.clave });
    for (const id of [r.body.id, randomUUID(), 'no-es-uuid']) {
      const s = suscribir(cy, UNA, { id });
      await esperarQue(() => s.completa || s.error !== undefined);
      expect(s.datos).toEqual([]);
      expect(s.errores[0]).toMatchObject({
        message: 'La transmisión no existe.',
        path: ['transmisionActualizada'],
        extensions: { code: 'NOT_FOUND', codigo: 'no-encontrado' },
      });
    }
  });
});

describe('autenticación de la conexión', () => {
  const cierre = async (c: Client) => {
    const s = suscribir(c, DE_LA_ENTIDAD);
    await esperarQue(() => s.error !== undefined, 10_000, 'el cierre');
    return s.error as { code: number; reason: string };
  };

  it('sin credencial → cierre 4401 con el motivo en español', async () => {
    const e = await cierre(cliente(b));
    expect(e.code).toBe(4401);
    expect(e.reason).toBe(
      'Falta la credencial: envíe X-Api-Key o Authorization: Bearer en connectionParams.',
    );
  });

  it('credencial inválida → 4401; X-Tenant ajeno → 4403; parámetro no textual → 4400', async () => {
    const mala = await cierre(cliente(b, { 'X-Api-Key': `rda_${'x'.repeat(43)}` }));
    expect(mala).toMatchObject({ code: 4401, reason: 'Credencial inválida: API key desconocida.' });
    const tenant = await cierre(cliente(b, { 'X-Api-Key': x.clave, 'X-Tenant': y.entidad.slug }));
    expect(tenant.code).toBe(4403);
    expect(tenant.reason).toMatch(/^La API key no pertenece a la entidad/);
    expect(Buffer.byteLength(tenant.reason)).toBeLessThanOrEqual(123);
    const numero = await cierre(cliente(b, { 'X-Api-Key': 12345 }));
    expect(numero).toMatchObject({ code: 4400, reason: 'connectionParams.X-Api-Key debe ser texto.' });
  });

  it('Authorization: Bearer (OIDC) como en HTTP; el socket se cierra 4401 cuando el token vence', async () => {
    const exp = Math.floor(Date.now() / 1000) + 2;
    const token = await emisor.firmar({ groups: [`${x.entidad.slug}:auditor`] }, { exp });
    const c = cliente(b, { Authorization: `Bearer ${token}` });
    const s = await suscribirActiva(b, c, DE_LA_ENTIDAD);
    expect(s.error).toBeUndefined();
    await esperarQue(() => s.error !== undefined, 10_000, 'el vencimiento');
    expect(s.error).toMatchObject({
      code: 4401,
      reason: 'El token venció: vuelva a conectarse con uno vigente.',
    });
  });

  it('una API key revocada deja de valer en el siguiente subscribe: cierre 4401', async () => {
    const z = await a.crearEntidad('susc-revocada');
    const c = cliente(b, { 'X-Api-Key': z.clave });
    const primera = await suscribirActiva(b, c, DE_LA_ENTIDAD);
    expect(primera.error).toBeUndefined();
    const em = a.em();
    const entidad = await a.servicio.servicios.entidades.porSlug(em, z.entidad.slug);
    const [clave] = await a.servicio.servicios.entidades.listarApiKeys(em, entidad);
    await a.servicio.servicios.entidades.revocarApiKey(em, entidad, clave!.id);
    // The revocation reaches B's cache through the database notice; the next subscribe checks again.
    for (let i = 0; i < 40 && primera.error === undefined; i++) {
      const otra = suscribir(c, DE_LA_ENTIDAD);
      await new Promise((r) => setTimeout(r, 250));
      otra.terminar();
    }
    expect(primera.error).toMatchObject({
      code: 4401,
      reason: 'Credencial inválida: la API key fue revocada.',
    });
  });
});

describe('autorización y límites', () => {
  it('un campo que la credencial no puede leer (módulo no contratado) → FORBIDDEN, sin suscribirse', async () => {
    const soloRips = await a.crearEntidad('susc-solo-rips', ['rips']);
    const c = cliente(b, { 'X-Api-Key': soloRips.clave });
    const antes = activas(b);
    const s = suscribir(c, DE_LA_ENTIDAD);
    await esperarQue(() => s.completa || s.error !== undefined);
    expect(s.errores[0]).toMatchObject({
      path: ['transmisionesDeLaEntidad'],
      extensions: { code: 'FORBIDDEN', codigo: 'modulo-no-contratado', modulo: 'rda' },
    });
    expect(activas(b)).toBe(antes);
    // The filings' field is allowed for the same key.
    const r = await suscribirActiva(b, c, 'subscription { radicacionesDeLaEntidad { id } }');
    expect(r.error).toBeUndefined();
    expect(r.errores).toEqual([]);
    r.terminar();
  });

  it('los límites de documento de /graphql se aplican al texto de la suscripción', async () => {
    const c = cliente(b, { 'X-Api-Key': x.clave });
    const alias = Array.from({ length: 20 }, (_, i) => `a${i}: id`).join(' ');
    const s = suscribir(c, `subscription { transmisionesDeLaEntidad { ${alias} } }`);
    await esperarQue(() => s.error !== undefined || s.completa);
    expect(s.error).toEqual([
      expect.objectContaining({
        message: 'La operación usa 20 alias; el máximo es 15 (GRAPHQL_MAX_ALIASES).',
        extensions: expect.objectContaining({
          code: 'GRAPHQL_VALIDATION_FAILED',
          codigo: 'consulta-demasiado-compleja',
        }),
      }),
    ]);
    const tokens = suscribir(c, `subscription { transmisionesDeLaEntidad { ${'id '.repeat(1200)} } }`);
    await esperarQue(() => tokens.error !== undefined);
    expect(tokens.error[0].message).toMatch(/GRAPHQL_MAX_TOKENS/);
  });

  it('consultas y mutaciones no van por el socket; documentos inválidos → errores en español', async () => {
    const c = cliente(b, { 'X-Api-Key': x.clave });
    const q = suscribir(c, '{ sesion { permisos } }');
    await esperarQue(() => q.error !== undefined);
    expect(q.error[0]).toMatchObject({
      message:
        'Por WebSocket solo se admiten suscripciones (subscription): envíe consultas y mutaciones por HTTP a POST /graphql.',
      extensions: { code: 'BAD_USER_INPUT', codigo: 'entrada-invalida' },
    });
    const sintaxis = suscribir(c, 'subscription {');
    await esperarQue(() => sintaxis.error !== undefined);
    expect(sintaxis.error[0].extensions).toMatchObject({
      code: 'GRAPHQL_PARSE_FAILED',
      codigo: 'entrada-invalida',
    });
    const dos = suscribir(
      c,
      'subscription { transmisionesDeLaEntidad { id } radicacionesDeLaEntidad { id } }',
    );
    await esperarQue(() => dos.error !== undefined);
    expect(dos.error[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const vacia = suscribir(c, 'subscription { transmisionesDeLaEntidad(estados: []) { id } }');
    await esperarQue(() => vacia.completa);
    expect(vacia.errores[0].message).toMatch(/no puede ser una lista vacía/);
    const enumMala = suscribir(
      c,
      'subscription($e: [EstadoTransmision!]) { transmisionesDeLaEntidad(estados: $e) { id } }',
      {
        e: ['enviado'],
      },
    );
    await esperarQue(() => enumMala.completa || enumMala.error !== undefined);
    expect(enumMala.errores[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('a lo sumo N suscripciones por conexión y M conexiones por entidad (por instancia)', async () => {
    const z = await a.crearEntidad('susc-limites');
    const c = cliente(b, { 'X-Api-Key': z.clave });
    const s = [];
    for (let i = 0; i < 3; i++) s.push(await suscribirActiva(b, c, DE_LA_ENTIDAD));
    const cuarta = suscribir(c, DE_LA_ENTIDAD);
    await esperarQue(() => cuarta.error !== undefined);
    expect(cuarta.error[0]).toMatchObject({
      extensions: { code: 'TOO_MANY_REQUESTS', codigo: 'demasiadas-solicitudes' },
    });
    expect(cuarta.error[0].message).toMatch(/GRAPHQL_WS_MAX_SUBSCRIPTIONS_PER_CONNECTION/);
    // Completing one frees its place.
    s[0]!.terminar();
    await new Promise((r) => setTimeout(r, 100));
    expect((await suscribirActiva(b, c, DE_LA_ENTIDAD)).error).toBeUndefined();

    for (let i = 0; i < 3; i++) await suscribirActiva(b, cliente(b, { 'X-Api-Key': z.clave }), DE_LA_ENTIDAD);
    const quinta = suscribir(cliente(b, { 'X-Api-Key': z.clave }), DE_LA_ENTIDAD);
    await esperarQue(() => quinta.error !== undefined);
    expect(quinta.error.code).toBe(4429);
    expect(quinta.error.reason).toMatch(/GRAPHQL_WS_MAX_CONNECTIONS_PER_ENTITY/);
  });
});

describe('transporte', () => {
  const abrir = (s: Servicio, ruta: string, cabeceras: Record<string, string> = {}) =>
    new Promise<{ status?: number; abierto?: WebSocket; cuerpo?: string }>((resolver) => {
      const ws = new WebSocket(`${s.url.replace(/^http/, 'ws')}${ruta}`, 'graphql-transport-ws', {
        headers: cabeceras,
      });
      ws.on('open', () => resolver({ abierto: ws }));
      ws.on('unexpected-response', (_req, res) => {
        let cuerpo = '';
        res.on('data', (d) => {
          cuerpo += d;
        });
        res.on('end', () => resolver({ status: res.statusCode, cuerpo }));
      });
      ws.on('error', () => {});
    });

  it('Origin fuera de CORS_ORIGINS → 403; el mismo host o sin Origin se aceptan; otra ruta → 404', async () => {
    const ajeno = await abrir(b, '/graphql', { Origin: 'https://malicioso.example' });
    expect(ajeno.status).toBe(403);
    expect(JSON.parse(ajeno.cuerpo!)).toMatchObject({ codigo: 'sin-permiso' });
    const mismo = await abrir(b, '/graphql', { Origin: b.url });
    expect(mismo.abierto).toBeDefined();
    mismo.abierto!.close();
    const otra = await abrir(b, '/rda');
    expect(otra.status).toBe(404);
  });

  it('una suscripción por HTTP POST /graphql → 400 que remite al WebSocket', async () => {
    const r = await pedir(b.url, '/graphql', {
      cuerpo: { query: DE_LA_ENTIDAD },
      cabeceras: { 'x-api-key': x.clave },
    });
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toMatchObject({
      message: 'Las suscripciones se usan por WebSocket (protocolo graphql-ws) en /graphql, no por HTTP.',
      extensions: { code: 'BAD_USER_INPUT', codigo: 'entrada-invalida' },
    });
    expect(r.body.data).toBeUndefined();
  });

  it('el socket sobrevive a los plazos de solicitud HTTP; al detenerse, la instancia lo cierra con 1001', async () => {
    const c = await iniciarServicio({ REQUEST_TIMEOUT_SECONDS: '2', HEADERS_TIMEOUT_SECONDS: '1' });
    const e = await c.crearEntidad('susc-apagado');
    const cerrados: { code: number; reason: string }[] = [];
    const cl = cliente(c, { 'X-Api-Key': e.clave }, { on: { closed: (ev) => cerrados.push(ev as any) } });
    const s = await suscribirActiva(c, cl, DE_LA_ENTIDAD);
    await new Promise((r) => setTimeout(r, 3500));
    expect(cerrados).toEqual([]);
    expect(s.error).toBeUndefined();
    const t0 = Date.now();
    await c.cerrar();
    expect(Date.now() - t0).toBeLessThan(5000);
    await esperarQue(() => cerrados.length > 0 || s.error !== undefined, 5000, 'el cierre 1001');
    expect(cerrados[0] ?? s.error).toMatchObject({
      code: 1001,
      reason: 'El servicio se está deteniendo: vuelva a conectarse.',
    });
  });
});
