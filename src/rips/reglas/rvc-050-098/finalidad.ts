import type { Catalogos, EntradaCatalogo } from '../../catalogos/tipos.js';
import type { Registro, TipoServicio } from '../../tipos.js';
import { COLUMNAS, type ColumnaExtra, entero, numeral, valorFila } from '../helpers/catalogos.js';
import { dia, edadEnAnios } from '../helpers/fechas.js';
import {
  type ClaseVigente,
  type ContextoRegla,
  clases,
  type RefServicio,
  type Regla,
  regla,
} from '../tipos.js';
import { dondeServicio, texto } from './comun.js';
import { CAUSA, CONCEPTO_RECAUDO, conNombre, FINALIDAD, finalidadConNombre } from './tablas.js';

/** Finalities tied to a pregnancy: certain to be wrong for a user registered as male (RVC051). */
const FINALIDADES_EMBARAZO: ReadonlySet<string> = new Set(['23', '24', '25']);
const SEXO_MASCULINO = 'M';

/** IVE causes (34, 35, 36, 49) plus 42 materno perinatal for IVE without a stated cause (RVC052). */
const CAUSAS_IVE: readonly string[] = ['34', '35', '36', '42', '49'];

/** Finalities that never carry a moderating payment (RVC084), in DT1's order. */
const FINALIDADES_SIN_PAGO_MODERADOR: ReadonlySet<string> = new Set([
  '11',
  '12',
  '14',
  '19',
  '20',
  '21',
  '22',
  '23',
  '24',
  '25',
  '27',
]);
const CONCEPTO_NO_APLICA = '05';

const CONSULTAS: readonly TipoServicio[] = ['consultas'];

const FINALIDAD_SEXO_EDAD = 'FinalidadSexoEdad';

/**
 * How the table writes sex. SISPRO's Sexo table codes H (hombre), M (mujer), I; the RIPS codSexo is
 * M (masculino), F (femenino), I. The table's own values decide: an H means the first coding, an F
 * the second; with neither (only M, or only "any") it cannot be told and the sex is not judged.
 */
type CodificacionSexo = 'HMI' | 'MFI';
const SEXO_CUALQUIERA: ReadonlySet<string> = new Set(['', 'A', 'AMBOS', 'Z', 'T', 'TODOS']);
const SEXO_RIPS: Readonly<Record<CodificacionSexo, Readonly<Record<string, string>>>> = {
  HMI: { H: 'M', HOMBRE: 'M', M: 'F', MUJER: 'F', I: 'I' },
  MFI: { M: 'M', MASCULINO: 'M', F: 'F', FEMENINO: 'F', I: 'I' },
};
const NOMBRE_SEXO: Readonly<Record<string, string>> = {
  M: 'masculino',
  F: 'femenino',
  I: 'indeterminado',
};
const NO: ReadonlySet<string> = new Set(['NO', 'N', '0', 'FALSE', 'FALSO']);

/** Decided once per loaded table version (the keys of its Sexo grouping: a handful of values). */
const codificaciones = new WeakMap<ReadonlyMap<string, unknown>, CodificacionSexo | null>();

function codificacionSexo(catalogos: Catalogos): CodificacionSexo | undefined {
  const n = numeral(catalogos, COLUMNAS.finalidadSexoEdadSexo);
  if (!n) return undefined;
  const valores = catalogos.agrupadas(FINALIDAD_SEXO_EDAD, n);
  let c = codificaciones.get(valores);
  if (c === undefined) {
    let h = false;
    let f = false;
    for (const v of valores.keys()) {
      const t = v.toUpperCase();
      h ||= t === 'H' || t === 'HOMBRE';
      f ||= t === 'F' || t === 'FEMENINO';
    }
    c = h === f ? null : h ? 'HMI' : 'MFI';
    codificaciones.set(valores, c);
  }
  return c ?? undefined;
}

/** The RIPS sex (M/F/I) a row is for; null: any sex (or a value this reading does not know). */
function sexoDeFila(catalogos: Catalogos, fila: EntradaCatalogo, cod: CodificacionSexo): string | null {
  const v = (valorFila(catalogos, COLUMNAS.finalidadSexoEdadSexo, fila) ?? '').toUpperCase();
  if (SEXO_CUALQUIERA.has(v)) return null;
  return SEXO_RIPS[cod][v] ?? null;
}

