import { createRequire } from 'node:module';
import path from 'node:path';
import { type Request, type Response, Router } from 'express';
import { CSP_PAGINAS, textoCsp } from './cabeceras-seguridad.js';

/**
 * Pages a person opens in the browser: `GET /docs` (Swagger UI over /openapi.json) and, when enabled,
 * GraphiQL at `GET /graphql` for a browser (Accept text/html, no query). Every script and style comes
 * from node_modules through /recursos, so both pages work offline and behind a firewall (no CDN).
 * Links are relative, so the pages keep working when the service is mounted under a path prefix.
 * Their own scripts and styles are served files too (/recursos/paginas), never inline, so the pages'
 * Content-Security-Policy allows only this origin's scripts and styles (no nonce, no 'unsafe-inline').
 */

const requerir = createRequire(import.meta.url);
const dirDe = (paquete: string) => path.dirname(requerir.resolve(`${paquete}/package.json`));

/** Only these files are served: the public name → the file inside its package. */
function archivos(): Map<string, string> {
  const swagger = dirDe('swagger-ui-dist');
  const graphiql = dirDe('graphiql');
  const explorador = dirDe('@graphiql/plugin-explorer');
  return new Map([
    ['swagger-ui/swagger-ui-bundle.js', path.join(swagger, 'swagger-ui-bundle.js')],
    ['swagger-ui/swagger-ui.css', path.join(swagger, 'swagger-ui.css')],
    ['swagger-ui/favicon-32x32.png', path.join(swagger, 'favicon-32x32.png')],
    ['react/react.production.min.js', path.join(dirDe('react'), 'umd', 'react.production.min.js')],
    [
      'react-dom/react-dom.production.min.js',
      path.join(dirDe('react-dom'), 'umd', 'react-dom.production.min.js'),
    ],
    ['graphiql/graphiql.min.js', path.join(graphiql, 'graphiql.min.js')],
    ['graphiql/graphiql.min.css', path.join(graphiql, 'graphiql.min.css')],
    ['graphiql/explorer.umd.js', path.join(explorador, 'dist', 'index.umd.js')],
    ['graphiql/explorer.css', path.join(explorador, 'dist', 'style.css')],
  ]);
}

const ESTILO_CABECERA = `
  .cabecera { font: 14px/1.4 system-ui, sans-serif; padding: 8px 16px; background: #1f2937; color: #f9fafb;
    display: flex; gap: 16px; align-items: baseline; flex-wrap: wrap; }
  .cabecera h1 { font-size: 16px; margin: 0; }
  .cabecera a { color: #93c5fd; }`;

const PAGINA_DOCS = `<!doctype html>
<html lang="es">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Referencia de la API — Motor de cumplimiento</title>
  <link rel="icon" type="image/png" href="recursos/swagger-ui/favicon-32x32.png">
  <link rel="stylesheet" href="recursos/swagger-ui/swagger-ui.css">
  <link rel="stylesheet" href="recursos/paginas/docs.css">
</head>
<body>
  <header class="cabecera">
    <h1>Referencia de la API — Motor de cumplimiento</h1>
    <span>Pulse «Authorize», pegue su API key (<code>X-Api-Key</code>) y use «Try it out» en cualquier ruta.</span>
    <a href="graphql">IDE de GraphQL (/graphql)</a>
  </header>
  <div id="swagger-ui"></div>
  <script src="recursos/swagger-ui/swagger-ui-bundle.js"></script>
  <script src="recursos/paginas/docs.js"></script>
</body>
</html>`;

const PAGINA_IDE = `<!doctype html>
<html lang="es">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>IDE de GraphQL — Motor de cumplimiento</title>
  <link rel="stylesheet" href="recursos/graphiql/graphiql.min.css">
  <link rel="stylesheet" href="recursos/graphiql/explorer.css">
  <link rel="stylesheet" href="recursos/paginas/ide.css">
</head>
<body>
  <header class="cabecera">
    <h1>IDE de GraphQL — Motor de cumplimiento</h1>
    <span>Pegue su API key en «Headers» (<code>{"X-Api-Key": "rda_…"}</code>) y recargue el esquema (⟳) para ver la documentación.</span>
    <a href="docs">Referencia de la API REST (/docs)</a>
  </header>
  <div id="graphiql">Cargando…</div>
  <script src="recursos/react/react.production.min.js"></script>
  <script src="recursos/react-dom/react-dom.production.min.js"></script>
  <script src="recursos/graphiql/graphiql.min.js"></script>
  <script src="recursos/graphiql/explorer.umd.js"></script>
  <script src="recursos/paginas/ide.js"></script>
</body>
</html>`;

