import { randomUUID } from 'node:crypto';
import { Entity, Index, ManyToOne, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { Entidad } from '../../entidades/entidad.entity.js';
import type { ErrorAccionable } from '../../errores/error-accionable.js';
import type { HallazgosOmitidos } from '../validacion/acotar.js';

import type { EstadoRadicacion } from './valores.js';

export { ESTADOS_RADICACION, type EstadoRadicacion } from './valores.js';

/**
 * One filing attempt with the MUV, append-only: a trigger refuses UPDATE and DELETE, except completing
 * a `pendiente` row once (it is committed before the mechanism is called). Findings and the
 * mechanism's raw answer are kept as evidence; they are loaded only when asked for.
 */
@Entity({ tableName: 'radicacion' })
// GET /rips: the newest filings of one entity, read backwards on this index.
@Index({ name: 'radicacion_entidad_id_created_at_id_index', properties: ['entidad', 'createdAt', 'id'] })
// GraphQL `radicaciones(estado:)`: one state of one entity, newest first.
@Index({
  name: 'radicacion_entidad_id_estado_created_at_id_index',
  properties: ['entidad', 'estado', 'createdAt', 'id'],
})
// At most one CUV per invoice and entity; also the lookup of a repeated invoice.
@Index({
  name: 'radicacion_factura_radicada_unique',
  expression:
    'create unique index "radicacion_factura_radicada_unique" on "radicacion" ("entidad_id", "num_documento_id_obligado", "num_factura") where "estado" = \'radicado\' and "tipo_nota" is null and "operacion" <> \'CargarCapitaFinal\'',
})
// One attempt in flight per document; the key of notes is their own number, the class tells the
// final capitation RIPS (CF) from its invoice (CLASE_SQL in src/rips/muv/operaciones.ts).
@Index({
  name: 'radicacion_pendiente_unique',
  expression:
    'create unique index "radicacion_pendiente_unique" on "radicacion" ("entidad_id", "num_documento_id_obligado", (coalesce("tipo_nota", case when "operacion" = \'CargarCapitaFinal\' then \'CF\' else \'FEV\' end)), (coalesce("num_nota", "num_factura"))) where "estado" = \'pendiente\'',
})
@Index({
  name: 'radicacion_pendiente_created_at_index',
  expression:
    'create index "radicacion_pendiente_created_at_index" on "radicacion" ("created_at") where "estado" = \'pendiente\'',
})
// Every attempt of one document across entities: read before a CUV the mechanism holds is adopted.
@Index({
  name: 'radicacion_documento_index',
  expression:
    'create index "radicacion_documento_index" on "radicacion" ("num_documento_id_obligado", (coalesce("tipo_nota", case when "operacion" = \'CargarCapitaFinal\' then \'CF\' else \'FEV\' end)), (coalesce("num_nota", "num_factura")))',
})
export class Radicacion {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Entidad, { deleteRule: 'cascade' })
  entidad!: Rel<Entidad>;

  @Property({ type: 'text', nullable: true })
  numFactura: string | null = null;

  @Property({ type: 'text' })
  numDocumentoIdObligado!: string;

  /** null = invoice (CargarFevRips); NC, ND, NA, RS. */
  @Property({ type: 'text', nullable: true })
  tipoNota: string | null = null;

  @Property({ type: 'text', nullable: true })
  numNota: string | null = null;

  @Property({ type: 'text' })
  operacion!: string;

  /** What the mechanism answered of the filing (manual §8.13): Modulo, ModalidadPago, PeriodoAtencion, Ambiente. */
  @Property({ type: 'text', nullable: true })
  modulo: string | null = null;

  @Property({ type: 'text', nullable: true })
  modalidadPago: string | null = null;

  @Property({ type: 'text', nullable: true })
  periodoInicio: string | null = null;

  @Property({ type: 'text', nullable: true })
  periodoFin: string | null = null;

  @Property({ type: 'text', nullable: true })
  ambiente: string | null = null;

  @Property({ type: 'text' })
  estado!: EstadoRadicacion;

  @Property({ type: 'text', nullable: true })
  cuv: string | null = null;

  @Property({ type: 'int', nullable: true })
  procesoId: number | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  fechaRadicacion: Date | null = null;

  /** Why it ended this way, in Spanish (no patient data). */
  @Property({ type: 'text', nullable: true })
  motivo: string | null = null;

  @Property({ type: 'int' })
  nErrores = 0;

  @Property({ type: 'int' })
  nAvisos = 0;

  /** Every finding explained (local gate and mechanism). */
  @Property({ type: 'jsonb', lazy: true })
  errores: ErrorAccionable[] = [];

  /** Findings left out of `errores` (over RIPS_MAX_HALLAZGOS / RIPS_MAX_RESPUESTA), counted by code. */
  @Property({ type: 'jsonb', nullable: true, lazy: true })
  omitidos: HallazgosOmitidos[] | null = null;

  /** The mechanism's answer as received: evidence, never logged. */
  @Property({ type: 'jsonb', nullable: true, lazy: true })
  respuestaMuv: unknown = null;

  /**
   * SHA-256 of what was sent (RIPS and XML): parallel identical notes make one upload, and an
   * earlier attempt whose answer was lost is told apart from a corrected package (conciliacion.ts).
   */
  @Property({ type: 'text', nullable: true, lazy: true })
  huella: string | null = null;

  /** What was sent, in counts (no patient data): checked against ConsultarCUV when reconciling. */
  @Property({ type: 'jsonb', nullable: true, lazy: true })
  enviado: ResumenEnvio | null = null;

  /**
   * What the document is worth, in whole pesos: the FEV's PayableAmount, else the sum of the RIPS
   * service values; null when neither could be read (and on rows filed before issue 23).
   */
  @Property({ type: 'bigint', nullable: true, lazy: true })
  monto: string | null = null;

  /** Who pays: the customer's NIT (organisations), `persona-natural` or `sin-pagador`; null on older rows. */
  @Property({ type: 'text', nullable: true, lazy: true })
  pagador: string | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}

/** Counts of a sent package, as ConsultarCUV reports them. */
export interface ResumenEnvio {
  numero: string | null;
  usuarios: number;
  atenciones: Record<string, number>;
  /** PayableAmount of the attached document, when it could be read. */
  total: number | null;
}
