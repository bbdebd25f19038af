import type { Registro, TipoServicio } from '../../tipos.js';
import { HORA_MS, horasEntre, instante } from '../helpers/fechas.js';
import { dondeServicio } from '../helpers/registros.js';
import type { ContextoRegla, RefServicio } from '../tipos.js';
import { clases, type Regla, regla } from '../tipos.js';

/** The date-time field of each service type that RVC013 (service ≤ validation) checks. */
const FECHA_SERVICIO: Partial<Record<TipoServicio, string>> = {
  consultas: 'fechaInicioAtencion',
  procedimientos: 'fechaInicioAtencion',
  medicamentos: 'fechaDispensAdmon',
  otrosServicios: 'fechaSuministroTecnologia',
};
const MAX_HORAS_URGENCIAS = 48;
const MIN_HORAS_HOSPITALIZACION = 6;

/** Emits `codigo` when the date-time in `campo` is after the validation instant. */
function noFutura(codigo: string, campo: string, etiqueta: string) {
  return (r: Registro, ref: RefServicio, ctx: ContextoRegla) => {
    const t = instante(r[campo]);
    if (t === undefined || t <= ctx.fecha.getTime()) return;
    ctx.emitir(codigo, dondeServicio(ref), campo, {
      valor: r[campo],
      detalle: `${etiqueta} es posterior al momento de la validación.`,
    });
  };
}

const RVC013_POR_TIPO = Object.fromEntries(
  Object.entries(FECHA_SERVICIO).map(([tipo, campo]) => [
    tipo,
    noFutura('RVC013', campo, 'La fecha y hora del servicio'),
  ]),
) as Partial<Record<TipoServicio, ReturnType<typeof noFutura>>>;