/** A row applies to the type unless its column for that type says no (unknown values: it applies). */
function aplicaAlTipo(catalogos: Catalogos, fila: EntradaCatalogo, columna: ColumnaExtra): boolean {
  const v = valorFila(catalogos, columna, fila)?.toUpperCase();
  return !v || !NO.has(v);
}

function describirFila(
  catalogos: Catalogos,
  fila: EntradaCatalogo,
  cod: CodificacionSexo | undefined,
): string {
  const sexo = cod ? sexoDeFila(catalogos, fila, cod) : null;
  const desde = entero(valorFila(catalogos, COLUMNAS.finalidadSexoEdadDesde, fila));
  const hasta = entero(valorFila(catalogos, COLUMNAS.finalidadSexoEdadHasta, fila));
  const edad =
    desde !== undefined && hasta !== undefined
      ? `de ${desde} a ${hasta} años`
      : desde !== undefined
        ? `desde los ${desde} años`
        : hasta !== undefined
          ? `hasta los ${hasta} años`
          : 'cualquier edad';
  // Without a known coding the sex was not judged: the text only speaks of age.
  if (!cod) return edad;
  return `${sexo ? `sexo ${NOMBRE_SEXO[sexo]}` : 'cualquier sexo'}, ${edad}`;
}

/** Age in completed years at the service's start, when both dates are valid and in order. */
function edadAlServicio(r: Registro, ref: RefServicio): number | undefined {
  const nacimiento = dia(ref.usuario.fechaNacimiento);
  const atencion = dia(r.fechaInicioAtencion);
  return nacimiento && atencion && atencion >= nacimiento ? edadEnAnios(nacimiento, atencion) : undefined;
}

/**
 * RVC051 with FinalidadSexoEdad: the rows of the finality that apply to the record's type; when
 * there are some and none admits the patient's sex and age, a finding. Sex is judged only when the
 * table's coding can be told (see CodificacionSexo) and the patient's is M, F or I; age only when it
 * can be computed.
 */
function verificarConTabla(finalidad: string, r: Registro, ref: RefServicio, ctx: ContextoRegla): void {
  const c = ctx.catalogos;
  const nFinalidad = numeral(c, COLUMNAS.finalidadSexoEdadFinalidad);
  const filas = nFinalidad ? c.agrupadas(FINALIDAD_SEXO_EDAD, nFinalidad).get(finalidad) : undefined;
  if (!filas) return;
  const columnaTipo =
    ref.tipo === 'consultas' ? COLUMNAS.finalidadSexoEdadConsultas : COLUMNAS.finalidadSexoEdadProcedimientos;
  const sexoPaciente = texto(ref.usuario.codSexo)?.toUpperCase();
  const cod = sexoPaciente && NOMBRE_SEXO[sexoPaciente] ? codificacionSexo(c) : undefined;
  const edad = edadAlServicio(r, ref);
  if (!cod && edad === undefined) return;
  let aplicables = 0;
  for (const fila of filas) {
    if (!aplicaAlTipo(c, fila, columnaTipo)) continue;
    aplicables++;
    const sexo = cod ? sexoDeFila(c, fila, cod) : null;
    if (sexo && sexo !== sexoPaciente) continue;
    if (edad !== undefined) {
      const desde = entero(valorFila(c, COLUMNAS.finalidadSexoEdadDesde, fila));
      const hasta = entero(valorFila(c, COLUMNAS.finalidadSexoEdadHasta, fila));
      if ((desde !== undefined && edad < desde) || (hasta !== undefined && edad > hasta)) continue;
    }
    return;
  }
  if (!aplicables) return;
  const admitidos = filas
    .filter((f) => aplicaAlTipo(c, f, columnaTipo))
    .map((f) => describirFila(c, f, cod))
    .join('; ');
  const paciente = [
    cod ? `sexo ${NOMBRE_SEXO[sexoPaciente!]}` : undefined,
    edad !== undefined ? `${edad} años a la fecha de la atención` : undefined,
  ]
    .filter(Boolean)
    .join(' y ');
  ctx.emitir('RVC051', dondeServicio(ref), 'finalidadTecnologiaSalud', {
    valor: finalidad,
    detalle: `Finalidad ${finalidad} - sexo del usuario ${texto(ref.usuario.codSexo) ?? 'sin informar'}. En la tabla FinalidadSexoEdad la finalidad ${finalidadConNombre(c, finalidad)} en ${ref.tipo === 'consultas' ? 'consultas' : 'procedimientos'} es para: ${admitidos}; el paciente tiene ${paciente}.`,
  });
}

