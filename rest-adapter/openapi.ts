import type { GraphQLSchema } from 'graphql';
import { CODIGOS_ERROR } from '../src/errores/errores.js';
import { CODIGO_METODO_NO_PERMITIDO, DESAFIO_AUTENTICACION } from './adaptador.js';
import { esquemaDeRespuesta } from './esquemas.js';
import type { EsquemaJson, Ruta } from './tipos.js';

export const VERSION_CONTRATO = '1.0';

const DESCRIPCION_ESTADO: Record<number, string> = {
  400: 'Solicitud inválida (JSON mal formado, campos faltantes o inválidos; ver `detalles`)',
  401: 'Falta la credencial o no es válida',
  403: 'Rol sin el permiso necesario, módulo no contratado (`codigo`, `modulo`) o entidad no autorizada',
  404: 'No existe (o pertenece a otra entidad)',
  409: 'Conflicto con el estado actual',
  410: 'El recurso o cursor expiró',
  413: 'El cuerpo supera el límite configurado',
  415: 'Tipo o codificación de contenido no soportado',
  422: 'Rechazado por las reglas',
  502: 'El servicio del Ministerio no respondió o respondió con error',
  503: 'Base de datos arrancando (`bd-arrancando`, con `Retry-After`) o configuración faltante',
};

const ERROR: EsquemaJson = {
  type: 'object',
  required: ['error'],
  properties: {
    error: { type: 'string', description: 'Mensaje en español para una persona' },
    codigo: { type: 'string', enum: Object.keys(CODIGOS_ERROR) },
    detalles: {
      type: 'array',
      items: {
        type: 'object',
        required: ['campo', 'mensaje'],
        properties: { campo: { type: 'string' }, mensaje: { type: 'string' } },
      },
    },
    modulo: { type: 'string', enum: ['rips', 'rda'] },
    reintentarEnSegundos: { type: 'integer', minimum: 0 },
    resultado: {
      type: 'string',
      enum: ['no-consta', 'desconocido'],
      description:
        'Solo en un 502 de POST /rips: `no-consta` = ConsultarCUV no muestra el paquete radicado; `desconocido` = no se pudo consultar',
    },
    reintentoSeguro: { type: 'boolean', description: 'Reintentar la misma solicitud no duplica nada' },
    radicacionId: { type: 'string', description: 'La fila de evidencia de ese intento' },
  },
};

const DEPENDENCIA: EsquemaJson = {
  type: 'object',
  required: ['estado', 'comprobadoEn'],
  properties: {
    estado: {
      type: 'string',
      enum: ['disponible', 'caida', 'arrancando', 'no-configurado', 'no-requerido'],
      description: 'Solo `disponible` y `no-requerido` dejan la instancia lista',
    },
    comprobadoEn: {
      type: 'string',
      format: 'date-time',
      description: 'Última comprobación (caché de READY_CACHE_MS)',
    },
    detalle: { type: 'string' },
    latenciaMs: { type: 'integer', minimum: 0 },
  },
};

/** One SISPRO table in /ready (src/rips/catalogos/servicio.ts, EstadoCatalogoDetallado). */
const ESTADO_CATALOGO: EsquemaJson = {
  type: 'object',
  required: ['tabla', 'cargado', 'filas', 'origen'],
  properties: {
    tabla: { type: 'string' },
    cargado: { type: 'boolean' },
    filas: { type: 'integer', minimum: 0 },
    fuente: { type: 'string' },
    fecha: {
      type: 'string',
      description: 'AAAA-MM-DD de los datos de una tabla incluida, o fecha y hora ISO de la importación',
    },
    origen: { type: 'string', enum: ['incluido', 'importado', 'ninguno'] },
    archivo: { type: 'string' },
    archivos: { type: 'array', items: { type: 'string' }, description: 'Partes importadas (__1, __2)' },
    importadoEn: { type: 'string', format: 'date-time' },
    fechaActualizacion: {
      type: 'string',
      format: 'date-time',
      description: 'Fecha_Actualizacion más reciente de las filas exportadas de SISPRO',
    },
    antiguedadDias: { type: 'integer', minimum: 0, description: 'Días completos desde la importación' },
    antigua: {
      type: 'boolean',
      description: 'Importada hace más de CATALOGOS_ANTIGUEDAD_MAXIMA_DIAS días: impórtela de nuevo',
    },
  },
};

const LISTO: EsquemaJson = {
  type: 'object',
  required: ['estado'],
  properties: {
    estado: { type: 'string', enum: ['ok', 'degradado', 'apagando'] },
    detalle: { type: 'string' },
    dependencias: {
      type: 'object',
      description: 'Ausente solo con `apagando`',
      required: ['baseDeDatos', 'catalogos', 'muv', 'ihce', 'oidc'],
      properties: {
        baseDeDatos: DEPENDENCIA,
        catalogos: DEPENDENCIA,
        muv: DEPENDENCIA,
        ihce: DEPENDENCIA,
        oidc: DEPENDENCIA,
      },
    },
    catalogos: { type: 'array', items: ESTADO_CATALOGO },
    error: { type: 'string' },
    codigo: { type: 'string' },
    reintentarEnSegundos: { type: 'integer' },
  },
};

