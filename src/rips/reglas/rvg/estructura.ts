import { clases, type Regla, regla } from '../tipos.js';

/**
 * RVG01, RVG04, RVG05, RVG06: emitted by the structure checker (src/rips/estructura), not by
 * hooks; registered here for their class history and texts.
 */
export const REGLAS_RVG_ESTRUCTURA: Regla[] = [
  regla({
    codigo: 'RVG01',
    campos: [],
    clases: clases('R', 'R'),
    mensajeOficial: 'Los RIPS no cumplen con la estructura establecida.',
    titulo: 'El RIPS no cumple la estructura JSON establecida',
    explicacion:
      'El archivo RIPS debe tener la forma definida por el Ministerio, que el MUV verifica con un esquema JSON: un objeto raíz con los datos de la transacción, un arreglo «usuarios» y, dentro de cada usuario, el objeto «servicios» con los arreglos de consultas, procedimientos, urgencias, hospitalización, recién nacidos, medicamentos y otros servicios, y en cada propiedad el formato y el tipo de dato del Documento Técnico 1. Aquí falta un elemento obligatorio, un elemento no es del tipo de objeto o arreglo esperado, un dato no tiene el formato o el tipo requerido (texto o número, número entero, código o fecha de tamaño fijo), o hay un valor negativo o una cantidad en cero (el Documento Técnico 1 también los reporta con esta regla). Las propiedades adicionales no se reportan: el MUV las ignora.',
    comoCorregir:
      'Revise el generador de RIPS del sistema de facturación: los nombres de las propiedades deben escribirse exactamente como en el Documento Técnico 1 (mayúsculas y minúsculas incluidas), cada grupo de servicios debe ser un arreglo, los códigos y fechas van como texto con su tamaño exacto (por ejemplo el código del prestador con sus 12 dígitos, la fecha y hora como AAAA-MM-DD HH:MM) y los valores y cantidades como número entero sin comillas. Los valores monetarios van en positivo o en cero y las cantidades dispensadas o suministradas deben ser mayores que cero.',
    visto:
      'El MUV real respondió a un codPrestador de 11 dígitos con RVG01 «La propiedad [codPrestador] no cumple con el formato o tipo de dato requerido, Dato enviado [76001126940]» (PathFuente rips.usuarios[0].servicios.consultas[0].codPrestador), no con RVG05: su esquema JSON reporta bajo RVG01 el formato y el tipo de dato. Por eso aquí son RVG01 el tipo JSON equivocado (antes RVG04), los decimales en un entero y el tamaño errado de un campo de tamaño fijo (antes RVG05), y la fecha mal escrita (antes RVG06).',
    alcance: 'local',
  }),
  regla({
    codigo: 'RVG04',
    campos: [],
    clases: clases('R', 'R'),
    mensajeOficial: 'El dato informado no corresponde al tipo de dato requerido.',
    titulo: 'Tipo de dato incorrecto',
    explicacion:
      'Cada campo del RIPS es de tipo cadena (texto entre comillas) o numérico (sin comillas). Este campo llegó con un tipo distinto, por ejemplo un valor numérico escrito como texto o un código escrito como número. Este servicio reporta ese caso como RVG01, como lo hace el MUV.',
    comoCorregir:
      'Corrija la exportación del RIPS en el sistema de origen para que el campo salga con el tipo del Documento Técnico 1: los códigos y fechas como texto, los valores y cantidades como número; cuando no aplique, null para los textos y 0 para los números.',
    visto:
      'El MUV real reporta el tipo de dato equivocado con RVG01 («no cumple con el formato o tipo de dato requerido»), desde su esquema JSON; no se ha visto que emita RVG04. Este servicio ya no emite RVG04: el mismo hallazgo sale como RVG01.',
    alcance: 'local',
  }),
  regla({
    codigo: 'RVG05',
    campos: [],
    clases: clases('R', 'R'),
    mensajeOficial: 'El dato informado no corresponde al tamaño de dato requerido.',
    titulo: 'Longitud de dato incorrecta',
    explicacion:
      'El valor tiene más o menos caracteres (o dígitos) de los permitidos para este campo en el Documento Técnico 1, que admite un rango de tamaños (por ejemplo un número de documento de 4 a 20 caracteres, un número de autorización de hasta 30 o un valor de hasta 15 dígitos). Un campo obligatorio enviado como null o vacío también se reporta aquí: el Documento Técnico 1 lo trata como un dato de tamaño cero. Los campos de tamaño fijo (códigos, fechas, código del prestador) se reportan con RVG01, como lo hace el MUV.',
    comoCorregir:
      'Revise el dato en el sistema de origen y ajústelo al tamaño oficial del campo, sin rellenar con ceros ni espacios.',
    visto:
      'El MUV real reportó con RVG01, no con RVG05, un codPrestador de 11 dígitos (campo de tamaño fijo 12). RVG05 queda para el tamaño de los campos con un rango de tamaños y para el obligatorio vacío; no hay una respuesta capturada que muestre cómo informa el MUV esos casos.',
    alcance: 'local',
  }),
  regla({
    codigo: 'RVG06',
    campos: [],
    clases: clases('N', 'R'),
    mensajeOficial: 'El dato informado no corresponde al contenido requerido.',
    titulo: 'Valor no permitido para el campo',
    explicacion:
      'El valor no pertenece a la tabla de referencia del campo (SISPRO) o no cumple una condición de contenido del Documento Técnico 1, por ejemplo un código que no existe en la tabla, una fecha que no existe en el calendario o un código que no aplica a este tipo de servicio.',
    comoCorregir:
      'Seleccione en el sistema de origen un valor vigente de la tabla de referencia SISPRO que corresponde al campo y vuelva a generar el RIPS.',
    alcance: 'local',
  }),
];
