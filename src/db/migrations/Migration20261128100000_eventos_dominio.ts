import { Migration } from '@mikro-orm/migrations';

/**
 * The outbox of domain events (issue 22): every state change of a transmission (a row of its append-only
 * trail) and every filing outcome writes one `evento_dominio` row in the same transaction as the change,
 * from triggers, so whoever makes the change (this service, another instance, the CLI) cannot forget it,
 * nothing is announced that was rolled back, and a committed change is never lost. NOTIFY motor_eventos
 * (sent at commit) wakes the listeners; `secuencia` lets one that missed notices catch up.
 *
 * Payloads carry the resource's public fields only: no bundle, no findings, no patient data.
 */
export class Migration20261128100000_eventos_dominio extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "evento_dominio" (
  "id" uuid not null default gen_random_uuid(),
  "secuencia" bigserial not null,
  "entidad_id" uuid not null,
  "tipo" text not null,
  "recurso_id" uuid not null,
  "datos" jsonb not null,
  "creado_en" timestamptz not null default clock_timestamp(),
  constraint "evento_dominio_pkey" primary key ("id"),
  constraint "evento_dominio_secuencia_unique" unique ("secuencia")
);`);
    this.addSql(
      `create index "evento_dominio_entidad_id_secuencia_index" on "evento_dominio" ("entidad_id", "secuencia");`,
    );
    this.addSql(
      `alter table "evento_dominio" add constraint "evento_dominio_entidad_id_foreign" foreign key ("entidad_id") references "entidad" ("id") on update cascade on delete cascade;`,
    );

    // Deferred to commit: the event reads the transmission as the transaction leaves it (vida, intentos…
    // are written after the trail row in the same transaction).
    this.addSql(`create function evento_de_transmision() returns trigger language plpgsql as $$
declare
  t record;
begin
  if NEW.tipo = 'consulta-documento' then
    return null;
  end if;
  select id, entidad_id, tipo, estado, origen, vida, composition_id, intentos, reintentos_agotados,
         siguiente_intento_en, updated_at
    into t from transmision where id = NEW.transmision_id;
  if not found then
    return null;
  end if;
  insert into evento_dominio (entidad_id, tipo, recurso_id, datos)
  values (t.entidad_id, 'transmision.' || NEW.tipo, t.id, jsonb_build_object(
    'id', t.id,
    'tipo', t.tipo,
    'estado', NEW.estado_nuevo,
    'estadoAnterior', NEW.estado_anterior,
    'estadoActual', t.estado,
    'evento', NEW.tipo,
    'secuencia', NEW.secuencia,
    'intento', NEW.intento,
    'statusUpstream', NEW.status_upstream,
    'origen', t.origen,
    'vida', t.vida,
    'compositionId', t.composition_id,
    'intentos', t.intentos,
    'reintentosAgotados', t.reintentos_agotados,
    'siguienteIntentoEn', t.siguiente_intento_en,
    'fecha', NEW.fecha
  ));
  perform pg_notify('motor_eventos', t.entidad_id::text);
  return null;
end $$;`);
    this.addSql(
      `create constraint trigger "evento_transmision_evento_dominio" after insert on "evento_transmision" deferrable initially deferred for each row execute function evento_de_transmision();`,
    );

    // A filing announces its outcome: inserted with it, or when its `pendiente` row is completed.
    this.addSql(`create function evento_de_radicacion() returns trigger language plpgsql as $$
begin
  if NEW.estado = 'pendiente' or (TG_OP = 'UPDATE' and OLD.estado = NEW.estado) then
    return null;
  end if;
  insert into evento_dominio (entidad_id, tipo, recurso_id, datos)
  values (NEW.entidad_id, 'radicacion.' || NEW.estado, NEW.id, jsonb_build_object(
    'id', NEW.id,
    'estado', NEW.estado,
    'numFactura', NEW.num_factura,
    'numDocumentoIdObligado', NEW.num_documento_id_obligado,
    'tipoNota', NEW.tipo_nota,
    'numNota', NEW.num_nota,
    'operacion', NEW.operacion,
    'cuv', NEW.cuv,
    'procesoId', NEW.proceso_id,
    'fechaRadicacion', NEW.fecha_radicacion,
    'nErrores', NEW.n_errores,
    'nAvisos', NEW.n_avisos,
    'createdAt', NEW.created_at
  ));
  perform pg_notify('motor_eventos', NEW.entidad_id::text);
  return null;
end $$;`);
    this.addSql(
      `create trigger "radicacion_evento_dominio" after insert or update on "radicacion" for each row execute function evento_de_radicacion();`,
    );
    // Events are evidence too: never changed, never deleted (except with their entity).
    this.addSql(
      `create trigger "evento_dominio_solo_insercion" before update or delete on "evento_dominio" for each row when (pg_trigger_depth() = 0) execute function solo_insercion();`,
    );
    // TRUNCATE skips row triggers: refused on its own, as for the transmission trail.
    this.addSql(
      `create trigger "evento_dominio_sin_truncate" before truncate on "evento_dominio" for each statement execute function solo_insercion();`,
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists "radicacion_evento_dominio" on "radicacion";');
    this.addSql('drop trigger if exists "evento_transmision_evento_dominio" on "evento_transmision";');
    this.addSql('drop function if exists evento_de_radicacion();');
    this.addSql('drop function if exists evento_de_transmision();');
    this.addSql('drop table if exists "evento_dominio" cascade;');
  }
}
