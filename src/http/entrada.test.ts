import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aplicadorCabeceras, CSP_API } from './cabeceras-seguridad.js';
import { CUERPO_SALUD, crearEntrada } from './entrada.js';

let servidor: http.Server | undefined;
afterEach(async () => {
  const s = servidor;
  servidor = undefined;
  if (s) await new Promise((r) => s.close(r));
});

/** The front over an express app that, like src/app.ts, also has the /health route. */
async function iniciar(cors = false) {
  const app = express();
  app.disable('x-powered-by');
  const porExpress = vi.fn();
  app.get('/health', (_req, res) => {
    porExpress();
    res.json(CUERPO_SALUD);
  });
  const orden: string[] = [];
  const entrada = crearEntrada({
    app: app as unknown as http.RequestListener,
    medir: () => orden.push('medir'),
    avisarProxy: () => orden.push('aviso'),
    registrar: (_req, res) => {
      orden.push('registrar');
      res.setHeader('X-Request-Id', 'id-1');
    },
    cabeceras: aplicadorCabeceras({ contentSecurityPolicy: CSP_API }),
    cors,
  });
  servidor = http.createServer(entrada);
  servidor.listen(0, '127.0.0.1');
  await new Promise((r) => servidor!.once('listening', r));
  return { url: `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`, porExpress, orden };
}

const sinFecha = (h: Headers) => Object.fromEntries([...h].filter(([k]) => k !== 'date'));

describe('entrada', () => {
  it('GET /health se responde en la entrada con los mismos bytes y cabeceras que la ruta de express', async () => {
    const { url, porExpress, orden } = await iniciar();
    const rapida = await fetch(`${url}/health`);
    expect(porExpress).not.toHaveBeenCalled();
    expect(orden).toEqual(['aviso', 'medir', 'registrar']);
    // With a query string it goes on to express: the reference answer.
    const deExpress = await fetch(`${url}/health?x=1`);
    expect(porExpress).toHaveBeenCalledTimes(1);
    expect(rapida.status).toBe(200);
    expect(await rapida.text()).toBe(await deExpress.text());
    expect(sinFecha(rapida.headers)).toEqual(sinFecha(deExpress.headers));
    expect(rapida.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(rapida.headers.get('x-request-id')).toBe('id-1');
  });

  it('una solicitud condicional, HEAD o un Origin con CORS activo siguen a express', async () => {
    const { url, porExpress } = await iniciar(true);
    const primera = await fetch(`${url}/health`);
    const etiqueta = primera.headers.get('etag')!;
    await fetch(`${url}/health`, { headers: { 'if-none-match': etiqueta } });
    const cabeza = await fetch(`${url}/health`, { method: 'HEAD' });
    expect(cabeza.status).toBe(200);
    await fetch(`${url}/health`, { headers: { origin: 'https://app.example' } });
    expect(porExpress).toHaveBeenCalledTimes(3);
  });

  it('lo demás va a express con las cabeceras de seguridad ya puestas', async () => {
    const { url } = await iniciar();
    const r = await fetch(`${url}/no-existe`);
    expect(r.status).toBe(404);
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('x-request-id')).toBe('id-1');
  });
});