function respuestaError(estado: number) {
  return {
    description: DESCRIPCION_ESTADO[estado] ?? 'Error',
    ...(estado === 401
      ? {
          headers: {
            'WWW-Authenticate': {
              description: `Los esquemas aceptados: \`${DESAFIO_AUTENTICACION}\` (X-Api-Key o Authorization: Bearer)`,
              schema: { type: 'string' },
            },
          },
        }
      : {}),
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
}

function json(schema: EsquemaJson, description: string, tipo = 'application/json') {
  return { description, content: { [tipo]: { schema } } };
}

/** OpenAPI 3.1 document generated from the route table and the GraphQL schema. */
export function construirOpenApi(rutas: Ruta[], schema: GraphQLSchema): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {
    '/health': {
      get: {
        operationId: 'health',
        tags: ['servicio'],
        summary: 'Vivacidad del proceso (sin autenticación; responde aunque la base de datos no)',
        security: [],
        responses: {
          200: json(
            { type: 'object', required: ['estado'], properties: { estado: { const: 'ok' } } },
            'Vivo',
          ),
        },
      },
    },
    '/ready': {
      get: {
        operationId: 'ready',
        tags: ['servicio'],
        summary: 'Disponibilidad para los módulos que sirve la instancia (sin autenticación)',
        description:
          'Base de datos y catálogos; MUV si sirve `rips` y IHCE si sirve `rda` (sonda real, en caché READY_CACHE_MS); OIDC si está configurado. Responde 503 `apagando` desde que la instancia recibe SIGTERM.',
        security: [],
        responses: {
          200: json(LISTO, 'Lista: toda dependencia requerida está disponible'),
          503: json(
            LISTO,
            'No lista: `degradado` (alguna dependencia requerida caída, arrancando o sin configurar; con `Retry-After` si es la base de datos) o `apagando`',
          ),
        },
      },
    },
    '/openapi.json': {
      get: {
        operationId: 'openapi',
        tags: ['servicio'],
        summary: 'Este documento',
        security: [],
        responses: { 200: json({ type: 'object' }, 'Documento OpenAPI 3.1'), 503: respuestaError(503) },
      },
    },
  };

  const componentes: Record<string, EsquemaJson> = {};
  for (const r of rutas) {
    Object.assign(componentes, r.esquemas);
    const path = r.ruta.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const parametros = [...r.ruta.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const exitos = r.exitos ?? { 200: { descripcion: 'OK' } };
    const responses: Record<string, unknown> = {};
    for (const [estado, e] of Object.entries(exitos)) {
      responses[estado] = json(
        e.esquema ?? (r.esquemaRespuesta ?? ((x) => x))(esquemaDeRespuesta(schema, r.operacion)),
        e.descripcion,
        r.tipoContenido,
      );
    }
    const estadosError = new Set([401, 403, 503, ...(r.errores ?? []), ...(r.cuerpo ? [400, 413, 415] : [])]);
    for (const estado of [...estadosError].sort()) responses[estado] = respuestaError(estado);
    const nombreOp = r.operacion.definitions.find((d) => d.kind === 'OperationDefinition');
    paths[path] ??= {};
    paths[path][r.metodo] = {
      operationId: nombreOp && 'name' in nombreOp ? nombreOp.name?.value : undefined,
      tags: [r.etiqueta],
      summary: r.resumen,
      ...(r.descripcion ? { description: r.descripcion } : {}),
      'x-permiso': r.permiso,
      parameters: [
        ...parametros,
        ...(r.parametrosConsulta ?? []).map((p) => ({
          name: p.nombre,
          in: 'query',
          required: false,
          description: p.descripcion,
          schema: p.esquema,
        })),
        ...(r.cabeceras ?? []).map((c) => ({
          name: c.nombre,
          in: 'header',
          required: false,
          description: c.descripcion,
          schema: { type: 'string' },
        })),
        { $ref: '#/components/parameters/XTenant' },
      ],
      ...(r.cuerpo
        ? { requestBody: { required: true, content: { 'application/json': { schema: r.cuerpo } } } }
        : {}),
      responses,
    };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Motor de cumplimiento RIPS y RDA',
      version: VERSION_CONTRATO,
      description:
        'API REST de compatibilidad. Cada ruta ejecuta la misma operación GraphQL disponible en /graphql, ' +
        'así que reglas, permisos y errores son idénticos en ambas puertas. Mensajes en español. ' +
        'Un método no admitido en una ruta existente responde 405 con la cabecera `Allow` y `codigo: ' +
        `${CODIGO_METODO_NO_PERMITIDO}\`; todo 401 lleva \`WWW-Authenticate: ${DESAFIO_AUTENTICACION}\`.`,
    },
    servers: [{ url: '/' }],
    security: [{ apiKey: [] }, { bearer: [] }],
    tags: [
      { name: 'servicio', description: 'Salud y contrato' },
      { name: 'sesion', description: 'Quién llama' },
      { name: 'rips', description: 'RIPS y radicación ante el MUV' },
      { name: 'rda', description: 'Resumen digital de atención (IHCE)' },
    ],
    paths,
    components: {
      securitySchemes: {
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Api-Key',
          description: 'API key `rda_…` de la entidad',
        },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'Token del proveedor OIDC',
        },
      },
      parameters: {
        XTenant: {
          name: 'X-Tenant',
          in: 'header',
          required: false,
          description: 'Slug de la entidad, cuando el token da acceso a varias',
          schema: { type: 'string' },
        },
      },
      schemas: { Error: ERROR, ...componentes },
    },
  };
}
