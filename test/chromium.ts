import { existsSync } from 'node:fs';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';
import { CHROMIUM } from './lanzar-chromium.js';

export { CHROMIUM, lanzarChromium } from './lanzar-chromium.js';

/** Without Debian's Chromium the browser tests are skipped. */
export const hayChromium = existsSync(CHROMIUM);

/** Warns once per test file that skips for want of Chromium. */
export function avisarSinChromium(archivo: string): void {
  if (!hayChromium)
    console.warn(`${archivo}: se omite, no existe ${CHROMIUM} (instálelo con: apt-get install -y chromium)`);
}

const LOCALES = new Set(['127.0.0.1', 'localhost']);

/** Every request the page made that left the machine; data:/blob: URLs never leave the browser. */
export function salidas(pedidas: string[]): string[] {
  return pedidas.filter((u) => {
    const url = new URL(u);
    if (url.protocol === 'data:' || url.protocol === 'blob:') return false;
    return !LOCALES.has(url.hostname);
  });
}

/**
 * A page in a fresh context that records every request; `cerrar` fails the test if a script error
 * happened on the page or its Content-Security-Policy blocked anything.
 */
export async function abrirPagina(
  navegador: Browser,
  opciones: BrowserContextOptions = {},
): Promise<{ pagina: Page; pedidas: string[]; cerrar: () => Promise<void> }> {
  const contexto = await navegador.newContext(opciones);
  const pagina = await contexto.newPage();
  const pedidas: string[] = [];
  const fallos: string[] = [];
  const violaciones: string[] = [];
  pagina.on('request', (r) => pedidas.push(r.url()));
  // A script error on the page (a missing global, a broken bundle) fails the test.
  pagina.on('pageerror', (e) => fallos.push(e.message));
  // Anything the page's Content-Security-Policy blocked fails it too: Chromium reports each block on
  // the console, and the page's own violation events are echoed there as well.
  await pagina.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violada: ${e.effectiveDirective} ${e.blockedURI}`),
    );
  });
  pagina.on('console', (m) => {
    if (/Content Security Policy|CSP violada/i.test(m.text())) violaciones.push(m.text());
  });
  return {
    pagina,
    pedidas,
    cerrar: async () => {
      await contexto.close();
      expect(fallos).toEqual([]);
      expect(violaciones).toEqual([]);
    },
  };
}
