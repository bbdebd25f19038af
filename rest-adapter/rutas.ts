import type { Request } from 'express';
import { errores } from '../src/errores/errores.js';
import { esquemasDatosOpenApi, nombreEsquema } from '../src/rda/construccion/esquemas.js';
import { TIPOS_RDA } from '../src/rda/tipos.js';
import { exigirContenido, validarDocumentos } from '../src/rda/transmision/entradas.js';
import { CLAVES_OPERACION } from '../src/rips/muv/operaciones.js';
import { leerOperacionNombrada } from '../src/rips/radicacion/entrada.js';
import { entradaDatosRda } from './datos-rda.js';
import { flujoDeSolicitud } from './flujo-http.js';
import {
  ApiKeyDocument,
  ApiKeysDocument,
  ConfiguracionRdaDocument,
  ConfiguracionRipsDocument,
  ConstruirRdaDocument,
  ConsultarRdaDocument,
  DocumentoIhceDocument,
  EventosTransmisionDocument,
  type OperacionRadicacion,
  RadicacionDocument,
  RadicacionesDocument,
  type RadicacionesQuery,
  RadicarRipsDocument,
  type RadicarRipsMutation,
  ResumenCausasDocument,
  ResumenConteosDocument,
  ResumenDocument,
  ResumenPagadoresDocument,
  type ResumenQueryVariables,
  ResumenTiemposDocument,
  SesionDocument,
  TransmisionDocument,
  TransmisionesDocument,
  type TransmisionesQueryVariables,
  TransmitirRdaDesdeDatosDocument,
  TransmitirRdaDocument,
  ValidarRdaDocument,
  ValidarRdaOficialDocument,
  ValidarRipsDocument,
  VerificarCuvDocument,
} from './generated/operaciones.js';
import { ESQUEMA_RESUMEN, formatoResumen, PARAMETROS_RESUMEN, respuestaResumen } from './resumen.js';
import { type EsquemaJson, type Ruta, ruta } from './tipos.js';

/** POST /rda and /rda/desde-datos: the transmission's state is the HTTP outcome. */
const ESTADO_HTTP_TRANSMISION: Record<string, number> = {
  aceptado: 201,
  enviado: 202,
  rechazado: 422,
  generado: 422,
};
const EXITOS_TRANSMISION = {
  201: {
    descripcion:
      'Aceptado por la IHCE: `compositionId`, `documentReferenceId` y `recursosIhce` (lo que la plataforma creó); `vida` solo si la respuesta lo trae (la de la plataforma no lo trae)',
  },
  202: {
    descripcion:
      'Falla transitoria de la IHCE: queda `enviado` y la cola reintenta con espera exponencial (consulte GET /rda/{id})',
  },
  422: {
    descripcion:
      'No enviado por hallazgos bloqueantes del linter (`estado: generado`) o rechazado por la IHCE (`estado: rechazado`), con `errores` explicados',
  },
};
const IDEMPOTENCY_KEY = {
  nombre: 'Idempotency-Key',
  descripcion:
    'Hace seguro repetir el POST: con la misma clave y el mismo cuerpo devuelve la transmisión original (`repetida: true`); con otro cuerpo, 409',
};
const idempotencia = (req: { get: (n: string) => string | undefined }) => req.get('idempotency-key') ?? null;

interface ResultadoTransmision {
  transmision: { estado: string } & Record<string, unknown>;
  repetida: boolean;
}

/** POST /rda and /rda/desde-datos answer the transmission flat with `repetida`, as they always did. */
function respuestaTransmision(r: ResultadoTransmision) {
  return {
    status: ESTADO_HTTP_TRANSMISION[r.transmision.estado] ?? 200,
    body: { ...r.transmision, repetida: r.repetida },
  };
}

/**
 * The schema of a flat REST body (`{...entidad, repetida}`), from the one derived for the GraphQL payload
 * `{<clave>, repetida}`.
 */
