import { readFileSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGLAS_POR_CODIGO } from '../src/rips/reglas/registro.js';
import { abrirPagina, avisarSinChromium, hayChromium, lanzarChromium, salidas } from './chromium.js';
import { iniciarEmisor } from './issuer.js';
import { rechazo, sembradorResumen } from './sembrado-resumen.js';
import { iniciarServicio, pedir } from './servidor.js';

avisarSinChromium('panel.e2e');

/** Screenshots of each view, kept as artefacts of the run (ARTEFACTOS=<dir>, else ./artefactos). */
const ARTEFACTOS = path.resolve(process.env.ARTEFACTOS ?? 'artefactos', 'panel');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const VISTAS = ['vista-serie-rips', 'vista-serie-rda', 'vista-causas', 'vista-pagadores', 'vista-tiempos'];
const RANGO = { desde: '2026-03-02', hasta: '2026-03-30', agrupar: 'semana' };
const q = (p: Record<string, string>) => new URLSearchParams(p).toString();

/**
 * Issue 35: the analysts' panel in a real browser over a seeded scenario (four weeks of March 2026,
 * rejections by several causes, two payers, accepted, rejected and pending RDA). Every number shown
 * is checked against `GET /resumen` with the same filters.
 */
describe.skipIf(!hayChromium)('Panel de cumplimiento en el navegador', { timeout: 120_000 }, () => {
  let s: Awaited<ReturnType<typeof iniciarServicio>>;
  let clave: string;
  let claveSoloRips: string;
  let navegador: Browser;

  let emisor: Awaited<ReturnType<typeof iniciarEmisor>>;
  let slug: string;

  beforeAll(async () => {
    emisor = await iniciarEmisor();
    s = await iniciarServicio({
      ...emisor.entorno,
    });
    const e = await s.crearEntidad('panel');
    slug = e.entidad.slug;
    clave = e.clave;
    claveSoloRips = (await s.crearEntidad('panel-solo-rips', ['rips'])).clave;
    const sql = (texto: string, params: unknown[]) => s.em().getConnection().execute(texto, params);
    await sembrar(sql, e.entidad.id);
    await mkdir(ARTEFACTOS, { recursive: true });
    navegador = await lanzarChromium();
  });
  afterAll(async () => {
    await navegador?.close();
    await s?.cerrar();
    await emisor?.cerrar();
  });

  const abrir = () =>
    abrirPagina(navegador, {
      acceptDownloads: true,
      locale: 'es-CO',
      viewport: { width: 1200, height: 900 },
    });

  async function entrar(pagina: Page, credencial: string) {
    await pagina.locator('#credencial').fill(credencial);
    await pagina.locator('#form-acceso button[type="submit"]').click();
    await esperarListo(pagina);
  }

  async function esperarListo(pagina: Page) {
    await pagina.waitForFunction(() => document.documentElement.dataset.panel === 'listo', null, {
      timeout: 30_000,
    });
  }

  async function aplicar(pagina: Page, f: { desde: string; hasta: string; agrupar: string }) {
    await pagina.locator('#desde').fill(f.desde);
    await pagina.locator('#hasta').fill(f.hasta);
    await pagina.locator('#agrupar').selectOption(f.agrupar.toUpperCase());
    await pagina.evaluate(() => {
      document.documentElement.dataset.panel = 'cambiando';
    });
    await pagina.locator('#filtros button[type="submit"]').click();
    await esperarListo(pagina);
  }

  /** A table's rows as { key of the row: { column: data-valor } }. */
  async function celdas(pagina: Page, id: string): Promise<Record<string, Record<string, string>>> {
    return pagina
      .locator(`#${id} tbody tr`)
      .evaluateAll((filas) =>
        Object.fromEntries(
          filas.map((f) => [
            (f as HTMLElement).dataset.clave,
            Object.fromEntries(
              [...f.querySelectorAll('[data-columna]')].map((c) => [
                (c as HTMLElement).dataset.columna,
                (c as HTMLElement).dataset.valor ?? c.textContent,
              ]),
            ),
          ]),
        ),
      );
  }

  /** Axe on the page as it is: no serious or critical violation. */
  async function accesible(pagina: Page, donde: string) {
    const r = await pagina.evaluate(async (fuente) => {
      // DevTools evaluation is not subject to the page's CSP (the page itself cannot run inline code).
      // Global scope, so axe defines window.axe: axe-core's own source, injected only by this test.
      (window as unknown as { eval: (codigo: string) => unknown }).eval(fuente);
      const w = window as unknown as { axe: { run: (c: unknown) => Promise<{ violations: unknown[] }> } };
      return w.axe.run(document);
    }, AXE);
    const graves = (r.violations as { id: string; impact: string; nodes: { target: string[] }[] }[])
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(graves, donde).toEqual([]);
  }

  async function comprobarContraResumen(pagina: Page, f: Record<string, string>) {
    const r = await pedir(s.url, `/resumen?${q(f)}`, { cabeceras: { 'x-api-key': clave } });
    expect(r.status).toBe(200);
    const b = r.body;
    // Series by outcome, both modules, every period.
    for (const [modulo, estados] of [
      [
        'rips',
        {
          RADICADO: 'radicado',
          RECHAZADO: 'rechazado',
          RECHAZADO_LOCAL: 'rechazado-local',
          FALLIDO: 'fallido',
        },
      ],
      ['rda', { ACEPTADO: 'aceptado', RECHAZADO: 'rechazado', GENERADO: 'generado', ENVIADO: 'enviado' }],
    ] as const) {
      const tabla = await celdas(pagina, `tabla-serie-${modulo}`);
      expect(Object.keys(tabla)).toEqual(b.serie.map((p: { periodo: string }) => p.periodo));
      for (const p of b.serie) {
        for (const [enum_, rest] of Object.entries(estados))
          expect(Number(tabla[p.periodo]![enum_]), `${modulo} ${p.periodo} ${rest}`).toBe(
            p.porEstado[modulo][rest],
          );
        expect(Number(tabla[p.periodo]!.total)).toBe(p.total[modulo]);
      }
    }
    // Causes: the top 10 of each module, same counts and order.
    for (const modulo of ['rips', 'rda'] as const) {
      const tabla = await celdas(pagina, `tabla-causas-${modulo}`);
      const esperadas = b.causas[modulo].slice(0, 10);
      expect(Object.keys(tabla)).toEqual(
        esperadas.map(
          (c: { fuente: string; codigo: string }) =>
            `${c.fuente.toUpperCase().replace('-', '_')}|${c.codigo}`,
        ),
      );
      for (const c of esperadas) {
        const fila = tabla[`${c.fuente.toUpperCase().replace('-', '_')}|${c.codigo}`]!;
        expect(Number(fila.intentos)).toBe(c.intentos);
        expect(Number(fila.documentos)).toBe(c.documentos);
        expect(Number(fila.proporcion)).toBe(c.proporcion);
        expect(fila.titulo).toBe(c.titulo);
      }
    }
    // Money per payer.
    const pagadores = await celdas(pagina, 'tabla-pagadores');
    for (const p of b.montos.porPagador) {
      const fila = pagadores[p.pagador ?? p.clase.toUpperCase().replace('-', '_')]!;
      expect(Number(fila.radicado), p.pagador).toBe(p.radicado);
      expect(Number(fila.retenido), p.pagador).toBe(p.retenido);
      expect(Number(fila.radicados)).toBe(p.radicados);
      expect(Number(fila.retenidos)).toBe(p.retenidos);
    }
    expect(Object.keys(pagadores)).toHaveLength(b.montos.porPagador.length);
    // RDA times per period and per type, and the pending ones.
    const tiempos = await celdas(pagina, 'tabla-tiempos');
    for (const p of b.serie) {
      expect(Number(tiempos[p.periodo]!.aceptados)).toBe(p.tiempos.aceptados);
      expect(tiempos[p.periodo]!.p50Ms).toBe(p.tiempos.p50Ms === null ? '' : String(p.tiempos.p50Ms));
      expect(tiempos[p.periodo]!.p95Ms).toBe(p.tiempos.p95Ms === null ? '' : String(p.tiempos.p95Ms));
    }
    const tipos = await celdas(pagina, 'tabla-tipos');
    for (const t of b.tiempos.porTipo) {
      const fila = tipos[t.tipo.toUpperCase().replace('-', '_')]!;
      expect(Number(fila.aceptados)).toBe(t.aceptados);
      expect(fila.p95Ms).toBe(t.p95Ms === null ? '' : String(t.p95Ms));
    }
    expect(Number(tipos.TODOS!.aceptados)).toBe(b.tiempos.total.aceptados);
    expect(await pagina.locator('#pendientes').getAttribute('data-cantidad')).toBe(
      String(b.pendientes.cantidad),
    );
    return b;
  }

  it('entra con la API key, muestra cada vista con las cifras de /resumen, cambia el rango, descarga CSV y no sale de la máquina', async () => {
    const { pagina, pedidas, cerrar } = await abrir();
    try {
      await pagina.goto(`${s.url}/panel`);
      expect(await pagina.title()).toBe('Panel de cumplimiento — Motor de cumplimiento');
      await pagina.locator('#credencial').waitFor();
      await accesible(pagina, 'acceso');
      // Defaults: the last 90 days by week, to tomorrow in Colombia.
      const manana = new Date(Date.now() - 5 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
      expect(await pagina.locator('#hasta').inputValue()).toBe(manana);
      expect(await pagina.locator('#agrupar').inputValue()).toBe('SEMANA');

      await entrar(pagina, clave);
      expect(await pagina.locator('#entidad').textContent()).toBe('Entidad panel');
      // Kept for the tab only.
      expect(await pagina.evaluate(() => sessionStorage.getItem('motor-panel-credencial'))).toBe(clave);
      expect(await pagina.evaluate(() => localStorage.length)).toBe(0);

      await aplicar(pagina, RANGO);
      expect(new URL(pagina.url()).search).toBe(`?${q(RANGO)}`);
      const b = await comprobarContraResumen(pagina, RANGO);
      expect(b.serie).toHaveLength(4);
      expect(b.causas.rips.length).toBeGreaterThanOrEqual(3);
      expect(b.montos.porPagador.length).toBeGreaterThanOrEqual(2);

      // The text summaries carry the same figures as the charts.
      expect(await pagina.locator('#texto-serie-rips').textContent()).toContain(
        `${b.total.rips} radicaciones`,
      );
      expect(await pagina.locator('#texto-pagadores').textContent()).toContain('EPS Dos S.A.');
      for (const id of ['grafico-serie-rips', 'grafico-causas-rips', 'grafico-pagadores', 'grafico-tiempos'])
        expect(await pagina.locator(`#${id}`).getAttribute('aria-label'), id).toBeTruthy();

      // A cause by keyboard: its explanation and fix, from the rule registry.
      const boton = pagina.locator('#tabla-causas-rips button', { hasText: 'Ver RVC019' });
      await boton.focus();
      await pagina.keyboard.press('Enter');
      const detalle = pagina.locator('#detalle-causa');
      await detalle.waitFor();
      expect(await pagina.evaluate(() => document.activeElement?.id)).toBe('detalle-causa');
      const regla = REGLAS_POR_CODIGO.get('RVC019')!;
      expect(await detalle.textContent()).toContain(regla.explicacion);
      expect(await detalle.textContent()).toContain(regla.comoCorregir);

      await accesible(pagina, 'panel con datos');
      for (const v of VISTAS)
        await pagina.locator(`#${v}`).screenshot({ path: path.join(ARTEFACTOS, `${v}.png`) });
      await pagina.screenshot({ path: path.join(ARTEFACTOS, 'panel-completo.png'), fullPage: true });
      await pagina.evaluate(() => window.scrollTo(0, 0));
      await pagina.screenshot({ path: path.join(ARTEFACTOS, 'panel.png') });

      // Printed: one page per view.
      const pdf = (await pagina.pdf({ format: 'A4' })).toString('latin1');
      expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(VISTAS.length);

      // Another range and grouping: the numbers follow.
      const otro = { desde: '2026-03-09', hasta: '2026-03-23', agrupar: 'dia' };
      await aplicar(pagina, otro);
      const b2 = await comprobarContraResumen(pagina, otro);
      expect(b2.serie).toHaveLength(14);
      expect(b2.total.rips).toBeLessThan(b.total.rips);

      // Two changes in a row without waiting: only the last range is drawn (the earlier answer is dropped).
      await pagina.locator('#desde').fill('2026-03-02');
      await pagina.locator('#agrupar').selectOption('MES');
      await pagina.locator('#filtros button[type="submit"]').click();
      await aplicar(pagina, otro);
      expect(Object.keys(await celdas(pagina, 'tabla-serie-rips'))).toHaveLength(14);
      await comprobarContraResumen(pagina, otro);

      // A CSV of a view: the bytes of the existing CSV route with the same filters.
      const descarga = pagina.waitForEvent('download');
      await pagina.locator('#vista-causas button.csv').click();
      const d = await descarga;
      expect(d.suggestedFilename()).toBe('resumen-causas-2026-03-09-2026-03-23.csv');
      const csv = await readFile((await d.path())!);
      const rest = await fetch(`${s.url}/resumen?${q({ ...otro, formato: 'csv', vista: 'causas' })}`, {
        headers: { 'x-api-key': clave },
      });
      expect(csv.equals(Buffer.from(await rest.arrayBuffer()))).toBe(true);
      expect(csv.toString('utf8')).toContain('RVC019');

      // Nothing left the machine: every request went to this service (blob: is the download itself).
      expect(salidas(pedidas)).toEqual([]);
      expect(pedidas.some((u) => u.endsWith('/recursos/chart.js/chart.umd.min.js'))).toBe(true);

      // Signing out forgets the credential.
      await pagina.locator('#salir').click();
      expect(await pagina.evaluate(() => sessionStorage.getItem('motor-panel-credencial'))).toBeNull();
      await pagina.locator('#credencial').waitFor();
    } finally {
      await cerrar();
    }
  });

  it('una entidad sin RDA ve solo RIPS; un token Bearer entra por Authorization; una credencial inválida vuelve a pedir entrar', async () => {
    const { pagina, cerrar } = await abrir();
    try {
      await pagina.goto(`${s.url}/panel?${q(RANGO)}`);
      await entrar(pagina, claveSoloRips);
      expect(await pagina.locator('#vista-serie-rips').isVisible()).toBe(true);
      for (const v of ['vista-serie-rda', 'vista-tiempos', 'causas-rda'])
        expect(await pagina.locator(`#${v}`).isVisible(), v).toBe(false);
      expect(await pagina.locator('#modulo option[value="RDA"]').isDisabled()).toBe(true);

      // A bearer token (a JWT as the identity provider issues it) goes in Authorization.
      await pagina.locator('#salir').click();
      const token = await emisor.firmar({ sub: 'analista', groups: [`${slug}:auditor`] });
      const pedido = pagina.waitForRequest((r) => r.url().endsWith('/graphql'));
      await entrar(pagina, token);
      expect((await pedido).headers().authorization).toBe(`Bearer ${token}`);
      expect((await pedido).headers()['x-api-key']).toBeUndefined();
      expect(await pagina.locator('#entidad').textContent()).toBe('Entidad panel');
      expect(await pagina.locator('#vista-serie-rda').isVisible()).toBe(true);

      await pagina.locator('#salir').click();
      await pagina.locator('#credencial').fill('rda_clave_que_no_existe');
      await pagina.locator('#form-acceso button[type="submit"]').click();
      await pagina.waitForFunction(() => document.documentElement.dataset.panel === 'error');
      expect(await pagina.locator('#estado').textContent()).toMatch(/^No se pudo entrar: /);
      expect(await pagina.locator('#credencial').isVisible()).toBe(true);
      expect(await pagina.evaluate(() => sessionStorage.getItem('motor-panel-credencial'))).toBeNull();
    } finally {
      await cerrar();
    }
  });
});

/** Four weeks of March 2026 (Mondays 2, 9, 16, 23): filings, payers and transmissions. */
async function sembrar(sql: (t: string, p: unknown[]) => Promise<unknown>, entidad: string) {
  const { radicacion, transmision } = sembradorResumen(sql, () => entidad);
  for (const [nit, nombre] of [
    ['900111222', 'EPS Uno S.A.S.'],
    ['800222333', 'EPS Dos S.A.'],
  ])
    await sql(`insert into pagador (entidad_id, nit, nombre, actualizado_en) values (?, ?, ?, now())`, [
      entidad,
      nit,
      nombre,
    ]);
  const semanas = ['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23'];
  let n = 0;
  for (const [i, lunes] of semanas.entries()) {
    const dia = (d: number) =>
      `${lunes.slice(0, 8)}${String(Number(lunes.slice(8)) + d).padStart(2, '0')}T15:00:00Z`;
    // Rejections fall week after week: 4, 3, 2, 1 local rejections; filings grow.
    for (let k = 0; k < 4 - i; k++)
      await radicacion({
        en: dia(k % 5),
        numFactura: `R${i}-${k}`,
        estado: 'rechazado-local',
        errores: [rechazo(k % 2 ? 'RVC042' : 'RVC019', 'linter-local'), rechazo('RVG03', 'linter-local')],
        monto: 100_000 * (k + 1),
        pagador: k % 2 ? '800222333' : '900111222',
      });
    for (let k = 0; k < 2 + i; k++)
      await radicacion({
        en: dia(k % 5),
        numFactura: `F${++n}`,
        estado: 'radicado',
        monto: 250_000,
        pagador: k % 3 === 0 ? '800222333' : '900111222',
      });
    await radicacion({
      en: dia(2),
      numFactura: `M${i}`,
      estado: 'rechazado',
      errores: [rechazo('TOT002', 'muv')],
      monto: 50_000,
      pagador: '800222333',
    });
    if (i === 2) await radicacion({ en: dia(3), numFactura: 'X1', estado: 'fallido', monto: 10 });
    await transmision({
      en: dia(1),
      tipo: 'consulta-externa',
      estado: 'aceptado',
      ms: 1500 * (i + 1),
      intentos: 1,
    });
    await transmision({ en: dia(2), tipo: 'urgencias', estado: 'aceptado', ms: 40_000, intentos: 2 });
    await transmision({
      en: dia(3),
      tipo: 'paciente',
      estado: 'generado',
      errores: [rechazo('RDA05', 'linter-rda')],
    });
    if (i % 2)
      await transmision({
        en: dia(4),
        tipo: 'hospitalizacion',
        estado: 'rechazado',
        errores: [rechazo('IHCE-required', 'ihce')],
      });
    if (i === 3) await transmision({ en: dia(0), tipo: 'urgencias', estado: 'enviado' });
  }
}
