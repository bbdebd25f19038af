import type { TipoServicio } from '../../tipos.js';
import { clases, type Regla, regla } from '../tipos.js';
import { dondeServicio, numero, texto } from './comun.js';
import { CONCEPTO_RECAUDO, conNombre } from './tablas.js';

/**
 * conceptoRecaudo codes that carry a payment of at least 1 peso (RVC060): DT1 names "cuota
 * moderadora" (02) and "bono o vale de plan voluntario", which in the current table is 03
 * "Pagos compartidos en planes voluntarios de salud". Copago (01) is not in the rule.
 */
const CONCEPTOS_CON_VALOR: ReadonlySet<string> = new Set(['02', '03']);
const CONCEPTO_NO_APLICA = '05';
const CONCEPTO_ANTICIPO = '04';

/** RVC060/RVC061 apply to C19, P18 and M21 only (not to otros servicios, S14). */
const CON_PAGO_MODERADOR: readonly TipoServicio[] = ['consultas', 'procedimientos', 'medicamentos'];

export const REGLAS_PAGOS: Regla[] = [
  regla({
    codigo: 'RVC060',
    campos: ['C19', 'P18', 'M21'],
    clases: clases('R', 'R'),
    mensajeOficial:
      'El valor del pago moderador no es correcto, debe informar un valor numérico mayor o igual a 1.',
    titulo: 'Cuota moderadora o pago de plan voluntario sin valor',
    explicacion:
      'Si el «Concepto de recaudo» de una consulta, un procedimiento o un medicamento es 02 «Cuota moderadora» o 03 «Pagos compartidos en planes voluntarios de salud» (el «bono o vale de plan voluntario» del documento técnico), el «Valor del pago moderador» debe ser de al menos 1 peso.',
    comoCorregir:
      'Registre en caja, en el sistema de origen, el valor que pagó el paciente. Si el paciente no pagó nada por ese concepto, el concepto de recaudo es 05 «No aplica» y el valor 0. Si la cuota de una orden con varios ítems se registró en otro ítem, use en este 05 «No aplica».',
    alcance: 'local',
    servicio: {
      tipos: CON_PAGO_MODERADOR,
      verificar(r, ref, ctx) {
        const concepto = texto(r.conceptoRecaudo);
        if (!concepto || !CONCEPTOS_CON_VALOR.has(concepto)) return;
        const valor = numero(r.valorPagoModerador);
        if (valor === null || valor >= 1) return;
        ctx.emitir('RVC060', dondeServicio(ref), 'valorPagoModerador', {
          valor,
          detalle: `Con concepto de recaudo ${conNombre(concepto, CONCEPTO_RECAUDO)} el valor debe ser mayor o igual a 1.`,
        });
      },
    },
  }),
  regla({
    codigo: 'RVC061',
    campos: ['C19', 'P18', 'M21'],
    clases: clases('R', 'R'),
    mensajeOficial: 'No es posible informar el valor de un pago moderador si el pago moderador no aplica.',
    titulo: 'Valor de pago moderador informado sin pago moderador',
    explicacion:
      'Si el «Concepto de recaudo» de una consulta, un procedimiento o un medicamento es 05 «No aplica», el «Valor del pago moderador» debe ser 0.',
    comoCorregir:
      'Si el paciente no hizo ningún pago, deje el valor del pago moderador en 0. Si sí pagó, elija en el sistema de origen el concepto de recaudo que corresponde (copago, cuota moderadora o pagos compartidos en planes voluntarios).',
    alcance: 'local',
    servicio: {
      tipos: CON_PAGO_MODERADOR,
      verificar(r, ref, ctx) {
        if (texto(r.conceptoRecaudo) !== CONCEPTO_NO_APLICA) return;
        const valor = numero(r.valorPagoModerador);
        if (valor === null || valor === 0) return;
        ctx.emitir('RVC061', dondeServicio(ref), 'valorPagoModerador', {
          valor,
          detalle: 'Con concepto de recaudo «05» (No aplica) el valor debe ser 0.',
        });
      },
    },
  }),
  regla({
    codigo: 'RVC091',
    campos: ['C17', 'P16', 'M18', 'M19', 'S11', 'S12'],
    clases: clases('R', 'N'),
    mensajeOficial:
      'Tenga en cuenta que está informando RIPS sin una FEV en salud y no es posible incluir un valor',
    titulo: 'Valores en un RIPS sin factura electrónica',
    explicacion:
      'En un RIPS sin factura electrónica (tipo de nota «RS»), el profesional independiente no obligado a facturar informa en los valores del servicio lo que pagó el paciente, mientras que una entidad con objeto social diferente (EOSD) debe informarlos en 0. Saber si el prestador es EOSD requiere su clasificación en el registro de prestadores (REPS), que este servicio no consulta: la verifica el MUV al radicar.',
    comoCorregir:
      'Si su entidad es EOSD, deje en 0 los valores de los servicios del RIPS sin factura; si es profesional independiente no obligado a facturar, informe el valor pagado por el paciente (con los descuentos ya aplicados).',
    alcance: 'muv',
  }),
  regla({
    codigo: 'RVC092',
    campos: ['C18', 'P17', 'M20', 'S13'],
    clases: clases('R', 'N'),
    mensajeOficial:
      'Tener en cuenta que el concepto “Anticipos” aplica únicamente para el reporte de dichos valores en la FEV en salud y no debe utilizarse en la generación del RIPS como soporte de la FEV en salud.',
    titulo: 'Concepto «Anticipo» usado en el RIPS',
    explicacion:
      'El «Concepto de recaudo» 04 «Anticipo» solo se usa en la factura electrónica (grupo de pagos anticipados); en los servicios del RIPS no debe informarse.',
    comoCorregir:
      'En el registro del servicio en el sistema de origen, cambie el concepto de recaudo por el que corresponda al pago del paciente (copago, cuota moderadora, pagos compartidos) o por 05 «No aplica»; el anticipo se informa solo en la factura electrónica.',
    alcance: 'local',
    servicio: {
      tipos: ['consultas', 'procedimientos', 'medicamentos', 'otrosServicios'],
      verificar(r, ref, ctx) {
        if (texto(r.conceptoRecaudo) !== CONCEPTO_ANTICIPO) return;
        ctx.emitir('RVC092', dondeServicio(ref), 'conceptoRecaudo', { valor: CONCEPTO_ANTICIPO });
      },
    },
  }),
];
