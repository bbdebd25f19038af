/** What a GraphQL operation name may look like in a label or a log line (GraphQL's own Name, bounded). */
const NOMBRE = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/**
 * The operation name as logs may carry it: the name itself when it looks like a GraphQL name,
 * `anonima` when there is none, `invalida` otherwise (a client controls this text).
 */
export function nombreOperacion(nombre: unknown): string {
  if (nombre === undefined || nombre === null || nombre === '') return 'anonima';
  return typeof nombre === 'string' && NOMBRE.test(nombre) ? nombre : 'invalida';
}

/**
 * A label fed by values a client chooses: once `maximo` distinct values were seen, any new one
 * becomes `resto`, so label cardinality (and the registry's memory) stays bounded.
 */
export class EtiquetaAcotada {
  private readonly vistos = new Set<string>();

  constructor(
    private readonly maximo: number,
    private readonly resto = 'otra',
  ) {}

  valor(v: string): string {
    if (this.vistos.has(v)) return v;
    if (this.vistos.size >= this.maximo) return this.resto;
    this.vistos.add(v);
    return v;
  }
}

/** A label from a closed list: anything else is `resto`. */
export function cerrada<T extends string>(permitidos: readonly T[], resto = 'otro'): (v: unknown) => string {
  const s = new Set<string>(permitidos);
  return (v) => (typeof v === 'string' && s.has(v) ? v : resto);
}
