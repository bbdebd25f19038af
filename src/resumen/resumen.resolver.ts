import type { GraphQLResolveInfo } from 'graphql';
import { GraphQLSafeInt } from 'graphql-scalars';
import {
  Arg,
  Ctx,
  Field,
  FieldResolver,
  Float,
  Info,
  Int,
  InterfaceType,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import { autenticado, type TablaReglas } from '../auth/reglas.js';
import { authDe, type Contexto } from '../graphql/contexto.js';
import { Enums } from '../graphql/enums.js';
import { pide } from '../graphql/seleccion.js';
import { TipoObjeto } from '../graphql/tipo-objeto.js';
import { type Causa, ConsultaResumen, type MontoPagador, montosVacios, type Pendientes } from './consulta.js';
import type { ConteoRda, ConteoRips } from './contadores.js';
import { leerFiltros } from './filtros.js';
import { acumuladoVacio, type Tiempos, tiemposDe } from './tiempos.js';
import { type Agrupacion, MODULOS_RESUMEN, type ModuloResumen, ZONA_HORARIA } from './valores.js';

@TipoObjeto('ConteoEstadoRadicacion', { description: 'Radicaciones en un estado' })
class ConteoEstadoRadicacion {
  @Field(() => Enums.EstadoRadicacion)
  estado!: string;

  @Field(() => Int)
  cantidad!: number;
}

@TipoObjeto('ConteoTipoRadicacion', { description: 'Radicaciones de un tipo' })
class ConteoTipoRadicacion {
  @Field(() => Enums.TipoRadicacion)
  tipo!: string;

  @Field(() => Int)
  cantidad!: number;
}

@TipoObjeto('ConteoEstadoTransmision', {
  description: 'Transmisiones RDA en un estado',
})
class ConteoEstadoTransmision {
  @Field(() => Enums.EstadoTransmision)
  estado!: string;

  @Field(() => Int)
  cantidad!: number;
}

@TipoObjeto('ConteoTipoRda', { description: 'Transmisiones RDA de un tipo' })
class ConteoTipoRda {
  @Field(() => Enums.TipoRda)
  tipo!: string;

  @Field(() => Int)
  cantidad!: number;
}

const UN_ELEMENTO_POR_ESTADO = 'Un elemento por estado, todos presentes (0 si no hay)';
const PERIODO =
  'Inicio del período (fecha de Colombia, AAAA-MM-DD): el día, el lunes de la semana ISO o el día 1 del mes; la primera semana o mes puede empezar antes de `desde` (solo cuenta desde `desde`)';
const FIN_PERIODO = 'Fin exclusivo del período (fecha de Colombia), recortado a `hasta`';

@TipoObjeto('CausaRechazo', {
  description:
    'Una regla que rechazó intentos en el período, con cuántos y qué parte de los rechazos explica',
})
class CausaRechazo {
  @Field(() => String, { description: 'Código de la regla (RVC019, FED101, RDA05, IHCE-required…)' })
  codigo!: string;

  @Field(() => Enums.Fuente, {
    description: 'Quién rechazó: linter-local, muv, linter-rda, validador-hl7 o ihce',
  })
  fuente!: string;

  @Field(() => String, { description: 'Título en español del registro de reglas' })
  titulo!: string;

  @Field(() => String, {
    description: 'Qué significa la regla, del registro de reglas (nunca texto recibido del MUV o la IHCE)',
  })
  explicacion!: string;

  @Field(() => String, { description: 'Cómo corregirlo en el sistema de origen, del registro de reglas' })
  comoCorregir!: string;

  @Field(() => Int, {
    description: 'Intentos rechazados por esta regla (cada intento cuenta una vez por regla)',
  })
  intentos!: number;

  @Field(() => Int, {
    description:
      'Documentos distintos (factura o nota de un obligado; un RDA) que esta regla rechazó por primera vez en el período',
  })
  documentos!: number;

  @Field(() => Float, {
    description:
      'intentos / intentos rechazados del módulo en el período (0 a 1; un intento con varias reglas cuenta en cada una)',
  })
  proporcion!: number;
}

@InterfaceType('Montos', {
  description:
    'Dinero de facturas (FEV) y RIPS sin factura (RS), en pesos enteros: radicado y retenido (rechazado y aún no radicado con éxito). Las notas NC, ND y NA no suman.',
})
abstract class Montos_ {
  @Field(() => GraphQLSafeInt, {
    description: 'Pesos radicados con CUV (valor a pagar de la FEV; sin FEV, la suma de vrServicio)',
  })
  radicado!: number;

  @Field(() => Int, { description: 'Documentos radicados' })
  radicados!: number;

  @Field(() => Int, { description: 'Documentos radicados cuyo valor no se pudo leer (no suman pesos)' })
  radicadosSinValor!: number;

  @Field(() => GraphQLSafeInt, {
    description:
      'Pesos retenidos: documentos rechazados (MUV o compuerta local) que no se han radicado con éxito después',
  })
  retenido!: number;

  @Field(() => Int, { description: 'Documentos retenidos' })
  retenidos!: number;

  @Field(() => Int, { description: 'Documentos retenidos cuyo valor no se pudo leer (no suman pesos)' })
  retenidosSinValor!: number;
}

@TipoObjeto('MontoPagador', {
  implements: Montos_,
  description: 'Dinero de un pagador (el adquiriente de la factura)',
})
class MontoPagador_ extends Montos_ {
  @Field(() => String, { nullable: true, description: 'NIT del pagador; null si no es una organización' })
  pagador!: string | null;

  @Field(() => Enums.ClasePagador)
  clase!: string;

  @Field(() => String, {
    nullable: true,
    description: 'Razón social según las facturas de la entidad (solo organizaciones)',
  })
  nombre!: string | null;
}

@TipoObjeto('MontosRips', {
  implements: Montos_,
  description: 'Dinero en juego: totales y por pagador',
})
class MontosRips extends Montos_ {
  @Field(() => [MontoPagador_], {
    description: 'Por pagador, de mayor a menor (radicado + retenido); más allá de 100, «otros»',
  })
  porPagador!: MontoPagador[];
}

@TipoObjeto('MontosPeriodoRips', {
  implements: Montos_,
  description: 'Dinero de un período de la serie; el desglose por pagador se lee solo si se pide',
})
class MontosPeriodoRips extends Montos_ {
  periodo!: string;
  consulta!: ConsultaResumen;
}

@InterfaceType('Tiempos', {
  description:
    'Del primer intento de envío a la IHCE hasta `aceptado`, de las transmisiones aceptadas creadas en el período. Percentiles con error ≤ 5 % más el redondeo al milisegundo (histograma logarítmico); máximo, promedio e intentos exactos.',
})
abstract class Tiempos_ {
  @Field(() => Int)
  aceptados!: number;

  @Field(() => Float, { nullable: true, description: 'Intentos por documento aceptado' })
  intentosPorAceptado!: number | null;

  @Field(() => GraphQLSafeInt, { nullable: true })
  promedioMs!: number | null;

  @Field(() => GraphQLSafeInt, { nullable: true })
  p50Ms!: number | null;

  @Field(() => GraphQLSafeInt, { nullable: true })
  p95Ms!: number | null;

  @Field(() => GraphQLSafeInt, { nullable: true })
  maxMs!: number | null;
}

@TipoObjeto('TiemposRda', {
  implements: Tiempos_,
  description: 'Tiempos a la aceptación de todos los tipos',
})
class TiemposRda extends Tiempos_ {}

@TipoObjeto('TiemposTipoRda', {
  implements: Tiempos_,
  description: 'Tiempos a la aceptación de un tipo de RDA',
})
class TiemposTipoRda extends Tiempos_ {
  @Field(() => Enums.TipoRda)
  tipo!: string;
}

@TipoObjeto('TransmisionEnEspera', {
  description: 'La transmisión que más lleva esperando respuesta de la IHCE',
})
class TransmisionEnEspera {
  @Field(() => String)
  id!: string;

  @Field(() => Enums.TipoRda)
  tipo!: string;

  @Field(() => Enums.EstadoTransmision)
  estado!: string;

  @Field(() => Date)
  creadoEn!: Date;
}

@TipoObjeto('PendientesRda', {
  description: 'Transmisiones creadas en el período que aún esperan respuesta (validado o enviado)',
})
class PendientesRda {
  @Field(() => Int)
  cantidad!: number;

  @Field(() => TransmisionEnEspera, { nullable: true })
  masAntiguo!: Pendientes['masAntiguo'];
}

/** Every object of a report carries the request's query (its fields are read lazily from it). */
interface ConConsulta {
  consulta: ConsultaResumen;
}

@InterfaceType('ConteosRips', { description: 'Intentos de radicación por estado y por tipo' })
abstract class ConteosRips {
  @Field(() => Int)
  total!: number;

  @Field(() => [ConteoEstadoRadicacion], { description: UN_ELEMENTO_POR_ESTADO })
  porEstado!: ConteoRips['porEstado'];

  @Field(() => [ConteoTipoRadicacion], { description: 'Un elemento por tipo, todos presentes (0 si no hay)' })
  porTipo!: ConteoRips['porTipo'];

  consulta!: ConsultaResumen;
}

@InterfaceType('ConteosRda', { description: 'Transmisiones RDA por estado y por tipo' })
abstract class ConteosRda {
  @Field(() => Int)
  total!: number;

  @Field(() => [ConteoEstadoTransmision], { description: UN_ELEMENTO_POR_ESTADO })
  porEstado!: ConteoRda['porEstado'];

  @Field(() => [ConteoTipoRda], { description: 'Un elemento por tipo de RDA, todos presentes (0 si no hay)' })
  porTipo!: ConteoRda['porTipo'];

  consulta!: ConsultaResumen;
}

@TipoObjeto('PeriodoRips', {
  implements: ConteosRips,
  description: 'Un período de la serie de radicaciones',
})
class PeriodoRips extends ConteosRips {
  @Field(() => String, { description: PERIODO })
  periodo!: string;

  @Field(() => String, { description: FIN_PERIODO })
  hasta!: string;

  // Filled by `serie` for every period at once, only when asked.
  @Field(() => MontosPeriodoRips, { description: 'Dinero del período, total y por pagador' })
  montos?: MontosPeriodoRips;
}

@TipoObjeto('PeriodoRda', {
  implements: ConteosRda,
  description: 'Un período de la serie de transmisiones RDA',
})
class PeriodoRda extends ConteosRda {
  @Field(() => String, { description: PERIODO })
  periodo!: string;

  @Field(() => String, { description: FIN_PERIODO })
  hasta!: string;

  // Filled by `serie` for every period at once, only when asked.
  @Field(() => TiemposRda, { description: 'Tiempo hasta la aceptación de lo creado en el período' })
  tiempos?: Tiempos;
}

@TipoObjeto('ResumenRips', {
  implements: ConteosRips,
  description: 'Intentos de radicación RIPS ante el MUV',
})
class ResumenRips extends ConteosRips {}

@TipoObjeto('ResumenRda', {
  implements: ConteosRda,
  description: 'Transmisiones RDA a la IHCE',
})
class ResumenRda extends ConteosRda {}

@TipoObjeto('Resumen', {
  description:
    'Cifras de la entidad por módulo, en un período de días de Colombia; un módulo es null si el rol no puede leerlo o no se pidió',
})
export class Resumen {
  @Field(() => String, {
    nullable: true,
    description: 'Primer día incluido (Colombia); null sin período ni serie (todo el historial)',
  })
  desde!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Día siguiente al último incluido (exclusivo); null sin período',
  })
  hasta!: string | null;

  @Field(() => Enums.AgrupacionResumen, { nullable: true })
  agrupar!: Agrupacion | null;

  @Field(() => String, { description: 'Zona horaria de los días, semanas y meses: America/Bogota' })
  zonaHoraria!: string;

  @Field(() => ResumenRips, { nullable: true, description: 'Radicaciones RIPS ante el MUV' })
  rips!: ResumenRips | null;

  @Field(() => ResumenRda, { nullable: true, description: 'Transmisiones RDA a la IHCE' })
  rda!: ResumenRda | null;
}

