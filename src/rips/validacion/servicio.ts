import { GraphQLDateTimeISO } from 'graphql-scalars';
import type { FuenteEm } from '../../db/fuente-em.js';
import type { ErrorAccionable } from '../../errores/error-accionable.js';
import { errores } from '../../errores/errores.js';
import { ErrorJsonProhibido } from '../../http/json-seguro.js';
import { CatalogosEnMemoria } from '../catalogos/memoria.js';
import type { Catalogos } from '../catalogos/tipos.js';
import { CAMPOS } from '../estructura/campos.js';
import type { VerificadorEstructura } from '../estructura/verificador.js';
import { crearVerificadorEstructura } from '../estructura/verificar.js';
import { ejecutarCompuerta, type ResultadoCompuerta } from '../fev/compuerta.js';
import type { TipoDocumentoFev } from '../fev/documento.js';
import { LIMITES_FEV_POR_DEFECTO, type LimitesFev } from '../fev/entrada.js';
import { combinar, conXmlIlegible, explicarFev } from '../fev/explicar.js';
import { REGLAS } from '../reglas/registro.js';
import type { DatosFev, Regla } from '../reglas/tipos.js';
import type { Registro } from '../tipos.js';
import {
  acotarHallazgos,
  type HallazgosOmitidos,
  LIMITES_POR_DEFECTO,
  type LimitesHallazgos,
  maxCrudos,
} from './acotar.js';
import { comprobarClaves, miembrosRaiz } from './cuerpo-texto.js';
import { revisarEncabezado } from './encabezado.js';
import { facturaDe } from './explicar.js';
import type { FlujoCuerpo } from './flujo-cuerpo.js';
import { fuenteDe, type LecturaEnFlujo, leerCola, leerInicio, usuariosEnFlujo } from './flujo-rips.js';
import { type GrupoHilos, TramoInvalido } from './hilos/grupo.js';
import { type ConsultaHistoria, conHistoria } from './historia.js';
import { Recorrido } from './motor.js';
import { ErrorTextoRips, MiembrosTrasUsuarios, ripsPorPartes } from './texto-rips.js';
import { restoEnBytes } from './textos-bytes.js';
import { type OpcionesValidar, type ResultadoValidacion, resultadoDeMotor, validarRips } from './validar.js';
import { type ConsultaVida, conVida } from './vida.js';

/**
 * How an MUV operation changes the validation of its package (built by src/rips/radicacion/
 * compuerta.ts from src/rips/muv/operaciones.ts and src/rips/radicacion/reglas-operacion.ts).
 */
export interface AjusteOperacion {
  /** The document the XML must carry; null: the operation goes without XML. */
  documento: TipoDocumentoFev | null;
  /** The operation's name for texts («Cápita final»). */
  nombre: string;
  /** The rule list for this operation (the registry minus what does not apply, plus its own). */
  reglas?: readonly Regla[];
  /** Invoice data the operation implies when no XML goes (CapitaFinal: modalidad 03). */
  fevImplicito?: DatosFev;
}

/** The REPS provider codes an entity declared (src/entidades/prestadores.ts). */
export interface ConsultaPrestadores {
  /** Its codes (empty when it declared none); undefined when the entity does not exist. */
  codigos(em: FuenteEm, entidadId: string): Promise<readonly string[] | undefined>;
}

export interface ProveedorCatalogos {
  obtener(em: FuenteEm): Promise<Catalogos>;
}

/** Validates with the current catalogs; the structure checker is compiled once per catalog set. */
export class ServicioValidacionRips {
  private readonly verificadores = new WeakMap<Catalogos, VerificadorEstructura>();
  /** The entity's filed history for cross-RIPS findings (src/rips/historia); none in pure tests. */
  historia?: ConsultaHistoria;
  /** The entity's RDA transmissions for the codigoVIDA cross-check (vida.ts); none in pure tests. */
  vida?: ConsultaVida;
  /** The entity's declared REPS provider codes for RVC011/RVC012; none in pure tests. */
  prestadores?: ConsultaPrestadores;

