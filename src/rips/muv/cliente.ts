import { createHash } from 'node:crypto';
import { setTimeout as esperar } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import type { Logger } from 'pino';
import { type MuvConfig, RUTA_RECUPERAR_CUV } from '../../config.js';
import type { CredencialesMuv } from '../../entidades/credenciales.js';
import { ErrorApp, errores } from '../../errores/errores.js';
import type { Medidor } from '../../metricas/medidor.js';
import type { OperacionMuv } from './operaciones.js';
import {
  esResultadoProceso,
  leerBadRequest,
  leerRegistroCuv,
  leerRespuestaCarga,
  type RegistroCuv,
  type RespuestaCarga,
} from './respuesta.js';
import type { ConsultaCuvMuv, LoginSispro, PaqueteFevRips } from './tipos.js';

export type OpcionesClienteMuv = Pick<
  MuvConfig,
  | 'timeoutMs'
  | 'consultaTimeoutMs'
  | 'reintentos'
  | 'reintentoBaseMs'
  | 'gzipDesdeBytes'
  | 'renovarTokenAntesMs'
> &
  Partial<Pick<MuvConfig, 'rutaRecuperarCuv'>> & {
    /** undefined: the MUV is not configured in this environment (503). */
    baseUrl: string | undefined;
    log?: Logger;
    /** Each HTTP attempt (operation, status, duration) goes to the metrics. */
    medidor?: Medidor;
  };

/** What an upload answered: parsed result plus the raw body (stored as evidence, never logged). */
export interface EnvioMuv {
  respuesta: RespuestaCarga;
  cruda: unknown;
  status: number;
}

export interface ConsultaMuv {
  registro: RegistroCuv | null;
  cruda: unknown;
}

interface Token {
  valor: string;
  expira: number;
}

/** A transport failure worth another attempt (network error, timeout, 5xx). */
class Transitorio extends Error {}

/** Session lasts 2 h (manual §8.1, TOT002); a JWT's own `exp` wins when readable. */
const DURACION_TOKEN_MS = 2 * 60 * 60 * 1000;

function expiracion(token: string, ahora: number): number {
  const partes = token.split('.');
  if (partes.length === 3) {
    try {
      const exp = JSON.parse(Buffer.from(partes[1]!, 'base64url').toString('utf8')).exp;
      if (typeof exp === 'number') return exp * 1000;
    } catch {}
  }
  return ahora + DURACION_TOKEN_MS;
}

const SESION_VENCIDA = 'TOT002';

/**
 * Client of the provider's API Docker FEV-RIPS. Tokens are cached per entity (and credentials),
 * renewed before they expire and again when the mechanism answers 401/TOT002. Network errors,
 * timeouts and 5xx are retried a bounded number of times; nothing here logs a body.
 */
export class ClienteMuv {
  private readonly tokens = new Map<string, Token>();
  private readonly logins = new Map<string, Promise<Token>>();

  constructor(private readonly o: OpcionesClienteMuv) {}

  get configurado(): boolean {
    return this.o.baseUrl !== undefined;
  }

  private base(): string {
    if (!this.o.baseUrl) throw errores.upstreamNoConfigurado('MUV (API Docker FEV-RIPS)');
    return this.o.baseUrl.replace(/\/+$/, '');
  }

  /** Forgets every cached token (tests, credential rotation). */
  olvidarTokens(): void {
    this.tokens.clear();
  }

  /** Uploads one package with an operation of the table (operaciones.ts). */
  async cargar(
    entidadId: string,
    credenciales: CredencialesMuv,
    operacion: OperacionMuv,
    paquete: PaqueteFevRips,
  ): Promise<EnvioMuv> {
    const base = this.base();
    const json = Buffer.from(JSON.stringify(paquete));
    const gzip = json.length >= this.o.gzipDesdeBytes;
    const r = await this.conSesion(
      entidadId,
      credenciales,
      operacion,
      `${base}/api/PaquetesFevRips/${operacion}`,
      gzip ? gzipSync(json) : json,
      this.o.timeoutMs,
      gzip ? { 'content-encoding': 'gzip' } : {},
    );
    return this.resultadoProceso(r);
  }

