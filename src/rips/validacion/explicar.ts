import type { ErrorAccionable } from '../../errores/error-accionable.js';
import { ubicacion } from '../../errores/ubicacion.js';
import type { CampoSpec, TablaCampos } from '../estructura/tipos.js';
import type { Regla } from '../reglas/tipos.js';
import {
  type CruceHistoria,
  type CruceVida,
  type Hallazgo,
  NOMBRE_REGISTRO,
  type Registro,
  type Severidad,
  TIPOS_SERVICIO,
  type TipoRegistro,
} from '../tipos.js';
import {
  acotarDetalle,
  caracteresDe,
  contarOmitido,
  eco,
  type HallazgosOmitidos,
  LIMITES_POR_DEFECTO,
  type LimitesHallazgos,
  MAX_ECO,
  miles,
  ordenarOmitidos,
} from './acotar.js';
import { TAMANO_ENCABEZADO } from './encabezado.js';
import type { NotaOmitida } from './motor.js';
import { claseVigente, diaColombia, severidadDe } from './severidad.js';

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
  /** Findings and characters answered (the rest counted in `omitidos`); LIMITES_POR_DEFECTO if absent. */
  limites?: LimitesHallazgos;
  /** Findings the walk already left out (beyond its own bound), by code. */
  omitidos?: Record<string, number>;
}

const ORDEN_TIPO = new Map<string, number>(TIPOS_SERVICIO.map((t, i) => [t, i]));

function texto(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v : typeof v === 'number' ? String(v) : null;
}

/**
 * A finding's value for its explanation: short values quoted whole, a longer string by its start and
 * length (eco), containers only by their kind (never serialized: they may be large).
 */
function mostrarValor(v: unknown): string {
  if (typeof v === 'string') return v.length > MAX_ECO ? eco(v) : `«${eco(v)}»`;
  if (Array.isArray(v)) return `un arreglo de ${miles(v.length)} elementos`;
  if (typeof v === 'object' && v !== null) return 'un objeto';
  return `«${String(v)}»`;
}

