import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 20: the services each entity filed successfully, keyed by an HMAC of the patient's document
 * (no document in clear), for rules that look beyond one RIPS. The whole description is the primary
 * key: identical services are one row, and its prefix (entidad_id, paciente_hmac) is the lookup.
 * No surrogate key and no foreign keys: a 20 000-service insert took twice as long with them.
 */
export class Migration20261126100000_historia_servicio extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "historia_servicio" ("entidad_id" uuid not null, "paciente_hmac" text not null, "tipo_servicio" text not null, "inicio" text not null, "grupo_servicios" text not null default '', "fin" text not null default '', "tipo_os" text not null default '', "radicacion_id" uuid not null, "created_at" timestamptz not null, constraint "historia_servicio_pkey" primary key ("entidad_id", "paciente_hmac", "tipo_servicio", "inicio", "grupo_servicios", "fin", "tipo_os"));`,
    );
  }
}
