import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { iniciarPostgresEmbebido } from '../src/db/embedded.js';
import { crearOrm, migrar } from '../src/db/orm.js';
import {
  ETIQUETAS_CUPS,
  escribirTxtSispro,
  escribirXlsxSispro,
  type FilaSispro,
  nombreSispro,
} from '../test/sispro/archivos.js';
import { mediana } from './estadistica.js';
import { guardarSalida } from './salida.js';
import { puertoLibre } from './servidor-hijo.js';

/**
 * Issue 33: `catalogo importar` of a 500 000-row table in SISPRO's layout (the XLSX its server
 * writes and the TXT), into the embedded PostgreSQL (persistent, as in production). Each run is a
 * process of its own: import time, rows/s and the process's peak RSS; `leer` reads the file alone.
 * BENCH_FILAS=500000 · BENCH_REPETICIONES=3 · BENCH_FORMATOS=xlsx,txt · BENCH_NODE_FLAGS (of the
 * measured processes, e.g. `--max-old-space-size=64` to show how little of the peak is live memory).
 */
const FILAS = Number(process.env.BENCH_FILAS ?? 500_000);
const REPETICIONES = Number(process.env.BENCH_REPETICIONES ?? 3);
const FORMATOS = (process.env.BENCH_FORMATOS ?? 'xlsx,txt').split(',') as ('xlsx' | 'txt')[];
const TABLA = 'CUPSRips';
const BANDERAS = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);

/** CUPSRips-like rows: six-digit codes, a long distinct name, SISPRO's extra columns and dates. */
function* filas(): Generator<FilaSispro> {
  for (let i = 0; i < FILAS; i++) {
    yield {
      codigo: String(100_000 + i),
      nombre: `PROCEDIMIENTO DE PRUEBA NÚMERO ${i} SOBRE ESTRUCTURA ANATÓMICA ${i % 997}`,
      descripcion: i % 3 === 0 ? `Descripción del procedimiento ${i}` : undefined,
      habilitado: i % 10 === 9 ? 'NO' : 'SI',
      extra: {
        I: i % 4 === 0 ? 'AC' : 'AP',
        II: i % 2 ? 'S' : 'N',
        III: '0',
        IV: '120',
        VI: ['F', 'M', 'A'][i % 3]!,
        VII: 'A',
        VIII: 'E',
        IX: String((i % 17) + 1).padStart(2, '0'),
        X: 'N',
      },
      usuarioResponsable: 'usuario.sispro',
      fechaActualizacion: `2025-0${(i % 9) + 1}-1${i % 10} 0${(i % 9) + 1}:47:52 ${i % 2 ? 'PM' : 'AM'}`,
    };
  }
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-catalogos-'));
const pg = await iniciarPostgresEmbebido({
  dir: path.join(dir, 'datos'),
  port: await puertoLibre(),
  database: 'motor',
  persistente: true,
  aviso: () => {},
});
try {
  const orm = await crearOrm({ url: pg.url, timeoutConexionMs: 5000 });
  await migrar(orm);
  await orm.close(true);

  const archivos: Record<string, { ruta: string; MB: number; generadoS: number }> = {};
  for (const formato of FORMATOS) {
    const ruta = path.join(dir, nombreSispro(TABLA, 1, formato));
    const t = Date.now();
    const contenido = { tabla: TABLA, etiquetas: ETIQUETAS_CUPS, filas: filas() };
    if (formato === 'xlsx') await escribirXlsxSispro(ruta, contenido);
    else await escribirTxtSispro(ruta, contenido);
    archivos[formato] = {
      ruta,
      MB: Number((statSync(ruta).size / 1024 / 1024).toFixed(1)),
      generadoS: Math.round((Date.now() - t) / 1000),
    };
    console.log(`${formato}: ${archivos[formato]!.MB} MB, generado en ${archivos[formato]!.generadoS} s`);
  }

  const correr = (modo: 'leer' | 'importar', ruta: string) => {
    const salida = execFileSync(
      process.execPath,
      [...BANDERAS, 'dist/bench/importar-catalogos-hijo.js', modo, ruta],
      {
        env: { ...process.env, BENCH_BD_URL: pg.url },
        encoding: 'utf8',
        maxBuffer: 1 << 20,
      },
    );
    return JSON.parse(salida.trim().split('\n').at(-1)!) as {
      filas: number;
      importadas?: number;
      ms: number;
      filasPorSegundo: number;
      rssInicialMB: number;
      rssPicoMB: number;
    };
  };

  const resultados: Record<string, unknown>[] = [];
  for (const formato of FORMATOS) {
    for (const modo of ['leer', 'importar'] as const) {
      const medidas = Array.from({ length: REPETICIONES }, () => correr(modo, archivos[formato]!.ruta));
      if (modo === 'importar' && medidas.some((m) => m.importadas !== FILAS)) {
        throw new Error(`importadas ${medidas.map((m) => m.importadas)} de ${FILAS}`);
      }
      const fila = {
        formato,
        modo,
        MB: archivos[formato]!.MB,
        filas: medidas[0]!.filas,
        s: Number((mediana(medidas.map((m) => m.ms)) / 1000).toFixed(1)),
        filasPorSegundo: mediana(medidas.map((m) => m.filasPorSegundo)),
        rssInicialMB: mediana(medidas.map((m) => m.rssInicialMB)),
        rssPicoMB: Math.max(...medidas.map((m) => m.rssPicoMB)),
        corridasS: medidas.map((m) => Number((m.ms / 1000).toFixed(1))),
      };
      console.log(JSON.stringify(fila));
      resultados.push(fila);
    }
  }
  console.table(resultados);
  guardarSalida(`importar-catalogos${BANDERAS.length ? '-banderas' : ''}`, {
    filas: FILAS,
    repeticiones: REPETICIONES,
    banderas: BANDERAS.join(' '),
    resultados,
  });
} finally {
  await pg.detener();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
