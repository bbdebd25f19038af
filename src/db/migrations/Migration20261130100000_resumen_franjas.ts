import { Migration } from '@mikro-orm/migrations';

/** Stripes per roll-up key: a connection writes the stripe `pg_backend_pid() % FRANJAS`. */
export const FRANJAS = 8;

const MONTOS = [
  'radicado',
  'radicados',
  'radicados_sin_valor',
  'retenido',
  'retenidos',
  'retenidos_sin_valor',
];

/**
 * Issue 23, speed: the daily roll-ups were one row per entity and day, shared by every concurrent
 * change of that entity (8 concurrent transmissions queued on it: p95 +18 %), and a year's range-level
 * figures summed 730–6,200 day rows per request.
 * - Stripes: every roll-up key (and the per-state counters') gets a `franja` (the writing backend's pid modulo FRANJAS), so concurrent
 *   connections update different rows; readers sum the stripes; `resumen_compactar()` folds the
 *   stripes of closed days and months into stripe 0, so history stays one row per key.
 * - Monthly roll-ups (causes, money, time to acceptance), kept by the same triggers: a range reads
 *   its whole months from them and only its edge days from the daily tables.
 * - `resumen_tiempo_dia` also keeps an all-types row (tipo '*') per day, and `resumen_monto_dia` an
 *   all-payers row (pagador '*'): a daily series reads one row per day instead of one per type or payer.
 * - Each closed day's time row keeps its p50 and p95 buckets (set by the compactor, cleared by any
 *   change), so a daily series needs the histograms only of the days still open.
 * - `resumen_dia` holds each day's marginal counts {"e|estado": n, "t|tipo": n}: what every answer
 *   shows, in half the values of the type × state pairs.
 */
