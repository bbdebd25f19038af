import type { Logger } from 'pino';
import { CacheAutenticacion } from './auth/cache.js';
import type { VerificadorOidc } from './auth/oidc.js';
import type { Config } from './config.js';
import { AvisosBd } from './db/avisos.js';
import type { MonitorBd } from './db/monitor.js';
import { ServicioCredenciales } from './entidades/credenciales.js';
import { PrestadoresPorEntidad } from './entidades/prestadores.js';
import { ServicioEntidades } from './entidades/servicio.js';
import { BusEventosEnProceso } from './eventos/bus.js';
import { EscuchaEventos } from './eventos/escucha.js';
import type { BusEventos } from './eventos/tipos.js';
import { crearLogger, resumenError } from './logger.js';
import { MEDIDOR_NULO } from './metricas/medidor.js';
import { Metricas } from './metricas/metricas.js';
import { ClienteIhce } from './rda/ihce/cliente.js';
import { ColaTransmisiones } from './rda/transmision/cola.js';
import { preparadorRda } from './rda/transmision/preparar.js';
import { ServicioTransmisiones } from './rda/transmision/servicio.js';
import { ServicioValidadorOficial } from './rda/validador-oficial/servicio.js';
import { CompactadorResumen } from './resumen/compactador.js';
import { ServicioCatalogos } from './rips/catalogos/servicio.js';
import { ClienteMuv } from './rips/muv/cliente.js';
import { ConciliadorRadicaciones } from './rips/radicacion/conciliador.js';
import { ServicioRadicacion } from './rips/radicacion/servicio.js';
import { GrupoHilos } from './rips/validacion/hilos/grupo.js';
import { ServicioValidacionRips } from './rips/validacion/servicio.js';
import { ServicioWebhooks } from './webhooks/servicio.js';

/** Process-wide singletons handed to resolvers through the context. */
export interface Servicios {
  entidades: ServicioEntidades;
  credenciales: ServicioCredenciales;
  oidc: VerificadorOidc;
  monitor: MonitorBd;
  catalogos: ServicioCatalogos;
  validacionRips: ServicioValidacionRips;
  /** Stops what the services started (validation threads). */
  cerrar(): Promise<void>;
  muv: ClienteMuv;
  radicacion: ServicioRadicacion;
  conciliador: ConciliadorRadicaciones;
  compactadorResumen: CompactadorResumen;
  validadorOficial: ServicioValidadorOficial;
  ihce: ClienteIhce;
  transmisiones: ServicioTransmisiones;
  /** LISTEN on database notices (started after migrations); keeps the caches below exact. */
  avisos: AvisosBd;
  /** API keys and entities, invalidated by `avisos`. */
  cacheAuth: CacheAutenticacion;
  /** Committed domain events of every instance (issue 22), per entity: GraphQL subscriptions, webhook relay. */
  eventos: BusEventos;
  /** LISTEN motor_eventos feeding `eventos` (started after migrations, stopped at shutdown). */
  escuchaEventos: EscuchaEventos;
  /** Signed webhooks: registration, delivery log, and (started after migrations) the outbox relay and delivery queue. */
  webhooks: ServicioWebhooks;
  /** Prometheus metrics of this instance (undefined with METRICS_ENABLED=false: nothing is collected). */
  metricas: Metricas | undefined;
}

