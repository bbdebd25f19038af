import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  asegurarCompilado,
  entidadConClave,
  iniciarServidorCompilado,
  lanzar,
  type ServidorCompilado,
  terminaEn,
} from './compilado.js';

const SERVIDOR = 'dist/src/server.js';
const CLI = 'dist/src/cli/index.js';
const CLAVE = Buffer.alloc(32, 9).toString('base64');

const SIN_TRAZA = (texto: string) => {
  for (const linea of texto.split('\n')) {
    expect(linea).not.toMatch(/^\s+at /);
    expect(linea).not.toMatch(/\.[cm]?[jt]s:\d+/);
  }
};

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'motor-produccion-'));

beforeAll(() => asegurarCompilado([SERVIDOR, CLI]), 120_000);

describe('producción: errores de configuración', () => {
  const env = { NODE_ENV: 'production', DEMO: 'talvez', PORT: '0', HOST: '127.0.0.1' };

  it('sin DATABASE_URL ni CREDENTIALS_KEY y con DEMO mal escrito: todas las líneas, código 1, sin traza', async () => {
    const d = dataDir();
    const c = lanzar(SERVIDOR, { ...env, DATA_DIR: d });
    expect(await terminaEn(c, 20_000)).toBe(1);
    const err = c.errores();
    expect(err).toMatch(/^Configuración inválida:\n/);
    expect(err).toMatch(
      /^ {2}- DATABASE_URL: es obligatoria en producción.*PostgreSQL embebido es solo para desarrollo/m,
    );
    expect(err).toMatch(/^ {2}- CREDENTIALS_KEY: es obligatoria en producción/m);
    expect(err).toMatch(/^ {2}- DEMO: valor «talvez» no reconocido: use true\/false/m);
    expect(err.trim().split('\n')).toHaveLength(4);
    SIN_TRAZA(err);
    // Nothing started: no log line, no embedded PostgreSQL, no key file.
    expect(c.salida()).toBe('');
    expect(readdirSync(d)).toEqual([]);
  });

  it('la CLI informa los mismos errores como líneas «Error:», código 1, sin traza', async () => {
    const c = lanzar(CLI, { ...env, DATA_DIR: dataDir() }, ['entidad', 'listar']);
    expect(await terminaEn(c, 20_000)).toBe(1);
    const err = c.errores();
    expect(err).toMatch(/^Error: Configuración inválida\n/);
    for (const v of ['DATABASE_URL', 'CREDENTIALS_KEY', 'DEMO'])
      expect(err).toMatch(new RegExp(`^ {2}- ${v}: `, 'm'));
    SIN_TRAZA(err);
  });
});

describe('producción con su configuración completa', () => {
  let c: ServidorCompilado;
  let url: string;
  let puertoSimuladorMuv: number;
  /** Holds MUV_SIM_PORT for the whole run: had production started the simulator, start-up would fail. */
  let ocupante: net.Server;
  let conexionesAlOcupante = 0;

  beforeAll(async () => {
    ocupante = net.createServer((s) => {
      conexionesAlOcupante += 1;
      s.destroy();
    });
    await new Promise<void>((ok) => ocupante.listen(0, '127.0.0.1', ok));
    puertoSimuladorMuv = (ocupante.address() as net.AddressInfo).port;
    // PORT=0: the service's port is read back from its log line.
    c = await iniciarServidorCompilado(
      {
        NODE_ENV: 'production',
        DATABASE_URL: inject('databaseUrl'),
        CREDENTIALS_KEY: CLAVE,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir(),
        MUV_SIM_PORT: String(puertoSimuladorMuv),
        RDA_COLA: `rda-produccion-${randomUUID()}`,
        SHUTDOWN_DRAIN_SECONDS: '1',
        // Production waits 5 s for the balancer before it stops accepting; no balancer here.
        SHUTDOWN_PRESTOP_SECONDS: '0',
        LOG_LEVEL: 'info',
      },
      {
        // Ready once the database guard lets /graphql through (it says 503 bd-arrancando until then).
        listo: async (u) => {
          const r = await fetch(`${u}/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ query: '{ __typename }' }),
          });
          return r.status !== 503;
        },
        limiteMs: 45_000,
      },
    );
    url = c.url;
  }, 60_000);

  afterAll(async () => {
    if (c && c.proceso.exitCode === null) {
      c.proceso.kill('SIGTERM');
      if ((await terminaEn(c, 15_000)) === 'sigue') c.proceso.kill('SIGKILL');
    }
    if (ocupante) await new Promise((ok) => ocupante.close(ok));
  });

  it('arranca: /health 200', async () => {
    const r = await fetch(`${url}/health`);
    expect(r.status).toBe(200);
  });

  it('no sirve la introspección de GraphQL (sin credencial: 401; con credencial: 400)', async () => {
    const introspeccion = (cabeceras: Record<string, string> = {}) =>
      fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...cabeceras },
        body: JSON.stringify({ query: '{ __schema { queryType { name } } }' }),
      });
    expect((await introspeccion()).status).toBe(401);
    const clave = await entidadConClave(inject('databaseUrl'), 'produccion');
    const r = await introspeccion({ 'X-Api-Key': clave });
    const cuerpo = (await r.json()) as { data?: unknown; errors?: { message: string }[] };
    expect(r.status).toBe(400);
    expect(cuerpo.data).toBeUndefined();
    expect(cuerpo.errors?.[0]?.message).toMatch(/introspección del esquema GraphQL está deshabilitada/);
  });

  it('sin entidad demo ni simuladores', async () => {
    // The MUV simulator would listen on MUV_SIM_PORT, which the test holds: the service started anyway
    // and never called it; the IHCE one logs its start.
    expect(c.proceso.exitCode).toBeNull();
    expect(conexionesAlOcupante).toBe(0);
    expect(c.salida()).not.toMatch(/API key demo|rda_[A-Za-z0-9_-]{32}/);
    expect(c.salida()).not.toMatch(/simulador/i);
    const listo = await fetch(`${url}/ready`).then((r) => r.text());
    expect(listo).not.toMatch(/simulador/i);
    expect(c.errores()).toBe('');
  });
});
