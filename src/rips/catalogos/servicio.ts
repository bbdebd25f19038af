import type { EntityManager } from '@mikro-orm/postgresql';
import type { AvisosBd } from '../../db/avisos.js';
import { emDe, type FuenteEm } from '../../db/fuente-em.js';
import { ANTIGUEDAD_MAXIMA_DIAS_POR_DEFECTO, diasDesde, esAntigua } from './antiguedad.js';
import { cargarTablasIncluidas, DIRECTORIO_CATALOGOS, type TablaIncluida, tablaPais } from './incluidos.js';
import { CatalogosEnMemoria, type TablaEnMemoria } from './memoria.js';
import { TABLAS_GRANDES } from './tablas.js';
import type { Catalogos, ColumnasExtra, EntradaCatalogo, EstadoCatalogo } from './tipos.js';

export interface OpcionesServicioCatalogos {
  /** Folder of the shipped tables (default: `catalogs/` of the project). */
  directorio?: string;
  /** Large tables `estados` reports even when they were never imported (default: TABLAS_GRANDES). */
  grandes?: readonly string[];
  /** Rows per query when loading an imported table (default 20 000). */
  tamanoPagina?: number;
  /** Database notices: while listening, `obtener` skips the `carga_catalogo` read until an import. */
  avisos?: AvisosBd;
  /**
   * Imported tables older than this many days are flagged (`antigua`) in `estados` and in the
   * validation's CAT01 note (CATALOGOS_ANTIGUEDAD_MAXIMA_DIAS; 0: never). Default 90.
   */
  antiguedadMaximaDias?: number;
  /** Clock of the age check (tests). */
  ahora?: () => Date;
}

/** One row of `carga_catalogo`. */
export interface CargaRegistrada {
  tabla: string;
  archivo: string;
  filas: number;
  importadoEn: Date;
  fuente: string;
  revision: number;
  /** Labels of the Extra_* headers (null: the export had none). */
  columnas: ColumnasExtra | null;
  /** Newest Fecha_Actualizacion of the rows (null: the export had no such column). */
  fechaActualizacion: Date | null;
  /** Every part imported (`__1`, `__2`); empty for imports made before issue 33. */
  archivos: string[];
}

/** EstadoCatalogo plus where the data came from (shipped file, import, or nothing yet). */
export interface EstadoCatalogoDetallado extends EstadoCatalogo {
  origen: 'incluido' | 'importado' | 'ninguno';
  /** Imported tables: the export file (the first part of a split table). */
  archivo?: string;
  /** Imported tables: every part imported. */
  archivos?: string[];
  /** Imported tables: when our copy was imported (ISO; the same instant as `fecha`). */
  importadoEn?: string;
  /** Imported tables: whole days since the import. */
  antiguedadDias?: number;
  /** Imported tables: imported more than CATALOGOS_ANTIGUEDAD_MAXIMA_DIAS days ago (import it again). */
  antigua?: boolean;
}

interface TablaImportada {
  revision: number;
  datos: TablaEnMemoria;
}

function enMemoria(t: TablaIncluida): TablaEnMemoria {
  return { filas: t.filas, fuente: t.fuente, fecha: t.fecha };
}

/** Shipped small tables plus Pais, without the database (tests, tools, fallback). */
export function catalogosIncluidos(directorio: string = DIRECTORIO_CATALOGOS): CatalogosEnMemoria {
  const c = new CatalogosEnMemoria();
  for (const t of [...cargarTablasIncluidas(directorio), tablaPais()]) c.poner(t.tabla, enMemoria(t));
  return c;
}

interface FilaCarga {
  tabla: string;
  archivo: string;
  filas: number;
  importado_en: Date;
  fuente: string;
  revision: number;
  columnas: ColumnasExtra | null;
  fecha_actualizacion: Date | null;
  archivos: string[] | null;
}

const aCarga = (f: FilaCarga): CargaRegistrada => ({
  tabla: f.tabla,
  archivo: f.archivo,
  filas: Number(f.filas),
  importadoEn: new Date(f.importado_en),
  fuente: f.fuente,
  revision: Number(f.revision),
  columnas: f.columnas && Object.keys(f.columnas).length ? f.columnas : null,
  fechaActualizacion: f.fecha_actualizacion ? new Date(f.fecha_actualizacion) : null,
  archivos: f.archivos ?? [],
});

