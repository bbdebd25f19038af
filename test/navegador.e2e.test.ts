import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  abrirPagina,
  avisarSinChromium,
  CHROMIUM,
  hayChromium,
  lanzarChromium,
  salidas,
} from './chromium.js';
import { iniciarServicio } from './servidor.js';

avisarSinChromium('navegador.e2e');

// A page load on a busy 2-core machine can take seconds: more room than the default 30 s per test.
describe.skipIf(!hayChromium)(
  `Páginas en el navegador (Chromium en ${CHROMIUM})`,
  { timeout: 90_000 },
  () => {
    let s: Awaited<ReturnType<typeof iniciarServicio>>;
    let clave: string;
    let navegador: Browser;

    beforeAll(async () => {
      s = await iniciarServicio();
      ({ clave } = await s.crearEntidad('navegador'));
      navegador = await lanzarChromium();
    });
    afterAll(async () => {
      await navegador?.close();
      await s?.cerrar();
    });

    const abrir = () => abrirPagina(navegador);

    it('/docs: referencia interactiva sin salir de la máquina; con la API key, GET /sesion desde la página → 200', async () => {
      const { pagina, pedidas, cerrar } = await abrir();
      try {
        await pagina.goto(`${s.url}/docs`);
        expect(await pagina.title()).toBe('Referencia de la API — Motor de cumplimiento');
        await expect.poll(() => pagina.locator('a[href="graphql"]').count()).toBe(1);
        await pagina.locator('.opblock-summary-path[data-path="/sesion"]').first().waitFor();

        // The OpenAPI document's apiKey scheme, through Swagger UI's «Authorize» dialog.
        await pagina.locator('button.authorize').first().click();
        const esquema = pagina.locator('.auth-container').filter({ hasText: 'X-Api-Key' });
        await esquema.locator('input').fill(clave);
        await esquema.locator('button.authorize').click();
        await pagina.locator('.dialog-ux button.btn-done, .dialog-ux button.close-modal').first().click();

        // «Try it out» → «Execute» on GET /sesion, driving the page's own UI.
        const operacion = pagina.locator('.opblock').filter({
          has: pagina.locator('.opblock-summary-path[data-path="/sesion"]'),
        });
        await operacion.locator('.opblock-summary').first().click();
        await operacion.locator('button.try-out__btn').click();
        const respuesta = pagina.waitForResponse((r) => new URL(r.url()).pathname === '/sesion');
        await operacion.locator('button.execute').click();
        const r = await respuesta;
        expect(r.status()).toBe(200);
        expect(r.request().headers()['x-api-key']).toBe(clave);
        // The answer as the page shows it: status and the entity in the response body.
        const mostrada = operacion.locator('.live-responses-table tr.response');
        await expect.poll(() => mostrada.locator('.response-col_status').textContent()).toBe('200');
        expect(await mostrada.locator('.response-col_description').textContent()).toContain(
          'Entidad navegador',
        );

        expect(pedidas.some((u) => u.endsWith('/openapi.json'))).toBe(true);
        expect(salidas(pedidas)).toEqual([]);
      } finally {
        await cerrar();
      }
    });

    it('/graphql en el navegador: GraphiQL sin salir de la máquina; una consulta con la API key muestra datos', async () => {
      const { pagina, pedidas, cerrar } = await abrir();
      try {
        await pagina.goto(`${s.url}/graphql`);
        expect(await pagina.title()).toBe('IDE de GraphQL — Motor de cumplimiento');
        expect(await pagina.locator('a[href="docs"]').count()).toBe(1);
        await pagina.locator('.graphiql-container').waitFor();

        // The key in the headers editor (shown by default), then the schema fetched again with it.
        const cabeceras = pagina.locator('.graphiql-editor-tool .graphiql-editor:not(.hidden) .CodeMirror');
        await cabeceras.click();
        await pagina.keyboard.press('ControlOrMeta+A');
        await pagina.keyboard.type(`{"X-Api-Key": "${clave}"}`);
        // GraphiQL reads the headers editor after a debounce: fetch the schema again until it goes with the key.
        const refrescar = pagina.locator('button[aria-label="Re-fetch GraphQL schema"]');
        await expect
          .poll(
            async () => {
              const r = pagina.waitForResponse(
                (r) => r.request().method() === 'POST' && r.url().endsWith('/graphql'),
              );
              await refrescar.click();
              return (await r).status();
            },
            { timeout: 15_000, interval: 500 },
          )
          .toBe(200);

        // The schema docs and the explorer plugin, both fed by introspection with the key.
        await pagina.locator('button[aria-label="Show Documentation Explorer"]').click();
        await pagina.locator('.graphiql-doc-explorer').getByText('Query', { exact: true }).first().waitFor();
        await pagina.locator('button[aria-label="Show GraphiQL Explorer"]').click();
        await pagina
          .locator('.graphiql-explorer-root, .docExplorerWrap')
          .getByText('sesion')
          .first()
          .waitFor();

        // A query typed in the editor and run with the IDE's button; the result pane shows the entity.
        await pagina.locator('.graphiql-query-editor .CodeMirror').click();
        await pagina.keyboard.press('ControlOrMeta+A');
        await pagina.keyboard.type('{ sesion { entidad { nombre } } }');
        await pagina.keyboard.press('Escape');
        await pagina.locator('button.graphiql-execute-button').click();
        await expect
          .poll(() => pagina.locator('.result-window').textContent(), { timeout: 10_000 })
          .toContain('Entidad navegador');

        expect(salidas(pedidas)).toEqual([]);
      } finally {
        await cerrar();
      }
    });

    it('/graphql: un cliente JSON sigue yendo a Apollo; un navegador recibe el IDE y nunca la página de Apollo', async () => {
      const r = await fetch(
        `${s.url}/graphql?query=${encodeURIComponent('{ sesion { entidad { nombre } } }')}`,
        {
          headers: { 'x-api-key': clave, accept: 'application/json', 'apollo-require-preflight': 'true' },
        },
      );
      expect(r.status).toBe(200);
      expect((await r.json()).data.sesion.entidad.nombre).toBe('Entidad navegador');
      const ide = await fetch(`${s.url}/graphql`, { headers: { accept: 'text/html' } });
      expect(ide.status).toBe(200);
      expect(await ide.text()).toContain('recursos/graphiql/graphiql.min.js');
    });

    it('Content-Security-Policy en toda respuesta: las páginas, solo este origen; el resto, nada', async () => {
      const paginas =
        "default-src 'none';script-src 'self';style-src 'self';img-src 'self' data:;font-src 'self' data:;connect-src 'self';base-uri 'none';form-action 'self';frame-ancestors 'none'";
      const estricta = "default-src 'none';frame-ancestors 'none'";
      const html = { accept: 'text/html' };
      const casos: [string, Record<string, string>, string][] = [
        ['/docs', html, paginas],
        ['/graphql', html, paginas],
        ['/panel', html, paginas],
        ['/openapi.json', {}, estricta],
        ['/sesion', { 'x-api-key': clave }, estricta],
        ['/sesion', {}, estricta],
        ['/health', {}, estricta],
        ['/ready', {}, estricta],
        ['/metrics', {}, estricta],
        ['/no-existe', html, estricta],
        ['/recursos/paginas/docs.js', {}, estricta],
        ['/recursos/graphiql/graphiql.min.js', {}, estricta],
      ];
      for (const [ruta, headers, csp] of casos) {
        const r = await fetch(`${s.url}${ruta}`, { headers });
        await r.arrayBuffer();
        expect(r.headers.get('content-security-policy'), ruta).toBe(csp);
      }
      const post = await fetch(`${s.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': clave },
        body: JSON.stringify({ query: '{ sesion { permisos } }' }),
      });
      expect(post.status).toBe(200);
      expect(post.headers.get('content-security-policy')).toBe(estricta);
    });
  },
);
