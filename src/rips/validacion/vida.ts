import type { ErrorAccionable } from '../../errores/error-accionable.js';
import { dia, diaColombia } from '../reglas/helpers/fechas.js';
import type { CruceVida } from '../tipos.js';
import { eco } from './acotar.js';
import { PENDIENTES_VIDA, type RipsIssue } from './explicar.js';
import { type ResultadoValidacion, resumir } from './validar.js';

/** One RDA transmission of the entity, as the codigoVIDA cross-check reads it (no clinical data). */
export interface RdaTransmitido {
  vida: string | null;
  estado: string;
  /** pacienteHmac of the Patient's national identifier; null on rows older than the column. */
  pacienteHmac: string | null;
  /** The care's period (Encounter.period, else Composition.event.period); null when unknown. */
  inicio: Date | null;
  fin: Date | null;
}

/** The entity's own RDA transmissions (src/rda/transmision/evidencia.ts). */
export interface ConsultaVida {
  /** The same keyed HMAC as the transmissions' pacienteHmac (src/rips/historia/clave.ts). */
  hmac(tipoDocumento: string, numDocumento: string): string;
  /**
   * Whether the entity holds an accepted transmission with a VIDA and a patient, i.e. whether the
   * cross-check has evidence to use (one indexed query, cached for a short time).
   */
  tieneEvidencia(entidadId: string): Promise<boolean>;
  /** The entity's transmissions carrying one of `vidas` (any state) and its accepted ones of `hmacs`. */
  buscar(entidadId: string, q: { vidas: string[]; hmacs: string[] }): Promise<RdaTransmitido[]>;
}

export const CODIGOS_VIDA: readonly string[] = ['VID001', 'VID002'];

/** VID002 suggestions looked up per answer (the first ones in the RIPS order); the rest are dropped. */
export const MAX_SUGERENCIAS_VIDA = 1000;

/**
 * Whether the RIPS date of a service fits an RDA's care: its calendar day (RIPS dates are local
 * time) from the day the care started to the day it ended, in Colombia (UTC−5). Null when either
 * side has no usable date (not decidable).
 */
export function fechaCompatible(
  fecha: string | null,
  rda: Pick<RdaTransmitido, 'inicio' | 'fin'>,
): boolean | null {
  const d = dia(fecha);
  if (d === undefined || rda.inicio === null || Number.isNaN(rda.inicio.getTime())) return null;
  const desde = diaColombia(rda.inicio);
  const hasta =
    rda.fin !== null && !Number.isNaN(rda.fin.getTime()) && rda.fin >= rda.inicio
      ? diaColombia(rda.fin)
      : desde;
  return desde <= d && d <= hasta;
}

/** Why a VIDA does not stand for the service (VID001), or null when it does or cannot be told. */
export function motivoVid001(
  p: CruceVida,
  hmac: string | null,
  transmisiones: readonly RdaTransmitido[],
): string | null {
  const codigo = p.codigo!;
  const aceptadas = transmisiones.filter((t) => t.vida === codigo && t.estado === 'aceptado');
  if (aceptadas.length === 0)
    return `El código VIDA «${eco(codigo)}» no corresponde a ningún RDA que la entidad haya transmitido por este servicio y que la IHCE haya aceptado.`;
  // Per transmission: true, false, or null (an old row without the column, or no usable date).
  const juicios = aceptadas.map((t) => ({
    t,
    paciente: t.pacienteHmac === null || hmac === null ? null : t.pacienteHmac === hmac,
    fecha: fechaCompatible(p.fecha, t),
  }));
  if (juicios.some((j) => j.paciente !== false && j.fecha !== false)) return null;
  const mismoPaciente = juicios.find((j) => j.paciente !== false);
  if (!mismoPaciente)
    return `El RDA aceptado con el código VIDA «${eco(codigo)}» es de otro paciente: el documento de su paciente no coincide con el de este servicio.`;
  const { inicio, fin } = mismoPaciente.t;
  const desde = diaColombia(inicio!);
  const hasta = fin && fin >= inicio! ? diaColombia(fin) : desde;
  const periodo = desde === hasta ? `del ${desde}` : `del ${desde} al ${hasta}`;
  return `El RDA aceptado con el código VIDA «${eco(codigo)}» es de una atención ${periodo} (hora de Colombia) y este servicio es del ${dia(p.fecha)}.`;
}

