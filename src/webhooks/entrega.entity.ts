import { randomUUID } from 'node:crypto';
import { Entity, Index, ManyToOne, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { WebhookEndpoint } from './endpoint.entity.js';
import type { ClaseErrorEntrega } from './valores.js';

/** One delivery attempt (the delivery log): what was sent, how the receiver answered, how long it took. */
@Entity({ tableName: 'webhook_entrega' })
@Index({ properties: ['endpoint', 'fecha', 'id'] })
export class WebhookEntrega {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => WebhookEndpoint, { deleteRule: 'cascade' })
  endpoint!: Rel<WebhookEndpoint>;

  /** The `webhook-id` sent: the outbox event's id (or the test event's), the same on every retry. */
  @Property({ type: 'uuid' })
  eventoId!: string;

  /** A domain event type or `prueba`. */
  @Property({ type: 'text' })
  tipo!: string;

  /** 1 for the first attempt of this event to this endpoint. */
  @Property({ type: 'int' })
  intento!: number;

  /** HTTP status of the answer; null when none came. */
  @Property({ type: 'int', nullable: true })
  status: number | null = null;

  /** Null when delivered (2xx). */
  @Property({ type: 'text', nullable: true })
  error: ClaseErrorEntrega | null = null;

  /** The first characters of a non-2xx answer, control characters removed. */
  @Property({ type: 'text', nullable: true })
  respuesta: string | null = null;

  @Property({ type: 'int' })
  duracionMs!: number;

  @Property({ type: 'timestamptz' })
  fecha: Date = new Date();
}
