import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MODULOS, type Modulo } from './entidades/valores.js';
import {
  type ConfigValidadorHl7,
  ErrorConfigValidador,
  leerConfigValidador,
} from './rda/validador-oficial/config.js';
import { parsearRechazoDesde, RECHAZO_DESDE } from './rips/reglas/gradualidad.js';

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
  upstreams: {
    /** `simulador`: the base URL is the in-process sandbox of the default run. */
    muv: { baseUrl: string | undefined; simulador?: boolean };
    /** `simulador`: pointed at the in-process IHCE sandbox simulator (default run). */
    ihce: { baseUrl: string | undefined; tokenUrl: string | undefined; simulador?: boolean };
  };
  graphqlIntrospection: boolean;
  /** Modules this instance serves: readiness requires only their upstreams. */
  modulos: Modulo[];
  /** Graceful shutdown: how long in-flight requests may run after SIGTERM/SIGINT. */
  apagado: { drenajeMs: number };
  /** Prometheus `GET /metrics`; with a token it requires `Authorization: Bearer <token>`. */
  metricas: { habilitadas: boolean; token: string | undefined };
  /** OpenTelemetry tracing (OTLP over HTTP) when an endpoint is set. */
  trazas: { endpoint: string | undefined; servicio: string };
  /** `/ready`: upstream probes are cached this long and time out after `timeoutSondaMs`. */
  listo: { cacheMs: number; timeoutSondaMs: number };
  rips: {
    rechazoDesde: Record<string, string>;
    /** Validation threads for large streamed bodies (0: validate in the request thread). */
    hilos: number;
    /** Bodies whose users' text reaches this size go to a validation thread. */
    hiloDesdeBytes: number;
    /** REST bodies declaring at most this many bytes, and inflating to at most that, are read whole. */
    cuerpoEnteroHastaBytes: number;
  };
  /** FEV gate (invoice XML): max decoded AttachedDocument size and element nesting. */
  fev: { maxBytes: number; maxProfundidad: number };
  muv: MuvConfig;
  /** Official HL7 validator for RDA bundles (RDA_VALIDADOR_*). */
  validadorHl7: ConfigValidadorHl7;
  rda: ConfigRda;
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
  /** Invoice filings that may hold a pooled database connection at once (the rest queue in memory). */
  radicacionesSimultaneas: number;
  simulador: SimuladorMuvConfig;
}

export interface SimuladorMuvConfig {
  /** Start the simulator in-process when MUV_BASE_URL is unset (default run). */
  iniciar: boolean;
  port: number;
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
}

type Env = Record<string, string | undefined>;

export class ConfigError extends Error {}

function entero(env: Env, nombre: string, porDefecto: number): number {
  const v = env[nombre];
  if (v === undefined || v === '') return porDefecto;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new ConfigError(`${nombre} debe ser un entero no negativo`);
  return n;
}

function booleano(env: Env, nombre: string, porDefecto: boolean): boolean {
  const v = env[nombre];
  if (v === undefined || v === '') return porDefecto;
  return ['1', 'true', 'si', 'sí', 'yes'].includes(v.toLowerCase());
}

/** Parses sizes like `200mb`, `16MB`, `1048576`. */
export function parseTamano(valor: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(valor);
  if (!m) throw new ConfigError(`Tamaño inválido: ${valor}`);
  const mult = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }[(m[2] ?? 'b').toLowerCase() as 'b'];
  return Math.floor(Number(m[1]) * mult);
}

/**
 * Outside production a missing key is generated once and kept under the data dir,
 * so encrypted credentials survive restarts of a local run.
 */
function claveCredenciales(env: Env, entorno: Config['entorno'], dataDir: string): Buffer {
  const raw = env.CREDENTIALS_KEY;
  if (raw) {
    const key = Buffer.from(raw, 'base64');
    if (key.length !== 32) throw new ConfigError('CREDENTIALS_KEY debe ser 32 bytes en base64');
    return key;
  }
  if (entorno === 'produccion') throw new ConfigError('CREDENTIALS_KEY es obligatoria en producción');
  const file = path.join(dataDir, 'credentials.key');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64'), { mode: 0o600 });
  return key;
}

