import { textosCodigoIhce } from '../rda/ihce/explicar.js';
import { reglaRdaDe } from '../rda/linter/registro.js';
import { CODIGOS_FEV } from '../rips/fev/codigos.js';
import { CODIGOS_MUV } from '../rips/muv/codigos.js';
import { CODIGOS_OPERACION } from '../rips/radicacion/reglas-operacion.js';
import { REGLAS_POR_CODIGO } from '../rips/reglas/registro.js';
import type { ModuloResumen } from './valores.js';

/** What a person reads about a cause: the registry's Spanish title, explanation and fix. */
export interface TextosCausa {
  titulo: string;
  explicacion: string;
  comoCorregir: string;
}

function delRegistro(modulo: ModuloResumen, codigo: string): TextosCausa | undefined {
  if (modulo === 'rda') return reglaRdaDe(codigo) ?? textosCodigoIhce(codigo);
  return (
    REGLAS_POR_CODIGO.get(codigo) ??
    CODIGOS_FEV.get(codigo) ??
    CODIGOS_OPERACION.get(codigo) ??
    (Object.hasOwn(CODIGOS_MUV, codigo) ? CODIGOS_MUV[codigo] : undefined)
  );
}

/**
 * A cause's Spanish texts from the rule registries (never from a stored finding: upstream texts may
 * carry anything). Codes no registry knows are named by their source, and say where the original
 * message is.
 */
export function textosCausa(modulo: ModuloResumen, fuente: string, codigo: string): TextosCausa {
  const r = delRegistro(modulo, codigo);
  if (r) return { titulo: r.titulo, explicacion: r.explicacion, comoCorregir: r.comoCorregir };
  const externo = fuente === 'muv' ? 'del MUV' : fuente === 'ihce' ? 'de la plataforma IHCE' : undefined;
  const titulo =
    fuente === 'muv'
      ? `Código ${codigo} del MUV (sin descripción en el registro de reglas)`
      : fuente === 'ihce'
        ? `Código ${codigo} de la plataforma IHCE (sin descripción en el registro)`
        : `Regla ${codigo}`;
  const modulo_ = modulo === 'rips' ? 'una radicación rechazada' : 'una transmisión rechazada';
  return {
    titulo,
    explicacion: externo
      ? `El registro de reglas del servicio no describe este código ${externo}; su mensaje original está en los hallazgos de cada intento.`
      : 'El registro de reglas del servicio no describe este código.',
    comoCorregir: `Abra ${modulo_} por esta causa y lea su hallazgo (\`errores\`): trae el mensaje original, el campo y la ubicación del problema.`,
  };
}
