/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** paciente: RDA de paciente; encuentros: RDA de consulta, urgencias y hospitalización. Valores: `paciente`, `encuentros`. */
  AlcanceConsultaRda: { input: 'paciente' | 'encuentros'; output: 'paciente' | 'encuentros'; }
  /** A date-time string at UTC, such as 2007-12-03T10:15:30Z, compliant with the `date-time` format outlined in section 5.6 of the RFC 3339 profile of the ISO 8601 standard for representation of dates and times using the Gregorian calendar.This scalar is serialized to a string in ISO 8601 format and parsed from a string in ISO 8601 format. */
  DateTimeISO: { input: string; output: string; }
  /** Estado de una transmisión RDA: generado → validado → enviado → aceptado | rechazado. Valores: `generado`, `validado`, `enviado`, `aceptado`, `rechazado`. */
  EstadoTransmision: { input: 'generado' | 'validado' | 'enviado' | 'aceptado' | 'rechazado'; output: 'generado' | 'validado' | 'enviado' | 'aceptado' | 'rechazado'; }
  /** Cuerpo REST {rips, fechaEvaluacion, xmlFevFile} leído mientras llega (solo lo produce la ruta REST) */
  FlujoCuerpo: { input: unknown; output: unknown; }
  /** Quién produjo el hallazgo. Valores: `linter-local`, `muv`, `linter-rda`, `validador-hl7`, `ihce`. */
  Fuente: { input: 'linter-local' | 'muv' | 'linter-rda' | 'validador-hl7' | 'ihce'; output: 'linter-local' | 'muv' | 'linter-rda' | 'validador-hl7' | 'ihce'; }
  /** The `JSON` scalar type represents JSON values as specified by [ECMA-404](http://www.ecma-international.org/publications/files/ECMA-ST/ECMA-404.pdf). */
  JSON: { input: unknown; output: unknown; }
  /** The `JSONObject` scalar type represents JSON objects as specified by [ECMA-404](http://www.ecma-international.org/publications/files/ECMA-ST/ECMA-404.pdf). */
  JSONObject: { input: Record<string, unknown>; output: Record<string, unknown>; }
  /** Módulo contratado por la entidad. Valores: `rips`, `rda`. */
  Modulo: { input: 'rips' | 'rda'; output: 'rips' | 'rda'; }
  /** Permiso efectivo. Valores: `rips:enviar`, `rips:leer`, `rda:enviar`, `rda:leer`. */
  Permiso: { input: 'rips:enviar' | 'rips:leer' | 'rda:enviar' | 'rda:leer'; output: 'rips:enviar' | 'rips:leer' | 'rda:enviar' | 'rda:leer'; }
  /** Rol de un usuario en la entidad. Valores: `owner`, `operador`, `auditor`. */
  Rol: { input: 'owner' | 'operador' | 'auditor'; output: 'owner' | 'operador' | 'auditor'; }
  /** Severidad de un hallazgo: rechazo bloquea; aviso-gradualidad es una notificación que pasará a rechazo; aviso-conformidad no bloquea; informativo es una nota del servicio. Valores: `rechazo`, `aviso-gradualidad`, `aviso-conformidad`, `informativo`. */
  Severidad: { input: 'rechazo' | 'aviso-gradualidad' | 'aviso-conformidad' | 'informativo'; output: 'rechazo' | 'aviso-gradualidad' | 'aviso-conformidad' | 'informativo'; }
  /** Tipo de entidad (prestador) que usa el servicio. Valores: `ips`, `profesional-independiente`, `transporte-especial`, `objeto-social-diferente`. */
  TipoEntidad: { input: 'ips' | 'profesional-independiente' | 'transporte-especial' | 'objeto-social-diferente'; output: 'ips' | 'profesional-independiente' | 'transporte-especial' | 'objeto-social-diferente'; }
  /** Qué registra un evento de la traza. Valores: `generado`, `validado`, `bloqueado-linter`, `enviado`, `reintento-programado`, `aceptado`, `rechazado`, `reintentos-agotados`, `consulta-documento`. */
  TipoEventoTransmision: { input: 'generado' | 'validado' | 'bloqueado-linter' | 'enviado' | 'reintento-programado' | 'aceptado' | 'rechazado' | 'reintentos-agotados' | 'consulta-documento'; output: 'generado' | 'validado' | 'bloqueado-linter' | 'enviado' | 'reintento-programado' | 'aceptado' | 'rechazado' | 'reintentos-agotados' | 'consulta-documento'; }
  /** Cómo se autenticó quien llama. Valores: `api-key`, `usuario`. */
  TipoIdentidad: { input: 'api-key' | 'usuario'; output: 'api-key' | 'usuario'; }
  /** Tipo de RDA (Res. 1888/2025). Valores: `paciente`, `consulta-externa`, `hospitalizacion`, `urgencias`. */
  TipoRda: { input: 'paciente' | 'consulta-externa' | 'hospitalizacion' | 'urgencias'; output: 'paciente' | 'consulta-externa' | 'hospitalizacion' | 'urgencias'; }
  /** Tipo de servicio del RIPS. Valores: `consultas`, `procedimientos`, `urgencias`, `hospitalizacion`, `recienNacidos`, `medicamentos`, `otrosServicios`. */
  TipoServicio: { input: 'consultas' | 'procedimientos' | 'urgencias' | 'hospitalizacion' | 'recienNacidos' | 'medicamentos' | 'otrosServicios'; output: 'consultas' | 'procedimientos' | 'urgencias' | 'hospitalizacion' | 'recienNacidos' | 'medicamentos' | 'otrosServicios'; }
};

/** Datos de una API key de la entidad (nunca la clave ni su hash) */
export type ApiKeyInfo = {
  activa: Scalars['Boolean']['output'];
  creadaEn: Scalars['DateTimeISO']['output'];
  descripcion?: Maybe<Scalars['String']['output']>;
  /** Es la clave con la que se hizo esta consulta */
  enUso: Scalars['Boolean']['output'];
  id: Scalars['ID']['output'];
  /** Primeros caracteres de la clave, para reconocerla */
  prefijo: Scalars['String']['output'];
  revocadaEn?: Maybe<Scalars['DateTimeISO']['output']>;
};

export type CantidadTotalAtenciones = {
  consultas: Scalars['Int']['output'];
  hospitalizaciones: Scalars['Int']['output'];
  medicamentos: Scalars['Int']['output'];
  otrosServicios: Scalars['Int']['output'];
  procedimientos: Scalars['Int']['output'];
  recienNacidos: Scalars['Int']['output'];
  urgencias: Scalars['Int']['output'];
};

/** Si la entidad está lista para usar un módulo (sin revelar secretos) */
export type ConfiguracionModulo = {
  credencialesActualizadas?: Maybe<Scalars['DateTimeISO']['output']>;
  /** La entidad tiene credenciales del Ministerio registradas */
  credencialesConfiguradas: Scalars['Boolean']['output'];
  listo: Scalars['Boolean']['output'];
  modulo: Scalars['Modulo']['output'];
  /** El servicio del Ministerio (MUV o IHCE) está configurado en este entorno */
  upstreamConfigurado: Scalars['Boolean']['output'];
};

/** Issues del OperationOutcome por severidad */
export type ConteoSeveridadHl7 = {
  error: Scalars['Int']['output'];
  fatal: Scalars['Int']['output'];
  information: Scalars['Int']['output'];
  warning: Scalars['Int']['output'];
};

/** La entidad (tenant) de la sesión */
export type EntidadSesion = {
  /** Módulos contratados */
  modulos: Array<Scalars['Modulo']['output']>;
  nombre: Scalars['String']['output'];
  slug: Scalars['String']['output'];
  tipoEntidad: Scalars['TipoEntidad']['output'];
};

/** Un hallazgo explicado: qué está mal, dónde y cómo corregirlo en el origen */
export type ErrorAccionable = {
  /** Código oficial de la regla (RVC042, FED123…) o propio (RDA05, CAT01…) */
  codigo: Scalars['String']['output'];
  comoCorregir: Scalars['String']['output'];
  explicacion: Scalars['String']['output'];
  fuente: Scalars['Fuente']['output'];
  /** Mensaje oficial de la regla o texto original del sistema externo */
  mensajeOriginal?: Maybe<Scalars['String']['output']>;
  severidad: Scalars['Severidad']['output'];
  titulo: Scalars['String']['output'];
  ubicacion: UbicacionError;
};

/** Un cambio de la transmisión (traza de solo inserción) */
export type EventoTransmision = {
  /** api-key:{prefijo}, usuario:{sub} o worker */
  actor: Scalars['String']['output'];
  detalle?: Maybe<Scalars['String']['output']>;
  estadoAnterior?: Maybe<Scalars['EstadoTransmision']['output']>;
  estadoNuevo: Scalars['EstadoTransmision']['output'];
  fecha: Scalars['DateTimeISO']['output'];
  intento?: Maybe<Scalars['Int']['output']>;
  secuencia: Scalars['Int']['output'];
  /** Estado HTTP de la respuesta de la IHCE */
  statusUpstream?: Maybe<Scalars['Int']['output']>;
  tipo: Scalars['TipoEventoTransmision']['output'];
};

/** Hallazgos de un código que no caben en la respuesta (RIPS_MAX_HALLAZGOS, RIPS_MAX_RESPUESTA); sí cuentan en `resumen` y `valid` */
export type HallazgosOmitidos = {
  cantidad: Scalars['Int']['output'];
  codigo: Scalars['String']['output'];
  severidad: Scalars['Severidad']['output'];
};

/** Quién llama */
export type Identidad = {
  /** Prefijo de la API key usada */
  apiKeyPrefijo?: Maybe<Scalars['String']['output']>;
  /** Rol del usuario; null para una API key (todos los permisos) */
  rol?: Maybe<Scalars['Rol']['output']>;
  /** Sujeto (sub) del token */
  sujeto?: Maybe<Scalars['String']['output']>;
  tipo: Scalars['TipoIdentidad']['output'];
};

/** Un issue del OperationOutcome del validador oficial, tal cual */
export type IssueHl7 = {
  /** Expresión FHIRPath o ubicación */
  location?: Maybe<Scalars['String']['output']>;
  /** Mensaje original del validador (inglés) */
  message: Scalars['String']['output'];
  /** fatal, error, warning o information */
  severity: Scalars['String']['output'];
};

/** Metadatos de un RDA en la plataforma (sin contenido clínico) */
export type ItemConsultaRda = {
  compositionId: Scalars['String']['output'];
  fecha?: Maybe<Scalars['String']['output']>;
  /** Referencia FHIR del paciente en la plataforma (Composition.subject.reference); null si no la trae */
  paciente?: Maybe<Scalars['String']['output']>;
  tipo?: Maybe<Scalars['TipoRda']['output']>;
  vida?: Maybe<Scalars['String']['output']>;
};

export type ListaRadicaciones = {
  /** Las últimas 100, la más reciente primero */
  items: Array<Radicacion>;
};

export type Mutation = {
  /** Consulta los RDA de un paciente en la IHCE (solo metadatos). humanuser es el profesional que consulta y queda auditado. */
  consultarRda: ResultadoConsultaRda;
  /** Radica un RIPS ante el MUV: compuerta local, luego el método según tipoNota. Una factura ya radicada por la entidad devuelve la radicación existente (repetida). */
  radicarRips: ResultadoRadicacion;
  /** Valida (linter) y transmite un Bundle RDA a la IHCE. Aceptado → VIDA; falla transitoria → queda enviado y se reintenta; rechazado → errores. */
  transmitirRda: Transmision;
  /** Construye el Bundle RDA desde datos planos, lo valida y lo transmite (igual que transmitirRda) */
  transmitirRdaDesdeDatos: Transmision;
};


