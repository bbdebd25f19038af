/**
 * The small evaluator of the guide's facts: dotted paths over FHIR JSON (arrays flattened) and
 * FHIR pattern semantics (an instance matches when it contains every value of the pattern; an
 * array pattern matches when each of its items matches some item of the instance). No FHIRPath
 * library: the facts need only these two operations, and a general engine would cost more per
 * document than the whole linter (bench:rda).
 */
export type Patron = unknown;

/** An element found at a path; its FHIR path is built only when a message needs it. */
export class Seleccion {
  constructor(
    readonly valor: unknown,
    private readonly padre: Seleccion | string,
    private readonly parte = '',
    private readonly indice = -1,
  ) {}

  get ruta(): string {
    if (typeof this.padre === 'string') return this.padre;
    return `${this.padre.ruta}.${this.parte}${this.indice >= 0 ? `[${this.indice}]` : ''}`;
  }
}

const esObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const cortes = new Map<string, string[]>();
const partes = (ruta: string) => {
  let p = cortes.get(ruta);
  if (!p) {
    p = ruta.split('.');
    cortes.set(ruta, p);
  }
  return p;
};

/** Elements at `ruta` ("a.b.c", '' = the value itself) under `raiz`, with their FHIR paths. */
export function seleccionar(raiz: unknown, ruta: string, base: string | Seleccion): Seleccion[] {
  let actuales: Seleccion[] = [typeof base === 'string' ? new Seleccion(raiz, base) : base];
  if (ruta === '') return actuales;
  for (const parte of partes(ruta)) {
    const siguientes: Seleccion[] = [];
    for (const a of actuales) {
      if (!esObj(a.valor)) continue;
      const v = a.valor[parte];
      if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) siguientes.push(new Seleccion(v[i], a, parte, i));
      } else if (v !== undefined && v !== null) siguientes.push(new Seleccion(v, a, parte));
    }
    actuales = siguientes;
  }
  return actuales;
}

/** FHIR pattern[x] semantics. Hot path of the linter: plain loops, no allocation. */
export function coincide(valor: unknown, patron: Patron): boolean {
  if (Array.isArray(patron)) {
    for (const p of patron) {
      let alguno = false;
      if (Array.isArray(valor)) {
        for (const v of valor)
          if (coincide(v, p)) {
            alguno = true;
            break;
          }
      } else if (valor !== undefined) alguno = coincide(valor, p);
      if (!alguno) return false;
    }
    return true;
  }
  if (typeof patron === 'object' && patron !== null) {
    if (!esObj(valor)) return false;
    for (const k in patron) if (!coincide(valor[k], (patron as Record<string, unknown>)[k])) return false;
    return true;
  }
  return valor === patron;
}

/** Where the first difference with the pattern is, for a message («title», «code.coding.display»). */
export function diferencia(valor: unknown, patron: Patron, ruta = ''): string | undefined {
  if (coincide(valor, patron)) return undefined;
  if (esObj(patron) && esObj(valor)) {
    for (const [k, p] of Object.entries(patron)) {
      const d = diferencia(valor[k], p, ruta ? `${ruta}.${k}` : k);
      if (d !== undefined) return d;
    }
  }
  if (Array.isArray(patron) && (Array.isArray(valor) || esObj(valor))) {
    const items = Array.isArray(valor) ? valor : [valor];
    for (const p of patron) {
      if (items.some((v) => coincide(v, p))) continue;
      // The closest item: the one that shares the most keys (same system, say).
      const cercano = items.find((v) => esObj(v) && esObj(p) && Object.keys(p).some((k) => v[k] === p[k]));
      return cercano === undefined ? ruta : diferencia(cercano, p, ruta);
    }
  }
  return ruta;
}

/** The value the pattern expects at a sub-path, for the Spanish message. */
export function esperado(patron: Patron, ruta: string): unknown {
  let v: unknown = patron;
  for (const parte of ruta ? ruta.split('.') : []) {
    if (Array.isArray(v)) v = v[0];
    v = esObj(v) ? v[parte] : undefined;
  }
  return Array.isArray(v) ? v[0] : v;
}
