import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Response, Router } from 'express';
import { CSP_PAGINAS, textoCsp } from '../http/cabeceras-seguridad.js';

/**
 * `GET /panel`: the analysts' page over GraphQL `resumen` (docs/resumen.md#panel). Its HTML, script,
 * styles and query are files of src/panel/publico, found from this module both in src/ and in
 * dist/src/ (tsc copies no static files); Chart.js comes from node_modules. Everything is served by
 * the service itself under the pages' Content-Security-Policy: no CDN, no request off the machine.
 */

const requerir = createRequire(import.meta.url);

/** src/panel/publico, from src/panel/ or from dist/src/panel/ (the project root is above both). */
function directorioPublico(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    for (const candidato of [path.join(dir, 'publico'), path.join(dir, 'src', 'panel', 'publico')])
      if (existsSync(path.join(candidato, 'panel.html'))) return candidato;
    const padre = path.dirname(dir);
    if (padre === dir) throw new Error('no se encontró src/panel/publico (archivos del panel)');
    dir = padre;
  }
}

const PUBLICO = directorioPublico();
const CONSULTA = readFileSync(path.join(PUBLICO, 'panel.graphql'), 'utf8');

/** The page, with the panel's query inside a non-executable script element (not subject to the CSP). */
export const PAGINA_PANEL = readFileSync(path.join(PUBLICO, 'panel.html'), 'utf8').replace(
  '{{CONSULTA}}',
  // A query never holds "</", but the page must not break if one ever did.
  CONSULTA.replaceAll('</', '<\\/'),
);

/** Served files: the public name under /recursos → the file and its type. */
const ARCHIVOS: ReadonlyMap<string, { archivo: string; tipo: string; propio: boolean }> = new Map([
  ['panel/panel.js', { archivo: path.join(PUBLICO, 'panel.js'), tipo: 'js', propio: true }],
  ['panel/panel.css', { archivo: path.join(PUBLICO, 'panel.css'), tipo: 'css', propio: true }],
  [
    'chart.js/chart.umd.min.js',
    {
      // chart.js exports no package.json: its main entry sits in dist/ beside the UMD build.
      archivo: path.join(path.dirname(requerir.resolve('chart.js')), 'chart.umd.min.js'),
      tipo: 'js',
      propio: false,
    },
  ],
]);

const CSP = textoCsp(CSP_PAGINAS);

function noEncontrado(res: Response) {
  res.status(404).json({
    error: 'El panel está desactivado en este entorno (actívelo con PANEL=true).',
    codigo: 'no-encontrado',
  });
}

export function panel(o: { activo: boolean }): Router {
  const r = Router({ strict: true });
  r.get('/panel', (_req, res) => {
    if (!o.activo) return noEncontrado(res);
    res.type('html').set('Cache-Control', 'no-cache').set('Content-Security-Policy', CSP).send(PAGINA_PANEL);
  });
  r.get('/recursos/:carpeta/:archivo', (req, res, next) => {
    const a = ARCHIVOS.get(`${req.params.carpeta}/${req.params.archivo}`);
    if (!a) return next();
    if (!o.activo) return noEncontrado(res);
    // Own files change with the service (revalidated by ETag); Chart.js is pinned in package.json.
    res
      .type(a.tipo)
      .sendFile(
        a.archivo,
        a.propio ? { cacheControl: false, headers: { 'Cache-Control': 'no-cache' } } : { maxAge: '1d' },
      );
  });
  return r;
}
