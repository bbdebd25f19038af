import type { ErrorAccionable } from '../../errores/error-accionable.js';
import { ubicacion } from '../../errores/ubicacion.js';
import type { DocumentoFev } from '../fev/documento.js';
import { MODALIDADES_PAGO } from '../fev/verificar.js';
import {
  type DefinicionOperacion,
  OPERACIONES,
  type OperacionMuv,
  operacionDe,
  operacionPorMetodo,
} from '../muv/operaciones.js';
import { dia } from '../reglas/helpers/fechas.js';
import { REGLAS, REGLAS_POR_CODIGO } from '../reglas/registro.js';
import { CAMPO_INICIO, dondeServicio } from '../reglas/rvc-050-098/comun.js';
import { type ClaseVigente, type DatosFev, NORMA_2275, type Regla, regla } from '../reglas/tipos.js';
import { type Clase, type Registro, type Severidad, TIPOS_SERVICIO, type TipoServicio } from '../tipos.js';
import { eco } from '../validacion/acotar.js';
import { diaColombia, severidadDe } from '../validacion/severidad.js';
import type { ResultadoValidacion } from '../validacion/validar.js';

/*
 * The local gate's rules of each MUV operation (src/rips/muv/operaciones.ts), as data: a table
 * keyed by operation → small check functions, each finding with its code, class history and
 * Spanish texts. The checks are pure; the one that needs the entity's filed invoices (NCTotal)
 * takes a lookup in its context. compuerta.ts runs them after the FEV gate and the RIPS rules.
 */

/** A code of these checks with its class history and texts (the way CODIGOS_FEV and REGLAS hold theirs). */
export interface CodigoOperacion {
  codigo: string;
  clases: readonly ClaseVigente[];
  /** Official message (or, for our own codes, what the check is and where it comes from). */
  mensajeOficial: string;
  titulo: string;
  explicacion: string;
  comoCorregir: string;
}

/** One class for every date: the MUV's own notifications and our own codes. */
const siempre = (clase: Clase, norma: string): ClaseVigente[] => [{ desde: NORMA_2275.desde, clase, norma }];
const PROPIA = 'Validación propia de este servicio';

const RVG06 = REGLAS_POR_CODIGO.get('RVG06')!;

const NOMBRE_MODALIDAD: Readonly<Record<string, string>> = {
  '01': 'pago individual por caso, conjunto integral de atenciones, paquete o canasta',
  '02': 'pago global prospectivo',
  '03': 'capitación',
  '04': 'pago por evento',
};
const MODALIDAD_CAPITACION = '03';
/** conceptoRecaudo of PrepaidPayment (DT2 §4.6): moderating payments and the anticipo. */
const NOMBRE_CONCEPTO: Readonly<Record<string, string>> = {
  '01': 'copago',
  '02': 'cuota moderadora',
  '03': 'pagos compartidos en planes voluntarios de salud',
  '04': 'anticipo',
};
/** LIN §2.2.6.1 (2): «pagos moderadores (copagos y cuotas moderadoras)»; anticipos are allowed. */
const MODERADORES_CAPITA_INICIAL = new Set(['01', '02']);
/** LIN §4.1.1.2: «los valores de los recaudos de pagos moderadores/anticipos informados en la FEV». */
const RECAUDOS_NOTA_TOTAL = new Set(['01', '02', '03', '04']);

const nombreOp = (d: DefinicionOperacion) => `«${d.clave}» (${d.metodo})`;
const op = (metodo: OperacionMuv) => operacionPorMetodo(metodo)!;

/** tipoNota → the operations that take a RIPS with it, from the operations table. */
function operacionesPorTipoNota(): string {
  const grupos = new Map<string, string[]>();
  for (const o of OPERACIONES)
    for (const t of o.tiposNota) {
      const k = t === null ? 'vacío (la factura)' : t;
      grupos.set(k, [...(grupos.get(k) ?? []), `«${o.clave}»`]);
    }
  return [...grupos].map(([t, ops]) => `tipoNota ${t} en ${ops.join(', ')}`).join('; ');
}

