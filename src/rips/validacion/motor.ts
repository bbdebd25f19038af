import type { Catalogos, TablaAntigua } from '../catalogos/tipos.js';
import type { VerificadorEstructura } from '../estructura/verificador.js';
import { prestadoresDeclarados } from '../reglas/helpers/prestadores.js';
import type { ContextoRegla, DatosFev, RefServicio, Regla } from '../reglas/tipos.js';
import { type Donde, type Hallazgo, type Registro, TIPOS_SERVICIO, type TipoServicio } from '../tipos.js';
import { eco, MAX_HALLAZGOS_POR_DEFECTO } from './acotar.js';
import {
  encabezadoAcotado,
  excesoProfundidad,
  profundidadExcesiva,
  revisarEncabezado,
} from './encabezado.js';
import { esReglaGlobal } from './proyeccion.js';

export interface OpcionesMotor {
  fecha: Date;
  catalogos: Catalogos;
  reglas: readonly Regla[];
  estructura?: VerificadorEstructura;
  /**
   * completo: the whole walk · tramo: a slice of users in a validation thread (structure and every
   * rule but the cross-user ones; indexes from 0; no notes, no transaction) · global: the request
   * thread's part of a parallel walk (notes, transaction, and the cross-user rules over reduced users).
   */
  modo?: 'completo' | 'tramo' | 'global';
  /**
   * The invoice read by the FEV gate: rules of alcance 'fev' run (those without a check are left to
   * the MUV). null: no XML applies (tipoNota NA/RS), so they are skipped without a note.
   */
  fev?: DatosFev | null;
  /**
   * The entity holds accepted RDA transmissions with a patient: the rules of alcance 'vida'
   * (VID001/VID002) run and leave pending findings for src/rips/validacion/vida.ts. Absent: they
   * are not even walked (no work per service).
   */
  vida?: boolean;
  /**
   * The REPS provider codes the validation's entity declared: rules with `prestadores` (RVC011,
   * RVC012) check against them. Empty: the entity declared none (one informativo note PRE01 says
   * so). Absent: no entity (pure validation), nothing said.
   */
  prestadores?: readonly string[];
  /**
   * Findings kept (default MAX_HALLAZGOS_POR_DEFECTO): the walk goes on and counts the rest by code
   * in `omitidos`, so a RIPS wrong in every record holds a bounded list, not one per field.
   */
  maxHallazgos?: number;
}

export interface NotaOmitida {
  /** CAT01: large catalogs not loaded · MUV01: rules only the MUV can check · XML01: rules that need the invoice XML. */
  codigo: 'CAT01' | 'MUV01' | 'XML01' | 'PRE01';
  /** CAT01 only: every table not loaded (by name) with the rules it reduces to format; one note per answer. */
  catalogos?: { catalogo: string; reglas: string[] }[];
  /** CAT01 only: imported tables this validation read that are older than CATALOGOS_ANTIGUEDAD_MAXIMA_DIAS. */
  antiguas?: TablaAntigua[];
  reglas: string[];
}

export interface ResultadoMotor {
  hallazgos: Hallazgo[];
  notas: NotaOmitida[];
  /** "CC 123" of each user by index (what a finding's location shows), null when missing. */
  documentos: (string | null)[];
  /** Findings found beyond `maxHallazgos`, by code (not kept). */
  omitidos: Record<string, number>;
}

