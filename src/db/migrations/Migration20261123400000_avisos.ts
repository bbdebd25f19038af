import { Migration } from '@mikro-orm/migrations';

/** Tables whose rows the service caches in memory (src/db/avisos.ts). */
const AVISADAS = ['api_key', 'entidad', 'carga_catalogo'];

/**
 * Every committed change to a cached table sends NOTIFY motor_cambios with the table name, whoever
 * made it (this service, another instance, the CLI, raw SQL). Statement-level: one notice per
 * statement, and PostgreSQL folds identical notices of one transaction into one.
 */
export class Migration20261123400000_avisos extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create function avisar_cambio() returns trigger language plpgsql as $$
begin
  perform pg_notify('motor_cambios', TG_TABLE_NAME);
  return null;
end $$;`);
    for (const tabla of AVISADAS) {
      this.addSql(
        `create trigger "${tabla}_avisar_cambio" after insert or update or delete or truncate on "${tabla}" for each statement execute function avisar_cambio();`,
      );
    }
  }

  override async down(): Promise<void> {
    for (const tabla of AVISADAS)
      this.addSql(`drop trigger if exists "${tabla}_avisar_cambio" on "${tabla}";`);
    this.addSql('drop function if exists avisar_cambio();');
  }
}