/** Check key → code and texts. One code may serve several checks (RVG06). */
export const CHEQUEOS_OPERACION = {
  fechaFueraDelPeriodo: {
    codigo: 'CIN001',
    clases: siempre('N', 'Manual API Docker FEV-RIPS v4.3 §8.9 (clase NOTIFICACION)'),
    mensajeOficial: 'La fecha de la factura no corresponde al periodo reportado.',
    titulo: 'La fecha de emisión de la factura de cápita está fuera de su periodo',
    explicacion:
      'En las operaciones de cápita que llevan la factura («Cápita inicial» y «Cápita por periodo») el MUV compara la fecha de emisión de la factura (IssueDate) con su periodo de facturación (InvoicePeriod: StartDate a EndDate, ambos incluidos) y, si queda por fuera, lo notifica con CIN001 (manual API Docker FEV-RIPS v4.3, §8.9). Es una notificación: el CUV se emite igual.',
    comoCorregir:
      'Revise en el software de facturación el periodo de la factura de cápita: debe ser el periodo del contrato que la factura cobra, y la factura se emite dentro de él. Si el periodo o la fecha están mal, corríjalos y emita de nuevo la factura; si ambos son correctos, puede radicarla (es una notificación).',
  },
  modalidadNoCapitacion: {
    codigo: 'RVG06',
    clases: RVG06.clases,
    mensajeOficial: RVG06.mensajeOficial,
    titulo: 'La operación de cápita no corresponde a la modalidad de pago del documento',
    explicacion:
      'Las operaciones de cápita del MUV («capita-inicial», «capita-periodo» y «nota-credito-capita»; LIN v3.2 §2.2.6 y §4.1.2.8) son para documentos de contratos por capitación: la modalidad de pago del documento (MODALIDAD_PAGO de la extensión de salud, DT2 §4.2) debe ser 03 «capitación». Este documento informa otra modalidad, así que el dato no corresponde a la operación elegida (RVG06: «El dato informado no corresponde al contenido requerido»).',
    comoCorregir:
      'Si el contrato es por capitación, corrija la modalidad de pago en el software de facturación y emita de nuevo el documento. Si la modalidad es la correcta, radique el documento por la operación que le corresponde (vea el detalle).',
  },
  tipoNotaNoCorresponde: {
    codigo: 'RVG06',
    clases: RVG06.clases,
    mensajeOficial: RVG06.mensajeOficial,
    titulo: 'El tipo de nota del RIPS no corresponde a la operación',
    explicacion: `Cada operación del MUV recibe el RIPS de un tipo de documento: ${operacionesPorTipoNota()} (manual API Docker FEV-RIPS v4.3 §8). El tipoNota de este RIPS no es el de la operación elegida (RVG06: «El dato informado no corresponde al contenido requerido»).`,
    comoCorregir:
      'Radique el RIPS por la operación que corresponde a su tipoNota (vea el detalle), o corrija el tipoNota en el sistema de origen si el RIPS es del documento de esta operación.',
  },
  moderadoresCapitaInicial: {
    codigo: 'CAP01',
    clases: siempre('N', `${PROPIA} (LIN v3.2 §2.2.6.1, numeral 2)`),
    mensajeOficial:
      'Validación propia (LIN v3.2 §2.2.6.1, numeral 2): la factura de cápita inicial no debe incluir pagos moderadores (copagos y cuotas moderadoras).',
    titulo: 'La factura de cápita inicial informa pagos moderadores',
    explicacion:
      'La primera factura de un contrato por capitación se radica sin RIPS por «capita-inicial» y, según los lineamientos técnicos (LIN v3.2 §2.2.6.1, numeral 2), no debe incluir información de pagos moderadores (copagos y cuotas moderadoras); sí puede legalizar anticipos del contrato (concepto 04). Los pagos moderadores del primer periodo van en el RIPS de ese periodo y se descuentan en la factura del periodo siguiente (§2.2.6). Ningún código oficial nombra esta condición ni los lineamientos dicen que el MUV la rechace; por eso no se usa RVG06, que es de rechazo: es un código propio de este servicio, de clase notificación.',
    comoCorregir:
      'Emita la factura de cápita inicial sin PrepaidPayment de copago (01) ni de cuota moderadora (02): esos recaudos se informan en el RIPS del periodo y se descuentan en la factura del periodo siguiente. Es una notificación: si la factura ya fue validada por la DIAN y el pagador la acepta así, puede radicarla.',
  },
  servicioDelPeriodoFacturado: {
    codigo: 'CAP02',
    clases: siempre('N', `${PROPIA} (manual API Docker FEV-RIPS v4.3 §8.10; LIN v3.2 §4.1.2.8.2)`),
    mensajeOficial:
      'Validación propia (LIN v3.2 §4.1.2.8.2): el RIPS de cápita por periodo es el de los servicios del periodo anterior a la factura, y este servicio es del periodo facturado o posterior.',
    titulo: 'Servicio del periodo facturado en el RIPS de cápita por periodo',
    explicacion:
      'En «capita-periodo» la factura es la del periodo que se cobra y el RIPS es el de los servicios prestados en el periodo anterior (manual API Docker FEV-RIPS v4.3 §8.10; LIN v3.2 §4.1.2.8.2). Por eso aquí no se exige que las fechas de los servicios caigan dentro del periodo de la factura (RVC014, RVC044); pero un servicio con fecha desde el inicio del periodo facturado no es del periodo anterior: va en el RIPS de la factura siguiente (o en «capita-final» si es el último periodo). El periodo anterior exacto no se conoce aquí y lo verifica el MUV: es un código propio de este servicio, de clase notificación.',
    comoCorregir:
      'Revise la fecha del servicio en el sistema de origen. Si es correcta, quite el servicio de este RIPS y repórtelo con el del periodo al que pertenece; si quedó mal digitada, corríjala y genere de nuevo el RIPS.',
  },
  recaudosNotaTotal: {
    codigo: 'NCT01',
    clases: siempre('N', `${PROPIA} (LIN v3.2 §4.1.1.2, nota)`),
    mensajeOficial:
      'Validación propia (LIN v3.2 §4.1.1.2, nota): la nota crédito total no debe reportar los recaudos de pagos moderadores ni los anticipos informados en la factura.',
    titulo: 'La nota crédito total informa pagos moderadores o anticipos',
    explicacion:
      'La nota crédito total anula o afecta al 100 % la factura y los valores involucrados en ella; por eso los lineamientos técnicos (LIN v3.2 §4.1.1.2, nota) piden no reportar en ella los recaudos de pagos moderadores (copagos, cuotas moderadoras, pagos compartidos) ni los anticipos que informó la factura (PrepaidPayment y PrepaidAmount). Ningún código oficial nombra esta condición ni los lineamientos dicen que el MUV la rechace: es un código propio de este servicio, de clase notificación.',
    comoCorregir:
      'Configure el software de facturación para que la nota crédito total no lleve PrepaidPayment ni un PrepaidAmount mayor a 0. Es una notificación: puede radicar esta nota si el pagador la acepta así.',
  },
  valorNotaTotal: {
    codigo: 'NCT02',
    clases: siempre('N', `${PROPIA} (LIN v3.2 §2.2.2)`),
    mensajeOficial:
      'Validación propia (LIN v3.2 §2.2.2): el valor de la nota crédito total no es el de la factura radicada que anula o afecta.',
    titulo: 'El valor de la nota crédito total no es el de la factura',
    explicacion:
      'Una nota crédito total anula o afecta la factura al 100 % de su valor (LIN v3.2 §2.2.2). Se comparó el valor a pagar de la nota (PayableAmount) con el de la factura que referencia, que esta entidad radicó con CUV, en pesos enteros. Si la nota es parcial, se radica por «nota-credito» (con su RIPS), «nota-credito-acuerdo-voluntades» o «nota-credito-capita». Ningún código oficial nombra esta comparación: es un código propio de este servicio, de clase notificación.',
    comoCorregir:
      'Verifique que la nota referencia la factura correcta (BillingReference) y que su valor sea el total de la factura. Si la nota es parcial, radíquela por la operación de nota crédito que le corresponde; si es total, corrija su valor en el software de facturación y emita de nuevo la nota.',
  },
} as const satisfies Record<string, CodigoOperacion>;

