import { createHmac, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { crearEjecutor } from '../src/cli/conexion.js';
import { type Dependencias, ejecutarCli } from '../src/cli/programa.js';
import { loadConfig } from '../src/config.js';
import type { Modulo } from '../src/entidades/valores.js';
import type { TipoRda } from '../src/rda/tipos.js';
import { iniciarSimulador } from '../src/simuladores/ihce/servidor.js';
import { enServidor } from './db.js';
import { clienteSandbox, datosUnicos } from './ihce.js';
import { iniciarEmisor } from './issuer.js';
import { CLAVE_CREDENCIALES_PRUEBA, graphql, iniciarServicio, pedir } from './servidor.js';

/**
 * Signed webhooks end to end, on a database of its own (the relay reads every entity's events and its
 * position is global: a suite sharing the run's database would see other suites' events and
 * instances). The receiver is a node:http server on loopback.
 */

interface Recibida {
  ruta: string;
  cabeceras: http.IncomingHttpHeaders;
  cuerpo: string;
  json: { id: string; tipo: string; fecha: string; entidad: string; datos: Record<string, unknown> };
  status: number;
}

const recibidas: Recibida[] = [];
/** Status codes to answer per path, in order; 200 once exhausted (or always `fijas[ruta]`). */
const respuestas: Record<string, number[]> = {};
const fijas: Record<string, number> = {};
let receptor: http.Server;
let urlReceptor: string;

let aislada: Awaited<ReturnType<typeof enServidor>>;
let sim: Awaited<ReturnType<typeof iniciarSimulador>>;
let emisor: Awaited<ReturnType<typeof iniciarEmisor>>;
let env: Record<string, string>;
/** The running instance (replaced by the restart test). */
let s: Awaited<ReturnType<typeof iniciarServicio>>;
const cerrar: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  receptor = http.createServer((req, res) => {
    const trozos: Buffer[] = [];
    req.on('data', (c) => trozos.push(c));
    req.on('end', () => {
      const ruta = req.url ?? '';
      const status = fijas[ruta] ?? respuestas[ruta]?.shift() ?? 200;
      const cuerpo = Buffer.concat(trozos).toString('utf8');
      recibidas.push({ ruta, cabeceras: req.headers, cuerpo, json: JSON.parse(cuerpo), status });
      res
        .writeHead(status, { 'content-type': 'text/plain' })
        .end(status === 200 ? 'ok' : 'fallo del receptor');
    });
  });
  receptor.listen(0, '127.0.0.1');
  await once(receptor, 'listening');
  urlReceptor = `http://127.0.0.1:${(receptor.address() as AddressInfo).port}`;

  aislada = await enServidor(inject('databaseUrl'));
  sim = await iniciarSimulador();
  emisor = await iniciarEmisor();
  env = {
    DATABASE_URL: aislada.url,
    IHCE_BASE_URL: sim.baseUrl,
    IHCE_TOKEN_URL: sim.tokenUrl,
    RDA_COLA: `rda-webhooks-${randomUUID()}`,
    RDA_REINTENTO_BASE_SEGUNDOS: '1',
    IHCE_TIMEOUT_MS: '1500',
    WEBHOOK_COLA: `webhooks-${randomUUID()}`,
    WEBHOOK_INTENTOS: '6',
    WEBHOOK_REINTENTO_BASE_SEGUNDOS: '1',
    WEBHOOK_SONDEO_SEGUNDOS: '1',
    WEBHOOK_TIMEOUT_MS: '3000',
    ...emisor.entorno,
  };
  s = await iniciarServicio(env);
});

afterAll(async () => {
  for (const f of cerrar.reverse()) await f().catch(() => {});
  await s?.cerrar();
  await sim?.detener();
  await emisor?.cerrar();
  receptor?.closeAllConnections();
  await new Promise((r) => receptor?.close(r));
  await aislada?.limpiar();
});

/** An entity with the IHCE credentials registered here and in the simulator. */
async function entidad(base: string, modulos: Modulo[] = ['rips', 'rda']) {
  const e = await s.crearEntidad(base, modulos);
  const c = clienteSandbox();
  sim.registrarCliente(c);
  await s.servicio.servicios.credenciales.guardar(s.em(), e.entidad, 'ihce', { ...c });
  return { ...e, cab: { 'x-api-key': e.clave } };
}

