import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 23: daily roll-ups for analysts, kept by row triggers in the same transaction as each
 * filing and transmission change, so a year grouped by day reads a few thousand rows whatever the
 * size of `radicacion` and `transmision`. A day is the Colombian calendar day (America/Bogota) of
 * the row's `created_at`. `resumen_reconstruir()` rebuilds every roll-up from the base tables with
 * the same definitions (used here for existing rows, and by the benchmark after a bulk load).
 */
export class Migration20261129100000_resumen_diario extends Migration {
  override async up(): Promise<void> {
    // What a filing is worth and who pays it, read once by the filing step (null on older rows).
    this.addSql(`alter table "radicacion" add column "monto" bigint null, add column "pagador" text null;`);
    // Value and payer are evidence like the identity: completing a pending row never changes them.
    this.addSql(`create or replace function radicacion_solo_completar() returns trigger language plpgsql as $$
begin
  if TG_OP = 'UPDATE' and OLD.estado = 'pendiente' and NEW.estado <> 'pendiente'
     and NEW.id = OLD.id and NEW.entidad_id = OLD.entidad_id
     and NEW.num_documento_id_obligado = OLD.num_documento_id_obligado
     and NEW.num_factura is not distinct from OLD.num_factura
     and NEW.tipo_nota is not distinct from OLD.tipo_nota
     and NEW.num_nota is not distinct from OLD.num_nota
     and NEW.operacion = OLD.operacion and NEW.created_at = OLD.created_at
     and NEW.huella is not distinct from OLD.huella and NEW.enviado is not distinct from OLD.enviado
     and NEW.monto is not distinct from OLD.monto and NEW.pagador is not distinct from OLD.pagador then
    return NEW;
  end if;
  raise exception 'La tabla % es de solo inserción: no se permite %', TG_TABLE_NAME, TG_OP using errcode = '42501';
end $$;`);
    // The first call to the IHCE: where the time to a VIDA starts.
    this.addSql(`alter table "transmision" add column "primer_intento_en" timestamptz null;`);

    // Roll-up rows are updated in place by every change: free room in each page keeps those updates
    // HOT (no new index entries), so reads do not wade through dead versions between vacuums.
    this.addSql(
      // One row per entity, day and module: {"tipo|estado": count} (a year is 730 rows to read).
      `create table "resumen_dia" ("entidad_id" uuid not null, "dia" date not null, "modulo" text not null, "conteos" jsonb not null, constraint "resumen_dia_pkey" primary key ("entidad_id", "dia", "modulo")) with (fillfactor = 70);`,
    );
    this.addSql(
      // {"fuente|codigo": [attempts, documents first rejected by it that day]}
      `create table "resumen_causa_dia" ("entidad_id" uuid not null, "dia" date not null, "modulo" text not null, "causas" jsonb not null, constraint "resumen_causa_dia_pkey" primary key ("entidad_id", "dia", "modulo")) with (fillfactor = 70);`,
    );
    // One row per document and cause already counted: a document counts once per cause, on the day
    // that cause first rejected it.
    this.addSql(
      `create table "resumen_causa_documento" ("entidad_id" uuid not null, "modulo" text not null, "fuente" text not null, "codigo" text not null, "documento" text not null, constraint "resumen_causa_documento_pkey" primary key ("entidad_id", "modulo", "fuente", "codigo", "documento"));`,
    );
    this.addSql(
      `create table "resumen_monto_dia" ("entidad_id" uuid not null, "dia" date not null, "pagador" text not null, "radicado" bigint not null default 0, "radicados" bigint not null default 0, "radicados_sin_valor" bigint not null default 0, "retenido" bigint not null default 0, "retenidos" bigint not null default 0, "retenidos_sin_valor" bigint not null default 0, constraint "resumen_monto_dia_pkey" primary key ("entidad_id", "dia", "pagador")) with (fillfactor = 70);`,
    );
    // Per invoice (or RIPS without invoice): filed, or held back since `retenido_dia` with the
    // amount and payer of its latest rejected attempt.
    this.addSql(
      `create table "resumen_documento_rips" ("entidad_id" uuid not null, "documento" text not null, "radicado" boolean not null default false, "retenido_dia" date null, "retenido_pagador" text null, "retenido_monto" bigint null, constraint "resumen_documento_rips_pkey" primary key ("entidad_id", "documento")) with (fillfactor = 70);`,
    );
    // Payer names as the entity's own invoices print them (organisations only).
    this.addSql(
      `create table "pagador" ("entidad_id" uuid not null, "nit" text not null, "nombre" text not null, "actualizado_en" timestamptz not null, constraint "pagador_pkey" primary key ("entidad_id", "nit"));`,
    );
    this.addSql(
      // Time to acceptance per day and type, with its log-scale histogram `cubetas` {"b": count}:
      // bucket b holds [1.1^b, 1.1^(b+1)) ms (sparse, one row per day and type).
      `create table "resumen_tiempo_dia" ("entidad_id" uuid not null, "dia" date not null, "tipo" text not null, "aceptados" bigint not null, "intentos" bigint not null, "suma_ms" bigint not null, "max_ms" bigint not null, "cubetas" jsonb not null, constraint "resumen_tiempo_dia_pkey" primary key ("entidad_id", "dia", "tipo")) with (fillfactor = 70);`,
    );
    for (const t of [
      'resumen_dia',
      'resumen_causa_dia',
      'resumen_causa_documento',
      'resumen_monto_dia',
      'resumen_documento_rips',
      'pagador',
      'resumen_tiempo_dia',
    ])
      this.addSql(
        `alter table "${t}" add constraint "${t}_entidad_id_foreign" foreign key ("entidad_id") references "entidad" ("id") on update cascade on delete cascade;`,
      );

    this.addSql(`create function resumen_dia_de(t timestamptz) returns date language sql immutable as $$
  select (t at time zone 'America/Bogota')::date
$$;`);
    this.addSql(`create function resumen_cubeta(ms double precision) returns smallint language sql immutable as $$
  select case when ms < 1 then 0 else least(floor(ln(ms) / ln(1.1)), 32000)::smallint end
$$;`);
    this.addSql(`create function resumen_sumar_dia(e uuid, d date, m text, t text, s text, n bigint) returns void language sql as $$
  insert into resumen_dia (entidad_id, dia, modulo, conteos) values (e, d, m, jsonb_build_object(t || '|' || s, n))
  on conflict (entidad_id, dia, modulo) do update set conteos = resumen_dia.conteos
    || jsonb_build_object(t || '|' || s, coalesce((resumen_dia.conteos ->> (t || '|' || s))::bigint, 0) + n)
$$;`);
    // The rejection codes of one attempt (bounded text: codes come from upstream answers too).
    this.addSql(`create function resumen_codigos_rechazo(errores jsonb, omitidos jsonb, fuente_omitidos text)
returns table (fuente text, codigo text) language sql immutable as $$
  select distinct left(coalesce(x->>'fuente', fuente_omitidos), 20), left(coalesce(x->>'codigo', ''), 40)
    from jsonb_array_elements(case when jsonb_typeof(errores) = 'array' then errores else '[]'::jsonb end) x
    where x->>'severidad' = 'rechazo'
  union
  select fuente_omitidos, left(coalesce(o->>'codigo', ''), 40)
    from jsonb_array_elements(case when jsonb_typeof(omitidos) = 'array' then omitidos else '[]'::jsonb end) o
    where o->>'severidad' = 'rechazo'
$$;`);
    this.addSql(`create function resumen_sumar_causas(e uuid, d date, m text, documento text, errores jsonb, omitidos jsonb, fuente_omitidos text)
returns void language sql as $$
  with c as (select * from resumen_codigos_rechazo(errores, omitidos, fuente_omitidos)),
  nuevos as (
    insert into resumen_causa_documento (entidad_id, modulo, fuente, codigo, documento)
      select e, m, c.fuente, c.codigo, documento from c
      on conflict do nothing
      returning fuente, codigo
  )
  insert into resumen_causa_dia (entidad_id, dia, modulo, causas)
    select e, d, m, jsonb_object_agg(c.fuente || '|' || c.codigo, jsonb_build_array(1,
             (exists (select 1 from nuevos n where n.fuente = c.fuente and n.codigo = c.codigo))::int))
      from c having count(*) > 0
  on conflict (entidad_id, dia, modulo) do update set causas = resumen_causa_dia.causas || (
    select jsonb_object_agg(k, jsonb_build_array(
             coalesce((resumen_causa_dia.causas -> k ->> 0)::bigint, 0) + (v ->> 0)::bigint,
             coalesce((resumen_causa_dia.causas -> k ->> 1)::bigint, 0) + (v ->> 1)::bigint))
      from jsonb_each(excluded.causas) as x(k, v))
$$;`);
    this.addSql(`create function resumen_sumar_monto(e uuid, d date, p text, radicado bigint, radicados int, radicados_sin_valor int, retenido bigint, retenidos int, retenidos_sin_valor int)
returns void language sql as $$
  insert into resumen_monto_dia (entidad_id, dia, pagador, radicado, radicados, radicados_sin_valor, retenido, retenidos, retenidos_sin_valor)
    values (e, d, p, radicado, radicados, radicados_sin_valor, retenido, retenidos, retenidos_sin_valor)
  on conflict (entidad_id, dia, pagador) do update set
    radicado = resumen_monto_dia.radicado + excluded.radicado,
    radicados = resumen_monto_dia.radicados + excluded.radicados,
    radicados_sin_valor = resumen_monto_dia.radicados_sin_valor + excluded.radicados_sin_valor,
    retenido = resumen_monto_dia.retenido + excluded.retenido,
    retenidos = resumen_monto_dia.retenidos + excluded.retenidos,
    retenidos_sin_valor = resumen_monto_dia.retenidos_sin_valor + excluded.retenidos_sin_valor
$$;`);

    // Filings: inserted pending (or rejected locally), completed once; append-only otherwise.
    this.addSql(`create function resumen_radicacion() returns trigger language plpgsql as $$
declare
  d date := resumen_dia_de(NEW.created_at);
  tipo text := coalesce(NEW.tipo_nota, 'FEV');
  doc text := NEW.num_documento_id_obligado || '|' || coalesce(NEW.tipo_nota, 'FEV') || '|' || coalesce(NEW.num_nota, NEW.num_factura, NEW.id::text);
  st resumen_documento_rips%rowtype;
  dia_retenido date;
begin
  if TG_OP = 'UPDATE' then
    perform resumen_sumar_dia(NEW.entidad_id, d, 'rips', coalesce(OLD.tipo_nota, 'FEV'), OLD.estado, -1);
  end if;
  perform resumen_sumar_dia(NEW.entidad_id, d, 'rips', tipo, NEW.estado, 1);
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
    // Deferred to commit: a roll-up row is shared by every change of the entity that day, so its lock
    // is taken as late as possible (held during the commit only, not the whole transaction).
    this.addSql(
      `create constraint trigger "radicacion_resumen_insert" after insert on "radicacion" deferrable initially deferred for each row execute function resumen_radicacion();`,
    );
    this.addSql(
      `create constraint trigger "radicacion_resumen_update" after update on "radicacion" deferrable initially deferred for each row when (OLD.estado is distinct from NEW.estado) execute function resumen_radicacion();`,
    );

    // Transmissions: one row per document, its state moves; blocked by the linter = generado with errors.
    this.addSql(`create function resumen_transmision() returns trigger language plpgsql as $$
declare
  d date;
  ms double precision;
  b text;
begin
  if TG_OP = 'DELETE' then
    perform resumen_sumar_dia(OLD.entidad_id, resumen_dia_de(OLD.created_at), 'rda', OLD.tipo, OLD.estado, -1);
    return null;
  end if;
  d := resumen_dia_de(NEW.created_at);
  if TG_OP = 'UPDATE' then
    perform resumen_sumar_dia(OLD.entidad_id, resumen_dia_de(OLD.created_at), 'rda', OLD.tipo, OLD.estado, -1);
  end if;
  perform resumen_sumar_dia(NEW.entidad_id, d, 'rda', NEW.tipo, NEW.estado, 1);
  if (NEW.estado = 'rechazado' and (TG_OP = 'INSERT' or OLD.estado <> 'rechazado'))
     or (TG_OP = 'INSERT' and NEW.estado = 'generado') then
    perform resumen_sumar_causas(NEW.entidad_id, d, 'rda', coalesce(NEW.composition_id, NEW.id::text), NEW.errores, null, 'linter-rda');
  end if;
  if NEW.estado = 'aceptado' and (TG_OP = 'INSERT' or OLD.estado <> 'aceptado') then
    ms := greatest(0, extract(epoch from (NEW.updated_at - coalesce(NEW.primer_intento_en, NEW.created_at))) * 1000);
    b := resumen_cubeta(ms)::text;
    insert into resumen_tiempo_dia (entidad_id, dia, tipo, aceptados, intentos, suma_ms, max_ms, cubetas)
      values (NEW.entidad_id, d, NEW.tipo, 1, NEW.intentos, round(ms), round(ms), jsonb_build_object(b, 1))
    on conflict (entidad_id, dia, tipo) do update set
      aceptados = resumen_tiempo_dia.aceptados + 1,
      intentos = resumen_tiempo_dia.intentos + excluded.intentos,
      suma_ms = resumen_tiempo_dia.suma_ms + excluded.suma_ms,
      max_ms = greatest(resumen_tiempo_dia.max_ms, excluded.max_ms),
      cubetas = resumen_tiempo_dia.cubetas
        || jsonb_build_object(b, coalesce((resumen_tiempo_dia.cubetas ->> b)::bigint, 0) + 1);
  end if;
  return null;
end $$;`);
    this.addSql(
      `create constraint trigger "transmision_resumen_insert" after insert on "transmision" deferrable initially deferred for each row execute function resumen_transmision();`,
    );
    this.addSql(
      `create constraint trigger "transmision_resumen_update" after update on "transmision" deferrable initially deferred for each row when (OLD.estado is distinct from NEW.estado or OLD.tipo is distinct from NEW.tipo or OLD.created_at is distinct from NEW.created_at) execute function resumen_transmision();`,
    );
    this.addSql(
      `create constraint trigger "transmision_resumen_delete" after delete on "transmision" deferrable initially deferred for each row execute function resumen_transmision();`,
    );

    // The same definitions, set-based: rebuilds every roll-up from the base tables.
    this.addSql(`create function resumen_reconstruir() returns void language plpgsql as $$
begin
  drop table if exists resumen_rechazo, resumen_valor;
  truncate resumen_dia, resumen_causa_dia, resumen_causa_documento, resumen_monto_dia,
    resumen_documento_rips, resumen_tiempo_dia;
  insert into resumen_dia (entidad_id, dia, modulo, conteos)
    select entidad_id, dia, modulo, jsonb_object_agg(tipo || '|' || estado, n) from (
      select entidad_id, resumen_dia_de(created_at) as dia, 'rips' as modulo, coalesce(tipo_nota, 'FEV') as tipo, estado, count(*) as n
        from radicacion group by 1, 2, 3, 4, 5
      union all
      select entidad_id, resumen_dia_de(created_at), 'rda', tipo, estado, count(*)
        from transmision group by 1, 2, 3, 4, 5
    ) x group by 1, 2, 3;

  create temporary table resumen_rechazo on commit drop as
    select r.entidad_id, resumen_dia_de(r.created_at) as dia, 'rips'::text as modulo,
           r.num_documento_id_obligado || '|' || coalesce(r.tipo_nota, 'FEV') || '|' || coalesce(r.num_nota, r.num_factura, r.id::text) as documento,
           c.fuente, c.codigo
      from radicacion r, resumen_codigos_rechazo(r.errores, r.omitidos, 'linter-local') c
      where r.estado in ('rechazado', 'rechazado-local')
    union all
    select t.entidad_id, resumen_dia_de(t.created_at), 'rda', coalesce(t.composition_id, t.id::text), c.fuente, c.codigo
      from transmision t, resumen_codigos_rechazo(t.errores, null, 'linter-rda') c
      where t.estado in ('rechazado', 'generado');
  insert into resumen_causa_documento (entidad_id, modulo, fuente, codigo, documento)
    select distinct entidad_id, modulo, fuente, codigo, documento from resumen_rechazo;
  insert into resumen_causa_dia (entidad_id, dia, modulo, causas)
    select a.entidad_id, a.dia, a.modulo,
           jsonb_object_agg(a.fuente || '|' || a.codigo, jsonb_build_array(a.intentos, coalesce(p.documentos, 0)))
      from (select entidad_id, dia, modulo, fuente, codigo, count(*) as intentos from resumen_rechazo group by 1, 2, 3, 4, 5) a
      left join (
        select entidad_id, dia, modulo, fuente, codigo, count(*) as documentos from (
          select entidad_id, modulo, fuente, codigo, documento, min(dia) as dia from resumen_rechazo group by 1, 2, 3, 4, 5
        ) primeros group by 1, 2, 3, 4, 5
      ) p using (entidad_id, dia, modulo, fuente, codigo)
      group by 1, 2, 3;

  create temporary table resumen_valor on commit drop as
    select entidad_id, resumen_dia_de(created_at) as dia, created_at, id, estado, pagador, monto,
           num_documento_id_obligado || '|' || coalesce(tipo_nota, 'FEV') || '|' || coalesce(num_nota, num_factura, id::text) as documento
      from radicacion
      where pagador is not null and coalesce(tipo_nota, 'FEV') in ('FEV', 'RS')
        and estado in ('radicado', 'rechazado', 'rechazado-local');
  insert into resumen_documento_rips (entidad_id, documento, radicado, retenido_dia, retenido_pagador, retenido_monto)
    select distinct on (entidad_id, documento) entidad_id, documento, false,
           min(dia) over (partition by entidad_id, documento), pagador, monto
      from resumen_valor v
      where not exists (select 1 from resumen_valor r where r.entidad_id = v.entidad_id and r.documento = v.documento and r.estado = 'radicado')
      order by entidad_id, documento, created_at desc, id desc;
  insert into resumen_documento_rips (entidad_id, documento, radicado)
    select distinct entidad_id, documento, true from resumen_valor where estado = 'radicado';
  insert into resumen_monto_dia (entidad_id, dia, pagador, radicado, radicados, radicados_sin_valor, retenido, retenidos, retenidos_sin_valor)
    select entidad_id, dia, pagador, sum(radicado), sum(radicados), sum(radicados_sin_valor), sum(retenido), sum(retenidos), sum(retenidos_sin_valor)
    from (
      select entidad_id, dia, pagador, coalesce(monto, 0) as radicado, 1 as radicados, (monto is null)::int as radicados_sin_valor,
             0::bigint as retenido, 0 as retenidos, 0 as retenidos_sin_valor
        from resumen_valor where estado = 'radicado'
      union all
      select entidad_id, retenido_dia, retenido_pagador, 0, 0, 0, coalesce(retenido_monto, 0), 1, (retenido_monto is null)::int
        from resumen_documento_rips where retenido_dia is not null
    ) x group by 1, 2, 3;

  insert into resumen_tiempo_dia (entidad_id, dia, tipo, aceptados, intentos, suma_ms, max_ms, cubetas)
    select entidad_id, dia, tipo, sum(n), sum(intentos), sum(suma), max(maximo), jsonb_object_agg(cubeta::text, n)
    from (
      select entidad_id, dia, tipo, resumen_cubeta(ms) as cubeta, count(*) as n, sum(intentos) as intentos,
             sum(round(ms)) as suma, max(round(ms)) as maximo
      from (
        select entidad_id, resumen_dia_de(created_at) as dia, tipo, intentos,
               greatest(0, extract(epoch from (updated_at - coalesce(primer_intento_en, created_at))) * 1000) as ms
          from transmision where estado = 'aceptado'
      ) a group by 1, 2, 3, 4
    ) c group by 1, 2, 3;
end $$;`);
    this.addSql(`select resumen_reconstruir();`);
  }
}
