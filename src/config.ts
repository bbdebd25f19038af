import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatoApiKeyValido } from './auth/api-keys.js';
import { ConfigError, citar, type Env, Lector, NIVELES_LOG } from './config/lector.js';
import { leerProxiesConfiables, type ProxiesConfiables } from './config/proxies.js';
import { MODULOS, type Modulo } from './entidades/valores.js';
import {
  type ConfigValidadorHl7,
  ErrorConfigValidador,
  leerConfigValidador,
} from './rda/validador-oficial/config.js';
import { ANTIGUEDAD_MAXIMA_DIAS_POR_DEFECTO } from './rips/catalogos/antiguedad.js';
import { parsearRechazoDesde, RECHAZO_DESDE } from './rips/reglas/gradualidad.js';

export { ConfigError, type ProblemaConfig, parseTamano, textoConfigInvalida } from './config/lector.js';

/** Typed configuration, read once from the environment. */
export interface Config {
  entorno: 'desarrollo' | 'produccion' | 'prueba';
  port: number;
  host: string;
  /** Unset: embedded PostgreSQL under `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  embeddedPgPort: number;
  /** Max accepted request body (bytes, after gzip inflation). */
  bodyLimitBytes: number;
  logLevel: string;
  /** AES-256 key for ministry credentials at rest. */
  credentialsKey: Buffer;
  oidc: OidcConfig | undefined;
  demo: { crear: boolean; apiKey: string | undefined };
  bd: { reintentarEnSegundos: number; sondeoMs: number; timeoutConexionMs: number; poolMax: number };
  /** Domain events (issue 22): safety read of the outbox when no NOTIFY arrived. */
  eventos: { sondeoMs: number };
  /** Issue 23: how often the roll-ups' stripes of closed days are folded (0 = never, for tests). */
  resumen: { compactarCadaMs: number };
  upstreams: {
    /** `simulador`: the base URL is the in-process sandbox of the default run. */
    muv: { baseUrl: string | undefined; simulador?: boolean };
    /** `simulador`: pointed at the in-process IHCE sandbox simulator (default run). */
    ihce: { baseUrl: string | undefined; tokenUrl: string | undefined; simulador?: boolean };
  };
  graphqlIntrospection: boolean;
  /** GraphiQL at GET /graphql for a browser (on in development, opt-in in production). */
  graphqlIde: boolean;
  /** The analysts' panel at GET /panel (on in development, opt-in in production like the IDE). */
  panel: boolean;
  /** Browser origins allowed by CORS (exact `scheme://host[:port]`); empty: no CORS headers at all. */
  corsOrigenes: string[];
  /** GraphQL documents over any of these are refused before they are validated or run. */
  graphqlLimites: LimitesGraphql;
  /** Requests per minute per client address (before authentication) and per entity (after); per instance. */
  limiteTasa: {
    habilitado: boolean;
    ipPorMinuto: number;
    entidadPorMinuto: number;
    /** Units of report work (src/graphql/costo-informes.ts) per entity and minute; beyond, reports wait or get 429. */
    informesPorMinuto: number;
  };
  /** GraphQL subscriptions (graphql-ws on /graphql), per instance: active operations per socket, sockets per entity. */
  suscripciones: { porConexion: number; conexionesPorEntidad: number };
  /** Proxies whose X-Forwarded-For entries are trusted (TRUST_PROXY): none by default, hops or addresses. */
  proxiesConfiables: ProxiesConfiables;
  /** Modules this instance serves: readiness requires only their upstreams. */
  modulos: Modulo[];
  /**
   * Graceful shutdown: after SIGTERM/SIGINT, /ready fails and the listener keeps answering for
   * `esperaPreviaMs` (the balancer stops routing here), then in-flight requests get `drenajeMs`.
   */
  apagado: { esperaPreviaMs: number; drenajeMs: number };
  /** Slow clients: a whole request (headers and body) and its headers must arrive within these. */
  http: {
    solicitudMs: number;
    cabecerasMs: number;
    /** Heavy JSON bodies (compressed or large) read at once, from what size, and how long one waits. */
    cuerpos: { simultaneos: number; pesadoDesdeBytes: number; esperaMs: number };
  };
  /** Prometheus `GET /metrics`; with a token it requires `Authorization: Bearer <token>`. */
  metricas: { habilitadas: boolean; token: string | undefined };
  /** OpenTelemetry tracing (OTLP over HTTP) when an endpoint is set. */
  trazas: { endpoint: string | undefined; servicio: string };
  /** `/ready`: upstream probes are cached this long and time out after `timeoutSondaMs`. */
  listo: { cacheMs: number; timeoutSondaMs: number };
  /** Imported SISPRO tables older than this many days (from the import) are flagged; 0: never. */
  catalogos: { antiguedadMaximaDias: number };
  rips: {
    rechazoDesde: Record<string, string>;
    /** Validation threads for large streamed bodies (0: validate in the request thread). */
    hilos: number;
    /** Bodies whose users' text reaches this size go to a validation thread. */
    hiloDesdeBytes: number;
    /** REST bodies declaring at most this many bytes, and inflating to at most that, are read whole. */
    cuerpoEnteroHastaBytes: number;
    /** Findings a validation answers (and a filing stores); the rest are counted by code. */
    maxHallazgos: number;
    /** Characters of those findings' texts, all together. */
    maxRespuestaCaracteres: number;
    /** HMAC key of the patient documents in the history of filed services (src/rips/historia). */
    claveHistoria: Buffer;
  };
  /** FEV gate (invoice XML): max decoded AttachedDocument size and element nesting. */
  fev: { maxBytes: number; maxProfundidad: number };
  muv: MuvConfig;
  /** Official HL7 validator for RDA bundles (RDA_VALIDADOR_*). */
  validadorHl7: ConfigValidadorHl7;
  rda: ConfigRda;
  webhooks: ConfigWebhooks;
}

