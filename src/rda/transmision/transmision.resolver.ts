import { GraphQLJSON, GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { requiere, type TablaReglas } from '../../auth/reglas.js';
import { ErrorAccionable } from '../../errores/error-accionable.js';
import { authDe, type Contexto } from '../../graphql/contexto.js';
import { Enums } from '../../graphql/enums.js';
import type { AlcanceConsulta, TipoRdaIhce } from '../ihce/fhir.js';
import type { TransmisionResultado } from './servicio.js';
import type { Transmision } from './transmision.entity.js';
import type { EstadoTransmision } from './valores.js';

@ObjectType('Transmision', { description: 'Un RDA transmitido (o por transmitir) a la plataforma IHCE' })
export class TransmisionGql {
  @Field(() => ID)
  id!: string;

  @Field(() => Enums.TipoRda)
  tipo!: string;

  @Field(() => Enums.EstadoTransmision)
  estado!: string;

  @Field(() => Enums.OrigenTransmision)
  origen!: string;

  @Field(() => String, { nullable: true, description: 'Número VIDA que asignó la IHCE al aceptar' })
  vida!: string | null;

  @Field(() => String, { nullable: true, description: 'Id de la Composition en la IHCE' })
  compositionId!: string | null;

  @Field(() => [ErrorAccionable], {
    description:
      'Hallazgos bloqueantes (linter o IHCE) cuando no se envió o fue rechazado; mientras reintenta, la última falla transitoria',
  })
  errores!: ErrorAccionable[];

  @Field(() => String, {
    nullable: true,
    description:
      'Por qué no se aceptó, en una frase: rechazada por la IHCE (`rechazado`) o bloqueada por el linter (`generado`); null en los demás estados. El detalle está en `errores`',
  })
  motivo!: string | null;

  @Field(() => [ErrorAccionable], { description: 'Avisos de conformidad e informativos: nunca bloquean' })
  avisos!: ErrorAccionable[];

  @Field(() => Int, { description: 'Intentos de envío hechos' })
  intentos!: number;

  @Field(() => Boolean, { description: 'Se agotaron los reintentos sin respuesta válida de la IHCE' })
  reintentosAgotados!: boolean;

  @Field(() => Date, { nullable: true })
  siguienteIntentoEn!: Date | null;

  @Field(() => String, { description: 'Quién la creó: api-key:{prefijo} o usuario:{sub}' })
  creadoPor!: string;

  @Field(() => Date)
  creadaEn!: Date;

  @Field(() => Date)
  actualizadaEn!: Date;

  @Field(() => Boolean, {
    description: 'true cuando una Idempotency-Key repetida devolvió la transmisión original',
  })
  repetida!: boolean;
}

@ObjectType('PaginaTransmisiones')
export class PaginaTransmisiones {
  @Field(() => [TransmisionGql])
  items!: TransmisionGql[];

  @Field(() => Int, { description: 'Total con el filtro aplicado' })
  total!: number;

  @Field(() => Int)
  limit!: number;

  @Field(() => Int)
  offset!: number;
}

@ObjectType('EventoTransmision', { description: 'Un cambio de la transmisión (traza de solo inserción)' })
export class EventoTransmisionGql {
  @Field(() => Int)
  secuencia!: number;

  @Field(() => Date)
  fecha!: Date;

  @Field(() => Enums.TipoEventoTransmision)
  tipo!: string;

  @Field(() => Enums.EstadoTransmision, { nullable: true })
  estadoAnterior!: string | null;

  @Field(() => Enums.EstadoTransmision)
  estadoNuevo!: string;

  @Field(() => String, { description: 'api-key:{prefijo}, usuario:{sub} o worker' })
  actor!: string;

  @Field(() => Int, { nullable: true, description: 'Estado HTTP de la respuesta de la IHCE' })
  statusUpstream!: number | null;

  @Field(() => Int, { nullable: true })
  intento!: number | null;

  @Field(() => String, { nullable: true })
  detalle!: string | null;
}

@ObjectType('ItemConsultaRda', {
  description: 'Metadatos de un RDA en la plataforma (sin contenido clínico)',
})
export class ItemConsultaRda {
  @Field(() => String)
  compositionId!: string;

  @Field(() => String, { nullable: true })
  vida!: string | null;

  @Field(() => String, { nullable: true })
  fecha!: string | null;

  @Field(() => Enums.TipoRda, { nullable: true })
  tipo!: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Referencia FHIR del paciente en la plataforma (Composition.subject.reference); null si no la trae',
  })
  paciente!: string | null;
}

