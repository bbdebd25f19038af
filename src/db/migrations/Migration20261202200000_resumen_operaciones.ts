import { Migration } from '@mikro-orm/migrations';

/** The operations added after contract 1.0 (their filings were counted as FEV or NC before this). */
const NUEVAS = [
  'CargarNCTotal',
  'CargarNCAcuerdoVoluntades',
  'CargarCapitaInicial',
  'CargarCapitaPeriodo',
  'CargarCapitaFinal',
  'CargarNCCapita',
];

const sumarConteo =
  'on conflict (entidad_id, tipo, estado, franja) do update set cantidad = conteo_radicacion.cantidad + excluded.cantidad';

/**
 * Issue 31, reports: the type of a filing in /resumen (`conteo_radicacion`, `resumen_dia`) follows its
 * operation, so a capitated provider sees capitation apart. The five classic operations keep
 * `coalesce(tipo_nota, 'FEV')` (the contract's FEV, NC, ND, NA, RS); each later one has its own type
 * (src/resumen/valores.ts, TIPO_POR_OPERACION).
 * The document of causes and money is its class (src/rips/muv/operaciones.ts, CLASE_SQL): the final
 * capitation RIPS (CF) is not its invoice. Money goes with classes FEV and RS only: the capitation
 * invoices (inicial, periodo) carry their value like any invoice; credit notes and the final
 * capitation RIPS carry none.
 * The trigger functions and the rebuild are the bodies of Migration20261129100000_resumen_diario and
 * Migration20261130100000_resumen_franjas with only the type, document and money expressions changed.
 */
