import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { CredencialesIhce } from '../../entidades/credenciales.js';
import type { ErrorAccionable } from '../../errores/error-accionable.js';
import { ErrorApp, errores } from '../../errores/errores.js';
import { MEDIDOR_NULO, type Medidor } from '../../metricas/medidor.js';
import { limpiarTexto, revisarValor } from '../json-acotado.js';
import { errorSinResultado, explicarResultado } from './explicar.js';
import {
  type AlcanceConsulta,
  arr,
  esOperationOutcome,
  MEDIA_FHIR,
  OPERACION_CONSULTA,
  obj,
  PERFIL_IHCE,
  SISTEMA_VIDA,
  str,
  type TipoRdaIhce,
  tipoPorLoinc,
} from './fhir.js';
import { CacheTokens, ErrorToken } from './token.js';

export const TOKEN_URL_ENTRA = 'https://login.microsoftonline.com/{tenant}/oauth2/v2.0/token';

export type ResultadoEnvio =
  | {
      resultado: 'aceptado';
      status: number;
      vida: string;
      compositionId: string | null;
      avisos: ErrorAccionable[];
    }
  | { resultado: 'rechazado'; status: number; errores: ErrorAccionable[] }
  | {
      resultado: 'transitorio';
      status: number | null;
      errores: ErrorAccionable[];
      /** Retry-After of a 429/503, in seconds. */
      reintentarEnSegundos?: number;
    };

export interface DocumentoPaciente {
  tipo: string;
  numero: string;
}

export interface ItemConsultaIhce {
  compositionId: string;
  vida: string | null;
  fecha: string | null;
  tipo: TipoRdaIhce | null;
  paciente: DocumentoPaciente;
}

export interface PaginaIhce {
  items: ItemConsultaIhce[];
  total: number | null;
  /** The upstream `next` link, relative to the base URL (never followed outside it). */
  siguiente: string | null;
}

interface Respuesta {
  status: number | null;
  cuerpo: unknown;
  reintentarEnSegundos?: number;
  location?: string | null;
}

function retryAfter(valor: string | null): number | undefined {
  if (!valor) return undefined;
  const n = Number(valor);
  if (Number.isFinite(n) && n >= 0) return Math.ceil(n);
  const fecha = Date.parse(valor);
  return Number.isNaN(fecha) ? undefined : Math.max(0, Math.ceil((fecha - Date.now()) / 1000));
}

export const errorUpstream = (mensaje: string) => new ErrorApp('upstream-no-disponible', mensaje);

/**
 * The IHCE exchange platform (rda.md §3): Entra ID token + APIM subscription key on every call,
 * FHIR JSON in and out. Bodies are never logged: only operation, status and duration.
 */
export class ClienteIhce {
  private readonly tokens: CacheTokens;

  constructor(
    private readonly config: Config,
    private readonly log?: Logger,
    private readonly medidor: Medidor = MEDIDOR_NULO,
  ) {
    this.tokens = new CacheTokens(
      () => config.upstreams.ihce.tokenUrl ?? TOKEN_URL_ENTRA,
      () => config.rda.timeoutIhceMs,
    );
  }

  get configurado(): boolean {
    return !!this.config.upstreams.ihce.baseUrl;
  }

  private base(): string {
    const b = this.config.upstreams.ihce.baseUrl;
    if (!b) throw errores.upstreamNoConfigurado('IHCE');
    return b.replace(/\/+$/, '');
  }

  private async llamar(
    c: CredencialesIhce,
    operacion: string,
    metodo: 'GET' | 'POST',
    ruta: string,
    cuerpo?: unknown,
  ): Promise<Respuesta> {
    const url = this.base() + ruta;
    const inicio = Date.now();
    for (let intento = 1; ; intento++) {
      let token: string;
      try {
        token = await this.tokens.obtener(c);
      } catch (e) {
        if (e instanceof ErrorToken) {
          this.log?.warn(
            { ihce: 'token', status: e.status, transitorio: e.transitorio },
            'token IHCE fallido',
          );
          return { status: e.transitorio ? null : 401, cuerpo: undefined };
        }
        throw e;
      }
      let res: globalThis.Response;
      const intentoDesde = performance.now();
      try {
        res = await fetch(url, {
          method: metodo,
          headers: {
            authorization: `Bearer ${token}`,
            'ocp-apim-subscription-key': c.subscriptionKey,
            accept: MEDIA_FHIR,
            ...(cuerpo !== undefined ? { 'content-type': MEDIA_FHIR } : {}),
          },
          body: cuerpo !== undefined ? JSON.stringify(cuerpo) : undefined,
          signal: AbortSignal.timeout(this.config.rda.timeoutIhceMs),
        });
      } catch (e) {
        const causa = (e as Error).name === 'TimeoutError' ? 'timeout' : 'red';
        this.medidor.llamadaExterna('ihce', operacion, causa, (performance.now() - intentoDesde) / 1000);
        this.log?.warn({ ihce: operacion, causa, ms: Date.now() - inicio }, 'IHCE sin respuesta');
        return { status: null, cuerpo: undefined };
      }
      const texto = await res.text().catch(() => '');
      this.medidor.llamadaExterna('ihce', operacion, res.status, (performance.now() - intentoDesde) / 1000);
      if (res.status === 401 && intento === 1) {
        // A cached token the platform no longer accepts: ask for a new one once.
        this.tokens.invalidar(c);
        continue;
      }
      this.log?.info({ ihce: operacion, status: res.status, ms: Date.now() - inicio }, 'llamada IHCE');
      let json: unknown;
      try {
        json = texto ? JSON.parse(texto) : undefined;
      } catch {
        json = undefined;
      }
      return {
        status: res.status,
        cuerpo: json,
        reintentarEnSegundos: retryAfter(res.headers.get('retry-after')),
        location: res.headers.get('location'),
      };
    }
  }

