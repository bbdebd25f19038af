import { and, rule } from 'graphql-shield';
import { Arg, Ctx, Field, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { autenticado, type ShieldRule, type TablaReglas } from '../auth/reglas.js';
import { MODULOS } from '../entidades/valores.js';
import { ErrorApp } from '../errores/errores.js';
import { cursorDe, MAX_PRIMERO, PageInfo, PRIMERO_POR_DEFECTO } from '../graphql/conexion.js';
import { authDe, type Contexto } from '../graphql/contexto.js';
import { Enums } from '../graphql/enums.js';
import { TipoObjeto } from '../graphql/tipo-objeto.js';
import type { WebhookEndpoint } from './endpoint.entity.js';
import type { WebhookEntrega } from './entrega.entity.js';

@TipoObjeto('Webhook', { description: 'Un receptor de los eventos de la entidad (nunca muestra el secreto)' })
export class WebhookGql {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: 'A dónde se envían los eventos (POST JSON firmado)' })
  url!: string;

  @Field(() => [Enums.TipoEventoDominio], { description: 'Tipos de evento que recibe; vacío: todos' })
  tipos!: string[];

  @Field(() => String, { nullable: true })
  descripcion!: string | null;

  @Field(() => Boolean, {
    description: 'Un webhook inactivo no recibe eventos (los de ese lapso no se guardan para él)',
  })
  activo!: boolean;

  @Field(() => Date)
  creadoEn!: Date;
}

@TipoObjeto('WebhookRegistrado', {
  description: 'El webhook creado y su secreto de firma, que se muestra solo esta vez',
})
export class WebhookRegistradoGql {
  @Field(() => WebhookGql)
  webhook!: WebhookGql;

  @Field(() => String, {
    description:
      'Secreto de firma (formato Standard Webhooks: whsec_ + base64). Guárdelo ahora: no se puede volver a consultar; si se pierde, elimine el webhook y registre otro',
  })
  secreto!: string;
}

@TipoObjeto('EntregaWebhook', { description: 'Un intento de entrega de un evento a un webhook' })
export class EntregaWebhookGql {
  @Field(() => ID)
  id!: string;

  @Field(() => ID, { description: 'Id del evento (cabecera webhook-id): el mismo en cada reintento' })
  eventoId!: string;

  @Field(() => String, { description: 'Tipo del evento (transmision.…, radicacion.… o prueba)' })
  tipo!: string;

  @Field(() => Int, { description: 'Número del intento (1 el primero)' })
  intento!: number;

  @Field(() => Boolean, { description: 'El receptor respondió 2xx' })
  entregado!: boolean;

  @Field(() => Int, { nullable: true, description: 'Estado HTTP de la respuesta; null si no hubo respuesta' })
  status!: number | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Por qué falló: estado-http, redireccion (no se siguen), tiempo-agotado, conexion-rechazada, conexion-cortada, dns, destino-no-permitido, tls, red o secreto-ilegible; null si se entregó',
  })
  error!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Comienzo de la respuesta del receptor cuando no fue 2xx (saneado)',
  })
  respuesta!: string | null;

  @Field(() => Int)
  duracionMs!: number;

  @Field(() => Date)
  fecha!: Date;
}

@TipoObjeto('EntregaWebhookArista')
export class EntregaWebhookArista {
  @Field(() => String, { description: 'Cursor opaco de este elemento (para `after`)' })
  cursor!: string;

  @Field(() => EntregaWebhookGql)
  node!: EntregaWebhookGql;
}

@TipoObjeto('EntregaWebhookConexion', {
  description: 'Registro de entregas de un webhook, las más recientes primero',
})
export class EntregaWebhookConexion {
  @Field(() => [EntregaWebhookArista])
  edges: EntregaWebhookArista[];

  @Field(() => PageInfo)
  pageInfo: PageInfo;

  constructor(
    edges: EntregaWebhookArista[],
    pageInfo: PageInfo,
    private readonly contar: () => Promise<number>,
  ) {
    this.edges = edges;
    this.pageInfo = pageInfo;
  }

  @Field(() => Int, { description: 'Intentos registrados de este webhook' })
  totalCount(): Promise<number> {
    return this.contar();
  }
}

@TipoObjeto('PruebaWebhook', { description: 'El evento de prueba encolado' })
export class PruebaWebhookGql {
  @Field(() => ID, { description: 'Id del evento de prueba: búsquelo en entregasWebhook' })
  eventoId!: string;
}

export function webhookGql(w: WebhookEndpoint): WebhookGql {
  return {
    id: w.id,
    url: w.url,
    tipos: w.tipos,
    descripcion: w.descripcion,
    activo: w.activo,
    creadoEn: w.creadoEn,
  };
}

function entregaGql(e: WebhookEntrega): EntregaWebhookGql {
  return {
    id: e.id,
    eventoId: e.eventoId,
    tipo: e.tipo,
    intento: e.intento,
    entregado: e.error === null,
    status: e.status,
    error: e.error,
    respuesta: e.respuesta,
    duracionMs: e.duracionMs,
    fecha: e.fecha,
  };
}