function esquemaPlano(clave: 'transmision' | 'radicacion') {
  return (derivado: EsquemaJson): EsquemaJson => {
    const p = derivado.properties as Record<string, EsquemaJson>;
    const entidad = p[clave]!;
    return {
      ...entidad,
      properties: { ...(entidad.properties as Record<string, EsquemaJson>), repetida: p.repetida! },
      required: [...(entidad.required as string[]), 'repetida'],
    };
  };
}
const esquemaTransmisionPlana = esquemaPlano('transmision');
const esquemaRadicacionPlana = esquemaPlano('radicacion');
/** One query-string value: a repeated or bracketed parameter (`?a=1&a=2`, `?a[x]=1`) is a 400, not ignored. */
function parametro(req: Request, nombre: string): string | null {
  const v = req.query[nombre];
  if (v === undefined || v === '') return null;
  if (typeof v === 'string') return v;
  throw errores.entradaInvalida(`El parámetro «${nombre}» debe aparecer una sola vez y con un solo valor.`, [
    { campo: nombre, mensaje: 'Un solo valor.' },
  ]);
}

/** An integer query parameter; its range is checked by the operation (same message on both doors). */
function entero(req: Request, nombre: string, rango: string): number | null {
  const v = parametro(req, nombre);
  if (v === null) return null;
  if (!/^-?\d{1,9}$/.test(v)) {
    throw errores.entradaInvalida(`El parámetro «${nombre}» debe ser un número entero ${rango}.`, [
      { campo: nombre, mensaje: `Número entero ${rango}.` },
    ]);
  }
  return Number(v);
}
const DOCUMENTO: EsquemaJson = {
  type: 'object',
  required: ['tipo', 'numero'],
  properties: { tipo: { type: 'string', example: 'CC' }, numero: { type: 'string' } },
};

const CLAVES_RADICAR = new Set(['rips', 'xmlFevFile', 'operacion']);

/** POST /rips body `{rips, xmlFevFile?}`: anything else is a 400 before the operation runs. */
/** `operacion` of POST /rips and /rips/validar (manual v4.3 §8; see docs/rips-radicacion.md). */
const OPERACION = {
  type: 'string',
  enum: [...CLAVES_OPERACION],
  description:
    'Operación del MUV. Sin ella, sale de `rips.tipoNota` (contrato 1.0): null → factura, NC → nota-credito, ND → nota-debito, NA → nota-ajuste, RS → rips-sin-factura.',
} as const;

function cuerpoRadicar(cuerpo: unknown): {
  rips: unknown;
  xmlFevFile: string | null;
  operacion: OperacionRadicacion | null;
} {
  if (typeof cuerpo !== 'object' || cuerpo === null || Array.isArray(cuerpo)) {
    throw errores.entradaInvalida('El cuerpo debe ser un objeto JSON {rips, xmlFevFile, operacion}.');
  }
  const extra = Object.keys(cuerpo).filter((k) => !CLAVES_RADICAR.has(k));
  if (extra.length) {
    throw errores.entradaInvalida(
      'El cuerpo solo admite «rips», «xmlFevFile» y «operacion».',
      extra.map((campo) => ({ campo, mensaje: 'Campo no reconocido.' })),
    );
  }
  const c = cuerpo as { rips?: unknown; xmlFevFile?: unknown; operacion?: unknown };
  // Refused here with the service's own words (an unknown enum value would be a variable error).
  const operacion = (leerOperacionNombrada(c.operacion)?.clave ?? null) as OperacionRadicacion | null;
  if (c.xmlFevFile !== undefined && c.xmlFevFile !== null && typeof c.xmlFevFile !== 'string') {
    throw errores.entradaInvalida('«xmlFevFile» debe ser texto base64.', [
      { campo: 'xmlFevFile', mensaje: 'Debe ser texto base64.' },
    ]);
  }
  return { rips: c.rips ?? null, xmlFevFile: (c.xmlFevFile as string | undefined) ?? null, operacion };
}

/** POST /rips answers the filing's fields and `repetida` side by side (GraphQL nests them in a payload). */
function radicacionPlana(r: RadicarRipsMutation['radicarRips']) {
  const { avisos, errores: hallazgos, omitidos, ...campos } = r.radicacion;
  return { ...campos, repetida: r.repetida, avisos, errores: hallazgos, omitidos };
}

