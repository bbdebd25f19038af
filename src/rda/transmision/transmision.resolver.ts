import { GraphQLJSON, GraphQLJSONObject } from 'graphql-scalars';
import {
  Arg,
  Ctx,
  Field,
  FieldResolver,
  ID,
  InputType,
  Int,
  Mutation,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import { requiere, type TablaReglas } from '../../auth/reglas.js';
import { ErrorAccionable } from '../../errores/error-accionable.js';
import { cursorDe, PageInfo } from '../../graphql/conexion.js';
import { authDe, type Contexto } from '../../graphql/contexto.js';
import { Enums } from '../../graphql/enums.js';
import { TipoObjeto } from '../../graphql/tipo-objeto.js';
import { DatosRdaEntrada, type EntradaDatosRda, entradaRda } from '../construccion/entrada-graphql.js';
import type { AlcanceConsulta, TipoRdaIhce } from '../ihce/fhir.js';
import { paginaTransmisiones } from './conexion.js';
import type { EventoTransmision } from './evento.entity.js';
import type { TransmisionResultado } from './servicio.js';
import type { Transmision } from './transmision.entity.js';
import { type EstadoTransmision, LIMITE_MAXIMO, LIMITE_POR_DEFECTO } from './valores.js';

@TipoObjeto('RecursoIhce', {
  description:
    'Una entrada de la respuesta de aceptación de la IHCE (transaction-response): un recurso que creó (201) o que ya tenía (200)',
})
export class RecursoIhceGql {
  @Field(() => String, {
    nullable: true,
    description:
      'Tipo de recurso FHIR (Composition, DocumentReference, Patient…), del recurso, de su location o de la entrada enviada en la misma posición',
  })
  tipo!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Id del recurso en la plataforma; null si no lo informó',
  })
  id!: string | null;

  @Field(() => String, { nullable: true, description: 'Versión (`_history`) del recurso' })
  version!: string | null;

  @Field(() => Int, { nullable: true, description: 'Estado HTTP de la entrada: 201 creado, 200 ya existía' })
  status!: number | null;

  @Field(() => String, {
    nullable: true,
    description: 'URL del recurso en la plataforma (`…/Tipo/id/_history/n`)',
  })
  location!: string | null;
}

@TipoObjeto('Transmision', { description: 'Un RDA transmitido (o por transmitir) a la plataforma IHCE' })
export class TransmisionGql {
  @Field(() => ID)
  id!: string;

  @Field(() => Enums.TipoRda)
  tipo!: string;

  @Field(() => Enums.EstadoTransmision)
  estado!: string;

  @Field(() => Enums.OrigenTransmision)
  origen!: string;

  @Field(() => String, {
    nullable: true,
    description:
      'Número VIDA, si la respuesta de aceptación de la IHCE lo trae; null si no lo trae (la respuesta observada de la plataforma no lo trae: ver compositionId y documentReferenceId)',
  })
  vida!: string | null;

  @Field(() => String, { nullable: true, description: 'Id de la Composition en la IHCE' })
  compositionId!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Id del DocumentReference que la IHCE creó para el RDA aceptado (apunta a la Composition)',
  })
  documentReferenceId!: string | null;

  @Field(() => [RecursoIhceGql], {
    description:
      'Lo que la IHCE respondió por cada recurso al aceptar (transaction-response): tipo, id, versión, estado y location. Vacío si no respondió así',
  })
  recursosIhce!: RecursoIhceGql[];

  @Field(() => [ErrorAccionable], {
    description:
      'Hallazgos bloqueantes (severidad RECHAZO, del linter o de la IHCE): por qué no se envió o por qué fue rechazado',
  })
  errores!: ErrorAccionable[];

  @Field(() => String, {
    nullable: true,
    description:
      'Por qué no se aceptó, en una frase: rechazada por la IHCE (`RECHAZADO`) o bloqueada por el linter (`GENERADO`); null en los demás estados. El detalle está en `errores`',
  })
  motivo!: string | null;

  @Field(() => [ErrorAccionable], {
    description: 'Avisos (severidad AVISO_CONFORMIDAD o AVISO_GRADUALIDAD): nunca bloquean',
  })
  avisos!: ErrorAccionable[];

  @Field(() => [ErrorAccionable], {
    description:
      'Notas (severidad INFORMATIVO): la última falla transitoria mientras se reintenta, o cómo se aceptó (sin VIDA, aceptado en un intento anterior)',
  })
  informativos!: ErrorAccionable[];

  /** REST keeps the stored lists as they always were (SOLO_REST; the REST operation aliases them). */
  @Field(() => [ErrorAccionable], {
    description:
      'Hallazgos bloqueantes (linter o IHCE) cuando no se envió o fue rechazado; mientras reintenta, la última falla transitoria',
  })
  erroresRest!: ErrorAccionable[];

  @Field(() => [ErrorAccionable], { description: 'Avisos de conformidad e informativos: nunca bloquean' })
  avisosRest!: ErrorAccionable[];

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
}

