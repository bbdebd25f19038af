import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 18: the obligated parties (NITs) an entity may file for, and filing evidence written before
 * the mechanism is called: a `pendiente` row is committed first and completed once (the only UPDATE
 * the table allows), at most one pending row per document, and counters that follow the completion.
 */
export class Migration20261125100000_radicacion_pendiente extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "entidad" add column "obligados" text[] not null default '{}';`);
    this.addSql(`alter table "radicacion" add column "huella" text null, add column "enviado" jsonb null;`);
    // One attempt in flight per document of an entity; the others wait for it (see servicio.ts).
    this.addSql(
      `create unique index "radicacion_pendiente_unique" on "radicacion" ("entidad_id", "num_documento_id_obligado", (coalesce("tipo_nota", 'FEV')), (coalesce("num_nota", "num_factura"))) where "estado" = 'pendiente';`,
    );
    // Stale pending rows, oldest first, for the reconciler.
    this.addSql(
      `create index "radicacion_pendiente_created_at_index" on "radicacion" ("created_at") where "estado" = 'pendiente';`,
    );
    // Append-only still, except for completing a pending row once: identity columns never change.
    this.addSql(`create function radicacion_solo_completar() returns trigger language plpgsql as $$
begin
  if TG_OP = 'UPDATE' and OLD.estado = 'pendiente' and NEW.estado <> 'pendiente'
     and NEW.id = OLD.id and NEW.entidad_id = OLD.entidad_id
     and NEW.num_documento_id_obligado = OLD.num_documento_id_obligado
     and NEW.num_factura is not distinct from OLD.num_factura
     and NEW.tipo_nota is not distinct from OLD.tipo_nota
     and NEW.num_nota is not distinct from OLD.num_nota
     and NEW.operacion = OLD.operacion and NEW.created_at = OLD.created_at
     and NEW.huella is not distinct from OLD.huella and NEW.enviado is not distinct from OLD.enviado then
    return NEW;
  end if;
  raise exception 'La tabla % es de solo inserción: no se permite %', TG_TABLE_NAME, TG_OP using errcode = '42501';
end $$;`);
    this.addSql(`drop trigger "radicacion_solo_insercion" on "radicacion";`);
    this.addSql(
      `create trigger "radicacion_solo_insercion" before update or delete on "radicacion" for each row execute function radicacion_solo_completar();`,
    );
    this.addSql(`create function conteo_radicacion_completar() returns trigger language plpgsql as $$
begin
  insert into conteo_radicacion (entidad_id, tipo, estado, cantidad)
    select entidad_id, tipo, estado, sum(delta) from (
      select entidad_id, coalesce(tipo_nota, 'FEV') as tipo, estado, -1 as delta from viejas
      union all
      select entidad_id, coalesce(tipo_nota, 'FEV'), estado, 1 from nuevas
    ) d group by 1, 2, 3 order by 1, 2, 3
    on conflict (entidad_id, tipo, estado) do update set cantidad = conteo_radicacion.cantidad + excluded.cantidad;
  return null;
end $$;`);
    this.addSql(
      `create trigger "radicacion_conteo_update" after update on "radicacion" referencing old table as viejas new table as nuevas for each statement execute function conteo_radicacion_completar();`,
    );
  }
}
