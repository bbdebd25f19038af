import { randomUUID } from 'node:crypto';
import { Entity, Index, ManyToOne, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { Entidad } from './entidad.entity.js';

/** An API key; only its SHA-256 hash is stored. */
@Entity({ tableName: 'api_key' })
@Index({ properties: ['entidad'] })
export class ApiKey {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Entidad, { deleteRule: 'cascade' })
  entidad!: Rel<Entidad>;

  /** First characters of the key, shown to operators to tell keys apart. */
  @Property({ type: 'text' })
  prefijo!: string;

  @Property({ type: 'text', unique: true })
  hash!: string;

  @Property({ type: 'text', nullable: true })
  descripcion: string | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  revokedAt: Date | null = null;
}
