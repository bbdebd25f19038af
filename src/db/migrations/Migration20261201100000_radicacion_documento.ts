import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 30: before a filing adopts the CUV the mechanism holds for a document, every attempt of that
 * document in this service is read, whatever the entity (another entity's filing is never adopted;
 * this entity's earlier attempts tell whose package it is). The document key of the mechanism
 * (obligated party, type, number) across entities, on its own index.
 */
export class Migration20261201100000_radicacion_documento extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "radicacion_documento_index" on "radicacion" ("num_documento_id_obligado", (coalesce("tipo_nota", 'FEV')), (coalesce("num_nota", "num_factura")));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "radicacion_documento_index";');
  }
}