const rvc051 = regla({
  codigo: 'RVC051',
  campos: ['C08', 'P10'],
  clases: clases('N', 'N'),
  mensajeOficial: 'Tenga en cuenta que la finalidad informada no corresponde al sexo o la edad del paciente.',
  titulo: 'Finalidad no corresponde al sexo o la edad del paciente',
  explicacion:
    'La «Finalidad de la consulta» o la «Finalidad del procedimiento» debe ser coherente con el sexo y la edad del paciente. Con la tabla FinalidadSexoEdad de SISPRO importada se busca la finalidad en ella (filas que aplican a consultas o a procedimientos, según el registro) y, si la finalidad tiene filas y ninguna admite el sexo del paciente y su edad en años cumplidos a la fecha de la atención, se notifica. Sin esa tabla solo se verifica lo inequívoco: las finalidades ligadas a un embarazo —23 «Atención para el cuidado prenatal», 24 «Interrupción voluntaria del embarazo» y 25 «Atención del parto y puerperio»— no corresponden a un paciente registrado con sexo masculino (M).',
  comoCorregir:
    'Revise en el sistema de origen el sexo y la fecha de nacimiento registrados en los datos del paciente y la finalidad elegida para la consulta o el procedimiento, y corrija el que esté mal (por ejemplo, una atención registrada en la historia de otro paciente o una finalidad que no aplica). Si todos son correctos, no cambie la finalidad: es una notificación y el CUV se emite igual.',
  visto:
    'En tráfico capturado del MUV real (archivos aceptados) RVC051 llegó como NOTIFICACION con la observación «Finalidad 15 - sexo del usuario M» (finalidad 15 «Diagnóstico», paciente de sexo M). El detalle de este hallazgo empieza con esa misma forma.',
  alcance: 'local',
  catalogosParciales: ['FinalidadSexoEdad'],
  servicio: {
    tipos: ['consultas', 'procedimientos'],
    verificar(r, ref, ctx) {
      const finalidad = texto(r.finalidadTecnologiaSalud);
      if (!finalidad) return;
      if (ctx.catalogos.cargado(FINALIDAD_SEXO_EDAD)) {
        verificarConTabla(finalidad, r, ref, ctx);
        return;
      }
      // Without the table, only what needs none: a pregnancy finality in a male patient.
      if (!FINALIDADES_EMBARAZO.has(finalidad)) return;
      if (texto(ref.usuario.codSexo) !== SEXO_MASCULINO) return;
      ctx.emitir('RVC051', dondeServicio(ref), 'finalidadTecnologiaSalud', {
        valor: finalidad,
        detalle: `La finalidad ${conNombre(finalidad, FINALIDAD)} no corresponde a un paciente registrado con sexo masculino (M).`,
      });
    },
  },
});

const rvc052 = regla({
  codigo: 'RVC052',
  campos: ['C08'],
  clases: clases('N', 'N'),
  mensajeOficial:
    'Tenga en cuenta que la finalidad de interrupción voluntaria del embarazo - IVE tiene que tener relación con la causa que motiva la atención.',
  titulo: 'Finalidad IVE sin una causa de atención relacionada',
  explicacion:
    'Cuando la «Finalidad de la consulta» es 24 «Interrupción voluntaria del embarazo» (IVE), la «Causa que motiva la atención» debe ser una causal de IVE (34, 35, 36 o 49) o 42 «Atención de población materno perinatal» (esta última para la IVE sin especificación de causal hasta la semana 24 de gestación).',
  comoCorregir:
    'Registre en el sistema de origen, como causa que motiva la atención, la causal de IVE que consta en la historia clínica (34, 35, 36 o 49), o 42 «Atención de población materno perinatal» si no se especificó causal (hasta la semana 24). Si la consulta no fue de IVE, la finalidad quedó mal registrada: corríjala.',
  alcance: 'local',
  servicio: {
    tipos: CONSULTAS,
    verificar(r, ref, ctx) {
      if (texto(r.finalidadTecnologiaSalud) !== '24') return;
      const causa = texto(r.causaMotivoAtencion);
      if (!causa || CAUSAS_IVE.includes(causa)) return;
      ctx.emitir('RVC052', dondeServicio(ref), 'causaMotivoAtencion', {
        valor: causa,
        detalle: 'Con finalidad «24» (IVE) la causa debe ser 34, 35, 36, 42 o 49.',
      });
    },
  },
});