const COLUMNAS_CARGA =
  'tabla, archivo, filas, importado_en, fuente, revision, columnas, fecha_actualizacion, archivos';

export async function leerCargas(em: EntityManager): Promise<CargaRegistrada[]> {
  const filas: FilaCarga[] = await em
    .getConnection()
    .execute(`select ${COLUMNAS_CARGA} from carga_catalogo order by tabla`);
  return filas.map(aCarga);
}

/**
 * The catalogs validations use: the shipped small tables, Pais and every imported table.
 * The in-memory copy is rebuilt only when an import changed something: each call reads the
 * per-table revisions in `carga_catalogo` (a handful of rows) and reloads just the tables whose
 * revision moved.
 */
export class ServicioCatalogos {
  private readonly directorio: string;
  private readonly grandes: readonly string[];
  private readonly tamanoPagina: number;
  private readonly importadas = new Map<string, TablaImportada>();
  private actual?: { huella: string; catalogos: CatalogosEnMemoria };
  private enCurso?: { huella: string; promesa: Promise<CatalogosEnMemoria> };
  private readonly avisos?: AvisosBd;
  /** Generation of `carga_catalogo` at which `actual` was last checked against the database. */
  private verificadaEn?: number;
  /** CATALOGOS_ANTIGUEDAD_MAXIMA_DIAS (0: imports are never flagged). */
  readonly antiguedadMaximaDias: number;
  private readonly ahora: () => Date;

  constructor(o: OpcionesServicioCatalogos = {}) {
    this.avisos = o.avisos;
    this.directorio = o.directorio ?? DIRECTORIO_CATALOGOS;
    this.grandes = o.grandes ?? TABLAS_GRANDES.map((t) => t.tabla);
    this.tamanoPagina = o.tamanoPagina ?? 20_000;
    this.antiguedadMaximaDias = o.antiguedadMaximaDias ?? ANTIGUEDAD_MAXIMA_DIAS_POR_DEFECTO;
    this.ahora = o.ahora ?? (() => new Date());
    // Loaded now so a malformed shipped file stops the service at start-up, not at the first RIPS.
    this.incluidas();
  }

  private incluidas(): TablaIncluida[] {
    return [...cargarTablasIncluidas(this.directorio), tablaPais()];
  }

  async obtener(fuente: FuenteEm): Promise<Catalogos> {
    // Read before the query: a notice arriving meanwhile leaves the result unverified.
    const generacion = this.avisos?.vigente ? this.avisos.generacion('carga_catalogo') : undefined;
    if (this.actual && generacion !== undefined && this.verificadaEn === generacion)
      return this.actual.catalogos;
    const em = emDe(fuente);
    const cargas = await leerCargas(em);
    const huella = cargas.map((c) => `${c.tabla}:${c.revision}`).join('|');
    if (this.actual?.huella === huella) {
      this.verificar(generacion);
      return this.actual.catalogos;
    }
    if (this.enCurso?.huella !== huella) {
      const promesa = this.reconstruir(em, cargas).finally(() => {
        if (this.enCurso?.promesa === promesa) this.enCurso = undefined;
      });
      this.enCurso = { huella, promesa };
    }
    const catalogos = await this.enCurso.promesa;
    // The revision read inside each table's snapshot wins: a newer import is picked up next call.
    const huellaReal = cargas.map((c) => `${c.tabla}:${this.importadas.get(c.tabla)?.revision}`).join('|');
    this.actual = { huella: huellaReal, catalogos };
    this.verificadaEn = undefined;
    if (huellaReal === huella) this.verificar(generacion);
    return catalogos;
  }

  /** `actual` matches what the database had at `generacion`, if no notice arrived since. */
  private verificar(generacion: number | undefined): void {
    const vigente =
      generacion !== undefined &&
      this.avisos?.vigente &&
      this.avisos.generacion('carga_catalogo') === generacion;
    this.verificadaEn = vigente ? generacion : undefined;
  }

  private async reconstruir(em: EntityManager, cargas: CargaRegistrada[]): Promise<CatalogosEnMemoria> {
    const vigentes = new Set(cargas.map((c) => c.tabla));
    for (const t of this.importadas.keys()) if (!vigentes.has(t)) this.importadas.delete(t);
    for (const c of cargas) {
      if (this.importadas.get(c.tabla)?.revision === c.revision) continue;
      const t = await this.cargarTabla(em, c.tabla);
      if (t) this.importadas.set(c.tabla, t);
      else this.importadas.delete(c.tabla);
    }
    const catalogos = new CatalogosEnMemoria(
      {},
      { antiguedadMaximaDias: this.antiguedadMaximaDias, ahora: this.ahora },
    );
    for (const t of this.incluidas()) catalogos.poner(t.tabla, enMemoria(t));
    // An imported copy of a shipped table (a newer SISPRO export) replaces the shipped one.
    for (const [tabla, t] of this.importadas) catalogos.poner(tabla, t.datos);
    return catalogos;
  }