export const REGLAS_RVC_FECHAS: Regla[] = [
  regla({
    codigo: 'RVC013',
    campos: ['C02', 'P02', 'M04', 'S04'],
    clases: clases('R', 'R'),
    mensajeOficial: 'La fecha y hora de la prestación del servicio es mayor a la fecha y hora actual.',
    titulo: 'Fecha de atención futura',
    explicacion:
      'La fecha y hora de atención de la consulta o el procedimiento, de dispensación o administración del medicamento, o de suministro del otro servicio, es posterior al momento en que se valida el RIPS.',
    comoCorregir:
      'Corrija la fecha y hora del servicio en el sistema de origen; solo se facturan servicios ya prestados. Verifique también que la hora esté en formato de 24 horas.',
    alcance: 'local',
    servicio: {
      tipos: ['consultas', 'procedimientos', 'medicamentos', 'otrosServicios'],
      verificar: (r, ref, ctx) => RVC013_POR_TIPO[ref.tipo]?.(r, ref, ctx),
    },
  }),
  regla({
    codigo: 'RVC038',
    campos: ['R02', 'H03'],
    clases: clases('R', 'R'),
    mensajeOficial: 'La fecha y hora de ingreso es mayor a la fecha y hora actual.',
    titulo: 'Fecha de ingreso futura',
    explicacion:
      'La fecha y hora de ingreso a urgencias con observación u hospitalización es posterior al momento en que se valida el RIPS.',
    comoCorregir: 'Corrija la fecha y hora de ingreso en el registro de admisión del sistema de origen.',
    alcance: 'local',
    servicio: {
      tipos: ['urgencias', 'hospitalizacion'],
      verificar: noFutura('RVC038', 'fechaInicioAtencion', 'La fecha y hora de ingreso'),
    },
  }),
  regla({
    codigo: 'RVC039',
    campos: ['R02', 'H03'],
    clases: clases('R', 'R'),
    mensajeOficial: 'La fecha y hora de ingreso es mayor a la fecha y hora de egreso.',
    titulo: 'Ingreso posterior al egreso',
    explicacion:
      'En la urgencia con observación u hospitalización, la fecha y hora de ingreso es posterior a la fecha y hora de egreso.',
    comoCorregir:
      'Revise las fechas y horas de ingreso y egreso en el sistema de origen (formato de 24 horas).',
    alcance: 'local',
    servicio: {
      tipos: ['urgencias', 'hospitalizacion'],
      verificar: (r, ref, ctx) => {
        const ingreso = instante(r.fechaInicioAtencion);
        const egreso = instante(r.fechaEgreso);
        if (ingreso === undefined || egreso === undefined || ingreso <= egreso) return;
        ctx.emitir('RVC039', dondeServicio(ref), 'fechaInicioAtencion', {
          valor: r.fechaInicioAtencion,
          detalle: `El egreso es ${r.fechaEgreso}.`,
        });
      },
    },
  }),
  regla({
    codigo: 'RVC040',
    campos: ['R11'],
    clases: clases('N', 'N'),
    mensajeOficial: 'Tenga en cuenta que está informando una estancia en urgencias superior a 48 horas.',
    titulo: 'Estancia en urgencias mayor a 48 horas',
    explicacion:
      'Entre el ingreso y el egreso de la urgencia con observación pasaron más de 48 horas, más de lo previsto para la observación de urgencias.',
    comoCorregir:
      'Verifique en el sistema de origen las fechas de ingreso y egreso; si el paciente pasó a hospitalización, informe el egreso de urgencias y la hospitalización por separado.',
    alcance: 'local',
    servicio: {
      tipos: ['urgencias'],
      verificar: (r, ref, ctx) => {
        const ingreso = instante(r.fechaInicioAtencion);
        const egreso = instante(r.fechaEgreso);
        if (ingreso === undefined || egreso === undefined) return;
        if (egreso - ingreso <= MAX_HORAS_URGENCIAS * HORA_MS) return;
        ctx.emitir('RVC040', dondeServicio(ref), 'fechaEgreso', {
          valor: r.fechaEgreso,
          detalle: `La estancia fue de ${horasEntre(ingreso, egreso)} horas.`,
        });
      },
    },
  }),
  regla({
    codigo: 'RVC041',
    campos: ['H14'],
    clases: clases('N', 'N'),
    mensajeOficial: 'Tenga en cuenta que está informando una estancia en hospitalización menor a 6 horas.',
    titulo: 'Hospitalización de menos de 6 horas',
    explicacion:
      'Entre el ingreso y el egreso de la hospitalización pasaron menos de 6 horas, lo que suele indicar un error en las fechas o una atención que no fue hospitalización.',
    comoCorregir:
      'Verifique las fechas y horas de ingreso y egreso de la hospitalización en el sistema de origen.',
    alcance: 'local',
    servicio: {
      tipos: ['hospitalizacion'],
      verificar: (r, ref, ctx) => {
        const ingreso = instante(r.fechaInicioAtencion);
        const egreso = instante(r.fechaEgreso);
        // A negative stay is RVC039's finding.
        if (ingreso === undefined || egreso === undefined || egreso < ingreso) return;
        if (egreso - ingreso >= MIN_HORAS_HOSPITALIZACION * HORA_MS) return;
        ctx.emitir('RVC041', dondeServicio(ref), 'fechaEgreso', {
          valor: r.fechaEgreso,
          detalle: `La estancia fue de ${horasEntre(ingreso, egreso)} horas.`,
        });
      },
    },
  }),
  regla({
    codigo: 'RVC043',
    campos: ['R11', 'H14', 'N12'],
    clases: clases('R', 'R'),
    mensajeOficial: 'La fecha y hora de egreso es mayor a la fecha y hora actual.',
    titulo: 'Fecha de egreso futura',
    explicacion:
      'La fecha y hora de egreso de la urgencia con observación, la hospitalización o del recién nacido es posterior al momento en que se valida el RIPS.',
    comoCorregir:
      'Corrija en el sistema de origen la fecha y hora de egreso que quedó mal digitada; si el paciente sigue hospitalizado al corte de facturación, informe la condición «Paciente continúa en el servicio» con la fecha del corte.',
    alcance: 'local',
    servicio: {
      tipos: ['urgencias', 'hospitalizacion', 'recienNacidos'],
      verificar: noFutura('RVC043', 'fechaEgreso', 'La fecha y hora de egreso'),
    },
  }),
  regla({
    codigo: 'RVC045',
    campos: ['N04'],
    clases: clases('R', 'R'),
    mensajeOficial: 'La fecha y hora de nacimiento es mayor a la fecha y hora actual.',
    titulo: 'Fecha de nacimiento del recién nacido futura',
    explicacion:
      'La fecha y hora de nacimiento del recién nacido es posterior al momento en que se valida el RIPS.',
    comoCorregir:
      'Corrija en el sistema de origen la fecha y hora de nacimiento del recién nacido que quedó mal digitada: debe ser la que consta en el registro del parto.',
    alcance: 'local',
    servicio: {
      tipos: ['recienNacidos'],
      verificar: noFutura('RVC045', 'fechaNacimiento', 'La fecha y hora de nacimiento'),
    },
  }),
  regla({
    codigo: 'RVC046',
    campos: ['N12'],
    clases: clases('R', 'R'),
    mensajeOficial: 'La fecha y hora de egreso es mayor a la fecha y hora de nacimiento del recién nacido.',
    titulo: 'Egreso del recién nacido anterior a su nacimiento',
    explicacion: 'La fecha y hora de egreso del recién nacido es anterior a su fecha y hora de nacimiento.',
    comoCorregir:
      'Revise en el sistema de origen las fechas y horas de nacimiento y de egreso del recién nacido (formato de 24 horas) y corrija la que quedó mal digitada.',
    alcance: 'local',
    servicio: {
      tipos: ['recienNacidos'],
      verificar: (r, ref, ctx) => {
        const nacimiento = instante(r.fechaNacimiento);
        const egreso = instante(r.fechaEgreso);
        if (nacimiento === undefined || egreso === undefined || egreso >= nacimiento) return;
        ctx.emitir('RVC046', dondeServicio(ref), 'fechaEgreso', {
          valor: r.fechaEgreso,
          detalle: `El nacimiento es ${r.fechaNacimiento}.`,
        });
      },
    },
  }),
];