interface FinalidadCausa {
  codigo: string;
  finalidad: string;
  causa: string;
  clases: ClaseVigente[];
  /** DT1 v002 lists the same check again under another code; LIN v3.2 marked these "Eliminada". */
  repiteA?: string;
}

/** RVC067–RVC078: finality of a consultation ⇒ the only cause that fits it (DT1 §6, one line each). */
const FINALIDAD_CAUSA: readonly FinalidadCausa[] = [
  { codigo: 'RVC067', finalidad: '11', causa: '40', clases: clases('N', 'N') },
  { codigo: 'RVC068', finalidad: '22', causa: '42', clases: clases('N', 'N') },
  { codigo: 'RVC069', finalidad: '25', causa: '42', clases: clases('N', 'N') },
  { codigo: 'RVC070', finalidad: '23', causa: '42', clases: clases('N', 'N') },
  { codigo: 'RVC071', finalidad: '27', causa: '42', clases: clases('N', 'N') },
  { codigo: 'RVC072', finalidad: '25', causa: '42', clases: clases(null, 'N'), repiteA: 'RVC069' },
  { codigo: 'RVC073', finalidad: '23', causa: '42', clases: clases(null, 'N'), repiteA: 'RVC070' },
  { codigo: 'RVC074', finalidad: '27', causa: '42', clases: clases(null, 'N'), repiteA: 'RVC071' },
  { codigo: 'RVC075', finalidad: '22', causa: '42', clases: clases(null, 'N'), repiteA: 'RVC068' },
  { codigo: 'RVC076', finalidad: '25', causa: '42', clases: clases(null, 'N'), repiteA: 'RVC069' },
  { codigo: 'RVC077', finalidad: '23', causa: '42', clases: clases(null, 'N'), repiteA: 'RVC070' },
  { codigo: 'RVC078', finalidad: '27', causa: '42', clases: clases(null, 'N'), repiteA: 'RVC071' },
];

function reglaFinalidadCausa(f: FinalidadCausa): Regla {
  const finalidad = `${f.finalidad} «${FINALIDAD[f.finalidad]}»`;
  const causa = `${f.causa} «${CAUSA[f.causa]}»`;
  const repite = f.repiteA
    ? ` El documento técnico oficial repite esta misma validación con el código ${f.repiteA}, así que el mismo dato puede aparecer reportado con ambos códigos.`
    : '';
  return regla({
    codigo: f.codigo,
    campos: ['C08'],
    clases: f.clases,
    mensajeOficial:
      'Tenga en cuenta que la finalidad informada no corresponde con la causa que motiva la atención.',
    titulo: `Finalidad «${FINALIDAD[f.finalidad]}» con una causa de atención que no corresponde`,
    explicacion: `Cuando la «Finalidad de la consulta» es ${finalidad}, la «Causa que motiva la atención» debe ser ${causa}.${repite}`,
    comoCorregir: `Si la finalidad registrada es la de la atención, registre en el sistema de origen como causa que motiva la atención ${causa}, la que el DT1 asocia a esa finalidad. Si la atención no tuvo esa finalidad, corrija la finalidad según la historia clínica.`,
    alcance: 'local',
    servicio: {
      tipos: CONSULTAS,
      verificar(r, ref, ctx) {
        if (texto(r.finalidadTecnologiaSalud) !== f.finalidad) return;
        const informada = texto(r.causaMotivoAtencion);
        if (!informada || informada === f.causa) return;
        ctx.emitir(f.codigo, dondeServicio(ref), 'causaMotivoAtencion', {
          valor: informada,
          detalle: `Con finalidad ${conNombre(f.finalidad, FINALIDAD)} la causa debe ser ${conNombre(f.causa, CAUSA)}.`,
        });
      },
    },
  });
}

