import { randomUUID } from 'node:crypto';
import { Entity, ManyToOne, PrimaryKey, Property, type Rel, Unique } from '@mikro-orm/core';
import { Transmision } from './transmision.entity.js';
import type { EstadoTransmision, TipoEvento } from './valores.js';

/** Append-only trail of a transmission: the database refuses UPDATE and DELETE (trigger). */
@Entity({ tableName: 'evento_transmision' })
@Unique({ properties: ['transmision', 'secuencia'] })
export class EventoTransmision {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Transmision, { deleteRule: 'no action' })
  transmision!: Rel<Transmision>;

  /** 1, 2, 3… per transmission: the order of the trail (several events can share a millisecond). */
  @Property({ type: 'int' })
  secuencia!: number;

  @Property({ type: 'timestamptz' })
  fecha: Date = new Date();

  @Property({ type: 'text' })
  tipo!: TipoEvento;

  @Property({ type: 'text', nullable: true })
  estadoAnterior: EstadoTransmision | null = null;

  @Property({ type: 'text' })
  estadoNuevo!: EstadoTransmision;

  /** Who: `api-key:{prefijo}`, `usuario:{sub}` or `worker`. */
  @Property({ type: 'text' })
  actor!: string;

  /** HTTP status of the platform's answer (null: no answer). */
  @Property({ type: 'int', nullable: true })
  statusUpstream: number | null = null;

  @Property({ type: 'int', nullable: true })
  intento: number | null = null;

  /** Spanish summary without clinical content (codes, counts, VIDA). */
  @Property({ type: 'text', nullable: true })
  detalle: string | null = null;
}
