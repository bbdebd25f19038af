import type { TipoServicio } from '../../tipos.js';
import { type ClaseVigente, clases, type Regla, regla } from '../tipos.js';
import { dondeServicio, texto } from './comun.js';
import { CAUSA, CONCEPTO_RECAUDO, conNombre, FINALIDAD } from './tablas.js';

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

const rvc051 = regla({
  codigo: 'RVC051',
  campos: ['C08', 'P10'],
  clases: clases('N', 'N'),
  mensajeOficial: 'Tenga en cuenta que la finalidad informada no corresponde al sexo o la edad del paciente.',
  titulo: 'Finalidad no corresponde al sexo del paciente',
  explicacion:
    'La «Finalidad de la consulta» o la «Finalidad del procedimiento» debe ser coherente con el sexo y la edad del paciente. Aquí se verifica la parte inequívoca: las finalidades ligadas a un embarazo —23 «Atención para el cuidado prenatal», 24 «Interrupción voluntaria del embarazo» y 25 «Atención del parto y puerperio»— no corresponden a un paciente registrado con sexo masculino (M). Los demás cruces de sexo y edad dependen de datos de la tabla de finalidades que no están publicados y los hace el MUV.',
  comoCorregir:
    'Revise en el sistema de origen el sexo registrado en los datos del paciente y la finalidad elegida para la consulta o el procedimiento, y corrija el que esté mal (por ejemplo, una atención registrada en la historia de otro paciente o una finalidad que no aplica).',
  alcance: 'local',
  servicio: {
    tipos: ['consultas', 'procedimientos'],
    verificar(r, ref, ctx) {
      const finalidad = texto(r.finalidadTecnologiaSalud);
      if (!finalidad || !FINALIDADES_EMBARAZO.has(finalidad)) return;
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