export class Migration20261202200000_resumen_operaciones extends Migration {
  override async up(): Promise<void> {
    // Inlined by the planner (one-statement SQL, immutable): no call per row.
    this.addSql(`create or replace function radicacion_tipo(tipo_nota text, operacion text) returns text
language sql immutable parallel safe as $$
  select case operacion
    when 'CargarNCTotal' then 'NC-TOTAL'
    when 'CargarNCAcuerdoVoluntades' then 'NC-ACUERDO-VOLUNTADES'
    when 'CargarCapitaInicial' then 'CAPITA-INICIAL'
    when 'CargarCapitaPeriodo' then 'CAPITA-PERIODO'
    when 'CargarCapitaFinal' then 'CAPITA-FINAL'
    when 'CargarNCCapita' then 'NC-CAPITA'
    else coalesce(tipo_nota, 'FEV') end
$$;`);
    // CLASE_SQL as a function: the key of a document across its attempts.
    this.addSql(`create or replace function radicacion_clase(tipo_nota text, operacion text) returns text
language sql immutable parallel safe as $$
  select coalesce(tipo_nota, case when operacion = 'CargarCapitaFinal' then 'CF' else 'FEV' end)
$$;`);

    this.addSql(`create or replace function conteo_radicacion_sumar() returns trigger language plpgsql as $$
begin
  insert into conteo_radicacion (entidad_id, tipo, estado, franja, cantidad)
    select entidad_id, radicacion_tipo(tipo_nota, operacion), estado, resumen_franja(), count(*) from nuevas group by 1, 2, 3 order by 1, 2, 3
    ${sumarConteo};
  return null;
end $$;`);
    this.addSql(`create or replace function conteo_radicacion_completar() returns trigger language plpgsql as $$
begin
  insert into conteo_radicacion (entidad_id, tipo, estado, franja, cantidad)
    select entidad_id, tipo, estado, resumen_franja(), sum(delta) from (
      select entidad_id, radicacion_tipo(tipo_nota, operacion) as tipo, estado, -1 as delta from viejas
      union all
      select entidad_id, radicacion_tipo(tipo_nota, operacion), estado, 1 from nuevas
    ) d group by 1, 2, 3 order by 1, 2, 3
    ${sumarConteo};
  return null;
end $$;`);

    this.addSql(`create or replace function resumen_radicacion() returns trigger language plpgsql as $$
declare
  d date := resumen_dia_de(NEW.created_at);
  tipo text := radicacion_tipo(NEW.tipo_nota, NEW.operacion);
  clase text := radicacion_clase(NEW.tipo_nota, NEW.operacion);
  doc text := NEW.num_documento_id_obligado || '|' || clase || '|' || coalesce(NEW.num_nota, NEW.num_factura, NEW.id::text);
  st resumen_documento_rips%rowtype;
  dia_retenido date;
begin
  if TG_OP = 'UPDATE' then
    -- Completing a pending row: one change of the day's row (identity and date are append-only).
    perform resumen_mover_dia(NEW.entidad_id, d, 'rips', radicacion_tipo(OLD.tipo_nota, OLD.operacion), OLD.estado, tipo, NEW.estado);
  else
    perform resumen_sumar_dia(NEW.entidad_id, d, 'rips', tipo, NEW.estado, 1);
  end if;
  if NEW.estado in ('rechazado', 'rechazado-local') then
    perform resumen_sumar_causas(NEW.entidad_id, d, 'rips', doc, NEW.errores, NEW.omitidos, 'linter-local');
  end if;
  -- Money: invoices (capitation ones too) and RIPS without invoice; notes adjust an invoice already
  -- counted, and the final capitation RIPS supports an invoice already counted.
  if NEW.pagador is null or clase not in ('FEV', 'RS') or NEW.estado not in ('radicado', 'rechazado', 'rechazado-local') then
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

    // The daily part of resumen_reconstruir() (renamed by the franjas migration), same definitions.
    this.addSql(`create or replace function resumen_reconstruir_dias() returns void language plpgsql as $$
begin
  drop table if exists resumen_rechazo, resumen_valor;
  truncate resumen_dia, resumen_causa_dia, resumen_causa_documento, resumen_monto_dia,
    resumen_documento_rips, resumen_tiempo_dia;
  insert into resumen_dia (entidad_id, dia, modulo, conteos)
    select entidad_id, dia, modulo, jsonb_object_agg(tipo || '|' || estado, n) from (
      select entidad_id, resumen_dia_de(created_at) as dia, 'rips' as modulo, radicacion_tipo(tipo_nota, operacion) as tipo, estado, count(*) as n
        from radicacion group by 1, 2, 3, 4, 5
      union all
      select entidad_id, resumen_dia_de(created_at), 'rda', tipo, estado, count(*)
        from transmision group by 1, 2, 3, 4, 5
    ) x group by 1, 2, 3;

  create temporary table resumen_rechazo on commit drop as
    select r.entidad_id, resumen_dia_de(r.created_at) as dia, 'rips'::text as modulo,
           r.num_documento_id_obligado || '|' || radicacion_clase(r.tipo_nota, r.operacion) || '|' || coalesce(r.num_nota, r.num_factura, r.id::text) as documento,
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
           num_documento_id_obligado || '|' || radicacion_clase(tipo_nota, operacion) || '|' || coalesce(num_nota, num_factura, id::text) as documento
      from radicacion
      where pagador is not null and radicacion_clase(tipo_nota, operacion) in ('FEV', 'RS')
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

    // Rows filed before have classic operations, whose type and document do not change: nothing to
    // rebuild, unless a filing of a new operation got in before this migration (then every roll-up
    // and counter is rebuilt from the base tables, at the cost of reading them once).
    this.addSql(`do $$
begin
  if exists (select 1 from radicacion where operacion in (${NUEVAS.map((o) => `'${o}'`).join(', ')})) then
    perform resumen_reconstruir();
    delete from conteo_radicacion;
    insert into conteo_radicacion (entidad_id, tipo, estado, franja, cantidad)
      select entidad_id, radicacion_tipo(tipo_nota, operacion), estado, 0, count(*) from radicacion group by 1, 2, 3;
  end if;
end $$;`);
  }
}