export type MutationConsultarRdaArgs = {
  alcance?: InputMaybe<Scalars['AlcanceConsultaRda']['input']>;
  cursor?: InputMaybe<Scalars['String']['input']>;
  humanuser?: InputMaybe<Scalars['JSONObject']['input']>;
  paciente?: InputMaybe<Scalars['JSONObject']['input']>;
};


export type MutationRadicarRipsArgs = {
  rips?: InputMaybe<Scalars['JSON']['input']>;
  xmlFevFile?: InputMaybe<Scalars['String']['input']>;
};


export type MutationTransmitirRdaArgs = {
  bundle?: InputMaybe<Scalars['JSON']['input']>;
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  tipo: Scalars['TipoRda']['input'];
};


export type MutationTransmitirRdaDesdeDatosArgs = {
  datos?: InputMaybe<Scalars['JSONObject']['input']>;
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  tipo: Scalars['TipoRda']['input'];
};

export type PaginaTransmisiones = {
  items: Array<Transmision>;
  limit: Scalars['Int']['output'];
  offset: Scalars['Int']['output'];
  /** Total con el filtro aplicado */
  total: Scalars['Int']['output'];
};

export type Query = {
  /** Una API key de la entidad */
  apiKey: ApiKeyInfo;
  /** API keys de la entidad, de la más antigua a la más nueva */
  apiKeys: Array<ApiKeyInfo>;
  /** Estado de configuración del módulo RDA (IHCE) para la entidad */
  configuracionRda: ConfiguracionModulo;
  /** Estado de configuración del módulo RIPS (MUV) para la entidad */
  configuracionRips: ConfiguracionModulo;
  /** Construye el Bundle RDA a partir de los datos planos y lo revisa con el linter, sin enviarlo. 400 con cada campo faltante o inválido en `detalles`. */
  construirRda: VistaPreviaRda;
  /** El RDA aceptado tal como está en la IHCE ($document), sin guardarlo; la consulta queda en la traza */
  documentoIhce: Scalars['JSONObject']['output'];
  /** La traza de una transmisión, en orden */
  eventosTransmision: Array<EventoTransmision>;
  /** Una radicación de la entidad con sus hallazgos */
  radicacion: RadicacionDetalle;
  /** Las últimas 100 radicaciones de la entidad, la más reciente primero */
  radicaciones: ListaRadicaciones;
  /** Conteos por estado y por tipo de RIPS y RDA de la entidad */
  resumen: Resumen;
  /** Entidad, identidad y permisos efectivos de quien llama */
  sesion: Sesion;
  /** Una transmisión de la entidad */
  transmision: Transmision;
  /** Transmisiones de la entidad, las más recientes primero */
  transmisiones: PaginaTransmisiones;
  /** Revisa un Bundle RDA contra los perfiles de la guía oficial (reglas propias RDA01…): no contacta la IHCE ni guarda nada. */
  validarRda: ResultadoValidacionRda;
  /** Valida un Bundle RDA con el validador oficial HL7 (validator_cli o servidor $validate) configurado en el entorno; 503 si no lo está. */
  validarRdaOficial: ResultadoValidacionOficialRda;
  /** Valida un RIPS contra las reglas oficiales (DT1, Res. 948/2026). No contacta sistemas externos ni guarda nada. */
  validarRips: ResultadoValidacionRips;
  /** Consulta el documento ante el MUV (ConsultarCUV) y compara su CUV con el guardado */
  verificarCuv: VerificacionCuv;
};


export type QueryApiKeyArgs = {
  id: Scalars['ID']['input'];
};


export type QueryConstruirRdaArgs = {
  datos?: InputMaybe<Scalars['JSON']['input']>;
  fechaEvaluacion?: InputMaybe<Scalars['DateTimeISO']['input']>;
  tipo: Scalars['TipoRda']['input'];
};


export type QueryDocumentoIhceArgs = {
  id: Scalars['ID']['input'];
};


export type QueryEventosTransmisionArgs = {
  id: Scalars['ID']['input'];
};


export type QueryRadicacionArgs = {
  id: Scalars['ID']['input'];
};


export type QueryTransmisionArgs = {
  id: Scalars['ID']['input'];
};


