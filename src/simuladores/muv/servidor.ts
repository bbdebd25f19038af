import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as esperar } from 'node:timers/promises';
import express, { type NextFunction, type Request, type Response } from 'express';
import { jwtVerify, SignJWT } from 'jose';
import type { CredencialesMuv } from '../../entidades/credenciales.js';
import type { HallazgoFev } from '../../rips/fev/index.js';
import {
  type ClaseDocumento,
  type DefinicionOperacion,
  definicion,
  type OperacionMuv,
  operacionPorMetodo,
} from '../../rips/muv/operaciones.js';
import type { RegistroCuvMuv, ResultadoProcesoMuv, ResultadoValidacionMuv } from '../../rips/muv/tipos.js';
import type { Registro } from '../../rips/tipos.js';
import {
  contarAtenciones,
  cuvDelPaquete,
  type DocumentoLeido,
  fechaColombia,
  leerDocumentoXml,
  periodoAtencion,
  serviciosDe,
  textoModalidad,
  valorXml,
} from './paquete.js';
import { aplicarReglas } from './reglas.js';
import { CREDENCIALES_SANDBOX } from './sandbox.js';

/** Fault injection: fixed latency plus fractions (0–1) of upload and RecuperarCUV requests that fail each way. */
export interface FallasMuv {
  latenciaMs: number;
  /** Answer 503 without processing. */
  proporcion5xx: number;
  /** Never answer and never process (the client times out). */
  proporcionColgar: number;
  /** Process and file the package, then drop the connection without answering. */
  proporcionSoltar: number;
  /**
   * ConsultarCUV ignores the files sent and answers by document or CUV alone (a mechanism that does
   * not compute the CUV as LIN §4.5.1 says): the service must then not take its answer as proof.
   */
  consultaSinCalculo?: boolean;
}

export type TipoFalla = '5xx' | 'colgar' | 'soltar';

/**
 * Where RecuperarCUV answers: the manual (§8.15) says /api/PaquetesFevRips/RecuperarCUV, the swagger
 * and LIN /api/ConsultasFevRips/RecuperarCUV. With one of them, the other answers 404 (a test proves
 * the client uses the path it was configured with).
 */
export type RutasRecuperarCuv = 'ambas' | 'manual' | 'swagger';

export const RUTA_RECUPERAR_CUV_MANUAL = '/api/PaquetesFevRips/RecuperarCUV';
export const RUTA_RECUPERAR_CUV_SWAGGER = '/api/ConsultasFevRips/RecuperarCUV';

export interface OpcionesSimuladorMuv {
  port?: number;
  host?: string;
  tokenSegundos?: number;
  usuarios?: CredencialesMuv[];
  fallas?: Partial<FallasMuv>;
  ambiente?: 'DockerTest' | 'DockerStage' | 'DockerProd';
  /** Default 'ambas'. */
  rutasRecuperarCuv?: RutasRecuperarCuv;
  /** Keys of upload and RecuperarCUV answers (default PascalCase; real rejections were captured in both). */
  claves?: ClavesRespuesta;
}

/**
 * PascalCase (the manual) or camelCase (ASP.NET's default): real RS and NC rejections came once each
 * way; the camelCase one carried «-» as its CodigoUnicoValidacion.
 */
export type ClavesRespuesta = 'PascalCase' | 'camelCase';

/** Who a filed document is: from its RIPS when one went, else from the XML's embedded document. */
interface Identidad {
  nit: string | null;
  /** Number the document is known by (the note's own for notes; null for RIPS sin factura). */
  numero: string | null;
  /** NumFactura of the answer. */
  numFactura: string | null;
  /** The invoice a note refers to. */
  referenciado: string | null;
}

interface Radicado {
  procesoId: number;
  cuv: string;
  operacion: OperacionMuv;
  /** NIT of the login that filed it (RecuperarCUV answers only to it). */
  nitSesion: string;
  rips: Registro | null;
  xmlFevFile: string;
  documento: DocumentoLeido | null;
  identidad: Identidad;
  fecha: Date;
  resultados: ResultadoValidacionMuv[];
  /** The ResultadoProcesoFevRips answered (RecuperarCUV answers it again). */
  respuesta: ResultadoProcesoMuv;
}

