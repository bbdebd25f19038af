import type { TipoServicio } from '../../tipos.js';
import { clases, type Regla, regla } from '../tipos.js';
import { dia, dondeServicio } from './comun.js';

interface FechaContraNacimiento {
  codigo: string;
  campos: string[];
  /** Date-time field checked in each service type. */
  campoPorTipo: Partial<Record<TipoServicio, string>>;
  mensajeOficial: string;
  titulo: string;
  /** "La fecha de atención", "La fecha de egreso"… */
  sujeto: string;
  explicacion: string;
  comoCorregir: string;
}

/**
 * A date of the service before the user's birth date. The birth date has no time, so the
 * comparison is by day: a service on the day of birth is accepted.
 */
function reglaContraNacimiento(f: FechaContraNacimiento): Regla {
  return regla({
    codigo: f.codigo,
    campos: f.campos,
    clases: clases('R', 'R'),
    mensajeOficial: f.mensajeOficial,
    titulo: f.titulo,
    explicacion: f.explicacion,
    comoCorregir: f.comoCorregir,
    alcance: 'local',
    servicio: {
      tipos: Object.keys(f.campoPorTipo) as TipoServicio[],
      verificar(r, ref, ctx) {
        const campo = f.campoPorTipo[ref.tipo]!;
        const diaServicio = dia(r[campo]);
        const nacimiento = dia(ref.usuario.fechaNacimiento);
        if (!diaServicio || !nacimiento || diaServicio >= nacimiento) return;
        ctx.emitir(f.codigo, dondeServicio(ref), campo, {
          valor: r[campo],
          detalle: `${f.sujeto} (${String(r[campo])}) es anterior a la fecha de nacimiento del paciente (${nacimiento}).`,
        });
      },
    },
  });
}

const COMO_CORREGIR =
  'Verifique en el sistema de origen la fecha de nacimiento registrada en los datos del paciente y la fecha de la atención; corrija la que esté mal (con frecuencia la atención quedó en la historia de otro paciente o la fecha de nacimiento se digitó mal).';

/** Service, egress and admission dates not before the user's birth date (RVC079, RVC080, RVC081). */
export const REGLAS_NACIMIENTO: Regla[] = [
  reglaContraNacimiento({
    codigo: 'RVC079',
    campos: ['C02', 'P02', 'M04', 'S04'],
    campoPorTipo: {
      consultas: 'fechaInicioAtencion',
      procedimientos: 'fechaInicioAtencion',
      medicamentos: 'fechaDispensAdmon',
      otrosServicios: 'fechaSuministroTecnologia',
    },
    mensajeOficial:
      'La fecha y hora de la prestación del servicio es menor a la fecha de nacimiento del usuario.',
    titulo: 'Servicio con fecha anterior al nacimiento del paciente',
    sujeto: 'La fecha del servicio',
    explicacion:
      'La fecha de atención de una consulta o procedimiento, de dispensación o administración de un medicamento o de suministro de otro servicio no puede ser anterior a la «Fecha de nacimiento» del paciente.',
    comoCorregir: COMO_CORREGIR,
  }),
  reglaContraNacimiento({
    codigo: 'RVC080',
    campos: ['R11', 'H14', 'N12'],
    campoPorTipo: { urgencias: 'fechaEgreso', hospitalizacion: 'fechaEgreso', recienNacidos: 'fechaEgreso' },
    mensajeOficial: 'La fecha y hora del egreso es menor a la fecha de nacimiento del usuario.',
    titulo: 'Egreso con fecha anterior al nacimiento del paciente',
    sujeto: 'La fecha de egreso',
    explicacion:
      'La «Fecha y hora de egreso» de una urgencia con observación, de una hospitalización o del registro de un recién nacido no puede ser anterior a la «Fecha de nacimiento» del usuario al que está asociado el registro.',
    comoCorregir: COMO_CORREGIR,
  }),
  reglaContraNacimiento({
    codigo: 'RVC081',
    campos: ['R02', 'H03'],
    campoPorTipo: { urgencias: 'fechaInicioAtencion', hospitalizacion: 'fechaInicioAtencion' },
    mensajeOficial: 'La fecha y hora de ingreso es menor a la fecha de nacimiento del usuario.',
    titulo: 'Ingreso con fecha anterior al nacimiento del paciente',
    sujeto: 'La fecha de ingreso',
    explicacion:
      'La «Fecha y hora de ingreso» a urgencias con observación o a hospitalización no puede ser anterior a la «Fecha de nacimiento» del paciente.',
    comoCorregir: COMO_CORREGIR,
  }),
];
