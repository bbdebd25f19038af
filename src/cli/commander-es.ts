import { type Command, Help } from 'commander';

/**
 * Commander prints its own help headings and usage errors in English; these hooks put them in
 * Spanish. Call on the root command before adding subcommands (they inherit the settings).
 */

const TITULOS: Record<string, string> = {
  'Usage:': 'Uso:',
  'Options:': 'Opciones:',
  'Commands:': 'Comandos:',
  'Arguments:': 'Argumentos:',
  'Global Options:': 'Opciones globales:',
};

type Reemplazo = string | ((coincidencia: string, ...grupos: string[]) => string);

const ERRORES: [RegExp, Reemplazo][] = [
  [/^error: unknown option '(.*)'/, "error: opción desconocida '$1'"],
  [/^error: unknown command '(.*)'/, "error: comando desconocido '$1'"],
  [/^error: missing required argument '(.*)'/, "error: falta el argumento obligatorio '$1'"],
  [/^error: option '(.*)' argument missing/, "error: falta el valor de la opción '$1'"],
  [/^error: required option '(.*)' not specified/, "error: falta la opción obligatoria '$1'"],
  [
    /^error: too many arguments(?: for '(.*)')?\. Expected (\d+) arguments? but got (\d+)\./,
    (_m, cmd, esperados, recibidos) =>
      `error: demasiados argumentos${cmd ? ` para '${cmd}'` : ''}: se esperaban ${esperados} y se recibieron ${recibidos}.`,
  ],
  [/^error: (.*) cannot be used with (.*)/, 'error: $1 no se puede usar junto con $2'],
  [/\(Did you mean one of (.*)\?\)/, '(¿Quiso decir alguno de estos: $1?)'],
  [/\(Did you mean (.*)\?\)/, '(¿Quiso decir $1?)'],
];

export function traducirError(texto: string): string {
  return ERRORES.reduce(
    (t, [patron, r]) => (typeof r === 'string' ? t.replace(patron, r) : t.replace(patron, r)),
    texto,
  );
}

function usoEnEspanol(texto: string): string {
  return texto.replace('[options]', '[opciones]').replace('[command]', '[comando]');
}

export function configurarEnEspanol(programa: Command): Command {
  const base = new Help();
  return programa
    .helpOption('-h, --help', 'Muestra la ayuda')
    .helpCommand('help [comando]', 'Muestra la ayuda de un comando')
    .showHelpAfterError('(use --help para ver la ayuda)')
    .configureHelp({
      styleTitle: (titulo) => TITULOS[titulo] ?? titulo,
      commandUsage: (cmd) => usoEnEspanol(base.commandUsage(cmd)),
      subcommandTerm: (cmd) => usoEnEspanol(base.subcommandTerm(cmd)),
    });
}
