import { CODIGOS, type SistemaCodigos } from '../codigos.js';
import { PERFILES } from '../perfiles.js';
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
const codigo = (title: string, s: SistemaCodigos): Esquema => ({
  type: 'string',
  title,
  enum: [...s.codigos.keys()],
  description: `${s.nombre}: ${[...s.codigos].map(([c, n]) => `${c} ${n}`).join(' · ')}`,
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
    nombreTitulo: texto('Nombre del título del profesional', 150),
  },
  [...REQUERIDOS_PERSONA, 'codigoRethus'],
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
    municipio: patron('Municipio del prestador', '^[0-9]{5}$', 'Código DIVIPOLA de 5 dígitos'),
  },
  ['nit', 'codigoHabilitacion', 'nombre'],
);

function encuentro(tipo: TipoRda): Esquema {
  const props: Record<string, Esquema> = {
    identificador: patron(
      'Identificador local de la atención',
      '^[0-9A-Za-z.-]{1,64}$',
      'Hasta 64 letras, dígitos, puntos o guiones',
    ),
    fechaInicio: patron('Fecha y hora de inicio de la atención', FECHA_HORA, 'AAAA-MM-DDTHH:MM con zona'),
    fechaFin: patron('Fecha y hora de fin de la atención', FECHA_HORA, 'AAAA-MM-DDTHH:MM con zona'),
    modalidad: codigo('Modalidad de la atención', CODIGOS.modalidad),
    grupoServicio: {
      type: 'string',
      title: 'Grupo de servicios de la atención',
      enum: [PERFILES[tipo].encuentro!.grupoServicio],
      description: `Fijo para este tipo de RDA (${PERFILES[tipo].encuentro!.grupoServicio} ${CODIGOS.grupoServicio.codigos.get(PERFILES[tipo].encuentro!.grupoServicio)}); opcional`,
    },
    entorno: codigo('Entorno de la atención', CODIGOS.entorno),
    servicioReps: patron(
      'Servicio REPS de la atención',
      '^[0-9]{3}$',
      'Código de servicio REPS de 3 dígitos',
    ),
    causaExterna: codigo('Causa externa de la atención', CODIGOS.causaExterna),
  };
  const requeridos = ['fechaInicio', 'fechaFin', 'modalidad', 'servicioReps', 'causaExterna'];
  if (tipo === 'consulta-externa') {
    props.codigoConsulta = patron(
      'Código CUPS de la consulta',
      '^[0-9A-Z]{6}$',
      'Código CUPS de 6 caracteres (890201…)',
    );
    requeridos.push('codigoConsulta');
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
      description: 'principal · relacionado (hasta 3) · egreso · complicacion · muerte',
    },
    tipo: codigo('Tipo de diagnóstico principal', CODIGOS.tipoDiagnostico),
  },
  ['codigo', 'rol'],
);

const alergia = objeto(
  'Alergia',
  {
    tipo: codigo('Tipo de alergia', CODIGOS.tipoAlergia),
    descripcion: texto('Descripción de la alergia', 300),
  },
  ['tipo', 'descripcion'],
);

const medicamento = objeto(
  'Medicamento',
  {
    codigo: patron('Código del medicamento', '^[0-9A-Za-z.-]{1,30}$', 'CUM, IUM o código DCI'),
    descripcion: texto('Nombre del medicamento', 300),
    indicaciones: texto('Indicaciones del medicamento', 500),
  },
  ['descripcion'],
);

const procedimiento = objeto(
  'Procedimiento',
  {
    codigoCups: patron('Código CUPS del procedimiento', '^[0-9A-Z]{6}$', 'Código CUPS de 6 caracteres'),
    descripcion: texto('Descripción del procedimiento', 300),
    fecha: patron('Fecha y hora del procedimiento', FECHA_HORA, 'AAAA-MM-DDTHH:MM con zona'),
  },
  ['codigoCups'],
);

const antecedente = objeto(
  'Antecedente familiar',
  {
    parentesco: codigo('Parentesco del antecedente familiar', CODIGOS.parentesco),
    codigoCie10: cie10('Código CIE-10 del antecedente familiar'),
    descripcion: texto('Descripción del antecedente familiar', 300),
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
    medicamentos: lista('Medicamentos', medicamento, 0, 100),
  };
  const requeridos = ['paciente', 'profesional', 'prestador'];
  if (tipo === 'paciente') {
    props.antecedentesFamiliares = lista('Antecedentes familiares', antecedente, 0, 50);
  } else {
    props.encuentro = encuentro(tipo);
    props.procedimientos = lista('Procedimientos', procedimiento, 0, 100);
    props.epicrisis = epicrisis;
    requeridos.push('encuentro', 'diagnosticos', 'epicrisis');
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