export interface LimitesGraphql {
  /** Lexical tokens of the whole document (also bounds the parser's recursion). */
  maxTokens: number;
  /** Nesting of fields (fragments flattened). */
  maxProfundidad: number;
  maxAlias: number;
  /** graphql-armor's cost: each field weighs 1 (2 with a selection), times 1.5 per level below. */
  maxCosto: number;
  maxDirectivas: number;
  /** Times one field that calls the MUV, the IHCE or a validator may run in one operation. */
  maxCampoCostoso: number;
  /** Units of report work one request may ask for (periods × views × aliases; src/graphql/costo-informes.ts). */
  maxCostoInformes: number;
  /** Stored findings one request may read through filings (a page of filings with their findings). */
  maxHallazgos: number;
}

/** RDA transmission to the IHCE: timeouts, retry queue and the key that signs query cursors. */
export interface ConfigRda {
  /** Per-call timeout of the IHCE client. */
  timeoutIhceMs: number;
  /** Attempts in total (the first, synchronous one included) before giving up on transient failures. */
  maxIntentos: number;
  /** Exponential backoff: base · 2^(n-1) seconds, capped, with jitter. */
  reintentoBaseSegundos: number;
  reintentoMaxSegundos: number;
  /** pg-boss queue name (one per deployment; tests use their own). */
  cola: string;
  /** HMAC key of the opaque `siguiente` cursors of POST /rda/consultas. */
  claveCursor: Buffer;
  /** Lifetime of a cursor we hand out (the upstream `next` link may expire earlier: 410). */
  cursorTtlSegundos: number;
  /** Without IHCE_BASE_URL in development (the default run), start the IHCE sandbox simulator in-process. */
  simulador: boolean;
}

