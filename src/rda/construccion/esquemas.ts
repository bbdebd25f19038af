import { CODIGOS, type SistemaCodigos } from '../codigos.js';
import { DOCUMENTOS_GUIA } from '../guia/documentos.js';
import { CODIGOS_ANTERIORES, type NombreLista } from '../guia/listas.js';
import { CATEGORIAS_MEDICAMENTO } from '../guia/listas-tecnologias.js';
import { TIPOS_RDA, type TipoRda } from '../tipos.js';
import { ROLES_DATOS_DIAGNOSTICO } from './datos.js';

/**
 * JSON Schemas of the four `datos` shapes. They are the validation (ajv, every error at once) and
 * the contract published in /openapi.json; `title` is the business name used in Spanish messages.
 */
export type Esquema = Record<string, unknown>;

const FECHA = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';
const FECHA_HORA =
  '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]+)?)?(Z|[+-][0-9]{2}:[0-9]{2})$';

const texto = (title: string, max = 200, description?: string): Esquema => ({
  type: 'string',
  title,
  minLength: 1,
  maxLength: max,
  pattern: '\\S',
  ...(description ? { description } : {}),
});
const patron = (title: string, pattern: string, description: string): Esquema => ({
  type: 'string',
  title,
  pattern,
  description,
});
const codigo = (title: string, s: SistemaCodigos, solo?: readonly string[]): Esquema => {
  const filas = [...s.codigos].filter(([c]) => !solo || solo.includes(c));
  const reemplazos = CODIGOS_ANTERIORES[s.nombre as NombreLista];
  return {
    type: 'string',
    title,
    enum: filas.map(([c]) => c),
    description: `${s.nombre}: ${filas.map(([c, n]) => `${c} ${n}`).join(' · ')}`,
    ...(reemplazos ? { 'x-reemplazos': reemplazos } : {}),
  };
};
const numero = (title: string, description: string): Esquema => ({
  type: 'number',
  title,
  exclusiveMinimum: 0,
  maximum: 100000,
  description,
});
const objeto = (title: string, props: Record<string, Esquema>, required: string[]): Esquema => ({
  type: 'object',
  title,
  properties: props,
  required,
  additionalProperties: false,
});
const lista = (title: string, items: Esquema, minItems = 0, maxItems?: number): Esquema => ({
  type: 'array',
  title,
  items,
  ...(minItems ? { minItems } : {}),
  ...(maxItems ? { maxItems } : {}),
});

function persona(quien: string): Record<string, Esquema> {
  return {
    tipoDocumento: codigo(`Tipo de documento del ${quien}`, CODIGOS.identificacionPersona),
    numeroDocumento: patron(
      `Número de documento del ${quien}`,
      '^[0-9A-Za-z-]{3,20}$',
      'Entre 3 y 20 letras, dígitos o guiones, sin espacios ni puntos',
    ),
    primerNombre: texto(`Primer nombre del ${quien}`, 60),
    segundoNombre: texto(`Segundo nombre del ${quien}`, 60),
    primerApellido: texto(`Primer apellido del ${quien}`, 60),
    segundoApellido: texto(`Segundo apellido del ${quien}`, 60),
  };
}
const REQUERIDOS_PERSONA = ['tipoDocumento', 'numeroDocumento', 'primerNombre', 'primerApellido'];

const paciente = objeto(
  'Paciente',
  {
    ...persona('paciente'),
    fechaNacimiento: patron('Fecha de nacimiento del paciente', FECHA, 'AAAA-MM-DD'),
    sexoBiologico: codigo('Sexo biológico del paciente', CODIGOS.sexoBiologico),
    identidadGenero: codigo('Identidad de género del paciente', CODIGOS.identidadGenero),
    nacionalidad: patron(
      'Nacionalidad del paciente',
      '^[0-9]{3}$',
      'Código ISO 3166-1 numérico de 3 dígitos (Colombia = 170)',
    ),
    etnia: codigo('Pertenencia étnica del paciente', CODIGOS.etnia),
    comunidadEtnica: texto('Comunidad étnica del paciente', 100),
    discapacidades: lista(
      'Discapacidades del paciente',
      codigo('Categoría de discapacidad del paciente', CODIGOS.discapacidad),
      1,
      8,
    ),
    residencia: objeto(
      'Residencia del paciente',
      {
        direccion: texto('Dirección de residencia del paciente', 200),
        municipio: patron(
          'Municipio de residencia del paciente',
          '^[0-9]{5}$',
          'Código DIVIPOLA de 5 dígitos (Bogotá = 11001)',
        ),
        zona: codigo('Zona de residencia del paciente', CODIGOS.zonaResidencia),
        pais: patron(
          'País de residencia del paciente',
          '^[0-9]{3}$',
          'Código ISO 3166-1 numérico de 3 dígitos (Colombia = 170)',
        ),
      },
      ['municipio', 'zona', 'pais'],
    ),
  },
  [
    ...REQUERIDOS_PERSONA,
    'fechaNacimiento',
    'sexoBiologico',
    'nacionalidad',
    'etnia',
    'discapacidades',
    'residencia',
  ],
);

