import { GraphQLJSON } from 'graphql-scalars';
import {
  Arg,
  Ctx,
  Field,
  FieldResolver,
  Float,
  ID,
  Int,
  Mutation,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import { requiere, type TablaReglas } from '../../auth/reglas.js';
import { deLaEntidad } from '../../entidades/propiedad.js';
import { ErrorAccionable } from '../../errores/error-accionable.js';
import { cursorDe, PageInfo } from '../../graphql/conexion.js';
import { authDe, type Contexto } from '../../graphql/contexto.js';
import { Enums } from '../../graphql/enums.js';
import { TipoObjeto } from '../../graphql/tipo-objeto.js';
import { operacionPorMetodo } from '../muv/operaciones.js';
import { HallazgosOmitidos } from '../validacion.resolver.js';
import { type Division, dividirHallazgos, type HallazgosRadicacion } from './hallazgos.js';
import { type EstadoRadicacion, Radicacion as FilaRadicacion } from './radicacion.entity.js';
import { MAX_POR_PAGINA, POR_PAGINA } from './servicio.js';

@TipoObjeto('PeriodoAtencion', { description: 'Periodo de facturación que informa el MUV (manual §8.13)' })
export class PeriodoAtencionGql {
  @Field(() => String, { nullable: true }) fechaInicio!: string | null;
  @Field(() => String, { nullable: true }) fechaFin!: string | null;
}

@TipoObjeto('Radicacion', {
  description:
    'Un intento de radicación ante el MUV (evidencia de solo inserción), con sus hallazgos separados por severidad: `errores` (bloquean), `avisos` e `informativos`',
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

  @Field(() => String, {
    description: 'Método del MUV usado (CargarFevRips, CargarNC, CargarCapitaPeriodo…)',
  })
  operacion!: string;

  @Field(() => Enums.OperacionRadicacion, {
    description: 'La misma operación, con los valores del argumento `operacion` de `radicarRips`',
  })
  tipoOperacion!: string;

  @Field(() => String, {
    nullable: true,
    description:
      'Modulo que informó el MUV (FacturaElectronica, CapitaPeriodo, NotaCreditoTotal…); null si no respondió',
  })
  modulo!: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'ModalidadPago que informó el MUV, tomada del XML (p. ej. «Pago por evento», «Pago capitacion»)',
  })
  modalidadPago!: string | null;

  @Field(() => PeriodoAtencionGql, {
    nullable: true,
    description: 'PeriodoAtencion que informó el MUV (InvoicePeriod del XML), tal como lo escribe',
  })
  periodoAtencion!: PeriodoAtencionGql | null;

  @Field(() => String, {
    nullable: true,
    description: 'Ambiente del MUV: DockerTest, DockerStage o DockerProd',
  })
  ambiente!: string | null;

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

  @Field(() => Int, { description: 'Hallazgos de rechazo (también los omitidos)' })
  nErrores!: number;

  @Field(() => Int, { description: 'Avisos: gradualidad y notificaciones del MUV (también los omitidos)' })
  nAvisos!: number;

  @Field(() => Date)
  createdAt!: Date;

  /** Findings already at hand (radicarRips); otherwise the loader reads them when a field asks. */
  cargados?: HallazgosRadicacion;
}

@TipoObjeto('ResultadoRadicacion', { description: 'Lo que devuelve `radicarRips`' })
export class ResultadoRadicacion {
  @Field(() => RadicacionGql)
  radicacion!: RadicacionGql;

  @Field(() => Boolean, {
    description:
      'La factura ya estaba radicada por la entidad, o una solicitud idéntica se estaba radicando a la vez: no se envió otra vez al MUV y `radicacion` es la existente',
  })
  repetida!: boolean;
}

@TipoObjeto('RadicacionArista', { description: 'Una radicación de la página y su cursor' })
export class RadicacionArista {
  @Field(() => String, { description: 'Cursor opaco de este elemento (para `after`)' })
  cursor!: string;

  @Field(() => RadicacionGql)
  node!: RadicacionGql;
}