export type ChequeoOperacion = keyof typeof CHEQUEOS_OPERACION;

/** The codes these checks add to the registries (RVG06 is the RIPS registry's), by code. */
export const CODIGOS_OPERACION: ReadonlyMap<string, CodigoOperacion> = new Map(
  Object.values(CHEQUEOS_OPERACION)
    .filter((c) => !REGLAS_POR_CODIGO.has(c.codigo))
    .map((c): [string, CodigoOperacion] => [c.codigo, c]),
);

/** A finding before explanation: which check, where (XML element or RIPS field) and the specific detail. */
export interface HallazgoOperacion {
  chequeo: ChequeoOperacion;
  /** XML path under the document root («Invoice.IssueDate») or RIPS field («tipoNota»). */
  campo: string;
  /** 'xml': the element is in the XML (ruta xmlFevFile:…) · 'rips': a field of the RIPS header. */
  en: 'xml' | 'rips';
  campoNombre: string;
  detalle: string;
  valor?: string;
}

/** What the entity filed of an invoice: its PayableAmount in whole pesos (radicacion.monto). */
export interface FacturaRadicada {
  monto: number | null;
}

/** The entity's filed invoice (estado radicado) by issuer NIT and number; null when it filed none. */
export type ConsultaFacturaRadicada = (clave: {
  nit: string;
  numFactura: string;
}) => Promise<FacturaRadicada | null>;