const profesional = objeto(
  'Profesional',
  {
    ...persona('profesional'),
    codigoRethus: patron(
      'Título del profesional en RETHUS',
      '^[0-9A-Za-z.-]{1,20}$',
      'Código de la profesión u ocupación en RETHUS (RETHUSqualification)',
    ),
    nombreTitulo: texto(
      'Nombre del título del profesional',
      150,
      'Nombre del título en RETHUS (Medicina, Enfermería…): la guía exige el display del código',
    ),
  },
  [...REQUERIDOS_PERSONA, 'codigoRethus', 'nombreTitulo'],
);

const prestador = objeto(
  'Prestador',
  {
    nit: patron('NIT del prestador', '^[0-9]{5,15}$', 'Solo dígitos, sin dígito de verificación'),
    codigoHabilitacion: patron(
      'Código de habilitación REPS del prestador',
      '^[0-9]{10,12}$',
      'Código de prestador REPS (10 dígitos) o con la sede (12 dígitos)',
    ),
    nombre: texto('Nombre del prestador', 200),
    clase: codigo('Clase de prestador', CODIGOS.clasePrestador),
    direccion: texto('Dirección del prestador', 200),
    municipio: patron(
      'Municipio del prestador',
      '^[0-9]{5}$',
      'Código DIVIPOLA de 5 dígitos (el departamento son sus dos primeros)',
    ),
  },
  ['nit', 'codigoHabilitacion', 'nombre', 'clase', 'direccion', 'municipio'],
);

const pagador = objeto(
  'Pagador',
  {
    codigo: patron(
      'Código de la EAPB pagadora',
      '^[0-9A-Za-z-]{2,20}$',
      'Código de la entidad administradora de planes de beneficios (EPS037…)',
    ),
    nombre: texto('Nombre de la EAPB pagadora', 200),
  },
  ['codigo', 'nombre'],
);

const fechaHora = (title: string) => patron(title, FECHA_HORA, 'AAAA-MM-DDTHH:MM con zona');

/** Composition.event of the patient's RDA (1..1): modality, service group and period. */
const eventoPaciente = objeto(
  'Atención en que se registraron los antecedentes',
  {
    fechaInicio: fechaHora('Fecha y hora de inicio de la atención'),
    fechaFin: fechaHora('Fecha y hora de fin de la atención'),
    modalidad: codigo('Modalidad de la atención', CODIGOS.modalidad),
    grupoServicio: codigo('Grupo de servicios de la atención', CODIGOS.grupoServicio),
  },
  ['fechaInicio', 'fechaFin', 'modalidad', 'grupoServicio'],
);

function encuentro(tipo: TipoRda): Esquema {
  if (tipo === 'paciente') return eventoPaciente;
  const g = DOCUMENTOS_GUIA[tipo].encuentro!;
  const grupo = g.grupoServicio;
  const props: Record<string, Esquema> = {
    identificador: patron(
      'Identificador local de la atención',
      '^[0-9A-Za-z.-]{1,64}$',
      'Hasta 64 letras, dígitos, puntos o guiones',
    ),
    fechaInicio: fechaHora('Fecha y hora de inicio de la atención'),
    fechaFin: fechaHora('Fecha y hora de fin de la atención'),
    modalidad: codigo('Modalidad de la atención', CODIGOS.modalidad),
    grupoServicio: {
      type: 'string',
      title: 'Grupo de servicios de la atención',
      enum: [grupo],
      description: `Fijo para este tipo de RDA (${grupo} ${CODIGOS.grupoServicio.codigos.get(grupo)}); opcional`,
    },
    entorno: g.entornoFijo
      ? codigo('Entorno de la atención', CODIGOS.entorno, [g.entornoFijo])
      : codigo('Entorno de la atención', CODIGOS.entorno),
    servicioReps: patron(
      'Servicio REPS de la atención',
      '^[0-9]{3,4}$',
      g.conServicioReps
        ? 'Código de servicio REPS de 3 o 4 dígitos (328 medicina general…)'
        : 'La guía 1.0.0 no lleva el servicio REPS en este tipo de RDA: se acepta y no se incluye en el Bundle',
    ),
    nombreServicioReps: texto('Nombre del servicio REPS', 200, 'Nombre del servicio (MEDICINA GENERAL…)'),
    causaExterna: codigo('Causa externa de la atención', CODIGOS.causaExterna),
  };
  const requeridos = ['fechaInicio', 'fechaFin', 'modalidad', 'causaExterna'];
  if (!g.entornoFijo) requeridos.push('entorno');
  if (tipo === 'consulta-externa') {
    props.codigoConsulta = patron(
      'Código CUPS de la consulta',
      '^[0-9A-Z]{6}$',
      'Código CUPS de consulta de 6 caracteres (890201…)',
    );
    props.descripcionConsulta = texto(
      'Nombre de la consulta CUPS',
      300,
      'Nombre del código CUPS (CONSULTA DE PRIMERA VEZ POR MEDICINA GENERAL…)',
    );
    requeridos.push('codigoConsulta', 'descripcionConsulta');
  } else {
    props.viaIngreso = codigo('Vía de ingreso', CODIGOS.viaIngreso);
    props.condicionEgreso = codigo('Condición y destino al egreso', CODIGOS.condicionEgreso);
    requeridos.push('viaIngreso', 'condicionEgreso');
  }
  if (tipo === 'urgencias') {
    props.triage = codigo('Clasificación de triage', CODIGOS.triage);
    requeridos.push('triage');
  }
  return objeto('Atención', props, requeridos);
}

