import { Arg, Field, ID, Int, Resolver, Root, type SubscribeResolverData, Subscription } from 'type-graphql';
import { requiere, type TablaReglas } from '../auth/reglas.js';
import { deLaEntidad } from '../entidades/propiedad.js';
import { errores } from '../errores/errores.js';
import { authDe, type Contexto } from '../graphql/contexto.js';
import { Enums } from '../graphql/enums.js';
import { TipoObjeto } from '../graphql/tipo-objeto.js';
import { Transmision } from '../rda/transmision/transmision.entity.js';
import { Radicacion } from '../rips/radicacion/radicacion.entity.js';
import { type FlujoEventos, flujoDeEventos } from './flujo.js';
import type { BusEventos, EventoDominio } from './tipos.js';

/*
 * GraphQL subscriptions over graphql-ws (src/http/graphql-ws.ts): the outbox events of the caller's
 * entity (src/eventos/tipos.ts BusEventos), one field per resource and scope. Payloads carry the
 * public fields the outbox triggers wrote (Migration20261128100000_eventos_dominio), typed: never the
 * bundle, findings or patient data.
 */

@TipoObjeto('DatosCambioTransmision', {
  description: 'Campos públicos de la transmisión al confirmarse el cambio (sin contenido clínico)',
})
export class DatosCambioTransmision {
  @Field(() => ID)
  id!: string;

  @Field(() => Enums.TipoRda)
  tipo!: string;

  @Field(() => Enums.EstadoTransmision, { description: 'Estado al que llevó este evento de la traza' })
  estado!: string;

  @Field(() => Enums.EstadoTransmision, { nullable: true, description: 'Estado antes del evento' })
  estadoAnterior!: string | null;

  @Field(() => Enums.EstadoTransmision, {
    description:
      'Estado de la transmisión al confirmarse la transacción (va por delante de `estado` cuando un mismo cambio registró varios eventos)',
  })
  estadoActual!: string;

  @Field(() => Enums.TipoEventoTransmision, { description: 'El evento de la traza que se anuncia' })
  evento!: string;

  @Field(() => Int, { description: 'Número del evento en la traza de la transmisión' })
  secuencia!: number;

  @Field(() => Int, { nullable: true, description: 'Intento de envío al que pertenece el evento' })
  intento!: number | null;

  @Field(() => Int, { nullable: true, description: 'Estado HTTP de la respuesta de la IHCE' })
  statusUpstream!: number | null;

  @Field(() => Enums.OrigenTransmision)
  origen!: string;

  @Field(() => String, { nullable: true, description: 'Número VIDA que asignó la IHCE al aceptar' })
  vida!: string | null;

  @Field(() => String, { nullable: true, description: 'Id de la Composition en la IHCE' })
  compositionId!: string | null;

  @Field(() => Int, { description: 'Intentos de envío hechos' })
  intentos!: number;

  @Field(() => Boolean)
  reintentosAgotados!: boolean;

  @Field(() => Date, { nullable: true })
  siguienteIntentoEn!: Date | null;

  @Field(() => Date, { description: 'Cuándo se registró el evento en la traza' })
  fecha!: Date;
}

@TipoObjeto('CambioTransmision', {
  description:
    'Un cambio de una transmisión RDA anunciado en vivo. Se entrega al menos una vez: descarte repetidos por `id`',
})
export class CambioTransmision {
  @Field(() => ID, { description: 'Identificador del evento (el mismo en suscripciones y webhooks)' })
  id!: string;

  @Field(() => Enums.TipoEventoDominio)
  tipo!: string;

  @Field(() => Date, { description: 'Cuándo se confirmó el cambio' })
  fecha!: Date;

  @Field(() => DatosCambioTransmision)
  datos!: DatosCambioTransmision;
}

@TipoObjeto('DatosCambioRadicacion', {
  description: 'Campos públicos de la radicación con su resultado (sin hallazgos ni datos de pacientes)',
})
export class DatosCambioRadicacion {
  @Field(() => ID)
  id!: string;

  @Field(() => Enums.EstadoRadicacion)
  estado!: string;

  @Field(() => String, { nullable: true, description: 'null en RIPS sin factura (RS)' })
  numFactura!: string | null;

  @Field(() => String, { description: 'NIT del obligado a facturar (el prestador)' })
  numDocumentoIdObligado!: string;

  @Field(() => Enums.TipoNota, { nullable: true, description: 'null = factura' })
  tipoNota!: string | null;