  /** `POST /Composition/$enviar-rda-{…}`: accepted (VIDA), rejected (explained) or transient. */
  async enviar(c: CredencialesIhce, tipo: TipoRdaIhce, bundle: unknown): Promise<ResultadoEnvio> {
    const op = PERFIL_IHCE[tipo].operacion;
    const r = await this.llamar(c, op, 'POST', `/Composition/${op}`, bundle);
    if (r.status === null) {
      return {
        resultado: 'transitorio',
        status: null,
        errores: [errorSinResultado('transient', 'La plataforma no respondió a tiempo o la conexión falló.')],
      };
    }
    if (r.status >= 200 && r.status < 300) {
      const aceptado = leerAceptacion(r.cuerpo, r.location ?? null);
      if (aceptado) return { resultado: 'aceptado', status: r.status, ...aceptado };
      return {
        resultado: 'transitorio',
        status: r.status,
        errores: [errorSinResultado('transient', 'La plataforma respondió sin número VIDA.')],
      };
    }
    if ((r.status === 400 || r.status === 409 || r.status === 422) && esOperationOutcome(r.cuerpo)) {
      return { resultado: 'rechazado', status: r.status, errores: explicarResultado(r.cuerpo) };
    }
    if (r.status === 401 || r.status === 403) {
      return {
        resultado: 'transitorio',
        status: r.status,
        errores: [errorSinResultado('security', `La plataforma respondió ${r.status}.`)],
      };
    }
    return {
      resultado: 'transitorio',
      status: r.status,
      errores: esOperationOutcome(r.cuerpo)
        ? explicarResultado(r.cuerpo)
        : [errorSinResultado('transient', `La plataforma respondió ${r.status}.`)],
      ...(r.reintentarEnSegundos !== undefined ? { reintentarEnSegundos: r.reintentarEnSegundos } : {}),
    };
  }

  /** `GET /Composition/{id}/$document`: the stored Bundle, passed through untouched. */
  async documento(c: CredencialesIhce, compositionId: string): Promise<Record<string, unknown>> {
    const r = await this.llamar(
      c,
      '$document',
      'GET',
      `/Composition/${encodeURIComponent(compositionId)}/$document`,
    );
    if (r.status === 404 || r.status === 410) throw errores.noEncontrado('El RDA en la plataforma IHCE');
    const b = obj(r.cuerpo);
    if (r.status === 200 && b?.resourceType === 'Bundle') {
      // Passed through to the caller: a document nested beyond any FHIR need would overflow the
      // stack of the response's JSON.stringify (a 500) instead of being reported as the platform's fault.
      if (revisarValor(b, 'Bundle', undefined, { caracteres: false }))
        throw errorUpstream(
          'La plataforma IHCE devolvió un documento con un anidamiento imposible en un RDA: no se puede mostrar.',
        );
      return b;
    }
    throw falloConsulta(r);
  }

  /** `POST /Composition/$consultar-rda-{paciente|encuentros-clinicos}` with a FHIR Parameters body. */
  async consultar(
    c: CredencialesIhce,
    alcance: AlcanceConsulta,
    paciente: DocumentoPaciente,
    humanuser: string,
  ): Promise<PaginaIhce> {
    const op = OPERACION_CONSULTA[alcance];
    const parametros = {
      resourceType: 'Parameters',
      parameter: [
        {
          name: 'identifier',
          part: [
            { name: 'type', valueString: paciente.tipo },
            { name: 'value', valueString: paciente.numero },
          ],
        },
        { name: 'humanuser', valueString: humanuser },
      ],
    };
    const r = await this.llamar(c, op, 'POST', `/Composition/${op}`, parametros);
    return this.leerPagina(r, paciente);
  }

