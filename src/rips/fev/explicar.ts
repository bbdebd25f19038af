import type { ErrorAccionable } from '../../errores/error-accionable.js';
import { ubicacion } from '../../errores/ubicacion.js';
import type { Severidad } from '../tipos.js';
import { diaColombia } from '../validacion/severidad.js';
import { type ResultadoValidacion, resumir } from '../validacion/validar.js';
import { CODIGOS_FEV } from './codigos.js';
import type { HallazgoFev } from './verificar.js';

function severidad(codigo: string, fecha: Date, rechazoDesde?: Record<string, string>): Severidad {
  const c = CODIGOS_FEV.get(codigo);
  if (!c || c.clase === 'R') return 'rechazo';
  const desde = rechazoDesde?.[codigo];
  return desde && desde <= diaColombia(fecha) ? 'rechazo' : 'aviso-gradualidad';
}

/** Gate findings as ErrorAccionable (registry texts, the XML element as location), in gate order. */
export function explicarFev(
  hallazgos: readonly HallazgoFev[],
  factura: string | null,
  fecha: Date,
  rechazoDesde?: Record<string, string>,
): Pick<ResultadoValidacion, 'errores' | 'issues'> {
  const errores: ErrorAccionable[] = [];
  const issues: ResultadoValidacion['issues'] = [];
  const vistos = new Set<string>();
  for (const h of hallazgos) {
    const k = `${h.codigo}|${h.ruta}|${h.detalle ?? ''}`;
    if (vistos.has(k)) continue;
    vistos.add(k);
    const c = CODIGOS_FEV.get(h.codigo);
    const sev = severidad(h.codigo, fecha, rechazoDesde);
    const ruta = h.ruta === 'xmlFevFile' ? 'xmlFevFile' : `xmlFevFile:${h.ruta}`;
    // A person reads the element's name; the XML path stays in `campo` and `ruta`.
    const campoNombre = h.campoNombre ?? c?.campoNombre ?? null;
    errores.push({
      codigo: h.codigo,
      severidad: sev,
      fuente: 'linter-local',
      ubicacion: ubicacion({
        factura,
        campo: h.ruta,
        campoNombre,
        ruta,
        descripcion: [
          factura ? `Factura ${factura}` : 'RIPS sin número de factura',
          'XML de la factura',
          campoNombre ?? h.ruta,
        ].join(' · '),
      }),
      titulo: c?.titulo ?? h.codigo,
      explicacion: [
        c?.explicacion ?? `Hallazgo ${h.codigo}.`,
        h.detalle,
        h.valor !== undefined
          ? `Valor informado: «${h.valor.length > 80 ? `${h.valor.slice(0, 77)}…` : h.valor}».`
          : undefined,
      ]
        .filter(Boolean)
        .join(' '),
      comoCorregir: c?.comoCorregir ?? 'Revise el documento en el software de facturación.',
      mensajeOriginal: c?.mensajeOficial ?? null,
    });
    issues.push({
      severity: sev === 'rechazo' ? 'error' : 'warning',
      regla: h.codigo,
      path: ruta,
      message: `${c?.mensajeOficial ?? h.codigo}${h.detalle ? ` ${h.detalle}` : ''}`,
    });
  }
  return { errores, issues };
}

/** The gate's findings first (file → container → document → cross-checks), then the RIPS result. */
export function combinar(
  gate: Pick<ResultadoValidacion, 'errores' | 'issues'>,
  rips: ResultadoValidacion,
): ResultadoValidacion {
  const errores = [...gate.errores, ...rips.errores];
  const issues = [...gate.issues, ...rips.issues];
  // The RIPS findings left out by the bounds still count (the gate's are few and all kept).
  const resumen = resumir(errores, rips.omitidos);
  return {
    valid: resumen.rechazos === 0,
    fechaEvaluacion: rips.fechaEvaluacion,
    issues,
    errores,
    resumen,
    omitidos: rips.omitidos,
  };
}

/**
 * When the XML was sent but could not be read (or is missing for an invoice), the engine's XML01
 * note must say so instead of "the validation did not include the XML".
 */
export function conXmlIlegible(r: ResultadoValidacion): ResultadoValidacion {
  const errores = r.errores.map((e) =>
    e.codigo === 'XML01'
      ? {
          ...e,
          explicacion: e.explicacion.replace(
            'porque la validación no incluyó el XML de la factura',
            'porque el XML de la factura falta o no se pudo leer (vea los hallazgos de la compuerta FEV)',
          ),
          comoCorregir:
            'Corrija primero los hallazgos del XML (archivo, contenedor o documento); con un AttachedDocument legible estas reglas se verifican.',
        }
      : e,
  );
  return { ...r, errores };
}
