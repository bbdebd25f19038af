import { Migration } from '@mikro-orm/migrations';

/**
 * RDA transmissions, their append-only trail, the query audit and per-state counters kept by
 * statement-level triggers (bulk inserts update them once per statement, not per row); the same
 * counters for RIPS filings (`radicacion`, created by the previous migration), for GET /resumen.
 */
export class Migration20261123300000_transmisiones extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "conteo_transmision" ("entidad_id" uuid not null, "tipo" text not null, "estado" text not null, "cantidad" bigint not null, constraint "conteo_transmision_pkey" primary key ("entidad_id", "tipo", "estado"));`,
    );

    this.addSql(
      `create table "consulta_rda" ("id" uuid not null, "entidad_id" uuid not null, "fecha" timestamptz not null, "alcance" text not null, "actor" text not null, "solicitante" text not null, "pagina" boolean not null, "resultados" int null, "resultado" text not null, constraint "consulta_rda_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create index "consulta_rda_entidad_id_fecha_index" on "consulta_rda" ("entidad_id", "fecha");`,
    );

    this.addSql(
      `create table "transmision" ("id" uuid not null, "entidad_id" uuid not null, "tipo" text not null, "estado" text not null default 'generado', "origen" text not null, "bundle" jsonb null, "vida" text null, "composition_id" text null, "errores" jsonb not null, "avisos" jsonb not null, "intentos" int not null default 0, "siguiente_intento_en" timestamptz null, "en_curso_hasta" timestamptz null, "reintentos_agotados" boolean not null default false, "eventos" int not null default 0, "idempotency_key" text null, "huella_solicitud" text null, "creado_por" text not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "transmision_pkey" primary key ("id"));`,
    );
    // GET /rda: entity (+ state) ordered by creation, newest first (backward index scan).
    this.addSql(
      `create index "transmision_entidad_id_estado_created_at_id_index" on "transmision" ("entidad_id", "estado", "created_at", "id");`,
    );
    this.addSql(
      `create index "transmision_entidad_id_created_at_id_index" on "transmision" ("entidad_id", "created_at", "id");`,
    );
    this.addSql(
      `alter table "transmision" add constraint "transmision_entidad_id_idempotency_key_unique" unique ("entidad_id", "idempotency_key");`,
    );

    this.addSql(
      `create table "evento_transmision" ("id" uuid not null, "transmision_id" uuid not null, "secuencia" int not null, "fecha" timestamptz not null, "tipo" text not null, "estado_anterior" text null, "estado_nuevo" text not null, "actor" text not null, "status_upstream" int null, "intento" int null, "detalle" text null, constraint "evento_transmision_pkey" primary key ("id"));`,
    );
    this.addSql(
      `alter table "evento_transmision" add constraint "evento_transmision_transmision_id_secuencia_unique" unique ("transmision_id", "secuencia");`,
    );

    this.addSql(
      `alter table "consulta_rda" add constraint "consulta_rda_entidad_id_foreign" foreign key ("entidad_id") references "entidad" ("id") on update cascade on delete no action;`,
    );
    this.addSql(
      `alter table "transmision" add constraint "transmision_entidad_id_foreign" foreign key ("entidad_id") references "entidad" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "evento_transmision" add constraint "evento_transmision_transmision_id_foreign" foreign key ("transmision_id") references "transmision" ("id") on update cascade on delete no action;`,
    );

    // Evidence: the database itself refuses UPDATE, DELETE and TRUNCATE of the trail and the query audit.
    for (const tabla of ['evento_transmision', 'consulta_rda']) {
      this.addSql(
        `create trigger "${tabla}_solo_insercion" before update or delete on "${tabla}" for each row execute function solo_insercion();`,
      );
      this.addSql(
        `create trigger "${tabla}_sin_truncate" before truncate on "${tabla}" for each statement execute function solo_insercion();`,
      );
    }

    // Counters: one upsert per statement, rows locked in key order (no deadlocks between writers).
    this.addSql(`create function conteo_transmision_sumar() returns trigger language plpgsql as $$
begin
  if TG_OP = 'INSERT' then
    insert into conteo_transmision (entidad_id, tipo, estado, cantidad)
      select entidad_id, tipo, estado, count(*) from nuevas group by 1, 2, 3 order by 1, 2, 3
      on conflict (entidad_id, tipo, estado) do update set cantidad = conteo_transmision.cantidad + excluded.cantidad;
  elsif TG_OP = 'DELETE' then
    insert into conteo_transmision (entidad_id, tipo, estado, cantidad)
      select entidad_id, tipo, estado, -count(*) from viejas group by 1, 2, 3 order by 1, 2, 3
      on conflict (entidad_id, tipo, estado) do update set cantidad = conteo_transmision.cantidad + excluded.cantidad;
  else
    insert into conteo_transmision (entidad_id, tipo, estado, cantidad)
      select entidad_id, tipo, estado, sum(d) from (
        select v.entidad_id, v.tipo, v.estado, -1 as d from viejas v join nuevas n using (id)
          where (v.entidad_id, v.tipo, v.estado) is distinct from (n.entidad_id, n.tipo, n.estado)
        union all
        select n.entidad_id, n.tipo, n.estado, 1 from viejas v join nuevas n using (id)
          where (v.entidad_id, v.tipo, v.estado) is distinct from (n.entidad_id, n.tipo, n.estado)
      ) x group by 1, 2, 3 having sum(d) <> 0 order by 1, 2, 3
      on conflict (entidad_id, tipo, estado) do update set cantidad = conteo_transmision.cantidad + excluded.cantidad;
  end if;
  return null;
end $$;`);
    this.addSql(
      `create trigger "transmision_conteo_insert" after insert on "transmision" referencing new table as nuevas for each statement execute function conteo_transmision_sumar();`,
    );
    this.addSql(
      `create trigger "transmision_conteo_update" after update on "transmision" referencing old table as viejas new table as nuevas for each statement execute function conteo_transmision_sumar();`,
    );
    this.addSql(
      `create trigger "transmision_conteo_delete" after delete on "transmision" referencing old table as viejas for each statement execute function conteo_transmision_sumar();`,
    );

    this.addSql(
      `create table "conteo_radicacion" ("entidad_id" uuid not null, "tipo" text not null, "estado" text not null, "cantidad" bigint not null, constraint "conteo_radicacion_pkey" primary key ("entidad_id", "tipo", "estado"));`,
    );
    // Filings are append-only (insert-only trigger is enough); tipo = the note type, FEV for an invoice.
    this.addSql(`create function conteo_radicacion_sumar() returns trigger language plpgsql as $$
begin
  insert into conteo_radicacion (entidad_id, tipo, estado, cantidad)
    select entidad_id, coalesce(tipo_nota, 'FEV'), estado, count(*) from nuevas group by 1, 2, 3 order by 1, 2, 3
    on conflict (entidad_id, tipo, estado) do update set cantidad = conteo_radicacion.cantidad + excluded.cantidad;
  return null;
end $$;`);
    this.addSql(
      `insert into conteo_radicacion (entidad_id, tipo, estado, cantidad) select entidad_id, coalesce(tipo_nota, 'FEV'), estado, count(*) from radicacion group by 1, 2, 3;`,
    );
    this.addSql(
      `create trigger "radicacion_conteo_insert" after insert on "radicacion" referencing new table as nuevas for each statement execute function conteo_radicacion_sumar();`,
    );
  }
}