const cie10 = (title: string) => patron(title, '^[A-Z][0-9]{2}[0-9A-Z]?$', 'Código CIE-10 sin punto (J450)');

const diagnostico = objeto(
  'Diagnóstico',
  {
    codigo: cie10('Código CIE-10 del diagnóstico'),
    descripcion: texto('Descripción del diagnóstico', 300),
    rol: {
      type: 'string',
      title: 'Rol del diagnóstico',
      enum: [...ROLES_DATOS_DIAGNOSTICO],
      description:
        'principal (de ingreso en urgencias y hospitalización) · relacionado (hasta 3) · egreso · complicacion · muerte',
    },
    tipo: codigo('Tipo de diagnóstico', CODIGOS.tipoDiagnostico),
  },
  ['codigo', 'descripcion', 'rol'],
);

const alergia = objeto(
  'Alergia',
  {
    tipo: codigo('Tipo de alergia', CODIGOS.tipoAlergia),
    descripcion: texto('Descripción de la alergia', 300),
  },
  ['tipo', 'descripcion'],
);

/** UnitsOfTime (FHIR) for dosageInstruction.timing.repeat.durationUnit, with Spanish names. */
export const UNIDADES_DURACION: Record<string, string> = {
  h: 'horas',
  d: 'días',
  wk: 'semanas',
  mo: 'meses',
  a: 'años',
};

const codigoDci = patron(
  'Código DCI del medicamento',
  '^[0-9]{1,10}$',
  'Código de la denominación común internacional en MIPRES (MipresINN: 626 paracetamol…); el CUM no va aquí',
);

/** What the patient says they take (MedicationStatementRDA: DCI coding or text). */
const medicamentoDeclarado = objeto(
  'Medicamento',
  {
    codigo: codigoDci,
    descripcion: texto('Nombre del medicamento', 300),
    indicaciones: texto('Indicaciones del medicamento', 500),
  },
  ['descripcion'],
);

/** A prescription of the episode (MedicationRequestRDA). */
const medicamentoFormulado = objeto(
  'Medicamento',
  {
    codigo: codigoDci,
    codigoIum: patron(
      'Código IUM de primer nivel del medicamento',
      '^[0-9A-Z]{8}$',
      'Identificador único de medicamento de primer nivel, 8 caracteres (1M100215…)',
    ),
    descripcion: texto('Nombre del medicamento', 300),
    indicaciones: texto('Indicaciones del medicamento', 500),
    categoria: codigo('Categoría del medicamento', CODIGOS.categoriaTecnologia, CATEGORIAS_MEDICAMENTO),
    finalidad: codigo('Finalidad de la formulación', CODIGOS.finalidad),
    dosis: objeto(
      'Dosis',
      {
        cantidad: numero('Cantidad de la dosis', 'Número mayor que 0'),
        unidad: codigo('Unidad de la dosis', CODIGOS.unidadDosis),
      },
      ['cantidad', 'unidad'],
    ),
    via: codigo('Vía de administración', CODIGOS.viaAdministracion),
    frecuencia: objeto(
      'Frecuencia',
      {
        cada: numero('Frecuencia: cada cuánto', 'Número mayor que 0 (8 = cada 8 horas)'),
        unidad: codigo('Unidad de la frecuencia', CODIGOS.unidadTiempo),
      },
      ['cada', 'unidad'],
    ),
    duracion: objeto(
      'Duración del tratamiento',
      {
        cantidad: numero('Duración del tratamiento', 'Número mayor que 0'),
        unidad: {
          type: 'string',
          title: 'Unidad de la duración',
          enum: Object.keys(UNIDADES_DURACION),
          description: Object.entries(UNIDADES_DURACION)
            .map(([c, n]) => `${c} ${n}`)
            .join(' · '),
        },
      },
      ['cantidad', 'unidad'],
    ),
  },
  ['descripcion', 'categoria', 'finalidad', 'dosis', 'via', 'frecuencia', 'duracion'],
);

