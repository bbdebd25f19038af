import { type ClaseVigente, clases, NORMA_2275, type Regla, regla } from '../tipos.js';

/**
 * General rules that compare the RIPS with the invoice XML (alcance 'fev': checked by the FEV
 * gate) or with national records (alcance 'muv'). Registered without hooks.
 */

/** RVG18 is in LIN v3.2 (R) and absent from DT1 v002: kept as R, the MUV still refuses a second CUV. */
const RVG18_CLASES: ClaseVigente[] = [{ ...NORMA_2275, clase: 'R' }];

export const REGLAS_RVG_DOCUMENTOS: Regla[] = [
  regla({
    codigo: 'RVG02',
    campos: ['T01', 'T02', 'T03', 'T04'],
    clases: clases('R', 'R'),
    mensajeOficial:
      'Los datos de RIPS no coinciden con los informados en la factura electrónica de venta y demás documentos electrónicos.',
    titulo: 'El RIPS no coincide con la factura electrónica',
    explicacion:
      'Los datos que el RIPS comparte con la factura electrónica de venta (o con la nota crédito o débito) deben ser los mismos: NIT del facturador, número de la factura o nota, usuarios y valores. Se verifica contra el XML de la factura.',
    comoCorregir:
      'Genere el RIPS desde la misma factura aprobada por la DIAN que va a radicar, sin editar ninguno de los dos archivos por separado.',
    alcance: 'fev',
  }),
  regla({
    codigo: 'RVG08',
    campos: ['C17', 'P16', 'M19', 'S12'],
    clases: clases('R', 'R'),
    mensajeOficial:
      'La sumatoria de los valores de los servicios prestados no corresponde al valor informado en la factura electrónica de venta.',
    titulo: 'La suma de los servicios no cuadra con el valor de la factura',
    explicacion:
      'Cuando la modalidad de pago es por evento, la suma del «Valor del servicio» de todos los registros del RIPS debe ser igual al valor de la factura electrónica de venta con impuestos y descuentos, antes de descontar los pagos moderadores y anticipos: el valor a pagar (PayableAmount) más los pagos anticipados (PrepaidAmount). Se verifica contra el XML de la factura.',
    comoCorregir:
      'Revise que todos los servicios facturados estén en el RIPS con su valor (con el impuesto, si la factura lo cobra, y ya aplicado el descuento pactado) y que no haya servicios en el RIPS que no estén en la factura; si el valor de la factura es el errado, corríjalo con una nota.',
    visto:
      'El MUV real aceptó una factura gravada (impuesto del 5 %) cuyos servicios en el RIPS suman 5.000: LineExtensionAmount 4.761,90 y TaxInclusiveAmount y PayableAmount 5.000. El valor del servicio incluye el impuesto; no se compara con LineExtensionAmount (valor antes de impuestos), como se hacía antes.',
    alcance: 'fev',
  }),
  regla({
    codigo: 'RVG09',
    campos: ['C19', 'P18', 'M21', 'S14'],
    clases: clases('R', 'R'),
    mensajeOficial:
      'La sumatoria de los valores de los pagos moderadores no corresponde al valor informado en la factura electrónica de venta.',
    titulo: 'Los pagos moderadores no cuadran con la factura',
    explicacion:
      'Por cada clase de pago moderador (copagos, cuotas moderadoras, pagos compartidos), la suma del «Valor del pago moderador» de los servicios del RIPS con ese concepto de recaudo debe ser igual a lo que la factura electrónica registra con ese concepto en los pagos anticipados (PrepaidPayment). Se informa un hallazgo por cada clase que no cuadra. Se verifica contra el XML de la factura.',
    comoCorregir:
      'Verifique en caja y facturación los pagos moderadores recaudados de cada servicio y que la factura los informe por concepto con el mismo total.',
    visto:
      'El MUV real responde RVG09 una vez por clase de pago, por ejemplo «El valor total de los copagos en RIPS (¤5,000.00), no es igual al valor reportado en la Factura de Venta (¤0.00)» y lo mismo para las cuotas moderadoras, y no añade RVC036 por los mismos hechos. Antes este servicio daba un RVG09 con el total y repetía la diferencia como RVC036 por concepto.',
    alcance: 'fev',
  }),
  regla({
    codigo: 'RVG10',
    campos: ['T01'],
    clases: clases('R', 'R'),
    mensajeOficial: 'Existen distintos facturadores de servicios de salud.',
    titulo: 'Más de un facturador en el paquete',
    explicacion:
      'Un RIPS y su factura electrónica deben corresponder a un único facturador electrónico en salud: el NIT del RIPS debe ser el del emisor de la factura. Se verifica contra el XML de la factura.',
    comoCorregir:
      'Genere un RIPS por factura y por facturador; no agrupe servicios facturados por otra entidad.',
    alcance: 'fev',
  }),
  regla({
    codigo: 'RVG11',
    campos: ['C15', 'C16', 'P11', 'P12', 'M16', 'M17', 'S09', 'S10'],
    clases: clases('R', 'R'),
    mensajeOficial: 'El profesional no se encuentra registrado en RETHUS o inscrito en la plataforma MIPRES.',
    titulo: 'Profesional no registrado en RETHUS',
    explicacion:
      'Los profesionales que atienden consultas, hacen procedimientos, prescriben medicamentos u ordenan otros servicios deben estar inscritos en el Registro Único Nacional del Talento Humano en Salud (RETHUS), o en MIPRES si prestan el servicio social obligatorio. Solo el MUV puede consultar esos registros.',
    comoCorregir:
      'Verifique el tipo y número de documento del profesional en el sistema de origen y su inscripción en RETHUS; si el dato es correcto y no está inscrito, el profesional debe tramitar su registro.',
    alcance: 'muv',
  }),
  regla({
    codigo: 'RVG14',
    campos: ['P05', 'N01'],
    clases: clases('N', 'R'),
    mensajeOficial:
      'Existen dos o más registros de nacidos y la madre no tiene registro de procedimiento de parto múltiple.',
    titulo: 'Varios recién nacidos sin procedimiento de parto múltiple',
    explicacion:
      'Si la madre tiene dos o más registros de recién nacido, entre sus procedimientos debe estar un procedimiento CUPS de parto múltiple. Ni el Documento Técnico 1 ni las columnas publicadas de la tabla CUPSRips identifican qué códigos son de parto múltiple, así que este servicio no lo puede verificar; lo verifica el MUV.',
    comoCorregir:
      'Si hubo parto múltiple, registre en el sistema de origen el procedimiento CUPS de parto múltiple de la madre; si no, revise los registros de recién nacido duplicados.',
    alcance: 'muv',
  }),
  regla({
    codigo: 'RVG18',
    campos: [],
    clases: RVG18_CLASES,
    mensajeOficial: 'El Código CUV ya fue aprobado previamente en otro proceso.',
    titulo: 'El documento ya tiene CUV',
    explicacion:
      'La factura, nota crédito o nota débito con su RIPS ya fue validada con éxito y tiene Código Único de Validación (CUV); no se puede volver a validar. Solo el MUV conoce los documentos ya radicados.',
    comoCorregir:
      'Consulte el CUV ya emitido para ese documento. Si necesita corregir el RIPS, use una nota de ajuste, crédito o débito según corresponda.',
    alcance: 'muv',
  }),
  regla({
    codigo: 'RVG19',
    campos: [],
    clases: clases('N', 'R'),
    mensajeOficial:
      'No es permitido realizar la validación de una FEV en salud y su RIPS soporte emitida desde un PSS/PTS a otro PSS/PTS.',
    titulo: 'Factura entre prestadores o proveedores',
    explicacion:
      'El NIT del pagador (adquiriente de la factura) corresponde a un prestador de servicios de salud o a un proveedor de tecnologías en salud. La facturación entre prestadores o proveedores no se valida en el MUV. Se verifica contra el XML de la factura.',
    comoCorregir:
      'Revise el adquiriente de la factura: debe ser la entidad responsable de pago (EPS, ARL, aseguradora, entidad territorial, ADRES o el particular), no otro prestador o proveedor.',
    alcance: 'fev',
  }),
  regla({
    codigo: 'CIN006',
    campos: ['C18', 'P17', 'M20', 'S13'],
    clases: clases(null, 'R'),
    mensajeOficial:
      'El Concepto de recaudo no puede ser validada contra la cobertura o plan de beneficio informado conforme a la tabla de referencia',
    titulo: 'Concepto de recaudo no permitido para la cobertura',
    explicacion:
      'El «Concepto de recaudo» debe ser uno de los que la tabla de validaciones cruzadas del Documento Técnico 1 v002 (numeral 1.8) admite para la cobertura o plan de beneficios de la factura electrónica. Por ejemplo, con SOAT (04), ADRES (06), salud pública (07), entidad territorial (08) o urgencias de población migrante (09) solo cabe 05 «No aplica»; con particular (15), ARL (05) o el Fondo de las personas privadas de la libertad (14), solo 04 «Anticipo» (en la factura) o 05; los pagos compartidos (03) solo con planes voluntarios (10, 11, 12); el copago (01) y la cuota moderadora (02) solo con la UPC (16, 17), presupuesto máximo (02) y régimen especial o de excepción (13). Se verifica en cada servicio del RIPS (el anticipo 04 lo trata RVC092) y en los pagos anticipados (PrepaidPayment) de la factura, contra el XML.',
    comoCorregir:
      'Si la cobertura de la factura es la del contrato, registre en caja o facturación del sistema de origen el concepto de recaudo que corresponde a lo que realmente pagó el paciente (05 «No aplica» si la cobertura no admite pagos moderadores) y, si el cobro no procedía, gestione su devolución. Si la cobertura es la que está mal, corríjala en el software de facturación y emita de nuevo el documento.',
    alcance: 'fev',
  }),
  regla({
    // Our own code: DT1 v002 §1.8 lists the coverage ↔ payment modality pairs, but neither DT1 nor
    // DT2 gives this check a code or a class. Notification in both norms until the Ministry says more.
    codigo: 'COB01',
    campos: [],
    clases: clases('N', 'N'),
    mensajeOficial:
      'Validación propia (DT1 v002, numeral 1.8): la modalidad de pago de la factura no está permitida para la cobertura o plan de beneficios informado.',
    titulo: 'Modalidad de pago no permitida para la cobertura',
    explicacion:
      'La tabla de validaciones cruzadas del Documento Técnico 1 v002 (numeral 1.8) dice qué modalidades de pago (DT2 §4.2: 01 pago por caso, conjunto integral, paquete o canasta; 02 pago global prospectivo; 03 capitación; 04 pago por evento) caben en cada cobertura o plan de beneficios. Por ejemplo, presupuesto máximo (02), entidad territorial (08) y urgencias de población migrante (09) solo se facturan por evento (04); SOAT (04), ADRES (06), otras pólizas (12) y particular (15), por evento o por paquete (01); salud pública (07), además, por capitación (03). Los documentos técnicos no le dan código a esta validación: este es un código propio de este servicio, de clase notificación (el CUV se emite igual), y se verifica contra el XML de la factura o nota.',
    comoCorregir:
      'Revise en el software de facturación la cobertura y la modalidad de pago configuradas para el contrato: deben ser las del acuerdo de voluntades. Si alguna está mal, corríjala y emita de nuevo el documento; si ambas son las pactadas, consérvelas (es una notificación) y revise el contrato con la entidad responsable de pago.',
    alcance: 'fev',
  }),
  regla({
    codigo: 'RVG018',
    campos: [],
    clases: clases('R', 'R'),
    mensajeOficial:
      'No se pueden procesar facturas, cuyo período de facturación (fecha de inicio y fecha fin) sean anteriores al 2024-10-01 o al inicio del período de entrada en operación de cada Grupo definido en la Resolución 1884 de 2024.',
    titulo: 'Periodo de facturación anterior a la entrada en operación',
    explicacion:
      'Las fechas de inicio y fin del periodo de facturación de la factura (InvoicePeriod) no pueden ser anteriores al 1 de octubre de 2024 ni al inicio de operación del grupo del facturador. Se verifica contra el XML de la factura.',
    comoCorregir:
      'Revise las fechas del periodo de facturación en el sistema de facturación; las atenciones de periodos anteriores se radican por el mecanismo vigente para ellos.',
    alcance: 'fev',
  }),
  regla({
    codigo: 'RCG018',
    campos: [],
    clases: clases('R', 'R'),
    mensajeOficial:
      'No se pueden procesar facturas, cuyo período de facturación (fecha de inicio y fecha fin) sean anteriores al 2023-01-01',
    titulo: 'Periodo de facturación anterior a 2023',
    explicacion:
      'Las fechas de inicio y fin del periodo de facturación de la factura (InvoicePeriod) no pueden ser anteriores al 1 de enero de 2023. Se verifica contra el XML de la factura.',
    comoCorregir: 'Revise las fechas del periodo de facturación en el sistema de facturación.',
    alcance: 'fev',
  }),
];
