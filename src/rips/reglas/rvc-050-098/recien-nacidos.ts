import type { ClaseVigente } from '../tipos.js';
import { clases, type Regla, regla } from '../tipos.js';
import { dondeServicio, numero } from './comun.js';

interface Rango {
  codigo: string;
  campoId: string;
  campo: string;
  /** Absent when DT1 only sets a maximum. */
  min?: number;
  max: number;
  unidad: string;
  clases: ClaseVigente[];
  mensajeOficial: string;
  titulo: string;
  explicacion: string;
  comoCorregir: string;
}

/** A newborn number outside an inclusive range (a 0 counts: these fields are required). */
function reglaRango(g: Rango): Regla {
  return regla({
    codigo: g.codigo,
    campos: [g.campoId],
    clases: g.clases,
    mensajeOficial: g.mensajeOficial,
    titulo: g.titulo,
    explicacion: g.explicacion,
    comoCorregir: g.comoCorregir,
    alcance: 'local',
    servicio: {
      tipos: ['recienNacidos'],
      verificar(r, ref, ctx) {
        const v = numero(r[g.campo]);
        if (v === null || ((g.min === undefined || v >= g.min) && v <= g.max)) return;
        ctx.emitir(g.codigo, dondeServicio(ref), g.campo, {
          valor: v,
          detalle:
            g.min === undefined
              ? `No puede ser mayor que ${g.max} ${g.unidad}.`
              : `Debe estar entre ${g.min} y ${g.max} ${g.unidad}.`,
        });
      },
    },
  });
}

/** Newborn gestational age, weight and prenatal consultations (RVC057, RVC058, RVC097). */
export const REGLAS_RECIEN_NACIDOS: Regla[] = [
  reglaRango({
    codigo: 'RVC057',
    campoId: 'N05',
    campo: 'edadGestacional',
    min: 20,
    max: 46,
    unidad: 'semanas',
    clases: clases('N', 'R'),
    mensajeOficial: 'Tenga en cuenta que la edad gestacional no se encuentra entre las 20 y 46 semanas.',
    titulo: 'Edad gestacional del recién nacido fuera de rango',
    explicacion:
      'La «Edad gestacional» del recién nacido (semanas de gestación de la madre al momento del parto) debe estar entre 20 y 46 semanas.',
    comoCorregir:
      'Verifique que el sistema de origen exporte la edad gestacional registrada en la historia del parto, en semanas completas (no en días ni meses), y corrija solo un dato mal digitado o mal convertido. Si la edad gestacional real está fuera del rango, no la cambie: consulte el caso con el Ministerio de Salud antes de radicar.',
  }),
  reglaRango({
    codigo: 'RVC058',
    campoId: 'N08',
    campo: 'peso',
    min: 500,
    max: 5000,
    unidad: 'gramos',
    clases: clases('N', 'R'),
    mensajeOficial: 'El peso del recién nacido no se encuentra entre 500 a 5000 gramos.',
    titulo: 'Peso del recién nacido fuera de rango',
    explicacion: 'El «Peso» del recién nacido se informa en gramos y debe estar entre 500 y 5000 gramos.',
    comoCorregir:
      'Verifique que el sistema de origen exporte el peso registrado en la historia del recién nacido, en gramos (por ejemplo, 3250 y no 3,25 kilogramos), y corrija solo un dato mal digitado o mal convertido. Si el peso real está fuera del rango, no lo cambie: consulte el caso con el Ministerio de Salud antes de radicar.',
  }),
  reglaRango({
    codigo: 'RVC097',
    campoId: 'N06',
    campo: 'numConsultasCPrenatal',
    max: 15,
    unidad: 'consultas',
    clases: clases(null, 'N'),
    mensajeOficial: 'El numero de consultas no puede ser mayor a 15.',
    titulo: 'Más de 15 consultas prenatales para el recién nacido',
    explicacion:
      'El «Número de consultas para el cuidado prenatal» que se informa con el recién nacido no puede ser mayor que 15.',
    comoCorregir:
      'Verifique en la historia materna cuántas consultas de cuidado prenatal tuvo la madre y registre ese número en el sistema de origen. Si de verdad fueron más de 15, no lo reduzca: es una notificación y el CUV se emite igual.',
  }),
];