const rvc084 = regla({
  codigo: 'RVC084',
  campos: ['C08'],
  clases: clases('N', 'R'),
  mensajeOficial: 'Para la finalidad informada no le aplican pagos moderadores.',
  titulo: 'Pago moderador en una consulta de promoción, prevención o atención materno perinatal',
  explicacion:
    'Las consultas con finalidad 11 (valoración integral de promoción y mantenimiento), 12 (detección temprana de enfermedad general), 14 (protección específica), 19 (planificación familiar), 20 (lactancia materna), 21 (orientación familiar), 22 (cuidado preconcepcional), 23 (cuidado prenatal), 24 (IVE), 25 (parto y puerperio) o 27 (seguimiento del recién nacido) no llevan pago moderador: su «Concepto de recaudo» debe ser 05 «No aplica».',
  comoCorregir:
    'Si la finalidad es correcta, registre en el sistema de origen el concepto de recaudo de la consulta como 05 «No aplica» y el valor del pago moderador en 0 (y revise el cobro hecho al paciente). Si la finalidad no es correcta, corríjala según la historia clínica.',
  alcance: 'local',
  servicio: {
    tipos: CONSULTAS,
    verificar(r, ref, ctx) {
      const finalidad = texto(r.finalidadTecnologiaSalud);
      if (!finalidad || !FINALIDADES_SIN_PAGO_MODERADOR.has(finalidad)) return;
      const concepto = texto(r.conceptoRecaudo);
      if (!concepto || concepto === CONCEPTO_NO_APLICA) return;
      ctx.emitir('RVC084', dondeServicio(ref), 'conceptoRecaudo', {
        valor: concepto,
        detalle: `La finalidad ${conNombre(finalidad, FINALIDAD)} no admite pago moderador, pero el concepto de recaudo es ${conNombre(concepto, CONCEPTO_RECAUDO)}.`,
      });
    },
  },
});

const rvc085 = regla({
  codigo: 'RVC085',
  campos: ['C08'],
  clases: clases('N', 'N'),
  mensajeOficial:
    'Para la finalidad "Valoración integral para la promoción y mantenimiento" no puede informar como diagnóstico principal un código CIE diferente a factores que influyen en el estado de salud y contacto con los servicios sanitarios (CIE10: Z00-Z99 o su equivalente en la CIE vigente).',
  titulo: 'Valoración integral con diagnóstico principal fuera de Z00–Z99',
  explicacion:
    'Cuando la «Finalidad de la consulta» es 11 «Valoración integral para la promoción y mantenimiento», el «Diagnóstico principal» solo puede ser un código CIE-10 de factores que influyen en el estado de salud y contacto con los servicios de salud (Z00–Z99).',
  comoCorregir:
    'Si la consulta fue una valoración integral, codifique en el sistema de origen como diagnóstico principal el código Z de la valoración (por ejemplo, Z000 «Examen médico general») y los hallazgos de la historia clínica como diagnósticos relacionados. Si en la consulta se atendió una enfermedad, la finalidad registrada no es 11: corríjala.',
  alcance: 'local',
  servicio: {
    tipos: CONSULTAS,
    verificar(r, ref, ctx) {
      if (texto(r.finalidadTecnologiaSalud) !== '11') return;
      const dx = texto(r.codDiagnosticoPrincipal);
      if (!dx || dx.toUpperCase().startsWith('Z')) return;
      ctx.emitir('RVC085', dondeServicio(ref), 'codDiagnosticoPrincipal', {
        valor: dx,
        detalle: 'Con finalidad «11» el diagnóstico principal debe estar entre Z000 y Z999.',
      });
    },
  },
});

/** Finality ↔ sex, cause, moderating payment and diagnosis (RVC051, RVC052, RVC067–RVC078, RVC084, RVC085). */
export const REGLAS_FINALIDAD: Regla[] = [
  rvc051,
  rvc052,
  ...FINALIDAD_CAUSA.map(reglaFinalidadCausa),
  rvc084,
  rvc085,
];