@TipoObjeto('ResultadoTransmision', {
  description: 'Lo que devolvió una solicitud de transmisión: la transmisión y si era una repetición',
})
export class ResultadoTransmision {
  @Field(() => TransmisionGql)
  transmision!: TransmisionGql;

  @Field(() => Boolean, {
    description:
      'true cuando una Idempotency-Key repetida devolvió la transmisión original (no se envió de nuevo)',
  })
  repetida!: boolean;
}

@TipoObjeto('PaginaTransmisiones', { description: 'Página por desplazamiento (solo REST: GET /rda)' })
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

@TipoObjeto('TransmisionArista', { description: 'Una transmisión de la página y su cursor' })
export class TransmisionArista {
  @Field(() => String, { description: 'Cursor opaco de este elemento (para `after`)' })
  cursor!: string;

  @Field(() => TransmisionGql)
  node!: TransmisionGql;
}

@TipoObjeto('TransmisionConexion', {
  description: 'Página de transmisiones (conexión Relay), las más recientes primero',
})
export class TransmisionConexion {
  @Field(() => [TransmisionArista])
  edges: TransmisionArista[];

  @Field(() => PageInfo)
  pageInfo: PageInfo;

  constructor(
    edges: TransmisionArista[],
    pageInfo: PageInfo,
    private readonly contar: () => Promise<number>,
  ) {
    this.edges = edges;
    this.pageInfo = pageInfo;
  }

  // A method: counted only when the client selects it.
  @Field(() => Int, { description: 'Total con los filtros aplicados (sin el cursor)' })
  totalCount(): Promise<number> {
    return this.contar();
  }
}

@TipoObjeto('EventoTransmision', { description: 'Un cambio de la transmisión (traza de solo inserción)' })
export class EventoTransmisionGql {
  @Field(() => ID, { description: 'Identificador estable del evento' })
  id!: string;

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

@InputType('DocumentoIdentidadEntrada', { description: 'Documento de identidad de una persona' })
export class DocumentoIdentidadEntrada {
  @Field(() => String, { description: 'Tipo de documento, en mayúsculas: CC, TI, CE, PA…' })
  tipo!: string;

