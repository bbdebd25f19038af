import type { Catalogos } from '../../catalogos/tipos.js';

/**
 * Names of the small-table codes these rules mention in their details (rips.md §5.1, SISPRO
 * RIPSFinalidadConsultaVersion2, RIPSCausaExternaVersion2, conceptoRecaudo…). Only the codes used here.
 */
export const FINALIDAD: Readonly<Record<string, string>> = {
  '11': 'Valoración integral para la promoción y mantenimiento',
  '12': 'Detección temprana de enfermedad general',
  '14': 'Protección específica',
  '19': 'Planificación familiar y anticoncepción',
  '20': 'Promoción y apoyo a la lactancia materna',
  '21': 'Atención básica de orientación familiar',
  '22': 'Atención para el cuidado preconcepcional',
  '23': 'Atención para el cuidado prenatal',
  '24': 'Interrupción voluntaria del embarazo',
  '25': 'Atención del parto y puerperio',
  '27': 'Atención para el seguimiento del recién nacido',
};

export const CAUSA: Readonly<Record<string, string>> = {
  '34': 'IVE por peligro para la salud o la vida de la mujer',
  '35': 'IVE por malformación congénita incompatible con la vida',
  '36': 'IVE por violencia sexual, incesto o inseminación no consentida',
  '40': 'Promoción y mantenimiento de la salud – intervenciones individuales',
  '42': 'Atención de población materno perinatal',
  '49': 'IVE por decisión de la persona gestante hasta la semana 24',
};

export const CONCEPTO_RECAUDO: Readonly<Record<string, string>> = {
  '01': 'Copago',
  '02': 'Cuota moderadora',
  '03': 'Pagos compartidos en planes voluntarios de salud',
  '04': 'Anticipo',
  '05': 'No aplica',
};

export const TIPO_MEDICAMENTO: Readonly<Record<string, string>> = {
  '01': 'Medicamento con registro sanitario',
  '02': 'Vital no disponible',
  '03': 'Preparación magistral',
  '04': 'Uso no incluido en el registro sanitario (UNIRS)',
  '05': 'Autorización sanitaria de uso de emergencia (ASUE)',
};

export const TIPO_OTRO_SERVICIO: Readonly<Record<string, string>> = {
  '01': 'Dispositivos médicos e insumos',
  '02': 'Traslados',
  '03': 'Estancias',
  '04': 'Servicios complementarios',
  '05': 'Honorarios',
};

/** CondicionyDestinoUsuarioEgreso codes these rules look at. */
export const EGRESO_MUERTO = '02';
export const EGRESO_DERIVADO = '03';

/** «23» (Atención para el cuidado prenatal) — a code with its name for a detail sentence. */
export function conNombre(codigo: string, tabla: Readonly<Record<string, string>>): string {
  const nombre = tabla[codigo];
  return nombre ? `«${codigo}» (${nombre})` : `«${codigo}»`;
}

/** «15» (Diagnóstico): the name from the shipped RIPSFinalidadConsultaVersion2, else from FINALIDAD. */
export function finalidadConNombre(catalogos: Catalogos, codigo: string): string {
  const nombre = catalogos.entrada('RIPSFinalidadConsultaVersion2', codigo)?.nombre ?? FINALIDAD[codigo];
  return nombre ? `«${codigo}» (${nombre})` : `«${codigo}»`;
}
