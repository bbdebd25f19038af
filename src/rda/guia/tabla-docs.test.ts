import { readFileSync, writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { tablaReglasGuia } from './tabla-docs.js';

const DOC = new URL('../../../docs/rda-documentos.md', import.meta.url);
const INICIO = '<!-- reglas-guia:inicio -->\n';
const FIN = '<!-- reglas-guia:fin -->';

it('docs/rda-documentos.md lista cada regla de la tabla de la guía (ACTUALIZAR_DOCS=1 la regenera)', () => {
  const doc = readFileSync(DOC, 'utf8');
  const a = doc.indexOf(INICIO);
  const b = doc.indexOf(FIN);
  expect(a).toBeGreaterThan(-1);
  expect(b).toBeGreaterThan(a);
  const tabla = tablaReglasGuia();
  if (process.env.ACTUALIZAR_DOCS === '1') {
    writeFileSync(DOC, doc.slice(0, a + INICIO.length) + tabla + doc.slice(b));
    return;
  }
  expect(doc.slice(a + INICIO.length, b)).toBe(tabla);
});

it('docs/rda-documentos.md lista cada código del linter (ACTUALIZAR_DOCS=1 la regenera)', async () => {
  const { tablaCodigosRda } = await import('../linter/tabla-codigos.js');
  const doc = readFileSync(DOC, 'utf8');
  const ini = '<!-- codigos-rda:inicio -->\n';
  const a = doc.indexOf(ini);
  const b = doc.indexOf('<!-- codigos-rda:fin -->');
  expect(a).toBeGreaterThan(-1);
  const tabla = tablaCodigosRda();
  if (process.env.ACTUALIZAR_DOCS === '1') {
    writeFileSync(DOC, doc.slice(0, a + ini.length) + tabla + doc.slice(b));
    return;
  }
  expect(doc.slice(a + ini.length, b)).toBe(tabla);
});
