import { GraphQLJSON } from 'graphql-scalars';
import { Arg, Ctx, Field, Int, Query, Resolver } from 'type-graphql';
import { requiere, type TablaReglas } from '../auth/reglas.js';
import { ErrorAccionable } from '../errores/error-accionable.js';
import { errores } from '../errores/errores.js';
import { type Contexto, registrarInfoPropia } from '../graphql/contexto.js';
import { Enums } from '../graphql/enums.js';
import { TipoObjeto } from '../graphql/tipo-objeto.js';
import { mensajeProblemaJson, revisarTextoJson } from '../http/json-seguro.js';
import { dividirHallazgos } from './radicacion/hallazgos.js';
import { validarOperacion } from './radicacion/validar-operacion.js';
import type { Registro } from './tipos.js';
import type { HallazgosOmitidos as Omitidos } from './validacion/acotar.js';
import { EscalarFlujoCuerpo, type FlujoCuerpo } from './validacion/flujo-cuerpo.js';
import type { ResultadoValidacion } from './validacion/validar.js';

@TipoObjeto('RipsIssue', { description: 'Hallazgo en forma compacta (severity error = rechazo)' })
export class RipsIssue {
  @Field(() => Enums.SeveridadIssue, { description: 'ERROR es rechazo; WARNING, aviso o nota' })
  severity!: 'error' | 'warning';

  @Field(() => String)
  regla!: string;

  @Field(() => String, {
    description: 'Ruta JSON: usuarios[0].servicios.consultas[2].codDiagnosticoPrincipal',
  })
  path!: string;

  @Field(() => String)
  message!: string;
}

@TipoObjeto('ResumenValidacion')
export class ResumenValidacion {
  @Field(() => Int)
  rechazos!: number;

  @Field(() => Int, { description: 'Notificaciones (aviso-gradualidad)' })
  avisos!: number;

  @Field(() => Int)
  informativos!: number;
}

@TipoObjeto('HallazgosOmitidos', {
  description:
    'Hallazgos de un código que no caben en la respuesta (RIPS_MAX_HALLAZGOS, RIPS_MAX_RESPUESTA); sí cuentan en `resumen` y `valid`',
})
export class HallazgosOmitidos implements Omitidos {
  @Field(() => String)
  codigo!: string;

  @Field(() => Enums.Severidad)
  severidad!: Omitidos['severidad'];

  @Field(() => Int)
  cantidad!: number;
}

@TipoObjeto('ResultadoValidacionRips')
export class ResultadoValidacionRips {
  @Field(() => Boolean, { description: 'true cuando no hay ningún hallazgo de severidad rechazo' })
  valid!: boolean;

  @Field(() => Date, { description: 'Fecha con la que se evaluaron las clases de las reglas (gradualidad)' })
  fechaEvaluacion!: Date;

  @Field(() => ResumenValidacion)
  resumen!: ResumenValidacion;

  @Field(() => [RipsIssue])
  issues!: RipsIssue[];

  @Field(() => [ErrorAccionable], {
    description:
      'Hallazgos de rechazo, los que bloquean (`valid` es false si hay alguno), en el orden del RIPS',
  })
  errores!: ErrorAccionable[];

  @Field(() => [ErrorAccionable], {
    description: 'Avisos que no bloquean: de gradualidad (pasarán a rechazo) y de conformidad',
  })
  avisos!: ErrorAccionable[];

  @Field(() => [ErrorAccionable], {
    description: 'Notas informativas del servicio (CAT01, MUV01, XML01…): ni bloquean ni avisan',
  })
  informativos!: ErrorAccionable[];

  @Field(() => [ErrorAccionable], {
    description:
      'Todos los hallazgos explicados, en el orden del RIPS: rechazos, avisos y notas informativas (solo REST; GraphQL los separa en `errores`, `avisos` e `informativos`)',
  })
  erroresRest!: ErrorAccionable[];

  @Field(() => [HallazgosOmitidos], {
    description:
      'Hallazgos que quedaron fuera de la respuesta por sus límites, contados por código (vacío casi siempre); las listas traen los primeros en el orden del RIPS.',
  })
  omitidos!: HallazgosOmitidos[];
}