const SCRIPT_DOCS = `window.ui = SwaggerUIBundle({
  url: 'openapi.json',
  dom_id: '#swagger-ui',
  // null: no badge from the public validator (no request leaves the machine).
  validatorUrl: null,
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

const SCRIPT_IDE = `var url = location.origin + location.pathname.replace(/\\/+$/, '');
var raiz = ReactDOM.createRoot(document.getElementById('graphiql'));
raiz.render(React.createElement(GraphiQL, {
  fetcher: GraphiQL.createFetcher({ url: url }),
  plugins: [GraphiQLPluginExplorer.explorerPlugin()],
  defaultEditorToolsVisibility: 'headers',
  defaultHeaders: '{\\n  "X-Api-Key": ""\\n}',
  defaultQuery: '# Consulta de ejemplo: quién llama y con qué permisos.\\n{\\n  sesion {\\n    entidad { nombre }\\n    permisos\\n  }\\n}\\n',
}));
`;

/** The pages' own scripts and styles, served as files (see the comment at the top). */
const PROPIOS: ReadonlyMap<string, { tipo: string; texto: string }> = new Map([
  ['paginas/docs.js', { tipo: 'js', texto: SCRIPT_DOCS }],
  ['paginas/docs.css', { tipo: 'css', texto: `body { margin: 0; }\n${ESTILO_CABECERA}\n` }],
  ['paginas/ide.js', { tipo: 'js', texto: SCRIPT_IDE }],
  [
    'paginas/ide.css',
    {
      tipo: 'css',
      texto: `html, body { height: 100%; margin: 0; }
body { display: flex; flex-direction: column; }
#graphiql { flex: 1; min-height: 0; }
${ESTILO_CABECERA}
`,
    },
  ],
]);

const CSP = textoCsp(CSP_PAGINAS);

/**
 * A browser navigating to /graphql: Apollo's own test (GET preferring HTML over its JSON types, with or
 * without a query), so every request Apollo would answer with its landing page is answered here instead.
 */
function esNavegacion(req: Request): boolean {
  if (req.method !== 'GET' || !req.headers.accept) return false;
  return (
    req.accepts(['application/json', 'application/graphql-response+json', 'multipart/mixed', 'text/html']) ===
    'text/html'
  );
}

function html(res: Response, cuerpo: string) {
  res.type('html').set('Cache-Control', 'no-cache').set('Content-Security-Policy', CSP).send(cuerpo);
}

export function paginas(o: { ide: boolean }): Router {
  const servibles = archivos();
  const r = Router({ strict: true });
  r.get('/docs', (_req, res) => html(res, PAGINA_DOCS));
  r.get('/graphql', (req, res, next) => {
    // Anything else (JSON clients, POST) goes on to Apollo untouched.
    if (!esNavegacion(req)) return next();
    if (o.ide) return html(res, PAGINA_IDE);
    // Answered here so Apollo's own landing page (loaded from its CDN) is never shown.
    res.status(404).json({
      error: 'El IDE de GraphQL está desactivado en este entorno (actívelo con GRAPHQL_IDE=true).',
      codigo: 'no-encontrado',
    });
  });
  r.get('/recursos/*archivo', (req, res, next) => {
    const partes = (req.params as { archivo?: string[] }).archivo;
    const nombre = Array.isArray(partes) ? partes.join('/') : '';
    const propio = PROPIOS.get(nombre);
    // They change with the service, not with a pinned package: revalidated each time (ETag).
    if (propio) return res.type(propio.tipo).set('Cache-Control', 'no-cache').send(propio.texto);
    const archivo = servibles.get(nombre);
    if (!archivo) return next();
    // Versions are pinned in package.json: a day of caching is safe and spares reloads.
    res.sendFile(archivo, { maxAge: '1d', dotfiles: 'deny' });
  });
  return r;
}