/** Signed webhooks (src/webhooks): the outbox relay, the pg-boss delivery queue and its retries. */
export interface ConfigWebhooks {
  /** Production: https only, and receivers must resolve to public addresses only (checked again at delivery). */
  soloPublicas: boolean;
  /** pg-boss queue name (one per deployment; tests use their own). */
  cola: string;
  /** Attempts per event and endpoint, the first included (pg-boss retryLimit = intentos - 1). */
  intentos: number;
  /** pg-boss exponential backoff: the wait after attempt n is base · 2^(n-1) · (1 to 2). */
  reintentoBaseSegundos: number;
  /** Ceiling the longest of those waits may reach (pg-boss 10 has none: the configuration enforces it). */
  reintentoMaxSegundos: number;
  /** Whole POST: connection, TLS, status line and the first KB of the answer. */
  timeoutMs: number;
  /** The relay reads the outbox this often besides the wake-ups of new events. */
  sondeoMs: number;
  /** Outbox events read per relay transaction. */
  lote: number;
  /** Deliveries in flight at once per instance. */
  simultaneas: number;
}

/** MUV client and its sandbox simulator (base URL lives in `upstreams.muv`). */
export interface MuvConfig {
  /** Upload (Cargar*) timeout per attempt. */
  timeoutMs: number;
  /** Login and ConsultarCUV timeout per attempt. */
  consultaTimeoutMs: number;
  /** Extra attempts after a network error, a timeout or a 5xx (bounded). */
  reintentos: number;
  reintentoBaseMs: number;
  /** Bodies of at least this size are sent with Content-Encoding: gzip. */
  gzipDesdeBytes: number;
  /** A cached token is renewed this long before it expires. */
  renovarTokenAntesMs: number;
  /** Uploads to the mechanism in flight at once per instance (the rest queue in memory). */
  radicacionesSimultaneas: number;
  /** A pending filing older than this is reconciled with ConsultarCUV (its request is gone). */
  pendienteTrasMs: number;
  /** How often the reconciler looks for such rows (0 = never). */
  conciliarCadaMs: number;
  /** How long a request retries writing its evidence when the database fails after the MUV answered. */
  completarDuranteMs: number;
  /**
   * Path of RecuperarCUV: the manual (§8.15) says /api/PaquetesFevRips/RecuperarCUV, the swagger and
   * LIN /api/ConsultasFevRips/RecuperarCUV; the deployed API Docker decides.
   */
  rutaRecuperarCuv: string;
  simulador: SimuladorMuvConfig;
}

export interface SimuladorMuvConfig {
  /** Start the simulator in-process when MUV_BASE_URL is unset (default run). */
  iniciar: boolean;
  port: number;
  /**
   * MUV_SIM_PORT was set: a taken port then fails start-up naming it. Unset (9443 by default), a taken
   * port (a second instance on the same machine) gives way to a free one, logged.
   */
  puertoFijo: boolean;
  tokenSegundos: number;
  latenciaMs: number;
  /** Fractions (0–1) of requests that fail that way. */
  proporcion5xx: number;
  proporcionColgar: number;
  proporcionSoltar: number;
}

export interface OidcConfig {
  issuer: string;
  audience: string;
  algorithms: string[];
  groupsClaim: string;
  /** Only for tests and local issuers over http. */
  allowInsecureHttp: boolean;
  /** Longest lifetime a bearer token may have (exp − iat, or exp − now without iat), in seconds. */
  maxVidaTokenSegundos: number;
}

function leerEntorno(l: Lector): Config['entorno'] {
  const nodeEnv = l.opcion('NODE_ENV', ['production', 'development', 'test'], 'development');
  return nodeEnv === 'production' ? 'produccion' : nodeEnv === 'test' ? 'prueba' : 'desarrollo';
}

/** Sandbox conveniences: on by default in development only, and refused in production. */
function soloDesarrollo(
  l: Lector,
  nombre: string,
  entorno: Config['entorno'],
  que: string,
  enSuLugar = '',
): boolean {
  const valor = l.booleano(nombre, entorno === 'desarrollo');
  if (!valor || entorno !== 'produccion') return valor;
  l.problema(
    nombre,
    `${que} no se permite en producción (NODE_ENV=production)${enSuLugar}; para un entorno sandbox use NODE_ENV=development`,
  );
  return false;
}

/**
 * Outside production a missing key is generated once and kept under the data dir,
 * so encrypted credentials survive restarts of a local run.
 */
