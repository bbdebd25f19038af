import type { Clase } from '../tipos.js';
import type { TipoDocumentoFev } from './documento.js';

/**
 * The FEV gate's codes (DT2 v001 §11 and LIN v3.2 §4.3) as data: one entry per official code with
 * its class and Spanish texts. Checks (verificar.ts) refer to a check key; the code depends on the
 * document type (FED… invoice, CND… credit note, DND… debit note).
 */
export interface CodigoFev {
  codigo: string;
  clase: Clase;
  /** Official text as printed in DT2 (kept as `mensajeOriginal`). */
  mensajeOficial: string;
  titulo: string;
  explicacion: string;
  comoCorregir: string;
  /** What the element is, for a person (`ubicacion.campoNombre`); the XML path stays in `campo`/`ruta`. */
  campoNombre: string;
  /** What the real mechanism was seen to do with this code in captured traffic (see Regla.visto). */
  visto?: string;
}

type PorTipo = Partial<Record<TipoDocumentoFev, string>>;

const NOMBRE_DOC: Record<TipoDocumentoFev, string> = {
  Invoice: 'la factura electrónica',
  CreditNote: 'la nota crédito',
  DebitNote: 'la nota débito',
};

const REEMITIR =
  'Ese dato lo genera su software de facturación: corríjalo allí y, si el documento ya fue validado por la DIAN, emita el documento corregido (o la nota que corresponda); no edite a mano el XML aprobado, porque deja de ser el documento validado. Luego arme de nuevo el AttachedDocument.';

const NO_EXISTE = 'El apartado no existe o no tiene valor en el XML del documento electrónico';
const SIN_GRUPO = 'No Existe el grupo en la extensión salud del archivo XML del documento electrónico';

interface Fila {
  clave: string;
  codigos: PorTipo;
  /** Codes whose class is N (notificación) in the official table; every other code is R. */
  notificacion?: string[];
  /** Official element path, with the document's root name replaced per type. */
  ruta: string;
  /** Business name of the element in Spanish, per document type («la nota crédito»…). */
  nombre: (doc: string) => string;
  mensaje: (ruta: string) => string;
  titulo: (doc: string) => string;
  explicacion: (doc: string) => string;
  comoCorregir?: string;
}

const tipos = (fed: string, cnd?: string, dnd?: string): PorTipo => ({
  Invoice: fed,
  ...(cnd ? { CreditNote: cnd } : {}),
  ...(dnd ? { DebitNote: dnd } : {}),
});
const espejo = (n: string, soloFactura = false): PorTipo =>
  soloFactura ? { Invoice: `FED${n}` } : { Invoice: `FED${n}`, CreditNote: `CND${n}`, DebitNote: `DND${n}` };

const mayuscula = (t: string) => `${t[0]!.toUpperCase()}${t.slice(1)}`;
/** «el código de la modalidad de pago (schemeID)» → «Código de la modalidad de pago». */
const nombreDeQue = (que: string) => mayuscula(que.replace(/^(el|la|los|las) /, '').replace(/ \(\S+\)$/, ''));
/** «la nota crédito» → «Nota crédito». */
const nombreDoc = (doc: string) => mayuscula(doc.replace(/^la /, ''));

/** "X is missing or empty" rows: code, element path and what the element is. */
function presencia(clave: string, codigos: PorTipo, ruta: string, que: string, porQue: string): Fila {
  return {
    clave,
    codigos,
    ruta,
    nombre: () => nombreDeQue(que),
    mensaje: (r) => `[${r}] ${NO_EXISTE}`,
    titulo: (doc) => `Falta ${que} en ${doc}`,
    explicacion: (doc) =>
      `${doc[0]!.toUpperCase()}${doc.slice(1)} debe traer ${que} (${ruta}) con valor. ${porQue}`,
  };
}

function grupoSalud(clave: string, codigos: PorTipo, nombre: string, que: string): Fila {
  return {
    clave,
    codigos,
    ruta: `Interoperabilidad.Group.Collection.AdditionalInformation.${nombre}`,
    nombre: () => mayuscula(que),
    mensaje: (r) => `[${r}] ${SIN_GRUPO}`,
    titulo: () => `Falta el dato ${nombre} en la extensión de salud`,
    explicacion: (doc) =>
      `La extensión del sector salud (CustomTagGeneral) de ${doc} debe tener un AdditionalInformation con Name «${nombre}» (${que}), aunque su valor vaya vacío cuando no aplica (DT2 §4).`,
    comoCorregir:
      'Configure en el software de facturación la extensión de salud completa: CODIGO_PRESTADOR, MODALIDAD_PAGO, COBERTURA_PLAN_BENEFICIOS, NUMERO_CONTRATO y NUMERO_POLIZA (y FACTURA_SIN_CONTRATO cuando no hay contrato), y emita de nuevo el documento.',
  };
}