  constructor(
    private readonly catalogos: ProveedorCatalogos,
    /** Announced N→R changes by code (RIPS_RECHAZO_DESDE); the filing gate's own codes read them too. */
    readonly rechazoDesde: Record<string, string>,
    private readonly limitesFev: LimitesFev = LIMITES_FEV_POR_DEFECTO,
    /** Validation threads for streamed bodies of at least `desdeCaracteres` (none: all in this thread). */
    private readonly hilos?: { grupo: GrupoHilos; desdeCaracteres: number },
    /** REST bodies up to this inflated size are read whole instead of streamed (0: always streamed). */
    private readonly enteroHasta = 0,
    /** Findings and characters of an answer (RIPS_MAX_HALLAZGOS, RIPS_MAX_RESPUESTA). */
    readonly limites: LimitesHallazgos = LIMITES_POR_DEFECTO,
  ) {}

  /**
   * Findings as a filing may store them (radicacion.errores): the first `limites.maxHallazgos`, texts
   * bounded and free of NUL and lone surrogates, the rest counted by code. See acotar.ts.
   */
  acotarHallazgos(lista: readonly ErrorAccionable[]): {
    errores: ErrorAccionable[];
    omitidos: HallazgosOmitidos[];
  } {
    return acotarHallazgos(lista, this.limites);
  }

  /**
   * Cross-RIPS findings the entity's own filed history satisfies are dropped (historia.ts), then
   * the codigoVIDA findings are decided with its RDA transmissions (vida.ts).
   */
  async conHistoria(
    r: ResultadoValidacion,
    entidadId: string | null | undefined,
  ): Promise<ResultadoValidacion> {
    return conVida(await conHistoria(r, entidadId, this.historia), entidadId, this.vida);
  }

  /**
   * Every entry point takes the entity last (optional): with it, and when the entity holds accepted
   * RDA transmissions, the walk also collects the codigoVIDA findings that conHistoria decides.
   */
  async validar(
    em: FuenteEm,
    rips: Registro,
    fecha?: Date,
    entidadId?: string | null,
  ): Promise<ResultadoValidacion> {
    const opciones = await this.opciones(em, fecha, entidadId);
    return traducir(() => validarRips(rips, opciones));
  }

  /**
   * The RIPS with its invoice container (FEV gate, DT2): the gate's findings (file, container,
   * invoice, health extension, DIAN response, PFP001) first, then the RIPS rules, where the
   * cross-checks with the invoice (alcance 'fev') run when the container could be read. tipoNota
   * decides what is expected: the invoice (empty), the credit/debit note (NC/ND), or no XML (NA/RS).
   */
  async validarConFev(
    em: FuenteEm,
    entrada: {
      rips: Registro;
      xmlFevFile?: string | null;
      fecha?: Date;
      entidadId?: string | null;
      /** The MUV operation's adjustments (src/rips/radicacion/compuerta.ts); none: by tipoNota. */
      operacion?: AjusteOperacion;
    },
  ): Promise<ResultadoValidacion> {
    const opciones = await this.opciones(em, entrada.fecha, entrada.entidadId);
    const op = entrada.operacion;
    return traducir(() => {
      // The header first: a 1 MiB numFactura must not reach the gate's comparisons either.
      revisarEncabezado(entrada.rips);
      const compuerta = ejecutarCompuerta(entrada.rips, entrada.xmlFevFile, this.limitesFev, op);
      // No XML goes (null), but the operation implies some invoice data (CapitaFinal: modalidad 03).
      const fev = compuerta.datos === null && op?.fevImplicito ? op.fevImplicito : compuerta.datos;
      const r = validarRips(entrada.rips, { ...opciones, fev, ...(op?.reglas ? { reglas: op.reglas } : {}) });
      return this.conCompuerta(entrada.rips, compuerta, r);
    });
  }

