import { clases, type Regla, regla } from '../tipos.js';
import { texto } from './comun.js';

const TIPO_USUARIO_SOAT = '10';

/** SIRAS registration for SOAT users (RVC095; its announced N→R date is in gradualidad.ts). */
export const REGLAS_USUARIO: Regla[] = [
  regla({
    codigo: 'RVC095',
    campos: ['U12'],
    clases: clases(null, 'N'),
    mensajeOficial:
      'Debe ser informado el registro emitido por la plataforma SIRAS cuando el tipo de usuario reportado es 10 - Tomador / Amparado SOAT',
    titulo: 'Falta el registro SIRAS de un paciente SOAT',
    explicacion:
      'Cuando el «Tipo de usuario» es 10 «Tomador / Amparado SOAT», debe informarse el «Registro SIRAS»: el número de radicación que la plataforma SIRAS asigna al reporte de la atención de la víctima de accidente de tránsito (Documento Técnico 1 v002, campo U12 y numeral 6). El DT1 v002 la clasifica como notificación, pero el anexo técnico de la Res. 948/2026 anuncia que es notificación los primeros 3 meses y después pasa a rechazo: la severidad de este hallazgo sigue la fecha de paso a rechazo que aplica esta instalación.',
    comoCorregir:
      'Reporte la atención en la plataforma SIRAS y registre en los datos del paciente, en el sistema de origen, el número de radicación que esta entrega; si el paciente no es de SOAT, corrija el tipo de usuario.',
    alcance: 'local',
    usuario(u, i, ctx) {
      if (texto(u.tipoUsuario) !== TIPO_USUARIO_SOAT || texto(u.registroSIRAS)) return;
      ctx.emitir('RVC095', { usuarioIndex: i }, 'registroSIRAS', {
        detalle: 'Es obligatorio para el tipo de usuario «10» (Tomador / Amparado SOAT).',
      });
    },
  }),
];
