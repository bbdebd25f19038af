import { Command, CommanderError } from 'commander';
import { MODULOS, TIPOS_ENTIDAD } from '../entidades/valores.js';
import { registrarCatalogos } from './catalogos.js';
import * as c from './comandos.js';
import { configurarEnEspanol, traducirError } from './commander-es.js';
import * as f from './formato.js';
import { registrarRotacion } from './rotacion.js';
import { type LeerLineas, obtenerSecretos } from './secretos.js';
import { registrarComandosWebhook } from './webhooks.js';

/** Where the CLI writes; each call gets whole lines. */
export interface Salida {
  out: (texto: string) => void;
  err: (texto: string) => void;
}

export interface Dependencias {
  /** Opens the database (migrating it), runs `fn` and closes everything again. */
  ejecutar: <T>(fn: (ctx: c.Contexto) => Promise<T> | T) => Promise<T>;
  salida: Salida;
  /** Where secrets are read from when stdin is not requested. */
  env: Record<string, string | undefined>;
  leerLineas: LeerLineas;
}

interface ConJson {
  json?: boolean;
}

const MODULOS_TEXTO = MODULOS.join(', ');

/**
 * Builds the commander program. It never exits the process: usage errors throw a
 * CommanderError and command failures throw their error (see `ejecutarCli`).
 */