const gql = (query: string, cab: Record<string, string>, variables?: Record<string, unknown>) =>
  graphql(s.url, query, cab, variables);

const REGISTRAR = `mutation($url: String!, $tipos: [TipoEventoDominio!], $descripcion: String) {
  registrarWebhook(url: $url, tipos: $tipos, descripcion: $descripcion) {
    secreto
    webhook { id url tipos descripcion activo creadoEn }
  }
}`;

async function registrar(cab: Record<string, string>, ruta: string, tipos?: string[]) {
  const r = await gql(REGISTRAR, cab, { url: urlReceptor + ruta, tipos, descripcion: `receptor ${ruta}` });
  expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
  return r.body.data.registrarWebhook as { secreto: string; webhook: { id: string; tipos: string[] } };
}

const ENTREGAS = `query($id: ID!, $first: Int, $after: String) {
  entregasWebhook(id: $id, first: $first, after: $after) {
    edges { cursor node { id eventoId tipo intento entregado status error respuesta duracionMs fecha } }
    pageInfo { hasNextPage endCursor }
    totalCount
  }
}`;

async function entregas(cab: Record<string, string>, id: string) {
  const r = await gql(ENTREGAS, cab, { id, first: 200 });
  expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
  return r.body.data.entregasWebhook as {
    edges: {
      node: {
        eventoId: string;
        tipo: string;
        intento: number;
        entregado: boolean;
        status: number | null;
        error: string | null;
        respuesta: string | null;
      };
    }[];
    totalCount: number;
  };
}