@Resolver()
export class ValidacionRipsResolver {
  @Query(() => ResultadoValidacionRips, {
    description:
      'Valida un RIPS contra las reglas oficiales (DT1, Res. 948/2026). No contacta sistemas externos ni guarda nada.',
  })
  async validarRips(
    @Arg('rips', () => GraphQLJSON, { nullable: true, description: 'El RIPS como objeto JSON' })
    rips: unknown,
    @Arg('ripsTexto', () => String, {
      nullable: true,
      description: 'O el RIPS como texto JSON (se lee usuario por usuario: conviene para RIPS grandes)',
    })
    ripsTexto: string | null,
    @Arg('cuerpoFlujo', () => EscalarFlujoCuerpo, {
      nullable: true,
      description:
        'Uso interno de la ruta REST: el cuerpo {rips, fechaEvaluacion, xmlFevFile} mientras llega',
    })
    cuerpoFlujo: FlujoCuerpo | null,
    @Arg('fechaEvaluacion', () => Date, {
      nullable: true,
      description: 'Evaluar con las clases vigentes en esta fecha (por defecto, ahora)',
    })
    fechaEvaluacion: Date | null,
    @Arg('xmlFevFile', () => String, {
      nullable: true,
      description:
        'El AttachedDocument (factura, nota crédito o nota débito con la respuesta de la DIAN) en base64: ' +
        'activa la compuerta FEV (DT2) y los cruces RIPS ↔ factura. Vacío o ausente con tipoNota NA y RS.',
    })
    xmlFevFile: string | null,
    @Arg('operacion', () => Enums.OperacionRadicacion, {
      nullable: true,
      description:
        'Validar como la compuerta de esa operación del MUV antes de radicar (mismas reglas y mismos errores de entrada que `radicarRips`); con ella `rips` puede ser null donde la operación no lleva RIPS',
    })
    operacion: string | null,
    @Ctx() ctx: Contexto,
  ): Promise<ResultadoValidacionRips> {
    const final =
      operacion !== null && operacion !== undefined
        ? await this.validarConOperacion(rips, ripsTexto, fechaEvaluacion, xmlFevFile, operacion, ctx)
        : await this.conHistoria(
            await this.validarSinHistoria(rips, ripsTexto, cuerpoFlujo, fechaEvaluacion, xmlFevFile, ctx),
            ctx,
          );
    // One pass over the findings; the REST body's `errores` is `erroresRest` (all of them), as before.
    return { ...final, ...dividirHallazgos(final.errores), erroresRest: final.errores };
  }

  private conHistoria(r: ResultadoValidacion, ctx: Contexto): Promise<ResultadoValidacion> {
    if (conHistoriaAplicada.has(r)) return Promise.resolve(r);
    return ctx.servicios.validacionRips.conHistoria(r, ctx.auth?.entidadId);
  }

  /** GraphQL with `operacion`: the operation's gate (it applies the entity's history itself). */
  private async validarConOperacion(
    rips: unknown,
    ripsTexto: string | null,
    fechaEvaluacion: Date | null,
    xmlFevFile: string | null,
    operacion: string,
    ctx: Contexto,
  ): Promise<ResultadoValidacion> {
    if (ripsTexto !== null && ripsTexto !== undefined) {
      if (rips !== null && rips !== undefined) {
        throw errores.entradaInvalida('Envíe el RIPS una sola vez: en «rips» o en «ripsTexto».');
      }
      const p = revisarTextoJson(ripsTexto);
      if (p) throw errores.entradaInvalida(mensajeProblemaJson(p));
      try {
        rips = JSON.parse(ripsTexto);
      } catch (e) {
        throw errores.entradaInvalida(
          'El RIPS no es un objeto JSON válido. Revise comillas, comas y llaves.',
          [{ campo: 'ripsTexto', mensaje: (e as Error).message }],
        );
      }
    }
    const r = await validarOperacion(
      ctx.servicios.validacionRips,
      ctx.em,
      { rips, xmlFevFile, operacion, fecha: fechaEvaluacion ?? undefined },
      ctx.auth?.entidadId,
    );
    ctx.log.info({ ...r.resumen, valido: r.valid, operacion }, 'RIPS validado');
    ctx.servicios.metricas?.validacionRips(r, 'graphql', bytesTexto(ripsTexto));
    return r;
  }