const FILAS: Fila[] = [
  // File (DT2 §11.1)
  {
    clave: 'archivoFormato',
    codigos: { Invoice: 'GI005', CreditNote: 'GI005', DebitNote: 'GI005' },
    ruta: 'xmlFevFile',
    nombre: () => 'Archivo XML del documento electrónico',
    mensaje: () => 'Solo se admiten archivos con extensión XML, para el envío de las FEV, ND, NC',
    titulo: () => 'El archivo de la factura no es un XML en base64',
    explicacion: () =>
      '«xmlFevFile» debe ser el AttachedDocument (XML) de la factura, nota crédito o nota débito, codificado en base64, tal como lo recibe el MUV.',
    comoCorregir:
      'Envíe en «xmlFevFile» el contenido del archivo .xml del AttachedDocument codificado en base64 (sin encabezados como «data:»).',
  },
  {
    clave: 'archivoVacio',
    codigos: { Invoice: 'GI006', CreditNote: 'GI006', DebitNote: 'GI006' },
    ruta: 'xmlFevFile',
    nombre: () => 'Archivo XML del documento electrónico',
    mensaje: () => 'El archivo XML está vacío',
    titulo: () => 'El archivo XML de la factura está vacío',
    explicacion: () => 'Se recibió «xmlFevFile» sin contenido.',
    comoCorregir: 'Adjunte el AttachedDocument completo de la factura o nota en base64.',
  },
  {
    clave: 'archivoGrande',
    codigos: { Invoice: 'GI008', CreditNote: 'GI008', DebitNote: 'GI008' },
    ruta: 'xmlFevFile',
    nombre: () => 'Archivo XML del documento electrónico',
    mensaje: () => 'El tamaño del archivo XML es mayor a 16 MB',
    titulo: () => 'El archivo XML supera el tamaño máximo',
    explicacion: () =>
      'El Documento Técnico 2 admite un XML de hasta 16 MB; este servicio aplica el límite configurado (FEV_MAX_BYTES).',
    comoCorregir:
      'Verifique que el AttachedDocument contenga solo la factura y su ApplicationResponse (sin anexos embebidos); si la factura es muy grande, divídala en varias facturas.',
  },
  {
    clave: 'archivoFaltante',
    codigos: { Invoice: 'VPQ004', CreditNote: 'VPQ004', DebitNote: 'VPQ004' },
    ruta: 'xmlFevFile',
    nombre: () => 'Archivo XML del documento electrónico',
    mensaje: () => 'Falta el archivo XML en la carpeta',
    titulo: () => 'Falta el XML de la factura o nota',
    explicacion: () =>
      'Un RIPS que soporta una factura (tipoNota vacío) o una nota crédito o débito (NC, ND) se valida y radica junto con su AttachedDocument.',
    comoCorregir: 'Envíe en «xmlFevFile» el AttachedDocument de la factura o nota en base64.',
  },
  {
    clave: 'archivoSobrante',
    codigos: { Invoice: 'XML02', CreditNote: 'XML02', DebitNote: 'XML02' },
    ruta: 'xmlFevFile',
    nombre: () => 'Archivo XML del documento electrónico',
    mensaje: () => 'Las notas de ajuste (NA) y los RIPS sin factura (RS) se radican sin XML.',
    titulo: () => 'Este RIPS no lleva XML de factura',
    explicacion: () =>
      'Con tipoNota «NA» (nota de ajuste del RIPS) o «RS» (RIPS sin factura), y en la operación «Cápita final» (CargarCapitaFinal, el RIPS del último periodo), no hay documento electrónico de la DIAN: «xmlFevFile» debe ir ausente o vacío (API Docker FEV-RIPS).',
    comoCorregir:
      'Quite «xmlFevFile» de la solicitud, o revise el tipoNota del RIPS si en realidad soporta una factura o una nota crédito o débito.',
  },
  {
    clave: 'archivoCodificacion',
    codigos: { Invoice: 'XML03', CreditNote: 'XML03', DebitNote: 'XML03' },
    ruta: 'xmlFevFile',
    nombre: () => 'Archivo XML del documento electrónico',
    mensaje: () => 'El XML debe estar codificado en UTF-8 y declararlo así (código propio).',
    titulo: () => 'El XML no está en UTF-8 o declara otra codificación',
    explicacion: () =>
      'Los documentos UBL 2.1 de la DIAN (el AttachedDocument, la factura o nota y el ApplicationResponse) van codificados en UTF-8, y así los recibe el MUV. Este XML está en otra codificación (UTF-16, por ejemplo) o su declaración <?xml … encoding="…"?> nombra una codificación que no es la de sus bytes: tildes y eñes se leerían distinto de como se emitieron, y el MUV lo rechazaría como mal formado. No se convierte aquí porque al MUV se envía el archivo tal cual llegó.',
    comoCorregir:
      'Descargue de nuevo el AttachedDocument desde su software de facturación o proveedor tecnológico en UTF-8, con la declaración <?xml version="1.0" encoding="UTF-8"?>, sin abrirlo ni guardarlo con otro editor (algunos lo guardan en UTF-16 o cambian la declaración), y vuelva a codificarlo en base64. Si el proveedor lo entrega en otra codificación, pídale el archivo en UTF-8, que es el que validó la DIAN.',
  },
  // Structure (DT2 §11.2)
  {
    clave: 'estructuraContenedor',
    codigos: tipos('FEV001', 'NCV001', 'NDV001'),
    ruta: 'AttachedDocument',
    nombre: () => 'Contenedor electrónico del documento',
    mensaje: () => 'Hay un error en la estructura del XML en el apartado [AttachedDocument]',
    titulo: () => 'El contenedor (AttachedDocument) está mal formado',
    explicacion: () =>
      'El XML recibido no se puede leer como un AttachedDocument UBL 2.1 (etiquetas sin cerrar, caracteres inválidos, declaraciones no permitidas o un elemento raíz distinto).',
    comoCorregir:
      'Genere el AttachedDocument con su software de facturación o proveedor tecnológico, sin editarlo a mano, y vuelva a codificarlo en base64.',
  },
  {
    clave: 'estructuraDocumento',
    codigos: tipos('FEV002', 'NCV002', 'NDV002'),
    ruta: 'AttachedDocument.Attachment.ExternalReference.Description',
    nombre: (doc) => `${nombreDoc(doc)} dentro del contenedor`,
    mensaje: () => 'Hay un error en la estructura del XML en apartado [Invoice]',
    titulo: (doc) => `El XML de ${doc} dentro del contenedor está mal formado`,
    explicacion: (doc) =>
      `El texto de ${doc} que va en CDATA dentro de Attachment/ExternalReference/Description no es un XML UBL legible.`,
    comoCorregir:
      'Incluya en el contenedor el XML firmado exactamente como lo validó la DIAN, dentro de una sección CDATA.',
  },
  {
    clave: 'estructuraRespuesta',
    codigos: tipos('FEV003', 'NCV003', 'NDV003'),
    ruta: 'AttachedDocument.ParentDocumentLineReference.DocumentReference.Attachment.ExternalReference.Description',
    nombre: () => 'Respuesta de validación de la DIAN',
    mensaje: () => 'Hay un error en la estructura del XML en el apartado [ApplicationResponse]',
    titulo: () => 'La respuesta de la DIAN dentro del contenedor está mal formada',
    explicacion: () =>
      'El ApplicationResponse de la DIAN que va en CDATA en ParentDocumentLineReference no es un XML legible.',
    comoCorregir: 'Incluya el ApplicationResponse tal como lo entregó la DIAN, dentro de una sección CDATA.',
  },
  {
    clave: 'noEsTipo',
    codigos: tipos('FEV008', 'NCV008', 'NDV008'),
    ruta: 'AttachedDocument.Attachment.ExternalReference.Description',
    nombre: () => 'Documento electrónico dentro del contenedor',
    mensaje: (r) =>
      r === 'CreditNote'
        ? 'El Documento Electrónico seleccionado NO es una Nota Crédito'
        : r === 'DebitNote'
          ? 'El Documento Electrónico seleccionado NO es una Nota Débito'
          : 'El Documento Electrónico seleccionado NO es una Factura Electrónica de Venta',
    titulo: (doc) => `El documento del contenedor no es ${doc}`,
    explicacion: (doc) =>
      `Según el tipoNota del RIPS se esperaba ${doc} dentro del AttachedDocument, pero el documento adjunto es de otro tipo.`,
    comoCorregir:
      'Adjunte el contenedor del documento que soporta este RIPS: la factura cuando tipoNota va vacío, la nota crédito con NC y la nota débito con ND.',
  },
  // Presence (DT2 §11.2)
  {
    clave: 'contenedor',
    codigos: tipos('PFE001', 'PNC001', 'PDN001'),
    ruta: 'AttachedDocument',
    nombre: () => 'Contenedor electrónico del documento',
    mensaje: (r) => `[${r}] El apartado no existe o no tiene valor en el XML del documento electrónico`,
    titulo: () => 'Se envió el documento sin su contenedor (AttachedDocument)',
    explicacion: (doc) =>
      `El MUV recibe ${doc} dentro del contenedor electrónico AttachedDocument (UBL 2.1), que lleva el documento firmado y la respuesta de validación de la DIAN (ApplicationResponse); el XML recibido no es un AttachedDocument.`,
    comoCorregir:
      'Descargue de su software de facturación o proveedor tecnológico el AttachedDocument (el que se entrega al adquiriente), no solo el XML de la factura, y envíelo en base64.',
  },
  {
    clave: 'documento',
    codigos: tipos('PFE002', 'PNC002', 'PDN002'),
    ruta: 'AttachedDocument.Attachment.ExternalReference.Description',
    nombre: (doc) => `${nombreDoc(doc)} dentro del contenedor`,
    mensaje: (r) => `[${r === 'Invoice' ? 'Invoice' : r}] ${NO_EXISTE}`,
    titulo: (doc) => `El contenedor no trae ${doc}`,
    explicacion: (doc) =>
      `El AttachedDocument debe traer ${doc} firmada como texto (CDATA) en Attachment/ExternalReference/Description; no se encontró o está vacía.`,
    comoCorregir: 'Arme el AttachedDocument con el documento validado por la DIAN en su sección Attachment.',
  },
  {
    clave: 'respuesta',
    codigos: tipos('PFE003', 'PNC003', 'PDN003'),
    ruta: 'AttachedDocument.ParentDocumentLineReference.DocumentReference.Attachment.ExternalReference.Description',
    nombre: () => 'Respuesta de validación de la DIAN',
    mensaje: () => `[ApplicationResponse] ${NO_EXISTE}`,
    titulo: () => 'El contenedor no trae la respuesta de validación de la DIAN',
    explicacion: () =>
      'El AttachedDocument debe traer el ApplicationResponse de la DIAN (CDATA en ParentDocumentLineReference/DocumentReference/Attachment); sin él el MUV no puede comprobar que el documento fue validado.',
    comoCorregir:
      'Espere la validación de la DIAN y arme el AttachedDocument con el ApplicationResponse que ella devolvió.',
  },
  {
    clave: 'referencia',
    codigos: { CreditNote: 'PNC012', DebitNote: 'PDN012' },
    ruta: 'BillingReference.InvoiceDocumentReference',
    nombre: () => 'Factura referenciada por la nota',
    mensaje: () =>
      'No existe el Tag [BillingReference.InvoiceDocumentReference] de la Factura Electrónica referenciada en el XML',
    titulo: (doc) => `${doc[0]!.toUpperCase()}${doc.slice(1)} no referencia una factura`,
    explicacion: (doc) =>
      `Para el MUV, ${doc} debe ser del tipo de operación que referencia una factura (20 para nota crédito, 30 para nota débito) y traer BillingReference/InvoiceDocumentReference con el número, el CUFE y la fecha de la factura (DT2 §9).`,
    comoCorregir:
      'Emita la nota referenciando la factura electrónica que corrige (tipo de operación 20 o 30), no como nota sin referencia.',
  },
  {
    clave: 'numeroRips',
    codigos: { Invoice: 'PFP001', CreditNote: 'PFP001', DebitNote: 'PFP001' },
    ruta: 'Invoice.ID',
    nombre: (doc) =>
      doc === NOMBRE_DOC.Invoice ? 'Número de la factura' : 'Número de la factura referenciada por la nota',
    mensaje: () => 'El número de Factura Electrónica no corresponde al reportado por Rips',
    titulo: () => 'El número de factura del XML no es el del RIPS',
    explicacion: () =>
      'El número de la factura en el XML (Invoice/ID, o la factura referenciada en BillingReference en las notas) debe ser igual al «numFactura» del RIPS.',
    comoCorregir:
      'Verifique que está enviando el RIPS y el XML de la misma factura; genere el RIPS con el prefijo y número exactos de la factura validada por la DIAN.',
  },
  {
    clave: 'respuestaCodigo',
    codigos: { Invoice: 'AAR001', CreditNote: 'AAR001', DebitNote: 'AAR001' },
    ruta: 'ApplicationResponse.DocumentResponse[0].Response.ResponseCode',
    nombre: () => 'Resultado de la validación de la DIAN',
    mensaje: (r) => `[${r}] El valor reportado no es válido o está vacío`,
    titulo: () => 'La respuesta de la DIAN no trae un código de resultado válido',
    explicacion: () =>
      'El ApplicationResponse debe traer en DocumentResponse/Response/ResponseCode el resultado de la validación de la DIAN (02 = documento validado).',
    comoCorregir: 'Incluya en el contenedor el ApplicationResponse original que entregó la DIAN.',
  },
  {
    clave: 'rechazadaDian',
    codigos: { Invoice: 'GI010', CreditNote: 'GI010', DebitNote: 'GI010' },
    ruta: 'ApplicationResponse.DocumentResponse[0].Response.ResponseCode',
    nombre: () => 'Resultado de la validación de la DIAN',
    mensaje: (r) => `[${r}] El documento electrónico fue rechazado por la DIAN`,
    titulo: () => 'La DIAN rechazó el documento',
    explicacion: () =>
      'El ApplicationResponse indica que la DIAN no validó el documento (código distinto de 02); un documento rechazado no es factura ni nota y no se radica.',
    comoCorregir:
      'Corrija en el software de facturación lo que indicó la DIAN, emita de nuevo el documento y, con la respuesta de validación (02), arme el contenedor.',
  },
  {
    clave: 'noAprobado',
    codigos: tipos('GI011', 'GI014', 'GI017'),
    ruta: 'ApplicationResponse.DocumentResponse[0].DocumentReference',
    nombre: () => 'Documento que validó la DIAN',
    mensaje: (r) =>
      r.startsWith('DebitNote')
        ? 'La Nota Débito no corresponde a la aprobada por la DIAN'
        : 'El Documento Invoice – Factura electrónica no corresponde a la aprobada por la DIAN',
    titulo: (doc) => `${doc[0]!.toUpperCase()}${doc.slice(1)} no es el documento que validó la DIAN`,
    explicacion: (doc) =>
      `La respuesta de la DIAN (ApplicationResponse/DocumentResponse/DocumentReference) se refiere a otro documento: su número o su CUFE/CUDE no son los de ${doc} que va en el contenedor. El contenedor debe llevar el documento exactamente como la DIAN lo validó, con su propia respuesta.`,
    comoCorregir:
      'Arme de nuevo el AttachedDocument con el XML firmado que envió a la DIAN y el ApplicationResponse que la DIAN devolvió para ese mismo documento; no edite ninguno de los dos.',
  },
  // Invoice data presence (DT2 §11.2: FED…; notes: CND…/DND…)
  presencia(
    'customizationID',
    espejo('001'),
    'CustomizationID',
    'el tipo de operación',
    'Identifica la operación del sector salud (SS-CUFE, SS-CUDE, SS-POS, SS-SNum, SS-Recaudo, SS-Reporte, SS-SinAporte; 20 o 30 en las notas).',
  ),
  presencia(
    'numero',
    espejo('003'),
    'ID',
    'el número del documento (prefijo y consecutivo)',
    'Es el número con que se cruza el RIPS.',
  ),
  presencia(
    'cufe',
    espejo('004'),
    'UUID',
    'el código único del documento (CUFE o CUDE)',
    'Es el código único que asignó la DIAN al documento.',
  ),
  presencia('fechaEmision', espejo('005'), 'IssueDate', 'la fecha de emisión', ''),
  presencia('codigoTipo', espejo('008', true), 'InvoiceTypeCode', 'el tipo de factura', ''),
  presencia('aPagar', espejo('017'), 'LegalMonetaryTotal.PayableAmount', 'el valor a pagar', ''),
  presencia('emisor', espejo('018'), 'AccountingSupplierParty', 'el grupo del facturador (emisor)', ''),
  presencia(
    'emisorParty',
    espejo('019'),
    'AccountingSupplierParty.Party',
    'los datos del facturador (Party)',
    '',
  ),
  presencia(
    'emisorPartyTaxScheme',
    espejo('030'),
    'AccountingSupplierParty.Party.PartyTaxScheme',
    'el grupo tributario del facturador',
    '',
  ),
  presencia(
    'emisorCuenta',
    espejo('020'),
    'AccountingSupplierParty.AdditionalAccountID',
    'el tipo de persona del facturador',
    '',
  ),
  presencia(
    'emisorNit',
    espejo('021'),
    'AccountingSupplierParty.Party.PartyTaxScheme.CompanyID',
    'el NIT del facturador',
    'Es el NIT con que se cruza el RIPS (numDocumentoIdObligado).',
  ),
  presencia(
    'emisorDv',
    espejo('022'),
    'AccountingSupplierParty.Party.PartyTaxScheme.CompanyID.schemeID',
    'el dígito de verificación del NIT del facturador',
    '',
  ),
  presencia(
    'emisorNombre',
    espejo('023'),
    'AccountingSupplierParty.Party.PartyTaxScheme.RegistrationName',
    'la razón social del facturador',
    '',
  ),
  presencia(
    'adquirienteCuenta',
    { CreditNote: 'CND031' },
    'AccountingCustomerParty.AdditionalAccountID',
    'el tipo de persona del adquiriente',
    '',
  ),
  presencia(
    'adquirienteNit',
    espejo('034'),
    'AccountingCustomerParty.Party.PartyTaxScheme.CompanyID',
    'el documento del adquiriente (entidad responsable de pago)',
    '',
  ),
  presencia(
    'adquirienteNombre',
    espejo('036'),
    'AccountingCustomerParty.Party.PartyTaxScheme.RegistrationName',
    'el nombre del adquiriente',
    '',
  ),
  {
    ...presencia(
      'extension',
      espejo('060'),
      'UBLExtensions.CustomTagGeneral',
      'la extensión del sector salud (CustomTagGeneral)',
      'Lleva el código del prestador, la modalidad de pago, la cobertura, el contrato y la póliza (DT2 §4–5).',
    ),
    mensaje: (r) => `[${r}] El apartado no existe en el XML del documento electrónico`,
    comoCorregir:
      'Active en su software de facturación la extensión del sector salud (segunda UBLExtension, antes de la firma) y emita de nuevo el documento.',
  },
  {
    clave: 'prepagoUnico',
    codigos: espejo('061', true),
    ruta: 'PrepaidPayment',
    nombre: () => 'Pagos anticipados por concepto de recaudo',
    mensaje: () => '[/Invoice/cac:PrepaidPayment] El apartado debe ser informado una única vez por concepto',
    titulo: () => 'Pago anticipado repetido para un mismo concepto',
    explicacion: () =>
      'La factura lleva un grupo PrepaidPayment por concepto de recaudo (01 copago, 02 cuota moderadora, 03 pagos compartidos, 04 anticipo), con el total de ese concepto; el mismo concepto aparece más de una vez.',
    comoCorregir:
      'Sume los valores del mismo concepto en un único PrepaidPayment y emita de nuevo la factura.',
  },
  presencia(
    'periodoInicio',
    espejo('100'),
    'InvoicePeriod.StartDate',
    'la fecha de inicio del periodo de facturación',
    'Los servicios del RIPS deben estar dentro del periodo (DT2 §4.10).',
  ),
  presencia(
    'periodoFin',
    espejo('101'),
    'InvoicePeriod.EndDate',
    'la fecha final del periodo de facturación',
    'Los servicios del RIPS deben estar dentro del periodo (DT2 §4.11).',
  ),
  presencia(
    'prepagoConcepto',
    espejo('104'),
    'PrepaidPayment.ID.schemeID',
    'el concepto de recaudo del pago anticipado',
    'El schemeID del ID de cada PrepaidPayment es el código de la tabla conceptoRecaudo.',
  ),
  presencia(
    'prepagoValor',
    espejo('105'),
    'PrepaidPayment.PaidAmount',
    'el valor del pago anticipado',
    'Numérico, sin separadores de miles, punto como separador decimal, no negativo.',
  ),
  presencia(
    'cargoMultiplicador',
    espejo('108'),
    'AllowanceCharge.MultiplierFactorNumeric',
    'el porcentaje del cargo',
    '',
  ),
  presencia('cargoMonto', espejo('109'), 'AllowanceCharge.Amount', 'el valor del cargo', ''),
  presencia('cargoBase', espejo('110'), 'AllowanceCharge.BaseAmount', 'la base del cargo', ''),
  presencia(
    'descuentoMultiplicador',
    espejo('111'),
    'AllowanceCharge.MultiplierFactorNumeric',
    'el porcentaje del descuento',
    '',
  ),
  presencia('descuentoMonto', espejo('112'), 'AllowanceCharge.Amount', 'el valor del descuento', ''),
  presencia('descuentoBase', espejo('113'), 'AllowanceCharge.BaseAmount', 'la base del descuento', ''),
  presencia('tributoMonto', espejo('114'), 'TaxTotal.TaxAmount', 'el valor del tributo', ''),
  presencia(
    'tributoBase',
    espejo('116'),
    'TaxTotal.TaxSubtotal.TaxableAmount',
    'la base gravable del tributo',
    '',
  ),
  presencia(
    'tributoSubtotal',
    espejo('117'),
    'TaxTotal.TaxSubtotal.TaxAmount',
    'el valor del subtotal del tributo',
    '',
  ),
  presencia(
    'tributoEsquema',
    espejo('122'),
    'TaxTotal.TaxSubtotal.TaxCategory.TaxScheme.ID',
    'el identificador del tributo',
    '',
  ),
  // Health extension (FED123–FED136; notes mirror the invoice codes)
  {
    ...presencia(
      'prestadorValor',
      espejo('123'),
      'Interoperabilidad.Group.Collection.AdditionalInformation.CODIGO_PRESTADOR.Value',
      'el código de habilitación del prestador (CODIGO_PRESTADOR)',
      'Es el código del REPS (10 dígitos) o el código asignado en IPSnoREPS.',
    ),
    notificacion: ['FED123', 'CND123', 'DND123'],
    comoCorregir:
      'Registre en el software de facturación el código de habilitación del prestador (10 dígitos, sin la sede).',
  },
  grupoSalud('prestadorGrupo', espejo('124'), 'CODIGO_PRESTADOR', 'código del prestador'),
  presencia(
    'modalidadEsquema',
    espejo('125'),
    'Interoperabilidad.Group.Collection.AdditionalInformation.MODALIDAD_PAGO.SchemeId',
    'el código de la modalidad de pago (schemeID)',
    'El schemeID es el código de la tabla modalidadPago y schemeName «salud_modalidad_pago.gc».',
  ),
  {
    clave: 'modalidadValor',
    codigos: espejo('133'),
    ruta: 'Interoperabilidad.Group.Collection.AdditionalInformation.MODALIDAD_PAGO',
    nombre: () => 'Modalidad de pago',
    mensaje: (r) => `[${r}] El valor reportado no es válido o está vacío`,
    titulo: () => 'Modalidad de pago no válida',
    explicacion: () =>
      'MODALIDAD_PAGO lleva schemeName «salud_modalidad_pago.gc» y un schemeID de la tabla modalidadPago del DT2: 01 pago individual por caso / conjunto integral / paquete / canasta, 02 pago global prospectivo, 03 capitación, 04 pago por evento.',
    comoCorregir:
      'Configure la modalidad de pago del contrato con el código de la tabla modalidadPago y emita de nuevo el documento.',
  },
  grupoSalud('modalidadGrupo', espejo('126'), 'MODALIDAD_PAGO', 'modalidad de pago'),
  presencia(
    'coberturaEsquema',
    espejo('127'),
    'Interoperabilidad.Group.Collection.AdditionalInformation.COBERTURA_PLAN_BENEFICIOS.SchemeId',
    'el código de la cobertura o plan de beneficios (schemeID)',
    'El schemeID es el código de la tabla coberturaPlan y schemeName «salud_cobertura.gc».',
  ),
  {
    clave: 'coberturaValor',
    codigos: espejo('134'),
    ruta: 'Interoperabilidad.Group.Collection.AdditionalInformation.COBERTURA_PLAN_BENEFICIOS',
    nombre: () => 'Cobertura o plan de beneficios',
    mensaje: (r) => `[${r}] El valor reportado no es válido o está vacío`,
    titulo: () => 'Cobertura o plan de beneficios no válida',
    explicacion: () =>
      'COBERTURA_PLAN_BENEFICIOS lleva schemeName «salud_cobertura.gc» y un schemeID de la tabla coberturaPlan. Con la Res. 948/2026 el código 01 (UPC) queda inactivo para facturas emitidas desde el 2026-07-01 y se usan 16 (UPC contributiva) y 17 (UPC subsidiada).',
    comoCorregir:
      'Configure en el software de facturación la cobertura del contrato con el código vigente de la tabla coberturaPlan (y el schemeName exacto «salud_cobertura.gc») y emita de nuevo el documento.',
  },
  grupoSalud('coberturaGrupo', espejo('128'), 'COBERTURA_PLAN_BENEFICIOS', 'cobertura o plan de beneficios'),
  {
    ...presencia(
      'contratoValor',
      espejo('129'),
      'Interoperabilidad.Group.Collection.AdditionalInformation.NUMERO_CONTRATO.Value',
      'el número de contrato (NUMERO_CONTRATO)',
      'Es obligatorio cuando hay contrato (en la Res. 948, el CUCON); sin contrato se informa FACTURA_SIN_CONTRATO.',
    ),
    notificacion: ['FED129', 'CND129', 'DND129'],
    comoCorregir:
      'Registre el número de contrato (CUCON cuando exista) o, si se factura sin contrato, el dato FACTURA_SIN_CONTRATO con su código.',
  },
  grupoSalud('contratoGrupo', espejo('130'), 'NUMERO_CONTRATO', 'número de contrato'),
  {
    ...presencia(
      'polizaValor',
      espejo('131'),
      'Interoperabilidad.Group.Collection.AdditionalInformation.NUMERO_POLIZA.Value',
      'el número de póliza (NUMERO_POLIZA)',
      'Es obligatorio en atenciones SOAT (cobertura 04) y de planes voluntarios (10 plan complementario, 11 medicina prepagada, 12 pólizas en salud).',
    ),
    notificacion: ['FED131', 'CND131', 'DND131'],
    comoCorregir:
      'Registre en la factura el número de la póliza SOAT o del plan voluntario con que se atendió al paciente.',
  },
  grupoSalud('polizaGrupo', espejo('132'), 'NUMERO_POLIZA', 'número de póliza'),
  {
    ...presencia(
      'sinContratoEsquema',
      espejo('136', true),
      'Interoperabilidad.Group.Collection.AdditionalInformation.FACTURA_SIN_CONTRATO.SchemeId',
      'el código de factura sin contrato (FACTURA_SIN_CONTRATO)',
      'Cuando no hay contrato, FACTURA_SIN_CONTRATO lleva en schemeID el código de la tabla facturaSinContrato (DT2 §2.1.1).',
    ),
    notificacion: ['FED136'],
    comoCorregir:
      'Informe FACTURA_SIN_CONTRATO con el schemeID de la tabla facturaSinContrato (web.sispro.gov.co).',
  },
  // Data content (DT2 §11.3)
  {
    clave: 'tipoInvalido',
    codigos: tipos('VFE001', 'VCN001'),
    ruta: 'InvoiceTypeCode',
    nombre: (doc) => (doc === NOMBRE_DOC.Invoice ? 'Tipo de factura' : `Tipo de ${doc.replace(/^la /, '')}`),
    mensaje: (r) => `[${r}] El valor reportado no es válido o está vacío`,
    titulo: (doc) => `Tipo de documento no válido en ${doc}`,
    explicacion: () =>
      'El código de tipo de documento no es uno de la DIAN: factura 01 (venta), 02 (exportación), 03 (contingencia facturador) o 04 (contingencia DIAN); nota crédito 91.',
    comoCorregir: REEMITIR,
  },
  {
    clave: 'tipoNoValido',
    codigos: tipos('VFE002', 'VCN002'),
    ruta: 'InvoiceTypeCode',
    nombre: (doc) => (doc === NOMBRE_DOC.Invoice ? 'Tipo de factura' : `Tipo de ${doc.replace(/^la /, '')}`),
    mensaje: (r) =>
      `[${r}] El valor reportado no es válido para ${r.startsWith('Credit') ? 'Nota Crédito' : 'Factura Electrónica'}`,
    titulo: (doc) => `El tipo de documento no sirve para ${doc} en salud`,
    explicacion: () =>
      'La factura electrónica de venta en salud es de tipo 01 (o 03/04 en contingencia); la factura de exportación (02) no soporta RIPS. La nota crédito es de tipo 91.',
    comoCorregir: REEMITIR,
  },
  {
    clave: 'operacionSalud',
    codigos: { Invoice: 'VFE003' },
    ruta: 'CustomizationID',
    nombre: () => 'Tipo de operación',
    mensaje: () =>
      '[Invoice.CustomizationID] El valor reportado de la Factura Electrónica no es válido del sector Salud o está vacío',
    titulo: () => 'La factura no tiene un tipo de operación del sector salud',
    explicacion: () =>
      'CustomizationID debe ser un tipo de operación del sector salud (DT2 §9, salud_tipo_operacion.gc): SS-CUFE, SS-CUDE, SS-POS, SS-SNum, SS-Recaudo, SS-Reporte o SS-SinAporte.',
    comoCorregir:
      'Configure el tipo de operación de salud en el software de facturación (SS-SinAporte si no hubo copagos ni cuotas, SS-CUFE/CUDE/POS/SNum si los hubo) y emita de nuevo la factura.',
  },
  {
    clave: 'numeroInvalido',
    codigos: tipos('VFE005', 'VCN004', 'VDN002'),
    ruta: 'ID',
    nombre: (doc) => `Número de ${doc}`,
    mensaje: (r) => `[${r}.ID] El valor reportado contiene caracteres inválidos o está vacío`,
    titulo: (doc) => `El número de ${doc} tiene caracteres inválidos`,
    explicacion: () => 'El número (prefijo y consecutivo) solo puede tener letras, dígitos y guiones.',
    comoCorregir: REEMITIR,
  },
  {
    clave: 'cufeInvalido',
    codigos: tipos('VFE006', 'VCN005', 'VDN003'),
    ruta: 'UUID',
    nombre: () => 'Código único del documento (CUFE o CUDE)',
    mensaje: (r) => `[${r}.UUID] El valor reportado contiene caracteres inválidos o está vacío`,
    titulo: (doc) => `El CUFE/CUDE de ${doc} tiene caracteres inválidos`,
    explicacion: () =>
      'El CUFE o CUDE es un código alfanumérico (SHA-384 en hexadecimal) asignado al documento.',
    comoCorregir: REEMITIR,
  },
  {
    clave: 'emisorEsquema',
    codigos: tipos('VFE011', 'VCN010', 'VDN008'),
    ruta: 'AccountingSupplierParty.Party.PartyTaxScheme[0].CompanyID.schemeName',
    nombre: () => 'Tipo de identificación del facturador',
    mensaje: (r) => `[${r}] Debe informar literal '31'`,
    titulo: () => 'El NIT del facturador no está identificado como NIT (31)',
    explicacion: () =>
      'El CompanyID del facturador debe llevar schemeName «31» (NIT en la tabla de tipos de documento de la DIAN).',
    comoCorregir: REEMITIR,
  },
  {
    clave: 'emisorDvValor',
    codigos: tipos('VFE012', 'VCN011', 'VDN009'),
    ruta: 'AccountingSupplierParty.Party.PartyTaxScheme[0].CompanyID.schemeID',
    nombre: () => 'Dígito de verificación del NIT del facturador',
    mensaje: (r) => `[${r}] Debe informar el Dígito de Verificación o está vacío`,
    titulo: () => 'Dígito de verificación del NIT del facturador no válido',
    explicacion: () =>
      'El schemeID del CompanyID del facturador es el dígito de verificación del NIT: un solo dígito.',
    comoCorregir: REEMITIR,
  },
  {
    clave: 'periodoInicioValor',
    codigos: tipos('VFE020', 'VCN019', 'VDN017'),
    ruta: 'InvoicePeriod.StartDate',
    nombre: () => 'Fecha de inicio del periodo de facturación',
    mensaje: () => 'Debe reportar la fecha de inicio del periodo del documento electrónico',
    titulo: () => 'Fecha de inicio del periodo de facturación no válida',
    explicacion: () =>
      'InvoicePeriod/StartDate es una fecha AAAA-MM-DD, no posterior a la fecha final del periodo (DT2 §4.10).',
    comoCorregir:
      'Corrija el periodo de facturación en el software de facturación y emita de nuevo el documento.',
  },
  {
    clave: 'periodoFinValor',
    codigos: tipos('VFE021', 'VCN020', 'VDN018'),
    ruta: 'InvoicePeriod.EndDate',
    nombre: () => 'Fecha final del periodo de facturación',
    mensaje: () => 'Debe reportar la fecha final del periodo del documento electrónico',
    titulo: () => 'Fecha final del periodo de facturación no válida',
    explicacion: () => 'InvoicePeriod/EndDate es una fecha AAAA-MM-DD (DT2 §4.11).',
    comoCorregir:
      'Corrija el periodo de facturación en el software de facturación y emita de nuevo el documento.',
  },
];

