import { dia, diaColombia, edadEnAnios } from '../helpers/fechas.js';
import { esObjeto, hayRegistros, listaDe, texto } from '../helpers/registros.js';
import { clases, type Regla, regla } from '../tipos.js';

/**
 * Document type by age (DT1 v002, observations of U04), in completed years. `hasta` is the
 * last age of the range; the "margen de tolerancia de un año menos un día" (RVC007) accepts
 * the document until the day before the (hasta + 2)-th birthday, i.e. up to `hasta + 1` years.
 * Types DT1 does not mention for users (NV, SI, NI) are not checked.
 */
const EDAD_POR_TIPO_DOCUMENTO: Readonly<Record<string, { desde: number; hasta?: number }>> = {
  RC: { desde: 0, hasta: 6 },
  CN: { desde: 0, hasta: 3 },
  MS: { desde: 0, hasta: 17 },
  TI: { desde: 7, hasta: 17 },
  CE: { desde: 7 },
  CC: { desde: 18 },
  AS: { desde: 18 },
  PA: { desde: 0 },
  CD: { desde: 0 },
  SC: { desde: 0 },
  PE: { desde: 0 },
  DE: { desde: 0 },
  PT: { desde: 0 },
};
const TOLERANCIA_ANIOS = 1;

/** Mother's age range when newborn data are reported (RVC008). */
const EDAD_MADRE = { desde: 9, hasta: 60 } as const;

/** RIPSFinalidadConsultaVersion2 24 = Interrupción voluntaria del embarazo. */
const FINALIDAD_IVE = '24';

/**
 * Document types that are the newborn's own (certificado de nacido vivo, registro civil, menor
 * sin identificación, sin identificación); any other type in a recién nacido record is taken
 * as the mother's document (RVC047).
 */
const TIPOS_DOCUMENTO_RECIEN_NACIDO = new Set(['CN', 'NV', 'RC', 'MS', 'SI']);

function describirRango(r: { desde: number; hasta?: number }): string {
  if (r.hasta === undefined) return `de ${r.desde} años o más`;
  return r.desde === 0 ? `hasta ${r.hasta} años` : `de ${r.desde} a ${r.hasta} años`;
}

