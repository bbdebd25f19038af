import type pg from 'pg';
import type { TablaEnMemoria } from '../src/rips/catalogos/memoria.js';
import type { ColumnasExtra, EntradaCatalogo } from '../src/rips/catalogos/tipos.js';
import type { Registro } from '../src/rips/tipos.js';
import { ripsValido } from '../test/fixtures/rips.js';
import {
  ETIQUETAS_CIE10,
  ETIQUETAS_CUMS,
  ETIQUETAS_CUPS,
  ETIQUETAS_FINALIDAD_CUPS,
  ETIQUETAS_FINALIDAD_SEXO_EDAD,
  ETIQUETAS_IUM,
} from '../test/sispro/archivos.js';
import { mulberry32 } from './generar-rips.js';

/*
 * BENCH_CATALOGOS=grandes: the large SISPRO tables the table-driven rules read, generated at the
 * sizes of SISPRO's 2025 exports (IUM excepted, see FILAS) and in their layout (labels of the Extra_* headers, codes as text,
 * Codigo a row number where the table has no code of its own). Every code the benchmark's RIPS
 * (bench/generar-rips.ts, from ripsValido) uses is in them and fits them, so the rules walk their
 * whole path (lookups that hit) without flooding the answer with findings; the rest is filler.
 */

const FILAS = {
  CIE10: 14_000,
  CUPSRips: 14_000,
  CatalogoCUMs: 164_000,
  // Not sized to SISPRO's: RVC063/RVC064 run only with IUM loaded too, so a small one is enough.
  IUM: 1_000,
  FinalidadCUPS: 990,
} as const;

const COLUMNAS: Readonly<Record<string, ColumnasExtra>> = {
  CIE10: ETIQUETAS_CIE10,
  CUPSRips: ETIQUETAS_CUPS,
  CatalogoCUMs: ETIQUETAS_CUMS,
  IUM: ETIQUETAS_IUM,
  FinalidadSexoEdad: ETIQUETAS_FINALIDAD_SEXO_EDAD,
  FinalidadCUPS: ETIQUETAS_FINALIDAD_CUPS,
};

const fila = (codigo: string, extra: Record<string, string>): EntradaCatalogo => ({
  codigo,
  nombre: `Nombre ${codigo}`,
  habilitado: true,
  extra,
});

/** The codes the benchmark's RIPS uses, by kind. */
function codigosDelRips() {
  const cie = new Set<string>();
  const cups = new Map<string, string>();
  const cums = new Set<string>();
  const pares = new Set<string>();
  for (const u of ripsValido().usuarios as Registro[]) {
    for (const [tipo, lista] of Object.entries(u.servicios as Record<string, Registro[]>)) {
      for (const r of lista) {
        for (const [k, v] of Object.entries(r))
          if (typeof v === 'string' && /^cod(Diagnostico|Complicacion)/.test(k) && !k.endsWith('CIE11'))
            cie.add(v);
        const codigo =
          tipo === 'consultas'
            ? r.codConsulta
            : tipo === 'procedimientos'
              ? r.codProcedimiento
              : tipo === 'otrosServicios' && r.tipoOS !== '01'
                ? r.codTecnologiaSalud
                : undefined;
        if (typeof codigo === 'string') {
          cups.set(codigo, tipo === 'consultas' ? 'AC' : tipo === 'procedimientos' ? 'AP' : 'AT');
          if (typeof r.finalidadTecnologiaSalud === 'string')
            pares.add(`${r.finalidadTecnologiaSalud}|${codigo}`);
        }
        if (tipo === 'medicamentos' && typeof r.codTecnologiaSalud === 'string')
          cums.add(r.codTecnologiaSalud);
      }
    }
  }
  return { cie, cups, cums, pares };
}