function construir(): { porCodigo: Map<string, CodigoFev>; porClave: Map<string, PorTipo> } {
  const porCodigo = new Map<string, CodigoFev>();
  const porClave = new Map<string, PorTipo>();
  for (const f of FILAS) {
    porClave.set(f.clave, f.codigos);
    for (const [tipo, codigo] of Object.entries(f.codigos) as [TipoDocumentoFev, string][]) {
      if (porCodigo.has(codigo)) continue;
      const doc = NOMBRE_DOC[tipo];
      const rutaTipo = f.ruta.startsWith('Invoice.') ? f.ruta.replace('Invoice', tipo) : `${tipo}.${f.ruta}`;
      porCodigo.set(codigo, {
        codigo,
        clase: f.notificacion?.includes(codigo) ? 'N' : 'R',
        mensajeOficial: f.mensaje(f.clave === 'noEsTipo' ? tipo : rutaTipo),
        titulo: f.titulo(doc),
        explicacion: f.explicacion(doc),
        comoCorregir: f.comoCorregir ?? REEMITIR,
        campoNombre: f.nombre(doc),
      });
    }
  }
  return { porCodigo, porClave };
}

const REGISTRO = construir();

/** Every gate code with its texts. */
export const CODIGOS_FEV: ReadonlyMap<string, CodigoFev> = REGISTRO.porCodigo;