export interface ContextoOperacion {
  operacion: DefinicionOperacion;
  /** The RIPS (null when the operation goes without one). */
  rips: Registro | null;
  /** The document the gate read (absent when the XML is missing, unreadable or not the expected one). */
  documento?: DocumentoFev;
  /** Absent: the checks that need the entity's filings are skipped. */
  facturaRadicada?: ConsultaFacturaRadicada;
}

export type ReglaOperacion = (ctx: ContextoOperacion) => HallazgoOperacion[] | Promise<HallazgoOperacion[]>;

const fechaValida = (v: string | null | undefined): v is string =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && dia(v) === v;
/** 2025-01-30 → 30/01/2025, as the MUV writes dates in CIN001. */
const ddmmaaaa = (f: string) => f.split('-').reverse().join('/');
const pesos = (n: number) => `$${n.toLocaleString('es-CO', { maximumFractionDigits: 2 })}`;
const con = (codigo: string, nombres: Readonly<Record<string, string>>) =>
  nombres[codigo] ? `${codigo} «${nombres[codigo]}»` : codigo;
const rutaSalud = (tipo: string, nombre: string) =>
  `${tipo}.UBLExtensions.CustomTagGeneral.Interoperabilidad.Group.Collection.AdditionalInformation.${nombre}`;

/** CIN001: the capitation invoice's IssueDate outside its InvoicePeriod (both ends included). */
export const fechaEnPeriodo: ReglaOperacion = ({ documento: d }) => {
  if (d?.tipo !== 'Invoice') return [];
  const { inicio, fin } = d.periodo;
  const emision = d.fechaEmision;
  // Malformed or reversed dates are the gate's (FED/VFE codes): nothing to compare.
  if (!fechaValida(inicio) || !fechaValida(fin) || !fechaValida(emision) || inicio > fin) return [];
  if (emision >= inicio && emision <= fin) return [];
  return [
    {
      chequeo: 'fechaFueraDelPeriodo',
      campo: 'Invoice.IssueDate',
      en: 'xml',
      campoNombre: 'Fecha de emisión de la factura',
      detalle: `La fecha de emisión está fuera del periodo reportado. Periodo reportado: [${ddmmaaaa(inicio)}-${ddmmaaaa(fin)}] Fecha factura: [${ddmmaaaa(emision)}].`,
      valor: emision,
    },
  ];
};