function claveLocal(dataDir: string): Buffer {
  const file = path.join(dataDir, 'credentials.key');
  try {
    if (existsSync(file)) {
      const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
      if (key.length === 32) return key;
      throw new ConfigError([
        {
          variable: 'CREDENTIALS_KEY',
          mensaje: `${file} no contiene 32 bytes en base64; corríjalo o defina CREDENTIALS_KEY`,
        },
      ]);
    }
    mkdirSync(dataDir, { recursive: true });
    const key = randomBytes(32);
    writeFileSync(file, key.toString('base64'), { mode: 0o600 });
    return key;
  } catch (e) {
    if (e instanceof ConfigError) throw e;
    const codigo = (e as { code?: string }).code ?? (e as Error).name;
    throw new ConfigError([
      {
        variable: 'DATA_DIR',
        mensaje: `no se pudo leer ni crear ${file} (${codigo}); defina CREDENTIALS_KEY o corrija DATA_DIR`,
      },
    ]);
  }
}

function configOidc(l: Lector): OidcConfig | undefined {
  const issuer = l.url('OIDC_ISSUER');
  const allowInsecureHttp = l.booleano('OIDC_ALLOW_INSECURE_HTTP', false);
  const algorithms = (l.texto('OIDC_ALGORITHMS') ?? 'RS256,ES256,PS256')
    .split(',')
    .map((s) => s.trim())
    .filter((a) => a && a.toLowerCase() !== 'none');
  if (!issuer) return undefined;
  const audience = l.texto('OIDC_AUDIENCE');
  if (!audience) l.problema('OIDC_AUDIENCE', 'es obligatoria cuando se configura OIDC_ISSUER');
  if (!algorithms.length)
    l.problema('OIDC_ALGORITHMS', 'no deja ningún algoritmo (none nunca se acepta): use p. ej. RS256,ES256');
  if (issuer.startsWith('http:') && !allowInsecureHttp)
    l.problema(
      'OIDC_ISSUER',
      'usa http://: use https:// (OIDC_ALLOW_INSECURE_HTTP=true solo para pruebas o un emisor local)',
    );
  return {
    issuer,
    audience: audience ?? '',
    algorithms,
    groupsClaim: l.texto('OIDC_GROUPS_CLAIM') ?? 'groups',
    allowInsecureHttp,
    // 24 h: the longest default access-token lifetime of the common providers (Auth0); see docs/operacion.md.
    maxVidaTokenSegundos: l.entero('OIDC_MAX_TOKEN_LIFETIME_SECONDS', 86_400, 60, 31 * 86_400),
  };
}

function configRda(l: Lector, entorno: Config['entorno']): ConfigRda {
  const cola = l.texto('RDA_COLA') ?? 'rda-transmision';
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(cola))
    l.problema('RDA_COLA', 'solo admite letras, dígitos, _ y - (hasta 100 caracteres)');
  return {
    timeoutIhceMs: l.entero('IHCE_TIMEOUT_MS', 15_000, 1),
    maxIntentos: l.entero('RDA_MAX_INTENTOS', 6, 1, 100),
    reintentoBaseSegundos: l.entero('RDA_REINTENTO_BASE_SEGUNDOS', 30, 1),
    reintentoMaxSegundos: l.entero('RDA_REINTENTO_MAX_SEGUNDOS', 3600, 1),
    cola,
    // Set by loadConfig once the configuration is known to be valid.
    claveCursor: Buffer.alloc(0),
    cursorTtlSegundos: l.entero('RDA_CURSOR_TTL_SEGUNDOS', 900, 1),
    simulador: soloDesarrollo(
      l,
      'IHCE_SIMULADOR',
      entorno,
      'el simulador IHCE (sandbox)',
      ': defina IHCE_BASE_URL',
    ),
  };
}

