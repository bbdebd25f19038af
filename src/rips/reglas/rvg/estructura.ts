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
      'El archivo RIPS debe tener la forma definida por el Ministerio: un objeto raíz con los datos de la transacción, un arreglo «usuarios» y, dentro de cada usuario, el objeto «servicios» con los arreglos de consultas, procedimientos, urgencias, hospitalización, recién nacidos, medicamentos y otros servicios. Aquí falta un elemento obligatorio, un elemento no es del tipo de objeto o arreglo esperado, o hay un valor negativo o una cantidad en cero (el Documento Técnico 1 también los reporta con esta regla). Las propiedades adicionales no se reportan: el MUV las ignora.',
    comoCorregir:
      'Revise el generador de RIPS del sistema de facturación: los nombres de las propiedades deben escribirse exactamente como en el Documento Técnico 1 (mayúsculas y minúsculas incluidas) y cada grupo de servicios debe ser un arreglo. Los valores monetarios van en positivo o en cero y las cantidades dispensadas o suministradas deben ser mayores que cero.',
    alcance: 'local',
  }),
  regla({
    codigo: 'RVG04',
    campos: [],
    clases: clases('R', 'R'),
    mensajeOficial: 'El dato informado no corresponde al tipo de dato requerido.',
    titulo: 'Tipo de dato incorrecto',
    explicacion:
      'Cada campo del RIPS es de tipo cadena (texto entre comillas) o numérico (sin comillas). Este campo llegó con un tipo distinto, por ejemplo un valor numérico escrito como texto o un código escrito como número.',
    comoCorregir:
      'Corrija la exportación del RIPS en el sistema de origen para que el campo salga con el tipo del Documento Técnico 1: los códigos y fechas como texto, los valores y cantidades como número; cuando no aplique, null para los textos y 0 para los números.',
    alcance: 'local',
  }),
  regla({
    codigo: 'RVG05',
    campos: [],
    clases: clases('R', 'R'),
    mensajeOficial: 'El dato informado no corresponde al tamaño de dato requerido.',
    titulo: 'Longitud de dato incorrecta',
    explicacion:
      'El valor tiene más o menos caracteres (o dígitos) de los permitidos para este campo en el Documento Técnico 1, por ejemplo un código de diagnóstico de 3 caracteres o una fecha sin la hora. Un campo obligatorio enviado como null o vacío también se reporta aquí: el Documento Técnico 1 lo trata como un dato de tamaño cero.',
    comoCorregir:
      'Revise el dato en el sistema de origen y ajústelo al tamaño oficial del campo, sin rellenar con ceros ni espacios.',
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
