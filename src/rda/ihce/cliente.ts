import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { CredencialesIhce } from '../../entidades/credenciales.js';
import type { ErrorAccionable } from '../../errores/error-accionable.js';
import { ErrorApp, errores } from '../../errores/errores.js';
import { MEDIDOR_NULO, type Medidor } from '../../metricas/medidor.js';
import { limpiarTexto, revisarValor } from '../json-acotado.js';
import { REFERENCIA_MINSALUD } from '../tipos.js';
import { errorSinResultado, explicarResultado, MAX_ISSUES_IHCE } from './explicar.js';
import {
  type AlcanceConsulta,
  arr,
  esOperationOutcome,
  LOINC,
  LOINC_REFERENCIA_IHCE,
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
      /** null: a 2xx without a recognisable VIDA (accepted all the same, never re-sent). */
      vida: string | null;
      compositionId: string | null;
      /** The DocumentReference the platform created for the document (transaction-response). */
      documentReferenceId?: string | null;
      /** Each entry of the platform's transaction-response (what it created or already knew). */
      recursos?: RecursoIhce[];
      avisos: ErrorAccionable[];
    }
  | {
      resultado: 'rechazado';
      status: number;
      errores: ErrorAccionable[];
      /**
       * A 409 whose OperationOutcome says `duplicate`: the platform already holds a document for this
       * encounter. Ours if an earlier attempt of the same transmission had an unknown outcome (the
       * transmission service decides); `vida` when the answer carries it in a form we recognise.
       */
      duplicado?: { vida: string | null };
    }
  | {
      resultado: 'transitorio';
      status: number | null;
      errores: ErrorAccionable[];
      /** Retry-After of a 429/503, in seconds. */
      reintentarEnSegundos?: number;
      /**
       * false: the document certainly did not reach the platform (no token, connection refused,
       * 4xx from the gateway). true: it may have been stored (timeout, cut connection, 5xx).
       */
      incierto?: boolean;
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
  /** `Composition.subject.reference` as the platform holds it (a FHIR reference), or null. */
  paciente: string | null;
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
  /** status null only: the request never left (no token, connection refused, unknown host). */
  noEnviada?: boolean;
}

/** Errors of fetch raised before any byte of the request could reach the platform. */
const SIN_CONEXION = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

