import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as esperar } from 'node:timers/promises';
import express, { type NextFunction, type Request, type Response } from 'express';
import { jwtVerify, SignJWT } from 'jose';
import type { CredencialesMuv } from '../../entidades/credenciales.js';
import {
  MODULO_POR_OPERACION,
  OPERACION_POR_TIPO_NOTA,
  type OperacionMuv,
  type RegistroCuvMuv,
  type ResultadoProcesoMuv,
  type ResultadoValidacionMuv,
} from '../../rips/muv/tipos.js';
import type { Registro } from '../../rips/tipos.js';
import { contarAtenciones, cuvDelPaquete, fechaColombia, serviciosDe, valorXml } from './paquete.js';
import { aplicarReglas } from './reglas.js';
import { CREDENCIALES_SANDBOX } from './sandbox.js';

/** Fault injection: fixed latency plus fractions (0–1) of upload requests that fail each way. */
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

export interface OpcionesSimuladorMuv {
  port?: number;
  host?: string;
  tokenSegundos?: number;
  usuarios?: CredencialesMuv[];
  fallas?: Partial<FallasMuv>;
  ambiente?: 'DockerTest' | 'DockerStage' | 'DockerProd';
}

interface Radicado {
  procesoId: number;
  cuv: string;
  operacion: OperacionMuv;
  rips: Registro;
  xmlFevFile: string;
  fecha: Date;
  resultados: ResultadoValidacionMuv[];
}

const NO_APLICA =
  'No aplica a paquetes procesados en estado [RECHAZADO] o validaciones realizadas antes del envío al Ministerio de Salud y Protección Social';

const OPERACIONES = new Set<string>(Object.values(OPERACION_POR_TIPO_NOTA));

const TIPO_DOCUMENTO: Record<OperacionMuv, string> = {
  CargarFevRips: 'FacturaElectronica',
  CargarNC: 'NotaCredito',
  CargarND: 'NotaDebito',
  CargarNotaAjuste: 'NotaAjuste',
  CargarRipsSinFactura: 'RipsSinFactura',
};

const texto = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** Key of a filed document: obligated party + kind + number (the note number for notes). */
function claveDocumento(rips: Registro): string | null {
  const nit = texto(rips.numDocumentoIdObligado);
  const tipoNota = texto(rips.tipoNota);
  const numero = tipoNota ? texto(rips.numNota) : texto(rips.numFactura);
  if (!nit || !numero || tipoNota === 'RS') return null;
  return `${nit}|${tipoNota ?? 'FEV'}|${numero}`;
}

/**
 * Sandbox of the API Docker FEV-RIPS: a separate HTTP server with the same wire format (manual
 * v4.3): LoginSISPRO with expiring JWTs (TOT002), the five upload operations, rejection lists,
 * HTTP 400 for rejected packages, "already has a CUV" on a repeated document, and ConsultarCUV.
 */
export class SimuladorMuv {
  readonly fallas: FallasMuv;
  readonly contadores = { login: 0, cargas: 0, consultas: 0, cargasGzip: 0 };
  /** The last upload that reached the mechanism: its JSON body's bytes (inflated) and its RIPS (tests). */
  ultimaCarga: { operacion: string; bytes: number; rips: Registro } | undefined;
  private readonly proximas: Record<TipoFalla, number> = { '5xx': 0, colgar: 0, soltar: 0 };
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

