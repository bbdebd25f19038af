import { rmSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { conectarBd, reconstruirContadores } from './carga-directa.js';
import { cuantil } from './estadistica.js';
import { guardarSalida } from './salida.js';
import { CLAVE_BENCH, iniciarServidorHijo } from './servidor-hijo.js';

/**
 * Issue 23: GET /resumen over a year. Bulk-loads BENCH_FILAS filings and BENCH_FILAS_RDA transmissions
 * for the demo entity, spread over the last 365 days with a realistic mix (re-filings, rejection causes,
 * payers and amounts, times to acceptance), rebuilds the daily roll-ups set-based, checks them against
 * the base tables, then times the report's variants. BENCH_SOLO_CARGA=1 stops after the load.
 * Rows go in with triggers off and the roll-ups are rebuilt by resumen_reconstruir(): the row
 * triggers would update the same few roll-up rows a million times in one statement (quadratic).
 */
const FILAS = Number(process.env.BENCH_FILAS ?? 1_000_000);
const FILAS_RDA = Number(process.env.BENCH_FILAS_RDA ?? FILAS);
const REPETICIONES = Number(process.env.BENCH_REPETICIONES ?? 30);
const CALENTAMIENTO = 3;
const SOLO_CARGA = process.env.BENCH_SOLO_CARGA === '1';
// The data folder (≈ 3 GB at a million rows of each) is removed at the end unless BENCH_CONSERVAR=1.
const CONSERVAR = process.env.BENCH_CONSERVAR === '1';

class SoloCarga extends Error {}

// Rejection causes, most frequent first (the load draws them skewed towards the head of the list).
const CODIGOS_RIPS = `RVC019 RVG03 FED101 RVC033 RVG01 RVC042 FED123 RVC012 RVG05 RVC050
  FED104 RVC027 RVC060 RVG18 RVC071 FED022 RVC005 RVC088 RVG02 FED060
  RVC014 RVC093 RVC038 FED129 RVC047 RVG06 RVC080 FED008 RVC021 RVC064`.split(/\s+/);
const CODIGOS_LINTER_RDA = 'RDA05 RDA80 RDA83 RDA84 RDA82 RDA81 RDA28 RDA16 RDA07 RDA34'.split(' ');
const CODIGOS_IHCE =
  'IHCE-required IHCE-code-invalid IHCE-business-rule IHCE-invalid IHCE-structure SIM-005'.split(' ');
// Fictitious payers (an EPS-like NIT each); the service writes their names from the invoices.
const PAGADORES = Array.from({ length: 15 }, (_, i) => ({
  nit: String(900_100_001 + i * 7_919),
  nombre: `EPS Ejemplo ${String(i + 1).padStart(2, '0')} S.A.S.`,
}));

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
    // Deterministic uniform [0, 1) from a row number and a salt: runs are comparable.
    await bd.query(`create function pg_temp.u(g bigint, s bigint) returns float8 language sql immutable as $$
    select (hashint8extended(g, s) & 4294967295)::float8 / 4294967296 $$`);
    // Approximately standard normal (Irwin–Hall of 4 uniforms, rescaled).
    await bd.query(`create function pg_temp.z(g bigint, s bigint) returns float8 language sql immutable as $$
    select (pg_temp.u(g, s) + pg_temp.u(g, s + 1000) + pg_temp.u(g, s + 2000) + pg_temp.u(g, s + 3000) - 2) * sqrt(3) $$`);

    // Rows go in with every trigger off (replica role); the roll-ups and counters are rebuilt below.
    await bd.query('set session_replication_role = replica');
    await medir('radicacion', () =>
      bd.query(
        `insert into radicacion (id, entidad_id, num_factura, num_documento_id_obligado, tipo_nota, num_nota, operacion,
         estado, cuv, proceso_id, fecha_radicacion, motivo, n_errores, n_avisos, errores, respuesta_muv, created_at,
         monto, pagador)
       select gen_random_uuid(), $1,
         case when tipo = 'RS' then null when tipo = 'FEV' then 'FE' || k else 'FE' || (k / 3 + 1) end,
         '900123456', nullif(tipo, 'FEV'),
         case when tipo = 'FEV' then null else tipo || k end,
         case tipo when 'FEV' then 'CargarFevRips' when 'RS' then 'CargarRipsSinFactura' else 'Cargar' || tipo end,
         estado,
         case when estado = 'radicado' then encode(sha384(('cuv' || g)::bytea), 'hex') end,
         case when estado in ('radicado', 'rechazado') then g::int end,
         case when estado = 'radicado' then creado + make_interval(secs => 2 + 20 * pg_temp.u(g, 5)) end,
         case estado when 'radicado' then 'Radicado por el MUV'
           when 'rechazado' then 'El MUV rechazó el documento'
           when 'rechazado-local' then 'La validación local encontró hallazgos de rechazo; el RIPS no se envió al MUV.'
           else 'El MUV no respondió; reintente' end,
         n, (g % 3)::int,
         case when n = 0 then '[]'::jsonb else (
           select jsonb_agg(jsonb_build_object(
             'codigo', (array[${CODIGOS_RIPS.map((c) => `'${c}'`).join(',')}])[1 + floor(${CODIGOS_RIPS.length} * pg_temp.u(g * 8 + j, 7) ^ 2.5)::int],
             'severidad', 'rechazo',
             'fuente', case when estado = 'rechazado' then 'muv' else 'linter-local' end,
             'ubicacion', jsonb_build_object('factura', 'FE' || k, 'usuarioIndex', j - 1, 'campo', 'codDiagnosticoPrincipal',
               'descripcion', 'Factura FE' || k || ' · Consulta ' || j || ' · Diagnóstico principal'),
             'titulo', 'Hallazgo de prueba', 'explicacion', 'Carga masiva del benchmark',
             'comoCorregir', 'Corrija el dato en el sistema de origen', 'mensajeOriginal', null))
           from generate_series(1, n) j) end,
         case when estado in ('radicado', 'rechazado') then jsonb_build_object('ResultState', estado = 'radicado', 'ProcesoId', g) end,
         creado,
         case when pg_temp.u(g, 6) < 0.01 then null
           when tipo in ('FEV', 'RS') then round(exp(ln(350000) + 1.2 * pg_temp.z(g, 8)))::bigint
           else round(exp(ln(60000) + 1.0 * pg_temp.z(g, 8)))::bigint end,
         case when up < 0.04 then 'persona-natural' when up < 0.06 then 'sin-pagador'
           else (array[${PAGADORES.map((p) => `'${p.nit}'`).join(',')}])[1 + floor(${PAGADORES.length} * ((up - 0.06) / 0.94) ^ 1.7)::int] end
       from (
         select g, k, tipo, estado, up, creado,
           case when estado in ('rechazado', 'rechazado-local') then 1 + (g % 4)::int else 0 end as n
         from (
           select g, k, up,
             -- Re-filings: row 20m+1 is a rejected first attempt of the invoice row 20m+2 files later.
             case when g % 20 in (1, 2) then 'FEV'
               when ut < 0.88 then 'FEV' when ut < 0.92 then 'NC' when ut < 0.94 then 'ND' when ut < 0.99 then 'RS' else 'NA' end as tipo,
             case when g % 20 = 1 then case when ue < 0.5 then 'rechazado-local' else 'rechazado' end
               when g % 20 = 2 then 'radicado'
               when ue < 0.86 then 'radicado' when ue < 0.91 then 'rechazado-local' when ue < 0.96 then 'rechazado' else 'fallido' end as estado,
             case when g % 20 = 1
               then greatest(now() - interval '365 days', base - make_interval(secs => 3600 + 10 * 86400 * pg_temp.u(g, 4)))
               else base end as creado
           from (
             select g, case when g % 20 = 1 and g < $2 then g + 1 else g end as k,
               pg_temp.u(g, 1) as ut, pg_temp.u(g, 2) as ue, pg_temp.u(g, 9) as up,
               now() - make_interval(secs => 365 * 86400 * pg_temp.u(case when g % 20 = 1 and g < $2 then g + 1 else g end, 3)) as base
             from generate_series(1, $2::int) g
           ) a
         ) b
       ) c`,
        [entidad, FILAS],
      ),
    );
    await medir('transmision', () =>
      bd.query(
        `insert into transmision (id, entidad_id, tipo, estado, origen, vida, composition_id, errores, avisos, intentos,
         reintentos_agotados, eventos, creado_por, created_at, primer_intento_en, updated_at)
       select gen_random_uuid(), $1, tipo, estado, 'datos',
         case when estado = 'aceptado' then 'VIDA-' || i end,
         case when estado = 'aceptado' then 'urn:uuid:' || md5('c' || i)::uuid end,
         case when estado not in ('rechazado', 'generado') then '[]'::jsonb else (
           select jsonb_agg(jsonb_build_object(
             'codigo', case when estado = 'rechazado'
               then (array[${CODIGOS_IHCE.map((c) => `'${c}'`).join(',')}])[1 + floor(${CODIGOS_IHCE.length} * pg_temp.u(i * 8 + j, 17) ^ 2)::int]
               else (array[${CODIGOS_LINTER_RDA.map((c) => `'${c}'`).join(',')}])[1 + floor(${CODIGOS_LINTER_RDA.length} * pg_temp.u(i * 8 + j, 17) ^ 2)::int] end,
             'severidad', 'rechazo',
             'fuente', case when estado = 'rechazado' then 'ihce' else 'linter-rda' end,
             'ubicacion', jsonb_build_object('ruta', 'Bundle.entry[' || j || ']', 'descripcion', 'Entrada ' || j),
             'titulo', 'Hallazgo de prueba', 'explicacion', 'Carga masiva del benchmark',
             'comoCorregir', 'Corrija el dato en el sistema de origen', 'mensajeOriginal', null))
           from generate_series(1, 1 + (i % 3)::int) j) end,
         '[]'::jsonb, intentos, estado = 'enviado', 0, 'bench', creado,
         case when estado <> 'generado' then primero end,
         case when estado = 'aceptado'
           -- Time to a VIDA: lognormal around 600 ms, plus the retry waits of a second or third attempt.
           then primero + make_interval(secs => (exp(ln(600) + 0.9 * pg_temp.z(i, 20))
             + (intentos - 1) * (30000 + 60000 * pg_temp.u(i, 21))) / 1000)
           when estado = 'generado' then creado
           else primero + make_interval(secs => 1 + 120 * pg_temp.u(i, 21)) end
       from (
         select i, tipo, estado, creado, creado + make_interval(secs => 0.02 + 0.2 * pg_temp.u(i, 15)) as primero,
           case when estado = 'enviado' then 3 when estado = 'generado' then 0
             when ui < 0.9 then 1 when ui < 0.97 then 2 else 3 end as intentos
         from (
           select i, pg_temp.u(i, 14) as ui,
             case when ut < 0.25 then 'paciente' when ut < 0.7 then 'consulta-externa'
               when ut < 0.9 then 'urgencias' else 'hospitalizacion' end as tipo,
             case when ue < 0.86 then 'aceptado' when ue < 0.92 then 'rechazado'
               when ue < 0.97 then 'generado' else 'enviado' end as estado,
             now() - make_interval(secs => 365 * 86400 * pg_temp.u(i, 13)) as creado
           from (select i, pg_temp.u(i, 11) as ut, pg_temp.u(i, 12) as ue from generate_series(1, $2::int) i) a
         ) b
       ) c`,
        [entidad, FILAS_RDA],
      ),
    );
    await bd.query('reset session_replication_role');
    await bd.query(
      `insert into pagador (entidad_id, nit, nombre, actualizado_en)
     select $1, x->>'nit', x->>'nombre', now() from jsonb_array_elements($2::jsonb) x
     on conflict (entidad_id, nit) do update set nombre = excluded.nombre`,
      [entidad, JSON.stringify(PAGADORES)],
    );
    await medir('resumen_reconstruir', () => bd.query('select resumen_reconstruir()'));
    await medir('conteos', () => reconstruirContadores(bd));
    // The roll-up tables as the migration defines them now (their set may change).
    const tablasResumen = (
      await bd.query(
        `select tablename from pg_tables where schemaname = 'public' and tablename like 'resumen\\_%' order by 1`,
      )
    ).rows.map((f) => f.tablename as string);
    await medir('analyze', async () => {
      await bd.query('analyze radicacion, transmision');
      await bd.query(
        `vacuum analyze ${[...tablasResumen, 'pagador', 'conteo_radicacion', 'conteo_transmision'].join(', ')}`,
      );
    });
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
         and coalesce(tipo_nota, 'FEV') in ('FEV', 'RS')`,
      ),
      resumenRadicados: await uno(
        // Without the all-payers row of each day ('*').
        `select coalesce(sum(radicados), 0) n from resumen_monto_dia where entidad_id = $1 and pagador <> '*'`,
      ),
      retenidosDirecto: await uno(
        `select count(distinct coalesce(tipo_nota, 'FEV') || '|' || coalesce(num_nota, num_factura, id::text)) n
         from radicacion r where entidad_id = $1 and pagador is not null and coalesce(tipo_nota, 'FEV') in ('FEV', 'RS')
         and estado in ('rechazado', 'rechazado-local')
         and not exists (select 1 from radicacion x where x.entidad_id = r.entidad_id and x.estado = 'radicado'
           and coalesce(x.tipo_nota, 'FEV') = coalesce(r.tipo_nota, 'FEV')
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
