import { Migration } from '@mikro-orm/migrations';

/** Imported SISPRO tables (rows keyed by table and code) and the last import of each table. */
export class Migration20261123100000_catalogos extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "carga_catalogo" ("tabla" text not null, "archivo" text not null, "filas" int not null, "importado_en" timestamptz not null, "fuente" text not null, "revision" int not null, constraint "carga_catalogo_pkey" primary key ("tabla"));`,
    );

    this.addSql(
      `create table "fila_catalogo" ("tabla" text not null, "codigo" text not null, "nombre" text not null, "descripcion" text null, "habilitado" boolean not null, "extra" jsonb null, constraint "fila_catalogo_pkey" primary key ("tabla", "codigo"));`,
    );
  }
}
