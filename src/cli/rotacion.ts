import type { Command } from 'commander';
import type { ResultadoRotacion } from '../entidades/credenciales.js';
import { errores } from '../errores/errores.js';
import type { RotacionSecretosWebhook } from '../webhooks/servicio.js';
import type { Contexto } from './comandos.js';
import type { Dependencias } from './programa.js';
import { obtenerSecretos } from './secretos.js';

interface ConJson {
  json?: boolean;
}

/** The credentials' rotation plus the webhook signing secrets (the same key encrypts both). */
export interface ResultadoRotacionCompleta extends ResultadoRotacion {
  webhooks?: RotacionSecretosWebhook;
}

export interface RotacionClave extends ResultadoRotacionCompleta {
  siguientesPasos: string[];
}

const ORIGEN_CLAVE = 'variable de entorno CREDENTIALS_KEY_NUEVA o --clave-nueva-stdin';
const GENERAR = 'openssl rand -base64 32';

/** Same rule as CREDENTIALS_KEY in the configuration, a bit stricter about stray characters. */
export function claveDeTexto(texto: string | undefined): Buffer {
  const t = texto?.trim();
  if (!t) {
    throw errores.entradaInvalida('Falta la clave nueva.', [
      { campo: 'claveNueva', mensaje: `Es obligatoria. Se indica con: ${ORIGEN_CLAVE}.` },
    ]);
  }
  const clave = Buffer.from(t, 'base64');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(t) || clave.length !== 32) {
    throw errores.entradaInvalida('La clave nueva no es válida.', [
      { campo: 'claveNueva', mensaje: `Debe ser 32 bytes en base64; genérela con: ${GENERAR}.` },
    ]);
  }
  return clave;
}

/** What the operator must do next; depends on how this instance gets its keys. */
export function siguientesPasos(r: ResultadoRotacion, env: Record<string, string | undefined>): string[] {
  if (r.simulacion) {
    return [
      'Simulación: no se cambió nada. Todas las credenciales se descifran con la clave actual o ya con la nueva; ' +
        'ejecute el comando sin --simular para recifrarlas.',
    ];
  }
  const pasos = [
    'Defina CREDENTIALS_KEY con la clave nueva en todas las instancias del servidor y en el entorno de la CLI, y ' +
      'reinícielas. Mientras tanto, una instancia con la clave anterior no puede descifrar estas credenciales: ' +
      'sus radicaciones ante el MUV y transmisiones a la IHCE responden 503 (credenciales-no-configuradas) hasta ' +
      'reiniciarla con la clave nueva.',
    'Guarde la clave nueva junto a las copias de seguridad que se hagan desde ahora y conserve la anterior mientras ' +
      'existan copias hechas antes de esta rotación (solo se leen con ella).',
  ];
  if (!env.CREDENTIALS_KEY) {
    pasos.push(
      'Esta CLI no tenía CREDENTIALS_KEY: la clave actual se leyó de DATA_DIR/credentials.key (solo fuera de ' +
        'producción). Reemplace el contenido de ese archivo por la clave nueva.',
    );
  }
  if (!env.RDA_CURSOR_KEY) {
    pasos.push(
      'Sin RDA_CURSOR_KEY, la clave de los cursores de POST /rda/consultas se deriva de CREDENTIALS_KEY: los ' +
        'cursores entregados antes del reinicio dejan de valer (duran RDA_CURSOR_TTL_SEGUNDOS, 15 min por defecto) ' +
        'y el cliente debe repetir la consulta desde la primera página.',
    );
  }
  return pasos;
}

export async function rotarClave(
  ctx: Contexto,
  claveNueva: Buffer,
  simular: boolean,
): Promise<ResultadoRotacionCompleta> {
  if (!ctx.webhooks) return ctx.credenciales.rotarClave(ctx.em, claveNueva, { simular });
  // Two tables, two transactions: the credentials are checked first (a dry run), so an unreadable one
  // stops everything before a webhook secret changes; each step alone is all or nothing and a rerun
  // recognizes what is already rotated.
  if (!simular) await ctx.credenciales.rotarClave(ctx.em, claveNueva, { simular: true });
  const webhooks = await ctx.webhooks.rotarClave(ctx.em, claveNueva, { simular });
  return { ...(await ctx.credenciales.rotarClave(ctx.em, claveNueva, { simular })), webhooks };
}

export function textoRotacion(r: RotacionClave): string {
  const filas: [string, number][] = [
    [r.simulacion ? 'se recifrarían' : 'recifradas', r.recifradas],
    ['ya con la clave nueva', r.yaConClaveNueva],
  ];
  const ancho = Math.max(...filas.map(([k]) => k.length)) + 1;
  return (
    `${r.simulacion ? 'Simulación de la rotación' : 'Rotación'} de CREDENTIALS_KEY: ${r.total} credenciales ` +
    `(MUV ${r.porSistema.muv}, IHCE ${r.porSistema.ihce}) de ${r.entidades} entidades.\n` +
    filas.map(([k, v]) => `  ${`${k}:`.padEnd(ancho)} ${v}\n`).join('') +
    (r.webhooks
      ? `Secretos de webhook: ${r.webhooks.total} (${r.simulacion ? 'se recifrarían' : 'recifrados'} ${r.webhooks.recifrados}, ya con la clave nueva ${r.webhooks.yaConClaveNueva}).\n`
      : '') +
    `\nSiguientes pasos:\n${r.siguientesPasos.map((p, i) => `  ${i + 1}. ${p}\n`).join('')}`
  );
}

/** Adds `credenciales rotar-clave` to the `credenciales` command. */
export function registrarRotacion(credenciales: Command, deps: Dependencias): void {
  credenciales
    .command('rotar-clave')
    .description(
      'Recifra todas las credenciales del Ministerio con una CREDENTIALS_KEY nueva (una transacción: todo o nada)',
    )
    .option(
      '--clave-nueva-stdin',
      'Lee la clave nueva de la entrada estándar en lugar de CREDENTIALS_KEY_NUEVA',
    )
    .option('--simular', 'Solo comprueba que todas se descifran con la clave actual; no cambia nada')
    .option('--json', 'Salida en JSON (para scripts)')
    .addHelpText(
      'after',
      '\nLa clave actual es CREDENTIALS_KEY (la misma del servidor). La nueva se toma de la variable de entorno\n' +
        'CREDENTIALS_KEY_NUEVA o, con --clave-nueva-stdin, de la primera línea de la entrada estándar; nunca como\n' +
        `argumento. Genere una con: ${GENERAR}\n` +
        'Si alguna credencial no se descifra con la clave actual (ni con la nueva), no se cambia nada.\n' +
        'Después: CREDENTIALS_KEY = clave nueva en todas las instancias y reinicio (vea docs/operacion.md).\n',
    )
    .action(async (o: ConJson & { claveNuevaStdin?: boolean; simular?: boolean }) => {
      const s = await obtenerSecretos(
        [
          {
            campo: 'claveNueva',
            variable: 'CREDENTIALS_KEY_NUEVA',
            indicacion: 'Clave nueva (base64, 32 bytes)',
          },
        ],
        !!o.claveNuevaStdin,
        deps.env,
        deps.leerLineas,
      );
      const claveNueva = claveDeTexto(s.claveNueva);
      const r = await deps.ejecutar((ctx) => rotarClave(ctx, claveNueva, !!o.simular));
      const v: RotacionClave = { ...r, siguientesPasos: siguientesPasos(r, deps.env) };
      deps.salida.out(o.json ? `${JSON.stringify(v, null, 2)}\n` : textoRotacion(v));
    });
}
