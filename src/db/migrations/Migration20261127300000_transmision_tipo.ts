import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 21: GraphQL `transmisiones(tipo:)` pages by (created_at, id) within a type, newest first;
 * the entity and state indexes do not serve a filter on the type.
 */
export class Migration20261127300000_transmision_tipo extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "transmision_entidad_id_tipo_created_at_id_index" on "transmision" ("entidad_id", "tipo", "created_at", "id");`,
    );
  }
}