const ARG_DESDE =
  'Primer día incluido: fecha (2026-01-01) o fecha y hora a las 00:00 de Colombia (con o sin desplazamiento); por defecto, el primer día con datos';
const ARG_HASTA = 'Fin exclusivo, en la misma forma; por defecto, mañana (incluye hoy)';

@Resolver()
export class ResumenResolver {
  @Query(() => Resumen, {
    description:
      'Cifras de RIPS y RDA de la entidad: conteos por estado y tipo, serie por día/semana/mes, causas de rechazo, dinero en juego y tiempos a la VIDA (ver docs/resumen.md)',
  })
  async resumen(
    @Ctx() ctx: Contexto,
    @Arg('desde', () => String, { nullable: true, description: ARG_DESDE }) desde?: string | null,
    @Arg('hasta', () => String, { nullable: true, description: ARG_HASTA }) hasta?: string | null,
    @Arg('modulo', () => Enums.ModuloResumen, {
      nullable: true,
      description: 'Solo un módulo (el otro es null)',
    })
    modulo?: ModuloResumen | null,
    @Arg('agrupar', () => Enums.AgrupacionResumen, {
      nullable: true,
      description: 'Con serie: un elemento por período, también los vacíos (dia: máximo 3 años)',
    })
    agrupar?: Agrupacion | null,
  ): Promise<Resumen> {
    const auth = authDe(ctx);
    const filtros = leerFiltros({ desde, hasta, modulo, agrupar });
    const modulos = MODULOS_RESUMEN.filter(
      (m) => (!filtros.modulo || filtros.modulo === m) && auth.permisos.includes(`${m}:leer` as const),
    );
    const consulta = new ConsultaResumen(ctx.em, auth.entidadId, filtros, modulos);
    const [rango, rips, rda] = await Promise.all([
      consulta.rango(),
      modulos.includes('rips') ? consulta.conteos('rips') : null,
      modulos.includes('rda') ? consulta.conteos('rda') : null,
    ]);
    return {
      desde: rango?.desde ?? null,
      hasta: rango?.hasta ?? null,
      agrupar: filtros.agrupar,
      zonaHoraria: ZONA_HORARIA,
      rips: rips ? ({ ...rips, consulta } as ResumenRips) : null,
      rda: rda ? ({ ...rda, consulta } as ResumenRda) : null,
    };
  }
}

