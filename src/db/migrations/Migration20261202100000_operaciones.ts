import { Migration } from '@mikro-orm/migrations';

// The class of a filing (src/rips/muv/operaciones.ts, CLASE_SQL): the final capitation RIPS has a
// null tipoNota like an invoice, but it is not the invoice and never its repeat.
const CLASE = `(coalesce("tipo_nota", case when "operacion" = 'CargarCapitaFinal' then 'CF' else 'FEV' end))`;

/**
 * Issue 31: every operation of the mechanism. What the mechanism reports of a filing (Modulo,
 * ModalidadPago, PeriodoAtencion, Ambiente) is kept beside its CUV, and the keys of repeats and of
 * attempts in flight tell the final capitation RIPS apart from the invoice it supports.
 */
export class Migration20261202100000_operaciones extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "radicacion" add column "modulo" text null, add column "modalidad_pago" text null, add column "periodo_inicio" text null, add column "periodo_fin" text null, add column "ambiente" text null;`,
    );
    this.addSql('drop index if exists "radicacion_factura_radicada_unique";');
    this.addSql(
      `create unique index "radicacion_factura_radicada_unique" on "radicacion" ("entidad_id", "num_documento_id_obligado", "num_factura") where "estado" = 'radicado' and "tipo_nota" is null and "operacion" <> 'CargarCapitaFinal';`,
    );
    this.addSql('drop index if exists "radicacion_pendiente_unique";');
    this.addSql(
      `create unique index "radicacion_pendiente_unique" on "radicacion" ("entidad_id", "num_documento_id_obligado", ${CLASE}, (coalesce("num_nota", "num_factura"))) where "estado" = 'pendiente';`,
    );
    this.addSql('drop index if exists "radicacion_documento_index";');
    this.addSql(
      `create index "radicacion_documento_index" on "radicacion" ("num_documento_id_obligado", ${CLASE}, (coalesce("num_nota", "num_factura")));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "radicacion_documento_index";');
    this.addSql(
      `create index "radicacion_documento_index" on "radicacion" ("num_documento_id_obligado", (coalesce("tipo_nota", 'FEV')), (coalesce("num_nota", "num_factura")));`,
    );
    this.addSql('drop index if exists "radicacion_pendiente_unique";');
    this.addSql(
      `create unique index "radicacion_pendiente_unique" on "radicacion" ("entidad_id", "num_documento_id_obligado", (coalesce("tipo_nota", 'FEV')), (coalesce("num_nota", "num_factura"))) where "estado" = 'pendiente';`,
    );
    this.addSql('drop index if exists "radicacion_factura_radicada_unique";');
    this.addSql(
      `create unique index "radicacion_factura_radicada_unique" on "radicacion" ("entidad_id", "num_documento_id_obligado", "num_factura") where "estado" = 'radicado' and "tipo_nota" is null;`,
    );
    this.addSql(
      `alter table "radicacion" drop column "modulo", drop column "modalidad_pago", drop column "periodo_inicio", drop column "periodo_fin", drop column "ambiente";`,
    );
  }
}
