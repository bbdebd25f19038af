/**
 * The small evaluator of the guide's facts: dotted paths over FHIR JSON (arrays flattened) and
 * FHIR pattern semantics (an instance matches when it contains every value of the pattern; an
 * array pattern matches when each of its items matches some item of the instance). No FHIRPath
 * library: the facts need only these two operations, and a general engine would cost more per
 * document than the whole linter (bench:rda).
 */
export type Patron = unknown;

export interface Seleccion {
  valor: unknown;
  ruta: string;
}

const esObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Elements at `ruta` ("a.b.c", '' = the value itself) under `raiz`, with their FHIR paths. */
export function seleccionar(raiz: unknown, ruta: string, base: string): Seleccion[] {
  let actuales: Seleccion[] = [{ valor: raiz, ruta: base }];
  if (ruta === '') return actuales;
  for (const parte of ruta.split('.')) {
    const siguientes: Seleccion[] = [];
    for (const a of actuales) {
      if (!esObj(a.valor)) continue;
      const v = a.valor[parte];
      if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) siguientes.push({ valor: v[i], ruta: `${a.ruta}.${parte}[${i}]` });
      } else if (v !== undefined && v !== null) siguientes.push({ valor: v, ruta: `${a.ruta}.${parte}` });
    }
    actuales = siguientes;
  }
  return actuales;
}

/** FHIR pattern[x] semantics. */
export function coincide(valor: unknown, patron: Patron): boolean {
  if (Array.isArray(patron)) {
    const items = Array.isArray(valor) ? valor : valor === undefined ? [] : [valor];
    return patron.every((p) => items.some((v) => coincide(v, p)));
  }
  if (esObj(patron)) {
    if (!esObj(valor)) return false;
    return Object.entries(patron).every(([k, p]) => coincide(valor[k], p));
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