  private async validarSinHistoria(
    rips: unknown,
    ripsTexto: string | null,
    cuerpoFlujo: FlujoCuerpo | null,
    fechaEvaluacion: Date | null,
    xmlFevFile: string | null,
    ctx: Contexto,
  ): Promise<ResultadoValidacion> {
    // The checks express.json applies to JSON bodies (json-seguro.ts), on the JSON inside the string;
    // its nesting is bounded by the engine as it walks each user.
    // The entity, when known, also lets the walk collect the codigoVIDA cross-check (validacion/vida.ts).
    const entidadId = ctx.auth?.entidadId;
    // Forked only if a cache misses: most validations read nothing from the database.
    const em = () => ctx.em;
    if (typeof ripsTexto === 'string') {
      const p = revisarTextoJson(ripsTexto);
      if (p) {
        throw errores.entradaInvalida(
          mensajeProblemaJson(p),
          p.tipo === 'caracter' && p.ruta
            ? [{ campo: `ripsTexto.${p.ruta}`, mensaje: 'Contiene un carácter no admitido.' }]
            : undefined,
        );
      }
    }
    if (xmlFevFile !== null && xmlFevFile !== undefined && !cuerpoFlujo) {
      const r =
        ripsTexto !== null && ripsTexto !== undefined && (rips === null || rips === undefined)
          ? await ctx.servicios.validacionRips.validarTexto(
              em,
              ripsTexto,
              fechaEvaluacion ?? undefined,
              xmlFevFile,
              entidadId,
            )
          : await ctx.servicios.validacionRips.validarConFev(em, {
              rips: ripsUnico(rips, ripsTexto),
              xmlFevFile,
              fecha: fechaEvaluacion ?? undefined,
              entidadId,
            });
      registrarInfoPropia(ctx, { ...r.resumen, valido: r.valid, conXml: true }, 'RIPS validado');
      ctx.servicios.metricas?.validacionRips(r, 'graphql', bytesTexto(ripsTexto));
      return r;
    }
    if (cuerpoFlujo) {
      // A body naming an `operacion` goes to that operation's gate (which applies the history
      // itself): the history is then not applied a second time.
      const r = await ctx.servicios.validacionRips.validarCuerpoFlujo(
        em,
        cuerpoFlujo,
        entidadId,
        async (c) => {
          const conOperacion = await validarOperacion(ctx.servicios.validacionRips, ctx.em, c, entidadId);
          conHistoriaAplicada.add(conOperacion);
          return conOperacion;
        },
      );
      registrarInfoPropia(ctx, { ...r.resumen, valido: r.valid }, 'RIPS validado');
      // The body's size is observed by the HTTP layer, which sees its Content-Length.
      ctx.servicios.metricas?.validacionRips(r, 'rest');
      return r;
    }
    if (ripsTexto !== null && ripsTexto !== undefined) {
      if (rips !== null && rips !== undefined) {
        throw errores.entradaInvalida('Envíe el RIPS una sola vez: en «rips» o en «ripsTexto».');
      }
      const r = await ctx.servicios.validacionRips.validarTexto(
        em,
        ripsTexto,
        fechaEvaluacion ?? undefined,
        undefined,
        entidadId,
      );
      registrarInfoPropia(ctx, { ...r.resumen, valido: r.valid }, 'RIPS validado');
      ctx.servicios.metricas?.validacionRips(r, 'graphql', bytesTexto(ripsTexto));
      return r;
    }
    if (typeof rips !== 'object' || rips === null || Array.isArray(rips)) {
      throw errores.entradaInvalida('Envíe el RIPS como objeto JSON en el campo «rips».', [
        {
          campo: 'rips',
          mensaje: rips === undefined || rips === null ? 'Es obligatorio.' : 'Debe ser un objeto JSON.',
        },
      ]);
    }
    const resultado = await ctx.servicios.validacionRips.validar(
      em,
      rips as Registro,
      fechaEvaluacion ?? undefined,
      entidadId,
    );
    registrarInfoPropia(ctx, { ...resultado.resumen, valido: resultado.valid }, 'RIPS validado');
    ctx.servicios.metricas?.validacionRips(resultado, 'graphql');
    return resultado;
  }
}

/** Results of an operation's gate, which already applied the entity's history (compuertaLocal). */
const conHistoriaAplicada = new WeakSet<ResultadoValidacion>();

/** UTF-8 size of a RIPS sent as text (an object sent as `rips` has no size of its own). */
const bytesTexto = (t: string | null): number | undefined =>
  typeof t === 'string' ? Buffer.byteLength(t) : undefined;

/** The RIPS object of `rips` (refusing it together with `ripsTexto`). */
function ripsUnico(rips: unknown, ripsTexto: string | null): Registro {
  if (ripsTexto !== null && ripsTexto !== undefined) {
    throw errores.entradaInvalida('Envíe el RIPS una sola vez: en «rips» o en «ripsTexto».');
  }
  if (typeof rips !== 'object' || rips === null || Array.isArray(rips)) {
    throw errores.entradaInvalida('Envíe el RIPS como objeto JSON en el campo «rips».', [
      {
        campo: 'rips',
        mensaje: rips === undefined || rips === null ? 'Es obligatorio.' : 'Debe ser un objeto JSON.',
      },
    ]);
  }
  return rips as Registro;
}

export const reglasValidacionRips: TablaReglas = { Query: { validarRips: requiere('rips:leer') } };
