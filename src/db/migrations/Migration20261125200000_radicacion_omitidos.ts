import { Migration } from '@mikro-orm/migrations';

/** Issue 18: stored findings are bounded; the ones left out are counted by code. */
export class Migration20261125200000_radicacion_omitidos extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "radicacion" add column "omitidos" jsonb null;`);
  }
}
