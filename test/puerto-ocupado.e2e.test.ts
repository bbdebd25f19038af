import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { asegurarCompilado, lanzar, terminaEn } from './compilado.js';
import { CLAVE_CREDENCIALES_PRUEBA } from './servidor.js';

/**
 * A second instance on the same machine finds the MUV sandbox's fixed port taken, not PORT: start-up
 * names the port that is actually taken and the variable that sets it. The test holds a port of its own
 * (port 0, read back) and hands it to the child.
 */
const SERVIDOR = 'dist/src/server.js';
let ocupante: net.Server;
let puerto: number;

beforeAll(async () => {
  asegurarCompilado([SERVIDOR]);
  ocupante = net.createServer((s) => s.destroy());
  await new Promise<void>((ok) => ocupante.listen(0, '127.0.0.1', ok));
  puerto = (ocupante.address() as net.AddressInfo).port;
}, 120_000);

afterAll(async () => {
  if (ocupante) await new Promise((ok) => ocupante.close(ok));
});

const base = () => ({
  NODE_ENV: 'development',
  DATABASE_URL: inject('databaseUrl'),
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'motor-puerto-')),
  CREDENTIALS_KEY: CLAVE_CREDENCIALES_PRUEBA,
  HOST: '127.0.0.1',
  DEMO: 'false',
  IHCE_SIMULADOR: 'false',
  LOG_LEVEL: 'info',
});

describe('arranque con un puerto ocupado', () => {
  it('el del simulador MUV (MUV_SIM_PORT): lo nombra a él y a su variable, no a PORT', async () => {
    const c = lanzar(SERVIDOR, { ...base(), PORT: '0', MUV_SIMULADOR: 'true', MUV_SIM_PORT: String(puerto) });
    expect(await terminaEn(c, 30_000), c.errores()).toBe(1);
    expect(c.errores()).toBe(
      `No se pudo arrancar el servicio: el puerto ${puerto} ya está en uso (MUV_SIM_PORT); elija otro con MUV_SIM_PORT.\n`,
    );
  });

  it('el del servicio (PORT): lo nombra a él y a PORT', async () => {
    const c = lanzar(SERVIDOR, { ...base(), PORT: String(puerto), MUV_SIMULADOR: 'false' });
    expect(await terminaEn(c, 30_000), c.errores()).toBe(1);
    expect(c.errores()).toBe(
      `No se pudo arrancar el servicio: el puerto ${puerto} ya está en uso (PORT); elija otro con PORT.\n`,
    );
  });
});