@TipoObjeto('RadicacionConexion', {
  description: 'Una página de radicaciones de la entidad, la más reciente primero (conexión Relay)',
})
export class RadicacionConexion {
  @Field(() => [RadicacionArista])
  edges!: RadicacionArista[];

  @Field(() => PageInfo)
  pageInfo!: PageInfo;

  // Not simple: a promise (a getter that counts on first read), which graphql-jit awaits only from a resolver.
  @Field(() => Int, {
    description: 'Radicaciones que cumplen los filtros, en todas las páginas (se cuenta solo si se pide)',
    simple: false,
  })
  totalCount!: number | Promise<number>;
}

@TipoObjeto('ResultadoValidacionMuv', {
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

@TipoObjeto('CantidadTotalAtenciones')
export class CantidadTotalAtencionesGql {
  @Field(() => Int) consultas!: number;
  @Field(() => Int) procedimientos!: number;
  @Field(() => Int) medicamentos!: number;
  @Field(() => Int) otrosServicios!: number;
  @Field(() => Int) recienNacidos!: number;
  @Field(() => Int) hospitalizaciones!: number;
  @Field(() => Int) urgencias!: number;
}

@TipoObjeto('RegistroCuv', { description: 'Lo que el MUV tiene registrado para el documento (ConsultarCUV)' })
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

@TipoObjeto('ResultadoRecuperado', {
  description:
    'El resultado de un CUV según RecuperarCUV (manual §8.15): el de la radicación, con sus notificaciones',
})
export class ResultadoRecuperadoGql {
  @Field(() => Boolean) aceptado!: boolean;
  @Field(() => String, { nullable: true }) cuv!: string | null;
  @Field(() => Int, { nullable: true }) procesoId!: number | null;
  @Field(() => String, { nullable: true }) numFactura!: string | null;
  @Field(() => String, { nullable: true, description: 'Hora de Colombia, tal como la informa el MUV' })
  fechaRadicacion!: string | null;
  @Field(() => String, { nullable: true }) modulo!: string | null;
  @Field(() => String, { nullable: true }) ambiente!: string | null;
  @Field(() => String, { nullable: true }) modalidadPago!: string | null;
  @Field(() => PeriodoAtencionGql, { nullable: true }) periodoAtencion!: PeriodoAtencionGql | null;
  @Field(() => [ResultadoValidacionMuvGql]) resultadosValidacion!: ResultadoValidacionMuvGql[];
}

@TipoObjeto('VerificacionCuv')
export class VerificacionCuvGql {
  @Field(() => ID) id!: string;
  @Field(() => String, { nullable: true }) numFactura!: string | null;
  @Field(() => String) cuv!: string;
  @Field(() => Boolean, { description: 'El MUV conoce el documento, es válido y su CUV es el guardado' })
  verificado!: boolean;
  @Field(() => RegistroCuvGql, { nullable: true, description: 'null cuando el MUV no conoce el documento' })
  registro!: RegistroCuvGql | null;
  @Field(() => Date) consultadoEn!: Date;
  @Field(() => ResultadoRecuperadoGql, {
    nullable: true,
    description:
      'Lo que devuelve RecuperarCUV para el CUV guardado; null si no se obtuvo (ver `motivoSinResultado`)',
  })
  resultado!: ResultadoRecuperadoGql | null;
  @Field(() => String, { nullable: true, description: 'Por qué no hay `resultado`' })
  motivoSinResultado!: string | null;
}

function aGql(r: FilaRadicacion, cargados?: HallazgosRadicacion): RadicacionGql {
  return {
    id: r.id,
    numFactura: r.numFactura,
    numDocumentoIdObligado: r.numDocumentoIdObligado,
    tipoNota: r.tipoNota,
    numNota: r.numNota,
    operacion: r.operacion,
    tipoOperacion: operacionPorMetodo(r.operacion)?.clave ?? 'factura',
    modulo: r.modulo,
    modalidadPago: r.modalidadPago,
    periodoAtencion:
      r.periodoInicio || r.periodoFin ? { fechaInicio: r.periodoInicio, fechaFin: r.periodoFin } : null,
    ambiente: r.ambiente,
    estado: r.estado,
    cuv: r.cuv,
    procesoId: r.procesoId,
    fechaRadicacion: r.fechaRadicacion,
    motivo: r.motivo,
    nErrores: r.nErrores,
    nAvisos: r.nAvisos,
    createdAt: r.createdAt,
    cargados,
  };
}

/** Each list of findings split once, however many of errores/avisos/informativos a query asks for. */
const divisiones = new WeakMap<HallazgosRadicacion, Division>();

@Resolver(() => RadicacionGql)
export class RadicacionResolver {
  @Mutation(() => ResultadoRadicacion, {
    description:
      'Radica ante el MUV: compuerta local de la operación, luego su método (`operacion`, o según tipoNota). Una factura ya radicada por la entidad devuelve la radicación existente (`repetida`).',
  })
  async radicarRips(
    @Arg('rips', () => GraphQLJSON, {
      nullable: true,
      description:
        'El RIPS (JSON del documento técnico 1); null en las operaciones sin RIPS (nota-credito-total, nota-credito-acuerdo-voluntades, capita-inicial y, si se quiere, nota-credito-capita)',
    })
    rips: unknown,
    @Arg('xmlFevFile', () => String, {
      nullable: true,
      description: 'AttachedDocument de la factura o nota en base64 (vacío en NA y RS)',
    })
    xmlFevFile: string | null,
    @Arg('operacion', () => Enums.OperacionRadicacion, {
      nullable: true,
      description:
        'La operación del MUV. Sin ella se elige por `rips.tipoNota` (null → factura, NC → nota-credito, ND → nota-debito, NA → nota-ajuste, RS → rips-sin-factura)',
    })
    operacion: string | null,
    @Ctx() ctx: Contexto,
  ): Promise<ResultadoRadicacion> {
    const r = await ctx.servicios.radicacion.radicar(
      ctx.em,
      authDe(ctx).entidad,
      { rips, xmlFevFile, operacion },
      ctx.log,
    );
    return {
      radicacion: aGql(r.radicacion, { hallazgos: r.errores, omitidos: r.omitidos }),
      repetida: r.repetida,
    };
  }

  @Query(() => RadicacionConexion, {
    description: `Radicaciones de la entidad, la más reciente primero, por páginas (cursor opaco). Filtros por estado y por fecha de creación [desde, hasta).`,
  })
  async radicaciones(
    @Arg('first', () => Int, {
      nullable: true,
      defaultValue: POR_PAGINA,
      description: `Cuántas por página: de 1 a ${MAX_POR_PAGINA}`,
    })
    first: number | null,
    @Arg('after', () => String, {
      nullable: true,
      description: 'El `endCursor` de la página anterior',
    })
    after: string | null,
    @Arg('estado', () => Enums.EstadoRadicacion, { nullable: true }) estado: EstadoRadicacion | null,
    @Arg('desde', () => Date, { nullable: true, description: 'Creadas en este instante o después' })
    desde: Date | null,
    @Arg('hasta', () => Date, { nullable: true, description: 'Creadas antes de este instante' })
    hasta: Date | null,
    @Ctx() ctx: Contexto,
  ): Promise<RadicacionConexion> {
    const p = await ctx.servicios.radicacion.pagina(ctx.em, authDe(ctx).entidadId, {
      first,
      after,
      estado,
      desde,
      hasta,
    });
    const edges = p.filas.map((f) => ({ cursor: cursorDe({ fecha: f.createdAt, id: f.id }), node: aGql(f) }));
    let total: Promise<number> | undefined;
    return {
      edges,
      pageInfo: {
        hasNextPage: p.hayMas,
        hasPreviousPage: after !== null && after !== undefined,
        startCursor: edges[0]?.cursor ?? null,
        endCursor: edges.at(-1)?.cursor ?? null,
      },
      // Counted only when the query selects it.
      get totalCount() {
        total ??= p.contar();
        return total;
      },
    };
  }

  @Query(() => RadicacionGql, { description: 'Una radicación de la entidad' })
  async radicacion(@Arg('id', () => ID) id: string, @Ctx() ctx: Contexto): Promise<RadicacionGql> {
    return aGql(await deLaEntidad(ctx.em, FilaRadicacion, id, authDe(ctx), 'La radicación'));
  }

  @FieldResolver(() => [ErrorAccionable], {
    description: 'Hallazgos de rechazo, los que bloquean (compuerta local, compuerta FEV o MUV)',
  })
  async errores(@Root() r: RadicacionGql, @Ctx() ctx: Contexto): Promise<ErrorAccionable[]> {
    return (await this.division(r, ctx)).errores;
  }

  @FieldResolver(() => [ErrorAccionable], {
    description:
      'Avisos que no bloquean: de gradualidad (pasarán a rechazo) y de conformidad, incluidas las notificaciones del MUV',
  })
  async avisos(@Root() r: RadicacionGql, @Ctx() ctx: Contexto): Promise<ErrorAccionable[]> {
    return (await this.division(r, ctx)).avisos;
  }

  @FieldResolver(() => [ErrorAccionable], {
    description: 'Notas informativas del servicio (CAT01, MUV01, XML01…): ni bloquean ni avisan',
  })
  async informativos(@Root() r: RadicacionGql, @Ctx() ctx: Contexto): Promise<ErrorAccionable[]> {
    return (await this.division(r, ctx)).informativos;
  }

  @FieldResolver(() => [ErrorAccionable], {
    description:
      'Todos los hallazgos guardados, en su orden: rechazos, avisos y notas informativas (solo REST; GraphQL los separa en `errores`, `avisos` e `informativos`)',
  })
  async erroresRest(@Root() r: RadicacionGql, @Ctx() ctx: Contexto): Promise<ErrorAccionable[]> {
    return (await this.hallazgosDe(r, ctx)).hallazgos;
  }

  @FieldResolver(() => [HallazgosOmitidos], {
    description:
      'Hallazgos que no caben en la respuesta (más de RIPS_MAX_HALLAZGOS), contados por código; sí cuentan en `nErrores` y `nAvisos`',
  })
  async omitidos(@Root() r: RadicacionGql, @Ctx() ctx: Contexto): Promise<HallazgosOmitidos[]> {
    return (await this.hallazgosDe(r, ctx)).omitidos;
  }

  @Query(() => VerificacionCuvGql, {
    description: 'Consulta el documento ante el MUV (ConsultarCUV) y compara su CUV con el guardado',
  })
  async verificarCuv(@Arg('id', () => ID) id: string, @Ctx() ctx: Contexto): Promise<VerificacionCuvGql> {
    const r = await deLaEntidad(ctx.em, FilaRadicacion, id, authDe(ctx), 'La radicación');
    const v = await ctx.servicios.radicacion.verificarCuv(ctx.em, r);
    const p = v.resultado;
    return {
      id: r.id,
      numFactura: r.numFactura,
      cuv: r.cuv!,
      verificado: v.verificado,
      registro: v.registro,
      consultadoEn: v.consultadoEn,
      resultado: p && {
        aceptado: p.aceptado,
        cuv: p.cuv,
        procesoId: p.procesoId,
        numFactura: p.numFactura,
        fechaRadicacion: p.fechaRadicacion,
        modulo: p.modulo,
        ambiente: p.ambiente,
        modalidadPago: p.modalidadPago ?? null,
        periodoAtencion: p.periodoAtencion ?? null,
        resultadosValidacion: p.resultados,
      },
      motivoSinResultado: v.motivoSinResultado,
    };
  }

  /** The findings at hand, or the stored ones: one query for every filing of the result (DataLoader). */
  private hallazgosDe(r: RadicacionGql, ctx: Contexto): HallazgosRadicacion | Promise<HallazgosRadicacion> {
    return r.cargados ?? ctx.loaders.hallazgosRadicacion.load(r.id);
  }

  private async division(r: RadicacionGql, ctx: Contexto): Promise<Division> {
    const h = await this.hallazgosDe(r, ctx);
    let d = divisiones.get(h);
    if (!d) {
      d = dividirHallazgos(h.hallazgos);
      divisiones.set(h, d);
    }
    return d;
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
