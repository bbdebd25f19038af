import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 20: an RDA transmission knows its patient without the number (an HMAC of the national
 * identifier, the key of the filed-services history) and the care's dates, so RIPS validation can
 * check a service's codigoVIDA against the entity's accepted RDAs. Rows before this stay null.
 */
export class Migration20261126200000_transmision_paciente extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "transmision" add column "paciente_hmac" text null, add column "fecha_atencion_inicio" timestamptz null, add column "fecha_atencion_fin" timestamptz null;`,
    );
    this.addSql(
      `create index "transmision_entidad_id_paciente_hmac_index" on "transmision" ("entidad_id", "paciente_hmac");`,
    );
    this.addSql(`create index "transmision_entidad_id_vida_index" on "transmision" ("entidad_id", "vida");`);
  }
}