@ObjectType('ResultadoConsultaRda')
export class ResultadoConsultaRda {
  @Field(() => Enums.AlcanceConsultaRda)
  alcance!: string;

  @Field(() => [ItemConsultaRda])
  items!: ItemConsultaRda[];

  @Field(() => String, {
    nullable: true,
    description: 'Cursor opaco (firmado) de la página siguiente; null en la última',
  })
  siguiente!: string | null;

  @Field(() => Int, { nullable: true, description: 'Total informado por la IHCE' })
  total!: number | null;
}

/** A one-line reason for a transmission that was not accepted (codes and titles only: no clinical content). */
function motivoDe(t: Transmision): string | null {
  const bloqueantes = t.errores.filter((e) => e.severidad === 'rechazo');
  const resumen = bloqueantes.length
    ? `: ${bloqueantes
        .slice(0, 3)
        .map((e) => `${e.codigo} (${e.titulo})`)
        .join('; ')}${bloqueantes.length > 3 ? ` y ${bloqueantes.length - 3} más` : ''}`
    : '';
  if (t.estado === 'rechazado') return `Rechazado por la IHCE${resumen}.`;
  if (t.estado === 'generado') return `No se envió: el linter encontró hallazgos bloqueantes${resumen}.`;
  return null;
}

function aGql(t: Transmision, repetida = false): TransmisionGql {
  return {
    id: t.id,
    tipo: t.tipo,
    estado: t.estado,
    origen: t.origen,
    vida: t.vida,
    compositionId: t.compositionId,
    errores: t.errores,
    motivo: motivoDe(t),
    avisos: t.avisos,
    intentos: t.intentos,
    reintentosAgotados: t.reintentosAgotados,
    siguienteIntentoEn: t.siguienteIntentoEn,
    creadoPor: t.creadoPor,
    creadaEn: t.createdAt,
    actualizadaEn: t.updatedAt,
    repetida,
  };
}

function registrar(ctx: Contexto, r: TransmisionResultado): TransmisionGql {
  const t = r.transmision;
  // Ids, states and counts only: never the bundle, the data or a patient identifier.
  ctx.log.info(
    { transmision: t.id, tipo: t.tipo, estado: t.estado, errores: t.errores.length, repetida: r.repetida },
    'transmisión RDA solicitada',
  );
  return aGql(t, r.repetida);
}

@Resolver()
export class TransmisionResolver {
  @Mutation(() => TransmisionGql, {
    description:
      'Valida (linter) y transmite un Bundle RDA a la IHCE. Aceptado → VIDA; falla transitoria → queda enviado y se reintenta; rechazado → errores.',
  })
  async transmitirRda(
    @Arg('tipo', () => Enums.TipoRda) tipo: string,
    @Arg('bundle', () => GraphQLJSON, { nullable: true, description: 'Bundle FHIR document' })
    bundle: unknown,
    @Arg('idempotencyKey', () => String, { nullable: true, description: 'Reintentos seguros del POST' })
    idempotencyKey: string | null,
    @Ctx() ctx: Contexto,
  ): Promise<TransmisionGql> {
    const r = await ctx.servicios.transmisiones.transmitir(ctx.em, authDe(ctx), {
      tipo: tipo as TipoRdaIhce,
      origen: 'bundle',
      contenido: bundle,
      idempotencyKey,
    });
    return registrar(ctx, r);
  }

  @Mutation(() => TransmisionGql, {
    description:
      'Construye el Bundle RDA desde datos planos, lo valida y lo transmite (igual que transmitirRda)',
  })
  async transmitirRdaDesdeDatos(
    @Arg('tipo', () => Enums.TipoRda) tipo: string,
    @Arg('datos', () => GraphQLJSONObject, { nullable: true }) datos: Record<string, unknown> | null,
    @Arg('idempotencyKey', () => String, { nullable: true }) idempotencyKey: string | null,
    @Ctx() ctx: Contexto,
  ): Promise<TransmisionGql> {
    const r = await ctx.servicios.transmisiones.transmitir(ctx.em, authDe(ctx), {
      tipo: tipo as TipoRdaIhce,
      origen: 'datos',
      contenido: datos,
      idempotencyKey,
    });
    return registrar(ctx, r);
  }

