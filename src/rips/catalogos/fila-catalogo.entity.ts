import { Entity, PrimaryKey, PrimaryKeyProp, Property } from '@mikro-orm/core';

/** One row of an imported SISPRO table (official export columns). */
@Entity({ tableName: 'fila_catalogo' })
export class FilaCatalogo {
  [PrimaryKeyProp]?: ['tabla', 'codigo'];

  /** SISPRO table name (canonical spelling, e.g. `CIE10`). Part of the key: unique (tabla, codigo). */
  @PrimaryKey({ type: 'text' })
  tabla!: string;

  @PrimaryKey({ type: 'text' })
  codigo!: string;

  @Property({ type: 'text' })
  nombre!: string;

  @Property({ type: 'text', nullable: true })
  descripcion: string | null = null;

  @Property({ type: 'boolean' })
  habilitado!: boolean;

  /** Extra_I…Extra_X by roman numeral (`{"II": "01"}`); null when the row has none. */
  @Property({ type: 'json', columnType: 'jsonb', nullable: true })
  extra: Record<string, string> | null = null;
}
