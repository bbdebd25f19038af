import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 21: the GraphQL list of filings filters by state; a rare state (fallido, rechazado) is read
 * on its own index, newest first, instead of walking every filing of the entity.
 */
export class Migration20261127100000_radicacion_estado extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "radicacion_entidad_id_estado_created_at_id_index" on "radicacion" ("entidad_id", "estado", "created_at", "id");`,
    );
  }
}
