import type { MikroORM } from '@mikro-orm/postgresql';
import { pacienteHmac } from '../../rips/historia/clave.js';
import type { ConsultaVida, RdaTransmitido } from '../../rips/validacion/vida.js';
import { CODIGOS } from '../codigos.js';
import { SISTEMAS } from '../tipos.js';

/** What a transmission row keeps of its bundle for the RIPS ↔ RDA cross-check (no clinical content). */
export interface EvidenciaBundle {
  pacienteHmac: string | null;
  fechaAtencionInicio: Date | null;
  fechaAtencionFin: Date | null;
}

type Rec = Record<string, unknown>;
const esObj = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const lista = (v: unknown): Rec[] => (Array.isArray(v) ? v.filter(esObj) : []);

function textoAcotado(v: unknown, max: number): string | null {
  if (typeof v !== 'string') return null;
  const t = v.trim();
  return t !== '' && t.length <= max ? t : null;
}

/** Document numbers and type codes are short: a longer value is no identifier (never hashed). */
const MAX_NUMERO = 64;
const MAX_TIPO = 10;

const FHIR_FECHA =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * A FHIR date or dateTime as an instant. A date alone, or a time without zone (not valid FHIR,
 * but the intent is clear), is read in Colombia (UTC−5). Partial dates (year, year-month) and
 * impossible ones give null.
 */
export function instanteFhir(v: unknown): Date | null {
  if (typeof v !== 'string' || v.length > 40) return null;
  const m = FHIR_FECHA.exec(v.trim());
  if (!m) return null;
  const [, a, mes, d, h, min, s, zona] = m;
  if (+mes! < 1 || +mes! > 12 || +d! < 1 || +d! > new Date(Date.UTC(+a!, +mes!, 0)).getUTCDate()) return null;
  if (h !== undefined && (+h > 23 || +min! > 59 || +(s ?? 0) > 59)) return null;
  const iso = `${a}-${mes}-${d}T${h ?? '00'}:${min ?? '00'}:${s ?? '00'}${zona ?? '-05:00'}`;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : new Date(t);
}

function periodo(v: unknown): { inicio: Date | null; fin: Date | null } | undefined {
  if (!esObj(v)) return undefined;
  const inicio = instanteFhir(v.start);
  return inicio ? { inicio, fin: instanteFhir(v.end) } : undefined;
}

/**
 * The patient (as a keyed HMAC of the national identifier: RNEC value + ColombianPersonIdentifier
 * type) and the care's period (Encounter.period, else the Composition's event period, which is the
 * only one of the patient RDA) of a Bundle about to be sent. Unreadable parts are null: the bundle
 * is validated elsewhere; this only keeps what the RIPS cross-check compares.
 */
export function evidenciaDelBundle(bundle: unknown, clave: Buffer | undefined): EvidenciaBundle {
  const vacia: EvidenciaBundle = { pacienteHmac: null, fechaAtencionInicio: null, fechaAtencionFin: null };
  if (!esObj(bundle)) return vacia;
  const recursos = lista(bundle.entry)
    .map((e) => e.resource)
    .filter(esObj);
  const pacientes = recursos.filter((r) => r.resourceType === 'Patient');
  let hmac: string | null = null;
  // One Patient per document (the platform refuses others): with several, nobody is named.
  if (clave && pacientes.length === 1) {
    const id = lista(pacientes[0]!.identifier).find(
      (i) => i.system === SISTEMAS.rnec && textoAcotado(i.value, MAX_NUMERO),
    );
    const coding = id && esObj(id.type) ? lista(id.type.coding) : [];
    const tipo = textoAcotado(
      coding.find((c) => c.system === CODIGOS.identificacionPersona.url)?.code,
      MAX_TIPO,
    );
    const numero = id ? textoAcotado(id.value, MAX_NUMERO) : null;
    if (tipo && numero) hmac = pacienteHmac(clave, tipo, numero);
  }
  const encuentro = recursos.find((r) => r.resourceType === 'Encounter');
  const composicion = recursos.find((r) => r.resourceType === 'Composition');
  const p =
    periodo(encuentro?.period) ?? periodo(composicion ? lista(composicion.event)[0]?.period : undefined);
  return { pacienteHmac: hmac, fechaAtencionInicio: p?.inicio ?? null, fechaAtencionFin: p?.fin ?? null };
}

/** Entities remembered by the evidence cache (the oldest is forgotten past it). */
const MAX_ENTIDADES_CACHE = 10_000;

/** JSON lists travel as one parameter (the ORM's raw queries expand a JS array into values). */
const BUSCAR = `select vida, estado, paciente_hmac, fecha_atencion_inicio, fecha_atencion_fin
from transmision where entidad_id = ?::uuid and (
  vida = any(array(select json_array_elements_text(?::json)))
  or (paciente_hmac = any(array(select json_array_elements_text(?::json)))
      and estado = 'aceptado' and vida is not null))`;

const EXISTE = `select exists(select 1 from transmision where entidad_id = ?::uuid
and paciente_hmac is not null and estado = 'aceptado' and vida is not null) as hay`;

interface Fila {
  vida: string | null;
  estado: string;
  paciente_hmac: string | null;
  fecha_atencion_inicio: Date | string | null;
  fecha_atencion_fin: Date | string | null;
}

const fecha = (v: Date | string | null): Date | null =>
  v === null ? null : v instanceof Date ? v : new Date(v);

/**
 * The entity's accepted RDA transmissions for RIPS validation (src/rips/validacion/vida.ts). Whether
 * an entity has any is cached for `ttlMs` (an acceptance in this process sets it at once; another
 * instance's is seen when its entry expires).
 */
export class EvidenciaRda implements ConsultaVida {
  private readonly cache = new Map<string, { hay: boolean; hasta: number }>();

  constructor(
    private readonly clave: Buffer,
    private readonly orm: () => MikroORM | undefined,
    private readonly ttlMs = 60_000,
  ) {}

  hmac(tipoDocumento: string, numDocumento: string): string {
    return pacienteHmac(this.clave, tipoDocumento, numDocumento);
  }

  /** This process accepted a transmission with a VIDA and a patient for the entity. */
  anotar(entidadId: string): void {
    this.recordar(entidadId, true);
  }

  async tieneEvidencia(entidadId: string): Promise<boolean> {
    const c = this.cache.get(entidadId);
    if (c && c.hasta > Date.now()) return c.hay;
    const orm = this.orm();
    if (!orm) return false;
    const fila = await orm.em.getConnection().execute<{ hay: boolean }>(EXISTE, [entidadId], 'get');
    const hay = fila?.hay === true;
    this.recordar(entidadId, hay);
    return hay;
  }

  async buscar(entidadId: string, q: { vidas: string[]; hmacs: string[] }): Promise<RdaTransmitido[]> {
    const orm = this.orm();
    if (!orm || (!q.vidas.length && !q.hmacs.length)) return [];
    const filas = await orm.em
      .getConnection()
      .execute<Fila[]>(BUSCAR, [entidadId, JSON.stringify(q.vidas), JSON.stringify(q.hmacs)], 'all');
    return filas.map((f) => ({
      vida: f.vida,
      estado: f.estado,
      pacienteHmac: f.paciente_hmac,
      inicio: fecha(f.fecha_atencion_inicio),
      fin: fecha(f.fecha_atencion_fin),
    }));
  }

  private recordar(entidadId: string, hay: boolean): void {
    this.cache.delete(entidadId);
    if (this.cache.size >= MAX_ENTIDADES_CACHE) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(entidadId, { hay, hasta: Date.now() + this.ttlMs });
  }
}
