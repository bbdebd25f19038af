import type { EntityManager } from '@mikro-orm/postgresql';
import type { ErrorAccionable } from '../../errores/error-accionable.js';
import { errores as erroresApp } from '../../errores/errores.js';
import type { HallazgosOmitidos } from '../validacion/acotar.js';

export { type Division, dividirHallazgos } from '../../errores/division.js';

/** The stored findings of one filing (bounded), and those left out counted by code. */
export interface HallazgosRadicacion {
  hallazgos: ErrorAccionable[];
  omitidos: HallazgosOmitidos[];
}

/**
 * How many stored findings one request may still read. A page of 200 filings with up to
 * RIPS_MAX_HALLAZGOS findings each, times its aliases, would be millions of objects: the sizes are
 * asked first (a cheap count on the database side) and a request past its budget is refused before
 * the findings are read.
 */
export function presupuestoHallazgos(maximo: number) {
  let restante = maximo;
  return {
    maximo,
    gastar(n: number): void {
      if (n > restante)
        throw erroresApp.consultaDemasiadoCompleja(
          `La consulta pide más de ${maximo} hallazgos guardados de radicaciones (GRAPHQL_MAX_HALLAZGOS): pida menos radicaciones por página (first) o los hallazgos de cada una con radicacion(id).`,
        );
      restante -= n;
    },
  };
}

export type PresupuestoHallazgos = ReturnType<typeof presupuestoHallazgos>;

/**
 * The findings of several filings in one statement (the lazy jsonb columns of the list's rows).
 * A missing id (never for ids the caller just read) gets empty findings.
 */
export async function leerHallazgos(
  em: EntityManager,
  ids: readonly string[],
  presupuesto?: PresupuestoHallazgos,
): Promise<HallazgosRadicacion[]> {
  if (presupuesto && Number.isFinite(presupuesto.maximo)) {
    const [{ n }] = (await em
      .getConnection()
      .execute<{ n: string | number | null }[]>(
        `select sum(coalesce(jsonb_array_length(errores), 0)) as n from radicacion where id in (${ids.map(() => '?').join(', ')})`,
        [...ids],
      )) as [{ n: string | number | null }];
    presupuesto.gastar(Number(n ?? 0));
  }
  const filas = await em
    .getConnection()
    .execute<{ id: string; errores: ErrorAccionable[] | null; omitidos: HallazgosOmitidos[] | null }[]>(
      `select id, errores, omitidos from radicacion where id in (${ids.map(() => '?').join(', ')})`,
      [...ids],
    );
  const porId = new Map(filas.map((f) => [f.id, f]));
  return ids.map((id) => {
    const f = porId.get(id);
    return { hallazgos: f?.errores ?? [], omitidos: f?.omitidos ?? [] };
  });
}
