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

  /** Labels of the Extra_* headers by roman numeral (`{"I": "AplicaASexo"}`); null when none had one. */
  @Property({ type: 'json', columnType: 'jsonb', nullable: true })
  columnas: Record<string, string> | null = null;

  /** Newest `Fecha_Actualizacion` of the export's rows: when SISPRO last changed the table. */
  @Property({ type: 'timestamptz', nullable: true })
  fechaActualizacion: Date | null = null;

  /** Every file imported into the table in this import (the parts `__1`, `__2` of a split table). */
  @Property({ type: 'text[]', default: '{}' })
  archivos: string[] = [];

  /** Grows by one on every import of the table; caches compare it to know what to reload. */
  @Property({ type: 'integer' })
  revision!: number;
}
