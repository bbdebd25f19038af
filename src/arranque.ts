import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as esperar } from 'node:timers/promises';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { crearApp } from './app.js';
import { VerificadorOidc } from './auth/oidc.js';
import type { Config } from './config.js';
import { suscriptorAvisos } from './db/avisos.js';
import { baseDeDatos } from './db/base-de-datos.js';
import { estadoContextosOciosos } from './db/contextos-ociosos.js';
import type { PostgresEmbebido } from './db/embedded.js';
import { esErrorDeConexion, MonitorBd } from './db/monitor.js';
import { crearOrm, migrar } from './db/orm.js';
import { asegurarDemo } from './entidades/demo.js';
import type { Extensiones } from './graphql/schema.js';
import { crearServidorHttp } from './http/servidor.js';
import { crearLogger, resumenError } from './logger.js';
import { consultaHistoria } from './rips/historia/consulta.js';
import { Drenaje, pasoAcotado } from './salud/apagado.js';
import { crearServicios, type Servicios } from './servicios.js';
import { iniciarSimuladorIhce } from './simuladores/ihce/arranque.js';
import { credencialesSandboxDemo, simuladorPorDefecto } from './simuladores/muv/en-proceso.js';
import type { SimuladorMuv } from './simuladores/muv/servidor.js';

export interface ServicioEnMarcha {
  url: string;
  servidor: Server;
  servicios: Servicios;
  /** Resolves once the database is up and migrated (the guard then lets requests through). */
  listo: Promise<void>;
  orm: () => MikroORM | undefined;
  demoApiKey: () => string | undefined;
  /** The in-process MUV sandbox of the default run (undefined when MUV_BASE_URL is set). */
  simuladorMuv: SimuladorMuv | undefined;
  /**
   * Graceful stop: /ready answers 503 `apagando` while the listener keeps answering for
   * SHUTDOWN_PRESTOP_SECONDS (the balancer takes the instance out), then the listener closes, in-flight
   * requests finish (at most SHUTDOWN_DRAIN_SECONDS), then queue, threads, ORM, databases and
   * simulators stop. Idempotent: later calls share the first one's promise.
   */
  detener: () => Promise<void>;
  /** Ends the pre-stop and drain waits of a running `detener` now (in-flight requests are cut). */
  forzar: () => void;
}

export interface OpcionesArranque {
  log?: Logger;
  extensiones?: Extensiones[];
}

/**
 * Listens at once (so /health answers and the rest say 503 bd-arrancando), then brings the
 * database up, migrates and opens the gate.
 */