/** The invoice number as findings echo it (shortened past its DT1 size). */
export function facturaDe(rips: Registro): string | null {
  const f = texto(rips.numFactura);
  return f === null ? null : eco(f, TAMANO_ENCABEZADO.get('numFactura'));
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

/** Appended to a cross-RIPS finding the file does not satisfy (see Hallazgo.cruce). */
export const TEXTO_CRUCE =
  'Esta factura no la contiene y no se encontró en lo que la entidad ha radicado con este servicio; puede estar en otra factura: el MUV lo verifica contra la historia nacional del paciente. No es un rechazo local.';

/**
 * The cross-RIPS findings of a result, by their explained object (identity survives the merges
 * with the FEV gate's findings); read and dropped by the history step, never serialized.
 */
export const PENDIENTES_HISTORIA = new WeakMap<
  ErrorAccionable,
  { documento: string; cruce: CruceHistoria }
>();

/**
 * The codigoVIDA findings (VID001/VID002) of a result, by their explained object, decided by the
 * RDA step (src/rips/validacion/vida.ts); never serialized (they hold the patient's document).
 */
export const PENDIENTES_VIDA = new WeakMap<ErrorAccionable, CruceVida>();

/**
 * Turns raw findings into ErrorAccionable (registry texts, severity on the evaluation date,
 * a location a person understands) and RipsIssue, in a deterministic order. Only the first
 * `limites.maxHallazgos` (and `limites.maxCaracteres` of text) are explained; the rest, and those
 * the walk left out, are counted by code in `omitidos`.
 */
export function explicar(
  rips: Registro,
  documentos: readonly (string | null)[],
  hallazgos: Hallazgo[],
  notas: NotaOmitida[],
  o: ExplicarOpciones,
): { errores: ErrorAccionable[]; issues: RipsIssue[]; omitidos: HallazgosOmitidos[] } {
  const limites = o.limites ?? LIMITES_POR_DEFECTO;
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

  const severidadDeCodigo = (codigo: string): Severidad => {
    const regla = o.reglas.get(codigo);
    return regla ? severidadDeRegla(regla) : 'rechazo';
  };

  const factura = facturaDe(rips);
  const errores: ErrorAccionable[] = [];
  const issues: RipsIssue[] = [];
  const omitidos = new Map<string, HallazgosOmitidos>();
  for (const [codigo, n] of Object.entries(o.omitidos ?? {}))
    contarOmitido(omitidos, codigo, severidadDeCodigo(codigo), n);
  let caracteres = 0;
  let lleno = false;

  for (const { h, ruta } of ordenados) {
    const regla = o.reglas.get(h.codigo);
    // Care that may be in another invoice is not decidable here: a note, whatever the rule's class.
    // So is a VIDA suggested for a service without one (VID002).
    const severidad: Severidad =
      h.cruce || h.vida?.codigo === null ? 'informativo' : regla ? severidadDeRegla(regla) : 'rechazo';
    if (lleno || errores.length >= limites.maxHallazgos) {
      lleno = true;
      contarOmitido(omitidos, h.codigo, severidad);
      continue;
    }
    const detalle = h.detalle === undefined ? undefined : acotarDetalle(h.detalle);
    const documentoUsuario = h.usuarioIndex !== undefined ? (documentos[h.usuarioIndex] ?? null) : null;
    const spec = h.campo ? indiceCampos.get(tipoDe(h))?.get(h.campo)?.spec : undefined;
    // A rule may locate its finding in the invoice XML (RVC011): named as the FEV gate names its elements.
    const enXml = h.campo?.startsWith('xmlFevFile:')
      ? h.campo.slice(h.campo.lastIndexOf('.') + 1)
      : undefined;
    const campoNombre = spec?.etiqueta ?? enXml ?? null;
    const partes = [factura ? `Factura ${factura}` : 'RIPS sin número de factura'];
    if (h.usuarioIndex !== undefined) {
      partes.push(documentoUsuario ? `Paciente ${documentoUsuario}` : `Usuario ${h.usuarioIndex + 1}`);
    }
    if (h.tipoServicio) partes.push(`${NOMBRE_REGISTRO[h.tipoServicio]} ${(h.servicioIndex ?? 0) + 1}`);
    if (enXml) partes.push('XML de la factura');
    if (h.campo) partes.push(campoNombre ?? h.campo);
    const explicacion = [
      regla?.explicacion ?? `Hallazgo ${h.codigo}.`,
      detalle,
      h.valor !== undefined ? `Valor informado: ${mostrarValor(h.valor)}.` : undefined,
      h.cruce ? TEXTO_CRUCE : undefined,
    ]
      .filter(Boolean)
      .join(' ');
    const error: ErrorAccionable = {
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
    };
    const issue: RipsIssue = {
      severity: severidad === 'rechazo' ? 'error' : 'warning',
      regla: h.codigo,
      path: ruta,
      message: `${regla?.mensajeOficial ?? regla?.titulo ?? h.codigo}${detalle ? ` ${detalle}` : ''}`,
    };
    // The answer's size: once the texts pass the budget, this finding and the rest are counted instead.
    caracteres += caracteresDe(error) + issue.message.length + ruta.length;
    if (caracteres > limites.maxCaracteres) {
      lleno = true;
      contarOmitido(omitidos, h.codigo, severidad);
      continue;
    }
    errores.push(error);
    issues.push(issue);
    if (h.cruce && documentoUsuario)
      PENDIENTES_HISTORIA.set(error, { documento: documentoUsuario, cruce: h.cruce });
    if (h.vida) PENDIENTES_VIDA.set(error, h.vida);
  }

  for (const n of notas) {
    const e = explicarNota(n, factura);
    errores.push(e);
    issues.push({ severity: 'warning', regla: e.codigo, path: '$', message: e.titulo });
  }
  return { errores, issues, omitidos: ordenarOmitidos(omitidos) };
}

/** A note's own texts: what depends on the note alone, not on the invoice it is located at. */
type TextosNota = Pick<ErrorAccionable, 'codigo' | 'titulo' | 'explicacion' | 'comoCorregir'>;

/**
 * CAT01, one per answer: the tables not loaded (their rules checked the format only) and the imported
 * tables this validation read that are older than CATALOGOS_ANTIGUEDAD_MAXIMA_DIAS.
 */
function explicarCatalogos(n: NotaOmitida): TextosNota {
  const catalogos = n.catalogos ?? [];
  const antiguas = n.antiguas ?? [];
  const titulos: string[] = [];
  const explicaciones: string[] = [];
  const acciones: string[] = [];
  if (catalogos.length) {
    const uno = catalogos.length === 1 ? catalogos[0]!.catalogo : null;
    const lista = catalogos.map((c) => `«${c.catalogo}» (${c.reglas.join(', ')})`).join('; ');
    titulos.push(
      uno
        ? `Catálogo ${uno} no cargado: validación reducida`
        : `${catalogos.length} catálogos no cargados: validación reducida`,
    );
    explicaciones.push(
      `${uno ? 'Este catálogo SISPRO no está cargado' : 'Estos catálogos SISPRO no están cargados'} en este servicio, con las reglas que dependen de cada uno: ${lista}. Esas reglas se verificaron solo en el formato del dato, no contra la tabla. No indica un error del RIPS: el MUV sí las verificará al radicar.`,
    );
    acciones.push(
      'El operador puede importar la exportación oficial de cada tabla (web.sispro.gov.co) con `npm run cli -- catalogo importar <archivo>`.',
    );
  }
  if (antiguas.length) {
    const una = antiguas.length === 1 ? antiguas[0]! : null;
    const maximo = antiguas[0]!.maximaDias;
    const lista = antiguas
      .map(
        (t) =>
          `«${t.tabla}» importada el ${diaColombia(new Date(t.importadoEn))} (hace ${t.dias} días)` +
          (t.fechaActualizacion
            ? `, con Fecha_Actualizacion de SISPRO ${diaColombia(new Date(t.fechaActualizacion))}`
            : ''),
      )
      .join('; ');
    const titulo = una
      ? `Catálogo ${una.tabla} importado hace ${una.dias} días`
      : `${antiguas.length} catálogos importados hace más de ${maximo} días`;
    titulos.push(titulos.length ? titulo[0]!.toLowerCase() + titulo.slice(1) : titulo);
    explicaciones.push(
      `${una ? 'Esta tabla usada' : 'Estas tablas usadas'} en la validación se ${una ? 'importó' : 'importaron'} hace más de ${maximo} días (CATALOGOS_ANTIGUEDAD_MAXIMA_DIAS): ${lista}. Si SISPRO ${una ? 'la' : 'las'} cambió desde entonces, el MUV puede responder distinto.`,
    );
    const nombres = antiguas.map((t) => t.tabla).join(', ');
    acciones.push(
      `Importe de nuevo ${una ? `la tabla ${nombres}` : `las tablas ${nombres}`} con la exportación actual de SISPRO (web.sispro.gov.co): \`npm run cli -- catalogo importar <carpeta>\`.`,
    );
  }
  return {
    codigo: 'CAT01',
    titulo: titulos.join('; '),
    explicacion: explicaciones.join(' '),
    comoCorregir: `${acciones.join(' ')} No requiere cambios en el RIPS.`,
  };
}

/**
 * Texts of the notes a validation plan shares (frozen: src/rips/validacion/motor.ts), written once:
 * the same few notes end almost every small validation, and writing their rule lists was ~15 % of
 * its CPU (issue 34).
 */
const textosCompartidos = new WeakMap<NotaOmitida, TextosNota>();

function explicarNota(n: NotaOmitida, factura: string | null): ErrorAccionable {
  let textos = textosCompartidos.get(n);
  if (!textos) {
    textos = textosNota(n);
    if (Object.isFrozen(n)) textosCompartidos.set(n, textos);
  }
  return {
    severidad: 'informativo',
    fuente: 'linter-local',
    ubicacion: ubicacion({
      factura,
      ruta: '$',
      descripcion: factura ? `Factura ${factura}` : 'RIPS',
    }),
    mensajeOriginal: null,
    ...textos,
  };
}

function textosNota(n: NotaOmitida): TextosNota {
  if (n.codigo === 'CAT01') return explicarCatalogos(n);
  if (n.codigo === 'PRE01') {
    return {
      codigo: 'PRE01',
      titulo: 'Códigos de prestador de la entidad no declarados',
      explicacion: `La entidad no ha declarado sus códigos de prestador habilitados (REPS), así que las reglas ${n.reglas.join(', ')} no se verificaron contra ellos: que el CODIGO_PRESTADOR de la factura electrónica (RVC011) y el «Código del prestador» de cada servicio (RVC012) sean de la entidad. El MUV sí lo verifica al radicar, contra los códigos del prestador de su usuario, y rechaza los que no coinciden.`,
      comoCorregir:
        'El operador declara los códigos de la entidad (los de habilitación del REPS: 12 dígitos con la sede, o los 10 del prestador) con `npm run cli -- entidad prestadores <slug> --agregar <código>,…` (o `--prestadores` en `entidad crear`). No requiere cambios en el RIPS.',
    };
  }
  if (n.codigo === 'XML01') {
    return {
      codigo: 'XML01',
      titulo: 'Reglas que necesitan la factura electrónica (XML)',
      explicacion: `Las reglas ${n.reglas.join(', ')} cruzan el RIPS con la factura electrónica (NIT, número, cobertura, periodo, valores y pagos moderadores) y no se verificaron porque la validación no incluyó el XML de la factura. El MUV las verificará al radicar.`,
      comoCorregir:
        'No requiere cambios en el RIPS. Para verificarlas antes de radicar, valide el RIPS junto con su factura (AttachedDocument).',
    };
  }
  return {
    codigo: 'MUV01',
    titulo: 'Reglas que solo verifica el MUV',
    explicacion: `Las reglas ${n.reglas.join(', ')} consultan registros nacionales (RETHUS, MIPRES, registro de defunciones, la FEV ya radicada) que este servicio no puede consultar; el MUV las verificará al radicar.`,
    comoCorregir:
      'No requiere acción ahora. Si el MUV las reporta al radicar, la respuesta traerá su explicación.',
  };
}