  @Query(() => PaginaTransmisiones, { description: 'Transmisiones de la entidad, las más recientes primero' })
  async transmisiones(
    @Arg('estado', () => Enums.EstadoTransmision, { nullable: true }) estado: string | null,
    @Arg('limit', () => Int, { nullable: true, description: 'Por defecto 50, máximo 200' }) limit:
      | number
      | null,
    @Arg('offset', () => Int, { nullable: true }) offset: number | null,
    @Ctx() ctx: Contexto,
  ): Promise<PaginaTransmisiones> {
    const p = await ctx.servicios.transmisiones.listar(ctx.em, authDe(ctx), {
      estado: estado as EstadoTransmision | null,
      limit,
      offset,
    });
    return { ...p, items: p.items.map((t) => aGql(t)) };
  }

  @Query(() => TransmisionGql, { description: 'Una transmisión de la entidad' })
  async transmision(@Arg('id', () => ID) id: string, @Ctx() ctx: Contexto): Promise<TransmisionGql> {
    return aGql(await ctx.servicios.transmisiones.obtener(ctx.em, authDe(ctx), id));
  }

  @Query(() => [EventoTransmisionGql], { description: 'La traza de una transmisión, en orden' })
  async eventosTransmision(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: Contexto,
  ): Promise<EventoTransmisionGql[]> {
    const eventos = await ctx.servicios.transmisiones.eventos(ctx.em, authDe(ctx), id);
    return eventos.map((e) => ({
      secuencia: e.secuencia,
      fecha: e.fecha,
      tipo: e.tipo,
      estadoAnterior: e.estadoAnterior,
      estadoNuevo: e.estadoNuevo,
      actor: e.actor,
      statusUpstream: e.statusUpstream,
      intento: e.intento,
      detalle: e.detalle,
    }));
  }

  @Query(() => GraphQLJSONObject, {
    description:
      'El RDA aceptado tal como está en la IHCE ($document), sin guardarlo; la consulta queda en la traza',
  })
  documentoIhce(@Arg('id', () => ID) id: string, @Ctx() ctx: Contexto): Promise<Record<string, unknown>> {
    return ctx.servicios.transmisiones.documento(ctx.em, authDe(ctx), id);
  }

  @Mutation(() => ResultadoConsultaRda, {
    description:
      'Consulta los RDA de un paciente en la IHCE (solo metadatos). humanuser es el profesional que consulta y queda auditado.',
  })
  async consultarRda(
    @Arg('alcance', () => Enums.AlcanceConsultaRda, {
      nullable: true,
      description: 'Por defecto paciente',
    })
    alcance: string | null,
    @Arg('paciente', () => GraphQLJSONObject, {
      nullable: true,
      description: 'Documento del paciente {tipo, numero} (tipo: CC, TI, CE, PA…)',
    })
    paciente: Record<string, unknown> | null,
    @Arg('humanuser', () => GraphQLJSONObject, {
      nullable: true,
      description: 'Documento del profesional que consulta {tipo, numero}',
    })
    humanuser: Record<string, unknown> | null,
    @Arg('cursor', () => String, { nullable: true }) cursor: string | null,
    @Ctx() ctx: Contexto,
  ): Promise<ResultadoConsultaRda> {
    const r = await ctx.servicios.transmisiones.consultar(ctx.em, authDe(ctx), {
      alcance: (alcance ?? 'paciente') as AlcanceConsulta,
      // Shape checked by the service (Spanish 400 with details).
      paciente: paciente as unknown as { tipo: string; numero: string },
      humanuser: humanuser as unknown as { tipo: string; numero: string },
      cursor,
    });
    ctx.log.info({ alcance: r.alcance, resultados: r.items.length, pagina: !!cursor }, 'consulta RDA');
    return r;
  }
}

export const reglasTransmision: TablaReglas = {
  Query: {
    transmisiones: requiere('rda:leer'),
    transmision: requiere('rda:leer'),
    eventosTransmision: requiere('rda:leer'),
    documentoIhce: requiere('rda:leer'),
  },
  Mutation: {
    transmitirRda: requiere('rda:enviar'),
    transmitirRdaDesdeDatos: requiere('rda:enviar'),
    consultarRda: requiere('rda:leer'),
  },
};
