import type { ErrorAccionable } from '../../errores/error-accionable.js';
import { ubicacion } from '../../errores/ubicacion.js';
import type { CampoSpec, TablaCampos } from '../estructura/tipos.js';
import type { Regla } from '../reglas/tipos.js';
import {
  type Hallazgo,
  NOMBRE_REGISTRO,
  type Registro,
  type Severidad,
  TIPOS_SERVICIO,
  type TipoRegistro,
} from '../tipos.js';
import type { NotaOmitida } from './motor.js';
import { claseVigente, severidadDe } from './severidad.js';

export interface RipsIssue {
  severity: 'error' | 'warning';
  regla: string;
  path: string;
  message: string;
}

export interface ExplicarOpciones {
  fecha: Date;
  reglas: ReadonlyMap<string, Regla>;
  campos: TablaCampos;
  rechazoDesde?: Record<string, string>;
}

const ORDEN_TIPO = new Map<string, number>(TIPOS_SERVICIO.map((t, i) => [t, i]));

function texto(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v : typeof v === 'number' ? String(v) : null;
}

function mostrarValor(v: unknown): string {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > 80 ? `${s.slice(0, 77)}…` : s;
}

type IndiceCampos = Map<TipoRegistro, Map<string, { spec: CampoSpec; orden: number }>>;

/** Each field's spec and position, per record type: built once per field table, not per validation. */
const INDICES = new WeakMap<TablaCampos, IndiceCampos>();

function indiceDe(campos: TablaCampos): IndiceCampos {
  let indice = INDICES.get(campos);
  if (!indice) {
    indice = new Map();
    for (const [tipo, lista] of Object.entries(campos) as [TipoRegistro, CampoSpec[]][]) {
      indice.set(tipo, new Map(lista.map((spec, orden) => [spec.nombre, { spec, orden }])));
    }
    INDICES.set(campos, indice);
  }
  return indice;
}

export function rutaDe(h: Hallazgo): string {
  let ruta = '';
  if (h.usuarioIndex !== undefined) ruta = `usuarios[${h.usuarioIndex}]`;
  if (h.tipoServicio !== undefined) ruta += `.servicios.${h.tipoServicio}[${h.servicioIndex}]`;
  if (h.campo) ruta = ruta ? `${ruta}.${h.campo}` : h.campo;
  return ruta || '$';
}

/**
 * Turns raw findings into ErrorAccionable (registry texts, severity on the evaluation date,
 * a location a person understands) and RipsIssue, in a deterministic order.
 */