const procedimiento = objeto(
  'Procedimiento',
  {
    codigoCups: patron('Código CUPS del procedimiento', '^[0-9A-Z]{6}$', 'Código CUPS de 6 caracteres'),
    descripcion: texto('Descripción del procedimiento', 300, 'Nombre del código CUPS'),
    fecha: fechaHora('Fecha y hora del procedimiento'),
    finalidad: codigo('Finalidad del procedimiento', CODIGOS.finalidad),
    diagnosticoRelacionado: patron(
      'Diagnóstico relacionado del procedimiento',
      '^[A-Z][0-9]{2}[0-9A-Z]?$',
      'Código CIE-10 de uno de los diagnósticos relacionados; por defecto, el primero',
    ),
  },
  ['codigoCups', 'descripcion', 'fecha', 'finalidad'],
);

const antecedente = objeto(
  'Antecedente familiar',
  {
    parentesco: codigo('Parentesco del antecedente familiar', CODIGOS.parentesco),
    codigoCie10: cie10('Código CIE-10 del antecedente familiar'),
    descripcion: texto(
      'Descripción del antecedente familiar',
      300,
      'Texto de la enfermedad; es también el display del código CIE-10 si lo envía',
    ),
  },
  ['parentesco', 'descripcion'],
);

const epicrisis = objeto(
  'Epicrisis',
  {
    pdfBase64: {
      type: 'string',
      title: 'PDF de la epicrisis',
      minLength: 8,
      pattern: '^[A-Za-z0-9+/]+={0,2}$',
      description: 'El PDF completo en base64 (empieza por JVBER)',
    },
    titulo: texto('Título de la epicrisis', 200),
  },
  ['pdfBase64'],
);

const TITULOS: Record<TipoRda, string> = {
  paciente: 'DatosRdaPaciente',
  'consulta-externa': 'DatosRdaConsultaExterna',
  hospitalizacion: 'DatosRdaHospitalizacion',
  urgencias: 'DatosRdaUrgencias',
};

export function nombreEsquema(tipo: TipoRda): string {
  return TITULOS[tipo];
}

/** Field of the GraphQL input `DatosRdaEntrada` that carries the datos of this type (`consultaExterna`). */
export function campoEntrada(tipo: TipoRda): string {
  return tipo.replace(/-([a-z])/g, (_, l: string) => l.toUpperCase());
}

function construirEsquema(tipo: TipoRda): Esquema {
  const props: Record<string, Esquema> = {
    fechaDocumento: patron(
      'Fecha del documento',
      FECHA_HORA,
      'AAAA-MM-DDTHH:MM con zona; por defecto, el momento de construirlo',
    ),
    paciente,
    profesional,
    prestador,
    diagnosticos: lista('Diagnósticos', diagnostico, tipo === 'paciente' ? 0 : 1, 30),
    alergias: lista('Alergias', alergia, 0, 50),
    medicamentos: lista(
      'Medicamentos',
      tipo === 'paciente' ? medicamentoDeclarado : medicamentoFormulado,
      0,
      100,
    ),
    encuentro: encuentro(tipo),
  };
  const requeridos = ['paciente', 'profesional', 'prestador', 'encuentro'];
  if (tipo === 'paciente') {
    props.antecedentesFamiliares = lista('Antecedentes familiares', antecedente, 0, 50);
  } else {
    props.procedimientos = lista('Procedimientos', procedimiento, 0, 100);
    props.epicrisis = epicrisis;
    props.pagadores = lista('Pagadores', pagador, 0, 10);
    props.pagoParticular = {
      type: 'boolean',
      title: 'Pago particular',
      description: 'true si el paciente paga la atención (además o en lugar de una EAPB)',
    };
    requeridos.push('diagnosticos', 'epicrisis');
  }
  return {
    ...objeto(`Datos del RDA de ${tipo}`, props, requeridos),
    description: `Datos planos para construir el RDA «${tipo}».`,
  };
}

export const ESQUEMAS_DATOS: Record<TipoRda, Esquema> = Object.fromEntries(
  TIPOS_RDA.map((t) => [t, construirEsquema(t)]),
) as Record<TipoRda, Esquema>;

/** For /openapi.json components. */
export function esquemasDatosOpenApi(): Record<string, Esquema> {
  return Object.fromEntries(TIPOS_RDA.map((t) => [TITULOS[t], ESQUEMAS_DATOS[t]]));
}