/**
 * GET /rips `estado`: the outcome the contract stores (`radicado` or `rechazado`, by the MUV or by the
 * local gate), or null while it is not known (`pendiente`, `fallido`); `estadoDetalle` keeps the full state.
 */
const ESTADO_CONTRATO: Record<string, 'radicado' | 'rechazado' | null> = {
  radicado: 'radicado',
  rechazado: 'rechazado',
  'rechazado-local': 'rechazado',
  fallido: null,
  pendiente: null,
};

function listaRadicaciones(data: RadicacionesQuery) {
  return {
    items: data.radicaciones.edges.map(({ node }) => ({
      ...node,
      estado: ESTADO_CONTRATO[node.estado] ?? null,
      estadoDetalle: node.estado,
    })),
  };
}

function esquemaListaRadicaciones(derivado: EsquemaJson): EsquemaJson {
  const aristas = (derivado.properties as { edges: { items: EsquemaJson } }).edges.items;
  const nodo = (aristas.properties as { node: EsquemaJson }).node;
  const campos = nodo.properties as Record<string, EsquemaJson>;
  const item: EsquemaJson = {
    ...nodo,
    properties: {
      ...campos,
      estado: {
        type: ['string', 'null'],
        enum: ['radicado', 'rechazado', null],
        description:
          'Desenlace: `radicado` (con CUV) o `rechazado` (por el MUV o por la compuerta local); null mientras no se conoce (`pendiente`, o `fallido`: el MUV no respondió)',
      },
      estadoDetalle: {
        ...campos.estado,
        description:
          'El estado completo: `radicado`, `rechazado` (por el MUV), `rechazado-local` (por la compuerta local, sin ir al MUV), `fallido` (el MUV no respondió; ver `motivo`) o `pendiente` (enviándose al MUV)',
      },
    },
    required: [...(nodo.required as string[]), 'estadoDetalle'],
  };
  return {
    type: 'object',
    properties: {
      items: { type: 'array', items: item, description: 'Las últimas 100, la más reciente primero' },
    },
    required: ['items'],
    additionalProperties: false,
  };
}

