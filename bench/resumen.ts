import { rmSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { conectarBd } from './carga-directa.js';
import { cargarResumen } from './carga-resumen.js';
import { cuantil } from './estadistica.js';
import { guardarSalida } from './salida.js';
import { CLAVE_BENCH, iniciarServidorHijo } from './servidor-hijo.js';

/**
 * Issue 23: GET /resumen over a year. Bulk-loads BENCH_FILAS filings and BENCH_FILAS_RDA transmissions
 * for the demo entity (bench/carga-resumen.ts), checks the roll-ups against the base tables, then times
 * the report's variants. BENCH_SOLO_CARGA=1 stops after the load.
 */
const FILAS = Number(process.env.BENCH_FILAS ?? 1_000_000);
const FILAS_RDA = Number(process.env.BENCH_FILAS_RDA ?? FILAS);
const REPETICIONES = Number(process.env.BENCH_REPETICIONES ?? 30);
const CALENTAMIENTO = 3;
const SOLO_CARGA = process.env.BENCH_SOLO_CARGA === '1';
// The data folder (≈ 3 GB at a million rows of each) is removed at the end unless BENCH_CONSERVAR=1.
const CONSERVAR = process.env.BENCH_CONSERVAR === '1';

class SoloCarga extends Error {}

const r1 = (x: number) => Math.round(x * 10) / 10;

/** Colombian calendar date (UTC−5, no daylight saving), `dias` days from today. */
function fechaBogota(dias: number): string {
  return new Date(Date.now() - 5 * 3_600_000 + dias * 86_400_000).toISOString().slice(0, 10);
}

/** GET over one kept-alive connection (fetch's client work would be billed to the server). */
const agente = new http.Agent({ keepAlive: true, maxSockets: 1 });
function obtener(url: string): Promise<{ status: number; tipo: string; cuerpo: Buffer }> {
  return new Promise((resolver, fallar) => {
    const s = http.get(url, { agent: agente, headers: { 'X-Api-Key': CLAVE_BENCH } }, (r) => {
      const trozos: Buffer[] = [];
      r.on('data', (t: Buffer) => trozos.push(t));
      r.on('end', () =>
        resolver({
          status: r.statusCode ?? 0,
          tipo: String(r.headers['content-type'] ?? ''),
          cuerpo: Buffer.concat(trozos),
        }),
      );
      r.on('error', fallar);
    });
    s.on('error', fallar);
  });
}

const servidor = await iniciarServidorHijo({ LOG_LEVEL: 'warn' });
console.log('datos del servidor', servidor.dataDir);
const salida: Record<string, unknown> = { filasRips: FILAS, filasRda: FILAS_RDA, repeticiones: REPETICIONES };
let fallo: unknown = null;
try {
  const bd = await conectarBd(servidor);
  const { rows } = await bd.query(`select id from entidad where slug = 'demo'`);
  const entidad = rows[0].id as string;
  // A kept data folder (BENCH_DATOS) that already holds the load: straight to the reads.
  const yaCargado =
    !!process.env.BENCH_DATOS &&
    Number((await bd.query('select count(*) n from radicacion where entidad_id = $1', [entidad])).rows[0].n) >
      0;
  const tiempos: Record<string, number> = {};
  const medir = async (nombre: string, fn: () => Promise<unknown>) => {
    const t = performance.now();
    await fn();
    tiempos[nombre] = r1((performance.now() - t) / 1000);
    console.log(`carga: ${nombre} ${tiempos[nombre]} s`);
  };

  if (!yaCargado) {
    const tablasResumen = await cargarResumen(bd, entidad, { filas: FILAS, filasRda: FILAS_RDA }, medir);
    salida.cargaSegundos = { ...tiempos, total: r1(Object.values(tiempos).reduce((a, b) => a + b, 0)) };

    // Sanity: the roll-ups agree with the base tables.
    const uno = async (sql: string) => Number((await bd.query(sql, [entidad])).rows[0].n);
    // resumen_dia as a row per type and state (cantidad) or a jsonb {"tipo|estado": n} per day and module.
    const columnasDia = (
      await bd.query(`select column_name from information_schema.columns where table_name = 'resumen_dia'`)
    ).rows.map((f) => f.column_name as string);
    const sumaDia = (modulo: string) =>
      uno(
        columnasDia.includes('cantidad')
          ? `select coalesce(sum(cantidad), 0) n from resumen_dia where entidad_id = $1 and modulo = '${modulo}'`
          : // {"tipo|estado": n}, or the marginals {"e|estado": n, "t|tipo": n} (the states sum to the total).
            `select coalesce(sum(c.value::bigint), 0) n from resumen_dia d, jsonb_each_text(d.conteos) c
             where d.entidad_id = $1 and d.modulo = '${modulo}' and (c.key like 'e|%' or c.key not like '_|%')`,
      );
    const cuentas = {
      radicacion: await uno('select count(*) n from radicacion where entidad_id = $1'),
      resumenRips: await sumaDia('rips'),
      conteoRadicacion: await uno(
        'select coalesce(sum(cantidad), 0) n from conteo_radicacion where entidad_id = $1',
      ),
      transmision: await uno('select count(*) n from transmision where entidad_id = $1'),
      resumenRda: await sumaDia('rda'),
      conteoTransmision: await uno(
        'select coalesce(sum(cantidad), 0) n from conteo_transmision where entidad_id = $1',
      ),
      radicadosConValor: await uno(
        `select count(*) n from radicacion where entidad_id = $1 and estado = 'radicado' and pagador is not null
         and radicacion_clase(tipo_nota, operacion) in ('FEV', 'RS')`,
      ),
      resumenRadicados: await uno(
        // Without the all-payers row of each day ('*').
        `select coalesce(sum(radicados), 0) n from resumen_monto_dia where entidad_id = $1 and pagador <> '*'`,
      ),
      retenidosDirecto: await uno(
        `select count(distinct radicacion_clase(tipo_nota, operacion) || '|' || coalesce(num_nota, num_factura, id::text)) n
         from radicacion r where entidad_id = $1 and pagador is not null and radicacion_clase(tipo_nota, operacion) in ('FEV', 'RS')
         and estado in ('rechazado', 'rechazado-local')
         and not exists (select 1 from radicacion x where x.entidad_id = r.entidad_id and x.estado = 'radicado'
           and radicacion_clase(x.tipo_nota, x.operacion) = radicacion_clase(r.tipo_nota, r.operacion)
           and coalesce(x.num_nota, x.num_factura, x.id::text) = coalesce(r.num_nota, r.num_factura, r.id::text))`,
      ),
      resumenRetenidos: await uno(
        `select coalesce(sum(retenidos), 0) n from resumen_monto_dia where entidad_id = $1 and pagador <> '*'`,
      ),
      aceptados: await uno(
        `select count(*) n from transmision where entidad_id = $1 and estado = 'aceptado'`,
      ),
      resumenAceptados: await uno(
        `select coalesce(sum(aceptados), 0) n from resumen_tiempo_dia where entidad_id = $1 and tipo <> '*'`,
      ),
      // The time-to-acceptance histogram: a jsonb {bucket: count} per day and type, or one row per bucket.
      resumenLatencia: tablasResumen.includes('resumen_latencia_dia')
        ? await uno('select coalesce(sum(cantidad), 0) n from resumen_latencia_dia where entidad_id = $1')
        : await uno(
            `select coalesce(sum(c.value::bigint), 0) n from resumen_tiempo_dia t, jsonb_each_text(t.cubetas) c
             where t.entidad_id = $1 and t.tipo <> '*'`,
          ),
    };
    salida.cuentas = cuentas;
    console.log('cuentas', cuentas);
    const pares: [keyof typeof cuentas, keyof typeof cuentas][] = [
      ['radicacion', 'resumenRips'],
      ['radicacion', 'conteoRadicacion'],
      ['transmision', 'resumenRda'],
      ['transmision', 'conteoTransmision'],
      ['radicadosConValor', 'resumenRadicados'],
      ['retenidosDirecto', 'resumenRetenidos'],
      ['aceptados', 'resumenAceptados'],
      ['aceptados', 'resumenLatencia'],
    ];
    for (const [a, b] of pares)
      if (cuentas[a] !== cuentas[b])
        throw new Error(`Los resúmenes no cuadran: ${a} ${cuentas[a]} ≠ ${b} ${cuentas[b]}`);
    const filasResumen: Record<string, number> = {};
    for (const t of tablasResumen)
      filasResumen[t] = await uno(`select count(*) n from ${t} where entidad_id = $1`);
    salida.filasResumen = filasResumen;
    // The mix as loaded (shares per type and state, top causes, time to a VIDA).
    const mezcla = async (sql: string) =>
      Object.fromEntries((await bd.query(sql, [entidad])).rows.map((f) => [f.k, Number(f.n)]));
    salida.mezcla = {
      rips: await mezcla(
        `select tipo || '/' || estado k, cantidad n from conteo_radicacion where entidad_id = $1 order by cantidad desc`,
      ),
      rda: await mezcla(
        `select tipo || '/' || estado k, cantidad n from conteo_transmision where entidad_id = $1 order by cantidad desc`,
      ),
      causas: await mezcla(
        `select modulo || '/' || fuente || '/' || codigo k, count(*) n from resumen_causa_documento where entidad_id = $1
         group by 1 order by 2 desc limit 8`,
      ),
      pagadores: await mezcla(
        `select pagador k, sum(radicados) n from resumen_monto_dia where entidad_id = $1 and pagador <> '*'
         group by 1 order by 2 desc`,
      ),
      msHastaVida: await mezcla(
        `select 'p' || q k, round(percentile_cont(q) within group (order by extract(epoch from updated_at - primer_intento_en) * 1000)) n
         from transmision, unnest(array[0.5, 0.9, 0.99]) q where entidad_id = $1 and estado = 'aceptado' group by q`,
      ),
    };
    console.log('mezcla', JSON.stringify(salida.mezcla));
    console.log('filas de los resúmenes', filasResumen);
  }
  await bd.end();
  if (SOLO_CARGA) throw new SoloCarga();

  // Reads: a year by day, week and month, JSON and CSV.
  const desde = fechaBogota(-365);
  const hasta = fechaBogota(1);
  const anio = `desde=${desde}&hasta=${hasta}`;
  const prueba = await obtener(`${servidor.url}/resumen?${anio}&agrupar=dia`);
  // REST puts both modules' periods side by side in `serie` (GraphQL: rips.serie, rda.serie).
  const cuerpo =
    prueba.status === 200
      ? (JSON.parse(prueba.cuerpo.toString()) as { serie?: unknown[]; rips?: { serie?: unknown[] } })
      : {};
  const serie = cuerpo.serie ?? cuerpo.rips?.serie;
  if (!Array.isArray(serie))
    throw new Error(
      `GET /resumen?agrupar=dia aún no da una serie (HTTP ${prueba.status}): ${prueba.cuerpo.toString().slice(0, 300)}`,
    );
  salida.periodosPorDia = serie.length;
  const rutas: [string, string][] = [
    ['sin parámetros', '/resumen'],
    ['año por día (JSON)', `/resumen?${anio}&agrupar=dia`],
    ['año por día (CSV)', `/resumen?${anio}&agrupar=dia&formato=csv`],
    ['año por semana (JSON)', `/resumen?${anio}&agrupar=semana`],
    ['año por mes (JSON)', `/resumen?${anio}&agrupar=mes`],
    ['causas por día (CSV)', `/resumen?${anio}&agrupar=dia&vista=causas&formato=csv`],
    ['pagadores por día (CSV)', `/resumen?${anio}&agrupar=dia&vista=pagadores&formato=csv`],
    ['tiempos por día (CSV)', `/resumen?${anio}&agrupar=dia&vista=tiempos&formato=csv`],
  ];
  const lecturas: Record<string, unknown> = {};
  // BENCH_SOLO=<text>: only the variants whose name holds it (to profile one).
  const solo = process.env.BENCH_SOLO;
  for (const [nombre, ruta] of rutas.filter(([n]) => !solo || n.includes(solo))) {
    const ms: number[] = [];
    let bytes = 0;
    let tipo = '';
    for (let i = 0; i < REPETICIONES + CALENTAMIENTO; i++) {
      const t = performance.now();
      const r = await obtener(servidor.url + ruta);
      const dt = performance.now() - t;
      if (r.status !== 200)
        throw new Error(`${ruta} → HTTP ${r.status}: ${r.cuerpo.toString().slice(0, 300)}`);
      bytes = r.cuerpo.length;
      tipo = r.tipo;
      if (i >= CALENTAMIENTO) ms.push(dt);
    }
    lecturas[nombre] = { ruta, p50ms: r1(cuantil(ms, 0.5)), p95ms: r1(cuantil(ms, 0.95)), bytes, tipo };
    console.log(nombre, lecturas[nombre]);
  }
  salida.lecturas = lecturas;
} catch (e) {
  if (!(e instanceof SoloCarga)) fallo = e;
} finally {
  agente.destroy();
  await servidor.detener();
  if (!CONSERVAR && !process.env.BENCH_DATOS) rmSync(servidor.dataDir, { recursive: true, force: true });
}
guardarSalida('resumen', salida);
if (fallo) throw fallo;