export const REGLAS_RVC_USUARIO: Regla[] = [
  regla({
    codigo: 'RVC006',
    campos: ['U04'],
    clases: clases('R', 'R'),
    mensajeOficial:
      'No es posible que la fecha de nacimiento sea mayor a la fecha de validación de los RIPS.',
    titulo: 'Fecha de nacimiento futura',
    explicacion:
      'La «Fecha de nacimiento» del paciente es posterior a la fecha en que se valida el RIPS, lo que no es posible.',
    comoCorregir:
      'Corrija la fecha de nacimiento en los datos demográficos del paciente en el sistema de origen.',
    alcance: 'local',
    usuario: (u, i, ctx) => {
      const nacimiento = dia(u.fechaNacimiento);
      const hoy = diaColombia(ctx.fecha);
      if (nacimiento && nacimiento > hoy) {
        ctx.emitir('RVC006', { usuarioIndex: i }, 'fechaNacimiento', {
          valor: nacimiento,
          detalle: `La fecha de validación es ${hoy}.`,
        });
      }
    },
  }),
  regla({
    codigo: 'RVC007',
    campos: ['U04'],
    clases: clases('R', 'N'),
    mensajeOficial:
      'El tipo de documento informado no es válido para la edad del usuario excepto por el margen de tolerancia de un año menos un día',
    titulo: 'Tipo de documento no corresponde a la edad',
    explicacion:
      'Según la edad del paciente a la fecha de validación, el tipo de documento no es el que corresponde: registro civil hasta los 6 años (certificado de nacido vivo hasta los 3), tarjeta de identidad de 7 a 17, cédula de ciudadanía o adulto sin identificar desde los 18, menor sin identificar hasta los 17; se acepta un año menos un día de tolerancia para quien no ha tramitado el documento siguiente.',
    comoCorregir:
      'Actualice en la admisión el tipo y número de documento vigente del paciente, o corrija la fecha de nacimiento si es la que está errada.',
    alcance: 'local',
    usuario: (u, i, ctx) => {
      const tipo = texto(u.tipoDocumentoIdentificacion)?.toUpperCase();
      const rango = tipo ? EDAD_POR_TIPO_DOCUMENTO[tipo] : undefined;
      const nacimiento = dia(u.fechaNacimiento);
      if (!rango || !nacimiento) return;
      const hoy = diaColombia(ctx.fecha);
      if (nacimiento > hoy) return;
      const edad = edadEnAnios(nacimiento, hoy);
      const tope = rango.hasta === undefined ? Number.POSITIVE_INFINITY : rango.hasta + TOLERANCIA_ANIOS;
      if (edad >= rango.desde && edad <= tope) return;
      ctx.emitir('RVC007', { usuarioIndex: i }, 'fechaNacimiento', {
        valor: nacimiento,
        detalle: `El paciente tiene ${edad} años y el tipo de documento ${tipo} es para pacientes ${describirRango(rango)}.`,
      });
    },
  }),
  regla({
    codigo: 'RVC008',
    campos: ['U04'],
    clases: clases('N', 'N'),
    mensajeOficial:
      'Está informando datos de recién nacido para un usuario menor a 9 años o mayor a 60 años.',
    titulo: 'Edad de la madre fuera de 9 a 60 años',
    explicacion:
      'Los datos de recién nacido se informan dentro de la madre. A la fecha de nacimiento del bebé, la usuaria tiene menos de 9 o más de 60 años, lo que sugiere que los datos del nacimiento quedaron en el paciente equivocado o que la fecha de nacimiento está errada.',
    comoCorregir:
      'Verifique en el sistema de origen que el recién nacido esté registrado bajo su madre y que las fechas de nacimiento de la madre y del bebé sean las de sus documentos; corrija la que quedó mal digitada.',
    alcance: 'local',
    usuario: (u, i, ctx) => {
      const nacimientoMadre = dia(u.fechaNacimiento);
      if (!nacimientoMadre) return;
      const recienNacidos = listaDe(u, 'recienNacidos');
      for (let j = 0; j < recienNacidos.length; j++) {
        const rn = recienNacidos[j];
        const parto = esObjeto(rn) ? dia(rn.fechaNacimiento) : undefined;
        if (!parto || parto < nacimientoMadre) continue;
        const edad = edadEnAnios(nacimientoMadre, parto);
        if (edad >= EDAD_MADRE.desde && edad <= EDAD_MADRE.hasta) continue;
        ctx.emitir('RVC008', { usuarioIndex: i }, 'fechaNacimiento', {
          valor: nacimientoMadre,
          detalle: `Al nacimiento del recién nacido ${j + 1} (${parto}) la usuaria tenía ${edad} años.`,
        });
      }
    },
  }),
  regla({
    codigo: 'RVC009',
    campos: ['U05'],
    clases: clases('N', 'N'),
    mensajeOficial:
      'Está informando datos de recién nacido para un paciente con sexo diferente a “Femenino”.',
    titulo: 'Datos de recién nacido en un paciente que no es de sexo femenino',
    explicacion:
      'Los datos de recién nacido se informan dentro de la madre, así que el «Sexo» del usuario debería ser F (femenino).',
    comoCorregir:
      'Registre en el sistema de origen los datos del recién nacido bajo la madre, o corrija el sexo de la paciente si quedó mal registrado.',
    alcance: 'local',
    usuario: (u, i, ctx) => {
      const sexo = texto(u.codSexo)?.toUpperCase();
      if (!sexo || sexo === 'F' || !hayRegistros(u, 'recienNacidos')) return;
      ctx.emitir('RVC009', { usuarioIndex: i }, 'codSexo', { valor: sexo });
    },
  }),
  regla({
    codigo: 'RVC010',
    campos: ['U05'],
    clases: clases('N', 'N'),
    mensajeOficial:
      'Está informando que se le realizó una interrupción voluntaria del embarazo – IVE a un paciente con sexo diferente a “Femenino”.',
    titulo: 'Interrupción voluntaria del embarazo en paciente que no es de sexo femenino',
    explicacion:
      'Una consulta o procedimiento con finalidad 24 «Interrupción voluntaria del embarazo» se informó para un paciente cuyo «Sexo» no es F (femenino).',
    comoCorregir:
      'Revise la finalidad registrada en el servicio o el sexo del paciente en el sistema de origen.',
    alcance: 'local',
    usuario: (u, i, ctx) => {
      const sexo = texto(u.codSexo)?.toUpperCase();
      if (!sexo || sexo === 'F') return;
      for (const tipo of ['consultas', 'procedimientos'] as const) {
        const lista = listaDe(u, tipo);
        for (let j = 0; j < lista.length; j++) {
          const s = lista[j];
          if (!esObjeto(s) || texto(s.finalidadTecnologiaSalud) !== FINALIDAD_IVE) continue;
          ctx.emitir('RVC010', { usuarioIndex: i }, 'codSexo', {
            valor: sexo,
            detalle: `${tipo === 'consultas' ? 'La consulta' : 'El procedimiento'} ${j + 1} tiene finalidad 24 (IVE).`,
          });
        }
      }
    },
  }),
  regla({
    codigo: 'RVC047',
    campos: ['N02', 'N03'],
    clases: clases(null, 'R'),
    mensajeOficial:
      'El documento de la madre no coincide con el documento informado en los datos de usuario.',
    titulo: 'Documento de la madre distinto al del usuario',
    explicacion:
      'Si el recién nacido aún no tiene documento propio (certificado de nacido vivo o registro civil), en sus datos se registra el documento de la madre, que debe ser el mismo tipo y número del usuario bajo el que se informa. Aquí el documento del recién nacido no es propio de un recién nacido y no coincide con el de la usuaria.',
    comoCorregir:
      'Registre en el sistema de origen, en los datos del recién nacido, su certificado de nacido vivo o, si no lo tiene, exactamente el tipo y número de documento de la madre.',
    alcance: 'local',
    servicio: {
      tipos: ['recienNacidos'],
      verificar: (rn, ref, ctx) => {
        const tipo = texto(rn.tipoDocumentoIdentificacion)?.toUpperCase();
        const numero = texto(rn.numDocumentoIdentificacion);
        const tipoMadre = texto(ref.usuario.tipoDocumentoIdentificacion)?.toUpperCase();
        const numeroMadre = texto(ref.usuario.numDocumentoIdentificacion);
        if (!tipo || !numero || !tipoMadre || !numeroMadre) return;
        const donde = { usuarioIndex: ref.usuarioIndex, tipoServicio: ref.tipo, servicioIndex: ref.indice };
        if (TIPOS_DOCUMENTO_RECIEN_NACIDO.has(tipo)) {
          // Own newborn type with the mother's number: the type is the wrong half.
          if (numero === numeroMadre && tipo !== tipoMadre) {
            ctx.emitir('RVC047', donde, 'tipoDocumentoIdentificacion', {
              valor: tipo,
              detalle: `El número es el de la madre pero el tipo informado en el usuario es ${tipoMadre}.`,
            });
          }
          return;
        }
        if (tipo !== tipoMadre) {
          ctx.emitir('RVC047', donde, 'tipoDocumentoIdentificacion', {
            valor: tipo,
            detalle: `El tipo de documento de la madre en el usuario es ${tipoMadre}.`,
          });
        } else if (numero !== numeroMadre) {
          ctx.emitir('RVC047', donde, 'numDocumentoIdentificacion', {
            detalle: 'El número no coincide con el número de documento del usuario (madre).',
          });
        }
      },
    },
  }),
];
