import { dondeServicio, texto } from '../helpers/registros.js';
import { clases, type Regla, regla } from '../tipos.js';

/** conceptoRecaudo 02 cuota moderadora, 03 pagos compartidos en planes voluntarios de salud. */
const CUOTA_MODERADORA = '02';
const PAGOS_PLANES_VOLUNTARIOS = '03';
/** RIPSTipoUsuarioVersion2: 01–03 régimen contributivo, 04 subsidiado. */
const CONTRIBUTIVO = new Set(['01', '02', '03']);
const SUBSIDIADO = '04';
const TIPOS_CON_RECAUDO = ['consultas', 'procedimientos', 'medicamentos', 'otrosServicios'] as const;

export const REGLAS_RVC_RECAUDO: Regla[] = [
  regla({
    codigo: 'RVC035',
    campos: ['C18', 'P17', 'M20', 'S13'],
    clases: clases('N', 'N'),
    mensajeOficial: 'El cobro de la cuota moderadora solamente aplica a pacientes del régimen contributivo.',
    titulo: 'Cuota moderadora a un paciente que no es del régimen contributivo',
    explicacion:
      'El «Concepto de recaudo» del servicio es 02 «Cuota moderadora», pero el «Tipo de usuario» del paciente no es del régimen contributivo (01 cotizante, 02 beneficiario, 03 adicional). La cuota moderadora solo se cobra a afiliados del régimen contributivo.',
    comoCorregir:
      'Verifique el tipo de usuario del paciente en la admisión y el concepto de recaudo del servicio; a los demás regímenes no se les cobra cuota moderadora.',
    alcance: 'local',
    servicio: {
      tipos: TIPOS_CON_RECAUDO,
      verificar: (r, ref, ctx) => {
        const tipoUsuario = texto(ref.usuario.tipoUsuario);
        if (texto(r.conceptoRecaudo) !== CUOTA_MODERADORA || !tipoUsuario || CONTRIBUTIVO.has(tipoUsuario))
          return;
        ctx.emitir('RVC035', dondeServicio(ref), 'conceptoRecaudo', {
          valor: CUOTA_MODERADORA,
          detalle: `El tipo de usuario del paciente es ${tipoUsuario}.`,
        });
      },
    },
  }),
  regla({
    codigo: 'RVC037',
    campos: ['C18', 'P17', 'M20', 'S13'],
    clases: clases('N', 'N'),
    // The official message says "contributivo"; the rule is about the subsidised regime.
    mensajeOficial:
      'El cobro pagos moderadores de planes voluntarios no se realiza a pacientes del régimen contributivo.',
    titulo: 'Pago de plan voluntario a un paciente del régimen subsidiado',
    explicacion:
      'El «Concepto de recaudo» del servicio es 03 «Pagos compartidos en planes voluntarios de salud», pero el «Tipo de usuario» del paciente es 04 «Subsidiado». A los usuarios del régimen subsidiado no se les informan pagos de planes voluntarios.',
    comoCorregir:
      'Verifique en la admisión del sistema de origen el tipo de usuario del paciente y en caja el concepto de lo que realmente pagó: a un paciente del régimen subsidiado no se le cobran pagos compartidos de planes voluntarios (registre el concepto del pago real o 05 «No aplica»); si el tipo de usuario es el que está mal, corríjalo.',
    alcance: 'local',
    servicio: {
      tipos: TIPOS_CON_RECAUDO,
      verificar: (r, ref, ctx) => {
        if (
          texto(r.conceptoRecaudo) !== PAGOS_PLANES_VOLUNTARIOS ||
          texto(ref.usuario.tipoUsuario) !== SUBSIDIADO
        )
          return;
        ctx.emitir('RVC037', dondeServicio(ref), 'conceptoRecaudo', { valor: PAGOS_PLANES_VOLUNTARIOS });
      },
    },
  }),
];