export function explicar(
  rips: Registro,
  documentos: readonly (string | null)[],
  hallazgos: Hallazgo[],
  notas: NotaOmitida[],
  o: ExplicarOpciones,
) {
  const indiceCampos = indiceDe(o.campos);
  const tipoDe = (h: Hallazgo): TipoRegistro =>
    h.tipoServicio ?? (h.usuarioIndex !== undefined ? 'usuario' : 'transaccion');
  const ordenCampo = (h: Hallazgo) =>
    h.campo ? (indiceCampos.get(tipoDe(h))?.get(h.campo)?.orden ?? 999) : -1;

  // Route and sort key computed once per finding (a RIPS may carry thousands of them).
  const unicos = new Map<string, { h: Hallazgo; ruta: string; clave: number[] }>();
  for (const h of hallazgos) {
    const ruta = rutaDe(h);
    const k = `${h.codigo}|${ruta}|${h.detalle ?? ''}`;
    if (unicos.has(k)) continue;
    const clave = [
      h.usuarioIndex ?? -1,
      h.tipoServicio ? ORDEN_TIPO.get(h.tipoServicio)! : -1,
      h.servicioIndex ?? -1,
      ordenCampo(h),
    ];
    unicos.set(k, { h, ruta, clave });
  }
  const ordenados = [...unicos.values()].sort((a, b) => {
    for (let i = 0; i < a.clave.length; i++) if (a.clave[i] !== b.clave[i]) return a.clave[i]! - b.clave[i]!;
    const ca = a.h.codigo;
    const cb = b.h.codigo;
    return ca < cb ? -1 : ca > cb ? 1 : a.ruta < b.ruta ? -1 : 1;
  });
  // The class of a rule on the evaluation date, once per rule.
  const severidades = new Map<string, Severidad>();
  const severidadDeRegla = (regla: Regla): Severidad => {
    let s = severidades.get(regla.codigo);
    if (s === undefined) {
      s = severidadDe(claseVigente(regla, o.fecha, o.rechazoDesde));
      severidades.set(regla.codigo, s);
    }
    return s;
  };

  const factura = texto(rips.numFactura);
  const errores: ErrorAccionable[] = [];
  const issues: RipsIssue[] = [];

  for (const { h, ruta } of ordenados) {
    const regla = o.reglas.get(h.codigo);
    const severidad: Severidad = regla ? severidadDeRegla(regla) : 'rechazo';
    const documentoUsuario = h.usuarioIndex !== undefined ? (documentos[h.usuarioIndex] ?? null) : null;
    const spec = h.campo ? indiceCampos.get(tipoDe(h))?.get(h.campo)?.spec : undefined;
    const campoNombre = spec?.etiqueta ?? null;
    const partes = [factura ? `Factura ${factura}` : 'RIPS sin número de factura'];
    if (h.usuarioIndex !== undefined) {
      partes.push(documentoUsuario ? `Paciente ${documentoUsuario}` : `Usuario ${h.usuarioIndex + 1}`);
    }
    if (h.tipoServicio) partes.push(`${NOMBRE_REGISTRO[h.tipoServicio]} ${(h.servicioIndex ?? 0) + 1}`);
    if (h.campo) partes.push(campoNombre ?? h.campo);
    const explicacion = [
      regla?.explicacion ?? `Hallazgo ${h.codigo}.`,
      h.detalle,
      h.valor !== undefined ? `Valor informado: «${mostrarValor(h.valor)}».` : undefined,
    ]
      .filter(Boolean)
      .join(' ');
    errores.push({
      codigo: h.codigo,
      severidad,
      fuente: 'linter-local',
      ubicacion: {
        factura,
        usuarioIndex: h.usuarioIndex ?? null,
        documentoUsuario,
        tipoServicio: h.tipoServicio ?? null,
        servicioIndex: h.servicioIndex ?? null,
        campo: h.campo ?? null,
        campoNombre,
        ruta,
        descripcion: partes.join(' · '),
      },
      titulo: regla?.titulo ?? h.codigo,
      explicacion,
      comoCorregir: regla?.comoCorregir ?? 'Revise el dato en el sistema de origen.',
      mensajeOriginal: regla?.mensajeOficial ?? null,
    });
    issues.push({
      severity: severidad === 'rechazo' ? 'error' : 'warning',
      regla: h.codigo,
      path: ruta,
      message: `${regla?.mensajeOficial ?? regla?.titulo ?? h.codigo}${h.detalle ? ` ${h.detalle}` : ''}`,
    });
  }

  for (const n of notas) {
    const e = explicarNota(n, factura);
    errores.push(e);
    issues.push({ severity: 'warning', regla: e.codigo, path: '$', message: e.titulo });
  }
  return { errores, issues };
}

function explicarNota(n: NotaOmitida, factura: string | null): ErrorAccionable {
  const base = {
    severidad: 'informativo' as const,
    fuente: 'linter-local' as const,
    ubicacion: ubicacion({
      factura,
      ruta: '$',
      descripcion: factura ? `Factura ${factura}` : 'RIPS',
    }),
    mensajeOriginal: null,
  };
  if (n.codigo === 'CAT01') {
    return {
      ...base,
      codigo: 'CAT01',
      titulo: `Catálogo ${n.catalogo} no cargado: validación reducida`,
      explicacion: `El catálogo SISPRO ${n.catalogo} no está cargado en este servicio, así que las reglas ${n.reglas.join(', ')} no se verificaron contra él (solo su formato). El MUV sí las verificará.`,
      comoCorregir: `El operador puede importar la exportación oficial de ${n.catalogo} (web.sispro.gov.co) con \`npm run cli -- catalogo importar\`. No requiere cambios en el RIPS.`,
    };
  }
  if (n.codigo === 'XML01') {
    return {
      ...base,
      codigo: 'XML01',
      titulo: 'Reglas que necesitan la factura electrónica (XML)',
      explicacion: `Las reglas ${n.reglas.join(', ')} cruzan el RIPS con la factura electrónica (NIT, número, cobertura, periodo, valores y pagos moderadores) y no se verificaron porque la validación no incluyó el XML de la factura. El MUV las verificará al radicar.`,
      comoCorregir:
        'No requiere cambios en el RIPS. Para verificarlas antes de radicar, valide el RIPS junto con su factura (AttachedDocument).',
    };
  }
  return {
    ...base,
    codigo: 'MUV01',
    titulo: 'Reglas que solo verifica el MUV',
    explicacion: `Las reglas ${n.reglas.join(', ')} consultan registros nacionales (RETHUS, MIPRES, registro de defunciones, la FEV ya radicada) que este servicio no puede consultar; el MUV las verificará al radicar.`,
    comoCorregir:
      'No requiere acción ahora. Si el MUV las reporta al radicar, la respuesta traerá su explicación.',
  };
}
