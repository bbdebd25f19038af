import { randomUUID } from 'node:crypto';
import { Entity, ManyToOne, PrimaryKey, Property, type Rel, Unique } from '@mikro-orm/core';
import { Entidad } from './entidad.entity.js';

export const SISTEMAS_MINISTERIO = ['muv', 'ihce'] as const;
export type SistemaMinisterio = (typeof SISTEMAS_MINISTERIO)[number];

/** Ministry credentials of an entity, encrypted at rest (AES-256-GCM). */
@Entity({ tableName: 'credencial_ministerio' })
@Unique({ properties: ['entidad', 'sistema'] })
export class CredencialMinisterio {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Entidad, { deleteRule: 'cascade' })
  entidad!: Rel<Entidad>;

  @Property({ type: 'text' })
  sistema!: SistemaMinisterio;

  /** base64(iv | tag | ciphertext) */
  @Property({ type: 'text', lazy: true })
  cifrado!: string;

  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();
}
