import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 32: the REPS provider codes (códigos de prestador habilitados, 12 digits) an entity declares
 * as its own. The local gate compares the invoice's CODIGO_PRESTADOR (RVC011) and each service's
 * codPrestador (RVC012) with them, as the MUV compares them with its login's provider.
 */
export class Migration20261202300000_prestadores extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "entidad" add column "prestadores" text[] not null default '{}';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "entidad" drop column "prestadores";`);
  }
}
