import { GraphQLJSON } from 'graphql-scalars';
import { Arg, Ctx, Field, Float, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { requiere, type TablaReglas } from '../../auth/reglas.js';
import { deLaEntidad } from '../../entidades/propiedad.js';
import { ErrorAccionable } from '../../errores/error-accionable.js';
import { authDe, type Contexto } from '../../graphql/contexto.js';
import { Enums } from '../../graphql/enums.js';
import { HallazgosOmitidos } from '../validacion.resolver.js';
import { Radicacion as FilaRadicacion } from './radicacion.entity.js';

@ObjectType('Radicacion', {
  description: 'Un intento de radicación ante el MUV (evidencia de solo inserción)',
})
export class RadicacionGql {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { nullable: true, description: 'null en RIPS sin factura (RS)' })
  numFactura!: string | null;

  @Field(() => String)
  numDocumentoIdObligado!: string;

  @Field(() => Enums.TipoNota, { nullable: true, description: 'null = factura' })
  tipoNota!: string | null;

  @Field(() => String, { nullable: true })
  numNota!: string | null;

  @Field(() => String, { description: 'Método del MUV usado (CargarFevRips, CargarNC…)' })
  operacion!: string;

  @Field(() => Enums.EstadoRadicacion)
  estado!: string;

  @Field(() => String, { nullable: true, description: 'Código Único de Validación (96 hexadecimales)' })
  cuv!: string | null;

  @Field(() => Int, { nullable: true })
  procesoId!: number | null;

  @Field(() => Date, { nullable: true })
  fechaRadicacion!: Date | null;

  @Field(() => String, { nullable: true, description: 'Por qué terminó así' })
  motivo!: string | null;

  @Field(() => Int, { description: 'Hallazgos de rechazo' })
  nErrores!: number;

  @Field(() => Int, { description: 'Avisos (gradualidad y notificaciones del MUV)' })
  nAvisos!: number;

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType('RadicacionDetalle', { description: 'Una radicación con todos sus hallazgos explicados' })
export class RadicacionDetalle extends RadicacionGql {
  @Field(() => [ErrorAccionable])
  errores!: ErrorAccionable[];

  @Field(() => [HallazgosOmitidos], {
    description: 'Hallazgos que no caben en `errores` (más de RIPS_MAX_HALLAZGOS), contados por código',
  })
  omitidos!: HallazgosOmitidos[];
}

@ObjectType('ResultadoRadicacion')
export class ResultadoRadicacion extends RadicacionDetalle {
  @Field(() => Boolean, {
    description:
      'La factura ya estaba radicada por la entidad, o una nota idéntica se estaba radicando a la vez: no se envió otra vez al MUV',
  })
  repetida!: boolean;

  @Field(() => [ErrorAccionable], { description: 'Avisos de gradualidad y notificaciones del MUV' })
  avisos!: ErrorAccionable[];
}

@ObjectType('ListaRadicaciones')
export class ListaRadicaciones {
  @Field(() => [RadicacionGql], { description: 'Las últimas 100, la más reciente primero' })
  items!: RadicacionGql[];
}

@ObjectType('ResultadoValidacionMuv', {
  description: 'Un resultado de validación tal como lo reporta el MUV',
})
export class ResultadoValidacionMuvGql {
  @Field(() => String) clase!: string;
  @Field(() => String) codigo!: string;
  @Field(() => String) descripcion!: string;
  @Field(() => String) observaciones!: string;
  @Field(() => String) pathFuente!: string;
  @Field(() => String) fuente!: string;
}

@ObjectType('CantidadTotalAtenciones')
export class CantidadTotalAtencionesGql {
  @Field(() => Int) consultas!: number;
  @Field(() => Int) procedimientos!: number;
  @Field(() => Int) medicamentos!: number;
  @Field(() => Int) otrosServicios!: number;
  @Field(() => Int) recienNacidos!: number;
  @Field(() => Int) hospitalizaciones!: number;
  @Field(() => Int) urgencias!: number;
}

@ObjectType('RegistroCuv', { description: 'Lo que el MUV tiene registrado para el documento (ConsultarCUV)' })
export class RegistroCuvGql {
  @Field(() => Int) procesoId!: number;
  @Field(() => String) cuv!: string;
  @Field(() => String, { nullable: true }) numeroDocumento!: string | null;
  @Field(() => String, { nullable: true }) numDocumentoIdObligado!: string | null;
  @Field(() => String, { nullable: true, description: 'Hora de Colombia, tal como la informa el MUV' })
  fechaValidacion!: string | null;
  @Field(() => Boolean) esValido!: boolean;
  @Field(() => String, { nullable: true }) tipoDocumento!: string | null;
  @Field(() => String, { nullable: true }) fechaEmision!: string | null;
  @Field(() => Float, { nullable: true }) totalFactura!: number | null;
  @Field(() => Int, { nullable: true }) cantidadUsuarios!: number | null;
  @Field(() => String, { nullable: true }) codigoPrestador!: string | null;
  @Field(() => String, { nullable: true }) modalidadPago!: string | null;
  @Field(() => String, { nullable: true }) numDocumentoReferenciado!: string | null;
  @Field(() => [ResultadoValidacionMuvGql]) resultadosValidacion!: ResultadoValidacionMuvGql[];
  @Field(() => CantidadTotalAtencionesGql, { nullable: true })
  cantidadTotalAtenciones!: CantidadTotalAtencionesGql | null;
}

@ObjectType('VerificacionCuv')
export class VerificacionCuvGql {
  @Field(() => ID) id!: string;
  @Field(() => String, { nullable: true }) numFactura!: string | null;
  @Field(() => String) cuv!: string;
  @Field(() => Boolean, { description: 'El MUV conoce el documento, es válido y su CUV es el guardado' })
  verificado!: boolean;
  @Field(() => RegistroCuvGql, { nullable: true, description: 'null cuando el MUV no conoce el documento' })
  registro!: RegistroCuvGql | null;
  @Field(() => Date) consultadoEn!: Date;
}

function aGql(r: FilaRadicacion): RadicacionGql {
  return {
    id: r.id,
    numFactura: r.numFactura,
    numDocumentoIdObligado: r.numDocumentoIdObligado,
    tipoNota: r.tipoNota,
    numNota: r.numNota,
    operacion: r.operacion,
    estado: r.estado,
    cuv: r.cuv,
    procesoId: r.procesoId,
    fechaRadicacion: r.fechaRadicacion,
    motivo: r.motivo,
    nErrores: r.nErrores,
    nAvisos: r.nAvisos,
    createdAt: r.createdAt,
  };
}

@Resolver()
export class RadicacionResolver {
  @Mutation(() => ResultadoRadicacion, {
    description:
      'Radica un RIPS ante el MUV: compuerta local, luego el método según tipoNota. Una factura ya radicada por la entidad devuelve la radicación existente (repetida).',
  })
  async radicarRips(
    @Arg('rips', () => GraphQLJSON, { nullable: true, description: 'El RIPS (JSON del documento técnico 1)' })
    rips: unknown,
    @Arg('xmlFevFile', () => String, {
      nullable: true,
      description: 'AttachedDocument de la factura o nota en base64 (vacío en NA y RS)',
    })
    xmlFevFile: string | null,
    @Ctx() ctx: Contexto,
  ): Promise<ResultadoRadicacion> {
    const r = await ctx.servicios.radicacion.radicar(
      ctx.em,
      authDe(ctx).entidad,
      { rips, xmlFevFile },
      ctx.log,
    );
    return {
      ...aGql(r.radicacion),
      errores: r.errores,
      omitidos: r.omitidos,
      repetida: r.repetida,
      avisos: r.errores.filter(
        (e) => e.severidad === 'aviso-gradualidad' || e.severidad === 'aviso-conformidad',
      ),
    };
  }

  @Query(() => ListaRadicaciones, {
    description: 'Las últimas 100 radicaciones de la entidad, la más reciente primero',
  })
  async radicaciones(@Ctx() ctx: Contexto): Promise<ListaRadicaciones> {
    const filas = await ctx.servicios.radicacion.listar(ctx.em, authDe(ctx).entidad);
    return { items: filas.map(aGql) };
  }

  @Query(() => RadicacionDetalle, { description: 'Una radicación de la entidad con sus hallazgos' })
  async radicacion(@Arg('id', () => ID) id: string, @Ctx() ctx: Contexto): Promise<RadicacionDetalle> {
    const r = await deLaEntidad(ctx.em, FilaRadicacion, id, authDe(ctx), 'La radicación');
    return { ...aGql(r), ...(await ctx.servicios.radicacion.errores(ctx.em, r)) };
  }

  @Query(() => VerificacionCuvGql, {
    description: 'Consulta el documento ante el MUV (ConsultarCUV) y compara su CUV con el guardado',
  })
  async verificarCuv(@Arg('id', () => ID) id: string, @Ctx() ctx: Contexto): Promise<VerificacionCuvGql> {
    const r = await deLaEntidad(ctx.em, FilaRadicacion, id, authDe(ctx), 'La radicación');
    const v = await ctx.servicios.radicacion.verificarCuv(r);
    return {
      id: r.id,
      numFactura: r.numFactura,
      cuv: r.cuv!,
      verificado: v.verificado,
      registro: v.registro,
      consultadoEn: v.consultadoEn,
    };
  }
}

export const reglasRadicacion: TablaReglas = {
  Mutation: { radicarRips: requiere('rips:enviar') },
  Query: {
    radicaciones: requiere('rips:leer'),
    radicacion: requiere('rips:leer'),
    verificarCuv: requiere('rips:leer'),
  },
};
