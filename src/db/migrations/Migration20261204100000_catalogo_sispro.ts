import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 33: what SISPRO says about each imported table. `columnas` keeps the labels of the
 * Extra_* headers (`Extra_I:AplicaASexo` → {"I": "AplicaASexo"}), so rules find a column by its
 * label; `fecha_actualizacion` is the newest Fecha_Actualizacion of the export's rows (when SISPRO
 * last changed the table), shown beside the import date; `archivos` lists every part imported
 * (`__1`, `__2`) when a table comes split.
 */
export class Migration20261204100000_catalogo_sispro extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "carga_catalogo" add column "columnas" jsonb null;`);
    this.addSql(`alter table "carga_catalogo" add column "fecha_actualizacion" timestamptz null;`);
    this.addSql(`alter table "carga_catalogo" add column "archivos" text[] not null default '{}';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "carga_catalogo" drop column "archivos";`);
    this.addSql(`alter table "carga_catalogo" drop column "fecha_actualizacion";`);
    this.addSql(`alter table "carga_catalogo" drop column "columnas";`);
  }
}
