import { randomUUID } from 'node:crypto';
import { ArrayType, Entity, Index, ManyToOne, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { Entidad } from '../entidades/entidad.entity.js';
import type { TipoEventoDominio } from '../eventos/valores.js';

/** A receiver of an entity's events (issue 22): where to POST them and the secret that signs them. */
@Entity({ tableName: 'webhook_endpoint' })
@Index({ properties: ['entidad'] })
export class WebhookEndpoint {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Entidad, { deleteRule: 'cascade' })
  entidad!: Rel<Entidad>;

  /** Checked at registration (and its host again at every delivery, after DNS resolution). */
  @Property({ type: 'text' })
  url!: string;

  /** Event types delivered; empty means all of them. */
  @Property({ type: ArrayType, columnType: 'text[]', default: '{}' })
  tipos: TipoEventoDominio[] = [];

  /** The signing secret, AES-256-GCM with CREDENTIALS_KEY (src/entidades/cifrado.ts): base64(iv | tag | ciphertext). */
  @Property({ type: 'text', lazy: true })
  secretoCifrado!: string;

  /** An inactive endpoint receives nothing (events meanwhile are not kept for it). */
  @Property({ type: 'boolean', default: true })
  activo: boolean = true;

  @Property({ type: 'text', nullable: true })
  descripcion: string | null = null;

  @Property({ type: 'timestamptz' })
  creadoEn: Date = new Date();
}