const NO_APLICA =
  'No aplica a paquetes procesados en estado [RECHAZADO] o validaciones realizadas antes del envío al Ministerio de Salud y Protección Social';

/** The summary the real mechanism puts first in every answer with rejections. */
export const RESUMEN_RECHAZO: ResultadoValidacionMuv = {
  Clase: 'RECHAZADO',
  Codigo: 'CFR003',
  Descripcion: 'Se encontraron errores al procesar el archivo Json de Fev',
  Observaciones: '',
  PathFuente: '',
  Fuente: 'FevRips',
};

/** The real mechanism failing inside, as captured (a .NET exception under RVG06). */
export const FALLA_INTERNA: ResultadoValidacionMuv = {
  Clase: 'RECHAZADO',
  Codigo: 'RVG06',
  Descripcion: 'El contenido del dato no corresponde a los valores permitidos.',
  Observaciones: 'Object reference not set to an instance of an object.',
  PathFuente: 'Estructura general',
  Fuente: 'FevRips',
};

/** Keys with their first letter lowered, all the way down (ASP.NET's camelCase serializer). */
function enCamelCase(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(enCamelCase);
  if (typeof v !== 'object' || v === null) return v;
  return Object.fromEntries(
    Object.entries(v).map(([k, x]) => [k[0]!.toLowerCase() + k.slice(1), enCamelCase(x)]),
  );
}

/** ConsultarCUV's TipoDocumento (manual §8.14 shows «NcAcuerdoVoluntades»; the rest follow Modulo). */
const TIPO_DOCUMENTO: Record<OperacionMuv, string> = {
  CargarFevRips: 'FacturaElectronica',
  CargarNCTotal: 'NotaCreditoTotal',
  CargarNC: 'NotaCredito',
  CargarND: 'NotaDebito',
  CargarNotaAjuste: 'NotaAjuste',
  CargarRipsSinFactura: 'RipsSinFactura',
  CargarNCAcuerdoVoluntades: 'NcAcuerdoVoluntades',
  CargarCapitaInicial: 'CapitaInicial',
  CargarCapitaPeriodo: 'CapitaPeriodo',
  CargarCapitaFinal: 'CapitaFinal',
  CargarNCCapita: 'NCCapita',
};

const FORMATO_CUV = /^[0-9a-f]{96}$/i;

const texto = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** Modulo as the mechanism answers it: the manual's example spelling when it differs (§8.8). */
const moduloRespuesta = (d: DefinicionOperacion) => d.modulosVistos[0] ?? d.modulo;

const esNota = (clase: ClaseDocumento) => clase === 'NC' || clase === 'ND' || clase === 'NA';

function identidadDe(d: DefinicionOperacion, rips: Registro | null, doc: DocumentoLeido | null): Identidad {
  const nit = texto(rips?.numDocumentoIdObligado) ?? doc?.nit ?? null;
  if (rips) {
    const tipoNota = texto(rips.tipoNota);
    // CapitaPeriodo files the period's invoice (the XML) with the previous period's RIPS, whose
    // numFactura is the previous invoice (LIN §2.2.6.1): the document filed is the XML's.
    const factura = d.metodo === 'CargarCapitaPeriodo' ? (doc?.numero ?? null) : null;
    return {
      nit,
      numero: tipoNota ? texto(rips.numNota) : (factura ?? texto(rips.numFactura)),
      numFactura: texto(rips.numFactura),
      referenciado: tipoNota && tipoNota !== 'RS' ? texto(rips.numFactura) : null,
    };
  }
  return {
    nit,
    numero: doc?.numero ?? null,
    // A note without RIPS answers the invoice it refers to (manual §8.8 example).
    numFactura: doc?.numeroFactura ?? null,
    referenciado: esNota(d.clase) ? (doc?.numeroFactura ?? null) : null,
  };
}

/**
 * Key of a filed document: obligated party + class + number (the note's own number for notes). The
 * class tells the final capitation RIPS (CF, tipoNota null like an invoice's) from the invoice.
 */
function claveDocumento(clase: ClaseDocumento, i: Identidad): string | null {
  if (!i.nit || !i.numero || clase === 'RS') return null;
  return `${i.nit}|${clase}|${i.numero}`;
}

