import 'reflect-metadata';
import { type Config, ConfigError, loadConfig, textoConfigInvalida } from './config.js';
import { crearLogger, resumenError } from './logger.js';

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
  const causa =
    codigo === 'EADDRINUSE'
      ? `el puerto ${config.port} ya está en uso (PORT)`
      : codigo === 'EACCES'
        ? `sin permiso para escuchar en ${config.host}:${config.port} (HOST, PORT)`
        : `${typeof codigo === 'string' ? `${codigo}; ` : ''}vea el registro «arranque fallido»`;
  process.stderr.write(`No se pudo arrancar el servicio: ${causa}.\n`);
  process.exit(1);
}

servicio.listo.then(() => {
  const clave = servicio.demoApiKey();
  if (clave) {
    // Printed on stdout for the person running it locally; never sent to the structured log.
    console.log(
      `\n  Servicio listo en http://localhost:${config.port}\n  Entidad demo: «demo» (módulos rips y rda)\n  API key demo: ${clave}\n\n  curl -H 'X-Api-Key: ${clave}' http://localhost:${config.port}/sesion\n`,
    );
  }
}, fallaArranque);

for (const senal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(senal, async () => {
    log.info({ senal }, 'deteniendo');
    await servicio.detener().catch(() => {});
    process.exit(0);
  });
}
