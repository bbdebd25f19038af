import { type GraphQLEnumType, type GraphQLSchema, isEnumType } from 'graphql';
import { registerEnumType } from 'type-graphql';
import { PERMISOS, ROLES } from '../auth/permisos.js';
import { MODULOS, TIPOS_ENTIDAD } from '../entidades/valores.js';
import { FUENTES, SEVERIDADES_ERROR } from '../errores/valores.js';
import { TIPOS_EVENTO_DOMINIO } from '../eventos/valores.js';
import { TIPOS_RDA } from '../rda/tipos.js';
import { ALCANCES_CONSULTA, ESTADOS_TRANSMISION, TIPOS_EVENTO } from '../rda/transmision/valores.js';
import { AGRUPACIONES, CLASES_PAGADOR, MODULOS_RESUMEN, TIPOS_RADICACION } from '../resumen/valores.js';
import { CLAVES_OPERACION } from '../rips/muv/operaciones.js';
import { ESTADOS_RADICACION } from '../rips/radicacion/valores.js';
import { TIPOS_SERVICIO } from '../rips/tipos.js';

/**
 * Every closed set of the domain, with the regulation's own values (`consulta-externa`, `rips:enviar`…).
 * GraphQL shows them as enums with GraphQL-style names (`CONSULTA_EXTERNA`, `RIPS_ENVIAR`); the values
 * resolvers and REST bodies use stay the seed's strings. This table and `nombreGraphql` are the one
 * place where the two spellings meet.
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
  TipoEventoDominio: {
    valores: TIPOS_EVENTO_DOMINIO,
    descripcion:
      'Tipo de un evento anunciado (suscripciones y webhooks): transmision.<evento de la traza> o radicacion.<resultado>',
  },
  AlcanceConsultaRda: {
    valores: ALCANCES_CONSULTA,
    descripcion: 'paciente: RDA de paciente; encuentros: RDA de consulta, urgencias y hospitalización',
  },
  TipoRda: { valores: TIPOS_RDA, descripcion: 'Tipo de RDA (Res. 1888/2025)' },
  EstadoRadicacion: {
    valores: ESTADOS_RADICACION,
    descripcion:
      'Estado de una radicación: radicado (CUV), rechazado (por el MUV), rechazado-local (por la compuerta local, sin ir al MUV), fallido (el MUV no respondió; ver motivo) o pendiente (enviándose al MUV; se completa sola)',
  },
  OperacionRadicacion: {
    valores: CLAVES_OPERACION,
    descripcion:
      'Operación del MUV con que se radica (manual API Docker v4.3 §8): factura (CargarFevRips), nota-credito, nota-credito-total, nota-debito, nota-ajuste, rips-sin-factura, nota-credito-acuerdo-voluntades, capita-inicial, capita-periodo, capita-final, nota-credito-capita',
  },
  TipoRadicacion: {
    valores: TIPOS_RADICACION,
    descripcion:
      'Tipo de una radicación según su operación: FEV (factura electrónica) o el tipo de nota del RIPS (NC, ND, NA, RS) en las cinco operaciones clásicas; NC-TOTAL, NC-ACUERDO-VOLUNTADES y NC-CAPITA (notas crédito total, por acuerdo de voluntades y de cápita); CAPITA-INICIAL, CAPITA-PERIODO y CAPITA-FINAL (facturas de cápita y RIPS final de cápita)',
  },
  ModuloResumen: {
    valores: MODULOS_RESUMEN,
    descripcion: 'Módulo de un resumen: rips (radicaciones) o rda (transmisiones)',
  },
  AgrupacionResumen: {
    valores: AGRUPACIONES,
    descripcion: 'Período de una serie: día, semana ISO (desde el lunes) o mes, en el calendario de Colombia',
  },
  ClasePagador: {
    valores: CLASES_PAGADOR,
    descripcion:
      'Quién paga una factura: nit (una organización, por su NIT), persona-natural (nunca se identifica), sin-pagador (RIPS sin factura o factura ilegible) u otros (los pagadores más allá de los 100 con más dinero en el informe, sumados)',
  },
  TipoNota: {
    valores: ['NC', 'ND', 'NA', 'RS'] as const,
    descripcion: 'Tipo de nota del RIPS: nota crédito, nota débito, nota de ajuste o RIPS sin factura',
  },
  OrigenTransmision: {
    valores: ['bundle', 'datos'] as const,
    descripcion: 'Cómo llegó el RDA: un Bundle FHIR (POST /rda) o datos planos (POST /rda/desde-datos)',
  },
  SeveridadIssue: {
    valores: ['error', 'warning'] as const,
    descripcion: 'Severidad en la forma compacta: error es rechazo; warning, aviso o nota',
  },
  SeveridadHl7: {
    valores: ['fatal', 'error', 'warning', 'information'] as const,
    descripcion: 'Severidad de un issue del validador oficial HL7',
  },
} as const;

export type NombreEnum = keyof typeof VALORES_ENUM;

/** `consulta-externa` → `CONSULTA_EXTERNA`, `rips:enviar` → `RIPS_ENVIAR`, `recienNacidos` → `RECIEN_NACIDOS`. */
export function nombreGraphql(valor: string): string {
  return valor
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toUpperCase();
}

/** type-graphql takes an enum as an object of name → value, which is exactly the mapping. */
function objetoEnum(valores: readonly string[]): Record<string, string> {
  const o: Record<string, string> = {};
  for (const v of valores) {
    const n = nombreGraphql(v);
    if (n in o) throw new Error(`Dos valores dan el mismo nombre GraphQL ${n}`);
    o[n] = v;
  }
  return o;
}

export const Enums = Object.fromEntries(
  Object.entries(VALORES_ENUM).map(([nombre, d]) => {
    const o = objetoEnum(d.valores);
    registerEnumType(o, {
      name: nombre,
      description: `${d.descripcion}. En REST se escriben ${d.valores.map((v) => `\`${v}\``).join(', ')}.`,
      valuesConfig: Object.fromEntries(
        d.valores.map((v) => [nombreGraphql(v), { description: `En REST: \`${v}\`` }]),
      ),
    });
    return [nombre, o];
  }),
) as { [K in NombreEnum]: Record<string, string> };

/** The enum types of a schema that come from this table (REST keeps their seed values). */
export function enumsDelDominio(schema: GraphQLSchema): GraphQLEnumType[] {
  return Object.keys(VALORES_ENUM)
    .map((n) => schema.getType(n))
    .filter((t): t is GraphQLEnumType => !!t && isEnumType(t));
}

/**
 * graphql-jit serializers that keep an enum's internal value (the seed's string) instead of its
 * GraphQL name: the REST door answers `consulta-externa`, as the contract says.
 */
export function serializadoresRest(schema: GraphQLSchema): Record<string, (v: unknown) => unknown> {
  const r: Record<string, (v: unknown) => unknown> = {};
  for (const t of enumsDelDominio(schema)) {
    const validos = new Set(t.getValues().map((v) => v.value));
    r[t.name] = (v) => {
      if (validos.has(v)) return v;
      throw new TypeError(`Enum "${t.name}" cannot represent value: ${JSON.stringify(v)}`);
    };
  }
  return r;
}

/**
 * A REST variable of an enum type arrives in the seed's spelling: its GraphQL name, so the operation
 * coerces it back to the same value. An unknown value is left as it came and refused by coercion.
 */
export function aNombreGraphql(tipo: GraphQLEnumType, valor: unknown): unknown {
  if (typeof valor !== 'string') return valor;
  return tipo.getValues().find((v) => v.value === valor)?.name ?? `\u0000${valor}`;
}