/** A payer's query with a RIPS: the class from its tipoNota (null → an invoice). */
function claveDeRips(rips: Registro): string | null {
  const tipoNota = texto(rips.tipoNota);
  const clase = (tipoNota ?? 'FEV') as ClaseDocumento;
  return claveDocumento(clase, identidadDe(definicion('CargarFevRips'), rips, null));
}

/**
 * Sandbox of the API Docker FEV-RIPS: a separate HTTP server with the same wire format (manual
 * v4.3): LoginSISPRO with expiring JWTs (TOT002), the eleven upload operations of §8.2–8.12 (as data
 * in src/rips/muv/operaciones.ts), rejection lists, HTTP 400 for rejected packages, "already has a
 * CUV" on a repeated document, ConsultarCUV and RecuperarCUV.
 */
export class SimuladorMuv {
  readonly fallas: FallasMuv;
  readonly contadores = { login: 0, cargas: 0, consultas: 0, cargasGzip: 0, recuperaciones: 0 };
  /**
   * The last upload that reached the mechanism: its JSON body's bytes (inflated), its RIPS (an empty
   * object when the operation went without one) and its XML (tests).
   */
  ultimaCarga: { operacion: string; bytes: number; rips: Registro; xmlFevFile: string } | undefined;
  private readonly proximas: Record<TipoFalla, number> = { '5xx': 0, colgar: 0, soltar: 0 };
  private fallasInternas = 0;
  /** Keys of the answers from now on (tests switch it). */
  claves: ClavesRespuesta;
  private readonly secreto = randomBytes(32);
  private readonly usuarios: CredencialesMuv[];
  private readonly porDocumento = new Map<string, Radicado>();
  private readonly porCuv = new Map<string, Radicado>();
  private readonly extra = new Map<string, ResultadoValidacionMuv[]>();
  private generacion = 0;
  private procesoId = 1000;
  private consultasFallidas = 0;
  private servidor: Server | undefined;
  url = '';

  constructor(private readonly o: OpcionesSimuladorMuv = {}) {
    this.fallas = { latenciaMs: 0, proporcion5xx: 0, proporcionColgar: 0, proporcionSoltar: 0, ...o.fallas };
    this.usuarios = [...(o.usuarios ?? [CREDENCIALES_SANDBOX])];
    this.claves = o.claves ?? 'PascalCase';
  }

  async iniciar(): Promise<this> {
    const app = express();
    app.disable('x-powered-by');
    app.use(
      express.json({
        limit: '400mb',
        inflate: true,
        verify: (req, _res, cuerpo) => {
          (req as { bytesCuerpo?: number }).bytesCuerpo = cuerpo.length;
        },
      }),
    );
    app.get(['/health', '/Health'], (_req, res) => {
      res.type('text/plain').send('Healthy');
    });
    app.post('/api/Auth/LoginSISPRO', (req, res, next) => this.login(req, res).catch(next));
    const rutas = this.o.rutasRecuperarCuv ?? 'ambas';
    const recuperar = [
      ...(rutas === 'swagger' ? [] : [RUTA_RECUPERAR_CUV_MANUAL]),
      ...(rutas === 'manual' ? [] : [RUTA_RECUPERAR_CUV_SWAGGER]),
    ];
    // Before the upload route: «RecuperarCUV» would otherwise be read as an (unknown) upload method.
    app.post(recuperar, (req, res, next) => this.recuperar(req, res).catch(next));
    // Express routes ignore case, and the method is looked up ignoring it (swagger: CargarNcCapita).
    app.post('/api/PaquetesFevRips/:operacion', (req, res, next) => this.cargar(req, res).catch(next));
    app.post('/api/ConsultasFevRips/ConsultarCUV', (req, res, next) => this.consultar(req, res).catch(next));
    app.use((req: Request, res: Response) => {
      res.status(404).json({ tipo: 'NotFound', descripcion: `No existe ${req.method} ${req.path}` });
    });
    app.use((err: { status?: number; message?: string }, _req: Request, res: Response, _n: NextFunction) => {
      const status = typeof err.status === 'number' && err.status < 500 ? err.status : 500;
      res.status(status).json({ tipo: 'Validacion', descripcion: 'El cuerpo de la solicitud no es válido.' });
    });
    this.servidor = app.listen(this.o.port ?? 0, this.o.host ?? '127.0.0.1');
    await once(this.servidor, 'listening');
    const { port } = this.servidor.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    return this;
  }

