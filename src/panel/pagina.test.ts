import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { buildSchema, parse, validate } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSP_PAGINAS, textoCsp } from '../http/cabeceras-seguridad.js';
import { paginas } from '../http/paginas.js';
import { PAGINA_PANEL, panel } from './pagina.js';

async function servir(activo: boolean) {
  const app = express();
  app.use(paginas({ ide: true }));
  app.use(panel({ activo }));
  app.use((_req, res) => {
    res.status(404).json({ codigo: 'no-encontrado' });
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, cerrar: () => new Promise((r) => server.close(r)) };
}

/** The query embedded in the page, as the browser reads it (textContent of the script element). */
function consultaDeLaPagina(html: string): string {
  const m = /<script type="application\/graphql" id="consulta-panel">([\s\S]*?)<\/script>/.exec(html);
  expect(m).not.toBeNull();
  return m![1]!;
}

describe('panel', () => {
  let on: Awaited<ReturnType<typeof servir>>;
  let off: Awaited<ReturnType<typeof servir>>;
  beforeAll(async () => {
    on = await servir(true);
    off = await servir(false);
  });
  afterAll(async () => {
    await on.cerrar();
    await off.cerrar();
  });

  it('la consulta del panel es válida contra schema/schema.graphql', () => {
    const esquema = buildSchema(readFileSync('schema/schema.graphql', 'utf8'));
    const doc = parse(consultaDeLaPagina(PAGINA_PANEL));
    expect(validate(esquema, doc).map((e) => e.message)).toEqual([]);
  });

  it('GET /panel: página en español, sin nada de fuera ni código en línea, con la CSP de las páginas', async () => {
    const r = await fetch(`${on.url}/panel`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    expect(r.headers.get('content-security-policy')).toBe(textoCsp(CSP_PAGINAS));
    const html = await r.text();
    expect(html).toContain('<html lang="es">');
    expect(html).not.toMatch(/https?:\/\//);
    // The only inline script element is the query, which is data (type application/graphql), never run.
    expect(html.match(/<script(?![^>]*\ssrc=)[^>]*>/g)).toEqual([
      '<script type="application/graphql" id="consulta-panel">',
    ]);
    expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
    for (const recurso of html.match(/(?:src|href)="recursos\/[^"]+"/g) ?? []) {
      const ruta = recurso.replace(/^(?:src|href)="|"$/g, '');
      const a = await fetch(`${on.url}/${ruta}`);
      expect(a.status, ruta).toBe(200);
      expect(a.headers.get('content-type'), ruta).toMatch(/javascript|text\/css/);
    }
  });

  it('scripts y estilos: Chart.js del paquete fijado (caché de un día), los propios revalidados', async () => {
    const chart = await fetch(`${on.url}/recursos/chart.js/chart.umd.min.js`);
    expect(chart.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(await chart.text()).toContain('Chart');
    const propio = await fetch(`${on.url}/recursos/panel/panel.js`);
    expect(propio.headers.get('cache-control')).toBe('no-cache');
    expect(propio.headers.get('etag')).toBeTruthy();
    expect((await fetch(`${on.url}/recursos/panel/otro.js`)).status).toBe(404);
    expect((await fetch(`${on.url}/recursos/panel/..%2Fpagina.ts`)).status).toBe(404);
  });

  it('apagado (PANEL=false): 404 en español para la página y sus archivos', async () => {
    for (const ruta of ['/panel', '/recursos/panel/panel.js', '/recursos/chart.js/chart.umd.min.js']) {
      const r = await fetch(`${off.url}${ruta}`);
      expect(r.status, ruta).toBe(404);
      expect(await r.json()).toEqual({
        error: 'El panel está desactivado en este entorno (actívelo con PANEL=true).',
        codigo: 'no-encontrado',
      });
    }
  });
});
