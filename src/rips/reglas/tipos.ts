import type { Catalogos } from '../catalogos/tipos.js';
import type { Clase, CruceHistoria, CruceVida, Donde, Registro, TipoServicio } from '../tipos.js';

/** The class a rule has from a date on (Res. 2275/2023 classes, then Res. 948/2026 from 2026-06-01). */
export interface ClaseVigente {
  desde: string; // YYYY-MM-DD
  clase: Clase;
  norma: string;
}

/**
 * local: checked by our engine now · fev: needs the invoice XML (checked by the FEV gate) ·
 * muv: needs a national registry we cannot query (RETHUS, MIPRES, deaths…): registered,
 * documented as checked by the MUV, skipped locally · vida: needs the entity's accepted RDA
 * transmissions (VID001/VID002): runs only when the validation has them (OpcionesMotor.vida).
 */
export type Alcance = 'local' | 'fev' | 'muv' | 'vida';

/**
 * Where the service record a hook gets is. The walk reuses one object for every record (one
 * allocation per service was about 1 ms per 20 MB): valid only during the call, so a rule keeps
 * its fields (as `dondeServicio` does), never the object.
 */
export interface RefServicio {
  readonly usuario: Registro;
  readonly usuarioIndex: number;
  readonly tipo: TipoServicio;
  readonly indice: number;
}

/**
 * What the cross-check rules (alcance 'fev') read from the invoice, credit note or debit note the
 * FEV gate decoded (src/rips/fev). Absent values are null.
 */
export interface DatosFev {
  tipoDocumento: 'Invoice' | 'CreditNote' | 'DebitNote';
  /** The document's own number (Invoice/CreditNote/DebitNote ID). */
  numero: string | null;
  /** The invoice number: the invoice's ID, or the invoice a note references. */
  numeroFactura: string | null;
  nitEmisor: string | null;
  cobertura: string | null;
  modalidadPago: string | null;
  periodo: { inicio: string | null; fin: string | null };
  /** PrepaidPayment groups with a valid concept and amount. */
  pagosAnticipados: { concepto: string; valor: number }[];
  /** LineExtensionAmount of the document (value of the services before taxes). */
  valorServicios: number | null;
  /**
   * TaxInclusiveAmount, PrepaidAmount and PayableAmount of the document, when the FEV gate read it
   * (RVG08 compares the RIPS with PayableAmount + PrepaidAmount). Absent when no XML goes.
   */
  totales?: { conImpuestos: number | null; anticipado: number | null; aPagar: number | null };
  /** CODIGO_PRESTADOR of the health extension (RVC011 against the entity's codes); absent: not read. */
  codigoPrestador?: string | null;
}

/** The REPS provider codes the entity declared (entidad.prestadores), as RVC011/RVC012 compare them. */
export interface PrestadoresDeclarados {
  /** As declared (12 digits, or the provider's 10), for the texts. */
  codigos: readonly string[];
  /** Their provider part (first 10 digits): every sede of a declared provider is the entity's. */
  prestadores: ReadonlySet<string>;
}

export interface ContextoRegla {
  /** Validation time (the user may preview a future date). */
  fecha: Date;
  rips: Registro;
  catalogos: Catalogos;
  /** The invoice data when the RIPS is validated with its XML (FEV gate); rules of alcance 'fev' run only then. */
  fev?: DatosFev;
  /** The entity's declared provider codes, when the validation knows its entity and it declared some. */
  prestadores?: PrestadoresDeclarados;
  emitir(
    codigo: string,
    donde: Donde,
    campo?: string,
    extra?: { valor?: unknown; detalle?: string; cruce?: CruceHistoria; vida?: CruceVida },
  ): void;
}

/**
 * One official rule: data (code, fields, class history, Spanish texts) plus small check
 * functions the engine calls during its single pass. Checks are pure: no I/O.
 */
export interface Regla<S = unknown> {
  codigo: string;
  /** Official field ids (C10, P13…) the rule applies to. */
  campos: string[];
  clases: ClaseVigente[];
  /** Official "Mensaje" column (kept as `mensajeOriginal`). */
  mensajeOficial: string;
  titulo: string;
  explicacion: string;
  comoCorregir: string;
  /**
   * What the real mechanism was seen to do with this rule in captured traffic (Spanish, for the docs
   * and the reader of the registry), when it differs from or sharpens the official text.
   */
  visto?: string;
  alcance: Alcance;
  /** Large catalogs the check needs; when one is not loaded the check is skipped (one informativo note). */
  catalogos?: string[];
  /**
   * Catalogs that widen the check: without them the rule still runs its narrower part (its hooks test
   * `ctx.catalogos.cargado`), and the CAT01 note names them so the user knows what was not checked.
   */
  catalogosParciales?: string[];
  /**
   * The rule also checks the entity's declared provider codes (ContextoRegla.prestadores): when they
   * are known it runs even without its catalogs, and its hooks test `ctx.catalogos.cargado` themselves.
   */
  prestadores?: true;
  /** Per-validation state for cross-record rules (indexes built during the walk). */
  estado?: () => S;
  /**
   * The state only relates records of one user (it is reset or keyed per user): the rule can run on
   * any run of whole users, e.g. in a validation thread over a slice of `usuarios`.
   */
  estadoPorUsuario?: boolean;
  /**
   * Cross-user rules (state not per user): the fields their hooks read. A parallel validation walks
   * them over users reduced to these fields (`proyeccion.ts`); a test checks the list is complete.
   * `servicio` lists the fields of every service type, or of each type (smaller reduced users).
   */
  lee?: {
    usuario: readonly string[];
    servicio: readonly string[] | Readonly<Partial<Record<TipoServicio, readonly string[]>>>;
  };
  transaccion?: (rips: Registro, ctx: ContextoRegla, estado: S) => void;
  usuario?: (usuario: Registro, indice: number, ctx: ContextoRegla, estado: S) => void;
  servicio?: {
    tipos: readonly TipoServicio[];
    verificar: (registro: Registro, ref: RefServicio, ctx: ContextoRegla, estado: S) => void;
  };
  final?: (ctx: ContextoRegla, estado: S) => void;
}

/** Typed constructor that erases the state type so rules of different states share one list. */
export function regla<S>(r: Regla<S>): Regla {
  return r as Regla;
}

/** Class histories used by most rules. */
export const NORMA_2275 = { desde: '2023-01-01', norma: 'Res. 2275/2023' } as const;
export const NORMA_948 = { desde: '2026-06-01', norma: 'Res. 948/2026' } as const;

export function clases(en2275: Clase | null, en948: Clase): ClaseVigente[] {
  return [...(en2275 ? [{ ...NORMA_2275, clase: en2275 }] : []), { ...NORMA_948, clase: en948 }];
}