  /**
   * Only the FEV gate, for the operations filed without a RIPS (credit notes, the first capitation
   * invoice): no RIPS rules and no RIPS cross-check (PFP001). Needs no catalogs.
   */
  validarSoloFev(entrada: {
    xmlFevFile?: string | null;
    fecha?: Date;
    operacion: Pick<AjusteOperacion, 'documento' | 'nombre'>;
  }): ResultadoValidacion {
    const fecha = entrada.fecha ?? new Date();
    const compuerta = ejecutarCompuerta({}, entrada.xmlFevFile, this.limitesFev, entrada.operacion);
    const d = compuerta.documento;
    const numero = d ? (d.tipo === 'Invoice' ? d.numero : (d.facturaReferida?.id ?? null)) : null;
    const gate = explicarFev(
      compuerta.hallazgos,
      numero === null ? null : facturaDe({ numFactura: numero }),
      fecha,
      this.rechazoDesde,
    );
    const vacio: ResultadoValidacion = {
      valid: true,
      fechaEvaluacion: fecha,
      issues: [],
      errores: [],
      resumen: { rechazos: 0, avisos: 0, informativos: 0 },
      omitidos: [],
    };
    const r = combinar(gate, vacio);
    return d ? { ...r, documentoFev: d } : r;
  }

  private conCompuerta(
    rips: Registro,
    compuerta: ResultadoCompuerta,
    r: ResultadoValidacion,
  ): ResultadoValidacion {
    const gate = explicarFev(compuerta.hallazgos, facturaDe(rips), r.fechaEvaluacion, this.rechazoDesde);
    const combinado = combinar(gate, compuerta.datos === undefined ? conXmlIlegible(r) : r);
    return compuerta.documento ? { ...combinado, documentoFev: compuerta.documento } : combinado;
  }

  /**
   * The RIPS as JSON text, read one user at a time (never one object graph of the whole RIPS). With
   * `xmlFevFile` (a string) the FEV gate runs on the members before «usuarios» first.
   */
  async validarTexto(
    em: FuenteEm,
    texto: string,
    fecha?: Date,
    xmlFevFile?: string,
    entidadId?: string | null,
  ): Promise<ResultadoValidacion> {
    const opciones = await this.opciones(em, fecha, entidadId);
    try {
      const inicio = texto.search(/\S/);
      if (inicio < 0 || texto[inicio] !== '{') throw new ErrorTextoRips('se esperaba un objeto');
      const { transaccion, usuarios } = ripsPorPartes(texto, inicio);
      if (xmlFevFile === undefined) return validarRips(transaccion, opciones, usuarios);
      revisarEncabezado(transaccion);
      const compuerta = ejecutarCompuerta(transaccion, xmlFevFile, this.limitesFev);
      const r = validarRips(transaccion, { ...opciones, fev: compuerta.datos }, usuarios);
      return this.conCompuerta(transaccion, compuerta, r);
    } catch (e) {
      // Properties after «usuarios» (unusual layout): read the RIPS whole instead.
      if (e instanceof MiembrosTrasUsuarios) {
        if (xmlFevFile === undefined) return traducir(() => this.validarCompleto(texto, opciones));
        return this.validarConFev(em, { rips: this.parsearCompleto(texto), xmlFevFile, fecha, entidadId });
      }
      if (e instanceof ErrorTextoRips || e instanceof SyntaxError) {
        throw errores.entradaInvalida(
          'El RIPS no es un objeto JSON válido. Revise comillas, comas y llaves.',
          [{ campo: 'rips', mensaje: e.message }],
        );
      }
      throw comoErrorApp(e);
    }
  }