export class Migration20261130100000_resumen_franjas extends Migration {
  override async up(): Promise<void> {
    for (const [tabla, clave] of [
      ['resumen_dia', '"entidad_id", "dia", "modulo"'],
      ['resumen_causa_dia', '"entidad_id", "dia", "modulo"'],
      ['resumen_monto_dia', '"entidad_id", "dia", "pagador"'],
      ['resumen_tiempo_dia', '"entidad_id", "dia", "tipo"'],
    ] as const) {
      this.addSql(`alter table "${tabla}" add column "franja" smallint not null default 0;`);
      this.addSql(
        `alter table "${tabla}" drop constraint "${tabla}_pkey", add constraint "${tabla}_pkey" primary key (${clave}, "franja");`,
      );
    }
    this.addSql(
      `create table "resumen_causa_mes" ("entidad_id" uuid not null, "mes" date not null, "modulo" text not null, "franja" smallint not null default 0, "causas" jsonb not null, constraint "resumen_causa_mes_pkey" primary key ("entidad_id", "mes", "modulo", "franja")) with (fillfactor = 70);`,
    );
    this.addSql(
      `create table "resumen_monto_mes" ("entidad_id" uuid not null, "mes" date not null, "pagador" text not null, "franja" smallint not null default 0, ${MONTOS.map((c) => `"${c}" bigint not null default 0`).join(', ')}, constraint "resumen_monto_mes_pkey" primary key ("entidad_id", "mes", "pagador", "franja")) with (fillfactor = 70);`,
    );
    this.addSql(
      `create table "resumen_tiempo_mes" ("entidad_id" uuid not null, "mes" date not null, "tipo" text not null, "franja" smallint not null default 0, "aceptados" bigint not null, "intentos" bigint not null, "suma_ms" bigint not null, "max_ms" bigint not null, "cubetas" jsonb not null, constraint "resumen_tiempo_mes_pkey" primary key ("entidad_id", "mes", "tipo", "franja")) with (fillfactor = 70);`,
    );
    this.addSql(
      `alter table "resumen_tiempo_dia" add column "p50_cubeta" smallint null, add column "p95_cubeta" smallint null;`,
    );
    for (const t of ['resumen_causa_mes', 'resumen_monto_mes', 'resumen_tiempo_mes'])
      this.addSql(
        `alter table "${t}" add constraint "${t}_entidad_id_foreign" foreign key ("entidad_id") references "entidad" ("id") on update cascade on delete cascade;`,
      );

    this.addSql(`create function resumen_franja() returns smallint language sql volatile as $$
  select (pg_backend_pid() % ${FRANJAS})::smallint
$$;`);
    this.addSql(`create function resumen_mes_de(d date) returns date language sql immutable as $$
  select date_trunc('month', d::timestamp)::date
$$;`);
    // The per-state counters (GET /rda totals, /resumen without a range) are shared rows too, locked by
    // the statement-level triggers from the change to the commit: striped the same way (readers sum rows).
    const sumarConteo = (tabla: string) =>
      `on conflict (entidad_id, tipo, estado, franja) do update set cantidad = ${tabla}.cantidad + excluded.cantidad`;
    for (const tabla of ['conteo_transmision', 'conteo_radicacion']) {
      this.addSql(`alter table "${tabla}" add column "franja" smallint not null default 0;`);
      this.addSql(
        `alter table "${tabla}" drop constraint "${tabla}_pkey", add constraint "${tabla}_pkey" primary key ("entidad_id", "tipo", "estado", "franja");`,
      );
    }
    this.addSql(`create or replace function conteo_transmision_sumar() returns trigger language plpgsql as $$
begin
  if TG_OP = 'INSERT' then
    insert into conteo_transmision (entidad_id, tipo, estado, franja, cantidad)
      select entidad_id, tipo, estado, resumen_franja(), count(*) from nuevas group by 1, 2, 3 order by 1, 2, 3
      ${sumarConteo('conteo_transmision')};
  elsif TG_OP = 'DELETE' then
    insert into conteo_transmision (entidad_id, tipo, estado, franja, cantidad)
      select entidad_id, tipo, estado, resumen_franja(), -count(*) from viejas group by 1, 2, 3 order by 1, 2, 3
      ${sumarConteo('conteo_transmision')};
  else
    insert into conteo_transmision (entidad_id, tipo, estado, franja, cantidad)
      select entidad_id, tipo, estado, resumen_franja(), sum(d) from (
        select v.entidad_id, v.tipo, v.estado, -1 as d from viejas v join nuevas n using (id)
          where (v.entidad_id, v.tipo, v.estado) is distinct from (n.entidad_id, n.tipo, n.estado)
        union all
        select n.entidad_id, n.tipo, n.estado, 1 from viejas v join nuevas n using (id)
          where (v.entidad_id, v.tipo, v.estado) is distinct from (n.entidad_id, n.tipo, n.estado)
      ) x group by 1, 2, 3 having sum(d) <> 0 order by 1, 2, 3
      ${sumarConteo('conteo_transmision')};
  end if;
  return null;
end $$;`);
    this.addSql(`create or replace function conteo_radicacion_sumar() returns trigger language plpgsql as $$
begin
  insert into conteo_radicacion (entidad_id, tipo, estado, franja, cantidad)
    select entidad_id, coalesce(tipo_nota, 'FEV'), estado, resumen_franja(), count(*) from nuevas group by 1, 2, 3 order by 1, 2, 3
    ${sumarConteo('conteo_radicacion')};
  return null;
end $$;`);
    this.addSql(`create or replace function conteo_radicacion_completar() returns trigger language plpgsql as $$
begin
  insert into conteo_radicacion (entidad_id, tipo, estado, franja, cantidad)
    select entidad_id, tipo, estado, resumen_franja(), sum(delta) from (
      select entidad_id, coalesce(tipo_nota, 'FEV') as tipo, estado, -1 as delta from viejas
      union all
      select entidad_id, coalesce(tipo_nota, 'FEV'), estado, 1 from nuevas
    ) d group by 1, 2, 3 order by 1, 2, 3
    ${sumarConteo('conteo_radicacion')};
  return null;
end $$;`);

    // Sum of two roll-up maps: {"k": n} or {"k": [a, b]} (causes: attempts and documents).
    this.addSql(`create function resumen_jsonb_mas(a jsonb, b jsonb) returns jsonb language sql immutable as $$
  select coalesce(a, '{}'::jsonb) || coalesce((
    select jsonb_object_agg(k, case when jsonb_typeof(v) = 'array'
        then jsonb_build_array(coalesce((a -> k ->> 0)::bigint, 0) + (v ->> 0)::bigint,
                               coalesce((a -> k ->> 1)::bigint, 0) + (v ->> 1)::bigint)
        else to_jsonb(coalesce((a ->> k)::bigint, 0) + (v #>> '{}')::bigint) end)
      from jsonb_each(coalesce(b, '{}'::jsonb)) as x(k, v)), '{}'::jsonb)
$$;`);
    this.addSql(
      `create aggregate resumen_jsonb_suma(jsonb) (sfunc = resumen_jsonb_mas, stype = jsonb, initcond = '{}');`,
    );

    this.addSql(`create or replace function resumen_sumar_dia(e uuid, d date, m text, t text, s text, n bigint) returns void language sql as $$
  insert into resumen_dia (entidad_id, dia, modulo, franja, conteos)
    values (e, d, m, resumen_franja(), jsonb_build_object('t|' || t, n, 'e|' || s, n))
  on conflict (entidad_id, dia, modulo, franja) do update set conteos = resumen_dia.conteos || jsonb_build_object(
    't|' || t, coalesce((resumen_dia.conteos ->> ('t|' || t))::bigint, 0) + n,
    'e|' || s, coalesce((resumen_dia.conteos ->> ('e|' || s))::bigint, 0) + n)
$$;`);
    // {"tipo|estado": n} → {"t|tipo": n, "e|estado": n} (the rows the earlier rebuild writes); marginal
    // keys pass through, so a second call changes nothing.
    this.addSql(`create function resumen_marginales(conteos jsonb) returns jsonb language sql immutable as $$
  select coalesce(jsonb_object_agg(k, n), '{}'::jsonb) from (
    select k, sum(n) as n from (
      select 't|' || split_part(k, '|', 1) as k, v::bigint as n from jsonb_each_text(conteos) as x(k, v)
        where k !~ '^[et][|]'
      union all
      select 'e|' || substr(k, strpos(k, '|') + 1), v::bigint from jsonb_each_text(conteos) as x(k, v)
        where k !~ '^[et][|]'
      union all
      -- Already marginal (a second call): kept.
      select k, v::bigint from jsonb_each_text(conteos) as x(k, v) where k ~ '^[et][|]'
    ) z group by 1
  ) y
$$;`);
    // A state change within one day: the −1 and the +1 in one update of the day's row (half the
    // roll-up writes of a transmission's life).
    this.addSql(`create function resumen_mover_dia(e uuid, d date, m text, t0 text, s0 text, t1 text, s1 text) returns void language plpgsql as $$
declare
  k0 text := 'e|' || s0;
  k1 text := 'e|' || s1;
begin
  if t0 is distinct from t1 then
    perform resumen_sumar_dia(e, d, m, t0, s0, -1);
    perform resumen_sumar_dia(e, d, m, t1, s1, 1);
    return;
  end if;
  if k0 = k1 then
    return;
  end if;
  insert into resumen_dia (entidad_id, dia, modulo, franja, conteos)
    values (e, d, m, resumen_franja(), jsonb_build_object(k0, -1, k1, 1))
  on conflict (entidad_id, dia, modulo, franja) do update set conteos = resumen_dia.conteos || jsonb_build_object(
    k0, coalesce((resumen_dia.conteos ->> k0)::bigint, 0) - 1,
    k1, coalesce((resumen_dia.conteos ->> k1)::bigint, 0) + 1);
end $$;`);
    this.addSql(`create or replace function resumen_sumar_causas(e uuid, d date, m text, documento text, errores jsonb, omitidos jsonb, fuente_omitidos text)
returns void language sql as $$
  with c as (select * from resumen_codigos_rechazo(errores, omitidos, fuente_omitidos)),
  nuevos as (
    insert into resumen_causa_documento (entidad_id, modulo, fuente, codigo, documento)
      select e, m, c.fuente, c.codigo, documento from c
      on conflict do nothing
      returning fuente, codigo
  ),
  cambio as (
    select jsonb_object_agg(c.fuente || '|' || c.codigo, jsonb_build_array(1,
             (exists (select 1 from nuevos n where n.fuente = c.fuente and n.codigo = c.codigo))::int)) as j
      from c having count(*) > 0
  ),
  dia as (
    insert into resumen_causa_dia (entidad_id, dia, modulo, franja, causas)
      select e, d, m, resumen_franja(), j from cambio
    on conflict (entidad_id, dia, modulo, franja) do update
      set causas = resumen_jsonb_mas(resumen_causa_dia.causas, excluded.causas)
  )
  insert into resumen_causa_mes (entidad_id, mes, modulo, franja, causas)
    select e, resumen_mes_de(d), m, resumen_franja(), j from cambio
  on conflict (entidad_id, mes, modulo, franja) do update
    set causas = resumen_jsonb_mas(resumen_causa_mes.causas, excluded.causas)
$$;`);
    const sumaMontos = (t: string) => MONTOS.map((c) => `${c} = ${t}.${c} + excluded.${c}`).join(', ');
    this.addSql(`create or replace function resumen_sumar_monto(e uuid, d date, p text, radicado bigint, radicados int, radicados_sin_valor int, retenido bigint, retenidos int, retenidos_sin_valor int)
returns void language sql as $$
  insert into resumen_monto_dia (entidad_id, dia, pagador, franja, ${MONTOS.join(', ')})
    values (e, d, p, resumen_franja(), ${MONTOS.join(', ')})
  on conflict (entidad_id, dia, pagador, franja) do update set ${sumaMontos('resumen_monto_dia')};
  insert into resumen_monto_dia (entidad_id, dia, pagador, franja, ${MONTOS.join(', ')})
    values (e, d, '*', resumen_franja(), ${MONTOS.join(', ')})
  on conflict (entidad_id, dia, pagador, franja) do update set ${sumaMontos('resumen_monto_dia')};
  insert into resumen_monto_mes (entidad_id, mes, pagador, franja, ${MONTOS.join(', ')})
    values (e, resumen_mes_de(d), p, resumen_franja(), ${MONTOS.join(', ')})
  on conflict (entidad_id, mes, pagador, franja) do update set ${sumaMontos('resumen_monto_mes')};
$$;`);
    // The bucket holding the q-quantile of a histogram, as src/resumen/tiempos.ts picks it.
    this.addSql(`create function resumen_percentil_cubeta(cubetas jsonb, q double precision) returns smallint language sql immutable as $$
  select b::smallint from (
    select k::int as b, sum(v::bigint) over (order by k::int) as acumulado, sum(v::bigint) over () as n
      from jsonb_each_text(cubetas) as x(k, v)
  ) s where acumulado >= greatest(1, ceil(q * n)) order by b limit 1
$$;`);
    const sumaTiempo = (t: string) => `aceptados = ${t}.aceptados + 1,
      intentos = ${t}.intentos + excluded.intentos,
      suma_ms = ${t}.suma_ms + excluded.suma_ms,
      max_ms = greatest(${t}.max_ms, excluded.max_ms),
      cubetas = ${t}.cubetas || jsonb_build_object(b, coalesce((${t}.cubetas ->> b)::bigint, 0) + 1)`;
    // One acceptance: its day and type, its day's all-types row ('*'), its month and type.
    this.addSql(`create function resumen_sumar_tiempo(e uuid, d date, t text, ms double precision, n int)
returns void language plpgsql as $$
declare
  b text := resumen_cubeta(ms)::text;
  f smallint := resumen_franja();
begin
  insert into resumen_tiempo_dia (entidad_id, dia, tipo, franja, aceptados, intentos, suma_ms, max_ms, cubetas)
    values (e, d, t, f, 1, n, round(ms), round(ms), jsonb_build_object(b, 1)), (e, d, '*', f, 1, n, round(ms), round(ms), jsonb_build_object(b, 1))
  on conflict (entidad_id, dia, tipo, franja) do update set ${sumaTiempo('resumen_tiempo_dia')},
    p50_cubeta = null, p95_cubeta = null;
  insert into resumen_tiempo_mes (entidad_id, mes, tipo, franja, aceptados, intentos, suma_ms, max_ms, cubetas)
    values (e, resumen_mes_de(d), t, f, 1, n, round(ms), round(ms), jsonb_build_object(b, 1))
  on conflict (entidad_id, mes, tipo, franja) do update set ${sumaTiempo('resumen_tiempo_mes')};
end $$;`);
    this.addSql(`create or replace function resumen_transmision() returns trigger language plpgsql as $$
declare
  d date;
begin
  if TG_OP = 'DELETE' then
    perform resumen_sumar_dia(OLD.entidad_id, resumen_dia_de(OLD.created_at), 'rda', OLD.tipo, OLD.estado, -1);
    return null;
  end if;
  d := resumen_dia_de(NEW.created_at);
  if TG_OP = 'UPDATE' and OLD.entidad_id = NEW.entidad_id and resumen_dia_de(OLD.created_at) = d then
    perform resumen_mover_dia(NEW.entidad_id, d, 'rda', OLD.tipo, OLD.estado, NEW.tipo, NEW.estado);
  else
    if TG_OP = 'UPDATE' then
      perform resumen_sumar_dia(OLD.entidad_id, resumen_dia_de(OLD.created_at), 'rda', OLD.tipo, OLD.estado, -1);
    end if;
    perform resumen_sumar_dia(NEW.entidad_id, d, 'rda', NEW.tipo, NEW.estado, 1);
  end if;
  if (NEW.estado = 'rechazado' and (TG_OP = 'INSERT' or OLD.estado <> 'rechazado'))
     or (TG_OP = 'INSERT' and NEW.estado = 'generado') then
    perform resumen_sumar_causas(NEW.entidad_id, d, 'rda', coalesce(NEW.composition_id, NEW.id::text), NEW.errores, null, 'linter-rda');
  end if;
  if NEW.estado = 'aceptado' and (TG_OP = 'INSERT' or OLD.estado <> 'aceptado') then
    perform resumen_sumar_tiempo(NEW.entidad_id, d, NEW.tipo,
      greatest(0, extract(epoch from (NEW.updated_at - coalesce(NEW.primer_intento_en, NEW.created_at))) * 1000),
      NEW.intentos);
  end if;
  return null;
end $$;`);

    this.addSql(`create or replace function resumen_radicacion() returns trigger language plpgsql as $$
declare
  d date := resumen_dia_de(NEW.created_at);
  tipo text := coalesce(NEW.tipo_nota, 'FEV');
  doc text := NEW.num_documento_id_obligado || '|' || coalesce(NEW.tipo_nota, 'FEV') || '|' || coalesce(NEW.num_nota, NEW.num_factura, NEW.id::text);
  st resumen_documento_rips%rowtype;
  dia_retenido date;
begin
  if TG_OP = 'UPDATE' then
    -- Completing a pending row: one change of the day's row (identity and date are append-only).
    perform resumen_mover_dia(NEW.entidad_id, d, 'rips', coalesce(OLD.tipo_nota, 'FEV'), OLD.estado, tipo, NEW.estado);
  else
    perform resumen_sumar_dia(NEW.entidad_id, d, 'rips', tipo, NEW.estado, 1);
  end if;
  if NEW.estado in ('rechazado', 'rechazado-local') then
    perform resumen_sumar_causas(NEW.entidad_id, d, 'rips', doc, NEW.errores, NEW.omitidos, 'linter-local');
  end if;
  -- Money: invoices and RIPS without invoice; notes adjust an invoice already counted.
  if NEW.pagador is null or tipo not in ('FEV', 'RS') or NEW.estado not in ('radicado', 'rechazado', 'rechazado-local') then
    return null;
  end if;
  insert into resumen_documento_rips (entidad_id, documento) values (NEW.entidad_id, doc) on conflict do nothing;
  select * into st from resumen_documento_rips where entidad_id = NEW.entidad_id and documento = doc for update;
  if NEW.estado = 'radicado' then
    perform resumen_sumar_monto(NEW.entidad_id, d, NEW.pagador, coalesce(NEW.monto, 0), 1, (NEW.monto is null)::int, 0, 0, 0);
    if st.retenido_dia is not null then
      perform resumen_sumar_monto(NEW.entidad_id, st.retenido_dia, st.retenido_pagador, 0, 0, 0,
        -coalesce(st.retenido_monto, 0), -1, -(st.retenido_monto is null)::int);
    end if;
    update resumen_documento_rips set radicado = true, retenido_dia = null, retenido_pagador = null, retenido_monto = null
      where entidad_id = NEW.entidad_id and documento = doc;
  elsif not st.radicado then
    dia_retenido := coalesce(st.retenido_dia, d);
    if st.retenido_dia is not null then
      perform resumen_sumar_monto(NEW.entidad_id, st.retenido_dia, st.retenido_pagador, 0, 0, 0,
        -coalesce(st.retenido_monto, 0), -1, -(st.retenido_monto is null)::int);
    end if;
    perform resumen_sumar_monto(NEW.entidad_id, dia_retenido, NEW.pagador, 0, 0, 0,
      coalesce(NEW.monto, 0), 1, (NEW.monto is null)::int);
    update resumen_documento_rips set retenido_dia = dia_retenido, retenido_pagador = NEW.pagador, retenido_monto = NEW.monto
      where entidad_id = NEW.entidad_id and documento = doc;
  end if;
  return null;
end $$;`);
    // With stripes no two connections share a roll-up row, so deferring the triggers to the commit no
    // longer saves a lock wait, and a deferred constraint trigger costs about twice a plain one (its
    // queued event is fetched again at commit): 0.35 ms more per transmission measured in PostgreSQL.
    this.addSql(`drop trigger "radicacion_resumen_insert" on "radicacion";`);
    this.addSql(
      `create trigger "radicacion_resumen_insert" after insert on "radicacion" for each row execute function resumen_radicacion();`,
    );
    this.addSql(`drop trigger "radicacion_resumen_update" on "radicacion";`);
    this.addSql(
      `create trigger "radicacion_resumen_update" after update on "radicacion" for each row when (OLD.estado is distinct from NEW.estado) execute function resumen_radicacion();`,
    );
    this.addSql(`drop trigger "transmision_resumen_insert" on "transmision";`);
    this.addSql(
      `create trigger "transmision_resumen_insert" after insert on "transmision" for each row execute function resumen_transmision();`,
    );
    this.addSql(`drop trigger "transmision_resumen_update" on "transmision";`);
    this.addSql(
      `create trigger "transmision_resumen_update" after update on "transmision" for each row when (OLD.estado is distinct from NEW.estado or OLD.tipo is distinct from NEW.tipo or OLD.created_at is distinct from NEW.created_at) execute function resumen_transmision();`,
    );
    this.addSql(`drop trigger "transmision_resumen_delete" on "transmision";`);
    this.addSql(
      `create trigger "transmision_resumen_delete" after delete on "transmision" for each row execute function resumen_transmision();`,
    );

    // Folds the stripes of closed days (before yesterday) and months into stripe 0, one statement per
    // table. Sums are exact whatever runs concurrently: a trigger whose stripe row was just deleted
    // inserts it again, and the next pass folds it.
    // How each roll-up folds: its value columns, their sums over the stripes, and how a sum is added
    // to the stripe-0 row already there (`t`: that row's table).
    type Plegado = { columnas: string; sumas: string; mezcla: (t: string) => string };
    const jsonb = (c: string): Plegado => ({
      columnas: c,
      sumas: `resumen_jsonb_suma(${c})`,
      mezcla: (t) => `${c} = resumen_jsonb_mas(${t}.${c}, excluded.${c})`,
    });
    const montos: Plegado = {
      columnas: MONTOS.join(', '),
      sumas: MONTOS.map((c) => `sum(${c})`).join(', '),
      mezcla: (t) => MONTOS.map((c) => `${c} = ${t}.${c} + excluded.${c}`).join(', '),
    };
    const tiempo: Plegado = {
      columnas: 'aceptados, intentos, suma_ms, max_ms, cubetas',
      sumas: 'sum(aceptados), sum(intentos), sum(suma_ms), max(max_ms), resumen_jsonb_suma(cubetas)',
      mezcla: (t) =>
        `aceptados = ${t}.aceptados + excluded.aceptados, intentos = ${t}.intentos + excluded.intentos, suma_ms = ${t}.suma_ms + excluded.suma_ms, max_ms = greatest(${t}.max_ms, excluded.max_ms), cubetas = resumen_jsonb_mas(${t}.cubetas, excluded.cubetas)`,
    };
    // A day's time row that changes loses its percentile buckets (the compactor computes them again).
    const tiempoDia: Plegado = {
      ...tiempo,
      mezcla: (t) => `${tiempo.mezcla(t)}, p50_cubeta = null, p95_cubeta = null`,
    };
    const plegar = (tabla: string, clave: string[], v: Plegado, corte: string) => `
  with v as (delete from ${tabla} where franja <> 0 and ${clave[1]} < ${corte} returning *)
  insert into ${tabla} (${clave.join(', ')}, franja, ${v.columnas})
    select ${clave.join(', ')}, 0, ${v.sumas} from v group by ${clave.map((_, i) => i + 1).join(', ')}
  on conflict (${clave.join(', ')}, franja) do update set ${v.mezcla(tabla)};
  get diagnostics k = row_count; n := n + k;`;
    // Percentile buckets of the stripe-0 time rows of the days before «corte» that lack them.
    this.addSql(`create function resumen_percentiles(corte date) returns void language sql as $$
  update resumen_tiempo_dia set p50_cubeta = resumen_percentil_cubeta(cubetas, 0.5),
    p95_cubeta = resumen_percentil_cubeta(cubetas, 0.95)
  where franja = 0 and dia < corte and p50_cubeta is null and aceptados > 0
$$;`);
    this.addSql(`create function resumen_compactar() returns integer language plpgsql as $$
declare
  corte_dia date := resumen_dia_de(now()) - 1;
  corte_mes date := resumen_mes_de(resumen_dia_de(now()) - 1);
  n integer := 0;
  k integer;
begin
  ${plegar('resumen_dia', ['entidad_id', 'dia', 'modulo'], jsonb('conteos'), 'corte_dia')}
  ${plegar('resumen_causa_dia', ['entidad_id', 'dia', 'modulo'], jsonb('causas'), 'corte_dia')}
  ${plegar('resumen_causa_mes', ['entidad_id', 'mes', 'modulo'], jsonb('causas'), 'corte_mes')}
  ${plegar('resumen_monto_dia', ['entidad_id', 'dia', 'pagador'], montos, 'corte_dia')}
  ${plegar('resumen_monto_mes', ['entidad_id', 'mes', 'pagador'], montos, 'corte_mes')}
  ${plegar('resumen_tiempo_dia', ['entidad_id', 'dia', 'tipo'], tiempoDia, 'corte_dia')}
  ${plegar('resumen_tiempo_mes', ['entidad_id', 'mes', 'tipo'], tiempo, 'corte_mes')}
  perform resumen_percentiles(corte_dia);
  return n;
end $$;`);

    // The rebuild also fills the monthly tables and the all-types time rows (stripe 0 everywhere).
    this.addSql(`alter function resumen_reconstruir() rename to resumen_reconstruir_dias;`);
    // What the daily rows already tell: marginal counts, monthly rows, the all-types and all-payers day
    // rows, percentile buckets. The migration derives them without reading the base tables again.
    this.addSql(`create function resumen_derivar() returns void language plpgsql as $$
begin
  truncate resumen_causa_mes, resumen_monto_mes, resumen_tiempo_mes;
  delete from resumen_tiempo_dia where tipo = '*';
  delete from resumen_monto_dia where pagador = '*';
  update resumen_dia set conteos = resumen_marginales(conteos);
  insert into resumen_causa_mes (entidad_id, mes, modulo, causas)
    select entidad_id, resumen_mes_de(dia), modulo, resumen_jsonb_suma(causas) from resumen_causa_dia group by 1, 2, 3;
  insert into resumen_monto_mes (entidad_id, mes, pagador, ${MONTOS.join(', ')})
    select entidad_id, resumen_mes_de(dia), pagador, ${MONTOS.map((c) => `sum(${c})`).join(', ')}
      from resumen_monto_dia group by 1, 2, 3;
  insert into resumen_tiempo_mes (entidad_id, mes, tipo, aceptados, intentos, suma_ms, max_ms, cubetas)
    select entidad_id, resumen_mes_de(dia), tipo, sum(aceptados), sum(intentos), sum(suma_ms), max(max_ms), resumen_jsonb_suma(cubetas)
      from resumen_tiempo_dia group by 1, 2, 3;
  insert into resumen_tiempo_dia (entidad_id, dia, tipo, aceptados, intentos, suma_ms, max_ms, cubetas)
    select entidad_id, dia, '*', sum(aceptados), sum(intentos), sum(suma_ms), max(max_ms), resumen_jsonb_suma(cubetas)
      from resumen_tiempo_dia group by 1, 2;
  insert into resumen_monto_dia (entidad_id, dia, pagador, ${MONTOS.join(', ')})
    select entidad_id, dia, '*', ${MONTOS.map((c) => `sum(${c})`).join(', ')} from resumen_monto_dia group by 1, 2;
  perform resumen_percentiles(resumen_dia_de(now()) - 1);
end $$;`);
    this.addSql(`create function resumen_reconstruir() returns void language plpgsql as $$
begin
  perform resumen_reconstruir_dias();
  perform resumen_derivar();
end $$;`);
    this.addSql(`select resumen_derivar();`);
  }
}
