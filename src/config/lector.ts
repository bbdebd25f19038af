/** Reading environment variables while collecting every problem (see loadConfig in ../config.ts). */
export type Env = Record<string, string | undefined>;

/** One invalid setting: the variable and what is wrong with it, in Spanish. */
export interface ProblemaConfig {
  variable: string;
  mensaje: string;
}

/** Every configuration problem found at once; `errores` holds one `VARIABLE: explicación` line each. */
export class ConfigError extends Error {
  readonly problemas: ProblemaConfig[];
  readonly errores: string[];

  constructor(problemas: ProblemaConfig[]) {
    const errores = problemas.map((p) => `${p.variable}: ${p.mensaje}`);
    super(errores.join('\n'));
    this.name = 'ConfigError';
    this.problemas = problemas;
    this.errores = errores;
  }
}

/** For a terminal: a heading and one indented line per problem (no stack trace). */
export function textoConfigInvalida(e: ConfigError): string {
  return `Configuración inválida:\n${e.errores.map((l) => `  - ${l}\n`).join('')}`;
}

// setTimeout fires at once above this, so no larger number is ever meant.
const ENTERO_MAX = 2_147_483_647;

const BOOLEANOS: Record<string, boolean> = {
  true: true,
  false: false,
  '1': true,
  '0': false,
  si: true,
  sí: true,
  no: false,
  yes: true,
  on: true,
  off: false,
};

export const NIVELES_LOG = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Echoes a rejected value (never used for keys, secrets or URLs). */
export function citar(v: string): string {
  const limpio = v.replace(/[\p{C}]/gu, '?');
  return `«${limpio.length > 40 ? `${limpio.slice(0, 40)}…` : limpio}»`;
}

function tamanoEnBytes(valor: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(valor);
  if (!m) return undefined;
  const mult = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }[(m[2] ?? 'b').toLowerCase() as 'b'];
  return Math.floor(Number(m[1]) * mult);
}

const EJEMPLO_TAMANO = 'debe ser un tamaño como 512kb, 16mb o 1048576 (bytes)';

/** Parses sizes like `200mb`, `16MB`, `1048576`. */
export function parseTamano(valor: string, variable = 'Tamaño'): number {
  const n = tamanoEnBytes(valor);
  if (n === undefined)
    throw new ConfigError([{ variable, mensaje: `${EJEMPLO_TAMANO} (valor recibido: ${citar(valor)})` }]);
  return n;
}

/**
 * Reads the environment collecting every problem instead of stopping at the first. A rejected value
 * yields the default, so values that depend on it add no follow-up errors.
 */
export class Lector {
  readonly problemas: ProblemaConfig[] = [];

  constructor(private readonly env: Env) {}

  problema(variable: string, mensaje: string): void {
    this.problemas.push({ variable, mensaje });
  }

  /** Trimmed value; empty counts as unset. */
  texto(nombre: string): string | undefined {
    const v = this.env[nombre]?.trim();
    return v ? v : undefined;
  }

  entero(nombre: string, porDefecto: number, min = 0, max = ENTERO_MAX): number {
    const v = this.texto(nombre);
    if (v === undefined) return porDefecto;
    const n = /^\d+$/.test(v) ? Number(v) : Number.NaN;
    if (n >= min && n <= max) return n;
    const rango = max === ENTERO_MAX ? `mayor o igual a ${min}` : `entre ${min} y ${max}`;
    this.problema(nombre, `debe ser un número entero ${rango} (valor recibido: ${citar(v)})`);
    return porDefecto;
  }

  booleano(nombre: string, porDefecto: boolean): boolean {
    const v = this.texto(nombre);
    if (v === undefined) return porDefecto;
    const b = BOOLEANOS[v.toLowerCase()];
    if (b !== undefined) return b;
    this.problema(nombre, `valor ${citar(v)} no reconocido: use true/false, 1/0, sí/no, yes/no u on/off`);
    return porDefecto;
  }

  tamano(nombre: string, porDefecto: string, min = 0): number {
    const v = this.texto(nombre);
    const n = v === undefined ? undefined : tamanoEnBytes(v);
    if (v !== undefined && n !== undefined && n >= min) return n;
    if (v !== undefined)
      this.problema(
        nombre,
        `${EJEMPLO_TAMANO}${min > 0 ? ' mayor que 0' : ''} (valor recibido: ${citar(v)})`,
      );
    return tamanoEnBytes(porDefecto)!;
  }

  fraccion(nombre: string): number {
    const v = this.texto(nombre);
    if (v === undefined) return 0;
    const n = /^\d+(\.\d+)?$/.test(v) ? Number(v) : Number.NaN;
    if (n <= 1) return n;
    this.problema(nombre, `debe ser un número entre 0 y 1, como 0.25 (valor recibido: ${citar(v)})`);
    return 0;
  }

  /** http(s) by default; the value is never echoed (it may carry a password). */
  url(nombre: string, esquemas = ['http:', 'https:']): string | undefined {
    const v = this.texto(nombre);
    if (v === undefined) return undefined;
    let u: URL | undefined;
    try {
      u = new URL(v);
    } catch {}
    // A postgres URL may omit the host (Unix socket through ?host=).
    if (u && esquemas.includes(u.protocol) && (u.hostname || !u.protocol.startsWith('http'))) return v;
    this.problema(nombre, `debe ser una URL ${esquemas.map((e) => `${e}//`).join(' o ')} válida`);
    return undefined;
  }

  opcion<T extends string>(nombre: string, opciones: readonly T[], porDefecto: T): T {
    const v = this.texto(nombre);
    if (v === undefined) return porDefecto;
    if ((opciones as readonly string[]).includes(v.toLowerCase())) return v.toLowerCase() as T;
    this.problema(nombre, `valor ${citar(v)} no reconocido: use ${opciones.join(', ')}`);
    return porDefecto;
  }

  /** A base64 key of at least `bytes` bytes (exactly, with `exacta`); never echoed. */
  clave(nombre: string, bytes: number, exacta: boolean): Buffer | undefined {
    const v = this.texto(nombre);
    if (v === undefined) return undefined;
    const key = /^[A-Za-z0-9+/_-]+={0,2}$/.test(v) ? Buffer.from(v, 'base64') : Buffer.alloc(0);
    if (exacta ? key.length === bytes : key.length >= bytes) return key;
    this.problema(
      nombre,
      `debe ser ${exacta ? '' : 'al menos '}${bytes} bytes en base64 (genere una con: openssl rand -base64 ${bytes})`,
    );
    return undefined;
  }

  /** Folds an error of another reader (`VARIABLE: …` or `VARIABLE debe …`) into the list. */
  problemaDe(e: Error, variablePorDefecto: string): void {
    const m = /^([A-Z][A-Z0-9_]+)(?::\s*|\s+)([\s\S]*)$/.exec(e.message);
    if (m) this.problema(m[1]!, m[2]!);
    else this.problema(variablePorDefecto, e.message);
  }
}
