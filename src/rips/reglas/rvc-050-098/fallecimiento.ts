import { clases, type Regla, regla } from '../tipos.js';

/** RVC098: services after the death recorded in RUAF-ND, a national registry only the MUV queries. */
export const REGLAS_FALLECIMIENTO: Regla[] = [
  regla({
    codigo: 'RVC098',
    campos: ['C02', 'P02', 'M04', 'S04'],
    clases: clases(null, 'N'),
    mensajeOficial:
      'La Fecha y hora de prestación del servicio no puede ser mas de 48 horas de la fecha y hora de fallecimiento del usuario',
    titulo: 'Servicio más de 48 horas después del fallecimiento registrado en RUAF-ND',
    explicacion:
      'La fecha y hora de una consulta, un procedimiento, un medicamento u otro servicio no puede ser más de 48 horas posterior a la fecha y hora de fallecimiento del paciente según el registro de defunciones RUAF-ND. Ese registro nacional solo lo consulta el MUV al radicar.',
    comoCorregir:
      'Si el MUV la reporta, verifique que el servicio corresponda a este paciente (tipo y número de documento) y que la fecha del servicio esté bien registrada; si el error está en el registro de defunción, debe corregirse ante quien lo expidió.',
    alcance: 'muv',
  }),
];