@Resolver(() => ResumenRips)
export class ResumenRipsResolver {
  @FieldResolver(() => [PeriodoRips], {
    nullable: true,
    description: 'Un elemento por período con `agrupar`; null sin él',
  })
  async serie(@Root() r: ConConsulta, @Info() info: GraphQLResolveInfo): Promise<PeriodoRips[] | null> {
    const [serie, montos] = await Promise.all([
      r.consulta.serie('rips'),
      pide(info, 'montos') ? r.consulta.montosPorPeriodo() : null,
    ]);
    if (!serie) return null;
    for (const p of serie as PeriodoRips[]) {
      p.consulta = r.consulta;
      if (montos)
        p.montos = { ...(montos.get(p.periodo) ?? montosVacios()), periodo: p.periodo, consulta: r.consulta };
    }
    return serie as PeriodoRips[];
  }

  @FieldResolver(() => [CausaRechazo], {
    description: 'Reglas que más rechazaron (compuerta local y MUV), de mayor a menor; máximo 100',
  })
  causas(@Root() r: ConConsulta): Promise<Causa[]> {
    return r.consulta.causas('rips');
  }

  @FieldResolver(() => MontosRips, {
    description: 'Dinero radicado y retenido del período, total y por pagador',
  })
  async montos(@Root() r: ConConsulta): Promise<MontosRips> {
    const m = await r.consulta.montos();
    return { ...m.total, porPagador: m.porPagador };
  }
}