/** Every REST route of the service, in the order they appear in /openapi.json. */
export const RUTAS: Ruta[] = [
  ruta({
    metodo: 'get',
    ruta: '/sesion',
    operacion: SesionDocument,
    etiqueta: 'sesion',
    resumen: 'Entidad, identidad y permisos efectivos de quien llama',
    permiso: null,
  }),
  ruta({
    metodo: 'get',
    ruta: '/api-keys',
    operacion: ApiKeysDocument,
    etiqueta: 'sesion',
    resumen: 'API keys de la entidad (prefijo, fechas, estado; nunca la clave)',
    permiso: null,
  }),
  ruta({
    metodo: 'get',
    ruta: '/api-keys/:id',
    operacion: ApiKeyDocument,
    etiqueta: 'sesion',
    resumen: 'Una API key de la entidad',
    permiso: null,
    variables: (req) => ({ id: String(req.params.id) }),
    errores: [404],
  }),
  ruta({
    metodo: 'get',
    ruta: '/rips/configuracion',
    operacion: ConfiguracionRipsDocument,
    etiqueta: 'rips',
    resumen: 'Si la entidad está lista para radicar ante el MUV (sin revelar secretos)',
    permiso: 'rips:leer',
  }),
  ruta({
    metodo: 'post',
    ruta: '/rips/validar',
    operacion: ValidarRipsDocument,
    etiqueta: 'rips',
    resumen:
      'Valida un RIPS contra las reglas oficiales (DT1, Res. 948/2026) sin contactar al MUV ni guardar nada',
    descripcion:
      'Devuelve `valid` (sin hallazgos de severidad rechazo), `issues` compactos y `errores` explicados ' +
      '(ErrorAccionable). `fechaEvaluacion` permite ver cómo le iría al RIPS en otra fecha (gradualidad). ' +
      'Con `xmlFevFile` (AttachedDocument en base64) también se revisa la factura (compuerta FEV, DT2) y se cruzan RIPS y factura.',
    permiso: 'rips:leer',
    // The body (up to 200 MB) is validated while it arrives: the resolver reads it user by user.
    cuerpoFlujo: true,
    variables: (req) => ({ cuerpoFlujo: flujoDeSolicitud(req, req.app.locals.limiteCuerpo as number) }),
    cuerpo: {
      type: 'object',
      properties: {
        rips: {
          type: ['object', 'null'],
          description:
            'El RIPS (JSON del documento técnico 1). Obligatorio, salvo con una `operacion` que se radica sin RIPS',
        },
        fechaEvaluacion: { type: 'string', format: 'date-time', description: 'Por defecto, ahora' },
        xmlFevFile: {
          type: ['string', 'null'],
          description:
            'AttachedDocument de la factura, nota crédito o nota débito en base64 (DT2): activa la compuerta FEV y los cruces RIPS ↔ factura. Ausente o vacío con tipoNota NA y RS.',
        },
        operacion: {
          ...OPERACION,
          description: `${OPERACION.description} Con ella se valida como la compuerta de esa operación antes de radicar (mismas reglas y mismos 400).`,
        },
      },
      additionalProperties: false,
    },
  }),
  ruta({
    metodo: 'get',
    ruta: '/rda/configuracion',
    operacion: ConfiguracionRdaDocument,
    etiqueta: 'rda',
    resumen: 'Si la entidad está lista para transmitir RDA a la IHCE (sin revelar secretos)',
    permiso: 'rda:leer',
  }),
  ruta({
    metodo: 'post',
    ruta: '/rda',
    operacion: TransmitirRdaDocument,
    etiqueta: 'rda',
    resumen: 'Valida un Bundle RDA (linter) y lo transmite a la IHCE',
    descripcion:
      'Hallazgos bloqueantes → 422 sin enviar. Aceptado → 201 con VIDA. Falla transitoria (429, 5xx, tiempo agotado) → 202 y ' +
      'reintentos durables. Rechazado por la IHCE → 422 con `errores` (fuente `ihce`). Los `avisos` nunca bloquean.',
    permiso: 'rda:enviar',
    // A missing bundle gets the service's own 400 rather than the non-null argument's.
    variables: (req) => ({
      tipo: req.body?.tipo,
      bundle: exigirContenido(req.body?.bundle, 'bundle'),
      idempotencyKey: idempotencia(req),
    }),
    respuesta: (data) => respuestaTransmision(data.transmitirRda),
    esquemaRespuesta: esquemaTransmisionPlana,
    cuerpo: {
      type: 'object',
      required: ['tipo', 'bundle'],
      properties: {
        tipo: { type: 'string', enum: ['paciente', 'consulta-externa', 'hospitalizacion', 'urgencias'] },
        bundle: { type: 'object', description: 'Bundle FHIR R4 de tipo document (perfiles RDA)' },
      },
      additionalProperties: false,
    },
    cabeceras: [IDEMPOTENCY_KEY],
    exitos: EXITOS_TRANSMISION,
    errores: [409],
  }),
  ruta({
    metodo: 'post',
    ruta: '/rda/desde-datos',
    operacion: TransmitirRdaDesdeDatosDocument,
    etiqueta: 'rda',
    resumen: 'Construye el Bundle RDA desde datos planos, lo valida y lo transmite (como POST /rda)',
    permiso: 'rda:enviar',
    variables: (req) => ({
      datos: entradaDatosRda(req.body?.tipo, exigirContenido(req.body?.datos, 'datos')),
      idempotencyKey: idempotencia(req),
    }),
    respuesta: (data) => respuestaTransmision(data.transmitirRdaDesdeDatos),
    esquemaRespuesta: esquemaTransmisionPlana,
    cuerpo: {
      type: 'object',
      required: ['tipo', 'datos'],
      properties: {
        tipo: { type: 'string', enum: ['paciente', 'consulta-externa', 'hospitalizacion', 'urgencias'] },
        datos: { type: 'object', description: 'Datos planos del RDA (ver docs/rda-transmision.md)' },
      },
      additionalProperties: false,
    },
    cabeceras: [IDEMPOTENCY_KEY],
    exitos: EXITOS_TRANSMISION,
    errores: [409],
  }),
  ruta({
    metodo: 'get',
    ruta: '/rda',
    operacion: TransmisionesDocument,
    etiqueta: 'rda',
    resumen: 'Transmisiones de la entidad, las más recientes primero, con total',
    permiso: 'rda:leer',
    variables: (req) => ({
      estado: parametro(req, 'estado') as TransmisionesQueryVariables['estado'],
      limit: entero(req, 'limit', 'entre 1 y 200'),
      offset: entero(req, 'offset', 'mayor o igual a 0'),
    }),
    parametrosConsulta: [
      {
        nombre: 'estado',
        descripcion: 'Filtra por estado',
        esquema: { type: 'string', enum: ['generado', 'validado', 'enviado', 'aceptado', 'rechazado'] },
      },
      {
        nombre: 'limit',
        descripcion: 'Tamaño de página: por defecto 50, máximo 200',
        esquema: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
      },
      { nombre: 'offset', descripcion: 'Desde 0', esquema: { type: 'integer', minimum: 0, default: 0 } },
    ],
    errores: [400],
  }),
  ruta({
    metodo: 'get',
    ruta: '/rda/:id',
    operacion: TransmisionDocument,
    etiqueta: 'rda',
    resumen: 'Una transmisión completa (si fue rechazada, con `errores` explicados)',
    permiso: 'rda:leer',
    variables: (req) => ({ id: String(req.params.id) }),
    errores: [404],
  }),
  ruta({
    metodo: 'get',
    ruta: '/rda/:id/eventos',
    operacion: EventosTransmisionDocument,
    etiqueta: 'rda',
    resumen: 'La traza de solo inserción de una transmisión (quién, cuándo, qué, estado de la IHCE)',
    permiso: 'rda:leer',
    variables: (req) => ({ id: String(req.params.id) }),
    errores: [404],
  }),
  ruta({
    metodo: 'get',
    ruta: '/rda/:id/ihce',
    operacion: DocumentoIhceDocument,
    etiqueta: 'rda',
    resumen:
      'El RDA aceptado tal como está en la IHCE (Bundle FHIR, sin guardarlo); la consulta queda en la traza',
    permiso: 'rda:leer',
    variables: (req) => ({ id: String(req.params.id) }),
    tipoContenido: 'application/fhir+json',
    exitos: { 200: { descripcion: 'Bundle FHIR document', esquema: { type: 'object' } } },
    errores: [404, 409, 502],
  }),
  ruta({
    metodo: 'post',
    ruta: '/rda/consultas',
    operacion: ConsultarRdaDocument,
    etiqueta: 'rda',
    resumen: 'Consulta los RDA de un paciente en la IHCE (solo metadatos, paginado con cursor firmado)',
    descripcion:
      '`humanuser` (el profesional que consulta) queda como actor de un registro de auditoría; el número del paciente no se guarda. ' +
      '`siguiente` es un cursor opaco: envíelo como `cursor` junto con los mismos paciente y humanuser.',
    permiso: 'rda:leer',
    // Missing or malformed documents: the service's Spanish 400 with every field in `detalles` (the
    // same check consultarRda runs), before the typed arguments would refuse them on their own.
    variables: (req) => ({
      alcance: req.body?.alcance ?? null,
      ...validarDocumentos(req.body?.paciente, req.body?.humanuser),
      cursor: req.body?.cursor ?? null,
    }),
    cuerpo: {
      type: 'object',
      required: ['paciente', 'humanuser'],
      properties: {
        alcance: { type: 'string', enum: ['paciente', 'encuentros'], default: 'paciente' },
        paciente: DOCUMENTO,
        humanuser: DOCUMENTO,
        cursor: { type: 'string' },
      },
      additionalProperties: false,
    },
    errores: [410, 502],
  }),
  ruta({
    metodo: 'get',
    ruta: '/resumen',
    operacion: ResumenDocument,
    // A CSV view runs an operation that selects only what it prints.
    variantes: (
      [
        ['resumen', ResumenConteosDocument],
        ['causas', ResumenCausasDocument],
        ['pagadores', ResumenPagadoresDocument],
        ['tiempos', ResumenTiemposDocument],
      ] as const
    ).map(([vista, operacion]) => ({
      operacion: operacion as unknown as typeof ResumenDocument,
      cuando: (req: Request) => formatoResumen(req, (n) => parametro(req, n))?.vista === vista,
    })),
    etiqueta: 'sesion',
    resumen:
      'Cifras de RIPS y RDA de la entidad: conteos, serie en el tiempo, causas de rechazo, dinero en juego y tiempos (JSON o CSV)',
    descripcion:
      '`porEstado`, `porTipo` y `total`, cada uno con `rips` (intentos de radicación) y `rda` (transmisiones); ' +
      'todos los estados y tipos presentes (0 si no hay). Un módulo es null si el rol no tiene su permiso de lectura. ' +
      'Con `desde`/`hasta` (días de Colombia, fin exclusivo) las cifras son del período; con `agrupar`, `serie` trae un elemento por período. ' +
      'Además: `causas` de rechazo, `montos` radicados y retenidos por pagador, `tiempos` hasta la VIDA y `pendientes`. ' +
      'Con `Accept: text/csv` o `formato=csv`, el mismo informe en CSV (ver docs/resumen.md).',
    permiso: null,
    variables: (req) => {
      formatoResumen(req, (n) => parametro(req, n));
      return {
        desde: parametro(req, 'desde'),
        hasta: parametro(req, 'hasta'),
        modulo: parametro(req, 'modulo') as ResumenQueryVariables['modulo'],
        agrupar: parametro(req, 'agrupar') as ResumenQueryVariables['agrupar'],
      };
    },
    respuesta: (data, req) =>
      respuestaResumen(
        data,
        formatoResumen(req, (n) => parametro(req, n)),
      ),
    parametrosConsulta: PARAMETROS_RESUMEN,
    exitos: {
      200: {
        descripcion:
          'Cifras de la entidad (application/json), o el CSV de la vista pedida (text/csv, UTF-8 con BOM)',
        esquema: ESQUEMA_RESUMEN,
      },
    },
    errores: [400],
  }),
];