async function esperar<T>(
  que: string,
  fn: () => T | undefined | Promise<T | undefined>,
  ms = 25_000,
): Promise<T> {
  const fin = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > fin) throw new Error(`no ocurrió a tiempo: ${que}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function transmitir(cab: Record<string, string>, tipo: TipoRda = 'consulta-externa') {
  const datos = datosUnicos(tipo);
  const r = await pedir(s.url, '/rda/desde-datos', { cuerpo: { tipo, datos }, cabeceras: cab });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { id: r.body.id as string, documento: datos.paciente.numeroDocumento };
}

const deLaTransmision = (ruta: string, id: string) =>
  recibidas.filter((x) => x.ruta === ruta && x.json.datos.id === id);

/** Both checks: the reference library and a plain HMAC over `id.timestamp.body`. */
function verificar(secreto: string, x: Recibida) {
  const cab = {
    'webhook-id': String(x.cabeceras['webhook-id']),
    'webhook-timestamp': String(x.cabeceras['webhook-timestamp']),
    'webhook-signature': String(x.cabeceras['webhook-signature']),
  };
  expect(new Webhook(secreto).verify(x.cuerpo, cab)).toEqual(x.json);
  const propia = createHmac('sha256', Buffer.from(secreto.slice('whsec_'.length), 'base64'))
    .update(`${cab['webhook-id']}.${cab['webhook-timestamp']}.${x.cuerpo}`)
    .digest('base64');
  expect(cab['webhook-signature']).toBe(`v1,${propia}`);
}

describe('webhooks firmados', () => {
  let a: Awaited<ReturnType<typeof entidad>>;
  let webhookA: { secreto: string; webhook: { id: string; tipos: string[] } };

  it('el receptor recibe los eventos firmados de una transmisión real y la firma verifica', async () => {
    a = await entidad('wh-a');
    webhookA = await registrar(a.cab, '/a');
    expect(webhookA.secreto).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(webhookA.webhook.tipos).toEqual([]);
    const lista = await gql('{ webhooks { id url tipos activo descripcion } }', a.cab);
    expect(lista.body.data.webhooks).toEqual([
      {
        id: webhookA.webhook.id,
        url: `${urlReceptor}/a`,
        tipos: [],
        activo: true,
        descripcion: 'receptor /a',
      },
    ]);
    // The secret is never readable again.
    const sinSecreto = await gql('{ webhooks { secreto } }', a.cab);
    expect(sinSecreto.status).toBe(400);

    const t = await transmitir(a.cab);
    const cuatro = [
      'transmision.generado',
      'transmision.validado',
      'transmision.enviado',
      'transmision.aceptado',
    ];
    // Each event is its own delivery job: they may arrive in any order, so wait for all four.
    await esperar('los cuatro eventos de la transmisión en /a', () => {
      const tipos = new Set(deLaTransmision('/a', t.id).map((x) => x.json.tipo));
      return cuatro.every((c) => tipos.has(c));
    });
    const suyas = deLaTransmision('/a', t.id);
    expect(suyas.map((x) => x.json.tipo)).toEqual(expect.arrayContaining(cuatro));
    for (const x of suyas) {
      verificar(webhookA.secreto, x);
      expect(Object.keys(x.json)).toEqual(['id', 'tipo', 'fecha', 'entidad', 'datos']);
      expect(x.cabeceras['webhook-id']).toBe(x.json.id);
      expect(x.cabeceras['content-type']).toBe('application/json');
      expect(x.json.entidad).toBe(a.entidad.slug);
      expect(Date.parse(x.json.fecha)).not.toBeNaN();
      // Public fields only: never the patient's document.
      expect(x.cuerpo).not.toContain(t.documento);
    }
    const aceptado = suyas.find((x) => x.json.tipo === 'transmision.aceptado')!;
    expect(aceptado.json.datos).toMatchObject({ id: t.id, estado: 'aceptado', tipo: 'consulta-externa' });

    const log = await entregas(a.cab, webhookA.webhook.id);
    expect(log.totalCount).toBeGreaterThanOrEqual(suyas.length);
    const delAceptado = log.edges.filter((e) => e.node.eventoId === aceptado.json.id);
    expect(delAceptado.map((e) => e.node)).toEqual([
      expect.objectContaining({
        tipo: 'transmision.aceptado',
        intento: 1,
        entregado: true,
        status: 200,
        error: null,
      }),
    ]);
  });

  it('otra entidad nunca recibe estos eventos; el filtro de tipos se respeta', async () => {
    const b = await entidad('wh-b');
    const webhookB = await registrar(b.cab, '/b', ['TRANSMISION_ACEPTADO']);
    expect(webhookB.webhook.tipos).toEqual(['TRANSMISION_ACEPTADO']);
    const tb = await transmitir(b.cab, 'urgencias');
    const ta = await transmitir(a.cab, 'urgencias');
    await esperar('aceptado de b en /b', () => deLaTransmision('/b', tb.id).length > 0);
    await esperar('aceptado de a en /a', () =>
      deLaTransmision('/a', ta.id).some((x) => x.json.tipo === 'transmision.aceptado'),
    );
    await new Promise((r) => setTimeout(r, 1000));
    const enB = recibidas.filter((x) => x.ruta === '/b');
    expect(enB.map((x) => [x.json.tipo, x.json.datos.id, x.json.entidad])).toEqual([
      ['transmision.aceptado', tb.id, b.entidad.slug],
    ]);
    verificar(webhookB.secreto, enB[0]!);
    expect(recibidas.filter((x) => x.ruta === '/a' && x.json.entidad !== a.entidad.slug)).toEqual([]);
    expect(deLaTransmision('/a', tb.id)).toEqual([]);

    // Ids say nothing across entities: another entity's webhook is a 404.
    const ajeno = await gql(ENTREGAS, b.cab, { id: webhookA.webhook.id });
    expect(ajeno.body.errors[0].extensions.codigo).toBe('no-encontrado');
    const borrar = await gql('mutation($id: ID!) { eliminarWebhook(id: $id) }', b.cab, {
      id: webhookA.webhook.id,
    });
    expect(borrar.body.errors[0].extensions.codigo).toBe('no-encontrado');
    expect((await gql('{ webhooks { id } }', b.cab)).body.data.webhooks).toEqual([
      { id: webhookB.webhook.id },
    ]);
  });

  it('un receptor que responde 500 recibe reintentos hasta que responde 200; cada intento queda en el registro', async () => {
    const c = await entidad('wh-c');
    const w = await registrar(c.cab, '/c', ['TRANSMISION_ACEPTADO']);
    respuestas['/c'] = [500, 500];
    const t = await transmitir(c.cab, 'hospitalizacion');
    const llegadas = await esperar('tres intentos en /c', () => {
      const l = deLaTransmision('/c', t.id);
      return l.length >= 3 ? l : undefined;
    });
    expect(llegadas.map((x) => x.status)).toEqual([500, 500, 200]);
    // The same event every time: same webhook-id and body, a fresh timestamp and signature.
    expect(new Set(llegadas.map((x) => x.cabeceras['webhook-id'])).size).toBe(1);
    expect(new Set(llegadas.map((x) => x.cuerpo)).size).toBe(1);
    for (const x of llegadas) verificar(w.secreto, x);
    const log = await esperar('tres intentos registrados', async () => {
      const l = await entregas(c.cab, w.webhook.id);
      return l.totalCount >= 3 ? l : undefined;
    });
    expect(log.edges.map((e) => e.node)).toEqual([
      expect.objectContaining({ intento: 3, entregado: true, status: 200, error: null, respuesta: null }),
      expect.objectContaining({
        intento: 2,
        entregado: false,
        status: 500,
        error: 'estado-http',
        respuesta: 'fallo del receptor',
      }),
      expect.objectContaining({ intento: 1, entregado: false, status: 500, error: 'estado-http' }),
    ]);
    await new Promise((r) => setTimeout(r, 1500));
    expect(deLaTransmision('/c', t.id)).toHaveLength(3);
  });

  it('probarWebhook envía un evento prueba firmado, registrado como los demás; pausado o eliminado no recibe', async () => {
    const r = await gql('mutation($id: ID!) { probarWebhook(id: $id) { eventoId } }', a.cab, {
      id: webhookA.webhook.id,
    });
    const eventoId = r.body.data.probarWebhook.eventoId as string;
    const prueba = await esperar('prueba en /a', () => recibidas.find((x) => x.json.id === eventoId));
    expect(prueba.json).toMatchObject({
      tipo: 'prueba',
      entidad: a.entidad.slug,
      datos: { webhookId: webhookA.webhook.id },
    });
    verificar(webhookA.secreto, prueba);
    const log = await esperar('prueba registrada', async () =>
      (await entregas(a.cab, webhookA.webhook.id)).edges.find((e) => e.node.eventoId === eventoId),
    );
    expect(log.node).toMatchObject({ tipo: 'prueba', intento: 1, entregado: true });

    const pausa = await gql(
      'mutation($id: ID!) { activarWebhook(id: $id, activo: false) { activo } }',
      a.cab,
      {
        id: webhookA.webhook.id,
      },
    );
    expect(pausa.body.data.activarWebhook.activo).toBe(false);
    const pausado = await gql('mutation($id: ID!) { probarWebhook(id: $id) { eventoId } }', a.cab, {
      id: webhookA.webhook.id,
    });
    expect(pausado.body.errors[0].extensions.codigo).toBe('conflicto');
    const enPausa = await transmitir(a.cab, 'paciente');
    const b = await gql('mutation($id: ID!) { eliminarWebhook(id: $id) }', a.cab, {
      id: webhookA.webhook.id,
    });
    expect(b.body.data.eliminarWebhook).toBe(true);
    expect((await gql('{ webhooks { id } }', a.cab)).body.data.webhooks).toEqual([]);
    const despues = await transmitir(a.cab, 'paciente');
    await new Promise((r) => setTimeout(r, 2500));
    expect(deLaTransmision('/a', enPausa.id)).toEqual([]);
    expect(deLaTransmision('/a', despues.id)).toEqual([]);
    const ya = await gql(ENTREGAS, a.cab, { id: webhookA.webhook.id });
    expect(ya.body.errors[0].extensions.codigo).toBe('no-encontrado');
  });

  it('solo el owner (o una API key) gestiona webhooks; sin módulos contratados no; URLs mal formadas → 400', async () => {
    const e = await entidad('wh-roles');
    const bearer = async (rol: string) => ({
      authorization: `Bearer ${await emisor.firmar({ sub: `persona-${rol}`, groups: [`${e.entidad.slug}:${rol}`] })}`,
    });
    for (const rol of ['operador', 'auditor']) {
      const no = await gql(REGISTRAR, await bearer(rol), { url: `${urlReceptor}/roles` });
      expect(no.body.errors[0].extensions.codigo).toBe('sin-permiso');
      expect(no.body.errors[0].message).toMatch(/rol owner/);
      expect((await gql('{ webhooks { id } }', await bearer(rol))).body.errors[0].extensions.codigo).toBe(
        'sin-permiso',
      );
    }
    const owner = await gql(REGISTRAR, await bearer('owner'), { url: `${urlReceptor}/roles` });
    expect(owner.body.data.registrarWebhook.webhook.id).toBeTruthy();

    const sinModulos = await s.crearEntidad('wh-sin-modulos', []);
    const nada = await gql(REGISTRAR, { 'x-api-key': sinModulos.clave }, { url: `${urlReceptor}/x` });
    expect(nada.body.errors[0].extensions.codigo).toBe('modulo-no-contratado');

    for (const url of ['ftp://127.0.0.1/x', 'no es una url', 'http://u:p@127.0.0.1/x']) {
      const mala = await gql(REGISTRAR, e.cab, { url });
      expect(mala.body.errors[0].extensions.codigo).toBe('entrada-invalida');
      expect(mala.body.errors[0].extensions.detalles[0].campo).toBe('url');
    }
    const tipoMalo = await gql(REGISTRAR, e.cab, {
      url: `${urlReceptor}/x`,
      tipos: ['TRANSMISION_INVENTADO'],
    });
    expect(tipoMalo.status).toBe(400);
  });

  it('CLI: webhook registrar (secreto una vez), listar y eliminar; la entrega usa ese secreto', async () => {
    const e = await entidad('wh-cli');
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'webhooks-cli-'));
    cerrar.push(() => rm(dataDir, { recursive: true, force: true }));
    const cli = async (...argv: string[]) => {
      const salida = { out: '', err: '' };
      const d: Dependencias = {
        ejecutar: crearEjecutor(() =>
          loadConfig({
            NODE_ENV: 'test',
            DATABASE_URL: aislada.url,
            DATA_DIR: dataDir,
            CREDENTIALS_KEY: CLAVE_CREDENCIALES_PRUEBA,
            LOG_LEVEL: 'silent',
          }),
        ),
        salida: {
          out: (t) => {
            salida.out += t;
          },
          err: (t) => {
            salida.err += t;
          },
        },
        env: {},
        leerLineas: async () => [],
      };
      return { codigo: await ejecutarCli(argv, d), ...salida };
    };
    const reg = await cli(
      'webhook',
      'registrar',
      e.entidad.slug,
      `${urlReceptor}/cli`,
      '--tipos',
      'transmision.aceptado',
      '--json',
    );
    expect(reg.codigo, reg.err).toBe(0);
    const r = JSON.parse(reg.out);
    expect(r.webhook).toMatchObject({
      entidad: e.entidad.slug,
      url: `${urlReceptor}/cli`,
      tipos: ['transmision.aceptado'],
    });
    expect(r.secreto).toMatch(/^whsec_/);
    expect(reg.err).toContain('ATENCIÓN');
    const texto = await cli('webhook', 'listar', e.entidad.slug);
    expect(texto.out).toContain(r.webhook.id);
    expect(texto.out).toContain('transmision.aceptado');
    expect(texto.out).not.toContain('whsec_');

    const p = await gql('mutation($id: ID!) { probarWebhook(id: $id) { eventoId } }', e.cab, {
      id: r.webhook.id,
    });
    const llegada = await esperar('prueba en /cli', () =>
      recibidas.find((x) => x.json.id === p.body.data.probarWebhook.eventoId),
    );
    verificar(r.secreto, llegada);

    const malo = await cli(
      'webhook',
      'registrar',
      e.entidad.slug,
      `${urlReceptor}/cli`,
      '--tipos',
      'inventado',
    );
    expect(malo.codigo).toBe(1);
    expect(malo.err).toMatch(/Tipos de evento desconocidos/);
    const fuera = await cli('webhook', 'eliminar', r.webhook.id);
    expect(fuera.codigo).toBe(0);
    expect(fuera.out).toContain('eliminado');
    expect((await cli('webhook', 'listar', e.entidad.slug)).out).toBe('La entidad no tiene webhooks.\n');
    expect((await cli('webhook', 'eliminar', r.webhook.id)).codigo).toBe(1);
  });

  it('un reinicio con entregas pendientes no pierde ninguna (instancia A se detiene, B sigue en la misma base)', async () => {
    const d = await entidad('wh-reinicio');
    const w = await registrar(d.cab, '/d', ['TRANSMISION_ACEPTADO']);
    fijas['/d'] = 503;
    const t = await transmitir(d.cab, 'consulta-externa');
    await esperar(
      'primer intento registrado',
      async () => (await entregas(d.cab, w.webhook.id)).totalCount >= 1,
    );
    await s.cerrar();

    // An event committed while no instance runs (another process, the CLI): B's relay picks it up.
    const sql = new pg.Client({ connectionString: aislada.url });
    await sql.connect();
    let eventoHuerfano: string;
    try {
      const r = await sql.query<{ id: string }>(
        `insert into evento_dominio (entidad_id, tipo, recurso_id, datos)
         values ($1, 'transmision.aceptado', $2::text::uuid, jsonb_build_object('id', $2::text, 'estado', 'aceptado'))
         returning id`,
        [d.entidad.id, randomUUID()],
      );
      eventoHuerfano = r.rows[0]!.id;
    } finally {
      await sql.end();
    }

    delete fijas['/d'];
    s = await iniciarServicio(env);
    const cab = d.cab;
    const aceptado = await esperar('entrega tras el reinicio', () =>
      deLaTransmision('/d', t.id).find((x) => x.status === 200),
    );
    verificar(w.secreto, aceptado);
    const otro = await esperar('evento confirmado sin instancias', () =>
      recibidas.find((x) => x.json.id === eventoHuerfano && x.status === 200),
    );
    verificar(w.secreto, otro);

    const log = await entregas(cab, w.webhook.id);
    const intentos = log.edges.filter((e) => e.node.eventoId === aceptado.json.id).map((e) => e.node);
    expect(intentos.length).toBeGreaterThanOrEqual(2);
    expect(intentos[0]).toMatchObject({ entregado: true, status: 200 });
    expect(intentos.slice(1).every((i) => i.status === 503 && !i.entregado)).toBe(true);
    expect(intentos.map((i) => i.intento)).toEqual([...intentos.map((i) => i.intento)].sort((x, y) => y - x));
    expect(log.edges.filter((e) => e.node.eventoId === eventoHuerfano).map((e) => e.node.status)).toEqual([
      200,
    ]);
  });

  it('con dos instancias a la vez cada evento se encola una sola vez (el relevo lo hace una)', async () => {
    const otra = await iniciarServicio(env);
    cerrar.push(() => otra.cerrar());
    const e = await entidad('wh-dos');
    await registrar(e.cab, '/dos');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await transmitir(e.cab, 'urgencias')).id);
    await esperar('aceptados en /dos', () =>
      ids.every((id) => deLaTransmision('/dos', id).some((x) => x.json.tipo === 'transmision.aceptado')),
    );
    await new Promise((r) => setTimeout(r, 2500));
    const enDos = recibidas.filter((x) => x.ruta === '/dos');
    expect(enDos.length).toBeGreaterThanOrEqual(12);
    expect(new Set(enDos.map((x) => x.json.id)).size).toBe(enDos.length);
  });

  it('credenciales rotar-clave recifra también los secretos de webhook', async () => {
    const nueva = Buffer.alloc(32, 9).toString('base64');
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'webhooks-rotar-'));
    cerrar.push(() => rm(dataDir, { recursive: true, force: true }));
    const salida = { out: '', err: '' };
    const d: Dependencias = {
      ejecutar: crearEjecutor(() =>
        loadConfig({
          NODE_ENV: 'test',
          DATABASE_URL: aislada.url,
          DATA_DIR: dataDir,
          CREDENTIALS_KEY: CLAVE_CREDENCIALES_PRUEBA,
        }),
      ),
      salida: {
        out: (t) => {
          salida.out += t;
        },
        err: (t) => {
          salida.err += t;
        },
      },
      env: { CREDENTIALS_KEY: CLAVE_CREDENCIALES_PRUEBA, CREDENTIALS_KEY_NUEVA: nueva },
      leerLineas: async () => [],
    };
    const sql = new pg.Client({ connectionString: aislada.url });
    await sql.connect();
    const n = Number((await sql.query('select count(*) from webhook_endpoint')).rows[0].count);
    await sql.end();
    expect(n).toBeGreaterThan(0);
    expect(await ejecutarCli(['credenciales', 'rotar-clave', '--json'], d), salida.err).toBe(0);
    expect(JSON.parse(salida.out).webhooks).toEqual({ total: n, recifrados: n, yaConClaveNueva: 0 });
    salida.out = '';
    // Again: everything already under the new key, nothing written.
    expect(await ejecutarCli(['credenciales', 'rotar-clave', '--json'], d)).toBe(0);
    expect(JSON.parse(salida.out).webhooks).toEqual({ total: n, recifrados: 0, yaConClaveNueva: n });
  });
});
