import { Ctx, Field, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { autenticado, type TablaReglas } from '../auth/reglas.js';
import { authDe, type Contexto } from '../graphql/contexto.js';
import { Enums } from '../graphql/enums.js';
import { type ConteoRda, type ConteoRips, contarRda, contarRips } from './contadores.js';

@ObjectType('ConteoEstadoRadicacion', { description: 'Radicaciones en un estado' })
class ConteoEstadoRadicacion {
  @Field(() => Enums.EstadoRadicacion)
  estado!: string;

  @Field(() => Int)
  cantidad!: number;
}

@ObjectType('ConteoTipoRadicacion', { description: 'Radicaciones de un tipo' })
class ConteoTipoRadicacion {
  @Field(() => Enums.TipoRadicacion)
  tipo!: string;

  @Field(() => Int)
  cantidad!: number;
}

@ObjectType('ConteoEstadoTransmision', { description: 'Transmisiones RDA en un estado' })
class ConteoEstadoTransmision {
  @Field(() => Enums.EstadoTransmision)
  estado!: string;

  @Field(() => Int)
  cantidad!: number;
}

@ObjectType('ConteoTipoRda', { description: 'Transmisiones RDA de un tipo' })
class ConteoTipoRda {
  @Field(() => Enums.TipoRda)
  tipo!: string;

  @Field(() => Int)
  cantidad!: number;
}

@ObjectType('ResumenRips', { description: 'Intentos de radicación RIPS ante el MUV' })
class ResumenRips {
  @Field(() => Int)
  total!: number;

  @Field(() => [ConteoEstadoRadicacion], {
    description: 'Un elemento por estado, todos presentes (0 si no hay)',
  })
  porEstado!: ConteoRips['porEstado'];

  @Field(() => [ConteoTipoRadicacion], { description: 'Un elemento por tipo, todos presentes (0 si no hay)' })
  porTipo!: ConteoRips['porTipo'];
}

@ObjectType('ResumenRda', { description: 'Transmisiones RDA a la IHCE' })
class ResumenRda {
  @Field(() => Int)
  total!: number;

  @Field(() => [ConteoEstadoTransmision], {
    description: 'Un elemento por estado, todos presentes (0 si no hay)',
  })
  porEstado!: ConteoRda['porEstado'];

  @Field(() => [ConteoTipoRda], { description: 'Un elemento por tipo de RDA, todos presentes (0 si no hay)' })
  porTipo!: ConteoRda['porTipo'];
}

@ObjectType('Resumen', {
  description: 'Conteos de la entidad por módulo; null si el rol no puede leer el módulo',
})
export class Resumen {
  @Field(() => ResumenRips, { nullable: true, description: 'Radicaciones RIPS ante el MUV' })
  rips!: ConteoRips | null;

  @Field(() => ResumenRda, { nullable: true, description: 'Transmisiones RDA a la IHCE' })
  rda!: ConteoRda | null;
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