  @Field(() => String, {
    description: 'Número de documento: 3 a 20 letras o dígitos, sin espacios ni puntos',
  })
  numero!: string;
}

@TipoObjeto('ItemConsultaRda', {
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

@TipoObjeto('ResultadoConsultaRda')
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

function aGql(t: Transmision): TransmisionGql {
  // The stored lists mix severities (a transient failure's notes sit in `errores`, informative notes
  // in `avisos`): GraphQL splits them by severity; REST keeps them as stored.
  const todos = [...t.errores, ...t.avisos];
  return {
    id: t.id,
    tipo: t.tipo,
    estado: t.estado,
    origen: t.origen,
    vida: t.vida,
    compositionId: t.compositionId,
    documentReferenceId: t.documentReferenceId,
    recursosIhce: t.recursosIhce ?? [],
    errores: todos.filter((e) => e.severidad === 'rechazo'),
    motivo: motivoDe(t),
    avisos: todos.filter((e) => e.severidad === 'aviso-conformidad' || e.severidad === 'aviso-gradualidad'),
    informativos: todos.filter((e) => e.severidad === 'informativo'),
    erroresRest: t.errores,
    avisosRest: t.avisos,
    intentos: t.intentos,
    reintentosAgotados: t.reintentosAgotados,
    siguienteIntentoEn: t.siguienteIntentoEn,
    creadoPor: t.creadoPor,
    creadaEn: t.createdAt,
    actualizadaEn: t.updatedAt,
  };
}

function eventoGql(e: EventoTransmision): EventoTransmisionGql {
  return {
    id: e.id,
    secuencia: e.secuencia,
    fecha: e.fecha,
    tipo: e.tipo,
    estadoAnterior: e.estadoAnterior,
    estadoNuevo: e.estadoNuevo,
    actor: e.actor,
    statusUpstream: e.statusUpstream,
    intento: e.intento,
    detalle: e.detalle,
  };
}

function registrar(ctx: Contexto, r: TransmisionResultado): ResultadoTransmision {
  const t = r.transmision;
  // Ids, states and counts only: never the bundle, the data or a patient identifier.
  ctx.log.info(
    { transmision: t.id, tipo: t.tipo, estado: t.estado, errores: t.errores.length, repetida: r.repetida },
    'transmisión RDA solicitada',
  );
  return { transmision: aGql(t), repetida: r.repetida };
}

@Resolver(() => TransmisionGql)
export class TransmisionResolver {
  @Mutation(() => ResultadoTransmision, {
    description:
      'Valida (linter) y transmite un Bundle RDA a la IHCE. Aceptado → VIDA; falla transitoria → queda enviado y se reintenta; rechazado → errores.',
  })
  async transmitirRda(
    @Arg('tipo', () => Enums.TipoRda) tipo: string,
    @Arg('bundle', () => GraphQLJSON, { description: 'Bundle FHIR de tipo document (perfiles RDA)' })
    bundle: unknown,
    @Arg('idempotencyKey', () => String, { nullable: true, description: 'Reintentos seguros del POST' })
    idempotencyKey: string | null,
    @Ctx() ctx: Contexto,
  ): Promise<ResultadoTransmision> {
    const r = await ctx.servicios.transmisiones.transmitir(ctx.em, authDe(ctx), {
      tipo: tipo as TipoRdaIhce,
      origen: 'bundle',
      contenido: bundle,
      idempotencyKey,
    });
    return registrar(ctx, r);
  }

  @Mutation(() => ResultadoTransmision, {
    description:
      'Construye el Bundle RDA desde datos planos, lo valida y lo transmite (igual que transmitirRda)',
  })
  async transmitirRdaDesdeDatos(
    @Arg('datos', () => DatosRdaEntrada, {
      description:
        'Datos planos: exactamente uno de paciente, consultaExterna, hospitalizacion o urgencias (decide el tipo)',
    })
    entrada: EntradaDatosRda,
    @Arg('idempotencyKey', () => String, { nullable: true }) idempotencyKey: string | null,
    @Ctx() ctx: Contexto,
  ): Promise<ResultadoTransmision> {
    const { tipo, datos } = entradaRda(entrada);
    const r = await ctx.servicios.transmisiones.transmitir(ctx.em, authDe(ctx), {
      tipo: tipo as TipoRdaIhce,
      origen: 'datos',
      contenido: datos,
      idempotencyKey,
    });
    return registrar(ctx, r);
  }

  @Query(() => TransmisionConexion, {
    description:
      'Transmisiones de la entidad, las más recientes primero (conexión Relay: `first` y `after`), con filtros por estado, tipo y fecha de creación',
  })
  async transmisiones(
    @Arg('first', () => Int, {
      nullable: true,
      defaultValue: LIMITE_POR_DEFECTO,
      description: `Tamaño de la página: por defecto ${LIMITE_POR_DEFECTO}, máximo ${LIMITE_MAXIMO}`,
    })
    first: number | null,
    @Arg('after', () => String, {
      nullable: true,
      description: 'Cursor (`endCursor` de la página anterior): la página empieza después de él',
    })
    after: string | null,
    @Arg('estado', () => Enums.EstadoTransmision, { nullable: true }) estado: string | null,
    @Arg('tipo', () => Enums.TipoRda, { nullable: true }) tipo: string | null,
    @Arg('desde', () => Date, { nullable: true, description: 'Creadas en este instante o después' })
    desde: Date | null,
    @Arg('hasta', () => Date, { nullable: true, description: 'Creadas antes de este instante (excluido)' })
    hasta: Date | null,
    @Ctx() ctx: Contexto,
  ): Promise<TransmisionConexion> {
    const p = await paginaTransmisiones(ctx.em, authDe(ctx).entidadId, {
      first,
      after,
      estado: estado as EstadoTransmision | null,
      tipo: tipo as TipoRdaIhce | null,
      desde,
      hasta,
    });
    const edges = p.filas.map((t) => ({ cursor: cursorDe({ fecha: t.createdAt, id: t.id }), node: aGql(t) }));
    return new TransmisionConexion(
      edges,
      {
        hasNextPage: p.hayMas,
        hasPreviousPage: !!after,
        startCursor: edges[0]?.cursor ?? null,
        endCursor: edges.at(-1)?.cursor ?? null,
      },
      p.contar,
    );
  }

  @Query(() => PaginaTransmisiones, {
    description: 'GET /rda (solo REST): página por desplazamiento, las más recientes primero',
  })
  async transmisionesPagina(
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
    return eventos.map(eventoGql);
  }

  @FieldResolver(() => [EventoTransmisionGql], {
    description: 'La traza de la transmisión, en orden (una sola consulta para todas las de la página)',
  })
  async eventos(@Root() t: TransmisionGql, @Ctx() ctx: Contexto): Promise<EventoTransmisionGql[]> {
    // The transmission was read for the caller's entity by the root field that returned it.
    return (await ctx.loaders.eventosTransmision.load(t.id)).map(eventoGql);
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
    @Arg('paciente', () => DocumentoIdentidadEntrada, { description: 'Documento del paciente' })
    paciente: DocumentoIdentidadEntrada,
    @Arg('humanuser', () => DocumentoIdentidadEntrada, {
      description: 'Documento del profesional que consulta (queda como actor de la auditoría)',
    })
    humanuser: DocumentoIdentidadEntrada,
    @Arg('cursor', () => String, { nullable: true }) cursor: string | null,
    @Ctx() ctx: Contexto,
  ): Promise<ResultadoConsultaRda> {
    const r = await ctx.servicios.transmisiones.consultar(ctx.em, authDe(ctx), {
      alcance: (alcance ?? 'paciente') as AlcanceConsulta,
      // Format (upper-case type, 3 to 20 letters or digits) checked by the service: Spanish 400 with details.
      paciente,
      humanuser,
      cursor,
    });
    ctx.log.info({ alcance: r.alcance, resultados: r.items.length, pagina: !!cursor }, 'consulta RDA');
    return r;
  }
}

export const reglasTransmision: TablaReglas = {
  Query: {
    transmisiones: requiere('rda:leer'),
    transmisionesPagina: requiere('rda:leer'),
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