/** The official code of a check for a document type, or undefined when the table has none. */
export function codigoDe(clave: string, tipo: TipoDocumentoFev): string | undefined {
  const c = REGISTRO.porClave.get(clave);
  if (!c) throw new Error(`Comprobación FEV desconocida: ${clave}`);
  return c[tipo];
}

/** Business name of a check's element for a document type (`ubicacion.campoNombre`). */
export function nombreDe(clave: string, tipo: TipoDocumentoFev): string {
  const f = FILAS.find((x) => x.clave === clave);
  return f ? f.nombre(NOMBRE_DOC[tipo]) : nombreDoc(NOMBRE_DOC[tipo]);
}

/** Element path shown to a person: the row's path under the document root. */
export function rutaDe(clave: string, tipo: TipoDocumentoFev): string {
  const f = FILAS.find((x) => x.clave === clave);
  if (!f) return tipo;
  if (
    f.ruta === 'xmlFevFile' ||
    f.ruta.startsWith('AttachedDocument') ||
    f.ruta.startsWith('ApplicationResponse')
  )
    return f.ruta;
  if (f.ruta.startsWith('Interoperabilidad')) return `${tipo}.UBLExtensions.CustomTagGeneral.${f.ruta}`;
  return f.ruta.startsWith('Invoice.') ? f.ruta.replace('Invoice', tipo) : `${tipo}.${f.ruta}`;
}