/** What a document of another modality should have been filed with. */
function operacionCorrecta(d: DocumentoFev, modalidad: string): string {
  if (d.tipo === 'Invoice')
    return `Una factura de ${NOMBRE_MODALIDAD[modalidad]} se radica con el RIPS de sus servicios por la operación ${nombreOp(op('CargarFevRips'))}.`;
  return `Una nota crédito sobre una factura de ${NOMBRE_MODALIDAD[modalidad]} se radica por ${nombreOp(op('CargarNC'))} con su RIPS cuando afecta servicios; por ${nombreOp(op('CargarNCTotal'))} cuando anula o afecta la factura al 100 %; o por ${nombreOp(op('CargarNCAcuerdoVoluntades'))} cuando es por el seguimiento del acuerdo de voluntades.`;
}

/** RVG06: a capitation operation with a document whose MODALIDAD_PAGO is present and not 03. */
export const modalidadCapitacion: ReglaOperacion = ({ operacion, documento: d }) => {
  const modalidad = d?.extensionSalud?.items.find((i) => i.nombre === 'MODALIDAD_PAGO')?.schemeID ?? null;
  // Absent or outside the table: the gate's FED125/FED126/FED133 say so.
  if (!d || modalidad === null || !MODALIDADES_PAGO.has(modalidad) || modalidad === MODALIDAD_CAPITACION)
    return [];
  return [
    {
      chequeo: 'modalidadNoCapitacion',
      campo: rutaSalud(d.tipo, 'MODALIDAD_PAGO'),
      en: 'xml',
      campoNombre: 'Modalidad de pago',
      detalle: `El documento informa la modalidad ${con(modalidad, NOMBRE_MODALIDAD)} y la operación ${nombreOp(operacion)} es solo para capitación (03). ${operacionCorrecta(d, modalidad)}`,
      valor: modalidad,
    },
  ];
};

/** RVG06: the RIPS's tipoNota is not one the operation takes. */
export const tipoNotaDeOperacion: ReglaOperacion = ({ operacion, rips }) => {
  if (!rips || operacion.tiposNota.length === 0) return [];
  const crudo = rips.tipoNota;
  if (crudo !== null && crudo !== undefined && typeof crudo !== 'string') return [];
  const t = typeof crudo === 'string' && crudo.trim() !== '' ? crudo.trim().toUpperCase() : null;
  if (operacion.tiposNota.includes(t)) return [];
  // An unknown tipoNota is the structure checker's (RVG06 on the field itself).
  const propia = operacionDe(t);
  if (!propia) return [];
  const esperados = operacion.tiposNota
    .map((x) => (x === null ? 'vacío (la factura)' : `«${x}»`))
    .join(' o ');
  return [
    {
      chequeo: 'tipoNotaNoCorresponde',
      campo: 'tipoNota',
      en: 'rips',
      campoNombre: 'Tipo de nota',
      detalle: `La operación ${nombreOp(operacion)} lleva un RIPS con tipoNota ${esperados}; este informa ${t === null ? 'tipoNota vacío (la factura)' : `«${t}»`}, que corresponde a ${nombreOp(op(propia))}.`,
      ...(t === null ? {} : { valor: t }),
    },
  ];
};

/** CAP01: the first capitation invoice reports copagos or cuotas moderadoras (LIN §2.2.6.1 (2)). */
export const sinModeradoresCapitaInicial: ReglaOperacion = ({ documento: d }) => {
  if (d?.tipo !== 'Invoice') return [];
  return d.pagosAnticipados.flatMap((p, i) =>
    p.concepto !== null && MODERADORES_CAPITA_INICIAL.has(p.concepto) && p.valor !== null && p.valor > 0
      ? [
          {
            chequeo: 'moderadoresCapitaInicial' as const,
            campo: `Invoice.PrepaidPayment[${i}]`,
            en: 'xml' as const,
            campoNombre: 'Pago anticipado (PrepaidPayment)',
            detalle: `La factura informa ${con(p.concepto, NOMBRE_CONCEPTO)} por ${pesos(p.valor)}.`,
            valor: p.concepto,
          },
        ]
      : [],
  );
};

