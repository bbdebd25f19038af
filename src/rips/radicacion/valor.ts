import type { DocumentoFev } from '../fev/documento.js';
import { type Registro, TIPOS_SERVICIO } from '../tipos.js';

/** Payer keys that are not a NIT (the report names them; no person is ever identified). */
export const PAGADOR_PERSONA_NATURAL = 'persona-natural';
export const SIN_PAGADOR = 'sin-pagador';

/** What a filing is worth and who pays it, as stored on the attempt for GET /resumen. */
export interface ValorDocumento {
  /** Whole pesos as bigint text; null when no value could be read. */
  monto: string | null;
  pagador: string;
  /** The payer's name as the invoice prints it (organisations only). */
  nombrePagador: string | null;
}

const NIT = /^\d{5,15}$/;

/** Whole pesos, or null beyond 2^53 (no invoice is worth that; a bigint column must get plain digits). */
function pesos(n: number | null | undefined): string | null {
  if (n === null || n === undefined) return null;
  const r = Math.round(n);
  return Number.isSafeInteger(r) ? String(r) : null;
}

function numero(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) return Number(v);
  return null;
}

/** The sum of the RIPS services' vrServicio (the value when there is no readable invoice). */
function valorDeServicios(rips: Registro): number | null {
  let total = 0;
  let alguno = false;
  for (const u of Array.isArray(rips.usuarios) ? rips.usuarios : []) {
    const servicios = (u as Registro | null)?.servicios;
    if (!servicios || typeof servicios !== 'object') continue;
    for (const tipo of TIPOS_SERVICIO) {
      const lista = (servicios as Registro)[tipo];
      if (!Array.isArray(lista)) continue;
      for (const s of lista) {
        const v = numero((s as Registro | null)?.vrServicio);
        if (v === null) continue;
        total += v;
        alguno = true;
      }
    }
  }
  return alguno ? total : null;
}

/**
 * The invoice's payable total and its customer. A customer that is not a legal person
 * (AdditionalAccountID 1) is a natural person, often the patient: only the class is kept.
 */
export function valorDelDocumento(rips: Registro, fev: DocumentoFev | undefined): ValorDocumento {
  const monto = pesos(fev?.totales.aPagar) ?? pesos(valorDeServicios(rips));
  if (!fev) return { monto, pagador: SIN_PAGADOR, nombrePagador: null };
  const nit = fev.adquiriente.nit?.trim() ?? '';
  if (fev.adquiriente.additionalAccountID?.trim() !== '1')
    return { monto, pagador: PAGADOR_PERSONA_NATURAL, nombrePagador: null };
  if (!NIT.test(nit)) return { monto, pagador: SIN_PAGADOR, nombrePagador: null };
  const nombre = fev.adquiriente.razonSocial?.trim().slice(0, 200) || null;
  return { monto, pagador: nit, nombrePagador: nombre };
}
