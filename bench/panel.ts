import { existsSync, rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { CHROMIUM as CHROMIUM_DEBIAN, lanzarChromium } from '../test/lanzar-chromium.js';
import { conectarBd } from './carga-directa.js';
import { cargarResumen } from './carga-resumen.js';
import { cuantil } from './estadistica.js';
import { guardarSalida } from './salida.js';
import { CLAVE_BENCH, iniciarServidorHijo } from './servidor-hijo.js';

/**
 * Issue 35: the panel at 1 M filings + 1 M transmissions (the `bench:resumen` load, bench/carga-resumen.ts).
 * Debian's Chromium opens /panel with the demo key already in the tab's session storage, BENCH_CARGAS
 * times in a fresh context (nothing cached): time from navigation to the first chart drawn, and to every
 * view drawn. Then, on one open page, each range change of CAMBIOS: from «Aplicar» to every view drawn.
 * BENCH_DATOS=<folder> reuses a loaded folder (BENCH_CONSERVAR=1 keeps it).
 */
const FILAS = Number(process.env.BENCH_FILAS ?? 1_000_000);
const FILAS_RDA = Number(process.env.BENCH_FILAS_RDA ?? FILAS);
const CARGAS = Number(process.env.BENCH_CARGAS ?? 10);
const CONSERVAR = process.env.BENCH_CONSERVAR === '1';
const CHROMIUM = process.env.CHROMIUM ?? CHROMIUM_DEBIAN;
if (!existsSync(CHROMIUM))
  throw new Error(`bench:panel necesita Chromium en ${CHROMIUM} (apt-get install -y chromium)`);

const r1 = (x: number) => Math.round(x * 10) / 10;
const fechaBogota = (dias: number) =>
  new Date(Date.now() - 5 * 3_600_000 + dias * 86_400_000).toISOString().slice(0, 10);
const resumen = (ms: number[]) => ({
  p50ms: r1(cuantil(ms, 0.5)),
  p95ms: r1(cuantil(ms, 0.95)),
  maxms: r1(Math.max(...ms)),
});

/** Range changes an analyst makes, each applied with the form on the open page. */
const CAMBIOS: [string, { desde: string; hasta: string; agrupar: string; modulo?: string }][] = [
  ['un año por semana', { desde: fechaBogota(-365), hasta: fechaBogota(1), agrupar: 'SEMANA' }],
  ['un año por mes', { desde: fechaBogota(-365), hasta: fechaBogota(1), agrupar: 'MES' }],
  ['un año por día', { desde: fechaBogota(-365), hasta: fechaBogota(1), agrupar: 'DIA' }],
  [
    '30 días por día, solo RIPS',
    { desde: fechaBogota(-29), hasta: fechaBogota(1), agrupar: 'DIA', modulo: 'RIPS' },
  ],
  ['90 días por semana', { desde: fechaBogota(-89), hasta: fechaBogota(1), agrupar: 'SEMANA' }],
];

const servidor = await iniciarServidorHijo({ LOG_LEVEL: 'warn', PANEL: 'true' });
console.log('datos del servidor', servidor.dataDir);
const salida: Record<string, unknown> = { filasRips: FILAS, filasRda: FILAS_RDA, cargas: CARGAS };
let fallo: unknown = null;
const navegador = await lanzarChromium(CHROMIUM);
try {
  const bd = await conectarBd(servidor);
  const { rows } = await bd.query(`select id from entidad where slug = 'demo'`);
  const entidad = rows[0].id as string;
  const n = Number(
    (await bd.query('select count(*) n from radicacion where entidad_id = $1', [entidad])).rows[0].n,
  );
  if (n === 0) {
    const t = performance.now();
    await cargarResumen(bd, entidad, { filas: FILAS, filasRda: FILAS_RDA }, async (nombre, fn) => {
      const t0 = performance.now();
      await fn();
      console.log(`carga: ${nombre} ${r1((performance.now() - t0) / 1000)} s`);
    });
    salida.cargaSegundos = r1((performance.now() - t) / 1000);
  }
  salida.filas = {
    radicacion: Number(
      (await bd.query('select count(*) n from radicacion where entidad_id = $1', [entidad])).rows[0].n,
    ),
    transmision: Number(
      (await bd.query('select count(*) n from transmision where entidad_id = $1', [entidad])).rows[0].n,
    ),
  };
  await bd.end();

  // Fresh loads of /panel: the default view (last 90 days by week, both modules).
  const primerGrafico: number[] = [];
  const todo: number[] = [];
  const consultas: number[] = [];
  let bytes = 0;
  for (let i = 0; i < CARGAS + 1; i++) {
    const contexto = await navegador.newContext({ viewport: { width: 1200, height: 900 } });
    await contexto.addInitScript(
      (clave) => sessionStorage.setItem('motor-panel-credencial', clave),
      CLAVE_BENCH,
    );
    const pagina = await contexto.newPage();
    let recibidos = 0;
    pagina.on('response', async (r) => {
      recibidos += (await r.body().catch(() => Buffer.alloc(0))).length;
    });
    await pagina.goto(`${servidor.url}/panel`);
    await pagina.waitForFunction(() => document.documentElement.dataset.panel === 'listo', null, {
      timeout: 60_000,
    });
    const [primero, listo, consulta, error] = await pagina.evaluate(() => [
      performance.getEntriesByName('panel:primer-grafico')[0]?.startTime ?? -1,
      ((e) => (e ? e.startTime + e.duration : -1))(performance.getEntriesByName('panel:cambio')[0]),
      performance.getEntriesByName('panel:consulta')[0]?.duration ?? -1,
      document.querySelector('#estado.error')?.textContent ?? null,
    ]);
    if (error) throw new Error(`el panel mostró un error: ${error}`);
    if (process.env.BENCH_DETALLE === '1')
      console.log(
        await pagina.evaluate(() => {
          const sinOrigen = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
          return (
            [...performance.getEntries()]
              .map((e) => {
                const linea = `${e.entryType} ${sinOrigen(e.name)} ${Math.round(e.startTime)}+${Math.round(e.duration)}`;
                // A long frame's scripts and its style-and-layout time: what held the main thread.
                const cuadro = e as PerformanceEntry & {
                  styleAndLayoutStart?: number;
                  scripts?: { invoker: string; sourceURL: string; startTime: number; duration: number }[];
                };
                if (!cuadro.scripts) return linea;
                const estilo = Math.round(e.startTime + e.duration - (cuadro.styleAndLayoutStart ?? 0));
                return `${linea} (estilo y diseño ${estilo}; ${cuadro.scripts
                  .map(
                    (g) =>
                      `${sinOrigen(g.invoker)} ${sinOrigen(g.sourceURL)} ${Math.round(g.startTime)}+${Math.round(g.duration)}`,
                  )
                  .join('; ')})`;
              })
              .join('\n') +
            `\n${JSON.stringify(
              Object.fromEntries(
                Object.entries(
                  (
                    performance.getEntriesByType('navigation' as never)[0] as unknown as { toJSON(): object }
                  ).toJSON(),
                ).filter(([, v]) => typeof v === 'number' && v > 0),
              ),
            )}`
          );
        }),
      );
    // The first load warms the server (JIT, PostgreSQL's caches) and is not counted.
    if (i > 0) {
      primerGrafico.push(primero as number);
      todo.push(listo as number);
      consultas.push(consulta as number);
    }
    bytes = recibidos;
    await contexto.close();
  }
  salida.cargaInicial = {
    primerGrafico: resumen(primerGrafico),
    todasLasVistas: resumen(todo),
    consulta: resumen(consultas),
    bytes,
  };
  console.log('carga de /panel (90 días por semana)', salida.cargaInicial);

  // Range changes on one open page, each CARGAS times.
  const contexto = await navegador.newContext({ viewport: { width: 1200, height: 900 } });
  await contexto.addInitScript(
    (clave) => sessionStorage.setItem('motor-panel-credencial', clave),
    CLAVE_BENCH,
  );
  const pagina = await contexto.newPage();
  await pagina.goto(`${servidor.url}/panel`);
  await pagina.waitForFunction(() => document.documentElement.dataset.panel === 'listo', null, {
    timeout: 60_000,
  });
  const cambios: Record<string, unknown> = {};
  for (const [nombre, f] of CAMBIOS) {
    const ms: number[] = [];
    const msConsulta: number[] = [];
    for (let i = 0; i < CARGAS; i++) {
      await pagina.locator('#desde').fill(f.desde);
      await pagina.locator('#hasta').fill(f.hasta);
      await pagina.locator('#agrupar').selectOption(f.agrupar);
      await pagina.locator('#modulo').selectOption(f.modulo ?? '');
      await pagina.evaluate(() => {
        document.documentElement.dataset.panel = 'cambiando';
      });
      await pagina.locator('#filtros button[type="submit"]').click();
      // «cargando» comes at once; the figures are read when every view is drawn (or an error shown).
      await pagina.waitForFunction(
        () => ['listo', 'error'].includes(document.documentElement.dataset.panel ?? ''),
        null,
        { timeout: 60_000 },
      );
      const [d, consulta, error] = await pagina.evaluate(() => [
        performance.getEntriesByName('panel:cambio').at(-1)?.duration ?? -1,
        performance.getEntriesByName('panel:consulta').at(-1)?.duration ?? -1,
        document.querySelector('#estado.error')?.textContent ?? null,
      ]);
      if (error) throw new Error(`${nombre}: el panel mostró un error: ${error}`);
      ms.push(d as number);
      msConsulta.push(consulta as number);
    }
    cambios[nombre] = { ...resumen(ms), consulta: resumen(msConsulta) };
    console.log(nombre, cambios[nombre]);
  }
  salida.cambios = cambios;
  await contexto.close();
} catch (e) {
  fallo = e;
} finally {
  await navegador.close();
  await servidor.detener();
  if (!CONSERVAR && !process.env.BENCH_DATOS) rmSync(servidor.dataDir, { recursive: true, force: true });
}
guardarSalida('panel', salida);
if (fallo) throw fallo;