/** CIE10, CUPSRips, CatalogoCUMs, IUM, FinalidadSexoEdad and FinalidadCUPS, as an import leaves them. */
export function catalogosGrandes(): Record<string, TablaEnMemoria> {
  const azar = mulberry32(0x5eed_0033);
  const usados = codigosDelRips();
  const tabla = (nombre: string, filas: EntradaCatalogo[]): TablaEnMemoria => ({
    filas,
    columnas: COLUMNAS[nombre],
    fuente: 'bench (generada)',
  });

  const cie10: EntradaCatalogo[] = [...usados.cie].map((c) =>
    fila(c, { I: '3', II: '0', III: '999', X: 'A' }),
  );
  for (let i = 0; cie10.length < FILAS.CIE10; i++) {
    const codigo = `${String.fromCharCode(65 + (i % 26))}${String(Math.floor(i / 26) % 1000).padStart(3, '0')}`;
    if (usados.cie.has(codigo)) continue;
    const sexo = azar() < 0.1 ? (azar() < 0.5 ? 'F' : 'M') : 'A';
    cie10.push(
      fila(codigo, { I: sexo === 'M' ? '1' : sexo === 'F' ? '2' : '3', II: '0', III: '999', X: sexo }),
    );
  }

  const USOS = ['AC', 'AP', 'AT'];
  const cupsRips: EntradaCatalogo[] = [...usados.cups].map(([c, uso]) =>
    fila(c, { I: uso, II: 'N', VI: 'Z', VII: 'Z', VIII: 'Z', IX: '01' }),
  );
  for (let i = 0; cupsRips.length < FILAS.CUPSRips; i++) {
    const codigo = String(100_000 + i * 61);
    if (usados.cups.has(codigo)) continue;
    cupsRips.push(
      fila(codigo, { I: USOS[i % 3]!, II: 'N', VI: 'Z', VII: 'Z', VIII: 'Z', IX: i % 5 ? '01' : '01-05' }),
    );
  }

  const cums: EntradaCatalogo[] = [...usados.cums].map((c) => fila(c, { I: 'NO', II: 'N02BE01' }));
  for (let i = 0; cums.length < FILAS.CatalogoCUMs; i++) {
    const codigo = `${19_900_000 + Math.floor(i / 4)}-${(i % 4) + 1}`;
    if (!usados.cums.has(codigo)) cums.push(fila(codigo, { I: 'NO', II: 'N02BE01', V: 'PRINCIPIO' }));
  }

  const ium: EntradaCatalogo[] = [];
  for (let i = 0; ium.length < FILAS.IUM; i++) {
    ium.push(
      fila(`1${String(i).padStart(12, '0')}`, { I: `1${String(i).padStart(5, '0')}`, II: 'PRINCIPIO' }),
    );
  }

  // One row per finality 11–44 (SISPRO's Sexo coding: an H row, pregnancy ones M = mujer).
  const finalidadSexoEdad: EntradaCatalogo[] = [];
  for (let f = 11; f <= 44; f++) {
    const sexo = f >= 23 && f <= 25 ? 'M' : f === 43 ? 'H' : 'A';
    finalidadSexoEdad.push(
      fila(String(f - 10), { I: String(f), II: sexo, III: '0', IV: '120', V: 'SI', VI: 'SI' }),
    );
  }

  const finalidadCups: EntradaCatalogo[] = [];
  for (const par of usados.pares) {
    const [finalidad, cups] = par.split('|') as [string, string];
    finalidadCups.push(fila(String(finalidadCups.length + 1), { I: finalidad, II: cups }));
  }
  for (let i = 0; finalidadCups.length < FILAS.FinalidadCUPS; i++) {
    finalidadCups.push(
      fila(String(finalidadCups.length + 1), { I: String(11 + (i % 34)), II: String(100_000 + i * 61) }),
    );
  }

  return {
    CIE10: tabla('CIE10', cie10),
    CUPSRips: tabla('CUPSRips', cupsRips),
    CatalogoCUMs: tabla('CatalogoCUMs', cums),
    IUM: tabla('IUM', ium),
    FinalidadSexoEdad: tabla('FinalidadSexoEdad', finalidadSexoEdad),
    FinalidadCUPS: tabla('FinalidadCUPS', finalidadCups),
  };
}

/** Writes the tables into a benchmark server's database, as an import would leave them. */
export async function cargarCatalogosGrandes(
  bd: pg.Client,
  tablas: Record<string, TablaEnMemoria>,
): Promise<void> {
  for (const [nombre, t] of Object.entries(tablas)) {
    await bd.query('begin');
    await bd.query('delete from fila_catalogo where tabla = $1', [nombre]);
    for (let i = 0; i < t.filas.length; i += 5000) {
      const lote = t.filas.slice(i, i + 5000);
      await bd.query(
        `insert into fila_catalogo (tabla, codigo, nombre, habilitado, extra)
         select $1, * from unnest($2::text[], $3::text[], $4::boolean[], $5::jsonb[])`,
        [
          nombre,
          lote.map((f) => f.codigo),
          lote.map((f) => f.nombre),
          lote.map((f) => f.habilitado),
          lote.map((f) => JSON.stringify(f.extra ?? {})),
        ],
      );
    }
    await bd.query(
      `insert into carga_catalogo (tabla, archivo, filas, importado_en, fuente, revision, columnas)
       values ($1, $2, $3, now(), $4, 1, $5)
       on conflict (tabla) do update set archivo = excluded.archivo, filas = excluded.filas,
         importado_en = excluded.importado_en, fuente = excluded.fuente,
         revision = carga_catalogo.revision + 1, columnas = excluded.columnas`,
      [
        nombre,
        `TablaReferencia_${nombre}__1.xlsx`,
        t.filas.length,
        t.fuente ?? 'bench',
        JSON.stringify(t.columnas ?? {}),
      ],
    );
    await bd.query('commit');
  }
}
