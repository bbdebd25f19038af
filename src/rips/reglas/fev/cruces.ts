import type { TipoServicio } from '../../tipos.js';
import { coberturasCups } from '../helpers/catalogos.js';
import { dia } from '../helpers/fechas.js';
import { CAMPO_INICIO, dondeServicio, numero, texto } from '../rvc-050-098/comun.js';
import type { ContextoRegla, DatosFev, Regla } from '../tipos.js';

/**
 * Checks of the registry's rules of alcance 'fev' (RIPS ↔ invoice): they run only when the RIPS is
 * validated with its AttachedDocument (ctx.fev, read by src/rips/fev). The rules' texts and classes
 * stay in the registry files; this module adds their hooks. Rules of alcance 'fev' without a hook
 * here (RVG10, RVG19, RVC036) need data we do not hold and are left to the MUV.
 */
type Chequeos = Pick<Regla, 'estado' | 'lee' | 'transaccion' | 'usuario' | 'servicio' | 'final'>;

const CON_VALOR: readonly TipoServicio[] = ['consultas', 'procedimientos', 'medicamentos', 'otrosServicios'];
const CON_EGRESO: readonly TipoServicio[] = ['urgencias', 'hospitalizacion', 'recienNacidos'];
const MODALIDAD_EVENTO = '04';
const ANTICIPO = '04';
/** Moderating payments reported in RIPS (04 anticipo only in the invoice, RVC092; 05 no aplica). */
const CONCEPTOS_MODERADORES = ['01', '02', '03'] as const;
/** Each kind of moderating payment as RVG09 names it (ours, then the MUV's words where seen). */
const PAGO_MODERADOR: Readonly<Record<string, { nombre: string; muv?: string }>> = {
  '01': { nombre: 'Copagos', muv: 'los copagos' },
  '02': { nombre: 'Cuotas moderadoras', muv: 'las cuotas moderadoras' },
  '03': { nombre: 'Pagos compartidos' },
};

/**
 * Coverage (XML) → RIPS user types it admits (DT1 v002 §1.8 and LIN §3.2). Coverages 03 (not
 * regulated), 06 (ADRES) and 07 (salud pública) admit many user types and are not checked.
 */
const TIPOS_USUARIO_POR_COBERTURA: Readonly<Record<string, readonly string[]>> = {
  '01': ['01', '02', '03', '04'],
  '02': ['01', '02', '03', '04'],
  '04': ['10'],
  '05': ['09'],
  '08': ['05'],
  '09': ['05'],
  '10': ['11'],
  '11': ['11'],
  '12': ['11'],
  '13': ['06', '07', '13'],
  '14': ['08'],
  '15': ['12'],
  '16': ['01', '02', '03'],
  '17': ['04'],
};

/*
 * DT1 v002 §1.8 «Validaciones cruzadas entre cobertura o plan de beneficio, modalidad de pago,
 * tipo de usuario y conceptos recaudos», read from its X marks (columns: modalidadPago 1–4 of
 * DT2 §4.2, RIPS user types 01–13, conceptoRecaudo 01–05). 01 is «INACTIVO» in the table but
 * coexists with 16/17 until 2026-06-30 (DT1 §3.2): taken as the union of 16 and 17. 03 has no X at
 * all and is refused by the gate (FED134), so it has no entry. Footnotes ** (copago/cuota in CUPS
 * groups 8902/8903) and *** (not for the subsidised regime) are not checked here: which cell they
 * mark is ambiguous in the published text (RVC035 covers the cuota moderadora by regime).
 */
const TODAS_LAS_MODALIDADES = ['01', '02', '03', '04'] as const;

/** Coverage → conceptoRecaudo it admits (CIN006). 04 (anticipo) is for the XML only (footnote *). */
const CONCEPTOS_POR_COBERTURA: Readonly<Record<string, readonly string[]>> = {
  '01': ['01', '02', '04', '05'],
  '02': ['01', '02', '05'],
  '04': ['05'],
  '05': ['04', '05'],
  '06': ['05'],
  '07': ['05'],
  '08': ['05'],
  '09': ['05'],
  '10': ['03', '04', '05'],
  '11': ['03', '04', '05'],
  '12': ['03', '04', '05'],
  '13': ['01', '02', '04', '05'],
  '14': ['04', '05'],
  '15': ['04', '05'],
  '16': ['01', '02', '04', '05'],
  '17': ['01', '02', '04', '05'],
};