@Resolver(() => MontosPeriodoRips)
export class MontosPeriodoRipsResolver {
  @FieldResolver(() => [MontoPagador_], {
    description:
      'Por pagador, de mayor a menor (radicado + retenido); los mismos pagadores que el total del período pedido, el resto como «otros»',
  })
  porPagador(@Root() m: MontosPeriodoRips): Promise<MontoPagador[]> {
    return m.consulta.montosDePeriodoPorPagador(m.periodo);
  }
}

@Resolver(() => ResumenRda)
export class ResumenRdaResolver {
  @FieldResolver(() => [PeriodoRda], {
    nullable: true,
    description: 'Un elemento por período con `agrupar`; null sin él',
  })
  async serie(@Root() r: ConConsulta, @Info() info: GraphQLResolveInfo): Promise<PeriodoRda[] | null> {
    const [serie, tiempos] = await Promise.all([
      r.consulta.serie('rda'),
      pide(info, 'tiempos') ? r.consulta.tiemposPorPeriodo() : null,
    ]);
    if (!serie) return null;
    const vacio = tiemposDe(acumuladoVacio());
    // One object per period, filled in place: a year by day is 366 of them.
    for (const p of serie as PeriodoRda[]) {
      p.consulta = r.consulta;
      if (tiempos) p.tiempos = tiempos.get(p.periodo) ?? vacio;
    }
    return serie as PeriodoRda[];
  }