export function crearServicios(
  config: Config,
  oidc: VerificadorOidc,
  monitor: MonitorBd,
  log: Logger = crearLogger('silent'),
): Servicios {
  const avisos = new AvisosBd({
    timeoutMs: config.bd.timeoutConexionMs,
    onEstado: (estado) =>
      log[estado === 'desconectado' || estado === 'sin-avisos' ? 'warn' : 'info'](
        { estado },
        'avisos de la base de datos',
      ),
  });
  const eventos = new BusEventosEnProceso((err, { tipo, rol }) =>
    // The event's type only: its datos and the error's message may carry invoice numbers.
    log.warn({ err: resumenError(err), tipo, rol }, 'un suscriptor de eventos de dominio falló'),
  );
  const escuchaEventos = new EscuchaEventos(eventos, {
    sondeoMs: config.eventos.sondeoMs,
    timeoutMs: config.bd.timeoutConexionMs,
    onEstado: (estado) =>
      log[estado === 'desconectado' || estado === 'sin-avisos' ? 'warn' : 'info'](
        { estado },
        'eventos de dominio',
      ),
    alFallarLectura: (err) => log.warn({ err: resumenError(err) }, 'lectura de eventos de dominio fallida'),
  });
  // Loads the shipped catalog files now: a malformed one stops start-up, not the first RIPS.
  const catalogos = new ServicioCatalogos({
    avisos,
    antiguedadMaximaDias: config.catalogos.antiguedadMaximaDias,
  });
  // Threads run the compiled script: from sources (tests under vitest) everything stays in this thread.
  const script = GrupoHilos.scriptCompilado();
  const grupo =
    config.rips.hilos > 0 && script ? new GrupoHilos(script, config.rips.hilos).iniciar() : undefined;
  const credenciales = new ServicioCredenciales(config.credentialsKey);
  const validacionRips = new ServicioValidacionRips(
    catalogos,
    config.rips.rechazoDesde,
    config.fev,
    // Large bodies: users split among the threads (same findings as one walk).
    grupo && { grupo, desdeCaracteres: config.rips.hiloDesdeBytes },
    config.rips.cuerpoEnteroHastaBytes,
    { maxHallazgos: config.rips.maxHallazgos, maxCaracteres: config.rips.maxRespuestaCaracteres },
  );
  const metricas = config.metricas.habilitadas ? new Metricas() : undefined;
  const medidor = metricas ?? MEDIDOR_NULO;
  const muv = new ClienteMuv({ baseUrl: config.upstreams.muv.baseUrl, ...config.muv, log, medidor });
  const ihce = new ClienteIhce(config, log, medidor);
  const cola = new ColaTransmisiones(config.rda, log);
  const radicacion = new ServicioRadicacion(
    validacionRips,
    credenciales,
    muv,
    {
      simultaneas: config.muv.radicacionesSimultaneas,
      esperaMaximaMs: pendienteTrasMs(config),
      completarDuranteMs: config.muv.completarDuranteMs,
      claveHistoria: config.rips.claveHistoria,
    },
    medidor,
  );
  metricas?.observarCola(cola);
  metricas?.observarEventos({
    escuchando: () => escuchaEventos.vigente,
    leidos: () => escuchaEventos.recibidos,
    suscriptores: () => eventos.suscriptores,
  });
  const transmisiones = new ServicioTransmisiones(
    config.rda,
    credenciales,
    ihce,
    cola,
    preparadorRda,
    log,
    medidor,
    config.rips.claveHistoria,
  );
  // RIPS validation checks a service's codigoVIDA against the entity's accepted RDAs.
  validacionRips.vida = transmisiones.evidencia;
  // And the provider codes of the invoice and the services against the ones the entity declared.
  validacionRips.prestadores = new PrestadoresPorEntidad(avisos);
  return {
    entidades: new ServicioEntidades(),
    credenciales,
    oidc,
    monitor,
    catalogos,
    validacionRips,
    muv,
    radicacion,
    conciliador: new ConciliadorRadicaciones(
      radicacion,
      { cadaMs: config.muv.conciliarCadaMs, pendienteTrasMs: pendienteTrasMs(config) },
      log,
    ),
    compactadorResumen: new CompactadorResumen(config.resumen.compactarCadaMs, log),
    ihce,
    transmisiones,
    cerrar: async () => {
      await grupo?.cerrar();
    },
    validadorOficial: new ServicioValidadorOficial(config.validadorHl7),
    avisos,
    cacheAuth: new CacheAutenticacion(avisos),
    eventos,
    escuchaEventos,
    webhooks: new ServicioWebhooks(config.webhooks, config.credentialsKey, log),
    metricas,
  };
}

/**
 * When a pending filing is surely not in flight any more: every upload attempt timed out, plus the
 * ConsultarCUV calls after it, plus a minute (MUV_PENDIENTE_TRAS_SEGUNDOS overrides).
 */
export function pendienteTrasMs(config: Config): number {
  const m = config.muv;
  return m.pendienteTrasMs || m.timeoutMs * (m.reintentos + 1) + 2 * m.consultaTimeoutMs + 60_000;
}
