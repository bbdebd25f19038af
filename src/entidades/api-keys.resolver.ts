import { Arg, Ctx, Field, ID, Query, Resolver } from 'type-graphql';
import { autenticado, type TablaReglas } from '../auth/reglas.js';
import { authDe, type Contexto } from '../graphql/contexto.js';
import { TipoObjeto } from '../graphql/tipo-objeto.js';
import { ApiKey } from './api-key.entity.js';
import { deLaEntidad } from './propiedad.js';

@TipoObjeto('ApiKeyInfo', { description: 'Datos de una API key de la entidad (nunca la clave ni su hash)' })
export class ApiKeyInfo {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: 'Primeros caracteres de la clave, para reconocerla' })
  prefijo!: string;

  @Field(() => String, { nullable: true })
  descripcion!: string | null;

  @Field(() => Date)
  creadaEn!: Date;

  @Field(() => Date, { nullable: true })
  revocadaEn!: Date | null;

  @Field(() => Boolean)
  activa!: boolean;

  @Field(() => Boolean, { description: 'Es la clave con la que se hizo esta consulta' })
  enUso!: boolean;
}

function info(k: ApiKey, ctx: Contexto): ApiKeyInfo {
  const id = authDe(ctx).identidad;
  return {
    id: k.id,
    prefijo: k.prefijo,
    descripcion: k.descripcion,
    creadaEn: k.createdAt,
    revocadaEn: k.revokedAt,
    activa: !k.revokedAt,
    enUso: id.tipo === 'api-key' && id.apiKeyId === k.id,
  };
}

@Resolver()
export class ApiKeysResolver {
  @Query(() => [ApiKeyInfo], { description: 'API keys de la entidad, de la más antigua a la más nueva' })
  async apiKeys(@Ctx() ctx: Contexto): Promise<ApiKeyInfo[]> {
    const keys = await ctx.em.find(
      ApiKey,
      { entidad: authDe(ctx).entidadId },
      { orderBy: { createdAt: 'asc' } },
    );
    return keys.map((k) => info(k, ctx));
  }

  @Query(() => ApiKeyInfo, { description: 'Una API key de la entidad' })
  async apiKey(@Arg('id', () => ID) id: string, @Ctx() ctx: Contexto): Promise<ApiKeyInfo> {
    return info(await deLaEntidad(ctx.em, ApiKey, id, authDe(ctx), `La API key ${id}`), ctx);
  }
}

export const reglasApiKeys: TablaReglas = { Query: { apiKeys: autenticado, apiKey: autenticado } };
