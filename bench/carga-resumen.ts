import type pg from 'pg';
import { reconstruirContadores } from './carga-directa.js';

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

/**
 * Bulk-loads `filas` filings and `filasRda` transmissions for `entidad`, spread over the last 365 days
 * with a realistic mix (re-filings, rejection causes, payers and amounts, times to acceptance), then
 * rebuilds roll-ups and counters set-based and analyzes. `medir` times each step. Rows go in with
 * triggers off: the row triggers would update the same few roll-up rows a million times in one
 * statement (quadratic). Returns the roll-up tables as the migrations define them now.
 */
export async function cargarResumen(
  bd: pg.Client,
  entidad: string,
  o: { filas: number; filasRda: number },
  medir: (nombre: string, fn: () => Promise<unknown>) => Promise<void>,
): Promise<string[]> {
  const FILAS = o.filas;
  const FILAS_RDA = o.filasRda;
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
  return tablasResumen;
}