export function crearPrograma(deps: Dependencias): Command {
  const programa = configurarEnEspanol(new Command('npm run cli --'))
    .description(
      'CLI del operador: entidades, API keys, credenciales del Ministerio, webhooks y migraciones de la base de datos.',
    )
    .configureOutput({
      writeOut: deps.salida.out,
      writeErr: deps.salida.err,
      outputError: (texto, escribir) => escribir(traducirError(texto)),
    })
    .exitOverride();

  const responder = <T>(o: ConJson, valor: T, texto: (v: T) => string) =>
    deps.salida.out(o.json ? `${JSON.stringify(valor, null, 2)}\n` : texto(valor));
  const conJson = (cmd: Command) => cmd.option('--json', 'Salida en JSON (para scripts)');
  /** In JSON mode stdout carries only the JSON; the one-time warning still reaches a human. */
  const avisarClave = (o: ConJson, k: c.ApiKeyEmitida | undefined) => {
    if (o.json && k) deps.salida.err(`ATENCIÓN: ${k.aviso}\n`);
  };

  // ── entidad ────────────────────────────────────────────────────────────────
  const entidad = programa.command('entidad').description('Alta y consulta de entidades (prestadores)');

  conJson(
    entidad
      .command('crear')
      .description('Crea una entidad y, salvo --sin-api-key, le emite su primera API key')
      .requiredOption(
        '--slug <slug>',
        'Identificador: minúsculas, dígitos y guiones (máx. 63), sin guion al inicio o final',
      )
      .requiredOption('--nombre <nombre>', 'Nombre o razón social')
      .requiredOption('--tipo <tipo>', `Tipo de entidad: ${TIPOS_ENTIDAD.join(', ')}`)
      .requiredOption('--modulos <lista>', `Módulos contratados separados por comas (${MODULOS_TEXTO})`)
      .option(
        '--obligados <lista>',
        'NIT de los obligados a reportar cuyos RIPS radica (separados por comas; el del usuario del MUV vale sin declararlo)',
      )
      .option(
        '--compartir-nit',
        'Permite declarar un NIT que otra entidad ya declara (grupos que facturan con un mismo NIT); sin esta opción se rechaza',
      )
      .option(
        '--prestadores <lista>',
        'Códigos de prestador habilitados en el REPS (12 dígitos: prestador y sede; o 10, el prestador con todas sus sedes), separados por comas; la compuerta verifica contra ellos RVC011 y RVC012',
      )
      .option('--descripcion-clave <texto>', 'Descripción de la API key emitida')
      .option('--sin-api-key', 'No emitir API key'),
  ).action(
    async (
      o: ConJson & {
        slug: string;
        nombre: string;
        tipo: string;
        modulos: string;
        obligados?: string;
        compartirNit?: boolean;
        prestadores?: string;
        descripcionClave?: string;
        sinApiKey?: boolean;
      },
    ) => {
      const r = await deps.ejecutar((ctx) =>
        c.crearEntidad(ctx, {
          slug: o.slug,
          nombre: o.nombre,
          tipoEntidad: o.tipo,
          modulos: c.separarLista(o.modulos),
          obligados: c.separarLista(o.obligados),
          compartirNit: o.compartirNit === true,
          prestadores: c.separarLista(o.prestadores),
          descripcionClave: o.descripcionClave,
          emitirApiKey: !o.sinApiKey,
        }),
      );
      responder(o, r, f.textoEntidadCreada);
      avisarClave(o, r.apiKey);
    },
  );

  conJson(
    entidad
      .command('listar')
      .description('Lista las entidades con sus módulos y el número de API keys activas'),
  ).action(async (o: ConJson) => {
    responder(o, await deps.ejecutar((ctx) => c.listarEntidades(ctx)), f.textoEntidades);
  });

  conJson(
    entidad
      .command('ver')
      .description('Muestra una entidad, sus API keys y el estado de sus credenciales')
      .argument('<slug>', 'Entidad'),
  ).action(async (slug: string, o: ConJson) => {
    responder(o, await deps.ejecutar((ctx) => c.verEntidad(ctx, slug)), f.textoDetalleEntidad);
  });

  conJson(
    entidad
      .command('modulos')
      .description('Cambia los módulos contratados de una entidad')
      .argument('<slug>', 'Entidad')
      .option('--fijar <lista>', `Reemplaza la lista completa (${MODULOS_TEXTO}); --fijar "" los quita todos`)
      .option('--agregar <lista>', 'Agrega módulos (separados por comas)')
      .option('--quitar <lista>', 'Quita módulos (separados por comas)'),
  ).action(async (slug: string, o: ConJson & { fijar?: string; agregar?: string; quitar?: string }) => {
    const cambio: c.CambioModulos = {
      fijar: o.fijar === undefined ? undefined : c.separarLista(o.fijar),
      agregar: c.separarLista(o.agregar),
      quitar: c.separarLista(o.quitar),
    };
    responder(o, await deps.ejecutar((ctx) => c.cambiarModulos(ctx, slug, cambio)), f.textoModulos);
  });

  conJson(
    entidad
      .command('obligados')
      .description('Declara o retira los NIT de los obligados a reportar cuyos RIPS radica la entidad')
      .argument('<slug>', 'Entidad')
      .option('--agregar <lista>', 'NIT a declarar (separados por comas, sin dígito de verificación)')
      .option('--quitar <lista>', 'NIT a retirar (separados por comas)')
      .option(
        '--compartir-nit',
        'Permite declarar un NIT que otra entidad ya declara; sin esta opción se rechaza',
      ),
  ).action(
    async (slug: string, o: ConJson & { agregar?: string; quitar?: string; compartirNit?: boolean }) => {
      const cambio = {
        agregar: c.separarLista(o.agregar),
        quitar: c.separarLista(o.quitar),
        compartir: o.compartirNit === true,
      };
      responder(o, await deps.ejecutar((ctx) => c.cambiarObligados(ctx, slug, cambio)), f.textoObligados);
    },
  );

  conJson(
    entidad
      .command('prestadores')
      .description(
        'Declara o retira los códigos de prestador habilitados (REPS) de la entidad, con los que la compuerta verifica RVC011 y RVC012',
      )
      .argument('<slug>', 'Entidad')
      .option(
        '--agregar <lista>',
        'Códigos a declarar (12 dígitos: 10 del prestador y 2 de la sede; o los 10 del prestador), separados por comas',
      )
      .option('--quitar <lista>', 'Códigos a retirar (separados por comas)'),
  ).action(async (slug: string, o: ConJson & { agregar?: string; quitar?: string }) => {
    const cambio = { agregar: c.separarLista(o.agregar), quitar: c.separarLista(o.quitar) };
    responder(o, await deps.ejecutar((ctx) => c.cambiarPrestadores(ctx, slug, cambio)), f.textoPrestadores);
  });

  // ── apikey ─────────────────────────────────────────────────────────────────
  const apikey = programa.command('apikey').description('Emisión, consulta y revocación de API keys');

  conJson(
    apikey
      .command('emitir')
      .description('Emite una API key nueva; se muestra una sola vez')
      .argument('<slug>', 'Entidad')
      .option('--descripcion <texto>', 'Para qué o para quién es la clave'),
  ).action(async (slug: string, o: ConJson & { descripcion?: string }) => {
    const r = await deps.ejecutar((ctx) => c.emitirApiKey(ctx, slug, o.descripcion));
    responder(o, r, f.textoApiKeyEmitida);
    avisarClave(o, r);
  });

  conJson(
    apikey
      .command('listar')
      .description('Lista las API keys de una entidad (id, prefijo, fechas; nunca la clave)')
      .argument('<slug>', 'Entidad'),
  ).action(async (slug: string, o: ConJson) => {
    responder(o, await deps.ejecutar((ctx) => c.listarApiKeys(ctx, slug)), f.textoApiKeys);
  });

  conJson(
    apikey
      .command('revocar')
      .description('Revoca una API key por su id o por su prefijo')
      .argument('<slug>', 'Entidad')
      .argument('<id-o-prefijo>', 'Id de la clave o su prefijo (p. ej. rda_AbC123)'),
  ).action(async (slug: string, ref: string, o: ConJson) => {
    responder(o, await deps.ejecutar((ctx) => c.revocarApiKey(ctx, slug, ref)), f.textoRevocada);
  });

  // ── credenciales ───────────────────────────────────────────────────────────
  const credenciales = programa
    .command('credenciales')
    .description('Credenciales de las plataformas del Ministerio (se guardan cifradas)');

  conJson(
    credenciales
      .command('muv')
      .description('Registra o reemplaza las credenciales del MUV (SISPRO) de una entidad')
      .argument('<slug>', 'Entidad')
      .option('--tipo-documento <tipo>', 'Tipo de documento del usuario SISPRO (p. ej. CC)')
      .option('--numero-documento <numero>', 'Número de documento del usuario SISPRO')
      .option('--nit <nit>', 'NIT del prestador')
      .option('--tipo-usuario <tipo>', 'Tipo de usuario: RE, PIN, PINx o PIE (opcional)')
      .option('--clave-stdin', 'Lee la contraseña de la entrada estándar en lugar de MUV_CLAVE')
      .addHelpText(
        'after',
        '\nLa contraseña se toma de la variable de entorno MUV_CLAVE o, con --clave-stdin, de la primera\n' +
          'línea de la entrada estándar. Nunca se pasa como argumento.\n',
      ),
  ).action(
    async (
      slug: string,
      o: ConJson & {
        tipoDocumento?: string;
        numeroDocumento?: string;
        nit?: string;
        tipoUsuario?: string;
        claveStdin?: boolean;
      },
    ) => {
      const s = await obtenerSecretos(
        [{ campo: 'clave', variable: 'MUV_CLAVE', indicacion: 'Contraseña del MUV' }],
        !!o.claveStdin,
        deps.env,
        deps.leerLineas,
      );
      const r = await deps.ejecutar((ctx) =>
        c.guardarCredencialesMuv(ctx, slug, {
          tipoDocumento: o.tipoDocumento,
          numeroDocumento: o.numeroDocumento,
          nit: o.nit,
          tipoUsuario: o.tipoUsuario,
          clave: s.clave,
        }),
      );
      responder(o, { entidad: slug, ...r }, (v) => f.textoCredencialesGuardadas(slug, v));
    },
  );

  conJson(
    credenciales
      .command('ihce')
      .description('Registra o reemplaza las credenciales de la plataforma IHCE de una entidad')
      .argument('<slug>', 'Entidad')
      .option('--client-id <id>', 'Client ID de la aplicación en Entra ID')
      .option('--tenant-id <id>', 'Tenant ID de Entra ID')
      .option('--scope <scope>', 'Scope del token (p. ej. api://…/.default)')
      .option('--secretos-stdin', 'Lee client secret y subscription key de la entrada estándar (dos líneas)')
      .addHelpText(
        'after',
        '\nEl client secret y la subscription key se toman de IHCE_CLIENT_SECRET e IHCE_SUBSCRIPTION_KEY o,\n' +
          'con --secretos-stdin, de las dos primeras líneas de la entrada estándar (en ese orden).\n' +
          'Nunca se pasan como argumento.\n',
      ),
  ).action(
    async (
      slug: string,
      o: ConJson & { clientId?: string; tenantId?: string; scope?: string; secretosStdin?: boolean },
    ) => {
      const s = await obtenerSecretos(
        [
          { campo: 'clientSecret', variable: 'IHCE_CLIENT_SECRET', indicacion: 'Client secret de IHCE' },
          {
            campo: 'subscriptionKey',
            variable: 'IHCE_SUBSCRIPTION_KEY',
            indicacion: 'Subscription key de IHCE',
          },
        ],
        !!o.secretosStdin,
        deps.env,
        deps.leerLineas,
      );
      const r = await deps.ejecutar((ctx) =>
        c.guardarCredencialesIhce(ctx, slug, {
          clientId: o.clientId,
          tenantId: o.tenantId,
          scope: o.scope,
          clientSecret: s.clientSecret,
          subscriptionKey: s.subscriptionKey,
        }),
      );
      responder(o, { entidad: slug, ...r }, (v) => f.textoCredencialesGuardadas(slug, v));
    },
  );

  conJson(
    credenciales
      .command('estado')
      .description('Indica qué credenciales están configuradas y cuándo se actualizaron (sin secretos)')
      .argument('<slug>', 'Entidad'),
  ).action(async (slug: string, o: ConJson) => {
    responder(o, await deps.ejecutar((ctx) => c.estadoCredenciales(ctx, slug)), f.textoEstadoCredenciales);
  });

  conJson(
    credenciales
      .command('borrar')
      .description('Borra las credenciales de un sistema')
      .argument('<slug>', 'Entidad')
      .argument('<sistema>', 'muv o ihce'),
  ).action(async (slug: string, sistema: string, o: ConJson) => {
    responder(o, await deps.ejecutar((ctx) => c.borrarCredenciales(ctx, slug, sistema)), f.textoBorradas);
  });

  registrarRotacion(credenciales, deps);

  registrarComandosWebhook(programa, deps);

  // ── migrar ─────────────────────────────────────────────────────────────────
  conJson(
    programa.command('migrar').description('Aplica las migraciones pendientes e indica cuáles se aplicaron'),
  ).action(async (o: ConJson) => {
    responder(o, await deps.ejecutar((ctx) => c.migrarBd(ctx)), f.textoMigraciones);
  });

  registrarCatalogos(programa, deps);

  return programa;
}

/**
 * Runs one command line and returns the exit code: 0 ok, 1 the command failed (an ErrorApp is
 * printed as `Error: <mensaje>` plus its details), 2 usage error (already printed by commander).
 */
export async function ejecutarCli(argv: string[], deps: Dependencias): Promise<number> {
  try {
    await crearPrograma(deps).parseAsync(argv, { from: 'user' });
    return 0;
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
    deps.salida.err(f.textoError(e));
    return 1;
  }
}
