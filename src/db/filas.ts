import { type EntityClass, type EntityManager, type EntityMetadata, ReferenceKind } from '@mikro-orm/core';

/**
 * Hot list reads of a fixed shape as plain SQL mapped by the ORM. `em.find` spends ~370 µs of CPU
 * building each query (filters, populate planning, QueryBuilder, knex compilation: measured for the
 * filings list, issue 34), which an empty page of `GET /rips` paid on every call; the SQL below is
 * built once per class and `em.map` gives the same managed entities a find would.
 */
interface Seleccion {
  tabla: string;
  /** `"r0"."col", …`: the columns em.find selects (lazy and virtual properties left out). */
  columnas: string;
}

const selecciones = new WeakMap<object, Seleccion>();

const comillas = (nombre: string): string => `"${nombre.replaceAll('"', '""')}"`;

function seleccionDe(meta: EntityMetadata): Seleccion {
  const columnas: string[] = [];
  for (const p of meta.props) {
    if (p.persist === false || p.lazy || p.formula || !p.fieldNames?.length) continue;
    const propia =
      p.kind === ReferenceKind.SCALAR ||
      p.kind === ReferenceKind.MANY_TO_ONE ||
      (p.kind === ReferenceKind.ONE_TO_ONE && p.owner);
    if (!propia) continue;
    for (const f of p.fieldNames) columnas.push(`"r0".${comillas(f)}`);
  }
  const tabla = meta.schema
    ? `${comillas(meta.schema)}.${comillas(meta.tableName)}`
    : comillas(meta.tableName);
  return { tabla, columnas: columnas.join(', ') };
}

/** SQL conditions on alias `r0`, joined with AND, and their values (`?` placeholders, in order). */
export interface Condiciones {
  donde: string[];
  params: unknown[];
}

export interface ConsultaFilas extends Condiciones {
  /** e.g. `"r0"."created_at" desc, "r0"."id" desc` */
  orden: string;
  limite: number;
}

function seleccion(em: EntityManager, clase: EntityClass<object>): Seleccion {
  let s = selecciones.get(clase);
  if (!s) {
    s = seleccionDe(em.getMetadata().get(clase.name));
    selecciones.set(clase, s);
  }
  return s;
}

const where = (c: Condiciones): string => (c.donde.length ? ` where ${c.donde.join(' and ')}` : '');

/** Rows of `clase` as managed entities of `em`, as em.find would give them. */
export async function filas<T extends object>(
  em: EntityManager,
  clase: EntityClass<T>,
  c: ConsultaFilas,
): Promise<T[]> {
  const s = seleccion(em, clase);
  const sql = `select ${s.columnas} from ${s.tabla} as "r0"${where(c)} order by ${c.orden} limit ?`;
  const crudas: Record<string, unknown>[] = await em
    .getConnection()
    .execute(sql, [...c.params, c.limite], 'all', em.getTransactionContext());
  return crudas.map((r) => em.map(clase, r as never));
}

/** How many rows of `clase` meet the conditions (the same ones a page of `filas` was read with). */
export async function contarFilas(
  em: EntityManager,
  clase: EntityClass<object>,
  c: Condiciones,
): Promise<number> {
  const sql = `select count(*) as n from ${seleccion(em, clase).tabla} as "r0"${where(c)}`;
  const [fila]: { n: string | number }[] = await em
    .getConnection()
    .execute(sql, c.params, 'all', em.getTransactionContext());
  return Number(fila?.n ?? 0);
}
