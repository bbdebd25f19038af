import { GraphQLJSONObject } from 'graphql-scalars';
import { Ctx, Field, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { autenticado, type TablaReglas } from '../auth/reglas.js';
import { authDe, type Contexto } from '../graphql/contexto.js';
import { type ConteoModulo, contarRda, contarRips } from './contadores.js';

@ObjectType('ResumenModulo')
export class ResumenModulo {
  @Field(() => Int)
  total!: number;

  @Field(() => GraphQLJSONObject, { description: 'Cantidad por estado (todos los estados, 0 si no hay)' })
  porEstado!: Record<string, number>;

  @Field(() => GraphQLJSONObject, { description: 'Cantidad por tipo' })
  porTipo!: Record<string, number>;
}

@ObjectType('Resumen', {
  description: 'Conteos de la entidad por módulo; null si el rol no puede leer el módulo',
})
export class Resumen {
  @Field(() => ResumenModulo, { nullable: true, description: 'Radicaciones RIPS ante el MUV' })
  rips!: ConteoModulo | null;

  @Field(() => ResumenModulo, { nullable: true, description: 'Transmisiones RDA a la IHCE' })
  rda!: ConteoModulo | null;
}

@Resolver()
export class ResumenResolver {
  @Query(() => Resumen, { description: 'Conteos por estado y por tipo de RIPS y RDA de la entidad' })
  async resumen(@Ctx() ctx: Contexto): Promise<Resumen> {
    const auth = authDe(ctx);
    const [rips, rda] = await Promise.all([
      auth.permisos.includes('rips:leer') ? contarRips(ctx.em, auth.entidad.id) : null,
      auth.permisos.includes('rda:leer') ? contarRda(ctx.em, auth.entidad.id) : null,
    ]);
    return { rips, rda };
  }
}

// Any authenticated caller; each module's part is filled only with that module's read permission.
export const reglasResumen: TablaReglas = { Query: { resumen: autenticado } };
