import { Entity, PrimaryKey, PrimaryKeyProp, Property } from '@mikro-orm/core';

/**
 * One service an entity filed successfully (`radicado`), reduced to what history-aware rules need:
 * whose (a keyed HMAC of the document, never the number), which type, group and dates. The whole
 * description is the primary key: identical services of a patient are one row, so a note or a
 * repeat that carries the same records adds nothing, and the key's prefix (entidad, paciente) is
 * the lookup. Absent optional values are '' (a key has no nulls); buscarHistoria returns null.
 * No foreign keys (like conteo_radicacion): entities and filings are never deleted, and per-row
 * checks doubled the time of a large insert.
 */
@Entity({ tableName: 'historia_servicio' })
export class ServicioRadicado {
  [PrimaryKeyProp]?: [
    'entidadId',
    'pacienteHmac',
    'tipoServicio',
    'inicio',
    'grupoServicios',
    'fin',
    'tipoOs',
  ];

  @PrimaryKey({ type: 'uuid' })
  entidadId!: string;

  /** pacienteHmac(RIPS_HISTORIA_CLAVE, tipo, número) of the user (or of the newborn). */
  @PrimaryKey({ type: 'text' })
  pacienteHmac!: string;

  /** consultas, procedimientos, urgencias, hospitalizacion, recienNacidos, medicamentos, otrosServicios. */
  @PrimaryKey({ type: 'text' })
  tipoServicio!: string;

  /** As the RIPS gives it, local time: `AAAA-MM-DD HH:MM` (compares as text). */
  @PrimaryKey({ type: 'text' })
  inicio!: string;

  /** grupoServicios (consultas, procedimientos); '' when absent. */
  @PrimaryKey({ type: 'text' })
  grupoServicios = '';

  /** fechaEgreso; '' when the record has none. */
  @PrimaryKey({ type: 'text' })
  fin = '';

  /** tipoOS of otrosServicios; '' otherwise. */
  @PrimaryKey({ type: 'text' })
  tipoOs = '';

  /** The filing that first showed the service. */
  @Property({ type: 'uuid' })
  radicacionId!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
