import { leerContenedorFev } from '../fev/index.js';
import type { RegistroCuv } from '../muv/respuesta.js';
import { type Registro, TIPOS_SERVICIO } from '../tipos.js';
import type { ResumenEnvio } from './radicacion.entity.js';

/** Our service lists → ConsultarCUV's CantidadTotalAtenciones (camelCase as read). */
const ATENCION: Record<string, string> = {
  consultas: 'consultas',
  procedimientos: 'procedimientos',
  medicamentos: 'medicamentos',
  otrosServicios: 'otrosServicios',
  recienNacidos: 'recienNacidos',
  hospitalizacion: 'hospitalizaciones',
  urgencias: 'urgencias',
};

/** Counts of what is being sent: enough to tell our package from another with the same number. */
export function resumirEnvio(rips: Registro, numero: string | null): ResumenEnvio {
  const atenciones: Record<string, number> = {};
  for (const k of Object.values(ATENCION)) atenciones[k] = 0;
  const usuarios = Array.isArray(rips.usuarios) ? rips.usuarios : [];
  for (const u of usuarios) {
    const servicios = (u as Registro | null)?.servicios;
    if (!servicios || typeof servicios !== 'object') continue;
    for (const tipo of TIPOS_SERVICIO) {
      const lista = (servicios as Registro)[tipo];
      if (Array.isArray(lista)) atenciones[ATENCION[tipo]!]! += lista.length;
    }
  }
  return { numero, usuarios: usuarios.length, atenciones, total: null };
}

/** PayableAmount of the attached invoice or note; null when there is none or it cannot be read. */
export function totalDelAdjunto(xmlFevFile: string | null, rips: Registro): number | null {
  if (!xmlFevFile) return null;
  const tipoNota = typeof rips.tipoNota === 'string' ? rips.tipoNota : null;
  const numFactura = typeof rips.numFactura === 'string' ? rips.numFactura : null;
  return leerContenedorFev(xmlFevFile, { tipoNota, numFactura }).resumen?.totales.aPagar ?? null;
}

/**
 * Whether what the mechanism holds for a document is what this entity sent: same obligated party,
 * same number, same number of users and of services per type, and the same total when both are
 * known. Only then may an earlier or lost filing be recorded as this attempt's CUV.
 */
export function diferenciasConRegistro(registro: RegistroCuv, nit: string, enviado: ResumenEnvio): string[] {
  const d: string[] = [];
  if (!registro.esValido) d.push('el MUV no lo tiene como válido');
  if ((registro.numDocumentoIdObligado ?? '').trim() !== nit)
    d.push('el obligado a reportar (NIT) registrado es otro');
  if (enviado.numero !== null && (registro.numeroDocumento ?? '').trim() !== enviado.numero)
    d.push('el número de documento registrado es otro');
  if (registro.cantidadUsuarios !== null && registro.cantidadUsuarios !== enviado.usuarios)
    d.push(`el MUV registra ${registro.cantidadUsuarios} usuario(s) y se enviaron ${enviado.usuarios}`);
  const at = registro.cantidadTotalAtenciones as unknown as Record<string, number> | null;
  if (at) {
    const distintas = Object.entries(enviado.atenciones).filter(([k, n]) => (at[k] ?? 0) !== n);
    if (distintas.length)
      d.push(
        `las atenciones registradas no coinciden (${distintas.map(([k, n]) => `${k}: ${at[k] ?? 0} en el MUV, ${n} enviadas`).join('; ')})`,
      );
  }
  if (
    enviado.total !== null &&
    registro.totalFactura !== null &&
    Math.abs(registro.totalFactura - enviado.total) > 0.5
  )
    d.push(`el total registrado es ${registro.totalFactura} y el enviado ${enviado.total}`);
  return d;
}

/** What the mechanism's CUV computation says of this package (ConsultarCUV with its files). */
export type CalculoCuv = 'coincide' | 'difiere' | 'desconocido';

/** Everything known, besides the record, about whose package the mechanism's CUV is. */
export interface EvidenciaConciliacion {
  /** Differences in counts and header (diferenciasConRegistro). */
  diferencias: string[];
  /** ConsultarCUV with this package's files and the recorded CUV, checked against a control. */
  calculo: CalculoCuv;
  /** Another entity of this service holds this document (an attempt or a filing). */
  deOtraEntidad: boolean;
  /** Fingerprint of this attempt's package (null when unknown). */
  huella: string | null;
  /**
   * Fingerprints of this entity's attempts of the document whose outcome was never known (answer
   * lost, process stopped), this one included when its own answer was lost.
   */
  huellasSinDesenlace: (string | null)[];
}

export type Conciliacion =
  | { adoptar: true; porque: string }
  | {
      adoptar: false;
      diferencias: string[];
      /** False when nothing contradicts the record but nothing proves it is this package either. */
      seguro: boolean;
    };

/**
 * Whether the mechanism's CUV for a document may be recorded as this attempt's. Counts alone never
 * suffice (a package with other patients, dates or diagnoses has the same counts): the CUV is
 * adopted only when the mechanism computes it from this package's files, or when the only package
 * this entity ever sent for the document without learning the outcome is this very one. A document
 * that another entity of this service holds is never adopted, whatever the record says.
 */
export function decidirConciliacion(e: EvidenciaConciliacion): Conciliacion {
  if (e.diferencias.length) return { adoptar: false, diferencias: e.diferencias, seguro: true };
  if (e.deOtraEntidad)
    return {
      adoptar: false,
      diferencias: [
        'otra entidad de este servicio ya radicó o intentó radicar ese documento, y un CUV de otra entidad nunca se registra como propio',
      ],
      seguro: true,
    };
  if (e.calculo === 'difiere')
    return {
      adoptar: false,
      diferencias: [
        'el MUV calcula otro CUV para los archivos enviados (CCV000): lo que tiene radicado es otro paquete con el mismo número',
      ],
      seguro: true,
    };
  if (e.calculo === 'coincide')
    return { adoptar: true, porque: 'el MUV calcula ese mismo CUV a partir de los archivos enviados' };
  const propias = e.huellasSinDesenlace;
  if (e.huella !== null && propias.length > 0 && propias.every((h) => h === e.huella))
    return {
      adoptar: true,
      porque:
        'el único paquete que esta entidad envió de ese documento sin conocer el desenlace es este mismo, y lo registrado coincide con él',
    };
  return {
    adoptar: false,
    diferencias: [
      propias.length > 0
        ? 'un intento anterior de esta entidad con otro contenido quedó sin respuesta, y el MUV no permite confirmar cuál de los paquetes radicó'
        : 'el MUV no permite confirmar que lo radicado sea este paquete (no calcula el CUV a partir de los archivos enviados) y esta entidad no lo envió antes',
    ],
    seguro: false,
  };
}
