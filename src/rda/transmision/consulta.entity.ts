import { randomUUID } from 'node:crypto';
import { Entity, Index, ManyToOne, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { Entidad } from '../../entidades/entidad.entity.js';

/**
 * Audit record of a query to the platform (POST /rda/consultas), append-only. The actor is the
 * professional (`humanuser`); the patient's number is deliberately not stored.
 */
@Entity({ tableName: 'consulta_rda' })
@Index({ properties: ['entidad', 'fecha'] })
export class ConsultaRda {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Entidad, { deleteRule: 'no action' })
  entidad!: Rel<Entidad>;

  @Property({ type: 'timestamptz' })
  fecha: Date = new Date();

  /** `paciente` or `encuentros`. */
  @Property({ type: 'text' })
  alcance!: string;

  /** The professional who consulted, `{tipo}-{numero}`. */
  @Property({ type: 'text' })
  actor!: string;

  /** The credential that made the call: `api-key:{prefijo}` or `usuario:{sub}`. */
  @Property({ type: 'text' })
  solicitante!: string;

  /** Whether it followed a `siguiente` cursor. */
  @Property({ type: 'boolean' })
  pagina!: boolean;

  @Property({ type: 'int', nullable: true })
  resultados: number | null = null;

  /** `ok` or the error code answered (`cursor-expirado`, `upstream-no-disponible`…). */
  @Property({ type: 'text' })
  resultado!: string;
}