/** The one VIDA of the patient's accepted RDAs whose care includes the service's day (VID002). */
export function vidaSugerida(
  p: CruceVida,
  hmac: string,
  transmisiones: readonly RdaTransmitido[],
): string | null {
  const vidas = new Set<string>();
  for (const t of transmisiones)
    if (t.estado === 'aceptado' && t.vida && t.pacienteHmac === hmac && fechaCompatible(p.fecha, t) === true)
      vidas.add(t.vida);
  return vidas.size === 1 ? [...vidas][0]! : null;
}

/**
 * The codigoVIDA cross-check (VID001/VID002), decided with the entity's own RDA transmissions:
 * a VIDA that stands for its service is dropped, one that does not keeps its class with the reason
 * (unknown VIDA, another patient, another date; never a patient number); a suggestion is kept only
 * when exactly one accepted RDA of the patient covers the day, and names its VIDA. Without an
 * entity or a lookup, or when the lookup fails, nothing can be told: they are all dropped, as are
 * those the answer's bounds left out (counted in `omitidos`). A result without them returns
 * untouched, without a query.
 */
export async function conVida(
  r: ResultadoValidacion,
  entidadId: string | null | undefined,
  consulta: ConsultaVida | undefined,
): Promise<ResultadoValidacion> {
  const omitidosVida = r.omitidos.some((o) => CODIGOS_VIDA.includes(o.codigo));
  const pendientes: { error: ErrorAccionable; p: CruceVida; hmac: string | null }[] = [];
  let hay = omitidosVida;
  for (const error of r.errores) {
    if (!CODIGOS_VIDA.includes(error.codigo)) continue;
    hay = true;
    const p = PENDIENTES_VIDA.get(error);
    if (p) pendientes.push({ error, p, hmac: null });
  }
  if (!hay) return r;

  // The findings kept, with the reason appended to their texts; every other one is dropped.
  const motivos = new Map<ErrorAccionable, string>();
  if (entidadId && consulta && pendientes.length) {
    const hmacs = new Map<string, string>();
    const hmacDe = (p: CruceVida): string | null => {
      if (p.tipoDocumento === null || p.numDocumento === null) return null;
      const k = `${p.tipoDocumento}\u0000${p.numDocumento}`;
      let h = hmacs.get(k);
      if (h === undefined) {
        h = consulta.hmac(p.tipoDocumento, p.numDocumento);
        hmacs.set(k, h);
      }
      return h;
    };
    let sugerencias = 0;
    const consultar = pendientes.filter((x) => {
      if (x.p.codigo !== null) {
        x.hmac = hmacDe(x.p);
        return true;
      }
      if (sugerencias >= MAX_SUGERENCIAS_VIDA) return false;
      x.hmac = hmacDe(x.p);
      if (x.hmac === null) return false;
      sugerencias++;
      return true;
    });
    let transmisiones: RdaTransmitido[] | undefined;
    try {
      transmisiones = consultar.length
        ? await consulta.buscar(entidadId, {
            vidas: [...new Set(consultar.flatMap((x) => (x.p.codigo === null ? [] : [x.p.codigo])))],
            hmacs: [...new Set(consultar.flatMap((x) => (x.p.codigo === null && x.hmac ? [x.hmac] : [])))],
          })
        : [];
    } catch {
      // The check is advice built on the entity's evidence: a failed lookup decides nothing.
      transmisiones = undefined;
    }
    if (transmisiones)
      for (const x of consultar) {
        if (x.p.codigo !== null) {
          const motivo = motivoVid001(x.p, x.hmac, transmisiones);
          if (motivo) motivos.set(x.error, motivo);
        } else {
          const vida = vidaSugerida(x.p, x.hmac!, transmisiones);
          if (vida)
            motivos.set(
              x.error,
              `El RDA aceptado de este paciente que cubre el ${dia(x.p.fecha)} tiene el código VIDA «${eco(vida)}».`,
            );
        }
      }
  }

  // errores and issues are parallel lists (explicar and combinar push them together).
  const errores: ErrorAccionable[] = [];
  const issues: RipsIssue[] = [];
  r.errores.forEach((e, i) => {
    const issue = r.issues[i];
    if (!CODIGOS_VIDA.includes(e.codigo)) {
      errores.push(e);
      if (issue) issues.push(issue);
      return;
    }
    const motivo = motivos.get(e);
    if (motivo === undefined) return;
    errores.push({ ...e, explicacion: `${e.explicacion} ${motivo}` });
    if (issue) issues.push({ ...issue, message: `${issue.message} ${motivo}` });
  });
  const omitidos = omitidosVida ? r.omitidos.filter((o) => !CODIGOS_VIDA.includes(o.codigo)) : r.omitidos;
  const resumen = resumir(errores, omitidos);
  return { ...r, errores, issues, omitidos, resumen, valid: resumen.rechazos === 0 };
}
