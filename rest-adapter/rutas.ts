import { flujoDeSolicitud } from './flujo-http.js';
import {
  ApiKeyDocument,
  ApiKeysDocument,
  ConfiguracionRdaDocument,
  ConfiguracionRipsDocument,
  SesionDocument,
  ValidarRipsDocument,
} from './generated/operaciones.js';
import { type Ruta, ruta } from './tipos.js';

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
];
