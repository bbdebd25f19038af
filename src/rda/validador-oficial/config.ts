/** How the official HL7 validator is reached, if at all (read once from the environment). */
export type ConfigValidadorHl7 =
  | { modo: 'ninguno' }
  | ({
      modo: 'comando';
      /** Java binary (or any executable that accepts the validator_cli arguments after `-jar <jar>`). */
      java: string;
      opcionesJava: string[];
      jar: string;
      /** `-ig` values: package files/folders (official RDA package, national core) or `id#version`. */
      paquetes: string[];
      tx: string;
    } & Limites)
  | ({ modo: 'servidor'; url: string } & Limites);

export interface Limites {
  timeoutMs: number;
  colaMax: number;
}

type Env = Record<string, string | undefined>;

export class ErrorConfigValidador extends Error {}

function entero(env: Env, nombre: string, porDefecto: number, minimo: number): number {
  const v = env[nombre];
  if (v === undefined || v === '') return porDefecto;
  const n = Number(v);
  if (!Number.isInteger(n) || n < minimo)
    throw new ErrorConfigValidador(`${nombre} debe ser un entero ≥ ${minimo}`);
  return n;
}

const lista = (v: string | undefined, sep: RegExp) =>
  (v ?? '')
    .split(sep)
    .map((s) => s.trim())
    .filter(Boolean);

export function leerConfigValidador(env: Env): ConfigValidadorHl7 {
  const url = env.RDA_VALIDADOR_URL || undefined;
  const jar = env.RDA_VALIDADOR_JAR || undefined;
  if (url && jar)
    throw new ErrorConfigValidador(
      'Configure RDA_VALIDADOR_JAR (comando) o RDA_VALIDADOR_URL (servidor), no ambos',
    );
  const limites: Limites = {
    timeoutMs: entero(env, 'RDA_VALIDADOR_TIMEOUT_MS', 120_000, 100),
    colaMax: entero(env, 'RDA_VALIDADOR_COLA_MAX', 20, 0),
  };
  if (url) {
    if (!/^https?:\/\//.test(url))
      throw new ErrorConfigValidador('RDA_VALIDADOR_URL debe ser una URL http(s)');
    return { modo: 'servidor', url: url.replace(/\/+$/, ''), ...limites };
  }
  if (jar) {
    return {
      modo: 'comando',
      java: env.RDA_VALIDADOR_JAVA || 'java',
      opcionesJava: lista(env.RDA_VALIDADOR_OPCIONES_JAVA, /\s+/),
      jar,
      paquetes: lista(env.RDA_VALIDADOR_IG, /,/),
      tx: env.RDA_VALIDADOR_TX || 'n/a',
      ...limites,
    };
  }
  return { modo: 'ninguno' };
}