const TIPO_RDA = { type: 'string', enum: [...TIPOS_RDA], description: 'Tipo de RDA' };
const FECHA_EVALUACION = {
  type: 'string',
  format: 'date-time',
  description: 'Instante con que se evalúan las fechas (fin ≤ ahora, último año); por defecto, ahora',
};

/** RDA documents: build preview, lint, official validator (permission rda:leer; nothing is sent). */
RUTAS.push(
  ruta({
    metodo: 'post',
    ruta: '/rda/construir',
    operacion: ConstruirRdaDocument,
    etiqueta: 'rda',
    resumen: 'Construye el Bundle RDA desde datos planos y lo revisa, sin enviarlo (vista previa)',
    descripcion:
      'Devuelve `bundle` (FHIR R4 document del perfil del tipo), `valid` y los hallazgos del linter en `errores`. ' +
      'Datos faltantes o inválidos → 400 con cada campo en `detalles` (todos a la vez). Ver docs/rda-documentos.md.',
    permiso: 'rda:leer',
    variables: (req) => ({
      fechaEvaluacion: req.body?.fechaEvaluacion,
      datos: entradaDatosRda(req.body?.tipo, req.body?.datos, req.body?.fechaEvaluacion),
    }),
    cuerpo: {
      type: 'object',
      required: ['tipo', 'datos'],
      properties: {
        tipo: TIPO_RDA,
        datos: { type: 'object', description: 'Datos planos; su forma depende de `tipo` (DatosRda*)' },
        fechaEvaluacion: FECHA_EVALUACION,
      },
      // One alternative per type: `tipo` selects the shape of `datos`.
      oneOf: TIPOS_RDA.map((t) => ({
        properties: {
          tipo: { const: t },
          datos: { $ref: `#/components/schemas/${nombreEsquema(t)}` },
        },
      })),
      additionalProperties: false,
    },
    esquemas: esquemasDatosOpenApi(),
  }),
  ruta({
    metodo: 'post',
    ruta: '/rda/validar',
    operacion: ValidarRdaDocument,
    etiqueta: 'rda',
    resumen:
      'Revisa un Bundle RDA contra los perfiles de la guía oficial (linter propio, sin contactar la IHCE)',
    descripcion:
      'Devuelve `valid` (sin hallazgos de severidad rechazo), `issues` compactos y `errores` explicados ' +
      '(ErrorAccionable, fuente linter-rda, códigos RDA01…).',
    permiso: 'rda:leer',
    variables: (req) => ({
      bundle: req.body?.bundle,
      tipo: req.body?.tipo,
      fechaEvaluacion: req.body?.fechaEvaluacion,
    }),
    cuerpo: {
      type: 'object',
      required: ['bundle'],
      properties: {
        bundle: { type: 'object', description: 'El Bundle FHIR R4 del RDA' },
        tipo: { ...TIPO_RDA, description: 'Por defecto, el que declara el Bundle' },
        fechaEvaluacion: FECHA_EVALUACION,
      },
      additionalProperties: false,
    },
  }),
  ruta({
    metodo: 'post',
    ruta: '/rda/validar-oficial',
    operacion: ValidarRdaOficialDocument,
    etiqueta: 'rda',
    resumen: 'Valida un Bundle RDA con el validador oficial HL7 configurado (503 si no lo está)',
    descripcion:
      'Ejecuta validator_cli.jar con los paquetes de la guía (RDA_VALIDADOR_JAR) o llama a un servidor `$validate` ' +
      '(RDA_VALIDADOR_URL); una validación a la vez por instancia. 502 si el validador falla o no termina a tiempo; ' +
      '503 si no está configurado o su cola está llena.',
    permiso: 'rda:leer',
    variables: (req) => ({ bundle: req.body?.bundle, tipo: req.body?.tipo }),
    cuerpo: {
      type: 'object',
      required: ['bundle'],
      properties: {
        bundle: { type: 'object', description: 'El Bundle FHIR R4 del RDA' },
        tipo: { ...TIPO_RDA, description: 'Elige el perfil; por defecto, el que declara el Bundle' },
      },
      additionalProperties: false,
    },
    errores: [502],
  }),
);