/** Coverage → payment modalities it admits (COB01, our own code: DT1/DT2 give this check none). */
const MODALIDADES_POR_COBERTURA: Readonly<Record<string, readonly string[]>> = {
  '01': TODAS_LAS_MODALIDADES,
  '02': ['04'],
  '04': ['01', '04'],
  '05': TODAS_LAS_MODALIDADES,
  '06': ['01', '04'],
  '07': ['01', '03', '04'],
  '08': ['04'],
  '09': ['04'],
  '10': TODAS_LAS_MODALIDADES,
  '11': TODAS_LAS_MODALIDADES,
  '12': ['01', '04'],
  '13': TODAS_LAS_MODALIDADES,
  '14': TODAS_LAS_MODALIDADES,
  '15': ['01', '04'],
  '16': TODAS_LAS_MODALIDADES,
  '17': TODAS_LAS_MODALIDADES,
};

const NOMBRE_COBERTURA: Readonly<Record<string, string>> = {
  '01': 'plan de beneficios con cargo a la UPC',
  '02': 'presupuesto máximo',
  '04': 'póliza SOAT',
  '05': 'ARL',
  '06': 'ADRES',
  '07': 'salud pública',
  '08': 'entidad territorial, recursos de oferta',
  '09': 'urgencias población migrante',
  '10': 'plan complementario en salud',
  '11': 'plan de medicina prepagada',
  '12': 'otras pólizas en salud',
  '13': 'régimen especial o de excepción',
  '14': 'Fondo Nacional de Salud de las Personas Privadas de la Libertad',
  '15': 'particular',
  '16': 'plan de beneficios con cargo a la UPC contributiva',
  '17': 'plan de beneficios con cargo a la UPC subsidiada',
};
const NOMBRE_CONCEPTO: Readonly<Record<string, string>> = {
  '01': 'copago',
  '02': 'cuota moderadora',
  '03': 'pagos compartidos en planes voluntarios de salud',
  '04': 'anticipo',
  '05': 'no aplica',
};
const NOMBRE_MODALIDAD: Readonly<Record<string, string>> = {
  '01': 'pago individual por caso, conjunto integral de atenciones, paquete o canasta',
  '02': 'pago global prospectivo',
  '03': 'capitación',
  '04': 'pago por evento',
};
const con = (codigo: string, nombres: Readonly<Record<string, string>>) =>
  nombres[codigo] ? `${codigo} «${nombres[codigo]}»` : codigo;
const lista = (codigos: readonly string[], nombres: Readonly<Record<string, string>>) =>
  codigos.map((c) => con(c, nombres)).join(', ');

/** RVC017: the CUPS field of each type (otros servicios only for the CUPS-coded 02, 03, 05). */
const CAMPO_CUPS: Readonly<Partial<Record<TipoServicio, string>>> = {
  consultas: 'codConsulta',
  procedimientos: 'codProcedimiento',
  otrosServicios: 'codTecnologiaSalud',
};
const OTROS_CON_CUPS: ReadonlySet<string> = new Set(['02', '03', '05']);
/** 01 (UPC) and 16/17 (UPC contributiva/subsidiada) are one coverage for RVC017. */
const UPC: readonly string[] = ['01', '16', '17'];

/** The invoice's coverage is among the CUPS's (01, 16 and 17 taken as one). */
function cubre(admitidas: ReadonlySet<string>, cobertura: string): boolean {
  return admitidas.has(cobertura) || (UPC.includes(cobertura) && UPC.some((c) => admitidas.has(c)));
}

/** Cut-offs of the billing period (LIN §4.3.3, DT2 §11.3). */
const CORTE_RCG018 = '2023-01-01';
const CORTE_RVG018 = '2024-10-01';