/** NCT01: a total credit note reports moderating payments or anticipos (LIN §4.1.1.2, note). */
export const sinRecaudosNotaTotal: ReglaOperacion = ({ documento: d }) => {
  if (d?.tipo !== 'CreditNote') return [];
  const hallazgos: HallazgoOperacion[] = d.pagosAnticipados.flatMap((p, i) =>
    p.concepto !== null && RECAUDOS_NOTA_TOTAL.has(p.concepto) && p.valor !== null && p.valor > 0
      ? [
          {
            chequeo: 'recaudosNotaTotal' as const,
            campo: `CreditNote.PrepaidPayment[${i}]`,
            en: 'xml' as const,
            campoNombre: 'Pago anticipado (PrepaidPayment)',
            detalle: `La nota informa ${con(p.concepto, NOMBRE_CONCEPTO)} por ${pesos(p.valor)}.`,
            valor: p.concepto,
          },
        ]
      : [],
  );
  const anticipado = d.totales.anticipado;
  if (hallazgos.length === 0 && anticipado !== null && anticipado > 0)
    hallazgos.push({
      chequeo: 'recaudosNotaTotal',
      campo: 'CreditNote.LegalMonetaryTotal.PrepaidAmount',
      en: 'xml',
      campoNombre: 'Total de pagos anticipados (PrepaidAmount)',
      detalle: `La nota informa pagos anticipados por ${pesos(anticipado)}.`,
    });
  return hallazgos;
};

/**
 * NCT02: a total credit note whose PayableAmount is not the PayableAmount of the invoice it
 * references, when this entity filed that invoice (radicacion.monto, whole pesos).
 */
export const valorDeNotaTotal: ReglaOperacion = async ({ documento: d, facturaRadicada }) => {
  if (d?.tipo !== 'CreditNote' || !facturaRadicada) return [];
  const numFactura = d.facturaReferida?.id?.trim();
  const nit = d.emisor.nit?.trim();
  const valor = d.totales.aPagar;
  if (!numFactura || !nit || valor === null) return [];
  let factura: FacturaRadicada | null;
  try {
    factura = await facturaRadicada({ nit, numFactura });
  } catch {
    // Advice built on the entity's filings: without them the note is checked as always.
    return [];
  }
  if (factura?.monto === null || factura?.monto === undefined) return [];
  const nota = Math.round(valor);
  if (nota === factura.monto) return [];
  const mayor =
    nota > factura.monto
      ? ' Si la factura tenía pagos moderadores o anticipos (PrepaidPayment), la nota total no los informa (LIN v3.2 §4.1.1.2) y su valor puede superar el valor a pagar de la factura en esa suma: si es así, la nota está bien.'
      : '';
  return [
    {
      chequeo: 'valorNotaTotal',
      campo: 'CreditNote.LegalMonetaryTotal.PayableAmount',
      en: 'xml',
      campoNombre: 'Valor a pagar de la nota crédito',
      detalle: `La nota vale ${pesos(nota)} y la factura ${eco(numFactura)}, radicada por esta entidad, vale ${pesos(factura.monto)} (PayableAmount).${mayor}`,
      valor: String(valor),
    },
  ];
};

/** Date fields of a service compared with the invoiced period (start, and discharge where there is one). */
const CAMPOS_FECHA: Readonly<Record<TipoServicio, readonly string[]>> = {
  consultas: [CAMPO_INICIO.consultas],
  procedimientos: [CAMPO_INICIO.procedimientos],
  urgencias: [CAMPO_INICIO.urgencias, 'fechaEgreso'],
  hospitalizacion: [CAMPO_INICIO.hospitalizacion, 'fechaEgreso'],
  recienNacidos: [CAMPO_INICIO.recienNacidos, 'fechaEgreso'],
  medicamentos: [CAMPO_INICIO.medicamentos],
  otrosServicios: [CAMPO_INICIO.otrosServicios],
};

const CAP02 = CHEQUEOS_OPERACION.servicioDelPeriodoFacturado;

/**
 * CAP02 as an engine rule (walked with the RIPS, so it is located, ordered and bounded like every
 * RIPS finding): in CapitaPeriodo a service dated on or after the invoiced period's start.
 */