  /**
   * RecuperarCUV (manual §8.15): the mechanism's result of a filed package, by its CUV, with its
   * notifications. The path is configurable (MUV_RUTA_RECUPERAR_CUV): the manual and the swagger
   * disagree. null when the mechanism does not know the CUV (404).
   */
  async recuperarCuv(
    entidadId: string,
    credenciales: CredencialesMuv,
    cuv: string,
  ): Promise<EnvioMuv | null> {
    const base = this.base();
    const r = await this.conSesion(
      entidadId,
      credenciales,
      'RecuperarCUV',
      `${base}${this.o.rutaRecuperarCuv ?? RUTA_RECUPERAR_CUV}`,
      Buffer.from(JSON.stringify({ codigoUnicoValidacion: cuv })),
      this.o.consultaTimeoutMs,
      {},
    );
    if (r.status === 404) return null;
    return this.resultadoProceso(r);
  }

  /** A ResultadoProcesoFevRips (200 or 400), or a BadRequestResponse read as one rejection. */
  private resultadoProceso(r: { status: number; cuerpo: unknown }): EnvioMuv {
    if (r.status === 200 || r.status === 400) {
      if (esResultadoProceso(r.cuerpo))
        return { respuesta: leerRespuestaCarga(r.cuerpo), cruda: r.cuerpo, status: r.status };
      const rechazo = r.status === 400 ? leerBadRequest(r.cuerpo) : [];
      if (rechazo.length) {
        return {
          respuesta: {
            aceptado: false,
            procesoId: null,
            numFactura: null,
            cuv: null,
            fechaRadicacion: null,
            modulo: null,
            ambiente: null,
            resultados: rechazo,
          },
          cruda: r.cuerpo,
          status: r.status,
        };
      }
    }
    throw noDisponible(`respondió HTTP ${r.status} con un cuerpo que no es el resultado de la operación`);
  }

  /**
   * One authenticated call: the entity's cached token, renewed once when the mechanism answers 401
   * or TOT002 (a session that expired early).
   */
  private async conSesion(
    entidadId: string,
    credenciales: CredencialesMuv,
    operacion: string,
    url: string,
    cuerpo: Buffer,
    timeoutMs: number,
    cabeceras: Record<string, string>,
  ): Promise<{ status: number; cuerpo: unknown }> {
    const clave = `${entidadId}:${createHash('sha256').update(JSON.stringify(credenciales)).digest('hex')}`;
    let renovado = false;
    for (;;) {
      const token = await this.token(clave, credenciales);
      const r = await this.conReintentos(operacion, () =>
        this.post(operacion, url, cuerpo, timeoutMs, {
          authorization: `Bearer ${token.valor}`,
          ...cabeceras,
        }),
      );
      const sesionVencida =
        r.status === 401 ||
        (esResultadoProceso(r.cuerpo) &&
          leerRespuestaCarga(r.cuerpo).resultados.some((x) => x.codigo === SESION_VENCIDA));
      if (!sesionVencida) return r;
      this.tokens.delete(clave);
      if (renovado) {
        throw new ErrorApp(
          'credenciales-rechazadas',
          'El MUV rechazó la sesión aun después de iniciarla de nuevo. Verifique las credenciales SISPRO registradas para la entidad.',
        );
      }
      renovado = true;
      this.o.log?.info({ operacion }, 'sesión MUV vencida (TOT002): se inicia de nuevo');
    }
  }

  /** ConsultarCUV: no login (manual §8.14). null registro = the mechanism does not know the document. */
  async consultarCuv(consulta: ConsultaCuvMuv): Promise<ConsultaMuv> {
    const base = this.base();
    const r = await this.conReintentos('ConsultarCUV', () =>
      this.post(
        'ConsultarCUV',
        `${base}/api/ConsultasFevRips/ConsultarCUV`,
        Buffer.from(JSON.stringify(consulta)),
        this.o.consultaTimeoutMs,
        {},
      ),
    );
    if (r.status === 404) return { registro: null, cruda: r.cuerpo };
    if (r.status !== 200 && r.status !== 400) throw noDisponible(`respondió HTTP ${r.status} a ConsultarCUV`);
    return { registro: leerRegistroCuv(r.cuerpo), cruda: r.cuerpo };
  }

