import 'reflect-metadata';
import { arrancar } from './arranque.js';
import { loadConfig } from './config.js';
import { crearLogger, resumenError } from './logger.js';

const config = loadConfig();
const log = crearLogger(config.logLevel);
const servicio = await arrancar(config, { log });

servicio.listo.then(
  () => {
    const clave = servicio.demoApiKey();
    if (clave) {
      // Printed on stdout for the person running it locally; never sent to the structured log.
      console.log(
        `\n  Servicio listo en http://localhost:${config.port}\n  Entidad demo: «demo» (módulos rips y rda)\n  API key demo: ${clave}\n\n  curl -H 'X-Api-Key: ${clave}' http://localhost:${config.port}/sesion\n`,
      );
    }
  },
  (e) => {
    log.fatal({ err: resumenError(e) }, 'arranque fallido');
    process.exit(1);
  },
);

for (const senal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(senal, async () => {
    log.info({ senal }, 'deteniendo');
    await servicio.detener().catch(() => {});
    process.exit(0);
  });
}