  /**
   * A REST body `{rips, fechaEvaluacion?}` validated while it arrives: users are checked as their
   * text completes, so reading, inflating and validating overlap. Unusual layouts (members after
   * «usuarios», the date after «rips») are read again whole, which is correct and only slower.
   */
  async validarCuerpoFlujo(
    em: FuenteEm,
    flujo: FlujoCuerpo,
    entidadId?: string | null,
    conOperacion?: ValidarConOperacion,
  ): Promise<ResultadoValidacion> {
    try {
      // A small body costs less read whole (one inflation, one decoding, no hops between chunks).
      const abierto = await flujo.abrir(this.enteroHasta);
      if ('texto' in abierto)
        return await this.validarCuerpoTexto(em, abierto.texto, entidadId, conOperacion);
      const lectura = await leerInicio(abierto.textos);
      if ('completo' in lectura)
        return await this.validarCuerpoTexto(em, lectura.completo, entidadId, conOperacion);
      comprobarClaves(lectura.antes, CLAVES_CUERPO);
      // An operation's gate takes the whole package (its rules look at the RIPS and the XML together).
      if ('operacion' in lectura.antes) {
        for (let r = await lectura.siguientes.next(); !r.done; r = await lectura.siguientes.next());
        let texto = '';
        for await (const t of flujo.releer()) texto += t;
        return await this.validarCuerpoTexto(em, texto, entidadId, conOperacion);
      }
      const opciones = await this.opciones(em, fechaDelCuerpo(lectura.antes.fechaEvaluacion), entidadId);
      // The XML before the RIPS: the gate runs first and the users are still checked as they arrive.
      const xml = xmlDelCuerpo(lectura.antes.xmlFevFile);
      if (xml !== undefined) revisarEncabezado(lectura.transaccion);
      const compuerta =
        xml === undefined ? undefined : ejecutarCompuerta(lectura.transaccion, xml, this.limitesFev);
      let usuarios: { resultado: ResultadoValidacion; cola: string };
      try {
        usuarios = await this.validarUsuarios(
          lectura,
          compuerta ? { ...opciones, fev: compuerta.datos } : opciones,
        );
      } catch (e) {
        if (!(e instanceof TramoInvalido)) throw e;
        // A slice of the parallel walk did not parse (broken JSON, or a user split in the wrong
        // place): the body is read again in order, which also words any syntax error.
        for (let r = await lectura.siguientes.next(); !r.done; r = await lectura.siguientes.next());
        let texto = '';
        for await (const t of flujo.releer()) texto += t;
        return await this.validarCuerpoTexto(em, texto, entidadId);
      }
      const { resultado: r, cola: textoCola } = usuarios;
      const cola = leerCola(textoCola);
      comprobarClaves(cola.cuerpo, CLAVES_CUERPO);
      if (
        Object.keys(cola.rips).length ||
        'fechaEvaluacion' in cola.cuerpo ||
        'xmlFevFile' in cola.cuerpo ||
        'operacion' in cola.cuerpo
      ) {
        let texto = '';
        for await (const t of flujo.releer()) texto += t;
        return await this.validarCuerpoTexto(em, texto, entidadId, conOperacion);
      }
      return compuerta ? this.conCompuerta(lectura.transaccion, compuerta, r) : r;
    } catch (e) {
      if (e instanceof ErrorTextoRips || e instanceof SyntaxError) {
        throw errores.entradaInvalida('El cuerpo no es JSON válido. Revise comillas, comas y llaves.');
      }
      throw comoErrorApp(e);
    }
  }

