import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 32: the platform accepts with a transaction-response that carries no VIDA but the ids of
 * what it created. A transmission keeps the DocumentReference id and each entry's type, id, version,
 * status and location. Rows before this stay null.
 */
export class Migration20261203500000_transmision_recursos_ihce extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "transmision" add column "document_reference_id" text null, add column "recursos_ihce" jsonb null;`,
    );
  }
}