export type QueryTransmisionesArgs = {
  estado?: InputMaybe<Scalars['EstadoTransmision']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryValidarRdaArgs = {
  bundle?: InputMaybe<Scalars['JSON']['input']>;
  fechaEvaluacion?: InputMaybe<Scalars['DateTimeISO']['input']>;
  tipo?: InputMaybe<Scalars['TipoRda']['input']>;
};


export type QueryValidarRdaOficialArgs = {
  bundle?: InputMaybe<Scalars['JSON']['input']>;
  tipo?: InputMaybe<Scalars['TipoRda']['input']>;
};


export type QueryValidarRipsArgs = {
  cuerpoFlujo?: InputMaybe<Scalars['FlujoCuerpo']['input']>;
  fechaEvaluacion?: InputMaybe<Scalars['DateTimeISO']['input']>;
  rips?: InputMaybe<Scalars['JSON']['input']>;
  ripsTexto?: InputMaybe<Scalars['String']['input']>;
  xmlFevFile?: InputMaybe<Scalars['String']['input']>;
};


export type QueryVerificarCuvArgs = {
  id: Scalars['ID']['input'];
};

/** Un intento de radicación ante el MUV (evidencia de solo inserción) */
export type Radicacion = {
  createdAt: Scalars['DateTimeISO']['output'];
  /** Código Único de Validación (96 hexadecimales) */
  cuv?: Maybe<Scalars['String']['output']>;
  /** `radicado`, `rechazado` (por el MUV), `rechazado-local`, `fallido` (MUV sin respuesta; ver `motivo`) o `pendiente` (enviándose al MUV; se completa sola) */
  estado: Scalars['String']['output'];
  fechaRadicacion?: Maybe<Scalars['DateTimeISO']['output']>;
  id: Scalars['ID']['output'];
  /** Por qué terminó así */
  motivo?: Maybe<Scalars['String']['output']>;
  /** Avisos (gradualidad y notificaciones del MUV) */
  nAvisos: Scalars['Int']['output'];
  /** Hallazgos de rechazo */
  nErrores: Scalars['Int']['output'];
  numDocumentoIdObligado: Scalars['String']['output'];
  /** null en RIPS sin factura (RS) */
  numFactura?: Maybe<Scalars['String']['output']>;
  numNota?: Maybe<Scalars['String']['output']>;
  /** Método del MUV usado (CargarFevRips, CargarNC…) */
  operacion: Scalars['String']['output'];
  procesoId?: Maybe<Scalars['Int']['output']>;
  /** null = factura; NC, ND, NA o RS */
  tipoNota?: Maybe<Scalars['String']['output']>;
};

/** Una radicación con todos sus hallazgos explicados */
export type RadicacionDetalle = {
  createdAt: Scalars['DateTimeISO']['output'];
  /** Código Único de Validación (96 hexadecimales) */
  cuv?: Maybe<Scalars['String']['output']>;
  errores: Array<ErrorAccionable>;
  /** `radicado`, `rechazado` (por el MUV), `rechazado-local`, `fallido` (MUV sin respuesta; ver `motivo`) o `pendiente` (enviándose al MUV; se completa sola) */
  estado: Scalars['String']['output'];
  fechaRadicacion?: Maybe<Scalars['DateTimeISO']['output']>;
  id: Scalars['ID']['output'];
  /** Por qué terminó así */
  motivo?: Maybe<Scalars['String']['output']>;
  /** Avisos (gradualidad y notificaciones del MUV) */
  nAvisos: Scalars['Int']['output'];
  /** Hallazgos de rechazo */
  nErrores: Scalars['Int']['output'];
  numDocumentoIdObligado: Scalars['String']['output'];
  /** null en RIPS sin factura (RS) */
  numFactura?: Maybe<Scalars['String']['output']>;
  numNota?: Maybe<Scalars['String']['output']>;
  /** Hallazgos que no caben en `errores` (más de RIPS_MAX_HALLAZGOS), contados por código */
  omitidos: Array<HallazgosOmitidos>;
  /** Método del MUV usado (CargarFevRips, CargarNC…) */
  operacion: Scalars['String']['output'];
  procesoId?: Maybe<Scalars['Int']['output']>;
  /** null = factura; NC, ND, NA o RS */
  tipoNota?: Maybe<Scalars['String']['output']>;
};

/** Hallazgo del linter en forma compacta (severity error = rechazo) */
export type RdaIssue = {
  /** Código de la familia RDA (RDA33…) */
  codigo: Scalars['String']['output'];
  message: Scalars['String']['output'];
  /** Ruta FHIR: Bundle.entry[1].resource.birthDate */
  path: Scalars['String']['output'];
  /** `error` (rechazo) o `warning` (aviso-conformidad) */
  severity: Scalars['String']['output'];
};

/** Lo que el MUV tiene registrado para el documento (ConsultarCUV) */
export type RegistroCuv = {
  cantidadTotalAtenciones?: Maybe<CantidadTotalAtenciones>;
  cantidadUsuarios?: Maybe<Scalars['Int']['output']>;
  codigoPrestador?: Maybe<Scalars['String']['output']>;
  cuv: Scalars['String']['output'];
  esValido: Scalars['Boolean']['output'];
  fechaEmision?: Maybe<Scalars['String']['output']>;
  /** Hora de Colombia, tal como la informa el MUV */
  fechaValidacion?: Maybe<Scalars['String']['output']>;
  modalidadPago?: Maybe<Scalars['String']['output']>;
  numDocumentoIdObligado?: Maybe<Scalars['String']['output']>;
  numDocumentoReferenciado?: Maybe<Scalars['String']['output']>;
  numeroDocumento?: Maybe<Scalars['String']['output']>;
  procesoId: Scalars['Int']['output'];
  resultadosValidacion: Array<ResultadoValidacionMuv>;
  tipoDocumento?: Maybe<Scalars['String']['output']>;
  totalFactura?: Maybe<Scalars['Float']['output']>;
};

export type ResultadoConsultaRda = {
  alcance: Scalars['AlcanceConsultaRda']['output'];
  items: Array<ItemConsultaRda>;
  /** Cursor opaco (firmado) de la página siguiente; null en la última */
  siguiente?: Maybe<Scalars['String']['output']>;
  /** Total informado por la IHCE */
  total?: Maybe<Scalars['Int']['output']>;
};

export type ResultadoRadicacion = {
  /** Avisos de gradualidad y notificaciones del MUV */
  avisos: Array<ErrorAccionable>;
  createdAt: Scalars['DateTimeISO']['output'];
  /** Código Único de Validación (96 hexadecimales) */
  cuv?: Maybe<Scalars['String']['output']>;
  errores: Array<ErrorAccionable>;
  /** `radicado`, `rechazado` (por el MUV), `rechazado-local`, `fallido` (MUV sin respuesta; ver `motivo`) o `pendiente` (enviándose al MUV; se completa sola) */
  estado: Scalars['String']['output'];
  fechaRadicacion?: Maybe<Scalars['DateTimeISO']['output']>;
  id: Scalars['ID']['output'];
  /** Por qué terminó así */
  motivo?: Maybe<Scalars['String']['output']>;
  /** Avisos (gradualidad y notificaciones del MUV) */
  nAvisos: Scalars['Int']['output'];
  /** Hallazgos de rechazo */
  nErrores: Scalars['Int']['output'];
  numDocumentoIdObligado: Scalars['String']['output'];
  /** null en RIPS sin factura (RS) */
  numFactura?: Maybe<Scalars['String']['output']>;
  numNota?: Maybe<Scalars['String']['output']>;
  /** Hallazgos que no caben en `errores` (más de RIPS_MAX_HALLAZGOS), contados por código */
  omitidos: Array<HallazgosOmitidos>;
  /** Método del MUV usado (CargarFevRips, CargarNC…) */
  operacion: Scalars['String']['output'];
  procesoId?: Maybe<Scalars['Int']['output']>;
  /** La factura ya estaba radicada por la entidad, o una nota idéntica se estaba radicando a la vez: no se envió otra vez al MUV */
  repetida: Scalars['Boolean']['output'];
  /** null = factura; NC, ND, NA o RS */
  tipoNota?: Maybe<Scalars['String']['output']>;
};

/** Un resultado de validación tal como lo reporta el MUV */
export type ResultadoValidacionMuv = {
  clase: Scalars['String']['output'];
  codigo: Scalars['String']['output'];
  descripcion: Scalars['String']['output'];
  fuente: Scalars['String']['output'];
  observaciones: Scalars['String']['output'];
  pathFuente: Scalars['String']['output'];
};

export type ResultadoValidacionOficialRda = {
  /** Cada issue explicado (fuente validador-hl7) */
  errores: Array<ErrorAccionable>;
  issues: Array<IssueHl7>;
  /** Perfil de Bundle contra el que se validó */
  perfil: Scalars['String']['output'];
  porSeveridad: ConteoSeveridadHl7;
  /** true cuando no hay issues fatal ni error */
  valid: Scalars['Boolean']['output'];
};

export type ResultadoValidacionRda = {
  errores: Array<ErrorAccionable>;
  issues: Array<RdaIssue>;
  /** true cuando no hay ningún hallazgo de severidad rechazo */
  valid: Scalars['Boolean']['output'];
};

export type ResultadoValidacionRips = {
  errores: Array<ErrorAccionable>;
  /** Fecha con la que se evaluaron las clases de las reglas (gradualidad) */
  fechaEvaluacion: Scalars['DateTimeISO']['output'];
  issues: Array<RipsIssue>;
  /** Hallazgos que quedaron fuera de `errores` e `issues` por los límites de la respuesta, contados por código (vacío casi siempre). `errores` trae los primeros en el orden del RIPS. */
  omitidos: Array<HallazgosOmitidos>;
  resumen: ResumenValidacion;
  /** true cuando no hay ningún hallazgo de severidad rechazo */
  valid: Scalars['Boolean']['output'];
};

/** Conteos de la entidad por módulo; null si el rol no puede leer el módulo */
export type Resumen = {
  /** Transmisiones RDA a la IHCE */
  rda?: Maybe<ResumenModulo>;
  /** Radicaciones RIPS ante el MUV */
  rips?: Maybe<ResumenModulo>;
};

export type ResumenModulo = {
  /** Cantidad por estado (todos los estados, 0 si no hay) */
  porEstado: Scalars['JSONObject']['output'];
  /** Cantidad por tipo */
  porTipo: Scalars['JSONObject']['output'];
  total: Scalars['Int']['output'];
};

export type ResumenValidacion = {
  /** Notificaciones (aviso-gradualidad) */
  avisos: Scalars['Int']['output'];
  informativos: Scalars['Int']['output'];
  rechazos: Scalars['Int']['output'];
};

/** Hallazgo en forma compacta (severity error = rechazo) */
export type RipsIssue = {
  message: Scalars['String']['output'];
  /** Ruta JSON: usuarios[0].servicios.consultas[2].codDiagnosticoPrincipal */
  path: Scalars['String']['output'];
  regla: Scalars['String']['output'];
  /** `error` (rechazo) o `warning` (aviso o nota) */
  severity: Scalars['String']['output'];
};

export type Sesion = {
  entidad: EntidadSesion;
  identidad: Identidad;
  /** Permisos efectivos: los del rol en los módulos contratados */
  permisos: Array<Scalars['Permiso']['output']>;
};

/** Un RDA transmitido (o por transmitir) a la plataforma IHCE */
export type Transmision = {
  actualizadaEn: Scalars['DateTimeISO']['output'];
  /** Avisos de conformidad e informativos: nunca bloquean */
  avisos: Array<ErrorAccionable>;
  /** Id de la Composition en la IHCE */
  compositionId?: Maybe<Scalars['String']['output']>;
  creadaEn: Scalars['DateTimeISO']['output'];
  /** Quién la creó: api-key:{prefijo} o usuario:{sub} */
  creadoPor: Scalars['String']['output'];
  /** Hallazgos bloqueantes (linter o IHCE) cuando no se envió o fue rechazado; mientras reintenta, la última falla transitoria */
  errores: Array<ErrorAccionable>;
  estado: Scalars['EstadoTransmision']['output'];
  id: Scalars['ID']['output'];
  /** Intentos de envío hechos */
  intentos: Scalars['Int']['output'];
  /** Por qué no se aceptó, en una frase: rechazada por la IHCE (`rechazado`) o bloqueada por el linter (`generado`); null en los demás estados. El detalle está en `errores` */
  motivo?: Maybe<Scalars['String']['output']>;
  /** `bundle` (POST /rda) o `datos` (POST /rda/desde-datos) */
  origen: Scalars['String']['output'];
  /** Se agotaron los reintentos sin respuesta válida de la IHCE */
  reintentosAgotados: Scalars['Boolean']['output'];
  /** true cuando una Idempotency-Key repetida devolvió la transmisión original */
  repetida: Scalars['Boolean']['output'];
  siguienteIntentoEn?: Maybe<Scalars['DateTimeISO']['output']>;
  tipo: Scalars['TipoRda']['output'];
  /** Número VIDA que asignó la IHCE al aceptar */
  vida?: Maybe<Scalars['String']['output']>;
};

/** Dónde está el problema, en términos del sistema de origen */
export type UbicacionError = {
  /** Nombre del campo JSON */
  campo?: Maybe<Scalars['String']['output']>;
  /** Nombre del campo para una persona */
  campoNombre?: Maybe<Scalars['String']['output']>;
  /** Ubicación legible: "Factura … · Paciente CC … · Consulta 3 · Diagnóstico principal" */
  descripcion: Scalars['String']['output'];
  /** Documento del paciente ("CC 123…") */
  documentoUsuario?: Maybe<Scalars['String']['output']>;
  /** Número de factura del RIPS */
  factura?: Maybe<Scalars['String']['output']>;
  /** Ruta en el documento (JSON o FHIR) */
  ruta?: Maybe<Scalars['String']['output']>;
  /** Posición del servicio en su arreglo (desde 0) */
  servicioIndex?: Maybe<Scalars['Int']['output']>;
  tipoServicio?: Maybe<Scalars['TipoServicio']['output']>;
  /** Posición del usuario en `usuarios` (desde 0) */
  usuarioIndex?: Maybe<Scalars['Int']['output']>;
};

export type VerificacionCuv = {
  consultadoEn: Scalars['DateTimeISO']['output'];
  cuv: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  numFactura?: Maybe<Scalars['String']['output']>;
  /** null cuando el MUV no conoce el documento */
  registro?: Maybe<RegistroCuv>;
  /** El MUV conoce el documento, es válido y su CUV es el guardado */
  verificado: Scalars['Boolean']['output'];
};

/** El Bundle que se enviaría, sin enviarlo, con su revisión */
export type VistaPreviaRda = {
  /** El Bundle FHIR R4 de tipo document */
  bundle: Scalars['JSON']['output'];
  /** Hallazgos del linter sobre el Bundle construido */
  errores: Array<ErrorAccionable>;
  /** true cuando el linter no encuentra rechazos */
  valid: Scalars['Boolean']['output'];
};

export type CamposApiKeyFragment = { id: string, prefijo: string, descripcion: string | null, creadaEn: string, revocadaEn: string | null, activa: boolean, enUso: boolean };

export type ApiKeysQueryVariables = Exact<{ [key: string]: never; }>;


export type ApiKeysQuery = { apiKeys: Array<{ id: string, prefijo: string, descripcion: string | null, creadaEn: string, revocadaEn: string | null, activa: boolean, enUso: boolean }> };

export type ApiKeyQueryVariables = Exact<{
  id: string | number;
}>;


export type ApiKeyQuery = { apiKey: { id: string, prefijo: string, descripcion: string | null, creadaEn: string, revocadaEn: string | null, activa: boolean, enUso: boolean } };

export type CamposRadicacionFragment = { id: string, numFactura: string | null, numDocumentoIdObligado: string, tipoNota: string | null, numNota: string | null, operacion: string, estado: string, cuv: string | null, procesoId: number | null, fechaRadicacion: string | null, motivo: string | null, nErrores: number, nAvisos: number, createdAt: string };

export type RadicarRipsMutationVariables = Exact<{
  rips?: unknown;
  xmlFevFile?: string | null | undefined;
}>;


export type RadicarRipsMutation = { radicarRips: { id: string, numFactura: string | null, numDocumentoIdObligado: string, tipoNota: string | null, numNota: string | null, operacion: string, estado: string, cuv: string | null, procesoId: number | null, fechaRadicacion: string | null, motivo: string | null, nErrores: number, nAvisos: number, createdAt: string, repetida: boolean, avisos: Array<{ codigo: string, severidad: 'rechazo' | 'aviso-gradualidad' | 'aviso-conformidad' | 'informativo', fuente: 'linter-local' | 'muv' | 'linter-rda' | 'validador-hl7' | 'ihce', titulo: string, explicacion: string, comoCorregir: string, mensajeOriginal: string | null, ubicacion: { factura: string | null, usuarioIndex: number | null, documentoUsuario: string | null, tipoServicio: 'consultas' | 'procedimientos' | 'urgencias' | 'hospitalizacion' | 'recienNacidos' | 'medicamentos' | 'otrosServicios' | null, servicioIndex: number | null, campo: string | null, campoNombre: string | null, ruta: string | null, descripcion: string } }>, errores: Array<{ codigo: string, severidad: 'rechazo' | 'aviso-gradualidad' | 'aviso-conformidad' | 'informativo', fuente: 'linter-local' | 'muv' | 'linter-rda' | 'validador-hl7' | 'ihce', titulo: string, explicacion: string, comoCorregir: string, mensajeOriginal: string | null, ubicacion: { factura: string | null, usuarioIndex: number | null, documentoUsuario: string | null, tipoServicio: 'consultas' | 'procedimientos' | 'urgencias' | 'hospitalizacion' | 'recienNacidos' | 'medicamentos' | 'otrosServicios' | null, servicioIndex: number | null, campo: string | null, campoNombre: string | null, ruta: string | null, descripcion: string } }>, omitidos: Array<{ codigo: string, severidad: 'rechazo' | 'aviso-gradualidad' | 'aviso-conformidad' | 'informativo', cantidad: number }> } };

export type RadicacionesQueryVariables = Exact<{ [key: string]: never; }>;


export type RadicacionesQuery = { radicaciones: { items: Array<{ id: string, numFactura: string | null, numDocumentoIdObligado: string, tipoNota: string | null, numNota: string | null, operacion: string, estado: string, cuv: string | null, procesoId: number | null, fechaRadicacion: string | null, motivo: string | null, nErrores: number, nAvisos: number, createdAt: string }> } };

export type RadicacionQueryVariables = Exact<{
  id: string | number;
}>;


export type RadicacionQuery = { radicacion: { id: string, numFactura: string | null, numDocumentoIdObligado: string, tipoNota: string | null, numNota: string | null, operacion: string, estado: string, cuv: string | null, procesoId: number | null, fechaRadicacion: string | null, motivo: string | null, nErrores: number, nAvisos: number, createdAt: string, errores: Array<{ codigo: string, severidad: 'rechazo' | 'aviso-gradualidad' | 'aviso-conformidad' | 'informativo', fuente: 'linter-local' | 'muv' | 'linter-rda' | 'validador-hl7' | 'ihce', titulo: string, explicacion: string, comoCorregir: string, mensajeOriginal: string | null, ubicacion: { factura: string | null, usuarioIndex: number | null, documentoUsuario: string | null, tipoServicio: 'consultas' | 'procedimientos' | 'urgencias' | 'hospitalizacion' | 'recienNacidos' | 'medicamentos' | 'otrosServicios' | null, servicioIndex: number | null, campo: string | null, campoNombre: string | null, ruta: string | null, descripcion: string } }>, omitidos: Array<{ codigo: string, severidad: 'rechazo' | 'aviso-gradualidad' | 'aviso-conformidad' | 'informativo', cantidad: number }> } };

export type VerificarCuvQueryVariables = Exact<{
  id: string | number;
}>;


export type VerificarCuvQuery = { verificarCuv: { id: string, numFactura: string | null, cuv: string, verificado: boolean, consultadoEn: string, registro: { procesoId: number, cuv: string, numeroDocumento: string | null, numDocumentoIdObligado: string | null, fechaValidacion: string | null, esValido: boolean, tipoDocumento: string | null, fechaEmision: string | null, totalFactura: number | null, cantidadUsuarios: number | null, codigoPrestador: string | null, modalidadPago: string | null, numDocumentoReferenciado: string | null, resultadosValidacion: Array<{ clase: string, codigo: string, descripcion: string, observaciones: string, pathFuente: string, fuente: string }>, cantidadTotalAtenciones: { consultas: number, procedimientos: number, medicamentos: number, otrosServicios: number, recienNacidos: number, hospitalizaciones: number, urgencias: number } | null } | null } };

export type ValidarRdaQueryVariables = Exact<{
  bundle?: unknown;
  tipo?: 'paciente' | 'consulta-externa' | 'hospitalizacion' | 'urgencias' | null | undefined;
  fechaEvaluacion?: string | null | undefined;
}>;


export type ValidarRdaQuery = { validarRda: { valid: boolean, issues: Array<{ severity: string, codigo: string, path: string, message: string }>, errores: Array<{ codigo: string, severidad: 'rechazo' | 'aviso-gradualidad' | 'aviso-conformidad' | 'informativo', fuente: 'linter-local' | 'muv' | 'linter-rda' | 'validador-hl7' | 'ihce', titulo: string, explicacion: string, comoCorregir: string, mensajeOriginal: string | null, ubicacion: { factura: string | null, usuarioIndex: number | null, documentoUsuario: string | null, tipoServicio: 'consultas' | 'procedimientos' | 'urgencias' | 'hospitalizacion' | 'recienNacidos' | 'medicamentos' | 'otrosServicios' | null, servicioIndex: number | null, campo: string | null, campoNombre: string | null, ruta: string | null, descripcion: string } }> } };

export type ValidarRdaOficialQueryVariables = Exact<{
  bundle?: unknown;
  tipo?: 'paciente' | 'consulta-externa' | 'hospitalizacion' | 'urgencias' | null | undefined;
}>;


export type ValidarRdaOficialQuery = { validarRdaOficial: { valid: boolean, perfil: string, porSeveridad: { error: number, warning: number, information: number, fatal: number }, issues: Array<{ severity: string, message: string, location: string | null }>, errores: Array<{ codigo: string, severidad: 'rechazo' | 'aviso-gradualidad' | 'aviso-conformidad' | 'informativo', fuente: 'linter-local' | 'muv' | 'linter-rda' | 'validador-hl7' | 'ihce', titulo: string, explicacion: string, comoCorregir: string, mensajeOriginal: string | null, ubicacion: { factura: string | null, usuarioIndex: number | null, documentoUsuario: string | null, tipoServicio: 'consultas' | 'procedimientos' | 'urgencias' | 'hospitalizacion' | 'recienNacidos' | 'medicamentos' | 'otrosServicios' | null, servicioIndex: number | null, campo: string | null, campoNombre: string | null, ruta: string | null, descripcion: string } }> } };

export type ConstruirRdaQueryVariables = Exact<{
  tipo: 'paciente' | 'consulta-externa' | 'hospitalizacion' | 'urgencias';
  datos?: unknown;
  fechaEvaluacion?: string | null | undefined;
}>;


export type ConstruirRdaQuery = { construirRda: { bundle: unknown, valid: boolean, errores: Array<{ codigo: string, severidad: 'rechazo' | 'aviso-gradualidad' | 'aviso-conformidad' | 'informativo', fuente: 'linter-local' | 'muv' | 'linter-rda' | 'validador-hl7' | 'ihce', titulo: string, explicacion: string, comoCorregir: string, mensajeOriginal: string | null, ubicacion: { factura: string | null, usuarioIndex: number | null, documentoUsuario: string | null, tipoServicio: 'consultas' | 'procedimientos' | 'urgencias' | 'hospitalizacion' | 'recienNacidos' | 'medicamentos' | 'otrosServicios' | null, servicioIndex: number | null, campo: string | null, campoNombre: string | null, ruta: string | null, descripcion: string } }> } };

export type CamposTransmisionFragment = { id: string, tipo: 'paciente' | 'consulta-externa' | 'hospitalizacion' | 'urgencias', estado: 'generado' | 'validado' | 'enviado' | 'aceptado' | 'rechazado', origen: string, vida: string | null, compositionId: string | null, motivo: string | null, intentos: number, reintentosAgotados: boolean, siguienteIntentoEn: string | null, creadoPor: string, creadaEn: string, actualizadaEn: string, repetida: boolean, errores: Array<{ codigo: string, severidad: 'rechazo' | 'aviso-gradualidad' | 'aviso-conformidad' | 'informativo', fuente: 'linter-local' | 'muv' | 'linter-rda' | 'validador-hl7' | 'ihce', titulo: string, explicacion: string, comoCorregir: string, mensajeOriginal: string | null, ubicacion: { factura: string | null, usuarioIndex: number | null, documentoUsuario: string | null, tipoServicio: 'consultas' | 'procedimientos' | 'urgencias' | 'hospitalizacion' | 'recienNacidos' | 'medicamentos' | 'otrosServicios' | null, servicioIndex: number | null, campo: string | null, campoNombre: string | null, ruta: string | null, descripcion: string } }>, avisos: Array<{ codigo: string, severidad: 'rechazo' | 'aviso-gradualidad' | 'aviso-conformidad' | 'informativo', fuente: 'linter-local' | 'muv' | 'linter-rda' | 'validador-hl7' | 'ihce', titulo: string, explicacion: string, comoCorregir: string, mensajeOriginal: string | null, ubicacion: { factura: string | null, usuarioIndex: number | null, documentoUsuario: string | null, tipoServicio: 'consultas' | 'procedimientos' | 'urgencias' | 'hospitalizacion' | 'recienNacidos' | 'medicamentos' | 'otrosServicios' | null, servicioIndex: number | null, campo: string | null, campoNombre: string | null, ruta: string | null, descripcion: string } }> };

export type TransmitirRdaMutationVariables = Exact<{
  tipo: 'paciente' | 'consulta-externa' | 'hospitalizacion' | 'urgencias';
  bundle?: unknown;
  idempotencyKey?: string | null | undefined;
}>;


export type TransmitirRdaMutation = { transmitirRda: { id: string, tipo: 'paciente' | 'consulta-externa' | 'hospitalizacion' | 'urgencias', estado: 'generado' | 'validado' | 'enviado' | 'aceptado' | 'rechazado', origen: string, vida: string | null, compositionId: string | null, motivo: string | null, intentos: number, reintentosAgotados: boolean, siguienteIntentoEn: string | null, creadoPor: string, creadaEn: string, actualizadaEn: string, repetida: boolean, errores: Array<{ codigo: string, severidad: 'rechazo' | 'aviso-gradualidad' | 'aviso-conformidad' | 'informativo', fuente: 'linter-local' | 'muv' | 'linter-rda' | 'validador-hl7' | 'ihce', titulo: string, explicacion: string, comoCorregir: string, mensajeOriginal: string | null, ubicacion: { factura: string | null, usuarioIndex: number | null, documentoUsuario: string | null, tipoServicio: 'consultas' | 'procedimientos' | 'urgencias' | 'hospitalizacion' | 'recienNacidos' | 'medicamentos' | 'otrosServicios' | null, servicioIndex: number | null, campo: string | null, campoNombre: string | null, ruta: string | null, descripcion: string } }>, avisos: Array<{ codigo: string, severidad: 'rechazo' | 'aviso-gradualidad' | 'aviso-conformidad' | 'informativo', fuente: 'linter-local' | 'muv' | 'linter-rda' | 'validador-hl7' | 'ihce', titulo: string, explicacion: string, comoCorregir: string, mensajeOriginal: string | null, ubicacion: { factura: string | null, usuarioIndex: number | null, documentoUsuario: string | null, tipoServicio: 'consultas' | 'procedimientos' | 'urgencias' | 'hospitalizacion' | 'recienNacidos' | 'medicamentos' | 'otrosServicios' | null, servicioIndex: number | null, campo: string | null, campoNombre: string | null, ruta: string | null, descripcion: string } }> } };

export type TransmitirRdaDesdeDatosMutationVariables = Exact<{
  tipo: 'paciente' | 'consulta-externa' | 'hospitalizacion' | 'urgencias';
  datos?: Record<string, unknown> | null | undefined;
  idempotencyKey?: string | null | undefined;
}>;


export type TransmitirRdaDesdeDatosMutation = { transmitirRdaDesdeDatos: { id: string, tipo: 'paciente' | 'consulta-externa' | 'hospitalizacion' | 'urgencias', estado: 'generado' | 'validado' | 'enviado' | 'aceptado' | 'rechazado', origen: string, vida: string | null, compositionId: string | null, motivo: string | null, intentos: number, reintentosAgotados: boolean, siguienteIntentoEn: string | null, creadoPor: string, creadaEn: string, actualizadaEn: string, repetida: boolean, errores: Array<{ codigo: string, severidad: 'rechazo' | 'aviso-gradualidad' | 'aviso-conformidad' | 'informativo', fuente: 'linter-local' | 'muv' | 'linter-rda' | 'validador-hl7' | 'ihce', titulo: string, explicacion: string, comoCorregir: string, mensajeOriginal: string | null, ubicacion: { factura: string | null, usuarioIndex: number | null, documentoUsuario: string | null, tipoServicio: 'consultas' | 'procedimientos' | 'urgencias' | 'hospitalizacion' | 'recienNacidos' | 'medicamentos' | 'otrosServicios' | null, servicioIndex: number | null, campo: string | null, campoNombre: string | null, ruta: string | null, descripcion: string } }>, avisos: Array<{ codigo: string, severidad: 'rechazo' | 'aviso-gradualidad' | 'aviso-conformidad' | 'informativo', fuente: 'linter-local' | 'muv' | 'linter-rda' | 'validador-hl7' | 'ihce', titulo: string, explicacion: string, comoCorregir: string, mensajeOriginal: string | null, ubicacion: { factura: string | null, usuarioIndex: number | null, documentoUsuario: string | null, tipoServicio: 'consultas' | 'procedimientos' | 'urgencias' | 'hospitalizacion' | 'recienNacidos' | 'medicamentos' | 'otrosServicios' | null, servicioIndex: number | null, campo: string | null, campoNombre: string | null, ruta: string | null, descripcion: string } }> } };

export type TransmisionesQueryVariables = Exact<{
  estado?: 'generado' | 'validado' | 'enviado' | 'aceptado' | 'rechazado' | null | undefined;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type TransmisionesQuery = { transmisiones: { total: number, limit: number, offset: number, items: Array<{ id: string, tipo: 'paciente' | 'consulta-externa' | 'hospitalizacion' | 'urgencias', estado: 'generado' | 'validado' | 'enviado' | 'aceptado' | 'rechazado', origen: string, vida: string | null, compositionId: string | null, motivo: string | null, intentos: number, reintentosAgotados: boolean, siguienteIntentoEn: string | null, creadoPor: string, creadaEn: string, actualizadaEn: string, repetida: boolean, errores: Array<{ codigo: string, severidad: 'rechazo' | 'aviso-gradualidad' | 'aviso-conformidad' | 'informativo', fuente: 'linter-local' | 'muv' | 'linter-rda' | 'validador-hl7' | 'ihce', titulo: string, explicacion: string, comoCorregir: string, mensajeOriginal: string | null, ubicacion: { factura: string | null, usuarioIndex: number | null, documentoUsuario: string | null, tipoServicio: 'consultas' | 'procedimientos' | 'urgencias' | 'hospitalizacion' | 'recienNacidos' | 'medicamentos' | 'otrosServicios' | null, servicioIndex: number | null, campo: string | null, campoNombre: string | null, ruta: string | null, descripcion: string } }>, avisos: Array<{ codigo: string, severidad: 'rechazo' | 'aviso-gradualidad' | 'aviso-conformidad' | 'informativo', fuente: 'linter-local' | 'muv' | 'linter-rda' | 'validador-hl7' | 'ihce', titulo: string, explicacion: string, comoCorregir: string, mensajeOriginal: string | null, ubicacion: { factura: string | null, usuarioIndex: number | null, documentoUsuario: string | null, tipoServicio: 'consultas' | 'procedimientos' | 'urgencias' | 'hospitalizacion' | 'recienNacidos' | 'medicamentos' | 'otrosServicios' | null, servicioIndex: number | null, campo: string | null, campoNombre: string | null, ruta: string | null, descripcion: string } }> }> } };

export type TransmisionQueryVariables = Exact<{
  id: string | number;
}>;


export type TransmisionQuery = { transmision: { id: string, tipo: 'paciente' | 'consulta-externa' | 'hospitalizacion' | 'urgencias', estado: 'generado' | 'validado' | 'enviado' | 'aceptado' | 'rechazado', origen: string, vida: string | null, compositionId: string | null, motivo: string | null, intentos: number, reintentosAgotados: boolean, siguienteIntentoEn: string | null, creadoPor: string, creadaEn: string, actualizadaEn: string, repetida: boolean, errores: Array<{ codigo: string, severidad: 'rechazo' | 'aviso-gradualidad' | 'aviso-conformidad' | 'informativo', fuente: 'linter-local' | 'muv' | 'linter-rda' | 'validador-hl7' | 'ihce', titulo: string, explicacion: string, comoCorregir: string, mensajeOriginal: string | null, ubicacion: { factura: string | null, usuarioIndex: number | null, documentoUsuario: string | null, tipoServicio: 'consultas' | 'procedimientos' | 'urgencias' | 'hospitalizacion' | 'recienNacidos' | 'medicamentos' | 'otrosServicios' | null, servicioIndex: number | null, campo: string | null, campoNombre: string | null, ruta: string | null, descripcion: string } }>, avisos: Array<{ codigo: string, severidad: 'rechazo' | 'aviso-gradualidad' | 'aviso-conformidad' | 'informativo', fuente: 'linter-local' | 'muv' | 'linter-rda' | 'validador-hl7' | 'ihce', titulo: string, explicacion: string, comoCorregir: string, mensajeOriginal: string | null, ubicacion: { factura: string | null, usuarioIndex: number | null, documentoUsuario: string | null, tipoServicio: 'consultas' | 'procedimientos' | 'urgencias' | 'hospitalizacion' | 'recienNacidos' | 'medicamentos' | 'otrosServicios' | null, servicioIndex: number | null, campo: string | null, campoNombre: string | null, ruta: string | null, descripcion: string } }> } };

export type EventosTransmisionQueryVariables = Exact<{
  id: string | number;
}>;


export type EventosTransmisionQuery = { eventosTransmision: Array<{ secuencia: number, fecha: string, tipo: 'generado' | 'validado' | 'bloqueado-linter' | 'enviado' | 'reintento-programado' | 'aceptado' | 'rechazado' | 'reintentos-agotados' | 'consulta-documento', estadoAnterior: 'generado' | 'validado' | 'enviado' | 'aceptado' | 'rechazado' | null, estadoNuevo: 'generado' | 'validado' | 'enviado' | 'aceptado' | 'rechazado', actor: string, statusUpstream: number | null, intento: number | null, detalle: string | null }> };

export type DocumentoIhceQueryVariables = Exact<{
  id: string | number;
}>;


export type DocumentoIhceQuery = { documentoIhce: Record<string, unknown> };

export type ConsultarRdaMutationVariables = Exact<{
  alcance?: 'paciente' | 'encuentros' | null | undefined;
  paciente?: Record<string, unknown> | null | undefined;
  humanuser?: Record<string, unknown> | null | undefined;
  cursor?: string | null | undefined;
}>;


export type ConsultarRdaMutation = { consultarRda: { alcance: 'paciente' | 'encuentros', siguiente: string | null, total: number | null, items: Array<{ compositionId: string, vida: string | null, fecha: string | null, tipo: 'paciente' | 'consulta-externa' | 'hospitalizacion' | 'urgencias' | null, paciente: string | null }> } };

export type ResumenQueryVariables = Exact<{ [key: string]: never; }>;


export type ResumenQuery = { resumen: { rips: { total: number, porEstado: Record<string, unknown>, porTipo: Record<string, unknown> } | null, rda: { total: number, porEstado: Record<string, unknown>, porTipo: Record<string, unknown> } | null } };

export type CamposErrorAccionableFragment = { codigo: string, severidad: 'rechazo' | 'aviso-gradualidad' | 'aviso-conformidad' | 'informativo', fuente: 'linter-local' | 'muv' | 'linter-rda' | 'validador-hl7' | 'ihce', titulo: string, explicacion: string, comoCorregir: string, mensajeOriginal: string | null, ubicacion: { factura: string | null, usuarioIndex: number | null, documentoUsuario: string | null, tipoServicio: 'consultas' | 'procedimientos' | 'urgencias' | 'hospitalizacion' | 'recienNacidos' | 'medicamentos' | 'otrosServicios' | null, servicioIndex: number | null, campo: string | null, campoNombre: string | null, ruta: string | null, descripcion: string } };

export type ValidarRipsQueryVariables = Exact<{
  rips?: unknown;
  ripsTexto?: string | null | undefined;
  cuerpoFlujo?: unknown;
  fechaEvaluacion?: string | null | undefined;
}>;


export type ValidarRipsQuery = { validarRips: { valid: boolean, fechaEvaluacion: string, resumen: { rechazos: number, avisos: number, informativos: number }, issues: Array<{ severity: string, regla: string, path: string, message: string }>, errores: Array<{ codigo: string, severidad: 'rechazo' | 'aviso-gradualidad' | 'aviso-conformidad' | 'informativo', fuente: 'linter-local' | 'muv' | 'linter-rda' | 'validador-hl7' | 'ihce', titulo: string, explicacion: string, comoCorregir: string, mensajeOriginal: string | null, ubicacion: { factura: string | null, usuarioIndex: number | null, documentoUsuario: string | null, tipoServicio: 'consultas' | 'procedimientos' | 'urgencias' | 'hospitalizacion' | 'recienNacidos' | 'medicamentos' | 'otrosServicios' | null, servicioIndex: number | null, campo: string | null, campoNombre: string | null, ruta: string | null, descripcion: string } }>, omitidos: Array<{ codigo: string, severidad: 'rechazo' | 'aviso-gradualidad' | 'aviso-conformidad' | 'informativo', cantidad: number }> } };

export type SesionQueryVariables = Exact<{ [key: string]: never; }>;


export type SesionQuery = { sesion: { permisos: Array<'rips:enviar' | 'rips:leer' | 'rda:enviar' | 'rda:leer'>, entidad: { slug: string, nombre: string, tipoEntidad: 'ips' | 'profesional-independiente' | 'transporte-especial' | 'objeto-social-diferente', modulos: Array<'rips' | 'rda'> }, identidad: { tipo: 'api-key' | 'usuario', rol: 'owner' | 'operador' | 'auditor' | null, sujeto: string | null, apiKeyPrefijo: string | null } } };

export type CamposConfiguracionFragment = { modulo: 'rips' | 'rda', upstreamConfigurado: boolean, credencialesConfiguradas: boolean, credencialesActualizadas: string | null, listo: boolean };

export type ConfiguracionRipsQueryVariables = Exact<{ [key: string]: never; }>;


export type ConfiguracionRipsQuery = { configuracionRips: { modulo: 'rips' | 'rda', upstreamConfigurado: boolean, credencialesConfiguradas: boolean, credencialesActualizadas: string | null, listo: boolean } };

export type ConfiguracionRdaQueryVariables = Exact<{ [key: string]: never; }>;


export type ConfiguracionRdaQuery = { configuracionRda: { modulo: 'rips' | 'rda', upstreamConfigurado: boolean, credencialesConfiguradas: boolean, credencialesActualizadas: string | null, listo: boolean } };

export const CamposApiKeyFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposApiKey"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiKeyInfo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"prefijo"}},{"kind":"Field","name":{"kind":"Name","value":"descripcion"}},{"kind":"Field","name":{"kind":"Name","value":"creadaEn"}},{"kind":"Field","name":{"kind":"Name","value":"revocadaEn"}},{"kind":"Field","name":{"kind":"Name","value":"activa"}},{"kind":"Field","name":{"kind":"Name","value":"enUso"}}]}}]} as unknown as DocumentNode<CamposApiKeyFragment, unknown>;
export const CamposRadicacionFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposRadicacion"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Radicacion"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"numFactura"}},{"kind":"Field","name":{"kind":"Name","value":"numDocumentoIdObligado"}},{"kind":"Field","name":{"kind":"Name","value":"tipoNota"}},{"kind":"Field","name":{"kind":"Name","value":"numNota"}},{"kind":"Field","name":{"kind":"Name","value":"operacion"}},{"kind":"Field","name":{"kind":"Name","value":"estado"}},{"kind":"Field","name":{"kind":"Name","value":"cuv"}},{"kind":"Field","name":{"kind":"Name","value":"procesoId"}},{"kind":"Field","name":{"kind":"Name","value":"fechaRadicacion"}},{"kind":"Field","name":{"kind":"Name","value":"motivo"}},{"kind":"Field","name":{"kind":"Name","value":"nErrores"}},{"kind":"Field","name":{"kind":"Name","value":"nAvisos"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<CamposRadicacionFragment, unknown>;
export const CamposErrorAccionableFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposErrorAccionable"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ErrorAccionable"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"severidad"}},{"kind":"Field","name":{"kind":"Name","value":"fuente"}},{"kind":"Field","name":{"kind":"Name","value":"ubicacion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"factura"}},{"kind":"Field","name":{"kind":"Name","value":"usuarioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"documentoUsuario"}},{"kind":"Field","name":{"kind":"Name","value":"tipoServicio"}},{"kind":"Field","name":{"kind":"Name","value":"servicioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"campo"}},{"kind":"Field","name":{"kind":"Name","value":"campoNombre"}},{"kind":"Field","name":{"kind":"Name","value":"ruta"}},{"kind":"Field","name":{"kind":"Name","value":"descripcion"}}]}},{"kind":"Field","name":{"kind":"Name","value":"titulo"}},{"kind":"Field","name":{"kind":"Name","value":"explicacion"}},{"kind":"Field","name":{"kind":"Name","value":"comoCorregir"}},{"kind":"Field","name":{"kind":"Name","value":"mensajeOriginal"}}]}}]} as unknown as DocumentNode<CamposErrorAccionableFragment, unknown>;
export const CamposTransmisionFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposTransmision"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Transmision"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"tipo"}},{"kind":"Field","name":{"kind":"Name","value":"estado"}},{"kind":"Field","name":{"kind":"Name","value":"origen"}},{"kind":"Field","name":{"kind":"Name","value":"vida"}},{"kind":"Field","name":{"kind":"Name","value":"compositionId"}},{"kind":"Field","name":{"kind":"Name","value":"errores"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposErrorAccionable"}}]}},{"kind":"Field","name":{"kind":"Name","value":"motivo"}},{"kind":"Field","name":{"kind":"Name","value":"avisos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposErrorAccionable"}}]}},{"kind":"Field","name":{"kind":"Name","value":"intentos"}},{"kind":"Field","name":{"kind":"Name","value":"reintentosAgotados"}},{"kind":"Field","name":{"kind":"Name","value":"siguienteIntentoEn"}},{"kind":"Field","name":{"kind":"Name","value":"creadoPor"}},{"kind":"Field","name":{"kind":"Name","value":"creadaEn"}},{"kind":"Field","name":{"kind":"Name","value":"actualizadaEn"}},{"kind":"Field","name":{"kind":"Name","value":"repetida"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposErrorAccionable"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ErrorAccionable"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"severidad"}},{"kind":"Field","name":{"kind":"Name","value":"fuente"}},{"kind":"Field","name":{"kind":"Name","value":"ubicacion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"factura"}},{"kind":"Field","name":{"kind":"Name","value":"usuarioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"documentoUsuario"}},{"kind":"Field","name":{"kind":"Name","value":"tipoServicio"}},{"kind":"Field","name":{"kind":"Name","value":"servicioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"campo"}},{"kind":"Field","name":{"kind":"Name","value":"campoNombre"}},{"kind":"Field","name":{"kind":"Name","value":"ruta"}},{"kind":"Field","name":{"kind":"Name","value":"descripcion"}}]}},{"kind":"Field","name":{"kind":"Name","value":"titulo"}},{"kind":"Field","name":{"kind":"Name","value":"explicacion"}},{"kind":"Field","name":{"kind":"Name","value":"comoCorregir"}},{"kind":"Field","name":{"kind":"Name","value":"mensajeOriginal"}}]}}]} as unknown as DocumentNode<CamposTransmisionFragment, unknown>;
export const CamposConfiguracionFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposConfiguracion"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConfiguracionModulo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"modulo"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamConfigurado"}},{"kind":"Field","name":{"kind":"Name","value":"credencialesConfiguradas"}},{"kind":"Field","name":{"kind":"Name","value":"credencialesActualizadas"}},{"kind":"Field","name":{"kind":"Name","value":"listo"}}]}}]} as unknown as DocumentNode<CamposConfiguracionFragment, unknown>;
export const ApiKeysDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ApiKeys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiKeys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposApiKey"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposApiKey"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiKeyInfo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"prefijo"}},{"kind":"Field","name":{"kind":"Name","value":"descripcion"}},{"kind":"Field","name":{"kind":"Name","value":"creadaEn"}},{"kind":"Field","name":{"kind":"Name","value":"revocadaEn"}},{"kind":"Field","name":{"kind":"Name","value":"activa"}},{"kind":"Field","name":{"kind":"Name","value":"enUso"}}]}}]} as unknown as DocumentNode<ApiKeysQuery, ApiKeysQueryVariables>;
export const ApiKeyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ApiKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposApiKey"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposApiKey"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiKeyInfo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"prefijo"}},{"kind":"Field","name":{"kind":"Name","value":"descripcion"}},{"kind":"Field","name":{"kind":"Name","value":"creadaEn"}},{"kind":"Field","name":{"kind":"Name","value":"revocadaEn"}},{"kind":"Field","name":{"kind":"Name","value":"activa"}},{"kind":"Field","name":{"kind":"Name","value":"enUso"}}]}}]} as unknown as DocumentNode<ApiKeyQuery, ApiKeyQueryVariables>;
export const RadicarRipsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RadicarRips"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"rips"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"JSON"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"xmlFevFile"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"radicarRips"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"rips"},"value":{"kind":"Variable","name":{"kind":"Name","value":"rips"}}},{"kind":"Argument","name":{"kind":"Name","value":"xmlFevFile"},"value":{"kind":"Variable","name":{"kind":"Name","value":"xmlFevFile"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"numFactura"}},{"kind":"Field","name":{"kind":"Name","value":"numDocumentoIdObligado"}},{"kind":"Field","name":{"kind":"Name","value":"tipoNota"}},{"kind":"Field","name":{"kind":"Name","value":"numNota"}},{"kind":"Field","name":{"kind":"Name","value":"operacion"}},{"kind":"Field","name":{"kind":"Name","value":"estado"}},{"kind":"Field","name":{"kind":"Name","value":"cuv"}},{"kind":"Field","name":{"kind":"Name","value":"procesoId"}},{"kind":"Field","name":{"kind":"Name","value":"fechaRadicacion"}},{"kind":"Field","name":{"kind":"Name","value":"motivo"}},{"kind":"Field","name":{"kind":"Name","value":"nErrores"}},{"kind":"Field","name":{"kind":"Name","value":"nAvisos"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"repetida"}},{"kind":"Field","name":{"kind":"Name","value":"avisos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposErrorAccionable"}}]}},{"kind":"Field","name":{"kind":"Name","value":"errores"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposErrorAccionable"}}]}},{"kind":"Field","name":{"kind":"Name","value":"omitidos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"severidad"}},{"kind":"Field","name":{"kind":"Name","value":"cantidad"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposErrorAccionable"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ErrorAccionable"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"severidad"}},{"kind":"Field","name":{"kind":"Name","value":"fuente"}},{"kind":"Field","name":{"kind":"Name","value":"ubicacion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"factura"}},{"kind":"Field","name":{"kind":"Name","value":"usuarioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"documentoUsuario"}},{"kind":"Field","name":{"kind":"Name","value":"tipoServicio"}},{"kind":"Field","name":{"kind":"Name","value":"servicioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"campo"}},{"kind":"Field","name":{"kind":"Name","value":"campoNombre"}},{"kind":"Field","name":{"kind":"Name","value":"ruta"}},{"kind":"Field","name":{"kind":"Name","value":"descripcion"}}]}},{"kind":"Field","name":{"kind":"Name","value":"titulo"}},{"kind":"Field","name":{"kind":"Name","value":"explicacion"}},{"kind":"Field","name":{"kind":"Name","value":"comoCorregir"}},{"kind":"Field","name":{"kind":"Name","value":"mensajeOriginal"}}]}}]} as unknown as DocumentNode<RadicarRipsMutation, RadicarRipsMutationVariables>;
export const RadicacionesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Radicaciones"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"radicaciones"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposRadicacion"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposRadicacion"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Radicacion"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"numFactura"}},{"kind":"Field","name":{"kind":"Name","value":"numDocumentoIdObligado"}},{"kind":"Field","name":{"kind":"Name","value":"tipoNota"}},{"kind":"Field","name":{"kind":"Name","value":"numNota"}},{"kind":"Field","name":{"kind":"Name","value":"operacion"}},{"kind":"Field","name":{"kind":"Name","value":"estado"}},{"kind":"Field","name":{"kind":"Name","value":"cuv"}},{"kind":"Field","name":{"kind":"Name","value":"procesoId"}},{"kind":"Field","name":{"kind":"Name","value":"fechaRadicacion"}},{"kind":"Field","name":{"kind":"Name","value":"motivo"}},{"kind":"Field","name":{"kind":"Name","value":"nErrores"}},{"kind":"Field","name":{"kind":"Name","value":"nAvisos"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<RadicacionesQuery, RadicacionesQueryVariables>;
export const RadicacionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Radicacion"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"radicacion"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"numFactura"}},{"kind":"Field","name":{"kind":"Name","value":"numDocumentoIdObligado"}},{"kind":"Field","name":{"kind":"Name","value":"tipoNota"}},{"kind":"Field","name":{"kind":"Name","value":"numNota"}},{"kind":"Field","name":{"kind":"Name","value":"operacion"}},{"kind":"Field","name":{"kind":"Name","value":"estado"}},{"kind":"Field","name":{"kind":"Name","value":"cuv"}},{"kind":"Field","name":{"kind":"Name","value":"procesoId"}},{"kind":"Field","name":{"kind":"Name","value":"fechaRadicacion"}},{"kind":"Field","name":{"kind":"Name","value":"motivo"}},{"kind":"Field","name":{"kind":"Name","value":"nErrores"}},{"kind":"Field","name":{"kind":"Name","value":"nAvisos"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"errores"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposErrorAccionable"}}]}},{"kind":"Field","name":{"kind":"Name","value":"omitidos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"severidad"}},{"kind":"Field","name":{"kind":"Name","value":"cantidad"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposErrorAccionable"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ErrorAccionable"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"severidad"}},{"kind":"Field","name":{"kind":"Name","value":"fuente"}},{"kind":"Field","name":{"kind":"Name","value":"ubicacion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"factura"}},{"kind":"Field","name":{"kind":"Name","value":"usuarioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"documentoUsuario"}},{"kind":"Field","name":{"kind":"Name","value":"tipoServicio"}},{"kind":"Field","name":{"kind":"Name","value":"servicioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"campo"}},{"kind":"Field","name":{"kind":"Name","value":"campoNombre"}},{"kind":"Field","name":{"kind":"Name","value":"ruta"}},{"kind":"Field","name":{"kind":"Name","value":"descripcion"}}]}},{"kind":"Field","name":{"kind":"Name","value":"titulo"}},{"kind":"Field","name":{"kind":"Name","value":"explicacion"}},{"kind":"Field","name":{"kind":"Name","value":"comoCorregir"}},{"kind":"Field","name":{"kind":"Name","value":"mensajeOriginal"}}]}}]} as unknown as DocumentNode<RadicacionQuery, RadicacionQueryVariables>;
export const VerificarCuvDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"VerificarCuv"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"verificarCuv"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"numFactura"}},{"kind":"Field","name":{"kind":"Name","value":"cuv"}},{"kind":"Field","name":{"kind":"Name","value":"verificado"}},{"kind":"Field","name":{"kind":"Name","value":"consultadoEn"}},{"kind":"Field","name":{"kind":"Name","value":"registro"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"procesoId"}},{"kind":"Field","name":{"kind":"Name","value":"cuv"}},{"kind":"Field","name":{"kind":"Name","value":"numeroDocumento"}},{"kind":"Field","name":{"kind":"Name","value":"numDocumentoIdObligado"}},{"kind":"Field","name":{"kind":"Name","value":"fechaValidacion"}},{"kind":"Field","name":{"kind":"Name","value":"esValido"}},{"kind":"Field","name":{"kind":"Name","value":"tipoDocumento"}},{"kind":"Field","name":{"kind":"Name","value":"fechaEmision"}},{"kind":"Field","name":{"kind":"Name","value":"totalFactura"}},{"kind":"Field","name":{"kind":"Name","value":"cantidadUsuarios"}},{"kind":"Field","name":{"kind":"Name","value":"codigoPrestador"}},{"kind":"Field","name":{"kind":"Name","value":"modalidadPago"}},{"kind":"Field","name":{"kind":"Name","value":"numDocumentoReferenciado"}},{"kind":"Field","name":{"kind":"Name","value":"resultadosValidacion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"clase"}},{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"descripcion"}},{"kind":"Field","name":{"kind":"Name","value":"observaciones"}},{"kind":"Field","name":{"kind":"Name","value":"pathFuente"}},{"kind":"Field","name":{"kind":"Name","value":"fuente"}}]}},{"kind":"Field","name":{"kind":"Name","value":"cantidadTotalAtenciones"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"consultas"}},{"kind":"Field","name":{"kind":"Name","value":"procedimientos"}},{"kind":"Field","name":{"kind":"Name","value":"medicamentos"}},{"kind":"Field","name":{"kind":"Name","value":"otrosServicios"}},{"kind":"Field","name":{"kind":"Name","value":"recienNacidos"}},{"kind":"Field","name":{"kind":"Name","value":"hospitalizaciones"}},{"kind":"Field","name":{"kind":"Name","value":"urgencias"}}]}}]}}]}}]}}]} as unknown as DocumentNode<VerificarCuvQuery, VerificarCuvQueryVariables>;
export const ValidarRdaDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ValidarRda"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"bundle"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"JSON"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"tipo"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"TipoRda"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"fechaEvaluacion"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"DateTimeISO"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"validarRda"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"bundle"},"value":{"kind":"Variable","name":{"kind":"Name","value":"bundle"}}},{"kind":"Argument","name":{"kind":"Name","value":"tipo"},"value":{"kind":"Variable","name":{"kind":"Name","value":"tipo"}}},{"kind":"Argument","name":{"kind":"Name","value":"fechaEvaluacion"},"value":{"kind":"Variable","name":{"kind":"Name","value":"fechaEvaluacion"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"valid"}},{"kind":"Field","name":{"kind":"Name","value":"issues"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"severity"}},{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"errores"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposErrorAccionable"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposErrorAccionable"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ErrorAccionable"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"severidad"}},{"kind":"Field","name":{"kind":"Name","value":"fuente"}},{"kind":"Field","name":{"kind":"Name","value":"ubicacion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"factura"}},{"kind":"Field","name":{"kind":"Name","value":"usuarioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"documentoUsuario"}},{"kind":"Field","name":{"kind":"Name","value":"tipoServicio"}},{"kind":"Field","name":{"kind":"Name","value":"servicioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"campo"}},{"kind":"Field","name":{"kind":"Name","value":"campoNombre"}},{"kind":"Field","name":{"kind":"Name","value":"ruta"}},{"kind":"Field","name":{"kind":"Name","value":"descripcion"}}]}},{"kind":"Field","name":{"kind":"Name","value":"titulo"}},{"kind":"Field","name":{"kind":"Name","value":"explicacion"}},{"kind":"Field","name":{"kind":"Name","value":"comoCorregir"}},{"kind":"Field","name":{"kind":"Name","value":"mensajeOriginal"}}]}}]} as unknown as DocumentNode<ValidarRdaQuery, ValidarRdaQueryVariables>;
export const ValidarRdaOficialDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ValidarRdaOficial"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"bundle"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"JSON"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"tipo"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"TipoRda"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"validarRdaOficial"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"bundle"},"value":{"kind":"Variable","name":{"kind":"Name","value":"bundle"}}},{"kind":"Argument","name":{"kind":"Name","value":"tipo"},"value":{"kind":"Variable","name":{"kind":"Name","value":"tipo"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"valid"}},{"kind":"Field","name":{"kind":"Name","value":"perfil"}},{"kind":"Field","name":{"kind":"Name","value":"porSeveridad"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"warning"}},{"kind":"Field","name":{"kind":"Name","value":"information"}},{"kind":"Field","name":{"kind":"Name","value":"fatal"}}]}},{"kind":"Field","name":{"kind":"Name","value":"issues"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"severity"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"location"}}]}},{"kind":"Field","name":{"kind":"Name","value":"errores"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposErrorAccionable"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposErrorAccionable"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ErrorAccionable"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"severidad"}},{"kind":"Field","name":{"kind":"Name","value":"fuente"}},{"kind":"Field","name":{"kind":"Name","value":"ubicacion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"factura"}},{"kind":"Field","name":{"kind":"Name","value":"usuarioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"documentoUsuario"}},{"kind":"Field","name":{"kind":"Name","value":"tipoServicio"}},{"kind":"Field","name":{"kind":"Name","value":"servicioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"campo"}},{"kind":"Field","name":{"kind":"Name","value":"campoNombre"}},{"kind":"Field","name":{"kind":"Name","value":"ruta"}},{"kind":"Field","name":{"kind":"Name","value":"descripcion"}}]}},{"kind":"Field","name":{"kind":"Name","value":"titulo"}},{"kind":"Field","name":{"kind":"Name","value":"explicacion"}},{"kind":"Field","name":{"kind":"Name","value":"comoCorregir"}},{"kind":"Field","name":{"kind":"Name","value":"mensajeOriginal"}}]}}]} as unknown as DocumentNode<ValidarRdaOficialQuery, ValidarRdaOficialQueryVariables>;
export const ConstruirRdaDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ConstruirRda"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"tipo"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"TipoRda"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"datos"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"JSON"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"fechaEvaluacion"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"DateTimeISO"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"construirRda"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"tipo"},"value":{"kind":"Variable","name":{"kind":"Name","value":"tipo"}}},{"kind":"Argument","name":{"kind":"Name","value":"datos"},"value":{"kind":"Variable","name":{"kind":"Name","value":"datos"}}},{"kind":"Argument","name":{"kind":"Name","value":"fechaEvaluacion"},"value":{"kind":"Variable","name":{"kind":"Name","value":"fechaEvaluacion"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"bundle"}},{"kind":"Field","name":{"kind":"Name","value":"valid"}},{"kind":"Field","name":{"kind":"Name","value":"errores"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposErrorAccionable"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposErrorAccionable"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ErrorAccionable"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"severidad"}},{"kind":"Field","name":{"kind":"Name","value":"fuente"}},{"kind":"Field","name":{"kind":"Name","value":"ubicacion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"factura"}},{"kind":"Field","name":{"kind":"Name","value":"usuarioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"documentoUsuario"}},{"kind":"Field","name":{"kind":"Name","value":"tipoServicio"}},{"kind":"Field","name":{"kind":"Name","value":"servicioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"campo"}},{"kind":"Field","name":{"kind":"Name","value":"campoNombre"}},{"kind":"Field","name":{"kind":"Name","value":"ruta"}},{"kind":"Field","name":{"kind":"Name","value":"descripcion"}}]}},{"kind":"Field","name":{"kind":"Name","value":"titulo"}},{"kind":"Field","name":{"kind":"Name","value":"explicacion"}},{"kind":"Field","name":{"kind":"Name","value":"comoCorregir"}},{"kind":"Field","name":{"kind":"Name","value":"mensajeOriginal"}}]}}]} as unknown as DocumentNode<ConstruirRdaQuery, ConstruirRdaQueryVariables>;
export const TransmitirRdaDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TransmitirRda"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"tipo"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"TipoRda"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"bundle"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"JSON"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transmitirRda"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"tipo"},"value":{"kind":"Variable","name":{"kind":"Name","value":"tipo"}}},{"kind":"Argument","name":{"kind":"Name","value":"bundle"},"value":{"kind":"Variable","name":{"kind":"Name","value":"bundle"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposTransmision"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposErrorAccionable"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ErrorAccionable"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"severidad"}},{"kind":"Field","name":{"kind":"Name","value":"fuente"}},{"kind":"Field","name":{"kind":"Name","value":"ubicacion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"factura"}},{"kind":"Field","name":{"kind":"Name","value":"usuarioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"documentoUsuario"}},{"kind":"Field","name":{"kind":"Name","value":"tipoServicio"}},{"kind":"Field","name":{"kind":"Name","value":"servicioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"campo"}},{"kind":"Field","name":{"kind":"Name","value":"campoNombre"}},{"kind":"Field","name":{"kind":"Name","value":"ruta"}},{"kind":"Field","name":{"kind":"Name","value":"descripcion"}}]}},{"kind":"Field","name":{"kind":"Name","value":"titulo"}},{"kind":"Field","name":{"kind":"Name","value":"explicacion"}},{"kind":"Field","name":{"kind":"Name","value":"comoCorregir"}},{"kind":"Field","name":{"kind":"Name","value":"mensajeOriginal"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposTransmision"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Transmision"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"tipo"}},{"kind":"Field","name":{"kind":"Name","value":"estado"}},{"kind":"Field","name":{"kind":"Name","value":"origen"}},{"kind":"Field","name":{"kind":"Name","value":"vida"}},{"kind":"Field","name":{"kind":"Name","value":"compositionId"}},{"kind":"Field","name":{"kind":"Name","value":"errores"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposErrorAccionable"}}]}},{"kind":"Field","name":{"kind":"Name","value":"motivo"}},{"kind":"Field","name":{"kind":"Name","value":"avisos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposErrorAccionable"}}]}},{"kind":"Field","name":{"kind":"Name","value":"intentos"}},{"kind":"Field","name":{"kind":"Name","value":"reintentosAgotados"}},{"kind":"Field","name":{"kind":"Name","value":"siguienteIntentoEn"}},{"kind":"Field","name":{"kind":"Name","value":"creadoPor"}},{"kind":"Field","name":{"kind":"Name","value":"creadaEn"}},{"kind":"Field","name":{"kind":"Name","value":"actualizadaEn"}},{"kind":"Field","name":{"kind":"Name","value":"repetida"}}]}}]} as unknown as DocumentNode<TransmitirRdaMutation, TransmitirRdaMutationVariables>;
export const TransmitirRdaDesdeDatosDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TransmitirRdaDesdeDatos"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"tipo"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"TipoRda"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"datos"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"JSONObject"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transmitirRdaDesdeDatos"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"tipo"},"value":{"kind":"Variable","name":{"kind":"Name","value":"tipo"}}},{"kind":"Argument","name":{"kind":"Name","value":"datos"},"value":{"kind":"Variable","name":{"kind":"Name","value":"datos"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposTransmision"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposErrorAccionable"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ErrorAccionable"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"severidad"}},{"kind":"Field","name":{"kind":"Name","value":"fuente"}},{"kind":"Field","name":{"kind":"Name","value":"ubicacion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"factura"}},{"kind":"Field","name":{"kind":"Name","value":"usuarioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"documentoUsuario"}},{"kind":"Field","name":{"kind":"Name","value":"tipoServicio"}},{"kind":"Field","name":{"kind":"Name","value":"servicioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"campo"}},{"kind":"Field","name":{"kind":"Name","value":"campoNombre"}},{"kind":"Field","name":{"kind":"Name","value":"ruta"}},{"kind":"Field","name":{"kind":"Name","value":"descripcion"}}]}},{"kind":"Field","name":{"kind":"Name","value":"titulo"}},{"kind":"Field","name":{"kind":"Name","value":"explicacion"}},{"kind":"Field","name":{"kind":"Name","value":"comoCorregir"}},{"kind":"Field","name":{"kind":"Name","value":"mensajeOriginal"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposTransmision"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Transmision"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"tipo"}},{"kind":"Field","name":{"kind":"Name","value":"estado"}},{"kind":"Field","name":{"kind":"Name","value":"origen"}},{"kind":"Field","name":{"kind":"Name","value":"vida"}},{"kind":"Field","name":{"kind":"Name","value":"compositionId"}},{"kind":"Field","name":{"kind":"Name","value":"errores"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposErrorAccionable"}}]}},{"kind":"Field","name":{"kind":"Name","value":"motivo"}},{"kind":"Field","name":{"kind":"Name","value":"avisos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposErrorAccionable"}}]}},{"kind":"Field","name":{"kind":"Name","value":"intentos"}},{"kind":"Field","name":{"kind":"Name","value":"reintentosAgotados"}},{"kind":"Field","name":{"kind":"Name","value":"siguienteIntentoEn"}},{"kind":"Field","name":{"kind":"Name","value":"creadoPor"}},{"kind":"Field","name":{"kind":"Name","value":"creadaEn"}},{"kind":"Field","name":{"kind":"Name","value":"actualizadaEn"}},{"kind":"Field","name":{"kind":"Name","value":"repetida"}}]}}]} as unknown as DocumentNode<TransmitirRdaDesdeDatosMutation, TransmitirRdaDesdeDatosMutationVariables>;
export const TransmisionesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Transmisiones"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"estado"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"EstadoTransmision"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offset"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transmisiones"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"estado"},"value":{"kind":"Variable","name":{"kind":"Name","value":"estado"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offset"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposTransmision"}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"offset"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposErrorAccionable"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ErrorAccionable"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"severidad"}},{"kind":"Field","name":{"kind":"Name","value":"fuente"}},{"kind":"Field","name":{"kind":"Name","value":"ubicacion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"factura"}},{"kind":"Field","name":{"kind":"Name","value":"usuarioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"documentoUsuario"}},{"kind":"Field","name":{"kind":"Name","value":"tipoServicio"}},{"kind":"Field","name":{"kind":"Name","value":"servicioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"campo"}},{"kind":"Field","name":{"kind":"Name","value":"campoNombre"}},{"kind":"Field","name":{"kind":"Name","value":"ruta"}},{"kind":"Field","name":{"kind":"Name","value":"descripcion"}}]}},{"kind":"Field","name":{"kind":"Name","value":"titulo"}},{"kind":"Field","name":{"kind":"Name","value":"explicacion"}},{"kind":"Field","name":{"kind":"Name","value":"comoCorregir"}},{"kind":"Field","name":{"kind":"Name","value":"mensajeOriginal"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposTransmision"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Transmision"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"tipo"}},{"kind":"Field","name":{"kind":"Name","value":"estado"}},{"kind":"Field","name":{"kind":"Name","value":"origen"}},{"kind":"Field","name":{"kind":"Name","value":"vida"}},{"kind":"Field","name":{"kind":"Name","value":"compositionId"}},{"kind":"Field","name":{"kind":"Name","value":"errores"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposErrorAccionable"}}]}},{"kind":"Field","name":{"kind":"Name","value":"motivo"}},{"kind":"Field","name":{"kind":"Name","value":"avisos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposErrorAccionable"}}]}},{"kind":"Field","name":{"kind":"Name","value":"intentos"}},{"kind":"Field","name":{"kind":"Name","value":"reintentosAgotados"}},{"kind":"Field","name":{"kind":"Name","value":"siguienteIntentoEn"}},{"kind":"Field","name":{"kind":"Name","value":"creadoPor"}},{"kind":"Field","name":{"kind":"Name","value":"creadaEn"}},{"kind":"Field","name":{"kind":"Name","value":"actualizadaEn"}},{"kind":"Field","name":{"kind":"Name","value":"repetida"}}]}}]} as unknown as DocumentNode<TransmisionesQuery, TransmisionesQueryVariables>;
export const TransmisionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Transmision"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transmision"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposTransmision"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposErrorAccionable"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ErrorAccionable"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"severidad"}},{"kind":"Field","name":{"kind":"Name","value":"fuente"}},{"kind":"Field","name":{"kind":"Name","value":"ubicacion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"factura"}},{"kind":"Field","name":{"kind":"Name","value":"usuarioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"documentoUsuario"}},{"kind":"Field","name":{"kind":"Name","value":"tipoServicio"}},{"kind":"Field","name":{"kind":"Name","value":"servicioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"campo"}},{"kind":"Field","name":{"kind":"Name","value":"campoNombre"}},{"kind":"Field","name":{"kind":"Name","value":"ruta"}},{"kind":"Field","name":{"kind":"Name","value":"descripcion"}}]}},{"kind":"Field","name":{"kind":"Name","value":"titulo"}},{"kind":"Field","name":{"kind":"Name","value":"explicacion"}},{"kind":"Field","name":{"kind":"Name","value":"comoCorregir"}},{"kind":"Field","name":{"kind":"Name","value":"mensajeOriginal"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposTransmision"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Transmision"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"tipo"}},{"kind":"Field","name":{"kind":"Name","value":"estado"}},{"kind":"Field","name":{"kind":"Name","value":"origen"}},{"kind":"Field","name":{"kind":"Name","value":"vida"}},{"kind":"Field","name":{"kind":"Name","value":"compositionId"}},{"kind":"Field","name":{"kind":"Name","value":"errores"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposErrorAccionable"}}]}},{"kind":"Field","name":{"kind":"Name","value":"motivo"}},{"kind":"Field","name":{"kind":"Name","value":"avisos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposErrorAccionable"}}]}},{"kind":"Field","name":{"kind":"Name","value":"intentos"}},{"kind":"Field","name":{"kind":"Name","value":"reintentosAgotados"}},{"kind":"Field","name":{"kind":"Name","value":"siguienteIntentoEn"}},{"kind":"Field","name":{"kind":"Name","value":"creadoPor"}},{"kind":"Field","name":{"kind":"Name","value":"creadaEn"}},{"kind":"Field","name":{"kind":"Name","value":"actualizadaEn"}},{"kind":"Field","name":{"kind":"Name","value":"repetida"}}]}}]} as unknown as DocumentNode<TransmisionQuery, TransmisionQueryVariables>;
export const EventosTransmisionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"EventosTransmision"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventosTransmision"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"secuencia"}},{"kind":"Field","name":{"kind":"Name","value":"fecha"}},{"kind":"Field","name":{"kind":"Name","value":"tipo"}},{"kind":"Field","name":{"kind":"Name","value":"estadoAnterior"}},{"kind":"Field","name":{"kind":"Name","value":"estadoNuevo"}},{"kind":"Field","name":{"kind":"Name","value":"actor"}},{"kind":"Field","name":{"kind":"Name","value":"statusUpstream"}},{"kind":"Field","name":{"kind":"Name","value":"intento"}},{"kind":"Field","name":{"kind":"Name","value":"detalle"}}]}}]}}]} as unknown as DocumentNode<EventosTransmisionQuery, EventosTransmisionQueryVariables>;
export const DocumentoIhceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DocumentoIhce"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"documentoIhce"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<DocumentoIhceQuery, DocumentoIhceQueryVariables>;
export const ConsultarRdaDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ConsultarRda"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"alcance"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"AlcanceConsultaRda"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"paciente"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"JSONObject"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"humanuser"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"JSONObject"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"consultarRda"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"alcance"},"value":{"kind":"Variable","name":{"kind":"Name","value":"alcance"}}},{"kind":"Argument","name":{"kind":"Name","value":"paciente"},"value":{"kind":"Variable","name":{"kind":"Name","value":"paciente"}}},{"kind":"Argument","name":{"kind":"Name","value":"humanuser"},"value":{"kind":"Variable","name":{"kind":"Name","value":"humanuser"}}},{"kind":"Argument","name":{"kind":"Name","value":"cursor"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"alcance"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"compositionId"}},{"kind":"Field","name":{"kind":"Name","value":"vida"}},{"kind":"Field","name":{"kind":"Name","value":"fecha"}},{"kind":"Field","name":{"kind":"Name","value":"tipo"}},{"kind":"Field","name":{"kind":"Name","value":"paciente"}}]}},{"kind":"Field","name":{"kind":"Name","value":"siguiente"}},{"kind":"Field","name":{"kind":"Name","value":"total"}}]}}]}}]} as unknown as DocumentNode<ConsultarRdaMutation, ConsultarRdaMutationVariables>;
export const ResumenDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Resumen"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resumen"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rips"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"porEstado"}},{"kind":"Field","name":{"kind":"Name","value":"porTipo"}}]}},{"kind":"Field","name":{"kind":"Name","value":"rda"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"porEstado"}},{"kind":"Field","name":{"kind":"Name","value":"porTipo"}}]}}]}}]}}]} as unknown as DocumentNode<ResumenQuery, ResumenQueryVariables>;
export const ValidarRipsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ValidarRips"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"rips"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"JSON"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ripsTexto"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cuerpoFlujo"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"FlujoCuerpo"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"fechaEvaluacion"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"DateTimeISO"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"validarRips"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"rips"},"value":{"kind":"Variable","name":{"kind":"Name","value":"rips"}}},{"kind":"Argument","name":{"kind":"Name","value":"ripsTexto"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ripsTexto"}}},{"kind":"Argument","name":{"kind":"Name","value":"cuerpoFlujo"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cuerpoFlujo"}}},{"kind":"Argument","name":{"kind":"Name","value":"fechaEvaluacion"},"value":{"kind":"Variable","name":{"kind":"Name","value":"fechaEvaluacion"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"valid"}},{"kind":"Field","name":{"kind":"Name","value":"fechaEvaluacion"}},{"kind":"Field","name":{"kind":"Name","value":"resumen"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rechazos"}},{"kind":"Field","name":{"kind":"Name","value":"avisos"}},{"kind":"Field","name":{"kind":"Name","value":"informativos"}}]}},{"kind":"Field","name":{"kind":"Name","value":"issues"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"severity"}},{"kind":"Field","name":{"kind":"Name","value":"regla"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"errores"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposErrorAccionable"}}]}},{"kind":"Field","name":{"kind":"Name","value":"omitidos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"severidad"}},{"kind":"Field","name":{"kind":"Name","value":"cantidad"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposErrorAccionable"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ErrorAccionable"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"severidad"}},{"kind":"Field","name":{"kind":"Name","value":"fuente"}},{"kind":"Field","name":{"kind":"Name","value":"ubicacion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"factura"}},{"kind":"Field","name":{"kind":"Name","value":"usuarioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"documentoUsuario"}},{"kind":"Field","name":{"kind":"Name","value":"tipoServicio"}},{"kind":"Field","name":{"kind":"Name","value":"servicioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"campo"}},{"kind":"Field","name":{"kind":"Name","value":"campoNombre"}},{"kind":"Field","name":{"kind":"Name","value":"ruta"}},{"kind":"Field","name":{"kind":"Name","value":"descripcion"}}]}},{"kind":"Field","name":{"kind":"Name","value":"titulo"}},{"kind":"Field","name":{"kind":"Name","value":"explicacion"}},{"kind":"Field","name":{"kind":"Name","value":"comoCorregir"}},{"kind":"Field","name":{"kind":"Name","value":"mensajeOriginal"}}]}}]} as unknown as DocumentNode<ValidarRipsQuery, ValidarRipsQueryVariables>;
export const SesionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Sesion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sesion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"entidad"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"nombre"}},{"kind":"Field","name":{"kind":"Name","value":"tipoEntidad"}},{"kind":"Field","name":{"kind":"Name","value":"modulos"}}]}},{"kind":"Field","name":{"kind":"Name","value":"identidad"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tipo"}},{"kind":"Field","name":{"kind":"Name","value":"rol"}},{"kind":"Field","name":{"kind":"Name","value":"sujeto"}},{"kind":"Field","name":{"kind":"Name","value":"apiKeyPrefijo"}}]}},{"kind":"Field","name":{"kind":"Name","value":"permisos"}}]}}]}}]} as unknown as DocumentNode<SesionQuery, SesionQueryVariables>;
export const ConfiguracionRipsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ConfiguracionRips"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"configuracionRips"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposConfiguracion"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposConfiguracion"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConfiguracionModulo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"modulo"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamConfigurado"}},{"kind":"Field","name":{"kind":"Name","value":"credencialesConfiguradas"}},{"kind":"Field","name":{"kind":"Name","value":"credencialesActualizadas"}},{"kind":"Field","name":{"kind":"Name","value":"listo"}}]}}]} as unknown as DocumentNode<ConfiguracionRipsQuery, ConfiguracionRipsQueryVariables>;
export const ConfiguracionRdaDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ConfiguracionRda"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"configuracionRda"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposConfiguracion"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposConfiguracion"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConfiguracionModulo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"modulo"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamConfigurado"}},{"kind":"Field","name":{"kind":"Name","value":"credencialesConfiguradas"}},{"kind":"Field","name":{"kind":"Name","value":"credencialesActualizadas"}},{"kind":"Field","name":{"kind":"Name","value":"listo"}}]}}]} as unknown as DocumentNode<ConfiguracionRdaQuery, ConfiguracionRdaQueryVariables>;