  private async token(clave: string, credenciales: CredencialesMuv): Promise<Token> {
    const vigente = this.tokens.get(clave);
    if (vigente && vigente.expira - Date.now() > this.o.renovarTokenAntesMs) return vigente;
    let enCurso = this.logins.get(clave);
    if (!enCurso) {
      enCurso = this.login(credenciales).finally(() => this.logins.delete(clave));
      this.logins.set(clave, enCurso);
    }
    const t = await enCurso;
    this.tokens.set(clave, t);
    return t;
  }

  private async login(c: CredencialesMuv): Promise<Token> {
    const cuerpo: LoginSispro = {
      persona: { identificacion: { tipo: c.tipoDocumento, numero: c.numeroDocumento } },
      clave: c.clave,
      nit: c.nit,
      ...(c.tipoUsuario ? { tipoUsuario: c.tipoUsuario } : {}),
    };
    const r = await this.conReintentos('LoginSISPRO', () =>
      this.post(
        'LoginSISPRO',
        `${this.base()}/api/Auth/LoginSISPRO`,
        Buffer.from(JSON.stringify(cuerpo)),
        this.o.consultaTimeoutMs,
        {},
      ),
    );
    const b = (typeof r.cuerpo === 'object' && r.cuerpo ? r.cuerpo : {}) as Record<string, unknown>;
    const token = b.token ?? b.Token;
    if (r.status === 200 && typeof token === 'string' && token) {
      this.o.log?.debug('sesión MUV iniciada');
      return { valor: token, expira: expiracion(token, Date.now()) };
    }
    if (r.status >= 400 && r.status < 500) {
      const lista = b.errors ?? b.Errors;
      const motivo = Array.isArray(lista) && typeof lista[0] === 'string' ? ` (${lista[0]})` : '';
      throw new ErrorApp(
        'credenciales-rechazadas',
        `El MUV rechazó las credenciales SISPRO de la entidad${motivo}. El operador debe registrarlas de nuevo con la CLI.`,
      );
    }
    throw noDisponible(`respondió HTTP ${r.status} al inicio de sesión`);
  }

  /** Runs one request with bounded retries on transient failures (exponential backoff with jitter). */
  private async conReintentos<T>(operacion: string, intento: () => Promise<T>): Promise<T> {
    for (let n = 0; ; n++) {
      try {
        return await intento();
      } catch (e) {
        if (!(e instanceof Transitorio)) throw e;
        if (n >= this.o.reintentos) {
          this.o.log?.warn({ operacion, intentos: n + 1, motivo: e.message }, 'MUV no disponible');
          throw noDisponible(e.message);
        }
        this.o.log?.info({ operacion, intento: n + 1, motivo: e.message }, 'MUV: se reintenta');
        const espera = this.o.reintentoBaseMs * 2 ** n;
        await esperar(espera / 2 + Math.random() * (espera / 2));
      }
    }
  }

  private async post(
    operacion: string,
    url: string,
    cuerpo: Buffer,
    timeoutMs: number,
    cabeceras: Record<string, string>,
  ): Promise<{ status: number; cuerpo: unknown }> {
    let res: Response;
    let texto: string;
    const inicio = performance.now();
    const medir = (estado: number | 'timeout' | 'red') =>
      this.o.medidor?.llamadaExterna('muv', operacion, estado, (performance.now() - inicio) / 1000);
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...cabeceras },
        body: cuerpo as unknown as BodyInit,
        signal: AbortSignal.timeout(timeoutMs),
      });
      texto = await res.text();
    } catch (e) {
      const err = e as Error & { cause?: { code?: string } };
      const timeout = err.name === 'TimeoutError' || err.name === 'AbortError';
      medir(timeout ? 'timeout' : 'red');
      if (timeout) throw new Transitorio(`no respondió en ${timeoutMs} ms`);
      throw new Transitorio(`conexión fallida${err.cause?.code ? ` (${err.cause.code})` : ''}`);
    }
    medir(res.status);
    if (res.status >= 500) throw new Transitorio(`respondió HTTP ${res.status}`);
    let parsed: unknown = null;
    try {
      parsed = texto ? JSON.parse(texto) : null;
    } catch {
      parsed = null;
    }
    return { status: res.status, cuerpo: parsed };
  }
}

function noDisponible(motivo: string): ErrorApp {
  return new ErrorApp(
    'upstream-no-disponible',
    // The filing service says what is known of the outcome; this message only says what failed.
    `El MUV (API Docker FEV-RIPS) no está disponible: ${motivo}.`,
  );
}
