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
