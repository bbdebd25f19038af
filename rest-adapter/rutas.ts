import { errores } from '../src/errores/errores.js';
import { esquemasDatosOpenApi, nombreEsquema } from '../src/rda/construccion/esquemas.js';
import { TIPOS_RDA } from '../src/rda/tipos.js';
import { flujoDeSolicitud } from './flujo-http.js';
import {
  ApiKeyDocument,
  ApiKeysDocument,
  ConfiguracionRdaDocument,
  ConfiguracionRipsDocument,
  ConstruirRdaDocument,
  RadicacionDocument,
  RadicacionesDocument,
  RadicarRipsDocument,
  SesionDocument,
  ValidarRdaDocument,
  ValidarRdaOficialDocument,
  ValidarRipsDocument,
  VerificarCuvDocument,
} from './generated/operaciones.js';
import { type Ruta, ruta } from './tipos.js';

const CLAVES_RADICAR = new Set(['rips', 'xmlFevFile']);

/** POST /rips body `{rips, xmlFevFile?}`: anything else is a 400 before the operation runs. */
function cuerpoRadicar(cuerpo: unknown): { rips: unknown; xmlFevFile: string | null } {
  if (typeof cuerpo !== 'object' || cuerpo === null || Array.isArray(cuerpo)) {
    throw errores.entradaInvalida('El cuerpo debe ser un objeto JSON {rips, xmlFevFile}.');
  }
  const extra = Object.keys(cuerpo).filter((k) => !CLAVES_RADICAR.has(k));
  if (extra.length) {
    throw errores.entradaInvalida(
      'El cuerpo solo admite «rips» y «xmlFevFile».',
      extra.map((campo) => ({ campo, mensaje: 'Campo no reconocido.' })),
    );
  }
  const c = cuerpo as { rips?: unknown; xmlFevFile?: unknown };
  if (c.xmlFevFile !== undefined && c.xmlFevFile !== null && typeof c.xmlFevFile !== 'string') {
    throw errores.entradaInvalida('«xmlFevFile» debe ser texto base64.', [
      { campo: 'xmlFevFile', mensaje: 'Debe ser texto base64.' },
    ]);
  }
  return { rips: c.rips ?? null, xmlFevFile: (c.xmlFevFile as string | undefined) ?? null };
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
      required: ['rips'],
      properties: {
        rips: { type: 'object', description: 'El RIPS (JSON del documento técnico 1)' },
        fechaEvaluacion: { type: 'string', format: 'date-time', description: 'Por defecto, ahora' },
        xmlFevFile: {
          type: ['string', 'null'],
          description:
            'AttachedDocument de la factura, nota crédito o nota débito en base64 (DT2): activa la compuerta FEV y los cruces RIPS ↔ factura. Ausente o vacío con tipoNota NA y RS.',
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
    ruta: '/rips',
    operacion: RadicarRipsDocument,
    etiqueta: 'rips',
    resumen: 'Radica un RIPS ante el MUV (compuerta local primero) y devuelve el CUV',
    descripcion:
      'El método del MUV sale de `rips.tipoNota`: null → CargarFevRips, NC → CargarNC, ND → CargarND, ' +
      'NA → CargarNotaAjuste y RS → CargarRipsSinFactura (NA y RS sin XML). Cada intento queda como evidencia. ' +
      '201 radicado con CUV · 200 factura ya radicada por la entidad (`repetida: true`, sin contactar al MUV) · ' +
      '422 `rechazado-local` (la compuerta local encontró rechazos; el MUV no fue contactado) o `rechazado` ' +
      '(el MUV rechazó; `errores` explicados con `fuente: "muv"`) · 502 MUV no disponible (nada queda radicado; ' +
      'reintente: si el MUV alcanzó a radicar, el reintento concilia el CUV real) · 503 MUV o credenciales sin configurar.',
    permiso: 'rips:enviar',
    variables: (req) => cuerpoRadicar(req.body),
    respuesta: (data) => {
      const r = data.radicarRips;
      return { status: r.estado !== 'radicado' ? 422 : r.repetida ? 200 : 201, body: r };
    },
    cuerpo: {
      type: 'object',
      required: ['rips'],
      properties: {
        rips: { type: 'object', description: 'El RIPS (JSON del documento técnico 1)' },
        xmlFevFile: {
          type: ['string', 'null'],
          description: 'AttachedDocument de la factura o nota en base64; vacío o ausente en NA y RS',
        },
      },
      additionalProperties: false,
    },
    exitos: {
      201: { descripcion: 'Radicado: el MUV emitió el CUV (`avisos`: gradualidad y notificaciones)' },
      200: { descripcion: 'La factura ya estaba radicada por la entidad (`repetida: true`)' },
      422: { descripcion: '`rechazado-local` o `rechazado` por el MUV, con `errores` explicados' },
    },
    errores: [502],
  }),
  ruta({
    metodo: 'get',
    ruta: '/rips',
    operacion: RadicacionesDocument,
    etiqueta: 'rips',
    resumen: 'Las últimas 100 radicaciones de la entidad, la más reciente primero',
    permiso: 'rips:leer',
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
      tipo: req.body?.tipo,
      datos: req.body?.datos,
      fechaEvaluacion: req.body?.fechaEvaluacion,
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
