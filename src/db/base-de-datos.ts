import { type Config, ConfigError } from '../config.js';
import { iniciarPostgresEmbebido, type PostgresEmbebido } from './embedded.js';

/**
 * DATABASE_URL when set, else the embedded cluster under the data folder (joining the one a
 * running server of ours already has). Used by the server and the operator CLI alike.
 */
export async function baseDeDatos(
  config: Config,
  log?: (mensaje: string) => void,
  /** Where the embedded cluster or its binaries were placed (running as root); default stderr. */
  aviso?: (mensaje: string) => void,
): Promise<{ url: string; embebido?: PostgresEmbebido }> {
  if (config.databaseUrl) return { url: config.databaseUrl };
  // Defence in depth: loadConfig already requires DATABASE_URL in production.
  if (config.entorno === 'produccion')
    throw new ConfigError([
      {
        variable: 'DATABASE_URL',
        mensaje: 'es obligatoria en producción: el PostgreSQL embebido es solo para desarrollo',
      },
    ]);
  const embebido = await iniciarPostgresEmbebido({
    dir: config.dataDir,
    port: config.embeddedPgPort,
    database: 'motor',
    persistente: true,
    log,
    aviso,
  });
  return { url: embebido.url, embebido };
}