  /** The next `n` upload requests fail that way (tests), before the configured fractions apply. */
  fallarProximas(tipo: TipoFalla, n = 1): void {
    this.proximas[tipo] += n;
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

  /** What the mechanism holds for a document (tests). */
  radicado(nit: string, numero: string, tipoNota: string | null = null) {
    return this.porDocumento.get(`${nit}|${tipoNota ?? 'FEV'}|${numero}`);
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

  private async sesionValida(req: Request): Promise<boolean> {
    const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    if (!m) return false;
    try {
      const { payload } = await jwtVerify(m[1]!, this.secreto, { algorithms: ['HS256'] });
      return payload.gen === this.generacion;
    } catch {
      return false;
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

  private async cargar(req: Request, res: Response): Promise<void> {
    await this.latencia();
    const operacion = String(req.params.operacion) as OperacionMuv;
    if (!OPERACIONES.has(operacion)) {
      res
        .status(404)
        .json({ tipo: 'NotFound', descripcion: `Método ${operacion} no disponible en el simulador.` });
      return;
    }
    if (!(await this.sesionValida(req))) {
      res.status(401).json(this.resultado(operacion, null, null, [sesionVencida()]));
      return;
    }
    const falla = this.falla();
    if (falla === '5xx') {
      res
        .status(503)
        .json({ tipo: 'ServiceUnavailable', descripcion: 'Servicio del Ministerio no disponible.' });
      return;
    }
    if (falla === 'colgar') return; // never answers; the socket closes when the client gives up
    this.contadores.cargas++;
    if (req.headers['content-encoding'] === 'gzip') this.contadores.cargasGzip++;
    const b = req.body as { rips?: unknown; xmlFevFile?: unknown };
    if (!b || typeof b.rips !== 'object' || b.rips === null || Array.isArray(b.rips)) {
      res
        .status(400)
        .json({ tipo: 'Validacion', descripcion: 'El campo rips es obligatorio y debe ser un objeto JSON.' });
      return;
    }
    const rips = b.rips as Registro;
    this.ultimaCarga = { operacion, bytes: (req as { bytesCuerpo?: number }).bytesCuerpo ?? 0, rips };
    const xmlFevFile = typeof b.xmlFevFile === 'string' ? b.xmlFevFile : '';
    const resultados = aplicarReglas({ operacion, rips, xmlFevFile });
    const clave = claveDocumento(rips);
    const previo = clave ? this.porDocumento.get(clave) : undefined;
    if (previo) {
      resultados.push({
        Clase: 'RECHAZADO',
        Codigo: 'RVG18',
        Descripcion: 'El Código CUV ya fue aprobado previamente en otro proceso.',
        Observaciones: `El documento ${clave!.split('|')[2]} ya fue procesado exitosamente.`,
        PathFuente: '',
        Fuente: 'Rips',
      });
    }
    const numero = texto(rips.tipoNota) ? texto(rips.numNota) : texto(rips.numFactura);
    if (numero) resultados.push(...(this.extra.get(numero) ?? []));
    const procesoId = ++this.procesoId;
    const rechazado = resultados.some((r) => r.Clase === 'RECHAZADO');
    let cuv: string | null = null;
    if (!rechazado) {
      cuv = cuvDelPaquete(rips, xmlFevFile);
      const radicado: Radicado = {
        procesoId,
        cuv,
        operacion,
        rips,
        xmlFevFile,
        fecha: new Date(),
        resultados,
      };
      if (clave) this.porDocumento.set(clave, radicado);
      this.porCuv.set(cuv, radicado);
    }
    if (falla === 'soltar') {
      req.socket.destroy(); // filed, but the answer never arrives
      return;
    }
    res.status(rechazado ? 400 : 200).json(this.resultado(operacion, procesoId, rips, resultados, cuv));
  }

  private resultado(
    operacion: OperacionMuv,
    procesoId: number | null,
    rips: Registro | null,
    resultados: ResultadoValidacionMuv[],
    cuv: string | null = null,
  ): ResultadoProcesoMuv {
    return {
      ResultState: cuv !== null,
      ProcesoId: procesoId,
      NumFactura: rips ? (texto(rips.numFactura) ?? null) : null,
      CodigoUnicoValidacion: cuv ?? NO_APLICA,
      FechaRadicacion: fechaColombia(new Date()),
      RutaArchivos: null,
      Ambiente: this.o.ambiente ?? 'DockerTest',
      Modulo: MODULO_POR_OPERACION[operacion],
      ResultadosValidacion: resultados,
    };
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
    const clave = rips ? claveDocumento(rips) : null;
    const radicado = clave
      ? this.porDocumento.get(clave)
      : ((calculado ? this.porCuv.get(calculado) : undefined) ??
        (cuvPedido ? this.porCuv.get(cuvPedido) : undefined));
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
    const conteo = contarAtenciones(r.rips);
    const total = Number(valorXml(r.xmlFevFile, 'PayableAmount'));
    const primero = serviciosDe(r.rips).next().value;
    const tipoNota = texto(r.rips.tipoNota);
    return {
      ProcesoId: r.procesoId,
      EsValido: true,
      CodigoUnicoValidacion: r.cuv,
      FechaValidacion: fechaColombia(r.fecha),
      TipoDocumento: TIPO_DOCUMENTO[r.operacion],
      NumDocumentoIdObligado: texto(r.rips.numDocumentoIdObligado),
      NumeroDocumento: tipoNota ? texto(r.rips.numNota) : texto(r.rips.numFactura),
      FechaEmision: valorXml(r.xmlFevFile, 'IssueDate'),
      TotalFactura: Number.isFinite(total) && valorXml(r.xmlFevFile, 'PayableAmount') ? total : conteo.valor,
      CantidadUsuarios: conteo.usuarios,
      CantidadAtenciones: conteo.atenciones,
      TotalValorServicios: conteo.valor,
      IdentificacionAdquiriente: null,
      CodigoPrestador: primero ? texto(primero.registro.codPrestador) : null,
      ModalidadPago: null,
      NumDocumentoReferenciado: tipoNota && tipoNota !== 'RS' ? texto(r.rips.numFactura) : null,
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
