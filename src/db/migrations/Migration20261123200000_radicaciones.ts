import { Migration } from '@mikro-orm/migrations';

/** Filing attempts with the MUV: append-only evidence, newest-first index per entity, one CUV per invoice. */
export class Migration20261123200000_radicaciones extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "radicacion" ("id" uuid not null, "entidad_id" uuid not null, "num_factura" text null, "num_documento_id_obligado" text not null, "tipo_nota" text null, "num_nota" text null, "operacion" text not null, "estado" text not null, "cuv" text null, "proceso_id" int null, "fecha_radicacion" timestamptz null, "motivo" text null, "n_errores" int not null default 0, "n_avisos" int not null default 0, "errores" jsonb not null, "respuesta_muv" jsonb null, "created_at" timestamptz not null, constraint "radicacion_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create index "radicacion_entidad_id_created_at_id_index" on "radicacion" ("entidad_id", "created_at", "id");`,
    );
    this.addSql(
      `create unique index "radicacion_factura_radicada_unique" on "radicacion" ("entidad_id", "num_documento_id_obligado", "num_factura") where "estado" = 'radicado' and "tipo_nota" is null;`,
    );
    this.addSql(
      `alter table "radicacion" add constraint "radicacion_entidad_id_foreign" foreign key ("entidad_id") references "entidad" ("id") on update cascade on delete cascade;`,
    );
    // Evidence: the database itself refuses UPDATE and DELETE.
    this.addSql(
      `create trigger "radicacion_solo_insercion" before update or delete on "radicacion" for each row execute function solo_insercion();`,
    );
  }
}