  async cerrar(): Promise<void> {
    if (!this.servidor) return;
    this.servidor.closeAllConnections();
    await new Promise<void>((r) => this.servidor!.close(() => r()));
    this.servidor = undefined;
  }

  /** The next `n` upload or RecuperarCUV requests fail that way (tests), before the configured fractions apply. */
  fallarProximas(tipo: TipoFalla, n = 1): void {
    this.proximas[tipo] += n;
  }

  /**
   * The next `n` uploads fail inside the mechanism, as one real answer did: 400 with CFR003 and RVG06
   * «Object reference not set to an instance of an object.» at «Estructura general»; nothing is filed.
   */
  fallarInternamente(n = 1): void {
    this.fallasInternas += n;
  }

  /** The next `n` ConsultarCUV requests answer 503 without looking anything up. */
  fallarProximasConsultas(n = 1): void {
    this.consultasFallidas += n;
  }

  /** Every token issued so far stops working (the next upload gets TOT002). */
  expirarTokens(): void {
    this.generacion++;
  }

  registrarUsuario(c: CredencialesMuv): void {
    this.usuarios.push(c);
  }

  /** Extra results the mechanism adds for a document number (tests of codes we do not know). */
  agregarResultados(numeroDocumento: string, resultados: ResultadoValidacionMuv[]): void {
    this.extra.set(numeroDocumento, resultados);
  }

  /**
   * What the mechanism holds for a document (tests): `clase` FEV (an invoice, capitation ones
   * included), NC, ND, NA or CF (the final capitation RIPS of invoice `numero`); null = FEV.
   */
  radicado(nit: string, numero: string, clase: ClaseDocumento | null = null) {
    return this.porDocumento.get(`${nit}|${clase ?? 'FEV'}|${numero}`);
  }

