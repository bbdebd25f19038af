import { clases, type Regla, regla } from '../tipos.js';

/**
 * Field rules that need the invoice XML (alcance 'fev', checked by the FEV gate) or a national
 * record or table only the MUV holds (alcance 'muv'). Registered without hooks.
 */
export const REGLAS_RVC_DOCUMENTOS: Regla[] = [
  regla({
    codigo: 'RVC001',
    campos: ['T01'],
    clases: clases('R', 'R'),
    mensajeOficial:
      'El NIT del facturador electrónico en salud informado en RIPS no coincide con el NIT informado en la factura electrónica de venta.',
    titulo: 'El NIT del RIPS no es el del emisor de la factura',
    explicacion:
      'El «NIT del facturador» (numDocumentoIdObligado) del RIPS debe ser el mismo NIT del emisor de la factura electrónica de venta. Se verifica contra el XML de la factura.',
    comoCorregir:
      'Configure en el generador de RIPS el NIT del facturador sin dígito de verificación, igual al NIT con que se emite la factura.',
    alcance: 'fev',
  }),
  regla({
    codigo: 'RVC002',
    campos: ['T01'],
    clases: clases('R', 'R'),
    mensajeOficial:
      'El NIT informado en la factura electrónica de venta o en RIPS no se encuentra en la tabla “IPSCodHabilitación” para prestadores de servicios de salud o en “IPSnoREPS” para prestadores del Regímen especiales y de Excepción y “EntidadesnoREPS” para proveedores de tecnologías de salud.',
    titulo: 'NIT del facturador no registrado en SISPRO',
    explicacion:
      'El NIT del facturador debe estar en las tablas de prestadores de SISPRO (IPSCodHabilitacion, IPSnoREPS o EntidadesnoREPS). Esas tablas se consultan por código de prestador, no por NIT, así que este servicio no lo puede buscar; lo verifica el MUV.',
    comoCorregir:
      'Verifique que el NIT del RIPS sea el NIT con el que el prestador o proveedor está inscrito en el REPS o en SISPRO; si no está inscrito, tramite la inscripción.',
    alcance: 'muv',
  }),
  regla({
    codigo: 'RVC004',
    campos: ['T02'],
    clases: clases('R', 'R'),
    mensajeOficial:
      'El número de la factura informado en RIPS no coincide con el informado en la factura electrónica de venta.',
    titulo: 'El número de factura del RIPS no es el de la factura',
    explicacion:
      'El «Número de factura» del RIPS debe ser exactamente el número (prefijo y consecutivo) de la factura electrónica de venta que soporta. Se verifica contra el XML de la factura.',
    comoCorregir: 'Genere el RIPS desde la factura aprobada por la DIAN, con el mismo prefijo y número.',
    alcance: 'fev',
  }),
  regla({
    codigo: 'RVC005',
    campos: ['U03'],
    clases: clases('N', 'R'),
    mensajeOficial:
      'El tipo de usuario [] reportado en el RIPS, no corresponde a la cobertura o plan de beneficios informada en el XML []',
    titulo: 'Tipo de usuario no corresponde a la cobertura de la factura',
    explicacion:
      'El «Tipo de usuario» (contributivo, subsidiado, particular, SOAT…) debe ser compatible con la cobertura o plan de beneficios informada en la factura electrónica, según la tabla de validaciones cruzadas del Documento Técnico 1. Se verifica contra el XML de la factura.',
    comoCorregir:
      'Revise el régimen o tipo de afiliación del paciente en la admisión y la cobertura del contrato con que se factura.',
    alcance: 'fev',
  }),
  regla({
    codigo: 'RVC014',
    campos: ['C02', 'P02', 'M04', 'S04'],
    clases: clases('R', 'R'),
    mensajeOficial:
      'La fecha de la prestación del servicio se encuentra por fuera del periodo de facturación.',
    titulo: 'Servicio fuera del periodo de facturación',
    explicacion:
      'La fecha de atención, dispensación o suministro debe estar dentro del periodo de facturación (fechas de inicio y fin) de la factura electrónica. Se verifica contra el XML de la factura.',
    comoCorregir:
      'No cambie la fecha real de la atención. Si quedó mal digitada, corríjala en el sistema de origen; si es correcta, el servicio va en la factura del periodo en que se prestó, o el periodo de facturación de la factura es el que está mal y se corrige en el software de facturación.',
    alcance: 'fev',
  }),
  regla({
    codigo: 'RVC017',
    campos: ['C04', 'P05', 'S06'],
    clases: clases('N', 'N'),
    mensajeOficial:
      'El código CUPS informado no corresponde a un CUPS para la cobertura o plan de beneficios informada en la factura electrónica de venta.',
    titulo: 'CUPS no corresponde a la cobertura de la factura',
    explicacion:
      'El código CUPS de la consulta, del procedimiento o del traslado, estancia u honorarios debe estar cubierto por la cobertura o plan de beneficios informada en la factura electrónica. Se compara la columna Cobertura de la tabla CUPSRips (los códigos de CoberturaPlanBeneficios que trae para el CUPS) con la cobertura del XML de la factura; para este fin 01 (plan de beneficios con cargo a la UPC) equivale a 16 y 17 (UPC contributiva y subsidiada). Un CUPS cuya columna Cobertura no trae ningún código de cobertura no se juzga.',
    comoCorregir:
      'Revise en el sistema de origen el código CUPS registrado y, en el software de facturación, la cobertura con la que se factura el servicio; corrija el que no corresponda a la atención. Si ambos son correctos, no cambie la atención: es una notificación y el CUV se emite igual.',
    visto:
      'En tráfico capturado del MUV real (archivos aceptados) RVC017 llegó como NOTIFICACION con la observación «Verificar tabla de referencia Dato (890701)» y PathFuente usuarios[0].servicios.consultas[0].codConsulta (también en procedimientos con 902210, 115308 y 890201). El detalle de este hallazgo empieza con esa misma forma.',
    alcance: 'fev',
    catalogos: ['CUPSRips'],
  }),
  regla({
    codigo: 'RVC019',
    campos: ['C04', 'P05', 'S06'],
    clases: clases('N', 'N'),
    mensajeOficial:
      'El código CUPS informado no corresponde a un código relacionado con el código de la Clasificación Internacional de Enfermedades – CIE.',
    titulo: 'CUPS no relacionado con el diagnóstico principal',
    explicacion:
      'El procedimiento o consulta (CUPS) debe ser coherente con el diagnóstico principal (CIE). La relación CUPS–CIE que usa el Ministerio no se puede leer de las tablas publicadas: la tabla CUPSCIE de SISPRO no tiene una columna con el código CUPS (su código es un número de fila y su nombre el del procedimiento), así que lo verifica el MUV.',
    comoCorregir:
      'Revise en el sistema de origen que el código CUPS y el diagnóstico principal sean los de la misma atención según la historia clínica, y corrija el que quedó mal registrado.',
    visto:
      'En tráfico capturado del MUV real (archivos aceptados) RVC019 llegó como NOTIFICACION con la observación «Verificar tabla de referencia Dato (890701)» y PathFuente usuarios[0].servicios.consultas[0].codConsulta (también en procedimientos con 902210, 115308 y 890201): el MUV la señala en el CUPS, no en el diagnóstico, y no dice con qué diagnóstico lo comparó.',
    alcance: 'muv',
  }),
  regla({
    codigo: 'RVC022',
    campos: ['P05'],
    clases: clases('N', 'N'),
    mensajeOficial:
      'Tenga en cuenta que, si el código CUPS corresponde a un procedimiento de parto, debe informar en los RIPS datos de hospitalización.',
    titulo: 'Parto en internación sin datos de hospitalización',
    explicacion:
      'Si el procedimiento es un parto y el grupo de servicios es internación, el RIPS debe traer los datos de hospitalización y de salas de parto o cirugía. Ni el Documento Técnico 1 ni las columnas publicadas de la tabla CUPSRips identifican qué códigos son de parto, así que lo verifica el MUV.',
    comoCorregir: 'Incluya en el RIPS la hospitalización de la madre asociada al parto.',
    alcance: 'muv',
  }),
  regla({
    codigo: 'RVC023',
    campos: ['P05'],
    clases: clases('N', 'R'),
    mensajeOficial:
      'Tenga en cuenta que, si el código CUPS corresponde a un procedimiento de parto, debe informar en los RIPS datos del recién nacido.',
    titulo: 'Parto sin datos del recién nacido',
    explicacion:
      'Si el procedimiento es un parto (o cesárea), la madre debe tener datos de recién nacido en el RIPS. Ni el Documento Técnico 1 ni las columnas publicadas de la tabla CUPSRips identifican qué códigos son de parto, así que lo verifica el MUV.',
    comoCorregir: 'Registre en el RIPS de la madre los datos de cada recién nacido del parto.',
    alcance: 'muv',
  }),
  regla({
    codigo: 'RVC025',
    campos: ['S06'],
    clases: clases('R', 'R'),
    mensajeOficial:
      'El código de servicios complementarios no corresponde a un código dado en la tabla de referencia de MIPRES.',
    titulo: 'Servicio complementario no está en la tabla de MIPRES',
    explicacion:
      'En otros servicios de tipo «Servicios complementarios», el código de tecnología debe ser uno de la tabla de referencia de MIPRES. Esa tabla no está entre los catálogos SISPRO que este servicio importa, así que lo verifica el MUV.',
    comoCorregir:
      'Use el código del servicio complementario tal como figura en la prescripción y la tabla de MIPRES.',
    alcance: 'muv',
  }),
  regla({
    codigo: 'RVC029',
    campos: ['C10', 'C11', 'C12', 'C13', 'R04', 'R05', 'H06', 'H07'],
    clases: clases('N', 'N'),
    mensajeOficial: 'El código CIE no se encuentra relacionado con el código CUPS de la consulta.',
    titulo: 'Diagnóstico no relacionado con la consulta',
    explicacion:
      'El diagnóstico (CIE) debe ser coherente con la consulta (CUPS) informada. La relación CUPS–CIE del Ministerio no está publicada como tabla de referencia, así que lo verifica el MUV.',
    comoCorregir:
      'Revise en el sistema de origen que la consulta y los diagnósticos sean los de la misma atención según la historia clínica, y corrija el que quedó mal registrado.',
    alcance: 'muv',
  }),
  regla({
    codigo: 'RVC030',
    campos: ['P13', 'P14'],
    clases: clases('N', 'N'),
    mensajeOficial: 'El código CIE no se encuentra relacionado con el código CUPS del procedimiento.',
    titulo: 'Diagnóstico no relacionado con el procedimiento',
    explicacion:
      'El diagnóstico (CIE) debe ser coherente con el procedimiento (CUPS) informado. La relación CUPS–CIE del Ministerio no está publicada como tabla de referencia, así que lo verifica el MUV.',
    comoCorregir:
      'Revise en el sistema de origen que el procedimiento y los diagnósticos sean los de la misma atención según la historia clínica, y corrija el que quedó mal registrado.',
    alcance: 'muv',
  }),
  regla({
    codigo: 'RVC034',
    campos: ['C17', 'P16', 'M18', 'M19', 'S11', 'S12'],
    clases: clases('R', 'R'),
    mensajeOficial:
      'Debe ingresar un valor mayor a cero porque la modalidad de pago corresponde a pago por evento.',
    titulo: 'Valor del servicio según la modalidad de pago',
    explicacion:
      'Si la modalidad de pago es «Pago por evento», el valor del servicio y los valores unitarios deben ser mayores a cero; en las demás modalidades deben ser cero. La modalidad de pago solo está en el XML de la factura, así que se verifica allí.',
    comoCorregir:
      'Configure el generador de RIPS del sistema de origen según la modalidad de pago de la factura: por evento, el valor de cada servicio; en capitación, PGP u otras modalidades, 0 en los campos de valor.',
    alcance: 'fev',
  }),
  regla({
    codigo: 'RVC036',
    campos: ['C19', 'P18', 'M21', 'S14'],
    clases: clases('R', 'R'),
    mensajeOficial:
      'El valor del pago moderador informado en la factura electrónica de venta en salud, no corresponde a la sumatoria de detalles de valores de pagos moderadores de las facturas de recaudo, informados en RIPS.',
    titulo: 'Pagos moderadores de la factura no cuadran con el RIPS',
    explicacion:
      'El valor de pagos moderadores de la factura electrónica en salud debe corresponder a la suma de los valores de las facturas de recaudo de los pagos moderadores que el RIPS informa en cada servicio («Número de la FEV del pago moderador»). Esas facturas de recaudo solo las tiene el MUV, que lo verifica al radicar. La diferencia entre los pagos moderadores del RIPS y los de la factura se informa con RVG09, una vez por clase de pago.',
    comoCorregir:
      'Concilie en caja y facturación los recaudos de copagos y cuotas moderadoras de cada servicio, y sus facturas de recaudo, con el total informado en la factura.',
    visto:
      'Cuando los pagos moderadores de la factura no cuadraban con los del RIPS, el MUV real respondió RVG09 por cada clase de pago y ningún RVC036. Este servicio ya no emite RVC036 por esos hechos (antes lo repetía por concepto junto al RVG09).',
    alcance: 'fev',
  }),
  regla({
    codigo: 'RVC044',
    campos: ['R11', 'H14', 'N12'],
    clases: clases('R', 'R'),
    mensajeOficial: 'La fecha de egreso se encuentra por fuera del periodo de facturación.',
    titulo: 'Egreso fuera del periodo de facturación',
    explicacion:
      'La fecha y hora de egreso de la urgencia, hospitalización o del recién nacido debe estar dentro del periodo de facturación de la factura electrónica. Se verifica contra el XML de la factura.',
    comoCorregir:
      'Si el paciente sigue en el servicio al corte de facturación, informe la condición 08 «Paciente continúa en el servicio» con la fecha del corte como fecha de egreso. Si el egreso ya ocurrió, conserve su fecha real (corríjala en el sistema de origen solo si quedó mal digitada): el servicio va en la factura del periodo que la incluye, o el periodo de la factura es el que se corrige en el software de facturación.',
    alcance: 'fev',
  }),
  regla({
    codigo: 'RVC048',
    campos: ['P04', 'M02', 'S02'],
    clases: clases('N', 'N'),
    mensajeOficial:
      'El servicio o tecnología de salud es financiado con presupuesto máximo y el número de autorización no corresponde al número de prescripción en MIPRES.',
    titulo: 'Presupuesto máximo sin número de prescripción MIPRES',
    explicacion:
      'Cuando el servicio o tecnología se financia con presupuesto máximo (cobertura de la factura), el número de autorización debe ser el número de prescripción de MIPRES. Requiere la cobertura del XML y la consulta de MIPRES, así que lo verifica el MUV.',
    comoCorregir:
      'Registre en el sistema de origen, como número de autorización, el número de prescripción MIPRES de la tecnología.',
    alcance: 'muv',
  }),
  regla({
    codigo: 'RVC049',
    campos: ['M03', 'S03'],
    clases: clases('N', 'R'),
    mensajeOficial: 'El número de "ID de entrega" no corresponde al registrado en MIPRES.',
    titulo: 'ID de entrega MIPRES no registrado',
    explicacion:
      'El «ID MIPRES» (ID de entrega) del medicamento u otro servicio debe existir en MIPRES. Solo el MUV puede consultar MIPRES.',
    comoCorregir:
      'Copie en el sistema de origen el ID de entrega exactamente como lo asignó MIPRES al reportar la entrega.',
    alcance: 'muv',
  }),
];
