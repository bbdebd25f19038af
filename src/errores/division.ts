import { Field } from 'type-graphql';
import { TipoObjeto } from '../graphql/tipo-objeto.js';
import { ErrorAccionable } from './error-accionable.js';

/** Findings by what they mean to the client: blocking, warnings, notes. */
export interface Division {
  /** Severity rechazo: they block (the filing, the validation or the transmission). */
  errores: ErrorAccionable[];
  /** aviso-gradualidad and aviso-conformidad: they never block. */
  avisos: ErrorAccionable[];
  informativos: ErrorAccionable[];
}

/** One pass over the findings, order kept within each group. */
export function dividirHallazgos(hallazgos: readonly ErrorAccionable[]): Division {
  const d: Division = { errores: [], avisos: [], informativos: [] };
  for (const h of hallazgos) {
    if (h.severidad === 'rechazo') d.errores.push(h);
    else if (h.severidad === 'informativo') d.informativos.push(h);
    else d.avisos.push(h);
  }
  return d;
}

/**
 * A result's findings split for GraphQL clients, plus `erroresRest`: all of them in their order, the
 * REST body's `errores` (a REST-only field, see SOLO_REST in src/graphql/schema.ts).
 */
// Extended by the result types (type-graphql inherits fields from a decorated base); no field returns it.
@TipoObjeto('HallazgosDivididos')
export class HallazgosDivididos implements Division {
  @Field(() => [ErrorAccionable], { description: 'Hallazgos de rechazo: los que bloquean' })
  errores!: ErrorAccionable[];

  @Field(() => [ErrorAccionable], {
    description: 'Avisos que no bloquean: de gradualidad (pasarán a rechazo) y de conformidad',
  })
  avisos!: ErrorAccionable[];

  @Field(() => [ErrorAccionable], { description: 'Notas informativas del servicio: ni bloquean ni avisan' })
  informativos!: ErrorAccionable[];

  @Field(() => [ErrorAccionable], {
    description:
      'Todos los hallazgos en su orden (solo REST; GraphQL los separa en errores, avisos e informativos)',
  })
  erroresRest!: ErrorAccionable[];
}

export function divididos(hallazgos: ErrorAccionable[]): HallazgosDivididos {
  return { ...dividirHallazgos(hallazgos), erroresRest: hallazgos };
}
