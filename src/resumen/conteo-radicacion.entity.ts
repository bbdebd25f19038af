import { Entity, PrimaryKey, PrimaryKeyProp, Property } from '@mikro-orm/core';

/**
 * RIPS filing attempts (Radicacion) per entity, tipo (`FEV` or the note type) and estado, kept by a
 * statement-level insert trigger on `radicacion` (append-only), so GET /resumen reads a few rows.
 */
@Entity({ tableName: 'conteo_radicacion' })
export class ConteoRadicacion {
  [PrimaryKeyProp]?: ['entidadId', 'tipo', 'estado', 'franja'];

  @PrimaryKey({ type: 'uuid' })
  entidadId!: string;

  @PrimaryKey({ type: 'text' })
  tipo!: string;

  @PrimaryKey({ type: 'text' })
  estado!: string;

  /** The writing connection's stripe (pg_backend_pid() % 8): readers sum every stripe. */
  @PrimaryKey({ type: 'smallint', columnType: 'smallint', default: 0 })
  franja!: number;

  @Property({ type: 'bigint' })
  cantidad!: string;
}