function esObjeto(v: unknown): v is Registro {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * One pass over the RIPS, one record at a time: structure checks and every active rule's hooks per
 * record, then the cross-record `final` hooks on the indexes the rules built during the walk. Users
 * are pushed one by one, so the same walk serves an array, a lazy reader or a stream.
 */
export class Recorrido {
  private readonly hallazgos: Hallazgo[] = [];
  private readonly omitidos: Record<string, number> = {};
  private readonly maxHallazgos: number;
  private readonly documentos: (string | null)[] = [];
  private readonly notas: NotaOmitida[] = [];
  private readonly plan: Plan;
  /** The rules running now, as indexes of `plan.activas` (fewer after pasarAGlobal). */
  private activas: readonly number[];
  private readonly ctx: ContextoRegla;
  /** Each active rule's state for this walk, by its index in `plan.activas`. */
  private readonly estados: unknown[];
  private conUsuario: readonly GanchoUsuario[];
  private porTipo: Readonly<Record<TipoServicio, readonly Gancho[]>>;
  private i = -1;
  /** Type and index of the service record being checked (what `emitirServicio` locates). */
  private tipo: TipoServicio = 'consultas';
  private j = 0;
  private registros: boolean;
  /** The one RefServicio of the walk, updated before each record's hooks (see RefServicio). */
  private readonly ref: { -readonly [K in keyof RefServicio]: RefServicio[K] } = {
    usuario: {},
    usuarioIndex: 0,
    tipo: 'consultas',
    indice: 0,
  };
  /** Cross-user rules active in this walk (catalogs loaded, invoice present…): what a slice's users are reduced for. */
  readonly globales: readonly Regla[];

  constructor(
    rips: Registro,
    private readonly o: OpcionesMotor,
  ) {
    const modo = o.modo ?? 'completo';
    this.registros = modo !== 'global';
    this.maxHallazgos = o.maxHallazgos ?? MAX_HALLAZGOS_POR_DEFECTO;
    // Before any work: header values that are no RIPS values, and values nested past the limit.
    if (modo !== 'tramo') {
      revisarEncabezado(rips);
      for (const clave in rips) {
        const v = rips[clave];
        if (clave === 'usuarios' && Array.isArray(v)) continue;
        const r = excesoProfundidad(v, 2);
        if (r !== undefined) throw profundidadExcesiva(`${eco(clave)}${r}`);
      }
    }
    const plan = planDe(o, modo);
    this.plan = plan;
    this.activas = plan.indices;
    this.globales = plan.globales;
    this.conUsuario = plan.conUsuario;
    this.porTipo = plan.porTipo;
    if (modo !== 'tramo') {
      // The same note names the old imports among the tables this validation read (their age moves).
      const antiguas = o.catalogos.antiguas?.(plan.usadas) ?? [];
      if (antiguas.length) this.notas.push({ ...plan.cat01, antiguas });
      else if (plan.cat01.catalogos.length) this.notas.push(plan.cat01);
      this.notas.push(...plan.notas);
    }

    const anotar = this.anotar;
    // Rules see oversized header values shortened (their RVG05 comes from `rips`, with the real length).
    const paraReglas = encabezadoAcotado(rips);
    this.ctx = {
      fecha: o.fecha,
      rips: paraReglas,
      catalogos: o.catalogos,
      ...(o.fev ? { fev: o.fev } : {}),
      ...(o.prestadores?.length ? { prestadores: prestadoresDeclarados(o.prestadores) } : {}),
      emitir: (codigo, donde, campo, extra) => {
        anotar({ codigo, ...donde, ...(campo ? { campo } : {}), ...extra });
      },
    };
    this.estados = new Array(plan.activas.length);
    for (const k of plan.conEstado) this.estados[k] = plan.activas[k]!.estado!();

    if (modo === 'tramo') return;
    o.estructura?.verificar('transaccion', rips, (h) => this.anotar({ ...h }));
    // In a parallel walk the slices' rules never see the transaction: its hooks run here, for all.
    // (a rule with both a transaction hook and per-user state would need its state in the threads).
    for (const r of plan.todas) r.transaccion?.(paraReglas, this.ctx, this.estadoDe(r));
  }

  private estadoDe(r: Regla): unknown {
    const k = this.plan.indice.get(r);
    return k === undefined ? undefined : this.estados[k];
  }

  /** Keeps a finding, or counts it once `maxHallazgos` are kept. */
  private readonly anotar = (h: Hallazgo): void => {
    if (this.hallazgos.length < this.maxHallazgos) this.hallazgos.push(h);
    else this.omitidos[h.codigo] = (this.omitidos[h.codigo] ?? 0) + 1;
  };

  /**
   * From here on, `global` mode: the next users are slices' reduced users (validation threads check
   * them); only the cross-user rules go on, with the state built so far.
   */
  pasarAGlobal(): void {
    this.registros = false;
    const plan = this.plan;
    this.activas = this.activas.filter((k) => esReglaGlobal(plan.activas[k]!));
    ({ conUsuario: this.conUsuario, porTipo: this.porTipo } = ganchosDe(plan.activas, this.activas));
  }

  /** Users walked so far. */
  get usuarios(): number {
    return this.i + 1;
  }

  // Structure findings located at the current position: one emitter per level, made once, instead
  // of a closure and a location object per record.
  private readonly emitirUsuario = (h: Omit<Hallazgo, keyof Donde>) => {
    this.anotar({ ...h, usuarioIndex: this.i });
  };
  private readonly emitirServicio = (h: Omit<Hallazgo, keyof Donde>) => {
    this.anotar({ ...h, usuarioIndex: this.i, tipoServicio: this.tipo, servicioIndex: this.j });
  };

  usuario(u: unknown): void {
    const i = ++this.i;
    const { o, ctx } = this;
    const dondeU: Donde = { usuarioIndex: i };
    const registros = this.registros;
    if (registros) {
      // A user is level 3 of the RIPS (root, usuarios, user); reduced users (global) were checked whole.
      const exceso = excesoProfundidad(u, 3);
      if (exceso !== undefined) throw profundidadExcesiva(`usuarios[${i}]${exceso}`);
      o.estructura?.verificar('usuario', u, this.emitirUsuario);
    }
    this.documentos.push(esObjeto(u) ? documentoDe(u) : null);
    if (!esObjeto(u)) return;
    const conUsuario = this.conUsuario;
    for (let k = 0; k < conUsuario.length; k++) {
      const g = conUsuario[k]!;
      g.usuario(u, i, ctx, this.estados[g.k]);
    }
    const servicios = u.servicios;
    if (servicios === undefined || servicios === null) return;
    if (!esObjeto(servicios)) {
      if (!registros) return;
      this.anotar({
        codigo: 'RVG01',
        ...dondeU,
        campo: 'servicios',
        detalle: '«servicios» debe ser un objeto.',
      });
      return;
    }
    const ref = this.ref;
    ref.usuario = u;
    ref.usuarioIndex = i;
    for (const tipo of TIPOS_SERVICIO) {
      const lista = servicios[tipo];
      if (lista === undefined || lista === null) continue;
      if (!Array.isArray(lista)) {
        if (!registros) continue;
        this.anotar({
          codigo: 'RVG01',
          ...dondeU,
          campo: tipo,
          detalle: `«${tipo}» debe ser un arreglo.`,
        });
        continue;
      }
      const ganchos = this.porTipo[tipo];
      for (let j = 0; j < lista.length; j++) {
        const reg = lista[j];
        if (registros && o.estructura) {
          this.tipo = tipo;
          this.j = j;
          o.estructura.verificar(tipo, reg, this.emitirServicio);
        }
        if (!esObjeto(reg)) continue;
        ref.tipo = tipo;
        ref.indice = j;
        for (let k = 0; k < ganchos.length; k++) {
          const g = ganchos[k]!;
          g.verificar(reg, ref, ctx, this.estados[g.k]);
        }
      }
    }
  }

  terminar(): ResultadoMotor {
    for (const k of this.activas) this.plan.activas[k]!.final?.(this.ctx, this.estados[k]);
    return {
      hallazgos: this.hallazgos,
      notas: this.notas,
      documentos: this.documentos,
      omitidos: this.omitidos,
    };
  }
}

function tieneChequeo(r: Regla): boolean {
  return Boolean(r.transaccion || r.usuario || r.servicio || r.final);
}

/** A hook and the index of its rule's state in the walk's `estados`. */
type Gancho = { verificar: NonNullable<Regla['servicio']>['verificar']; k: number };
type GanchoUsuario = { usuario: NonNullable<Regla['usuario']>; k: number };

/**
 * What a walk's options decide before any record: which rules run, their hooks by record type, and
 * the notes about what was left out. It depends only on the rule list, the catalogs (and their
 * version), the structure checker and a few flags, so it is built once per combination: building
 * it on every walk was ~40 % of the CPU of a one-user validation (issue 34). Frozen: walks share it.
 */
interface Plan {
  activas: readonly Regla[];
  /** 0 … activas.length - 1: every active rule. */
  indices: readonly number[];
  indice: ReadonlyMap<Regla, number>;
  /** Indexes of the active rules that keep state. */
  conEstado: readonly number[];
  /** Every rule that applies, including those another thread runs (tramo/global). */
  todas: readonly Regla[];
  globales: readonly Regla[];
  conUsuario: readonly GanchoUsuario[];
  porTipo: Readonly<Record<TipoServicio, readonly Gancho[]>>;
  /** CAT01 without old imports (its `catalogos` empty when every table is loaded). */
  cat01: NotaOmitida & { catalogos: readonly { catalogo: string; reglas: string[] }[] };
  /** Tables this validation reads: what the old-import check looks at. */
  usadas: ReadonlySet<string>;
  /** MUV01, XML01 and PRE01, in that order, when they apply. */
  notas: readonly NotaOmitida[];
}

function ganchosDe(
  activas: readonly Regla[],
  indices: readonly number[],
): Pick<Plan, 'conUsuario' | 'porTipo'> {
  const conUsuario = indices
    .filter((k) => activas[k]!.usuario)
    .map((k): GanchoUsuario => ({ usuario: activas[k]!.usuario!, k }));
  const porTipo = Object.fromEntries(
    TIPOS_SERVICIO.map((t) => [
      t,
      indices
        .filter((k) => activas[k]!.servicio?.tipos.includes(t))
        .map((k): Gancho => ({ verificar: activas[k]!.servicio!.verificar, k })),
    ]),
  ) as Record<TipoServicio, Gancho[]>;
  return { conUsuario, porTipo };
}

function construirPlan(o: OpcionesMotor, modo: NonNullable<OpcionesMotor['modo']>): Plan {
  const faltantes = new Map<string, string[]>();
  const todas: Regla[] = [];
  const activas: Regla[] = [];
  const soloMuv: string[] = [];
  const conXml: string[] = [];
  for (const r of o.reglas) {
    if (r.alcance === 'muv') soloMuv.push(r.codigo);
    if (r.alcance === 'fev') {
      if (o.fev === undefined) conXml.push(r.codigo);
      if (!o.fev) continue;
      if (!tieneChequeo(r)) {
        soloMuv.push(r.codigo);
        continue;
      }
    } else if (r.alcance === 'vida') {
      if (!o.vida) continue;
    } else if (r.alcance !== 'local') continue;
    const sinCargar = (r.catalogos ?? []).filter((t) => !o.catalogos.cargado(t));
    if (sinCargar.length) {
      for (const t of sinCargar) faltantes.set(t, [...(faltantes.get(t) ?? []), r.codigo]);
      // With the entity's provider codes the rule still checks them; its catalog part waits.
      if (!(r.prestadores && o.prestadores?.length)) continue;
    }
    for (const t of r.catalogosParciales ?? []) {
      if (!o.catalogos.cargado(t)) faltantes.set(t, [...(faltantes.get(t) ?? []), r.codigo]);
    }
    todas.push(r);
    if (modo === 'tramo' && esReglaGlobal(r)) continue;
    if (modo === 'global' && !esReglaGlobal(r)) continue;
    activas.push(r);
  }
  for (const t of o.estructura?.catalogosFaltantes?.() ?? [])
    faltantes.set(t, ['RVG06', ...(faltantes.get(t) ?? [])]);
  const usadas = new Set(o.estructura?.catalogosUsados?.() ?? []);
  for (const r of todas)
    for (const t of [...(r.catalogos ?? []), ...(r.catalogosParciales ?? [])]) usadas.add(t);
  // One note for all the tables (a small RIPS once carried fourteen, one per table).
  const catalogos = [...faltantes]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([catalogo, reglas]) => Object.freeze({ catalogo, reglas: Object.freeze(reglas) as string[] }));
  const cat01: Plan['cat01'] = {
    codigo: 'CAT01',
    catalogos,
    reglas: [...new Set(catalogos.flatMap((c) => c.reglas))],
  };
  const notas: NotaOmitida[] = [];
  if (soloMuv.length) notas.push({ codigo: 'MUV01', reglas: soloMuv });
  if (conXml.length) notas.push({ codigo: 'XML01', reglas: conXml });
  // PRE01: the entity declared no provider codes, so RVC011/RVC012 cannot be checked against them.
  const sinDeclarar = o.prestadores?.length === 0 ? o.reglas.filter((r) => r.prestadores) : [];
  if (sinDeclarar.length) notas.push({ codigo: 'PRE01', reglas: sinDeclarar.map((r) => r.codigo) });
  const indices = activas.map((_, k) => k);
  return congelar({
    activas,
    indices,
    indice: new Map(activas.map((r, k) => [r, k])),
    conEstado: indices.filter((k) => activas[k]!.estado),
    todas,
    globales: todas.filter(esReglaGlobal),
    ...ganchosDe(activas, indices),
    cat01: congelar(cat01),
    usadas,
    notas: notas.map(congelar),
  });
}