export const REGLA_SERVICIO_PERIODO_FACTURADO: Regla = regla({
  codigo: CAP02.codigo,
  campos: [],
  clases: [...CAP02.clases],
  mensajeOficial: CAP02.mensajeOficial,
  titulo: CAP02.titulo,
  explicacion: CAP02.explicacion,
  comoCorregir: CAP02.comoCorregir,
  alcance: 'fev',
  servicio: {
    tipos: TIPOS_SERVICIO,
    verificar(r, ref, ctx) {
      const inicio = ctx.fev?.periodo.inicio;
      if (!fechaValida(inicio)) return;
      for (const campo of CAMPOS_FECHA[ref.tipo]) {
        const d = dia(r[campo]);
        if (d === undefined || d < inicio) continue;
        ctx.emitir(CAP02.codigo, dondeServicio(ref), campo, {
          valor: r[campo],
          detalle: `La factura de este envío cobra el periodo que empieza el ${inicio}; el RIPS debe ser del periodo anterior.`,
        });
      }
    },
  },
});

/** What an operation adds to the local gate. */
export interface ReglasDeOperacion {
  /** Checks of the XML document (and of the RIPS header) after the gate. */
  documento: readonly ReglaOperacion[];
  /** Registry rules that do not apply to the operation, by code. */
  sinReglasRips?: readonly string[];
  /** Engine rules of the operation, walked with the RIPS. */
  reglasRips?: readonly Regla[];
}

/** The service dates against the invoice's period: not in CapitaPeriodo, whose RIPS is the previous period's. */
export const REGLAS_PERIODO_FACTURA = ['RVC014', 'RVC044'] as const;

export const REGLAS_POR_OPERACION: Readonly<Record<OperacionMuv, ReglasDeOperacion>> = {
  CargarFevRips: { documento: [tipoNotaDeOperacion] },
  CargarNCTotal: { documento: [sinRecaudosNotaTotal, valorDeNotaTotal] },
  CargarNC: { documento: [tipoNotaDeOperacion] },
  CargarND: { documento: [tipoNotaDeOperacion] },
  CargarNotaAjuste: { documento: [tipoNotaDeOperacion] },
  CargarRipsSinFactura: { documento: [tipoNotaDeOperacion] },
  CargarNCAcuerdoVoluntades: { documento: [] },
  CargarCapitaInicial: { documento: [fechaEnPeriodo, modalidadCapitacion, sinModeradoresCapitaInicial] },
  CargarCapitaPeriodo: {
    documento: [tipoNotaDeOperacion, fechaEnPeriodo, modalidadCapitacion],
    sinReglasRips: REGLAS_PERIODO_FACTURA,
    reglasRips: [REGLA_SERVICIO_PERIODO_FACTURADO],
  },
  CargarCapitaFinal: { documento: [tipoNotaDeOperacion] },
  CargarNCCapita: { documento: [tipoNotaDeOperacion, modalidadCapitacion] },
};

/** The operation's document checks, in table order. */
export async function evaluarOperacion(ctx: ContextoOperacion): Promise<HallazgoOperacion[]> {
  const reglas = REGLAS_POR_OPERACION[ctx.operacion.metodo as OperacionMuv]?.documento ?? [];
  const hallazgos: HallazgoOperacion[] = [];
  for (const r of reglas) hallazgos.push(...(await r(ctx)));
  return hallazgos;
}

/** Registry rules that can run on what an operation implies without XML (only the modality). */
export const REGLAS_CON_MODALIDAD_IMPLICITA = ['RVC034'] as const;

/** Invoice data an operation implies when no XML goes (CapitaFinal: capitación), or undefined. */
export function fevImplicito(d: DefinicionOperacion): DatosFev | undefined {
  if (d.documentoXml !== null || d.modalidadImplicita === null) return undefined;
  return {
    tipoDocumento: 'Invoice',
    numero: null,
    numeroFactura: null,
    nitEmisor: null,
    cobertura: null,
    modalidadPago: d.modalidadImplicita,
    periodo: { inicio: null, fin: null },
    pagosAnticipados: [],
    valorServicios: null,
  };
}

const reglasCache = new Map<string, readonly Regla[] | undefined>();

