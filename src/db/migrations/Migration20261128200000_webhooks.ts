import { Migration } from '@mikro-orm/migrations';

/**
 * Signed webhooks (issue 22): the endpoints of each entity, one row per delivery attempt, and the
 * relay's position in the outbox (`evento_dominio.secuencia`). The position starts at the newest
 * event already stored: registering the first endpoint never replays history.
 */
export class Migration20261128200000_webhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "webhook_endpoint" ("id" uuid not null, "entidad_id" uuid not null, "url" text not null, "tipos" text[] not null default '{}', "secreto_cifrado" text not null, "activo" boolean not null default true, "descripcion" text null, "creado_en" timestamptz not null, constraint "webhook_endpoint_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "webhook_endpoint_entidad_id_index" on "webhook_endpoint" ("entidad_id");`);
    this.addSql(
      `alter table "webhook_endpoint" add constraint "webhook_endpoint_entidad_id_foreign" foreign key ("entidad_id") references "entidad" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `create table "webhook_entrega" ("id" uuid not null, "endpoint_id" uuid not null, "evento_id" uuid not null, "tipo" text not null, "intento" int not null, "status" int null, "error" text null, "respuesta" text null, "duracion_ms" int not null, "fecha" timestamptz not null, constraint "webhook_entrega_pkey" primary key ("id"));`,
    );
    // Serves the delivery log's keyset pages (newest first) per endpoint.
    this.addSql(
      `create index "webhook_entrega_endpoint_id_fecha_id_index" on "webhook_entrega" ("endpoint_id", "fecha", "id");`,
    );
    this.addSql(
      `alter table "webhook_entrega" add constraint "webhook_entrega_endpoint_id_foreign" foreign key ("endpoint_id") references "webhook_endpoint" ("id") on update cascade on delete cascade;`,
    );

    // One row: the last outbox event whose deliveries are enqueued. Locked (FOR UPDATE SKIP LOCKED)
    // by the instance relaying, so several instances never enqueue the same event twice.
    this.addSql(`create table "webhook_relay" (
  "id" int not null default 1,
  "secuencia" bigint not null,
  "actualizado_en" timestamptz not null default now(),
  constraint "webhook_relay_pkey" primary key ("id"),
  constraint "webhook_relay_una_fila" check ("id" = 1)
);`);
    this.addSql(
      `insert into "webhook_relay" ("id", "secuencia") select 1, coalesce(max("secuencia"), 0) from "evento_dominio";`,
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "webhook_relay" cascade;');
    this.addSql('drop table if exists "webhook_entrega" cascade;');
    this.addSql('drop table if exists "webhook_endpoint" cascade;');
  }
}