/** Freezes an object and the arrays it holds (one level: rules and hooks stay as they are). */
function congelar<T extends object>(x: T): T {
  for (const v of Object.values(x)) if (Array.isArray(v)) Object.freeze(v);
  return Object.freeze(x);
}

/**
 * Plans by rule list → catalogs → structure checker → flags, for the catalogs' current version only.
 * Catalogs without a `version` (not ours) are never cached: a plan read `cargado` and could not tell
 * when a table arrives.
 */
const planes = new WeakMap<
  readonly Regla[],
  WeakMap<object, WeakMap<object, { version: number; porClave: Map<string, Plan> }>>
>();
const SIN_ESTRUCTURA = {};

function obtener<K extends object, V>(m: WeakMap<K, V>, k: K, crear: () => V): V {
  let v = m.get(k);
  if (v === undefined) {
    v = crear();
    m.set(k, v);
  }
  return v;
}

function planDe(o: OpcionesMotor, modo: NonNullable<OpcionesMotor['modo']>): Plan {
  const version = o.catalogos.version;
  if (version === undefined) return construirPlan(o, modo);
  const porCatalogos = obtener(planes, o.reglas, () => new WeakMap());
  const porEstructura = obtener(porCatalogos, o.catalogos, () => new WeakMap());
  const estructura = o.estructura ?? SIN_ESTRUCTURA;
  let deVersion = porEstructura.get(estructura);
  // Versions only grow: a table added or replaced drops the plans of the older ones.
  if (deVersion?.version !== version) {
    deVersion = { version, porClave: new Map() };
    porEstructura.set(estructura, deVersion);
  }
  const clave = [
    modo,
    o.fev === undefined ? 'sin-fev' : o.fev === null ? 'fev-no-aplica' : 'fev',
    o.vida ? 'vida' : '',
    o.prestadores === undefined ? '' : o.prestadores.length ? 'prestadores' : 'sin-prestadores',
  ].join('|');
  let plan = deVersion.porClave.get(clave);
  if (!plan) {
    plan = construirPlan(o, modo);
    deVersion.porClave.set(clave, plan);
  }
  return plan;
}

/** The walk over an in-memory RIPS or a lazy reader of its users. */
export function recorrer(
  rips: Registro,
  o: OpcionesMotor,
  usuariosPorPartes?: Iterable<unknown>,
): ResultadoMotor {
  const r = new Recorrido(rips, o);
  const usuarios = usuariosPorPartes ?? (Array.isArray(rips.usuarios) ? rips.usuarios : undefined);
  if (usuarios) for (const u of usuarios) r.usuario(u);
  return r.terminar();
}

/** DT1 sizes of the user's document type (U01) and number (U02): a longer value is echoed shortened. */
const TAMANO_TIPO_DOCUMENTO = 2;
const TAMANO_DOCUMENTO = 20;

function documentoDe(u: Registro): string | null {
  const num = u.numDocumentoIdentificacion;
  if ((typeof num !== 'string' || num.trim() === '') && typeof num !== 'number') return null;
  const tipo = u.tipoDocumentoIdentificacion;
  const t = typeof tipo === 'string' && tipo.trim() !== '' ? eco(tipo, TAMANO_TIPO_DOCUMENTO) : '?';
  return `${t} ${eco(String(num), TAMANO_DOCUMENTO)}`;
}