/**
 * The engine's rule list for an operation: the registry as is (undefined) for most; without the
 * rules that do not apply and with the operation's own; and, when only the modality is implied
 * (CapitaFinal), the invoice cross-checks other than RVC034 left to the MUV (it holds the invoice).
 */
export function reglasDeMotor(d: DefinicionOperacion): readonly Regla[] | undefined {
  if (reglasCache.has(d.metodo)) return reglasCache.get(d.metodo);
  const t = REGLAS_POR_OPERACION[d.metodo as OperacionMuv];
  const implicita = fevImplicito(d);
  let reglas: readonly Regla[] | undefined;
  if (t?.sinReglasRips?.length || t?.reglasRips?.length || implicita) {
    const fuera = new Set(t?.sinReglasRips ?? []);
    const conModalidad = new Set<string>(REGLAS_CON_MODALIDAD_IMPLICITA);
    const base = REGLAS.filter((r) => !fuera.has(r.codigo)).map((r): Regla => {
      if (!implicita || r.alcance !== 'fev') return r;
      if (!conModalidad.has(r.codigo)) return { ...r, alcance: 'muv' };
      return {
        ...r,
        explicacion: `${r.explicacion} La operación ${nombreOp(d)} va sin XML: su RIPS es de un contrato por ${NOMBRE_MODALIDAD[implicita.modalidadPago!] ?? 'esa modalidad'} (modalidad ${implicita.modalidadPago}), y se verifica con esa modalidad.`,
      };
    });
    reglas = [...base, ...(t?.reglasRips ?? [])];
  }
  reglasCache.set(d.metodo, reglas);
  return reglas;
}

function severidad(c: CodigoOperacion, fecha: Date, rechazoDesde?: Record<string, string>): Severidad {
  const hoy = diaColombia(fecha);
  let clase: Clase = c.clases[0]?.clase ?? 'R';
  for (const k of c.clases) if (k.desde <= hoy) clase = k.clase;
  const desde = rechazoDesde?.[c.codigo];
  if (clase === 'N' && desde && desde <= hoy) clase = 'R';
  return severidadDe(clase);
}

const NOMBRE_XML: Readonly<Record<string, string>> = {
  Invoice: 'XML de la factura',
  CreditNote: 'XML de la nota crédito',
  DebitNote: 'XML de la nota débito',
};

/** The operation's findings as ErrorAccionable and issues (registry texts, severity on `fecha`). */
export function explicarOperacion(
  hallazgos: readonly HallazgoOperacion[],
  factura: string | null,
  fecha: Date,
  rechazoDesde?: Record<string, string>,
): Pick<ResultadoValidacion, 'errores' | 'issues'> {
  const errores: ErrorAccionable[] = [];
  const issues: ResultadoValidacion['issues'] = [];
  for (const h of hallazgos) {
    const c = CHEQUEOS_OPERACION[h.chequeo];
    const sev = severidad(c, fecha, rechazoDesde);
    const ruta = h.en === 'xml' ? `xmlFevFile:${h.campo}` : h.campo;
    const donde = h.en === 'xml' ? (NOMBRE_XML[h.campo.split('.')[0]!] ?? 'XML') : 'RIPS';
    errores.push({
      codigo: c.codigo,
      severidad: sev,
      fuente: 'linter-local',
      ubicacion: ubicacion({
        factura,
        campo: h.campo,
        campoNombre: h.campoNombre,
        ruta,
        descripcion: [factura ? `Factura ${factura}` : 'Sin número de factura', donde, h.campoNombre].join(
          ' · ',
        ),
      }),
      titulo: c.titulo,
      explicacion: [
        c.explicacion,
        h.detalle,
        h.valor !== undefined ? `Valor informado: «${eco(h.valor)}».` : '',
      ]
        .filter(Boolean)
        .join(' '),
      comoCorregir: c.comoCorregir,
      mensajeOriginal: c.mensajeOficial,
    });
    issues.push({
      severity: sev === 'rechazo' ? 'error' : 'warning',
      regla: c.codigo,
      path: ruta,
      message: `${c.mensajeOficial} ${h.detalle}`,
    });
  }
  return { errores, issues };
}
