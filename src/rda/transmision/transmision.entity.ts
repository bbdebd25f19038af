import { randomUUID } from 'node:crypto';
import { Entity, Index, ManyToOne, PrimaryKey, Property, type Rel, Unique } from '@mikro-orm/core';
import { Entidad } from '../../entidades/entidad.entity.js';
import type { ErrorAccionable } from '../../errores/error-accionable.js';
import type { RecursoIhce } from '../ihce/cliente.js';
import type { TipoRdaIhce } from '../ihce/fhir.js';
import type { EstadoTransmision } from './valores.js';

/**
 * One RDA sent (or being sent) to the IHCE. The row is the current state; every change is an
 * append-only EventoTransmision. The bundle is kept only while it may still be sent.
 */
@Entity({ tableName: 'transmision' })
@Index({ properties: ['entidad', 'createdAt', 'id'] })
@Index({ properties: ['entidad', 'estado', 'createdAt', 'id'] })
@Index({ properties: ['entidad', 'tipo', 'createdAt', 'id'] })
// The codigoVIDA cross-check of RIPS (src/rips/validacion/vida.ts): by patient and by VIDA.
@Index({ properties: ['entidad', 'pacienteHmac'] })
@Index({ properties: ['entidad', 'vida'] })
@Unique({ properties: ['entidad', 'idempotencyKey'] })
export class Transmision {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Entidad, { deleteRule: 'cascade' })
  entidad!: Rel<Entidad>;

  @Property({ type: 'text' })
  tipo!: TipoRdaIhce;

  @Property({ type: 'text' })
  estado: EstadoTransmision = 'generado';

  /** `bundle` (POST /rda) or `datos` (POST /rda/desde-datos). */
  @Property({ type: 'text' })
  origen!: 'bundle' | 'datos';

  /** Clinical content: never selected unless sending, cleared once accepted or rejected. */
  @Property({ type: 'json', columnType: 'jsonb', nullable: true, lazy: true })
  bundle: Record<string, unknown> | null = null;

  @Property({ type: 'text', nullable: true })
  vida: string | null = null;

  @Property({ type: 'text', nullable: true })
  compositionId: string | null = null;

  /** The DocumentReference the platform created for the accepted document (its transaction-response). */
  @Property({ type: 'text', nullable: true })
  documentReferenceId: string | null = null;

  /** What the platform's transaction-response said of each resource (ids and locations, no content). */
  @Property({ type: 'json', columnType: 'jsonb', nullable: true })
  recursosIhce: RecursoIhce[] | null = null;

  /**
   * pacienteHmac (src/rips/historia/clave.ts, key RIPS_HISTORIA_CLAVE) of the Patient's national
   * identifier (RNEC value + ColombianPersonIdentifier type): RIPS validation compares patients by
   * it, never by the number. Null on rows created before it, or without a readable identifier.
   */
  @Property({ type: 'text', nullable: true })
  pacienteHmac: string | null = null;

  /** The care's period (Encounter.period, or Composition.event.period): kept after the bundle is cleared. */
  @Property({ type: 'timestamptz', nullable: true })
  fechaAtencionInicio: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  fechaAtencionFin: Date | null = null;

  /** Blocking findings (linter or platform) or, while retrying, the last transient failure. */
  @Property({ type: 'json', columnType: 'jsonb' })
  errores: ErrorAccionable[] = [];

  /** aviso-conformidad and informativo findings: stored and returned, never blocking. */
  @Property({ type: 'json', columnType: 'jsonb' })
  avisos: ErrorAccionable[] = [];

  @Property({ type: 'int' })
  intentos = 0;

  @Property({ type: 'timestamptz', nullable: true })
  siguienteIntentoEn: Date | null = null;

  /** Lease of the attempt in progress: one sender at a time (request or worker). */
  @Property({ type: 'timestamptz', nullable: true })
  enCursoHasta: Date | null = null;

  @Property({ type: 'boolean' })
  reintentosAgotados = false;

  /** Events written so far (the next one gets `eventos + 1` as its `secuencia`). */
  @Property({ type: 'int' })
  eventos = 0;

  @Property({ type: 'text', nullable: true })
  idempotencyKey: string | null = null;

  /** SHA-256 of the request, to refuse an Idempotency-Key reused with another body. */
  @Property({ type: 'text', nullable: true })
  huellaSolicitud: string | null = null;

  /** `api-key:{prefijo}` or `usuario:{sub}`. */
  @Property({ type: 'text' })
  creadoPor!: string;

  /** The first call to the IHCE: the time to a VIDA counts from here (GET /resumen). */
  @Property({ type: 'timestamptz', nullable: true })
  primerIntentoEn: Date | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();
}