/** The cursor key may be given (several instances must share it); otherwise derived from the credentials key. */
function claveCursor(env: Env, credentialsKey: Buffer): Buffer {
  const raw = env.RDA_CURSOR_KEY;
  if (raw) {
    const key = Buffer.from(raw, 'base64');
    if (key.length < 32) throw new ConfigError('RDA_CURSOR_KEY debe tener al menos 32 bytes en base64');
    return key;
  }
  return createHmac('sha256', credentialsKey).update('rda-cursor').digest();
}

function configRda(env: Env, entorno: Config['entorno'], credentialsKey: Buffer): ConfigRda {
  const maxIntentos = entero(env, 'RDA_MAX_INTENTOS', 6);
  if (maxIntentos < 1) throw new ConfigError('RDA_MAX_INTENTOS debe ser al menos 1');
  return {
    timeoutIhceMs: entero(env, 'IHCE_TIMEOUT_MS', 15_000),
    maxIntentos,
    reintentoBaseSegundos: Math.max(1, entero(env, 'RDA_REINTENTO_BASE_SEGUNDOS', 30)),
    reintentoMaxSegundos: Math.max(1, entero(env, 'RDA_REINTENTO_MAX_SEGUNDOS', 3600)),
    cola: env.RDA_COLA || 'rda-transmision',
    claveCursor: claveCursor(env, credentialsKey),
    cursorTtlSegundos: Math.max(1, entero(env, 'RDA_CURSOR_TTL_SEGUNDOS', 900)),
    simulador: booleano(env, 'IHCE_SIMULADOR', entorno === 'desarrollo'),
  };
}

function validadorHl7(env: Env): ConfigValidadorHl7 {
  try {
    return leerConfigValidador(env);
  } catch (e) {
    if (e instanceof ErrorConfigValidador) throw new ConfigError(e.message);
    throw e;
  }
}

function fraccion(env: Env, nombre: string): number {
  const v = env[nombre];
  if (v === undefined || v === '') return 0;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0 || n > 1)
    throw new ConfigError(`${nombre} debe ser un número entre 0 y 1`);
  return n;
}

function rechazoDesde(env: Env): Record<string, string> {
  try {
    return parsearRechazoDesde(env.RIPS_RECHAZO_DESDE);
  } catch (e) {
    throw new ConfigError((e as Error).message);
  }
}

function modulos(env: Env): Modulo[] {
  const v = env.MODULOS;
  if (v === undefined || v.trim() === '') return [...MODULOS];
  const lista = v
    .split(',')
    .map((m) => m.trim().toLowerCase())
    .filter(Boolean);
  const desconocidos = lista.filter((m) => !(MODULOS as readonly string[]).includes(m));
  if (desconocidos.length)
    throw new ConfigError(
      `MODULOS tiene valores desconocidos (${desconocidos.join(', ')}): use ${MODULOS.join(',')}`,
    );
  return [...new Set(lista)] as Modulo[];
}

