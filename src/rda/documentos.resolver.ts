import { GraphQLJSON } from 'graphql-scalars';
import { Arg, Ctx, Field, Int, Query, Resolver } from 'type-graphql';
import { requiere, type TablaReglas } from '../auth/reglas.js';
import { divididos, HallazgosDivididos } from '../errores/division.js';
import { errores } from '../errores/errores.js';
import { type Contexto, registrarInfoPropia } from '../graphql/contexto.js';
import { Enums } from '../graphql/enums.js';
import { TipoObjeto } from '../graphql/tipo-objeto.js';
import { construirBundle } from './construccion/construir.js';
import { DatosRdaEntrada, type EntradaDatosRda, entradaRda } from './construccion/entrada-graphql.js';
import { exigirValorAcotado } from './json-acotado.js';
import { lintearBundle } from './linter/lintear.js';
import type { TipoRda } from './tipos.js';

@TipoObjeto('RdaIssue', { description: 'Hallazgo del linter en forma compacta (severity error = rechazo)' })
export class RdaIssue {
  @Field(() => Enums.SeveridadIssue, { description: 'ERROR es rechazo; WARNING, aviso de conformidad' })
  severity!: 'error' | 'warning';

  @Field(() => String, { description: 'Código de la familia RDA (RDA33…)' })
  codigo!: string;

  @Field(() => String, { description: 'Ruta FHIR: Bundle.entry[1].resource.birthDate' })
  path!: string;

  @Field(() => String)
  message!: string;
}

@TipoObjeto('ResultadoValidacionRda')
export class ResultadoValidacionRda extends HallazgosDivididos {
  @Field(() => Boolean, { description: 'true cuando no hay ningún hallazgo de severidad rechazo' })
  valid!: boolean;

  @Field(() => [RdaIssue])
  issues!: RdaIssue[];
}

@TipoObjeto('ConteoSeveridadHl7', { description: 'Issues del OperationOutcome por severidad' })
export class ConteoSeveridadHl7 {
  @Field(() => Int)
  fatal!: number;

  @Field(() => Int)
  error!: number;

  @Field(() => Int)
  warning!: number;

  @Field(() => Int)
  information!: number;
}

@TipoObjeto('IssueHl7', { description: 'Un issue del OperationOutcome del validador oficial, tal cual' })
export class IssueHl7 {
  @Field(() => Enums.SeveridadHl7)
  severity!: string;

  @Field(() => String, { description: 'Mensaje original del validador (inglés)' })
  message!: string;

  @Field(() => String, { nullable: true, description: 'Expresión FHIRPath o ubicación' })
  location!: string | null;
}

@TipoObjeto('ResultadoValidacionOficialRda')
export class ResultadoValidacionOficialRda extends HallazgosDivididos {
  @Field(() => Boolean, { description: 'true cuando no hay issues fatal ni error' })
  valid!: boolean;

  @Field(() => String, { description: 'Perfil de Bundle contra el que se validó' })
  perfil!: string;

  @Field(() => ConteoSeveridadHl7)
  porSeveridad!: ConteoSeveridadHl7;

  @Field(() => [IssueHl7])
  issues!: IssueHl7[];
}

@TipoObjeto('VistaPreviaRda', { description: 'El Bundle que se enviaría, sin enviarlo, con su revisión' })
export class VistaPreviaRda extends HallazgosDivididos {
  @Field(() => GraphQLJSON, { description: 'El Bundle FHIR R4 de tipo document' })
  bundle!: Record<string, unknown>;

  @Field(() => Boolean, { description: 'true cuando el linter no encuentra rechazos' })
  valid!: boolean;
}

function bundleRequerido(bundle: unknown): Record<string, unknown> {
  if (typeof bundle !== 'object' || bundle === null || Array.isArray(bundle)) {
    throw errores.entradaInvalida('Envíe el RDA como objeto JSON (Bundle FHIR) en el campo «bundle».', [
      {
        campo: 'bundle',
        mensaje: bundle === undefined || bundle === null ? 'Es obligatorio.' : 'Debe ser un objeto JSON.',
      },
    ]);
  }
  return bundle as Record<string, unknown>;
}

