import { Migration } from '@mikro-orm/migrations';

/** Entities, API keys, encrypted ministry credentials and the append-only guard used by evidence tables. */
export class Migration20261123000000_base extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "entidad" ("id" uuid not null, "slug" text not null, "nombre" text not null, "tipo_entidad" text not null, "modulos" text[] not null, "created_at" timestamptz not null, constraint "entidad_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "entidad" add constraint "entidad_slug_unique" unique ("slug");`);

    this.addSql(
      `create table "credencial_ministerio" ("id" uuid not null, "entidad_id" uuid not null, "sistema" text not null, "cifrado" text not null, "updated_at" timestamptz not null, constraint "credencial_ministerio_pkey" primary key ("id"));`,
    );
    this.addSql(
      `alter table "credencial_ministerio" add constraint "credencial_ministerio_entidad_id_sistema_unique" unique ("entidad_id", "sistema");`,
    );

    this.addSql(
      `create table "api_key" ("id" uuid not null, "entidad_id" uuid not null, "prefijo" text not null, "hash" text not null, "descripcion" text null, "created_at" timestamptz not null, "revoked_at" timestamptz null, constraint "api_key_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "api_key" add constraint "api_key_hash_unique" unique ("hash");`);
    this.addSql(`create index "api_key_entidad_id_index" on "api_key" ("entidad_id");`);

    this.addSql(
      `alter table "credencial_ministerio" add constraint "credencial_ministerio_entidad_id_foreign" foreign key ("entidad_id") references "entidad" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "api_key" add constraint "api_key_entidad_id_foreign" foreign key ("entidad_id") references "entidad" ("id") on update cascade on delete cascade;`,
    );

    // Evidence and audit tables attach this trigger so the database itself refuses UPDATE and DELETE.
    this.addSql(`create or replace function solo_insercion() returns trigger language plpgsql as $$
begin
  raise exception 'La tabla % es de solo inserción: no se permite %', TG_TABLE_NAME, TG_OP using errcode = '42501';
end $$;`);
  }
}
