import { Ctx, Field, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import { autenticado, requiere, type TablaReglas } from '../auth/reglas.js';
import { authDe, type Contexto } from '../graphql/contexto.js';
import { Enums } from '../graphql/enums.js';
import { TipoObjeto } from '../graphql/tipo-objeto.js';
import type { SistemaMinisterio } from './credencial.entity.js';
import type { Entidad } from './entidad.entity.js';
import type { Modulo } from './valores.js';

@TipoObjeto('EntidadSesion', { description: 'La entidad (tenant) de la sesión' })
export class EntidadSesion {
  id!: string;
  /** The managed Entidad, mapped only by the field that needs it. */
  entidad!: () => Entidad;

  @Field(() => String)
  slug!: string;

  @Field(() => String)
  nombre!: string;

  @Field(() => Enums.TipoEntidad)
  tipoEntidad!: string;

  @Field(() => [Enums.Modulo], { description: 'Módulos contratados' })
  modulos!: string[];

  @Field(() => [String], {
    description:
      'NIT de los obligados a reportar que la entidad declaró (además, el NIT de su usuario del MUV vale sin declararlo)',
  })
  obligados!: string[];

  @Field(() => [String], {
    description:
      'Códigos de prestador habilitados (REPS: 12 dígitos con la sede, o 10 del prestador) que la entidad declaró como propios: la validación exige que el CODIGO_PRESTADOR de la factura (RVC011) y el codPrestador de cada servicio (RVC012) sean de estos prestadores. Vacío: no se verifican (nota PRE01)',
  })
  prestadores!: string[];
}

@TipoObjeto('Identidad', { description: 'Quién llama' })
export class Identidad {
  @Field(() => Enums.TipoIdentidad)
  tipo!: string;

  @Field(() => Enums.Rol, {
    nullable: true,
    description: 'Rol del usuario; null para una API key (todos los permisos)',
  })
  rol!: string | null;

  @Field(() => String, { nullable: true, description: 'Sujeto (sub) del token' })
  sujeto!: string | null;

  @Field(() => String, { nullable: true, description: 'Prefijo de la API key usada' })
  apiKeyPrefijo!: string | null;
}

@TipoObjeto('Sesion')
export class Sesion {
  @Field(() => Identidad)
  identidad!: Identidad;

  @Field(() => [Enums.Permiso], {
    description: 'Permisos efectivos: los del rol en los módulos contratados',
  })
  permisos!: string[];
}

@TipoObjeto('ConfiguracionModulo', {
  description: 'Si la entidad está lista para usar un módulo (sin revelar secretos)',
})
export class ConfiguracionModulo {
  @Field(() => Enums.Modulo)
  modulo!: string;

  @Field(() => Boolean, {
    description: 'El servicio del Ministerio (MUV o IHCE) está configurado en este entorno',
  })
  upstreamConfigurado!: boolean;

  @Field(() => Boolean, { description: 'La entidad tiene credenciales del Ministerio registradas' })
  credencialesConfiguradas!: boolean;

  @Field(() => Date, { nullable: true })
  credencialesActualizadas!: Date | null;

  @Field(() => Boolean)
  listo!: boolean;
}

const SISTEMA: Record<Modulo, SistemaMinisterio> = { rips: 'muv', rda: 'ihce' };

@Resolver(() => EntidadSesion)
export class EntidadSesionResolver {
  // Its own resolver: one query, run only when the field is asked for.
  @FieldResolver(() => [String], {
    description:
      'NIT declarados que otra entidad de este servicio también declara, por decisión del operador (--compartir-nit). Cada entidad radica con sus propias filas y ninguna toma el CUV de un documento que radicó la otra',
  })
  obligadosCompartidos(@Root() e: EntidadSesion, @Ctx() ctx: Contexto): Promise<string[]> {
    return ctx.servicios.cacheAuth.obligadosCompartidos(e.id, () =>
      ctx.servicios.entidades.obligadosCompartidos(ctx.em, e.entidad()),
    );
  }
}

@Resolver(() => Sesion)
export class SesionResolver {
  @Query(() => Sesion, { description: 'Entidad, identidad y permisos efectivos de quien llama' })
  sesion(@Ctx() ctx: Contexto): Sesion {
    const auth = authDe(ctx);
    const id = auth.identidad;
    return {
      identidad: {
        tipo: id.tipo,
        rol: id.tipo === 'usuario' ? id.rol : null,
        sujeto: id.tipo === 'usuario' ? id.sujeto : null,
        apiKeyPrefijo: id.tipo === 'api-key' ? id.prefijo : null,
      },
      permisos: auth.permisos,
    };
  }

  @FieldResolver(() => EntidadSesion)
  entidad(@Ctx() ctx: Contexto): EntidadSesion {
    // The session is the caller's own: its entity comes from the authentication's cached row.
    const auth = authDe(ctx);
    const p = auth.perfilEntidad;
    return {
      id: auth.entidadId,
      slug: p.slug,
      nombre: p.nombre,
      tipoEntidad: p.tipoEntidad,
      modulos: [...p.modulos],
      obligados: [...p.obligados],
      prestadores: [...p.prestadores],
      entidad: () => auth.entidad,
    };
  }

  @Query(() => ConfiguracionModulo, {
    description: 'Estado de configuración del módulo RIPS (MUV) para la entidad',
  })
  configuracionRips(@Ctx() ctx: Contexto): Promise<ConfiguracionModulo> {
    return configuracion(ctx, 'rips');
  }

  @Query(() => ConfiguracionModulo, {
    description: 'Estado de configuración del módulo RDA (IHCE) para la entidad',
  })
  configuracionRda(@Ctx() ctx: Contexto): Promise<ConfiguracionModulo> {
    return configuracion(ctx, 'rda');
  }
}

async function configuracion(ctx: Contexto, modulo: Modulo): Promise<ConfiguracionModulo> {
  const sistema = SISTEMA[modulo];
  const estado = await ctx.servicios.credenciales.estado(ctx.em, authDe(ctx).entidad, sistema);
  const up = ctx.config.upstreams[sistema].baseUrl !== undefined;
  return {
    modulo,
    upstreamConfigurado: up,
    credencialesConfiguradas: estado.configuradas,
    credencialesActualizadas: estado.actualizadas,
    listo: up && estado.configuradas,
  };
}

export const reglasSesion: TablaReglas = {
  Query: {
    sesion: autenticado,
    configuracionRips: requiere('rips:leer'),
    configuracionRda: requiere('rda:leer'),
  },
};