function configWebhooks(l: Lector, entorno: Config['entorno']): ConfigWebhooks {
  const cola = l.texto('WEBHOOK_COLA') ?? 'webhooks';
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(cola))
    l.problema('WEBHOOK_COLA', 'solo admite letras, dígitos, _ y - (hasta 100 caracteres)');
  const intentos = l.entero('WEBHOOK_INTENTOS', 8, 1, 20);
  const base = l.entero('WEBHOOK_REINTENTO_BASE_SEGUNDOS', 10, 1, 86_400);
  const max = l.entero('WEBHOOK_REINTENTO_MAX_SEGUNDOS', 3600, 1, 7 * 86_400);
  // pg-boss doubles the wait after each failure (with up to 100 % jitter) and cannot cap it itself.
  const mayorEspera = base * 2 ** (intentos - 1);
  if (mayorEspera > max)
    l.problema(
      'WEBHOOK_REINTENTO_MAX_SEGUNDOS',
      `con WEBHOOK_INTENTOS=${intentos} y WEBHOOK_REINTENTO_BASE_SEGUNDOS=${base} la última espera llegaría a ${mayorEspera} s, más que el tope de ${max} s: baje los intentos o la base, o suba el tope`,
    );
  return {
    soloPublicas: entorno === 'produccion',
    cola,
    intentos,
    reintentoBaseSegundos: base,
    reintentoMaxSegundos: max,
    timeoutMs: l.entero('WEBHOOK_TIMEOUT_MS', 10_000, 100, 120_000),
    sondeoMs: l.entero('WEBHOOK_SONDEO_SEGUNDOS', 5, 1, 3600) * 1000,
    lote: l.entero('WEBHOOK_LOTE', 100, 1, 1000),
    simultaneas: l.entero('WEBHOOK_SIMULTANEAS', 8, 1, 100),
  };
}

function validadorHl7(l: Lector, env: Env): ConfigValidadorHl7 {
  try {
    return leerConfigValidador(env);
  } catch (e) {
    if (!(e instanceof ErrorConfigValidador)) throw e;
    l.problemaDe(e, 'RDA_VALIDADOR_JAR, RDA_VALIDADOR_URL');
    return { modo: 'ninguno' };
  }
}

function rechazoDesde(l: Lector): Record<string, string> {
  try {
    // Over the built-in announced dates: an entry moves a date, CODIGO=nunca drops it.
    return parsearRechazoDesde(l.texto('RIPS_RECHAZO_DESDE'), RECHAZO_DESDE);
  } catch (e) {
    l.problemaDe(e as Error, 'RIPS_RECHAZO_DESDE');
    return { ...RECHAZO_DESDE };
  }
}

/** Manual v4.3 §8.15; the swagger's /api/ConsultasFevRips/RecuperarCUV is the other known one. */
export const RUTA_RECUPERAR_CUV = '/api/PaquetesFevRips/RecuperarCUV';

function rutaRecuperarCuv(l: Lector): string {
  const v = l.texto('MUV_RUTA_RECUPERAR_CUV')?.trim();
  if (!v) return RUTA_RECUPERAR_CUV;
  if (!/^\/[A-Za-z0-9/_.-]+$/.test(v)) {
    l.problema(
      'MUV_RUTA_RECUPERAR_CUV',
      `${citar(v)} no es una ruta: use una ruta absoluta, p. ej. /api/ConsultasFevRips/RecuperarCUV`,
    );
    return RUTA_RECUPERAR_CUV;
  }
  return v;
}

/**
 * CORS_ORIGINS: comma-separated exact origins. Each must be what a browser sends in `Origin` (no path,
 * no trailing slash, no wildcard): a near miss would silently never match.
 */
function origenesCors(l: Lector): string[] {
  const v = l.texto('CORS_ORIGINS');
  if (!v?.trim()) return [];
  const origenes: string[] = [];
  for (const parte of v.split(',')) {
    const o = parte.trim();
    if (!o) continue;
    let url: URL | undefined;
    try {
      url = new URL(o);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== o) {
      l.problema(
        'CORS_ORIGINS',
        `${citar(o)} no es un origen exacto: use esquema://host[:puerto] sin ruta ni barra final, p. ej. https://app.hospital.gov.co`,
      );
      continue;
    }
    if (!origenes.includes(o)) origenes.push(o);
  }
  return origenes;
}