export function loadConfig(env: Env = process.env): Config {
  const entorno = (
    env.NODE_ENV === 'production' ? 'produccion' : env.NODE_ENV === 'test' ? 'prueba' : 'desarrollo'
  ) as Config['entorno'];
  const dataDir = path.resolve(env.DATA_DIR ?? '.data');
  const credentialsKey = claveCredenciales(env, entorno, dataDir);
  const oidcIssuer = env.OIDC_ISSUER;
  let oidc: OidcConfig | undefined;
  if (oidcIssuer) {
    if (!env.OIDC_AUDIENCE)
      throw new ConfigError('OIDC_AUDIENCE es obligatoria cuando se configura OIDC_ISSUER');
    oidc = {
      issuer: oidcIssuer,
      audience: env.OIDC_AUDIENCE,
      algorithms: (env.OIDC_ALGORITHMS ?? 'RS256,ES256,PS256')
        .split(',')
        .map((s) => s.trim())
        .filter((a) => a && a.toLowerCase() !== 'none'),
      groupsClaim: env.OIDC_GROUPS_CLAIM ?? 'groups',
      allowInsecureHttp: booleano(env, 'OIDC_ALLOW_INSECURE_HTTP', false),
    };
  }
  return {
    entorno,
    port: entero(env, 'PORT', 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    embeddedPgPort: entero(env, 'EMBEDDED_PG_PORT', 54329),
    bodyLimitBytes: parseTamano(env.BODY_LIMIT ?? '200mb'),
    logLevel: env.LOG_LEVEL ?? (entorno === 'prueba' ? 'silent' : 'info'),
    credentialsKey,
    oidc,
    demo: {
      crear: booleano(env, 'DEMO', entorno === 'desarrollo'),
      apiKey: env.DEMO_API_KEY || undefined,
    },
    bd: {
      reintentarEnSegundos: entero(env, 'DB_RETRY_AFTER_SECONDS', 2),
      sondeoMs: entero(env, 'DB_PROBE_INTERVAL_MS', 1000),
      timeoutConexionMs: entero(env, 'DB_CONNECT_TIMEOUT_MS', 3000),
      poolMax: Math.max(1, entero(env, 'DB_POOL_MAX', 10)),
    },
    upstreams: {
      muv: { baseUrl: env.MUV_BASE_URL || undefined },
      ihce: { baseUrl: env.IHCE_BASE_URL || undefined, tokenUrl: env.IHCE_TOKEN_URL || undefined },
    },
    graphqlIntrospection: booleano(env, 'GRAPHQL_INTROSPECTION', entorno !== 'produccion'),
    modulos: modulos(env),
    apagado: { drenajeMs: entero(env, 'SHUTDOWN_DRAIN_SECONDS', 30) * 1000 },
    metricas: {
      habilitadas: booleano(env, 'METRICS_ENABLED', true),
      token: env.METRICS_TOKEN || undefined,
    },
    trazas: {
      endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT || undefined,
      servicio: env.OTEL_SERVICE_NAME || 'motor-cumplimiento',
    },
    listo: {
      cacheMs: entero(env, 'READY_CACHE_MS', 5000),
      timeoutSondaMs: entero(env, 'READY_PROBE_TIMEOUT_MS', 2000),
    },
    rips: {
      rechazoDesde: { ...RECHAZO_DESDE, ...rechazoDesde(env) },
      hilos: entero(env, 'RIPS_HILOS', Math.min(2, os.availableParallelism())),
      hiloDesdeBytes: parseTamano(env.RIPS_HILO_DESDE ?? '1mb'),
      cuerpoEnteroHastaBytes: parseTamano(env.RIPS_CUERPO_ENTERO_HASTA ?? '2mb'),
    },
    fev: {
      maxBytes: parseTamano(env.FEV_MAX_BYTES ?? '16mb'),
      maxProfundidad: entero(env, 'FEV_MAX_PROFUNDIDAD', 64),
    },
    muv: {
      timeoutMs: entero(env, 'MUV_TIMEOUT_MS', 120_000),
      consultaTimeoutMs: entero(env, 'MUV_CONSULTA_TIMEOUT_MS', 15_000),
      reintentos: Math.min(entero(env, 'MUV_REINTENTOS', 2), 5),
      reintentoBaseMs: entero(env, 'MUV_REINTENTO_BASE_MS', 500),
      gzipDesdeBytes: entero(env, 'MUV_GZIP_DESDE_BYTES', 1024 * 1024),
      renovarTokenAntesMs: entero(env, 'MUV_RENOVAR_TOKEN_ANTES_MS', 5 * 60_000),
      radicacionesSimultaneas: Math.max(1, entero(env, 'MUV_RADICACIONES_SIMULTANEAS', 6)),
      simulador: {
        iniciar: booleano(env, 'MUV_SIMULADOR', entorno === 'desarrollo'),
        port: entero(env, 'MUV_SIM_PORT', 9443),
        tokenSegundos: entero(env, 'MUV_SIM_TOKEN_SEGUNDOS', 7200),
        latenciaMs: entero(env, 'MUV_SIM_LATENCIA_MS', 0),
        proporcion5xx: fraccion(env, 'MUV_SIM_PROPORCION_5XX'),
        proporcionColgar: fraccion(env, 'MUV_SIM_PROPORCION_TIMEOUT'),
        proporcionSoltar: fraccion(env, 'MUV_SIM_PROPORCION_SOLTAR'),
      },
    },
    rda: configRda(env, entorno, credentialsKey),
    validadorHl7: validadorHl7(env),
  };
}
