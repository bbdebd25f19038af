import {
  ApiKeyDocument,
  ApiKeysDocument,
  ConfiguracionRdaDocument,
  ConfiguracionRipsDocument,
  SesionDocument,
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
    metodo: 'get',
    ruta: '/rda/configuracion',
    operacion: ConfiguracionRdaDocument,
    etiqueta: 'rda',
    resumen: 'Si la entidad está lista para transmitir RDA a la IHCE (sin revelar secretos)',
    permiso: 'rda:leer',
  }),
];