const soloDigitos = (v: unknown) =>
  typeof v === 'string' || typeof v === 'number' ? String(v).replace(/\D/g, '') : '';
/** Values quoted from the XML are input: keep them short. */
const corto = (v: string) => (v.length > 80 ? `${v.slice(0, 77)}…` : v);
const pesos = (n: number) => `$${n.toLocaleString('es-CO', { maximumFractionDigits: 2 })}`;
/** Money as the MUV writes it in its answers (¤5,000.00), to quote them. */
const pesosMuv = (n: number) =>
  `¤${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const fechaValida = (v: string | null): v is string => v !== null && dia(v) === v;

function periodo(fev: DatosFev): { inicio: string; fin: string } | null {
  const { inicio, fin } = fev.periodo;
  return fechaValida(inicio) && fechaValida(fin) && inicio <= fin ? { inicio, fin } : null;
}

function fueraDelPeriodo(codigo: string, campo: (tipo: TipoServicio) => string): Chequeos['servicio'] {
  return {
    tipos: codigo === 'RVC044' ? CON_EGRESO : CON_VALOR,
    verificar(r, ref, ctx) {
      const p = ctx.fev && periodo(ctx.fev);
      if (!p) return;
      const nombre = campo(ref.tipo);
      const d = dia(r[nombre]);
      if (d === undefined || (d >= p.inicio && d <= p.fin)) return;
      ctx.emitir(codigo, dondeServicio(ref), nombre, {
        valor: r[nombre],
        detalle: `El periodo de facturación de la factura va del ${p.inicio} al ${p.fin}.`,
      });
    },
  };
}

interface Sumas {
  servicios: number;
  moderadores: Map<string, number>;
}

const sumas = (): Sumas => ({ servicios: 0, moderadores: new Map() });
/** What `acumular` reads (parallel walks reduce records to it). */
const LEE_SUMAS = { usuario: [], servicio: ['vrServicio', 'conceptoRecaudo', 'valorPagoModerador'] } as const;

/** Accumulates service values and moderating payments by concept (one pass, kept in `estado`). */
const acumular: NonNullable<Chequeos['servicio']> = {
  tipos: CON_VALOR,
  verificar(r, _ref, _ctx, estado) {
    const s = estado as Sumas;
    s.servicios += numero(r.vrServicio) ?? 0;
    const concepto = texto(r.conceptoRecaudo);
    const v = numero(r.valorPagoModerador);
    if (concepto && v) s.moderadores.set(concepto, (s.moderadores.get(concepto) ?? 0) + v);
  },
};

function anticipados(fev: DatosFev, concepto: string): number {
  let total = 0;
  for (const p of fev.pagosAnticipados) if (p.concepto === concepto) total += p.valor;
  return total;
}

/**
 * What RVG08 compares the services with: the invoice's value with taxes and after discounts, before
 * the moderating payments and anticipos the patient or payer already paid, i.e. PayableAmount +
 * PrepaidAmount (DIAN: PayableAmount = TaxInclusiveAmount − AllowanceTotalAmount +
 * ChargeTotalAmount − PrepaidAmount). The real MUV accepted services of 5,000 on an invoice of
 * LineExtensionAmount 4,761.90 and TaxInclusiveAmount = PayableAmount = 5,000 (5 % tax); an
 * untaxed invoice with moderating payments has PayableAmount = services − PrepaidAmount.
 * Without PayableAmount (the gate rejects that), TaxInclusiveAmount, else LineExtensionAmount.
 */
function valorFactura(fev: DatosFev): { valor: number; como: string } | null {
  const t = fev.totales;
  if (t?.aPagar != null) {
    const anticipado = t.anticipado ?? 0;
    return {
      valor: t.aPagar + anticipado,
      como: `valor a pagar (PayableAmount) ${pesos(t.aPagar)} más pagos anticipados (PrepaidAmount) ${pesos(anticipado)}`,
    };
  }
  if (t?.conImpuestos != null)
    return { valor: t.conImpuestos, como: 'valor con impuestos (TaxInclusiveAmount)' };
  if (fev.valorServicios !== null)
    return { valor: fev.valorServicios, como: 'valor de los servicios (LineExtensionAmount)' };
  return null;
}

/** 1 peso of tolerance: RIPS sums against XML amounts, which may carry decimals (RVC094 is exact). */
const distinto = (a: number, b: number) => Math.abs(a - b) >= 1;

/** Value fields of RVC034 per service type (C17, P16, M18/M19, S11/S12); the MUV sandbox uses them too. */
export const CAMPOS_VALOR: Readonly<Partial<Record<TipoServicio, readonly string[]>>> = {
  consultas: ['vrServicio'],
  procedimientos: ['vrServicio'],
  medicamentos: ['vrUnitMedicamento', 'vrServicio'],
  otrosServicios: ['vrUnitOS', 'vrServicio'],
};
export const MODALIDADES_SIN_VALOR: ReadonlySet<string> = new Set(['01', '02', '03']);

function emitirTransaccion(
  ctx: ContextoRegla,
  codigo: string,
  campo: string | undefined,
  extra: { valor?: unknown; detalle: string },
) {
  ctx.emitir(codigo, {}, campo, extra);
}

export const CHEQUEOS_FEV: Readonly<Record<string, Chequeos>> = {
  RVC001: {
    transaccion(rips, ctx) {
      const nit = ctx.fev?.nitEmisor;
      const delRips = soloDigitos(rips.numDocumentoIdObligado);
      if (!nit || !delRips || soloDigitos(nit) === delRips) return;
      emitirTransaccion(ctx, 'RVC001', 'numDocumentoIdObligado', {
        valor: rips.numDocumentoIdObligado,
        detalle: `La factura electrónica fue emitida por el NIT «${corto(nit)}».`,
      });
    },
  },
  RVC004: {
    transaccion(rips, ctx) {
      const factura = ctx.fev?.numeroFactura;
      const delRips = texto(rips.numFactura);
      if (!factura || !delRips || factura === delRips) return;
      emitirTransaccion(ctx, 'RVC004', 'numFactura', {
        valor: rips.numFactura,
        detalle: `La factura del XML es «${corto(factura)}».`,
      });
    },
  },
  RVG02: {
    // Notes: the RIPS's numNota must be the credit/debit note's own number.
    transaccion(rips, ctx) {
      const fev = ctx.fev;
      if (!fev || fev.tipoDocumento === 'Invoice' || !fev.numero) return;
      const nota = texto(rips.numNota);
      if (!nota || nota === fev.numero) return;
      emitirTransaccion(ctx, 'RVG02', 'numNota', {
        valor: rips.numNota,
        detalle: `El número de la nota en el XML es «${corto(fev.numero)}».`,
      });
    },
  },
  RVC005: {
    usuario(u, i, ctx) {
      const cobertura = ctx.fev?.cobertura;
      const admitidos = cobertura ? TIPOS_USUARIO_POR_COBERTURA[cobertura] : undefined;
      const tipo = texto(u.tipoUsuario);
      if (!admitidos || !tipo || admitidos.includes(tipo)) return;
      ctx.emitir('RVC005', { usuarioIndex: i }, 'tipoUsuario', {
        valor: tipo,
        detalle: `La factura informa la cobertura ${cobertura}, que admite los tipos de usuario ${admitidos.join(', ')}.`,
      });
    },
  },
  CIN006: {
    // The RIPS's concept per service (04 is RVC092's: the anticipo is never in the RIPS), and the
    // invoice's PrepaidPayment concepts with a value (the table's RECAUDO column is «JSON/XML»).
    transaccion(_rips, ctx) {
      const cobertura = ctx.fev?.cobertura;
      const admitidos = cobertura ? CONCEPTOS_POR_COBERTURA[cobertura] : undefined;
      if (!admitidos || !ctx.fev) return;
      const vistos = new Set<string>();
      for (const p of ctx.fev.pagosAnticipados) {
        if (p.valor <= 0 || admitidos.includes(p.concepto) || vistos.has(p.concepto)) continue;
        vistos.add(p.concepto);
        emitirTransaccion(ctx, 'CIN006', undefined, {
          valor: p.concepto,
          detalle: `La factura informa un pago anticipado (PrepaidPayment) con el concepto ${con(p.concepto, NOMBRE_CONCEPTO)} por ${pesos(p.valor)}, y la cobertura ${con(cobertura!, NOMBRE_COBERTURA)} admite los conceptos ${lista(admitidos, NOMBRE_CONCEPTO)} (DT1 §1.8).`,
        });
      }
    },
    servicio: {
      tipos: CON_VALOR,
      verificar(r, ref, ctx) {
        const cobertura = ctx.fev?.cobertura;
        const admitidos = cobertura ? CONCEPTOS_POR_COBERTURA[cobertura] : undefined;
        const concepto = texto(r.conceptoRecaudo);
        if (!admitidos || !concepto || concepto === ANTICIPO || admitidos.includes(concepto)) return;
        ctx.emitir('CIN006', dondeServicio(ref), 'conceptoRecaudo', {
          valor: concepto,
          detalle: `La cobertura ${con(cobertura!, NOMBRE_COBERTURA)} de la factura admite en el RIPS los conceptos ${lista(
            admitidos.filter((c) => c !== ANTICIPO),
            NOMBRE_CONCEPTO,
          )} (DT1 §1.8).`,
        });
      },
    },
  },
  COB01: {
    transaccion(_rips, ctx) {
      const cobertura = ctx.fev?.cobertura;
      const modalidad = ctx.fev?.modalidadPago;
      const admitidas = cobertura ? MODALIDADES_POR_COBERTURA[cobertura] : undefined;
      if (!admitidas || !modalidad || !NOMBRE_MODALIDAD[modalidad] || admitidas.includes(modalidad)) return;
      emitirTransaccion(ctx, 'COB01', undefined, {
        valor: modalidad,
        detalle: `La factura informa la cobertura ${con(cobertura!, NOMBRE_COBERTURA)} con la modalidad de pago ${con(modalidad, NOMBRE_MODALIDAD)}; esa cobertura admite ${lista(admitidas, NOMBRE_MODALIDAD)} (DT1 §1.8).`,
      });
    },
  },
  RVC034: {
    servicio: {
      tipos: CON_VALOR,
      verificar(r, ref, ctx) {
        const modalidad = ctx.fev?.modalidadPago;
        if (!modalidad) return;
        const evento = modalidad === MODALIDAD_EVENTO;
        if (!evento && !MODALIDADES_SIN_VALOR.has(modalidad)) return;
        for (const campo of CAMPOS_VALOR[ref.tipo] ?? []) {
          const v = numero(r[campo]);
          if (v === null || (evento ? v > 0 : v === 0)) continue;
          ctx.emitir('RVC034', dondeServicio(ref), campo, {
            valor: v,
            detalle: evento
              ? 'La factura es por evento (modalidad 04): el valor debe ser mayor a 0.'
              : `La modalidad de pago de la factura es ${modalidad}: el valor debe ser 0.`,
          });
        }
      },
    },
  },
  RVC017: {
    // CUPSRips' Cobertura column against the invoice's coverage; a value with no coverage code: no verdict.
    servicio: {
      tipos: ['consultas', 'procedimientos', 'otrosServicios'],
      verificar(r, ref, ctx) {
        const cobertura = ctx.fev?.cobertura;
        if (!cobertura || !NOMBRE_COBERTURA[cobertura]) return;
        if (ref.tipo === 'otrosServicios' && !OTROS_CON_CUPS.has(texto(r.tipoOS) ?? '')) return;
        const campo = CAMPO_CUPS[ref.tipo]!;
        const cups = texto(r[campo]);
        const admitidas = cups ? coberturasCups(ctx.catalogos, cups) : undefined;
        if (!admitidas || cubre(admitidas, cobertura)) return;
        ctx.emitir('RVC017', dondeServicio(ref), campo, {
          valor: cups,
          detalle: `Verificar tabla de referencia Dato (${cups}). En la tabla CUPSRips (columna Cobertura) el código es para ${lista([...admitidas].sort(), NOMBRE_COBERTURA)}, y la factura informa la cobertura ${con(cobertura, NOMBRE_COBERTURA)}.`,
        });
      },
    },
  },
  RVC014: { servicio: fueraDelPeriodo('RVC014', (t) => CAMPO_INICIO[t]) },
  RVC044: { servicio: fueraDelPeriodo('RVC044', () => 'fechaEgreso') },
  RVG018: {
    transaccion(_rips, ctx) {
      const fev = ctx.fev;
      if (!fev) return;
      const fechas = [fev.periodo.inicio, fev.periodo.fin].filter(fechaValida);
      if (!fechas.some((f) => f < CORTE_RVG018) || fechas.some((f) => f < CORTE_RCG018)) return;
      emitirTransaccion(ctx, 'RVG018', undefined, {
        detalle: `El periodo de la factura va del ${corto(fev.periodo.inicio ?? '')} al ${corto(fev.periodo.fin ?? '')}.`,
      });
    },
  },
  RCG018: {
    transaccion(_rips, ctx) {
      const fev = ctx.fev;
      if (!fev) return;
      if (![fev.periodo.inicio, fev.periodo.fin].filter(fechaValida).some((f) => f < CORTE_RCG018)) return;
      emitirTransaccion(ctx, 'RCG018', undefined, {
        detalle: `El periodo de la factura va del ${corto(fev.periodo.inicio ?? '')} al ${corto(fev.periodo.fin ?? '')}.`,
      });
    },
  },
  RVG08: {
    estado: sumas,
    lee: LEE_SUMAS,
    servicio: acumular,
    final(ctx, estado) {
      const fev = ctx.fev;
      const s = estado as Sumas;
      if (!fev || fev.modalidadPago !== MODALIDAD_EVENTO) return;
      const factura = valorFactura(fev);
      if (!factura || !distinto(s.servicios, factura.valor)) return;
      emitirTransaccion(ctx, 'RVG08', undefined, {
        detalle: `Suma de «Valor del servicio» en el RIPS: ${pesos(s.servicios)}; valor de la factura antes de pagos moderadores y anticipos: ${pesos(factura.valor)} (${factura.como}).`,
      });
    },
  },
  // One finding per kind of moderating payment, as the MUV answers; RVC036 (against the recaudo
  // invoices) is left to the MUV, which answered the same facts with RVG09 only.
  RVG09: {
    estado: sumas,
    lee: LEE_SUMAS,
    servicio: acumular,
    final(ctx, estado) {
      const fev = ctx.fev;
      if (!fev) return;
      const s = estado as Sumas;
      for (const c of CONCEPTOS_MODERADORES) {
        const rips = s.moderadores.get(c) ?? 0;
        const factura = anticipados(fev, c);
        if (!distinto(rips, factura)) continue;
        const { nombre, muv } = PAGO_MODERADOR[c]!;
        const comoMuv = muv
          ? ` El MUV lo informa como “El valor total de ${muv} en RIPS (${pesosMuv(rips)}), no es igual al valor reportado en la Factura de Venta (${pesosMuv(factura)})”.`
          : '';
        emitirTransaccion(ctx, 'RVG09', undefined, {
          detalle: `${nombre} (concepto de recaudo ${c}): ${pesos(rips)} en el RIPS y ${pesos(factura)} en la factura (PrepaidPayment con concepto ${c}).${comoMuv}`,
        });
      }
    },
  },
};

/** The registry with the hooks of the 'fev' rules attached (texts and classes unchanged). */
export function conChequeosFev(reglas: readonly Regla[]): Regla[] {
  return reglas.map((r) => {
    const c = CHEQUEOS_FEV[r.codigo];
    if (!c) return r;
    if (r.alcance !== 'fev') throw new Error(`${r.codigo} no es de alcance 'fev'`);
    return { ...r, ...c };
  });
}
