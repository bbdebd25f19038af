import { createHash } from 'node:crypto';
import type { Registro } from '../../rips/tipos.js';
import { TIPOS_SERVICIO } from '../../rips/tipos.js';

/** JSON with keys sorted at every level: the same package always gives the same text. */
export function canonico(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonico).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .filter((k) => o[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonico(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

/**
 * The simulator's CUV: SHA-384 (96 lowercase hex, like the real one) of the canonical RIPS and the
 * attached XML. The real algorithm is not published; only its determinism is reproduced.
 */
export function cuvDelPaquete(rips: unknown, xmlFevFile: string): string {
  return createHash('sha384').update(canonico(rips)).update('\n').update(xmlFevFile).digest('hex');
}

/** Counts per service type as ConsultarCUV's CantidadTotalAtenciones names them. */
export function contarAtenciones(rips: Registro) {
  const total = {
    Consultas: 0,
    Procedimientos: 0,
    Medicamentos: 0,
    OtrosServicios: 0,
    RecienNacidos: 0,
    Hospitalizaciones: 0,
    Urgencias: 0,
  };
  const nombre: Record<string, keyof typeof total> = {
    consultas: 'Consultas',
    procedimientos: 'Procedimientos',
    medicamentos: 'Medicamentos',
    otrosServicios: 'OtrosServicios',
    recienNacidos: 'RecienNacidos',
    hospitalizacion: 'Hospitalizaciones',
    urgencias: 'Urgencias',
  };
  let valor = 0;
  for (const u of serviciosDe(rips)) {
    total[nombre[u.tipo]!]++;
    const v = Number(u.registro.vrServicio);
    if (Number.isFinite(v)) valor += v;
  }
  const usuarios = Array.isArray(rips.usuarios) ? rips.usuarios.length : 0;
  return { total, valor, usuarios, atenciones: Object.values(total).reduce((a, b) => a + b, 0) };
}

export function* serviciosDe(rips: Registro) {
  const usuarios = Array.isArray(rips.usuarios) ? rips.usuarios : [];
  for (let i = 0; i < usuarios.length; i++) {
    const servicios = (usuarios[i] as Registro | null)?.servicios as Registro | undefined;
    if (!servicios || typeof servicios !== 'object') continue;
    for (const tipo of TIPOS_SERVICIO) {
      const lista = servicios[tipo];
      if (!Array.isArray(lista)) continue;
      for (let j = 0; j < lista.length; j++) {
        const registro = lista[j] as Registro;
        if (registro && typeof registro === 'object') yield { usuarioIndex: i, tipo, indice: j, registro };
      }
    }
  }
}

/** A value of the attached XML (base64 AttachedDocument), read by tag name; null when absent. */
export function valorXml(xmlBase64: string, etiqueta: string): string | null {
  if (!xmlBase64) return null;
  const xml = Buffer.from(xmlBase64, 'base64').toString('utf8');
  const m = new RegExp(`<(?:\\w+:)?${etiqueta}\\b[^>]*>([^<]*)<`).exec(xml);
  return m ? m[1]!.trim() : null;
}

/** "2026-11-23T08:15:02.1234567": Colombian local time without offset, as the mechanism writes it. */
export function fechaColombia(d: Date): string {
  const local = new Date(d.getTime() - 5 * 3600_000).toISOString().replace('Z', '');
  return `${local}0000`;
}