/** Node refuses a headers timeout longer than the request timeout: the latter bounds both. */
function tiemposHttp(l: Lector): Config['http'] {
  const solicitudMs = l.entero('REQUEST_TIMEOUT_SECONDS', 120, 1, 3600) * 1000;
  return {
    solicitudMs,
    cabecerasMs: Math.min(solicitudMs, l.entero('HEADERS_TIMEOUT_SECONDS', 20, 1, 3600) * 1000),
    cuerpos: {
      simultaneos: l.entero('BODY_HEAVY_CONCURRENCY', 2, 1, 1000),
      pesadoDesdeBytes: l.tamano('BODY_HEAVY_FROM', '8mb'),
      esperaMs: l.entero('BODY_HEAVY_WAIT_SECONDS', 30, 1, 3600) * 1000,
    },
  };
}

function modulos(l: Lector): Modulo[] {
  const v = l.texto('MODULOS');
  if (v === undefined) return [...MODULOS];
  const lista = v
    .split(',')
    .map((m) => m.trim().toLowerCase())
    .filter(Boolean);
  const desconocidos = lista.filter((m) => !(MODULOS as readonly string[]).includes(m));
  if (desconocidos.length || !lista.length) {
    l.problema(
      'MODULOS',
      `${desconocidos.length ? `tiene valores desconocidos (${desconocidos.map(citar).join(', ')})` : 'no nombra ningún módulo'}: use ${MODULOS.join(',')} o parte de ellos`,
    );
    return [...MODULOS];
  }
  return [...new Set(lista)] as Modulo[];
}