  @FieldResolver(() => [CausaRechazo], {
    description: 'Reglas que más rechazaron (linter RDA y códigos de la IHCE), de mayor a menor; máximo 100',
  })
  causas(@Root() r: ConConsulta): Promise<Causa[]> {
    return r.consulta.causas('rda');
  }

  @FieldResolver(() => TiemposRda, { description: 'Tiempo hasta la aceptación en todo el período' })
  async tiempos(@Root() r: ConConsulta): Promise<Tiempos> {
    return (await r.consulta.tiempos()).total;
  }

  @FieldResolver(() => [TiemposTipoRda], {
    description: 'Tiempo hasta la aceptación por tipo de RDA (todos los tipos)',
  })
  async tiemposPorTipo(@Root() r: ConConsulta): Promise<(Tiempos & { tipo: string })[]> {
    return (await r.consulta.tiempos()).porTipo;
  }

  @FieldResolver(() => PendientesRda, { description: 'Transmisiones que aún esperan respuesta de la IHCE' })
  pendientes(@Root() r: ConConsulta): Promise<Pendientes> {
    return r.consulta.pendientes();
  }
}

@Resolver(() => PeriodoRda)
export class PeriodoRdaResolver {
  @FieldResolver(() => [TiemposTipoRda], {
    description: 'Tiempo hasta la aceptación de lo creado en el período, por tipo de RDA (todos los tipos)',
  })
  tiemposPorTipo(@Root() p: PeriodoRda): Promise<(Tiempos & { tipo: string })[]> {
    return p.consulta.tiemposDePeriodoPorTipo(p.periodo);
  }
}

export const RESOLVERS_RESUMEN = [
  ResumenResolver,
  ResumenRipsResolver,
  MontosPeriodoRipsResolver,
  ResumenRdaResolver,
  PeriodoRdaResolver,
] as const;

// Any authenticated caller; each module's part is filled only with that module's read permission.
export const reglasResumen: TablaReglas = { Query: { resumen: autenticado } };
