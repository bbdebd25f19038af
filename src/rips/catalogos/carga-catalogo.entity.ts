import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** The last import of one table: what was loaded, from where and when. */
@Entity({ tableName: 'carga_catalogo' })
export class CargaCatalogo {
  @PrimaryKey({ type: 'text' })
  tabla!: string;

  /** File name of the export (without the folder). */
  @Property({ type: 'text' })
  archivo!: string;

  @Property({ type: 'integer' })
  filas!: number;

  @Property({ type: 'timestamptz' })
  importadoEn: Date = new Date();

  @Property({ type: 'text' })
  fuente!: string;

  /** Grows by one on every import of the table; caches compare it to know what to reload. */
  @Property({ type: 'integer' })
  revision!: number;
}