  /**
   * The users of a streamed body, walked here as they arrive; once the body proves large, the rest
   * goes to the validation threads as bytes (this walk keeps only the cross-user rules). Same result.
   */
  private async validarUsuarios(
    lectura: LecturaEnFlujo,
    opciones: OpcionesValidar & { catalogos: Catalogos },
  ): Promise<{ resultado: ResultadoValidacion; cola: string }> {
    const fecha = opciones.fecha ?? new Date();
    const walk = new Recorrido(lectura.transaccion, {
      fecha,
      catalogos: opciones.catalogos,
      reglas: REGLAS,
      estructura: opciones.estructura,
      fev: opciones.fev,
      vida: opciones.vida,
      prestadores: opciones.prestadores,
      maxHallazgos: maxCrudos(this.limites.maxHallazgos),
    });
    const hilos = this.hilos;
    const paralelo = hilos && opciones.catalogos instanceof CatalogosEnMemoria ? hilos : undefined;
    let leidos = lectura.resto.length;
    const fuente = fuenteDe(lectura.siguientes, (n) => {
      leidos += n;
    });
    const cola: { texto: string; pausa?: string } = { texto: '' };
    // Users are walked here as they arrive; once the body proves large, the rest goes to the threads.
    const pausar = paralelo && (() => leidos >= paralelo.desdeCaracteres);
    for await (const u of usuariosEnFlujo(lectura.resto, fuente, cola, pausar)) walk.usuario(u);
    if (paralelo && cola.pausa !== undefined) {
      return paralelo.grupo.validarEnParalelo({
        transaccion: lectura.transaccion,
        global: walk,
        inicio: cola.pausa,
        bytes: restoEnBytes(lectura.siguientes),
        catalogos: opciones.catalogos as CatalogosEnMemoria,
        fecha,
        rechazoDesde: this.rechazoDesde,
        fev: opciones.fev,
        vida: opciones.vida,
        prestadores: opciones.prestadores,
        limites: this.limites,
      });
    }
    const resultado = resultadoDeMotor(lectura.transaccion, walk.terminar(), REGLAS, fecha, opciones);
    return { resultado, cola: cola.texto };
  }

  /** The whole body as text: its members parsed, the RIPS read by parts. */
  async validarCuerpoTexto(
    em: FuenteEm,
    texto: string,
    entidadId?: string | null,
    conOperacion?: ValidarConOperacion,
  ): Promise<ResultadoValidacion> {
    try {
      return await this.validarCuerpoTextoSinTraducir(em, texto, entidadId, conOperacion);
    } catch (e) {
      throw comoErrorApp(e);
    }
  }

  private async validarCuerpoTextoSinTraducir(
    em: FuenteEm,
    texto: string,
    entidadId?: string | null,
    conOperacion?: ValidarConOperacion,
  ): Promise<ResultadoValidacion> {
    const v = miembrosRaiz(texto, CLAVES_CUERPO);
    const fecha = fechaDelCuerpo(v.otros.fechaEvaluacion);
    if (v.otros.operacion !== undefined && v.otros.operacion !== null) {
      if (!conOperacion) throw errores.entradaInvalida('«operacion» no se admite aquí.');
      const rips = v.rips?.texto !== undefined ? this.parsearCompleto(v.rips.texto) : v.rips?.valor;
      return conOperacion({ rips, xmlFevFile: v.otros.xmlFevFile, operacion: v.otros.operacion, fecha });
    }
    const xml = xmlDelCuerpo(v.otros.xmlFevFile);
    if (v.rips?.texto) return this.validarTexto(em, v.rips.texto, fecha, xml, entidadId);
    const rips = v.rips?.valor;
    if (typeof rips !== 'object' || rips === null || Array.isArray(rips)) {
      throw errores.entradaInvalida('Envíe el RIPS como objeto JSON en el campo «rips».', [
        {
          campo: 'rips',
          mensaje: rips === undefined || rips === null ? 'Es obligatorio.' : 'Debe ser un objeto JSON.',
        },
      ]);
    }
    if (xml !== undefined)
      return this.validarConFev(em, { rips: rips as Registro, xmlFevFile: xml, fecha, entidadId });
    return this.validar(em, rips as Registro, fecha, entidadId);
  }

  private validarCompleto(texto: string, opciones: Awaited<ReturnType<ServicioValidacionRips['opciones']>>) {
    return validarRips(this.parsearCompleto(texto), opciones);
  }

