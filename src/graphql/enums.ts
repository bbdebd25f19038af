import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import { PERMISOS, ROLES } from '../auth/permisos.js';
import { MODULOS, TIPOS_ENTIDAD } from '../entidades/valores.js';
import { FUENTES, SEVERIDADES_ERROR } from '../errores/valores.js';
import { TIPOS_RDA } from '../rda/tipos.js';
import { ALCANCES_CONSULTA, ESTADOS_TRANSMISION, TIPOS_EVENTO } from '../rda/transmision/valores.js';
import { TIPOS_SERVICIO } from '../rips/tipos.js';

/**
 * Domain enumerations travel as string scalars limited to the regulation's own values
 * (`consulta-externa`, `rips:enviar`…): GraphQL enum names cannot hold `-` or `:`, and one
 * spelling in both doors means REST and GraphQL answers are byte-identical.
 */
export const VALORES_ENUM = {
  Modulo: { valores: MODULOS, descripcion: 'Módulo contratado por la entidad' },
  TipoEntidad: { valores: TIPOS_ENTIDAD, descripcion: 'Tipo de entidad (prestador) que usa el servicio' },
  Rol: { valores: ROLES, descripcion: 'Rol de un usuario en la entidad' },
  Permiso: { valores: PERMISOS, descripcion: 'Permiso efectivo' },
  TipoIdentidad: { valores: ['api-key', 'usuario'] as const, descripcion: 'Cómo se autenticó quien llama' },
  Severidad: {
    valores: SEVERIDADES_ERROR,
    descripcion:
      'Severidad de un hallazgo: rechazo bloquea; aviso-gradualidad es una notificación que pasará a rechazo; aviso-conformidad no bloquea; informativo es una nota del servicio',
  },
  Fuente: { valores: FUENTES, descripcion: 'Quién produjo el hallazgo' },
  TipoServicio: { valores: TIPOS_SERVICIO, descripcion: 'Tipo de servicio del RIPS' },
  EstadoTransmision: {
    valores: ESTADOS_TRANSMISION,
    descripcion: 'Estado de una transmisión RDA: generado → validado → enviado → aceptado | rechazado',
  },
  TipoEventoTransmision: { valores: TIPOS_EVENTO, descripcion: 'Qué registra un evento de la traza' },
  AlcanceConsultaRda: {
    valores: ALCANCES_CONSULTA,
    descripcion: 'paciente: RDA de paciente; encuentros: RDA de consulta, urgencias y hospitalización',
  },
  TipoRda: { valores: TIPOS_RDA, descripcion: 'Tipo de RDA (Res. 1888/2025)' },
} as const;

export type NombreEnum = keyof typeof VALORES_ENUM;

function crearEscalar(
  nombre: string,
  valores: readonly string[],
  descripcion: string,
): GraphQLScalarType<string, string> {
  const permitidos = new Set(valores);
  const validar = (v: unknown): string => {
    if (typeof v === 'string' && permitidos.has(v)) return v;
    throw new GraphQLError(`Valor inválido para ${nombre}: se esperaba uno de ${valores.join(', ')}.`, {
      extensions: { code: 'entrada-invalida' },
    });
  };
  return new GraphQLScalarType<string, string>({
    name: nombre,
    description: `${descripcion}. Valores: ${valores.map((v) => `\`${v}\``).join(', ')}.`,
    serialize: validar,
    parseValue: validar,
    parseLiteral: (ast) => {
      if (ast.kind !== Kind.STRING) {
        throw new GraphQLError(`${nombre} se escribe como cadena entre comillas.`, {
          extensions: { code: 'entrada-invalida' },
        });
      }
      return validar(ast.value);
    },
    extensions: { valores },
  });
}

export const Escalares = Object.fromEntries(
  Object.entries(VALORES_ENUM).map(([n, d]) => [n, crearEscalar(n, d.valores, d.descripcion)]),
) as { [K in NombreEnum]: GraphQLScalarType<string, string> };