function codigoCausa(e: unknown): string | undefined {
  const causa = (e as { cause?: { code?: unknown } } | null)?.cause;
  return typeof causa?.code === 'string' ? causa.code : undefined;
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
          return { status: e.transitorio ? null : 401, cuerpo: undefined, noEnviada: true };
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
        const codigo = codigoCausa(e);
        return { status: null, cuerpo: undefined, noEnviada: !!codigo && SIN_CONEXION.has(codigo) };
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

  /**
   * `POST /Composition/$enviar-rda-{…}`: accepted (VIDA, or null when a 2xx carries none), rejected
   * (explained; a 409 `duplicate` is flagged for the service) or transient.
   */
  async enviar(c: CredencialesIhce, tipo: TipoRdaIhce, bundle: unknown): Promise<ResultadoEnvio> {
    const op = PERFIL_IHCE[tipo].operacion;
    const r = await this.llamar(c, op, 'POST', `/Composition/${op}`, bundle);
    if (r.status === null) {
      return {
        resultado: 'transitorio',
        status: null,
        errores: [errorSinResultado('transient', 'La plataforma no respondió a tiempo o la conexión falló.')],
        incierto: !r.noEnviada,
      };
    }
    if (r.status >= 200 && r.status < 300) {
      // A 2xx is an acceptance (as the platform's public client reads it): never re-sent, VIDA or not.
      return {
        resultado: 'aceptado',
        status: r.status,
        ...leerRespuestaAceptada(r.cuerpo, r.location ?? null, bundle),
      };
    }
    if ((r.status === 400 || r.status === 409 || r.status === 422) && esOperationOutcome(r.cuerpo)) {
      const duplicado = r.status === 409 ? leerDuplicado(r.cuerpo) : undefined;
      return {
        resultado: 'rechazado',
        status: r.status,
        errores: explicarResultado(r.cuerpo),
        ...(duplicado ? { duplicado } : {}),
      };
    }
    if (r.status === 401 || r.status === 403) {
      return {
        resultado: 'transitorio',
        status: r.status,
        errores: [errorSinResultado('security', `La plataforma respondió ${r.status}.`)],
        incierto: false,
      };
    }
    return {
      resultado: 'transitorio',
      status: r.status,
      errores: esOperationOutcome(r.cuerpo)
        ? explicarResultado(r.cuerpo)
        : [errorSinResultado('transient', `La plataforma respondió ${r.status}.`)],
      ...(r.reintentarEnSegundos !== undefined ? { reintentarEnSegundos: r.reintentarEnSegundos } : {}),
      // A 5xx may come after the document was stored; a 4xx (429, 404, 413…) means it was not.
      incierto: r.status >= 500,
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
    return this.leerPagina(r);
  }

  /** Follows a `next` link (relative to the base URL, as returned in `PaginaIhce.siguiente`). */
  async pagina(c: CredencialesIhce, siguiente: string): Promise<PaginaIhce> {
    if (!siguiente.startsWith('/')) throw errores.entradaInvalida('Cursor inválido.');
    const r = await this.llamar(c, 'pagina', 'GET', siguiente);
    if (r.status === 410 || r.status === 404)
      throw new ErrorApp(
        'cursor-expirado',
        'La página siguiente ya no está disponible en la plataforma IHCE. Repita la consulta sin cursor.',
      );
    return this.leerPagina(r);
  }

  private leerPagina(r: Respuesta): PaginaIhce {
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
        // The platform's own reference, never the number the caller sent (that stays out of the answer).
        paciente: str(obj(comp.subject)?.reference) ?? null,
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

/** One entry of the platform's transaction-response: a resource it created (201) or already knew (200). */
export interface RecursoIhce {
  /** Resource type, from the entry's resource, its location or (200 without location) the entry sent in the same place. */
  tipo: string | null;
  id: string | null;
  version: string | null;
  /** HTTP status of the entry (`201`, `200`…). */
  status: number | null;
  location: string | null;
}

export interface RespuestaAceptada {
  vida: string | null;
  compositionId: string | null;
  /** The DocumentReference the platform created pointing at the Composition; null if not found. */
  documentReferenceId: string | null;
  /** The entries of a transaction-response (empty for any other answer). */
  recursos: RecursoIhce[];
  avisos: ErrorAccionable[];
}

/** Entries of a transaction-response kept (a document has a few dozen; a hostile answer could carry millions). */
export const MAX_RECURSOS_IHCE = 1000;

/** `…/<Tipo>/<id>[/_history/<versión>]` of an entry's location (FHIR ids: 1–64 of [A-Za-z0-9-.]). */
const RUTA_RECURSO =
  /(?:^|\/)([A-Z][A-Za-z]{1,63})\/([A-Za-z0-9.-]{1,64})(?:\/_history\/([A-Za-z0-9.-]{1,64}))?\/?$/;

function leerUbicacionRecurso(
  location: string,
): { tipo: string; id: string; version: string | null } | undefined {
  let ruta: string;
  try {
    ruta = new URL(location, 'http://ihce.invalid').pathname;
  } catch {
    return undefined;
  }
  const m = RUTA_RECURSO.exec(ruta);
  return m ? { tipo: m[1]!, id: m[2]!, version: m[3] ?? null } : undefined;
}

/** `201`, `201 Created`: the leading HTTP code of `entry.response.status`. */
function codigoEstado(s: unknown): number | null {
  const m = typeof s === 'string' ? /^\s*([1-5]\d\d)\b/.exec(s) : null;
  return m ? Number(m[1]) : null;
}

const acotar = (x: string | undefined | null) => (x ? limpiarTexto(x, MAX_ID_IHCE) : null);

/** Whether a DocumentReference points at the Composition (`content.attachment.url` `Composition/<id>`). */
function apuntaAComposicion(r: Record<string, unknown> | undefined, compositionId: string | null): boolean {
  if (!compositionId) return false;
  return arr(r?.content).some((c) => {
    const url = str(obj(obj(c)?.attachment)?.url);
    return !!url && (url === `Composition/${compositionId}` || url.endsWith(`/Composition/${compositionId}`));
  });
}

const esReferenciaIhce = (r: Record<string, unknown> | undefined): boolean =>
  arr(obj(r?.type)?.coding).some((c) => obj(c)?.system === LOINC && obj(c)?.code === LOINC_REFERENCIA_IHCE) &&
  str(obj(r?.custodian)?.reference) === REFERENCIA_MINSALUD;

/**
 * A `transaction-response` acceptance (the platform's, issue 32): one entry per entry sent, in the
 * same order (FHIR), plus what the platform adds. Each entry's resource type and id come from its
 * resource or its location (`…/<Tipo>/<id>/_history/<v>`); a 200 without either (a resource the
 * platform already knew) takes the type of the entry sent in its place. The DocumentReference of the
 * platform is the one whose attachment points at the Composition, else the one of type 18842-5 with
 * custodian MinSalud, else the only DocumentReference beyond the entries sent.
 */
function leerTransaccion(b: Record<string, unknown>, enviado: unknown) {
  const enviadas = arr(obj(enviado)?.entry);
  const entradas = arr(b.entry).slice(0, MAX_RECURSOS_IHCE).map(obj);
  const recursos: RecursoIhce[] = [];
  const avisos: ErrorAccionable[] = [];
  entradas.forEach((e, i) => {
    const resp = obj(e?.response);
    const res = obj(e?.resource);
    const location = str(resp?.location);
    const ubic = location ? leerUbicacionRecurso(location) : undefined;
    const tipo = str(res?.resourceType) ?? ubic?.tipo ?? str(obj(obj(enviadas[i])?.resource)?.resourceType);
    recursos.push({
      tipo: acotar(tipo),
      id: acotar(str(res?.id) ?? ubic?.id),
      version: acotar(str(obj(res?.meta)?.versionId) ?? ubic?.version),
      status: codigoEstado(resp?.status),
      location: acotar(location),
    });
    // Warnings of an entry travel in its response.outcome; they never block.
    if (esOperationOutcome(resp?.outcome))
      avisos.push(...explicarResultado(resp.outcome).filter((x) => x.severidad !== 'rechazo'));
  });
  const compositionId = recursos.find((r) => r.tipo === 'Composition' && r.id)?.id ?? null;
  const referencias = recursos
    .map((r, i) => ({ r, i, res: obj(entradas[i]?.resource) }))
    .filter((x) => x.r.tipo === 'DocumentReference' && x.r.id);
  const propias = referencias.filter((x) => x.i >= enviadas.length);
  const documento =
    referencias.find((x) => apuntaAComposicion(x.res, compositionId)) ??
    referencias.find((x) => esReferenciaIhce(x.res)) ??
    (enviadas.length && propias.length === 1 ? propias[0] : undefined);
  return { recursos, compositionId, documentReferenceId: documento?.r.id ?? null, avisos };
}

/** Whether an identifier's system is the VIDA's (`…/NamingSystem/identifier-RDA`). */
const esSistemaVida = (s: unknown): boolean => s === SISTEMA_VIDA;
/** A system named by its last segment only (Location forms): `identifier-RDA` or any `…/identifier-RDA`. */
const terminaEnVida = (s: string): boolean => /(^|\/)identifier-RDA$/.test(s);

const sinSistema = (x: unknown): boolean => x === undefined || x === null || x === '';

const identificadores = (x: unknown) => [...(Array.isArray(x) ? x : [x])].map(obj).filter((i) => !!i);

/**
 * What Location says (docs/rda-transmision.md): the Composition id from `…/Composition/{id}` (what the
 * sandbox returns) and a VIDA only from `…/identifier-RDA/{valor}` or `?identifier={…identifier-RDA}|{valor}`.
 */
export function leerLocation(location: string | null): { vida?: string; compositionId?: string } {
  if (!location) return {};
  let u: URL;
  try {
    u = new URL(location, 'http://ihce.invalid');
  } catch {
    return {};
  }
  const segmentos = u.pathname
    .split('/')
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
  const fuera: { vida?: string; compositionId?: string } = {};
  const iv = segmentos.lastIndexOf('identifier-RDA');
  if (iv >= 0 && iv === segmentos.length - 2) fuera.vida = segmentos[iv + 1];
  for (const v of u.searchParams.getAll('identifier')) {
    const barra = v.lastIndexOf('|');
    if (!fuera.vida && barra > 0 && terminaEnVida(v.slice(0, barra)) && v.slice(barra + 1))
      fuera.vida = v.slice(barra + 1);
  }
  const ic = segmentos.lastIndexOf('Composition');
  const id = ic >= 0 ? segmentos[ic + 1] : undefined;
  if (id && !id.startsWith('$')) fuera.compositionId = id;
  return fuera;
}

/**
 * The VIDA of an accepted document (docs/rda-transmision.md), in this order: `Bundle.identifier`
 * with the identifier-RDA system (what a public client of the platform reads); the Bundle's sole
 * identifier when it has no system at all (our leniency: only the platform can have put an
 * identifier we did not send); the Composition's identifier-RDA identifier; for an
 * OperationOutcome answer, its issues (vidaEnIssues); a Location of the VIDA forms (leerLocation).
 * The Composition id comes from `Composition.id`, else from Location. Values are made storable and
 * bounded (MAX_ID_IHCE).
 */
export function leerRespuestaAceptada(
  cuerpo: unknown,
  location: string | null,
  enviado?: unknown,
): RespuestaAceptada {
  const b = obj(cuerpo);
  // The answer may be the Bundle (what the sandbox returns) or, on a platform that answers so, the Composition.
  const comp =
    b?.resourceType === 'Composition'
      ? b
      : obj(
          arr(b?.entry)
            .map((e) => obj(obj(e)?.resource))
            .find((r) => r?.resourceType === 'Composition'),
        );
  const delBundle = b && b.resourceType !== 'Composition' ? identificadores(b.identifier) : [];
  // Weak sources (no system, free text) must not hand back an identifier we sent ourselves.
  const propios = new Set(identificadores(obj(enviado)?.identifier).map((i) => i.value));
  const ajeno = (v: string | undefined) => (v && !propios.has(v) ? v : undefined);
  let valor = str(delBundle.find((i) => esSistemaVida(i.system))?.value);
  if (!valor && delBundle.length === 1 && sinSistema(delBundle[0]!.system)) {
    valor = ajeno(str(delBundle[0]!.value));
  }
  valor ??= str(identificadores(comp?.identifier).find((i) => esSistemaVida(i.system))?.value);
  // An OperationOutcome answered as the acceptance: its issues, in the forms read in a 409.
  if (esOperationOutcome(b)) valor ??= ajeno(vidaEnIssues(b.issue.slice(0, MAX_ISSUES_IHCE).map(obj)));
  const loc = leerLocation(location);
  valor ??= loc.vida;
  // Stored in the trail: never NUL or a lone surrogate (PostgreSQL refuses them) nor a megabyte.
  const vida = valor ? limpiarTexto(valor, MAX_ID_IHCE) : null;
  const transaccion =
    b?.resourceType === 'Bundle' && b.type === 'transaction-response'
      ? leerTransaccion(b, enviado)
      : undefined;
  const id = str(comp?.id) ?? transaccion?.compositionId ?? loc.compositionId;
  const compositionId = id ? limpiarTexto(id, MAX_ID_IHCE) : null;
  // Warnings may travel in an OperationOutcome answered with the 2xx (or in a transaction entry's
  // response.outcome); they never block.
  const avisos = esOperationOutcome(b)
    ? explicarResultado(b).filter((e) => e.severidad !== 'rechazo')
    : (transaccion?.avisos ?? []);
  return {
    vida,
    compositionId,
    documentReferenceId: transaccion?.documentReferenceId ?? null,
    recursos: transaccion?.recursos ?? [],
    avisos,
  };
}

/** The acceptance when it carries a VIDA (leerRespuestaAceptada), else null. */
export function leerAceptacion(
  cuerpo: unknown,
  location: string | null,
  enviado?: unknown,
): (RespuestaAceptada & { vida: string }) | null {
  const r = leerRespuestaAceptada(cuerpo, location, enviado);
  return r.vida === null ? null : { ...r, vida: r.vida };
}

/** `{…identifier-RDA}|{valor}` in a diagnostics text (the FHIR token form). */
const VIDA_EN_TEXTO = /identifier-RDA\|([A-Za-z0-9][A-Za-z0-9._-]{0,199})/;

/**
 * The VIDA in OperationOutcome issues (our assumption of where it could travel, not a published
 * format): an extension with a `valueIdentifier` of the identifier-RDA system (or a url ending in
 * `identifier-RDA` and a `valueString`), else `{…identifier-RDA}|{valor}` in details.text or diagnostics.
 */
function vidaEnIssues(issues: (Record<string, unknown> | undefined)[]): string | undefined {
  for (const i of issues) {
    for (const e of arr(i?.extension).slice(0, MAX_ISSUES_IHCE).map(obj)) {
      const vi = obj(e?.valueIdentifier);
      if (vi && esSistemaVida(vi.system) && str(vi.value)) return str(vi.value);
      const url = str(e?.url);
      const v = url && terminaEnVida(url) ? (str(e?.valueString) ?? str(vi?.value)) : undefined;
      if (v) return v;
    }
    // The platform writes its messages in details.text; diagnostics as before.
    for (const d of [str(obj(i?.details)?.text), str(i?.diagnostics)]) {
      const v = d ? VIDA_EN_TEXTO.exec(d.slice(0, 2000))?.[1]?.replace(/[.]+$/, '') : undefined;
      if (v) return v;
    }
  }
  return undefined;
}

/**
 * A 409 with an issue of code `duplicate`, and the VIDA of the document the platform holds when one
 * of those issues carries it (vidaEnIssues). undefined: not a duplicate.
 */
export function leerDuplicado(oo: unknown): { vida: string | null } | undefined {
  if (!esOperationOutcome(oo)) return undefined;
  const issues = oo.issue
    .slice(0, MAX_ISSUES_IHCE)
    .map(obj)
    .filter((i) => i?.code === 'duplicate');
  if (!issues.length) return undefined;
  const valor = vidaEnIssues(issues);
  return { vida: valor ? limpiarTexto(valor, MAX_ID_IHCE) : null };
}