/** RIPS filing with the MUV. */
RUTAS.push(
  ruta({
    metodo: 'post',
    ruta: '/rips',
    operacion: RadicarRipsDocument,
    etiqueta: 'rips',
    resumen: 'Radica un RIPS ante el MUV (compuerta local primero) y devuelve el CUV',
    descripcion:
      'El método del MUV es `operacion` (una de las once del manual v4.3 §8, p. ej. `capita-periodo`, ' +
      '`nota-credito-total`) o, sin ella, sale de `rips.tipoNota`: null → CargarFevRips, NC → CargarNC, ND → CargarND, ' +
      'NA → CargarNotaAjuste y RS → CargarRipsSinFactura (NA y RS sin XML). Con `operacion`, un `tipoNota` que la ' +
      'contradiga, un `rips` donde va null o un XML que sobra o que falta es 400. Cada intento queda como evidencia. ' +
      '201 radicado con CUV · 200 factura ya radicada por la entidad (`repetida: true`, sin contactar al MUV) · ' +
      '422 `rechazado-local` (la compuerta local encontró rechazos; el MUV no fue contactado) o `rechazado` ' +
      '(el MUV rechazó; `errores` explicados con `fuente: "muv"`) · 403 `obligado-no-autorizado` (el NIT ' +
      '`numDocumentoIdObligado` no es de la entidad) · 502 el MUV no respondió: antes se consulta ConsultarCUV; si el ' +
      'paquete quedó radicado la respuesta es 201 con el CUV real; si no, 502 con `resultado` (`no-consta` o ' +
      '`desconocido`), `reintentoSeguro: true` y `radicacionId`; también 502 cuando el MUV falla por dentro (p. ej. «Object ' +
      'reference not set…»): no es un error de los datos, el intento queda `fallido` y el reintento es seguro · ' +
      '503 MUV o credenciales sin configurar. ' +
      'Idénticas en paralelo (misma factura o misma nota): un solo envío, las demás responden 200 `repetida`.',
    permiso: 'rips:enviar',
    variables: (req) => cuerpoRadicar(req.body),
    respuesta: (data) => {
      const r = data.radicarRips;
      const status = r.radicacion.estado !== 'radicado' ? 422 : r.repetida ? 200 : 201;
      return { status, body: radicacionPlana(r) };
    },
    esquemaRespuesta: esquemaRadicacionPlana,
    cuerpo: {
      type: 'object',
      properties: {
        rips: {
          type: ['object', 'null'],
          description:
            'El RIPS (JSON del documento técnico 1). Obligatorio sin `operacion`; null en nota-credito-total, nota-credito-acuerdo-voluntades y capita-inicial; opcional en nota-credito-capita',
        },
        xmlFevFile: {
          type: ['string', 'null'],
          description:
            'AttachedDocument de la factura o nota en base64; vacío o ausente en nota-ajuste, rips-sin-factura y capita-final',
        },
        operacion: OPERACION,
      },
      additionalProperties: false,
    },
    exitos: {
      201: { descripcion: 'Radicado: el MUV emitió el CUV (`avisos`: gradualidad y notificaciones)' },
      200: { descripcion: 'La factura ya estaba radicada por la entidad (`repetida: true`)' },
      422: { descripcion: '`rechazado-local` o `rechazado` por el MUV, con `errores` explicados' },
    },
    errores: [403, 502],
  }),
  ruta({
    metodo: 'get',
    ruta: '/rips',
    operacion: RadicacionesDocument,
    etiqueta: 'rips',
    resumen: 'Las últimas 100 radicaciones de la entidad, la más reciente primero',
    descripcion:
      '`items`, sin los hallazgos (`nErrores` y `nAvisos` los cuentan). `estado` es el desenlace que guarda el ' +
      'contrato: `radicado` o `rechazado` (por el MUV o por la compuerta local), o null mientras no se conoce ' +
      '(`pendiente`: enviándose; `fallido`: el MUV no respondió y nada quedó radicado). `estadoDetalle` trae el ' +
      'estado completo: `radicado`, `rechazado`, `rechazado-local`, `fallido` o `pendiente`. GraphQL pagina todas ' +
      'con `radicaciones(first, after, estado, desde, hasta)`.',
    permiso: 'rips:leer',
    variables: () => ({ first: 100 }),
    respuesta: (data) => ({ status: 200, body: listaRadicaciones(data) }),
    esquemaRespuesta: esquemaListaRadicaciones,
  }),
  ruta({
    metodo: 'get',
    ruta: '/rips/:id',
    operacion: RadicacionDocument,
    etiqueta: 'rips',
    resumen: 'Una radicación con sus hallazgos explicados',
    permiso: 'rips:leer',
    variables: (req) => ({ id: String(req.params.id) }),
    errores: [404],
  }),
  ruta({
    metodo: 'get',
    ruta: '/rips/:id/cuv',
    operacion: VerificarCuvDocument,
    etiqueta: 'rips',
    resumen: 'Verifica el CUV ante el MUV (ConsultarCUV) y devuelve lo que el MUV tiene registrado',
    descripcion:
      '`registro` es null cuando el MUV no conoce el documento; `verificado` es true cuando lo conoce, es válido y ' +
      'su CUV es el guardado. 409 si la radicación no tiene CUV; 502 si el MUV no responde; 503 si no está configurado.',
    permiso: 'rips:leer',
    variables: (req) => ({ id: String(req.params.id) }),
    errores: [404, 409, 502],
  }),
);