  @Field(() => String, { nullable: true })
  numNota!: string | null;

  @Field(() => String, { description: 'Método del MUV usado (CargarFevRips, CargarNC…)' })
  operacion!: string;

  @Field(() => String, { nullable: true, description: 'Código Único de Validación (96 hexadecimales)' })
  cuv!: string | null;

  @Field(() => Int, { nullable: true })
  procesoId!: number | null;

  @Field(() => Date, { nullable: true })
  fechaRadicacion!: Date | null;

  @Field(() => Int, { description: 'Hallazgos de rechazo' })
  nErrores!: number;

  @Field(() => Int, { description: 'Avisos (gradualidad y notificaciones del MUV)' })
  nAvisos!: number;

  @Field(() => Date)
  createdAt!: Date;
}

@TipoObjeto('CambioRadicacion', {
  description:
    'El resultado de una radicación anunciado en vivo. Se entrega al menos una vez: descarte repetidos por `id`',
})
export class CambioRadicacion {
  @Field(() => ID, { description: 'Identificador del evento (el mismo en suscripciones y webhooks)' })
  id!: string;

  @Field(() => Enums.TipoEventoDominio)
  tipo!: string;

  @Field(() => Date, { description: 'Cuándo se confirmó el resultado' })
  fecha!: Date;

  @Field(() => DatosCambioRadicacion)
  datos!: DatosCambioRadicacion;
}

// The outbox stores JSON: timestamps come as text, numbers may come as text from bigint columns.
const texto = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const entero = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : null;
};
const fecha = (v: unknown): Date | null => {
  if (v === null || v === undefined) return null;
  const d = new Date(v as string);
  return Number.isNaN(d.getTime()) ? null : d;
};

export function cambioTransmision(e: EventoDominio): CambioTransmision {
  const d = e.datos;
  return {
    id: e.id,
    tipo: e.tipo,
    fecha: e.creadoEn,
    datos: {
      id: String(d.id ?? e.recursoId),
      tipo: String(d.tipo),
      estado: String(d.estado),
      estadoAnterior: texto(d.estadoAnterior),
      estadoActual: String(d.estadoActual ?? d.estado),
      evento: String(d.evento ?? e.tipo.slice('transmision.'.length)),
      secuencia: entero(d.secuencia) ?? 0,
      intento: entero(d.intento),
      statusUpstream: entero(d.statusUpstream),
      origen: String(d.origen),
      vida: texto(d.vida),
      compositionId: texto(d.compositionId),
      intentos: entero(d.intentos) ?? 0,
      reintentosAgotados: d.reintentosAgotados === true,
      siguienteIntentoEn: fecha(d.siguienteIntentoEn),
      fecha: fecha(d.fecha) ?? e.creadoEn,
    },
  };
}

export function cambioRadicacion(e: EventoDominio): CambioRadicacion {
  const d = e.datos;
  return {
    id: e.id,
    tipo: e.tipo,
    fecha: e.creadoEn,
    datos: {
      id: String(d.id ?? e.recursoId),
      estado: String(d.estado),
      numFactura: texto(d.numFactura),
      numDocumentoIdObligado: String(d.numDocumentoIdObligado ?? ''),
      tipoNota: texto(d.tipoNota),
      numNota: texto(d.numNota),
      operacion: String(d.operacion ?? ''),
      cuv: texto(d.cuv),
      procesoId: entero(d.procesoId),
      fechaRadicacion: fecha(d.fechaRadicacion),
      nErrores: entero(d.nErrores) ?? 0,
      nAvisos: entero(d.nAvisos) ?? 0,
      createdAt: fecha(d.createdAt) ?? e.creadoEn,
    },
  };
}

const DE_TRANSMISION = 'transmision.';
const DE_RADICACION = 'radicacion.';

/** The process's event bus (src/servicios.ts). */
function busDe(ctx: Contexto): BusEventos {
  return ctx.servicios.eventos;
}

/** `estados`: omitted or null → every state; an empty list would silently match nothing. */
function conjuntoEstados(estados: readonly string[] | null | undefined): ReadonlySet<string> | undefined {
  if (estados === null || estados === undefined) return undefined;
  if (estados.length === 0)
    throw errores.entradaInvalida(
      'El argumento «estados» no puede ser una lista vacía: omítalo para recibir todos los estados.',
    );
  return new Set(estados);
}