  private parsearCompleto(texto: string): Registro {
    try {
      return JSON.parse(texto) as Registro;
    } catch (e) {
      throw errores.entradaInvalida('El RIPS no es un objeto JSON válido. Revise comillas, comas y llaves.', [
        { campo: 'rips', mensaje: (e as Error).message },
      ]);
    }
  }

  private async opciones(em: FuenteEm, fecha?: Date, entidadId?: string | null) {
    const catalogos = await this.catalogos.obtener(em);
    let estructura = this.verificadores.get(catalogos);
    if (!estructura) {
      estructura = crearVerificadorEstructura(CAMPOS, catalogos);
      this.verificadores.set(catalogos, estructura);
    }
    const vida = await this.conEvidenciaRda(entidadId);
    const prestadores = await this.prestadoresDe(em, entidadId);
    return {
      fecha,
      catalogos,
      estructura,
      rechazoDesde: this.rechazoDesde,
      limites: this.limites,
      vida,
      ...(prestadores ? { prestadores } : {}),
    };
  }

  /**
   * The provider codes the entity declared (empty: none, which the answer notes); undefined without
   * an entity or a lookup, or when it fails: then RVC011/RVC012 run as they do without an entity.
   */
  private async prestadoresDe(
    em: FuenteEm,
    entidadId?: string | null,
  ): Promise<readonly string[] | undefined> {
    if (!entidadId || !this.prestadores) return undefined;
    try {
      return await this.prestadores.codigos(em, entidadId);
    } catch {
      return undefined;
    }
  }

  /**
   * Whether the walk collects codigoVIDA findings: only for an entity holding accepted RDA
   * transmissions (a cached lookup), so other validations do no work per service for them.
   */
  private async conEvidenciaRda(entidadId?: string | null): Promise<boolean> {
    if (!entidadId || !this.vida) return false;
    try {
      return await this.vida.tieneEvidencia(entidadId);
    } catch {
      // Advice built on the entity's evidence: without it the RIPS is validated as always.
      return false;
    }
  }
}

/** A refusal of the readers or the engine (plain errors: they also run in threads) as the 400 it is. */
function comoErrorApp(e: unknown): unknown {
  if (!(e instanceof ErrorJsonProhibido)) return e;
  return errores.entradaInvalida(
    e.message,
    e.campo ? [{ campo: e.campo, mensaje: 'Valor no admitido (vea el mensaje).' }] : undefined,
  );
}

function traducir<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    throw comoErrorApp(e);
  }
}

const CLAVES_CUERPO = ['fechaEvaluacion', 'xmlFevFile', 'operacion'] as const;

/**
 * A REST body that names an `operacion` (POST /rips/validar): its members, handed to the caller's
 * gate of that operation (src/rips/radicacion), which this module does not know.
 */
export type ValidarConOperacion = (cuerpo: {
  rips: unknown;
  xmlFevFile: unknown;
  operacion: unknown;
  fecha: Date | undefined;
}) => Promise<ResultadoValidacion>;

/** `xmlFevFile` of a REST body: a string runs the FEV gate; absent or null validates the RIPS alone. */
function xmlDelCuerpo(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v;
  throw errores.entradaInvalida('El campo «xmlFevFile» debe ser texto: el AttachedDocument en base64.', [
    { campo: 'xmlFevFile', mensaje: 'Debe ser una cadena base64.' },
  ]);
}

/** `fechaEvaluacion` of a REST body, with the same rules (and message) as the GraphQL argument. */
function fechaDelCuerpo(v: unknown): Date | undefined {
  if (v === undefined || v === null) return undefined;
  try {
    return GraphQLDateTimeISO.parseValue(v) as Date;
  } catch {
    // graphql-scalars explains in English; the value itself is not echoed.
    const mensaje = 'Se esperaba una fecha y hora ISO 8601, p. ej. 2025-06-30T10:00:00-05:00.';
    throw errores.entradaInvalida(`El valor recibido en «fechaEvaluacion» no es válido: ${mensaje}`, [
      { campo: 'fechaEvaluacion', mensaje },
    ]);
  }
}
