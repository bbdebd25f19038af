import type { MikroORM } from '@mikro-orm/postgresql';
import { type Config, ConfigError, loadConfig } from '../config.js';
import { baseDeDatos } from '../db/base-de-datos.js';
import { crearOrm, migrar } from '../db/orm.js';
import { ServicioCredenciales } from '../entidades/credenciales.js';
import { ServicioEntidades } from '../entidades/servicio.js';
import { errores } from '../errores/errores.js';
import { ServicioWebhooks } from '../webhooks/servicio.js';
import type { Contexto } from './comandos.js';

export interface Conexion {
  orm: MikroORM;
  migracionesAplicadas: string[];
  /** Closes the ORM and stops the embedded cluster if this process started it. */
  cerrar: () => Promise<void>;
}

/** Opens the database and applies pending migrations. */
export async function abrirConexion(config: Config): Promise<Conexion> {
  const { url, embebido } = await baseDeDatos(config);
  let orm: MikroORM | undefined;
  // A shared cluster's `detener` does nothing: it belongs to the server that started it.
  const cerrar = async () => {
    try {
      await orm?.close(true);
    } finally {
      await embebido?.detener();
    }
  };
  try {
    orm = await crearOrm({ url, timeoutConexionMs: config.bd.timeoutConexionMs });
    const migracionesAplicadas = await migrar(orm);
    return { orm, migracionesAplicadas, cerrar };
  } catch (e) {
    await cerrar().catch(() => {});
    throw e;
  }
}

/**
 * Configuration problems become an `Error:` heading with one line per variable (like other command
 * errors): every problem at once, exit 1, no stack trace.
 */
function configOError(cargarConfig: () => Config): Config {
  try {
    return cargarConfig();
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    throw errores.entradaInvalida(
      'Configuración inválida',
      e.problemas.map((p) => ({ campo: p.variable, mensaje: p.mensaje })),
    );
  }
}

/** The `ejecutar` dependency of the program: one connection per command. */
export function crearEjecutor(cargarConfig: () => Config = () => loadConfig()) {
  return async <T>(fn: (ctx: Contexto) => Promise<T> | T): Promise<T> => {
    const config = configOError(cargarConfig);
    const cx = await abrirConexion(config);
    try {
      return await fn({
        em: cx.orm.em.fork(),
        entidades: new ServicioEntidades(),
        credenciales: new ServicioCredenciales(config.credentialsKey),
        migracionesAplicadas: cx.migracionesAplicadas,
        webhooks: new ServicioWebhooks(config.webhooks, config.credentialsKey),
        catalogos: config.catalogos,
      });
    } finally {
      await cx.cerrar();
    }
  };
}
