import { tituloCodigoIhce } from '../rda/ihce/explicar.js';
import { reglaRdaDe } from '../rda/linter/registro.js';
import { CODIGOS_FEV } from '../rips/fev/codigos.js';
import { CODIGOS_MUV } from '../rips/muv/codigos.js';
import { CODIGOS_OPERACION } from '../rips/radicacion/reglas-operacion.js';
import { REGLAS_POR_CODIGO } from '../rips/reglas/registro.js';
import type { ModuloResumen } from './valores.js';

/**
 * A cause's Spanish title from the rule registries (never from a stored finding: upstream texts may
 * carry anything). Codes no registry knows are named by their source.
 */
export function tituloCausa(modulo: ModuloResumen, fuente: string, codigo: string): string {
  const titulo =
    modulo === 'rips'
      ? (REGLAS_POR_CODIGO.get(codigo)?.titulo ??
        CODIGOS_FEV.get(codigo)?.titulo ??
        CODIGOS_OPERACION.get(codigo)?.titulo ??
        (Object.hasOwn(CODIGOS_MUV, codigo) ? CODIGOS_MUV[codigo]!.titulo : undefined))
      : (reglaRdaDe(codigo)?.titulo ?? tituloCodigoIhce(codigo) ?? undefined);
  if (titulo) return titulo;
  if (fuente === 'muv') return `Código ${codigo} del MUV (sin descripción en el registro de reglas)`;
  if (fuente === 'ihce') return `Código ${codigo} de la plataforma IHCE (sin descripción en el registro)`;
  return `Regla ${codigo}`;
}
