import { randomUUID } from 'node:crypto';
import { ArrayType, Entity, PrimaryKey, Property } from '@mikro-orm/core';
import type { Modulo, TipoEntidad } from './valores.js';

/** A tenant: the health provider that uses the service. */
@Entity({ tableName: 'entidad' })
export class Entidad {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text', unique: true })
  slug!: string;

  @Property({ type: 'text' })
  nombre!: string;

  @Property({ type: 'text' })
  tipoEntidad!: TipoEntidad;

  @Property({ type: ArrayType, columnType: 'text[]' })
  modulos: Modulo[] = [];

  /** NITs of the obligated parties this entity files RIPS for (besides its MUV login's NIT). */
  @Property({ type: ArrayType, columnType: 'text[]', default: '{}' })
  obligados: string[] = [];

  /**
   * REPS provider codes (códigos de prestador habilitados: 12 digits, or the provider's 10) the entity declares:
   * the local gate checks RVC011/RVC012 against them, as the MUV does against its login's provider.
   */
  @Property({ type: ArrayType, columnType: 'text[]', default: '{}' })
  prestadores: string[] = [];

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