  /** Follows a `next` link (relative to the base URL, as returned in `PaginaIhce.siguiente`). */
  async pagina(c: CredencialesIhce, siguiente: string, paciente: DocumentoPaciente): Promise<PaginaIhce> {
    if (!siguiente.startsWith('/')) throw errores.entradaInvalida('Cursor inválido.');
    const r = await this.llamar(c, 'pagina', 'GET', siguiente);
    if (r.status === 410 || r.status === 404)
      throw new ErrorApp(
        'cursor-expirado',
        'La página siguiente ya no está disponible en la plataforma IHCE. Repita la consulta sin cursor.',
      );
    return this.leerPagina(r, paciente);
  }

  private leerPagina(r: Respuesta, paciente: DocumentoPaciente): PaginaIhce {
    const b = obj(r.cuerpo);
    if (r.status !== 200 || b?.resourceType !== 'Bundle') throw falloConsulta(r);
    const base = this.base();
    const next = arr(b.link)
      .map(obj)
      .find((l) => l?.relation === 'next');
    const url = str(next?.url);
    let siguiente: string | null = null;
    if (url?.startsWith(`${base}/`)) siguiente = url.slice(base.length);
    else if (url) this.log?.warn({ ihce: 'pagina' }, 'enlace next fuera de la URL base: ignorado');
    const items: ItemConsultaIhce[] = [];
    for (const e of arr(b.entry)) {
      const comp = obj(obj(e)?.resource);
      if (comp?.resourceType !== 'Composition' || !str(comp.id)) continue;
      const ids = [comp.identifier, ...arr(comp.identifier)].map(obj);
      const vida = str(ids.find((i) => i?.system === SISTEMA_VIDA)?.value) ?? null;
      const loinc = arr(obj(comp.type)?.coding)
        .map((x) => str(obj(x)?.code))
        .find(Boolean);
      items.push({
        compositionId: str(comp.id)!,
        vida,
        fecha: str(comp.date) ?? null,
        tipo: tipoPorLoinc(loinc),
        paciente: { tipo: paciente.tipo, numero: paciente.numero },
      });
    }
    return { items, total: typeof b.total === 'number' ? b.total : null, siguiente };
  }
}

function falloConsulta(r: Respuesta): ErrorApp {
  if (r.status === null) return errorUpstream('La plataforma IHCE no respondió a tiempo.');
  if (r.status === 401 || r.status === 403)
    return errorUpstream(
      'La plataforma IHCE rechazó las credenciales de la entidad. El operador debe revisarlas.',
    );
  if (r.status === 400 && esOperationOutcome(r.cuerpo)) {
    const d = r.cuerpo.issue
      .slice(0, 10)
      .map((i) => str(obj(i)?.diagnostics))
      .filter(Boolean)
      .join(' ');
    return errorUpstream(
      `La plataforma IHCE rechazó la consulta: ${d ? limpiarTexto(d, 500) : 'solicitud inválida'}.`,
    );
  }
  return errorUpstream(`La plataforma IHCE respondió con error (${r.status}).`);
}

/** Longest VIDA or Composition id kept from a platform answer (real ones are a few dozen characters). */
export const MAX_ID_IHCE = 200;

/** VIDA from Bundle.identifier (or the Composition's) with the identifier-RDA system; Composition id kept. */
export function leerAceptacion(
  cuerpo: unknown,
  location: string | null,
): { vida: string; compositionId: string | null; avisos: ErrorAccionable[] } | null {
  const b = obj(cuerpo);
  if (!b) return null;
  const comp = obj(
    arr(b.entry)
      .map((e) => obj(obj(e)?.resource))
      .find((r) => r?.resourceType === 'Composition'),
  );
  const candidatos = [b.identifier, ...arr(b.identifier), comp?.identifier, ...arr(comp?.identifier)].map(
    obj,
  );
  const valor = str(candidatos.find((i) => i?.system === SISTEMA_VIDA)?.value);
  if (!valor) return null;
  // Stored in the trail: never NUL or a lone surrogate (PostgreSQL refuses them) nor a megabyte.
  const vida = limpiarTexto(valor, MAX_ID_IHCE);
  const desdeLocation = location ? /Composition\/([^/?#]+)/.exec(location)?.[1] : undefined;
  const id = str(comp?.id) ?? desdeLocation;
  const compositionId = id ? limpiarTexto(id, MAX_ID_IHCE) : null;
  // Warnings may travel in an OperationOutcome contained in the response; they never block.
  const avisos = esOperationOutcome(b) ? explicarResultado(b).filter((e) => e.severidad !== 'rechazo') : [];
  return { vida, compositionId, avisos };
}