/** Reads and checks the whole configuration; throws one ConfigError listing every problem. */
export function loadConfig(env: Env = process.env): Config {
  const l = new Lector(env);
  const entorno = leerEntorno(l);
  const produccion = entorno === 'produccion';
  const dataDir = path.resolve(l.texto('DATA_DIR') ?? '.data');

  const credentialsKey = l.clave('CREDENTIALS_KEY', 32, true);
  if (produccion && !l.texto('CREDENTIALS_KEY'))
    l.problema(
      'CREDENTIALS_KEY',
      'es obligatoria en producción: 32 bytes en base64 que cifran las credenciales del Ministerio (genere una con: openssl rand -base64 32 y consérvela)',
    );
  const claveCursor = l.clave('RDA_CURSOR_KEY', 32, false);
  const claveHistoria = l.clave('RIPS_HISTORIA_CLAVE', 32, false);
  const databaseUrl = l.url('DATABASE_URL', ['postgres:', 'postgresql:']);
  if (produccion && !l.texto('DATABASE_URL'))
    l.problema(
      'DATABASE_URL',
      'es obligatoria en producción (NODE_ENV=production): el PostgreSQL embebido es solo para desarrollo; defina la URL postgres:// de su base de datos',
    );
  const demoApiKey = l.texto('DEMO_API_KEY');
  if (demoApiKey && !formatoApiKeyValido(demoApiKey))
    l.problema('DEMO_API_KEY', 'debe tener la forma rda_ seguido de 32 a 128 caracteres [A-Za-z0-9_-]');

  const config: Config = {
    entorno,
    port: l.entero('PORT', 3000, 0, 65_535),
    host: l.texto('HOST') ?? '0.0.0.0',
    databaseUrl,
    dataDir,
    embeddedPgPort: l.entero('EMBEDDED_PG_PORT', 54329, 1, 65_535),
    bodyLimitBytes: l.tamano('BODY_LIMIT', '200mb', 1),
    logLevel: l.opcion('LOG_LEVEL', NIVELES_LOG, entorno === 'prueba' ? 'silent' : 'info'),
    // Set below once the configuration is known to be valid (it may create a file).
    credentialsKey: Buffer.alloc(0),
    oidc: configOidc(l),
    demo: {
      crear: soloDesarrollo(l, 'DEMO', entorno, 'la entidad demo (con API key conocida)'),
      apiKey: demoApiKey,
    },
    bd: {
      reintentarEnSegundos: l.entero('DB_RETRY_AFTER_SECONDS', 2, 0, 3600),
      sondeoMs: l.entero('DB_PROBE_INTERVAL_MS', 1000, 1),
      timeoutConexionMs: l.entero('DB_CONNECT_TIMEOUT_MS', 3000, 1),
      poolMax: l.entero('DB_POOL_MAX', 10, 1, 1000),
    },
    eventos: { sondeoMs: l.entero('EVENTOS_SONDEO_SEGUNDOS', 5, 1, 3600) * 1000 },
    resumen: { compactarCadaMs: l.entero('RESUMEN_COMPACTAR_CADA_SEGUNDOS', 600, 0, 86_400) * 1000 },
    upstreams: {
      muv: { baseUrl: l.url('MUV_BASE_URL') },
      ihce: { baseUrl: l.url('IHCE_BASE_URL'), tokenUrl: l.url('IHCE_TOKEN_URL') },
    },
    graphqlIntrospection: l.booleano('GRAPHQL_INTROSPECTION', !produccion),
    graphqlIde: l.booleano('GRAPHQL_IDE', !produccion),
    panel: l.booleano('PANEL', !produccion),
    corsOrigenes: origenesCors(l),
    graphqlLimites: {
      maxTokens: l.entero('GRAPHQL_MAX_TOKENS', 1000, 10, 10_000),
      maxProfundidad: l.entero('GRAPHQL_MAX_DEPTH', 10, 1, 100),
      maxAlias: l.entero('GRAPHQL_MAX_ALIASES', 15, 0, 1000),
      // A full page (200) of a complete connection selection costs about 17,000 (page sizes counted, src/graphql/limites.ts).
      maxCosto: l.entero('GRAPHQL_MAX_COST', 20000, 1),
      maxDirectivas: l.entero('GRAPHQL_MAX_DIRECTIVES', 20, 0, 1000),
      maxCampoCostoso: l.entero('GRAPHQL_MAX_EXPENSIVE_FIELD', 5, 1, 100),
      // The heaviest published report (every view) weighs 17,545 over 3 years by day, 19,209 over 100 years by month.
      maxCostoInformes: l.entero('GRAPHQL_MAX_REPORT_COST', 20_000, 1),
      maxHallazgos: l.entero('GRAPHQL_MAX_HALLAZGOS', 20000, 1),
    },
    limiteTasa: {
      habilitado: l.booleano('RATE_LIMIT_ENABLED', produccion),
      ipPorMinuto: l.entero('RATE_LIMIT_IP_PER_MINUTE', 3000, 1),
      entidadPorMinuto: l.entero('RATE_LIMIT_ENTITY_PER_MINUTE', 1200, 1),
      informesPorMinuto: l.entero('RATE_LIMIT_REPORT_COST_PER_MINUTE', 100_000, 1),
    },
    suscripciones: {
      porConexion: l.entero('GRAPHQL_WS_MAX_SUBSCRIPTIONS_PER_CONNECTION', 25, 1, 1000),
      conexionesPorEntidad: l.entero('GRAPHQL_WS_MAX_CONNECTIONS_PER_ENTITY', 200, 1, 100_000),
    },
    proxiesConfiables: leerProxiesConfiables(l),
    modulos: modulos(l),
    apagado: {
      esperaPreviaMs: l.entero('SHUTDOWN_PRESTOP_SECONDS', produccion ? 5 : 0, 0, 600) * 1000,
      drenajeMs: l.entero('SHUTDOWN_DRAIN_SECONDS', 30, 0, 3600) * 1000,
    },
    http: tiemposHttp(l),
    metricas: {
      habilitadas: l.booleano('METRICS_ENABLED', true),
      token: l.texto('METRICS_TOKEN'),
    },
    trazas: {
      endpoint: l.url('OTEL_EXPORTER_OTLP_ENDPOINT'),
      servicio: l.texto('OTEL_SERVICE_NAME') ?? 'motor-cumplimiento',
    },
    listo: {
      cacheMs: l.entero('READY_CACHE_MS', 5000, 0, 3_600_000),
      timeoutSondaMs: l.entero('READY_PROBE_TIMEOUT_MS', 2000, 1, 600_000),
    },
    catalogos: {
      antiguedadMaximaDias: l.entero(
        'CATALOGOS_ANTIGUEDAD_MAXIMA_DIAS',
        ANTIGUEDAD_MAXIMA_DIAS_POR_DEFECTO,
        0,
        36_500,
      ),
    },
    rips: {
      rechazoDesde: rechazoDesde(l),
      hilos: l.entero('RIPS_HILOS', Math.min(2, os.availableParallelism()), 0, 256),
      hiloDesdeBytes: l.tamano('RIPS_HILO_DESDE', '1mb'),
      cuerpoEnteroHastaBytes: l.tamano('RIPS_CUERPO_ENTERO_HASTA', '2mb'),
      maxHallazgos: l.entero('RIPS_MAX_HALLAZGOS', 2000, 1, 1_000_000),
      maxRespuestaCaracteres: l.tamano('RIPS_MAX_RESPUESTA', '8mb', 1),
      // Set below, like the cursor key.
      claveHistoria: Buffer.alloc(0),
    },
    fev: {
      maxBytes: l.tamano('FEV_MAX_BYTES', '16mb', 1),
      maxProfundidad: l.entero('FEV_MAX_PROFUNDIDAD', 64, 1, 10_000),
    },
    muv: {
      timeoutMs: l.entero('MUV_TIMEOUT_MS', 120_000, 1),
      consultaTimeoutMs: l.entero('MUV_CONSULTA_TIMEOUT_MS', 15_000, 1),
      reintentos: l.entero('MUV_REINTENTOS', 2, 0, 5),
      reintentoBaseMs: l.entero('MUV_REINTENTO_BASE_MS', 500),
      gzipDesdeBytes: l.entero('MUV_GZIP_DESDE_BYTES', 1024 * 1024),
      renovarTokenAntesMs: l.entero('MUV_RENOVAR_TOKEN_ANTES_MS', 5 * 60_000),
      radicacionesSimultaneas: l.entero('MUV_RADICACIONES_SIMULTANEAS', 32, 1, 1000),
      pendienteTrasMs: l.entero('MUV_PENDIENTE_TRAS_SEGUNDOS', 0, 0) * 1000,
      conciliarCadaMs: l.entero('MUV_CONCILIAR_CADA_SEGUNDOS', 60, 0) * 1000,
      completarDuranteMs: l.entero('MUV_EVIDENCIA_REINTENTO_SEGUNDOS', 15, 0, 600) * 1000,
      rutaRecuperarCuv: rutaRecuperarCuv(l),
      simulador: {
        iniciar: soloDesarrollo(
          l,
          'MUV_SIMULADOR',
          entorno,
          'el simulador MUV (sandbox)',
          ': defina MUV_BASE_URL',
        ),
        port: l.entero('MUV_SIM_PORT', 9443, 0, 65_535),
        puertoFijo: l.texto('MUV_SIM_PORT') !== undefined,
        tokenSegundos: l.entero('MUV_SIM_TOKEN_SEGUNDOS', 7200, 1),
        latenciaMs: l.entero('MUV_SIM_LATENCIA_MS', 0),
        proporcion5xx: l.fraccion('MUV_SIM_PROPORCION_5XX'),
        proporcionColgar: l.fraccion('MUV_SIM_PROPORCION_TIMEOUT'),
        proporcionSoltar: l.fraccion('MUV_SIM_PROPORCION_SOLTAR'),
      },
    },
    rda: configRda(l, entorno),
    validadorHl7: validadorHl7(l, env),
    webhooks: configWebhooks(l, entorno),
  };
  if (l.problemas.length) throw new ConfigError(l.problemas);

  // Production has CREDENTIALS_KEY by now; only a valid configuration may create the local key file.
  config.credentialsKey = credentialsKey ?? claveLocal(dataDir);
  // Several instances must share the cursor key; without one it is derived from the credentials key.
  config.rda.claveCursor =
    claveCursor ?? createHmac('sha256', config.credentialsKey).update('rda-cursor').digest();
  // Stable per installation without its own variable: derived from the credentials key (see docs/operacion.md).
  config.rips.claveHistoria =
    claveHistoria ?? createHmac('sha256', config.credentialsKey).update('rips-historia').digest();
  return config;
}
