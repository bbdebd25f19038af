import type { ErrorAccionable } from '../../errores/error-accionable.js';
import type { CruceHistoria, TipoServicio } from '../tipos.js';
import { PENDIENTES_HISTORIA } from './explicar.js';
import { type ResultadoValidacion, resumir } from './validar.js';

/** A service of the entity's filed history, as the history store returns it. */
export interface ServicioHistorial {
  tipo: TipoServicio | string;
  grupo: string | null;
  /** RIPS local date-time 'YYYY-MM-DD HH:MM' (no zone, like the RIPS). */
  inicio: string | null;
  tipoOS: string | null;
}

/** The entity's own filed services, by patient HMAC (src/rips/historia). */
export interface ConsultaHistoria {
  hmac(tipoDocumento: string, numDocumento: string): string;
  buscar(entidadId: string, hmacs: string[]): Promise<Map<string, ServicioHistorial[]>>;
}

/** 'YYYY-MM-DD HH:MM' (or a date only) as comparable minutes; null when it is not a date. */
function minutos(v: string | null | undefined): number | null {
  if (!v) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?/.exec(v);
  if (!m) return null;
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0)) / 60000;
}

/** Whether a filed service satisfies what the finding looks for. */
export function satisface(c: CruceHistoria, servicios: readonly ServicioHistorial[]): boolean {
  const fecha = minutos(c.fecha);
  return servicios.some((s) => {
    const busca = c.busca.find(
      (b) =>
        b.tipo === s.tipo &&
        (b.grupo === undefined || b.grupo === s.grupo) &&
        (b.tipoOS === undefined || b.tipoOS === s.tipoOS),
    );
    if (!busca) return false;
    const inicio = minutos(s.inicio);
    if (fecha === null || inicio === null) return true;
    return c.cuando === 'antes' ? inicio <= fecha : inicio >= fecha;
  });
}

/** «CC 123» → its parts (the location shows the patient that way). */
function partes(documento: string): [string, string] | undefined {
  const i = documento.indexOf(' ');
  return i > 0 ? [documento.slice(0, i), documento.slice(i + 1)] : undefined;
}

/**
 * The second of the three outcomes of a cross-RIPS rule: a finding the file does not satisfy
 * (already an informativo, see Hallazgo.cruce) is dropped when the entity's own filed history shows
 * the care. A result without such findings returns untouched, without a query: the hot path of a
 * RIPS that has no cross-RIPS candidates never reaches the database.
 */
export async function conHistoria(
  r: ResultadoValidacion,
  entidadId: string | null | undefined,
  consulta: ConsultaHistoria | undefined,
): Promise<ResultadoValidacion> {
  if (!entidadId || !consulta) return r;
  const pendientes: { error: ErrorAccionable; hmac: string; cruce: CruceHistoria }[] = [];
  for (const error of r.errores) {
    const p = PENDIENTES_HISTORIA.get(error);
    if (!p) continue;
    const doc = partes(p.cruce.documento ?? p.documento);
    if (doc) pendientes.push({ error, hmac: consulta.hmac(doc[0], doc[1]), cruce: p.cruce });
  }
  if (pendientes.length === 0) return r;
  const historia = await consulta.buscar(entidadId, [...new Set(pendientes.map((p) => p.hmac))]);
  const satisfechos = new Set<ErrorAccionable>();
  for (const p of pendientes) {
    const servicios = historia.get(p.hmac);
    if (servicios && satisface(p.cruce, servicios)) satisfechos.add(p.error);
  }
  if (satisfechos.size === 0) return r;
  // errores and issues are parallel lists (explicar and combinar push them together).
  const errores: ErrorAccionable[] = [];
  const issues: ResultadoValidacion['issues'] = [];
  r.errores.forEach((e, i) => {
    if (satisfechos.has(e)) return;
    errores.push(e);
    const issue = r.issues[i];
    if (issue) issues.push(issue);
  });
  const resumen = resumir(errores, r.omitidos);
  return { ...r, errores, issues, resumen, valid: resumen.rechazos === 0 };
}