/**
 * One resource of the entity: subscribed before the ownership check, so a change committed while it
 * runs is not lost; a foreign or unknown id gets the same 404 as the queries (and unsubscribes).
 */
async function deUnRecurso(
  ctx: Contexto,
  prefijo: string,
  id: string,
  comprobar: () => Promise<unknown>,
): Promise<FlujoEventos> {
  const auth = authDe(ctx);
  const flujo = flujoDeEventos(
    busDe(ctx),
    auth.entidadId,
    (e) => e.recursoId === id && e.tipo.startsWith(prefijo),
  );
  try {
    await comprobar();
  } catch (e) {
    await flujo.return();
    throw e;
  }
  return flujo;
}

function deLaEntidadCompleta(ctx: Contexto, prefijo: string, estados: ReadonlySet<string> | undefined) {
  return flujoDeEventos(
    busDe(ctx),
    authDe(ctx).entidadId,
    (e) => e.tipo.startsWith(prefijo) && (!estados || estados.has(String(e.datos.estado))),
  );
}

type Datos = SubscribeResolverData<unknown, Record<string, unknown>, Contexto>;

@Resolver()
export class SuscripcionesResolver {
  @Subscription(() => CambioTransmision, {
    description:
      'Los cambios de una transmisión RDA de la entidad desde el momento de suscribirse (generado, enviado, reintento-programado, aceptado…). Solo por WebSocket (graphql-ws) en /graphql',
    subscribe: ({ args, context }: Datos) => {
      const id = String(args.id);
      return deUnRecurso(context, DE_TRANSMISION, id, () =>
        deLaEntidad(context.em, Transmision, id, authDe(context), 'La transmisión'),
      );
    },
  })
  transmisionActualizada(@Arg('id', () => ID) _id: string, @Root() evento: EventoDominio): CambioTransmision {
    return cambioTransmision(evento);
  }

  @Subscription(() => CambioTransmision, {
    description:
      'Los cambios de todas las transmisiones RDA de la entidad, opcionalmente solo los que llevan a uno de `estados`. Solo por WebSocket (graphql-ws) en /graphql',
    subscribe: ({ args, context }: Datos) =>
      deLaEntidadCompleta(context, DE_TRANSMISION, conjuntoEstados(args.estados as string[] | null)),
  })
  transmisionesDeLaEntidad(
    @Arg('estados', () => [Enums.EstadoTransmision], {
      nullable: true,
      description: 'Solo los cambios que llevan a uno de estos estados; omitido: todos',
    })
    _estados: string[] | null,
    @Root() evento: EventoDominio,
  ): CambioTransmision {
    return cambioTransmision(evento);
  }

  @Subscription(() => CambioRadicacion, {
    description:
      'El resultado de una radicación de la entidad (p. ej. una pendiente que el MUV completa) desde el momento de suscribirse. Solo por WebSocket (graphql-ws) en /graphql',
    subscribe: ({ args, context }: Datos) => {
      const id = String(args.id);
      return deUnRecurso(context, DE_RADICACION, id, () =>
        deLaEntidad(context.em, Radicacion, id, authDe(context), 'La radicación'),
      );
    },
  })
  radicacionActualizada(@Arg('id', () => ID) _id: string, @Root() evento: EventoDominio): CambioRadicacion {
    return cambioRadicacion(evento);
  }

  @Subscription(() => CambioRadicacion, {
    description:
      'Los resultados de todas las radicaciones de la entidad, opcionalmente solo los de `estados`. Solo por WebSocket (graphql-ws) en /graphql',
    subscribe: ({ args, context }: Datos) =>
      deLaEntidadCompleta(context, DE_RADICACION, conjuntoEstados(args.estados as string[] | null)),
  })
  radicacionesDeLaEntidad(
    @Arg('estados', () => [Enums.EstadoRadicacion], {
      nullable: true,
      description: 'Solo los resultados con uno de estos estados; omitido: todos',
    })
    _estados: string[] | null,
    @Root() evento: EventoDominio,
  ): CambioRadicacion {
    return cambioRadicacion(evento);
  }
}

export const reglasSuscripciones: TablaReglas = {
  Subscription: {
    transmisionActualizada: requiere('rda:leer'),
    transmisionesDeLaEntidad: requiere('rda:leer'),
    radicacionActualizada: requiere('rips:leer'),
    radicacionesDeLaEntidad: requiere('rips:leer'),
  },
};