  private async login(req: Request, res: Response): Promise<void> {
    await this.latencia();
    this.contadores.login++;
    const b = (req.body ?? {}) as Record<string, unknown>;
    const persona = (b.persona as { identificacion?: { tipo?: string; numero?: string } })?.identificacion;
    const u = this.usuarios.find(
      (x) =>
        x.tipoDocumento === persona?.tipo &&
        x.numeroDocumento === persona?.numero &&
        x.clave === b.clave &&
        x.nit === b.nit,
    );
    if (!u) {
      res.status(400).json({
        token: null,
        login: false,
        registrado: false,
        errors: ['Usuario, contraseña o NIT no válidos en SISPRO.'],
      });
      return;
    }
    const segundos = this.o.tokenSegundos ?? 7200;
    const token = await new SignJWT({ nit: u.nit, gen: this.generacion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(`${u.tipoDocumento}${u.numeroDocumento}`)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + segundos)
      .sign(this.secreto);
    res.json({ token, login: true, registrado: true, errors: [] });
  }

  /** The session's NIT, or null without a valid, current token. */
  private async sesion(req: Request): Promise<{ nit: string } | null> {
    const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    if (!m) return null;
    try {
      const { payload } = await jwtVerify(m[1]!, this.secreto, { algorithms: ['HS256'] });
      return payload.gen === this.generacion && typeof payload.nit === 'string' ? { nit: payload.nit } : null;
    } catch {
      return null;
    }
  }

  private falla(): TipoFalla | null {
    for (const t of ['5xx', 'colgar', 'soltar'] as const) {
      if (this.proximas[t] > 0) {
        this.proximas[t]--;
        return t;
      }
    }
    if (Math.random() < this.fallas.proporcion5xx) return '5xx';
    if (Math.random() < this.fallas.proporcionColgar) return 'colgar';
    if (Math.random() < this.fallas.proporcionSoltar) return 'soltar';
    return null;
  }

  private latencia(): Promise<void> | undefined {
    return this.fallas.latenciaMs > 0 ? esperar(this.fallas.latenciaMs) : undefined;
  }

  /** 503 or no answer at all; true when the request must not go on. */
  private fallaAntes(falla: TipoFalla | null, res: Response): boolean {
    if (falla === '5xx') {
      res
        .status(503)
        .json({ tipo: 'ServiceUnavailable', descripcion: 'Servicio del Ministerio no disponible.' });
      return true;
    }
    return falla === 'colgar'; // never answers; the socket closes when the client gives up
  }

  private async cargar(req: Request, res: Response): Promise<void> {
    await this.latencia();
    const metodo = String(req.params.operacion);
    const d = operacionPorMetodo(metodo);
    if (!d) {
      res
        .status(404)
        .json({ tipo: 'NotFound', descripcion: `Método ${metodo} no disponible en el simulador.` });
      return;
    }
    const sesion = await this.sesion(req);
    if (!sesion) {
      res.status(401).json(this.resultado(d, null, null, [sesionVencida()]));
      return;
    }
    const falla = this.falla();
    if (this.fallaAntes(falla, res)) return;
    this.contadores.cargas++;
    if (req.headers['content-encoding'] === 'gzip') this.contadores.cargasGzip++;
    const b = (req.body ?? {}) as { rips?: unknown; xmlFevFile?: unknown };
    const crudo = typeof b === 'object' && !Array.isArray(b) ? b.rips : undefined;
    const esObjeto = typeof crudo === 'object' && crudo !== null && !Array.isArray(crudo);
    if (d.rips === 'obligatorio' && !esObjeto) {
      res
        .status(400)
        .json({ tipo: 'Validacion', descripcion: 'El campo rips es obligatorio y debe ser un objeto JSON.' });
      return;
    }
    if (d.rips === 'opcional' && crudo !== null && crudo !== undefined && !esObjeto) {
      res.status(400).json({
        tipo: 'Validacion',
        descripcion: `En ${d.metodo} el campo rips es opcional: un objeto JSON o null.`,
      });
      return;
    }
    const ripsSobrante = d.rips === 'nulo' && crudo !== null && crudo !== undefined;
    const rips = esObjeto && d.rips !== 'nulo' ? (crudo as Registro) : null;
    const xmlFevFile = typeof b.xmlFevFile === 'string' ? b.xmlFevFile : '';
    this.ultimaCarga = {
      operacion: d.metodo,
      bytes: (req as { bytesCuerpo?: number }).bytesCuerpo ?? 0,
      rips: esObjeto ? (crudo as Registro) : {},
      xmlFevFile,
    };
    let documento: DocumentoLeido | null = null;
    let hallazgosXml: HallazgoFev[] = [];
    if (d.documentoXml && xmlFevFile)
      ({ documento, hallazgos: hallazgosXml } = leerDocumentoXml(xmlFevFile, d.documentoXml));
    const interna = this.fallasInternas > 0;
    if (interna) this.fallasInternas--;
    // A failure inside stops the mechanism before any rule speaks.
    const resultados = interna
      ? [{ ...FALLA_INTERNA }]
      : aplicarReglas({
          definicion: d,
          rips,
          ripsSobrante,
          xmlFevFile,
          documento,
          hallazgosXml,
        });
    const identidad = identidadDe(d, rips, documento);
    const clave = claveDocumento(d.clase, identidad);
    const previo = clave ? this.porDocumento.get(clave) : undefined;
    if (previo && !interna) {
      resultados.push({
        Clase: 'RECHAZADO',
        Codigo: 'RVG18',
        Descripcion: 'El Código CUV ya fue aprobado previamente en otro proceso.',
        Observaciones: `El documento ${identidad.numero} ya fue procesado exitosamente.`,
        PathFuente: '',
        Fuente: 'Rips',
      });
    }
    if (identidad.numero && !interna) resultados.push(...(this.extra.get(identidad.numero) ?? []));
    const rechazado = resultados.some((r) => r.Clase === 'RECHAZADO');
    // Real rejections: CFR003 first, ProcesoId 0, NumFactura "" or "0" when there is none.
    if (rechazado) resultados.unshift({ ...RESUMEN_RECHAZO });
    const procesoId = rechazado ? 0 : ++this.procesoId;
    const numFactura = identidad.numFactura ?? (rechazado ? (this.claves === 'camelCase' ? '0' : '') : null);
    const cuv = rechazado ? null : cuvDelPaquete(rips, xmlFevFile);
    const respuesta = this.resultado(d, procesoId, numFactura, resultados, cuv, documento);
    if (cuv) {
      const radicado: Radicado = {
        procesoId,
        cuv,
        operacion: d.metodo as OperacionMuv,
        nitSesion: sesion.nit,
        rips,
        xmlFevFile,
        documento,
        identidad,
        fecha: new Date(),
        resultados,
        respuesta,
      };
      if (clave) this.porDocumento.set(clave, radicado);
      this.porCuv.set(cuv, radicado);
    }
    if (falla === 'soltar') {
      req.socket.destroy(); // filed, but the answer never arrives
      return;
    }
    res.status(rechazado ? 400 : 200).json(this.conClaves(respuesta));
  }

  /** The answer with the keys the sandbox is set to. */
  private conClaves(r: ResultadoProcesoMuv): unknown {
    return this.claves === 'camelCase' ? enCamelCase(r) : r;
  }

  private resultado(
    d: DefinicionOperacion | null,
    procesoId: number | null,
    numFactura: string | null,
    resultados: ResultadoValidacionMuv[],
    cuv: string | null = null,
    documento: DocumentoLeido | null = null,
  ): ResultadoProcesoMuv {
    return {
      ResultState: cuv !== null,
      ProcesoId: procesoId,
      NumFactura: numFactura,
      CodigoUnicoValidacion: cuv ?? (this.claves === 'camelCase' ? '-' : NO_APLICA),
      ...(cuv ? {} : { codigoUnicoValidacionToShow: NO_APLICA }),
      FechaRadicacion: fechaColombia(new Date()),
      RutaArchivos: null,
      Ambiente: this.o.ambiente ?? 'DockerTest',
      Modulo: d ? moduloRespuesta(d) : null,
      ModalidadPago: textoModalidad(documento),
      PeriodoAtencion: periodoAtencion(documento),
      ResultadosValidacion: resultados,
    };
  }

  /**
   * RecuperarCUV (manual §8.15): the stored result of a package filed by this login's NIT. A
   * malformed CUV is a 400 BadRequestResponse; an unknown one, or another NIT's, a 404 (same shape).
   */
  private async recuperar(req: Request, res: Response): Promise<void> {
    await this.latencia();
    const sesion = await this.sesion(req);
    if (!sesion) {
      res.status(401).json(this.resultado(null, null, null, [sesionVencida()]));
      return;
    }
    const falla = this.falla();
    if (this.fallaAntes(falla, res)) return;
    this.contadores.recuperaciones++;
    const b = (req.body ?? {}) as { codigoUnicoValidacion?: unknown };
    const pedido = texto(typeof b === 'object' ? b.codigoUnicoValidacion : undefined);
    if (!pedido || !FORMATO_CUV.test(pedido)) {
      res.status(400).json({
        tipo: 'Validacion',
        descripcion:
          'El campo codigoUnicoValidacion es obligatorio y debe ser un CUV: 96 caracteres hexadecimales.',
      });
      return;
    }
    const r = this.porCuv.get(pedido.toLowerCase());
    if (!r || r.nitSesion !== sesion.nit) {
      res.status(404).json({
        tipo: 'NotFound',
        descripcion: 'No existe un proceso con ese CUV para el NIT de la sesión.',
      });
      return;
    }
    if (falla === 'soltar') {
      req.socket.destroy();
      return;
    }
    res.json(
      this.conClaves({
        ...r.respuesta,
        FechaRadicacion: fechaColombia(r.fecha),
        ResultadosValidacion: [...r.resultados],
      }),
    );
  }

  private async consultar(req: Request, res: Response): Promise<void> {
    await this.latencia();
    this.contadores.consultas++;
    if (this.consultasFallidas > 0) {
      this.consultasFallidas--;
      res
        .status(503)
        .json({ tipo: 'ServiceUnavailable', descripcion: 'Servicio del Ministerio no disponible.' });
      return;
    }
    const b = (req.body ?? {}) as { rips?: unknown; xmlFevFile?: unknown; codigoUnicoValidacion?: unknown };
    const rips = b.rips && typeof b.rips === 'object' ? (b.rips as Registro) : null;
    const cuvPedido = texto(b.codigoUnicoValidacion)?.toLowerCase() ?? null;
    const xml = typeof b.xmlFevFile === 'string' ? b.xmlFevFile : '';
    // LIN §4.5.1: with the files (a RIPS with its users, or the XML), the CUV is computed from them.
    const conArchivos = !this.fallas.consultaSinCalculo && ((rips && 'usuarios' in rips) || xml !== '');
    const calculado = conArchivos ? cuvDelPaquete(rips, xml) : null;
    const clave = rips ? claveDeRips(rips) : null;
    // The files' own CUV first: a final capitation RIPS (tipoNota null) is not its invoice.
    const radicado =
      (calculado ? this.porCuv.get(calculado) : undefined) ??
      (clave ? this.porDocumento.get(clave) : cuvPedido ? this.porCuv.get(cuvPedido) : undefined);
    if (!radicado) {
      res.json(registroVacio(cuvPedido));
      return;
    }
    const resultados = [...radicado.resultados];
    if (cuvPedido && cuvPedido !== (calculado ?? radicado.cuv)) {
      resultados.push({
        Clase: 'RECHAZADO',
        Codigo: 'CCV000',
        Descripcion:
          '[ARCHIVO(S) INVALIDOS] El CUV generado a partir de los archivos XML y/o Json adjuntos, no concuerdan con el CUV a consultar',
        Observaciones: '',
        PathFuente: 'codigoUnicoValidacion',
        Fuente: 'Rips',
      });
    }
    res.json(this.registro(radicado, resultados));
  }

  private registro(r: Radicado, resultados: ResultadoValidacionMuv[]): RegistroCuvMuv {
    const conteo = contarAtenciones(r.rips ?? {});
    const pagar = valorXml(r.xmlFevFile, 'PayableAmount');
    const total = Number(pagar);
    const primero = r.rips ? serviciosDe(r.rips).next().value : undefined;
    return {
      ProcesoId: r.procesoId,
      EsValido: true,
      CodigoUnicoValidacion: r.cuv,
      FechaValidacion: fechaColombia(r.fecha),
      TipoDocumento: TIPO_DOCUMENTO[r.operacion],
      NumDocumentoIdObligado: r.identidad.nit,
      NumeroDocumento: r.identidad.numero,
      FechaEmision: r.documento?.fechaEmision ?? valorXml(r.xmlFevFile, 'IssueDate'),
      TotalFactura: Number.isFinite(total) && pagar ? total : conteo.valor,
      CantidadUsuarios: conteo.usuarios,
      CantidadAtenciones: conteo.atenciones,
      TotalValorServicios: conteo.valor,
      IdentificacionAdquiriente: r.documento?.nitAdquiriente ?? null,
      CodigoPrestador: primero ? texto(primero.registro.codPrestador) : null,
      ModalidadPago: textoModalidad(r.documento) || null,
      NumDocumentoReferenciado: r.identidad.referenciado,
      UrlJson: null,
      UrlXml: null,
      JsonFile: null,
      XmlFileBase64: null,
      ResultadosValidacion: resultados,
      CantidadTotalAtenciones: conteo.total,
    };
  }
}

function sesionVencida(): ResultadoValidacionMuv {
  return {
    Clase: 'RECHAZADO',
    Codigo: 'TOT002',
    Descripcion: 'El token de autenticación expiró o no es válido.',
    Observaciones: 'Inicie sesión de nuevo con LoginSISPRO.',
    PathFuente: '',
    Fuente: '',
  };
}

function registroVacio(cuv: string | null): RegistroCuvMuv {
  return {
    ProcesoId: 0,
    EsValido: false,
    CodigoUnicoValidacion: cuv,
    FechaValidacion: null,
    TipoDocumento: null,
    NumDocumentoIdObligado: null,
    NumeroDocumento: null,
    FechaEmision: null,
    TotalFactura: 0,
    CantidadUsuarios: 0,
    CantidadAtenciones: 0,
    TotalValorServicios: 0,
    IdentificacionAdquiriente: null,
    CodigoPrestador: null,
    ModalidadPago: null,
    NumDocumentoReferenciado: null,
    UrlJson: null,
    UrlXml: null,
    JsonFile: null,
    XmlFileBase64: null,
    ResultadosValidacion: [
      {
        Clase: 'RECHAZADO',
        Codigo: 'CCV001',
        Descripcion: 'El CUV no ha sido validado por el Ministerio de Salud y Protección Social.',
        Observaciones: '',
        PathFuente: '',
        Fuente: '',
      },
    ],
    CantidadTotalAtenciones: null,
  };
}

export async function iniciarSimuladorMuv(o: OpcionesSimuladorMuv = {}): Promise<SimuladorMuv> {
  return new SimuladorMuv(o).iniciar();
}
