import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSP_PAGINAS, textoCsp } from './cabeceras-seguridad.js';
import { paginas } from './paginas.js';

async function servir(ide: boolean) {
  const app = express();
  app.use(paginas({ ide }));
  // Stands in for Apollo: whatever the pages leave alone reaches it.
  app.use('/graphql', (_req, res) => {
    res.json({ apollo: true });
  });
  app.use((_req, res) => {
    res.status(404).json({ codigo: 'no-encontrado' });
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, cerrar: () => new Promise((r) => server.close(r)) };
}

describe('paginas', () => {
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

  it('GET /docs: Swagger UI de /openapi.json con título en español y enlace al IDE', async () => {
    const r = await fetch(`${on.url}/docs`);
    expect(r.status).toBe(200);
    const html = await r.text();
    expect(html).toContain('<title>Referencia de la API — Motor de cumplimiento</title>');
    expect(html).toContain('href="graphql"');
    expect(html).not.toMatch(/https?:\/\//);
    // No inline script or style: the page's CSP allows only this origin's files.
    expect(html).not.toMatch(/<script>|<style|\sstyle=|\son[a-z]+=/i);
    expect(r.headers.get('content-security-policy')).toBe(textoCsp(CSP_PAGINAS));
    const script = await fetch(`${on.url}/recursos/paginas/docs.js`);
    expect(script.headers.get('content-type')).toMatch(/^application\/javascript|^text\/javascript/);
    expect(await script.text()).toContain("url: 'openapi.json'");
  });

  it('GET /graphql: el IDE solo para un navegador; JSON, POST y otros clientes siguen a Apollo', async () => {
    const navegador = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    const ide = await fetch(`${on.url}/graphql`, { headers: { accept: navegador } });
    expect(ide.status).toBe(200);
    const html = await ide.text();
    expect(html).toContain('<title>IDE de GraphQL — Motor de cumplimiento</title>');
    expect(html).toContain('href="docs"');
    expect(html).not.toMatch(/<script>|<style|\sstyle=|\son[a-z]+=/i);
    expect(ide.headers.get('content-security-policy')).toBe(textoCsp(CSP_PAGINAS));
    for (const accept of ['application/json', '*/*', 'application/graphql-response+json, text/html;q=0.5']) {
      const r = await fetch(`${on.url}/graphql`, { headers: { accept } });
      expect(await r.json()).toEqual({ apollo: true });
    }
    const post = await fetch(`${on.url}/graphql`, { method: 'POST', headers: { accept: navegador } });
    expect(await post.json()).toEqual({ apollo: true });
  });

  it('IDE desactivado: 404 en español, nunca la página de Apollo', async () => {
    const r = await fetch(`${off.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(r.status).toBe(404);
    expect((await r.json()).error).toMatch(/GRAPHQL_IDE=true/);
    expect((await fetch(`${off.url}/docs`)).status).toBe(200);
  });

  it('/recursos: solo los archivos de la lista, desde node_modules', async () => {
    for (const archivo of [
      'swagger-ui/swagger-ui-bundle.js',
      'swagger-ui/swagger-ui.css',
      'react/react.production.min.js',
      'react-dom/react-dom.production.min.js',
      'graphiql/graphiql.min.js',
      'graphiql/graphiql.min.css',
      'graphiql/explorer.umd.js',
      'graphiql/explorer.css',
    ]) {
      const r = await fetch(`${on.url}/recursos/${archivo}`);
      expect(r.status, archivo).toBe(200);
      expect(r.headers.get('cache-control')).toMatch(/max-age=86400/);
    }
    // The pages' own scripts and styles change with the service: revalidated each time.
    for (const archivo of ['paginas/docs.js', 'paginas/docs.css', 'paginas/ide.js', 'paginas/ide.css']) {
      const r = await fetch(`${on.url}/recursos/${archivo}`);
      expect(r.status, archivo).toBe(200);
      expect(r.headers.get('content-type')).toMatch(archivo.endsWith('.js') ? /javascript/ : /^text\/css/);
      expect(r.headers.get('cache-control')).toBe('no-cache');
    }
    for (const otro of ['swagger-ui/index.html', 'graphiql/package.json', '..%2Fpackage.json', 'x']) {
      expect((await fetch(`${on.url}/recursos/${otro}`)).status, otro).toBe(404);
    }
  });
});