export async function arrancar(configEntorno: Config, o: OpcionesArranque = {}): Promise<ServicioEnMarcha> {
  const log = o.log ?? crearLogger(configEntorno.logLevel);
  // No MUV_BASE_URL in a local run: the MUV sandbox simulator on its own port, and the client pointed at it.
  const { config: configMuv, simulador, puertoOcupado } = await simuladorPorDefecto(configEntorno);
  // 9443 taken by another instance and MUV_SIM_PORT unset: a free port instead, named here.
  if (puertoOcupado !== undefined)
    log.warn(
      { puertoOcupado, puerto: Number(new URL(simulador!.url).port), variable: 'MUV_SIM_PORT' },
      'simulador MUV (sandbox): puerto ocupado, escucha en uno libre (fije uno con MUV_SIM_PORT)',
    );
  if (simulador) log.info({ url: simulador.url }, 'simulador MUV (sandbox) en marcha');
  // Same for the IHCE when IHCE_BASE_URL is unset (src/simuladores/ihce/arranque.ts).
  const { config, simIhce } = await iniciarSimuladorIhce(configMuv, log);
  const monitor = new MonitorBd({
    sondeoMs: config.bd.sondeoMs,
    timeoutMs: config.bd.timeoutConexionMs,
    onCambio: (estado) => log.warn({ estado }, 'estado de la base de datos'),
  });
  const oidc = new VerificadorOidc(config.oidc);
  const servicios = crearServicios(config, oidc, monitor, log);
  let orm: MikroORM | undefined;
  let embebido: PostgresEmbebido | undefined;
  let demoApiKey: string | undefined;
  let detenido = false;
  let deteniendo: Promise<void> | undefined;
  const drenaje = new Drenaje();

  const { app, clases, cerrar, suscripciones } = await crearApp({
    config,
    log,
    servicios,
    orm: () => orm,
    apagando: () => drenaje.apagando,
    extensiones: o.extensiones,
  });
  const servidor = crearServidorHttp(app, config, clases);
  drenaje.vigilar(servidor);
  suscripciones.adjuntar(servidor);
  servidor.listen(config.port, config.host);
  await once(servidor, 'listening');
  const { port } = servidor.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  // contextosOrm: whether MikroORM's stores turn promise hooks off when idle (src/db/contextos-ociosos.ts).
  log.info({ port, contextosOrm: estadoContextosOciosos() }, 'servicio escuchando');

  const listo = (async () => {
    const bd = await baseDeDatos(config, (m) => log.debug({ postgres: m.trim() }, 'postgres embebido'));
    embebido = bd.embebido;
    if (embebido) log.info({ compartido: embebido.compartido }, 'PostgreSQL embebido en marcha');
    const nuevo = await crearOrm({
      url: bd.url,
      timeoutConexionMs: config.bd.timeoutConexionMs,
      poolMax: config.bd.poolMax,
      log: (m) => log.debug({ orm: m }, 'mikro-orm'),
    });
    nuevo.em.getEventManager().registerSubscriber(suscriptorAvisos(servicios.avisos));
    for (let intento = 1; ; intento++) {
      try {
        const aplicadas = await migrar(nuevo);
        if (aplicadas.length) log.info({ migraciones: aplicadas }, 'migraciones aplicadas');
        break;
      } catch (e) {
        if (!esErrorDeConexion(e) || detenido) throw e;
        log.warn({ intento }, 'base de datos no disponible; se reintenta la migración');
        await esperar(Math.min(500 * intento, 5000));
      }
    }
    // The NOTIFY triggers exist now; caches serve hits only while this listens.
    if (!detenido) servicios.avisos.iniciar(bd.url);
    // The outbox and its triggers exist now too.
    if (!detenido) servicios.escuchaEventos.iniciar(bd.url);
    if (config.demo.crear) demoApiKey = await asegurarDemo(nuevo.em.fork(), servicios.entidades, config);
    if (config.demo.crear && simulador)
      await credencialesSandboxDemo(nuevo.em.fork(), servicios.credenciales);
    await simIhce?.prepararDemo(nuevo.em.fork(), servicios.credenciales);
    await servicios.transmisiones.iniciar(bd.url, nuevo);
    // Outbox relay and delivery queue: woken by the event bus, polling as well.
    if (!detenido) await servicios.webhooks.iniciar(bd.url, nuevo, servicios.eventos);
    // Cross-RIPS findings (RVC054, RVC056, RVC062) consult the entity's filed services.
    servicios.validacionRips.historia = consultaHistoria(config.rips.claveHistoria, nuevo);
    if (!detenido) servicios.conciliador.iniciar(nuevo);
    if (!detenido) servicios.compactadorResumen.iniciar(nuevo);
    orm = nuevo;
    monitor.iniciar(bd.url);
    oidc
      .descubrir()
      .catch((e) => log.warn({ err: resumenError(e) }, 'descubrimiento OIDC fallido; se reintentará'));
  })();
  listo.catch((e) => log.error({ err: resumenError(e) }, 'no se pudo preparar la base de datos'));

  return {
    url,
    servidor,
    servicios,
    listo,
    orm: () => orm,
    demoApiKey: () => demoApiKey,
    simuladorMuv: simulador,
    detener: () =>
      (deteniendo ??= (async () => {
        detenido = true;
        // Readiness fails first; the listener keeps answering until the balancer has seen it.
        const esperaMs = config.apagado.esperaPreviaMs;
        if (esperaMs > 0)
          log.info(
            { esperaMs },
            'apagado: /ready responde 503 apagando; se sigue atendiendo durante la espera previa',
          );
        await drenaje.anunciar(esperaMs);
        // WebSockets next: close 1001 so clients reconnect elsewhere (the drain would wait for them).
        await pasoAcotado(log, 'suscripciones-graphql', () => suscripciones.cerrar(), 5000);
        const ventanaMs = config.apagado.drenajeMs;
        const enCurso = drenaje.pendientes;
        // Only counts: no paths or bodies (they may carry identifiers).
        if (enCurso > 0) log.info({ enCurso, ventanaMs }, 'apagado: esperando las solicitudes en curso');
        const r = await drenaje.drenar(ventanaMs);
        if (r.cortadas > 0)
          log.warn({ ...r, ventanaMs }, 'apagado: solicitudes cortadas al vencer la ventana de drenaje');
        else if (r.enCursoAlInicio > 0) log.info({ ...r }, 'apagado: solicitudes en curso terminadas');
        // The drained requests may still have needed these: stopped only now. Cut requests may
        // still hold pooled connections, so the pool's close is given less time then.
        const corto = r.cortadas > 0 ? 2000 : 10_000;
        await pasoAcotado(log, 'apollo', cerrar, 5000);
        // pg-boss waits for an RDA attempt it is running (graceful stop, its own 5 s limit).
        await pasoAcotado(log, 'cola-rda', () => servicios.transmisiones.detener(), 10_000);
        // A delivery in flight finishes and is recorded (bounded by WEBHOOK_TIMEOUT_MS).
        await pasoAcotado(
          log,
          'webhooks',
          () => servicios.webhooks.detener(),
          config.webhooks.timeoutMs + 7000,
        );
        monitor.detener();
        await pasoAcotado(log, 'conciliador-rips', () => servicios.conciliador.detener(), 5000);
        await pasoAcotado(log, 'compactador-resumen', () => servicios.compactadorResumen.detener(), 5000);
        await pasoAcotado(log, 'avisos', () => servicios.avisos.detener(), 5000);
        await pasoAcotado(log, 'eventos', () => servicios.escuchaEventos.detener(), 5000);
        servicios.validadorOficial.detener();
        await pasoAcotado(log, 'simulador-ihce', () => simIhce?.detener(), 5000);
        await pasoAcotado(log, 'hilos', () => servicios.cerrar(), 5000);
        await pasoAcotado(log, 'orm', () => orm?.close(true), corto);
        await pasoAcotado(log, 'postgres-embebido', () => embebido?.detener(), 15_000);
        // Last: a filing drained above was waiting for it.
        await pasoAcotado(log, 'simulador-muv', () => simulador?.cerrar(), 5000);
      })()),
    forzar: () => drenaje.forzar(),
  };
}