@Resolver()
export class WebhooksResolver {
  @Mutation(() => WebhookRegistradoGql, {
    description:
      'Registra un receptor de eventos de la entidad (rol owner). La URL se comprueba (en producción: https y solo direcciones públicas) y el secreto de firma se devuelve una sola vez',
  })
  async registrarWebhook(
    @Arg('url', () => String) url: string,
    @Arg('tipos', () => [Enums.TipoEventoDominio], {
      nullable: true,
      description: 'Vacío o ausente: todos los tipos',
    })
    tipos: string[] | null,
    @Arg('descripcion', () => String, { nullable: true }) descripcion: string | null,
    @Ctx() ctx: Contexto,
  ): Promise<WebhookRegistradoGql> {
    const auth = authDe(ctx);
    const r = await ctx.servicios.webhooks.registrar(ctx.em, auth.entidad, { url, tipos, descripcion });
    ctx.log.info({ webhook: r.endpoint.id, tipos: r.endpoint.tipos.length }, 'webhook registrado');
    return { webhook: webhookGql(r.endpoint), secreto: r.secreto };
  }

  @Query(() => [WebhookGql], {
    description: 'Webhooks de la entidad (rol owner), del más antiguo al más nuevo',
  })
  async webhooks(@Ctx() ctx: Contexto): Promise<WebhookGql[]> {
    return (await ctx.servicios.webhooks.listar(ctx.em, authDe(ctx).entidadId)).map(webhookGql);
  }

  @Mutation(() => Boolean, {
    description:
      'Elimina un webhook de la entidad y su registro de entregas (rol owner); los reintentos pendientes se descartan',
  })
  async eliminarWebhook(@Arg('id', () => ID) id: string, @Ctx() ctx: Contexto): Promise<boolean> {
    await ctx.servicios.webhooks.eliminar(ctx.em, authDe(ctx).entidadId, id);
    ctx.log.info({ webhook: id }, 'webhook eliminado');
    return true;
  }

  @Mutation(() => WebhookGql, {
    description: 'Pausa (false) o reanuda (true) un webhook de la entidad (rol owner)',
  })
  async activarWebhook(
    @Arg('id', () => ID) id: string,
    @Arg('activo', () => Boolean) activo: boolean,
    @Ctx() ctx: Contexto,
  ): Promise<WebhookGql> {
    return webhookGql(await ctx.servicios.webhooks.activar(ctx.em, authDe(ctx).entidadId, id, activo));
  }

  @Query(() => EntregaWebhookConexion, {
    description:
      'Registro de entregas de un webhook (rol owner): cada intento, el más reciente primero (conexión Relay)',
  })
  async entregasWebhook(
    @Arg('id', () => ID) id: string,
    @Arg('first', () => Int, {
      nullable: true,
      defaultValue: PRIMERO_POR_DEFECTO,
      description: `Tamaño de la página: por defecto ${PRIMERO_POR_DEFECTO}, máximo ${MAX_PRIMERO}`,
    })
    first: number | null,
    @Arg('after', () => String, { nullable: true, description: 'Cursor (`endCursor` de la página anterior)' })
    after: string | null,
    @Ctx() ctx: Contexto,
  ): Promise<EntregaWebhookConexion> {
    const p = await ctx.servicios.webhooks.entregas(ctx.em, authDe(ctx).entidadId, id, { first, after });
    const edges = p.filas.map((e) => ({
      cursor: cursorDe({ fecha: e.fecha, id: e.id }),
      node: entregaGql(e),
    }));
    return new EntregaWebhookConexion(
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

  @Mutation(() => PruebaWebhookGql, {
    description:
      'Envía ahora un evento de tipo prueba a este webhook (rol owner); queda en su registro de entregas como los demás',
  })
  async probarWebhook(@Arg('id', () => ID) id: string, @Ctx() ctx: Contexto): Promise<PruebaWebhookGql> {
    const e = await ctx.servicios.webhooks.probar(ctx.em, authDe(ctx).entidad, id);
    return { eventoId: e.id };
  }
}

/**
 * Webhooks belong to the entity, not to a module: any contracted module will do (an entity with none
 * produces no events).
 */
const algunModulo = rule('modulo:alguno', { cache: 'contextual' })((_p, _a, ctx: Contexto) =>
  ctx.auth && ctx.auth.modulos.length > 0
    ? true
    : new ErrorApp(
        'modulo-no-contratado',
        `La entidad no tiene contratado ningún módulo (${MODULOS.join(', ')}). Solicite su activación al operador del servicio.`,
      ),
);

/**
 * Owner only. An API key counts as the owner: it is the entity's own machine credential, issued by the
 * operator, and already carries every permission of the entity's modules (permisosEfectivos), the
 * owner's set; the integration that receives webhooks is usually the one holding it.
 */
const propietario = rule('rol:owner', { cache: 'contextual' })((_p, _a, ctx: Contexto) => {
  const id = ctx.auth?.identidad;
  if (id?.tipo === 'api-key' || (id?.tipo === 'usuario' && id.rol === 'owner')) return true;
  return new ErrorApp(
    'sin-permiso',
    'Gestionar los webhooks requiere el rol owner de la entidad (o una API key de la entidad).',
  );
});

const soloPropietario: ShieldRule = and(autenticado, algunModulo, propietario);

export const reglasWebhooks: TablaReglas = {
  Query: { webhooks: soloPropietario, entregasWebhook: soloPropietario },
  Mutation: {
    registrarWebhook: soloPropietario,
    eliminarWebhook: soloPropietario,
    activarWebhook: soloPropietario,
    probarWebhook: soloPropietario,
  },
};