const FECHA = {
  nullable: true,
  description: 'Evaluar las fechas (fin ≤ ahora, último año) en este instante (por defecto, ahora)',
} as const;

@Resolver()
export class DocumentosRdaResolver {
  @Query(() => ResultadoValidacionRda, {
    description:
      'Revisa un Bundle RDA contra los perfiles de la guía oficial (reglas propias RDA01…): no contacta la IHCE ni guarda nada.',
  })
  validarRda(
    @Arg('bundle', () => GraphQLJSON, { description: 'El Bundle FHIR del RDA' })
    bundle: unknown,
    @Arg('tipo', () => Enums.TipoRda, {
      nullable: true,
      description: 'Tipo de RDA; por defecto, el que declara el Bundle',
    })
    tipo: TipoRda | null,
    @Arg('fechaEvaluacion', () => Date, FECHA) fechaEvaluacion: Date | null,
    @Ctx() ctx: Contexto,
  ): ResultadoValidacionRda {
    const b = bundleRequerido(bundle);
    const r = lintearBundle(b, {
      ...(tipo ? { tipo } : {}),
      ...(fechaEvaluacion ? { ahora: fechaEvaluacion } : {}),
    });
    registrarInfoPropia(ctx, { valido: r.valid, hallazgos: r.errores.length }, 'RDA revisado');
    return {
      valid: r.valid,
      ...divididos(r.errores),
      issues: r.errores.map((e) => ({
        severity: e.severidad === 'rechazo' ? 'error' : 'warning',
        codigo: e.codigo,
        path: e.ubicacion.ruta ?? 'Bundle',
        message: e.titulo,
      })),
    };
  }

  @Query(() => ResultadoValidacionOficialRda, {
    description:
      'Valida un Bundle RDA con el validador oficial HL7 (validator_cli o servidor $validate) configurado en el entorno; 503 si no lo está.',
  })
  async validarRdaOficial(
    @Arg('bundle', () => GraphQLJSON, { description: 'El Bundle FHIR del RDA' })
    bundle: unknown,
    @Arg('tipo', () => Enums.TipoRda, {
      nullable: true,
      description: 'Tipo de RDA (elige el perfil); por defecto, el que declara el Bundle',
    })
    tipo: TipoRda | null,
    @Ctx() ctx: Contexto,
  ): Promise<ResultadoValidacionOficialRda> {
    const b = bundleRequerido(bundle);
    // The validator gets the bundle through JSON.stringify: bounded depth, storable text.
    exigirValorAcotado(b, 'bundle');
    const r = await ctx.servicios.validadorOficial.validar(b, tipo ?? undefined);
    registrarInfoPropia(ctx, { valido: r.valid, ...r.porSeveridad }, 'RDA validado con el validador oficial');
    return { ...r, ...divididos(r.errores) };
  }

  @Query(() => VistaPreviaRda, {
    description:
      'Construye el Bundle RDA a partir de los datos planos y lo revisa con el linter, sin enviarlo. 400 con cada campo faltante o inválido en `detalles`.',
  })
  construirRda(
    @Arg('datos', () => DatosRdaEntrada, {
      description:
        'Datos planos: exactamente uno de paciente, consultaExterna, hospitalizacion o urgencias (decide el tipo)',
    })
    entrada: EntradaDatosRda,
    @Arg('fechaEvaluacion', () => Date, FECHA) fechaEvaluacion: Date | null,
    @Ctx() ctx: Contexto,
  ): VistaPreviaRda {
    const { tipo, datos } = entradaRda(entrada);
    const opciones = fechaEvaluacion ? { ahora: fechaEvaluacion } : {};
    const bundle = construirBundle(tipo, datos, opciones);
    const r = lintearBundle(bundle, { tipo, ...opciones });
    ctx.log.info({ tipo, valido: r.valid, hallazgos: r.errores.length }, 'RDA construido (vista previa)');
    return { bundle, valid: r.valid, ...divididos(r.errores) };
  }
}

export const reglasDocumentosRda: TablaReglas = {
  Query: {
    validarRda: requiere('rda:leer'),
    validarRdaOficial: requiere('rda:leer'),
    construirRda: requiere('rda:leer'),
  },
};