  /** All rows of one table and its revision, from one snapshot (an import may commit meanwhile). */
  private async cargarTabla(em: EntityManager, tabla: string): Promise<TablaImportada | undefined> {
    const knex = em.getConnection().getKnex();
    return knex.transaction(
      async (trx) => {
        const sql = `select ${COLUMNAS_CARGA} from carga_catalogo where tabla = ?`;
        const carga = (await trx.raw(sql, [tabla])).rows[0] as FilaCarga | undefined;
        if (!carga) return undefined;
        const filas: EntradaCatalogo[] = [];
        let desde: string | null = null;
        for (;;) {
          const pagina: {
            codigo: string;
            nombre: string;
            habilitado: boolean;
            extra: Record<string, string> | null;
          }[] = (
            await trx.raw(
              `select codigo, nombre, habilitado, extra from fila_catalogo
               where tabla = ? and (?::text is null or codigo > ?) order by codigo limit ?`,
              [tabla, desde, desde, this.tamanoPagina],
            )
          ).rows;
          for (const f of pagina) {
            filas.push({
              codigo: f.codigo,
              nombre: f.nombre,
              habilitado: f.habilitado,
              ...(f.extra ? { extra: f.extra } : {}),
            });
          }
          if (pagina.length < this.tamanoPagina) break;
          desde = pagina[pagina.length - 1]!.codigo;
        }
        const c = aCarga(carga);
        const importadoEn = c.importadoEn.toISOString();
        return {
          revision: c.revision,
          datos: {
            filas,
            fuente: c.fuente,
            fecha: importadoEn,
            importadoEn,
            ...(c.fechaActualizacion ? { fechaActualizacion: c.fechaActualizacion.toISOString() } : {}),
            ...(c.columnas ? { columnas: c.columnas } : {}),
          },
        };
      },
      { isolationLevel: 'repeatable read', readOnly: true },
    );
  }

  /**
   * Every known table, loaded or not, with rows, source and date (for /ready and the CLI); an
   * imported one also with SISPRO's Fecha_Actualizacion, its parts and its age.
   */
  async estados(em: EntityManager): Promise<EstadoCatalogoDetallado[]> {
    const cargas = new Map((await leerCargas(em)).map((c) => [c.tabla, c]));
    const ahora = this.ahora();
    const importada = (c: CargaRegistrada): EstadoCatalogoDetallado => ({
      tabla: c.tabla,
      cargado: true,
      filas: c.filas,
      fuente: c.fuente,
      fecha: c.importadoEn.toISOString(),
      ...(c.fechaActualizacion ? { fechaActualizacion: c.fechaActualizacion.toISOString() } : {}),
      origen: 'importado',
      archivo: c.archivo,
      archivos: c.archivos.length ? c.archivos : [c.archivo],
      importadoEn: c.importadoEn.toISOString(),
      antiguedadDias: diasDesde(c.importadoEn, ahora),
      antigua: esAntigua(c.importadoEn, this.antiguedadMaximaDias, ahora),
    });
    const estados: EstadoCatalogoDetallado[] = [];
    const listadas = new Set<string>();
    for (const t of this.incluidas()) {
      listadas.add(t.tabla);
      const c = cargas.get(t.tabla);
      estados.push(
        c
          ? importada(c)
          : {
              tabla: t.tabla,
              cargado: true,
              filas: t.filas.length,
              fuente: t.fuente,
              ...(t.fecha ? { fecha: t.fecha } : {}),
              origen: 'incluido',
            },
      );
    }
    for (const tabla of this.grandes) {
      if (listadas.has(tabla)) continue;
      listadas.add(tabla);
      const c = cargas.get(tabla);
      estados.push(c ? importada(c) : { tabla, cargado: false, filas: 0, origen: 'ninguno' });
    }
    for (const c of cargas.values()) if (!listadas.has(c.tabla)) estados.push(importada(c));
    return estados;
  }
}
