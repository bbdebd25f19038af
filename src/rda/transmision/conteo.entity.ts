import { Entity, PrimaryKey, PrimaryKeyProp, Property } from '@mikro-orm/core';

/**
 * Transmissions per entity, tipo and estado, kept by statement-level triggers on `transmision`
 * so GET /rda totals and GET /resumen read a handful of rows instead of counting millions.
 */
@Entity({ tableName: 'conteo_transmision' })
export class ConteoTransmision {
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
