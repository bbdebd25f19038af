import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { usarBdAislada } from '../../../test/bd-aislada.js';
import { capturarSalida } from '../../../test/fixtures/salida-cli.js';
import { escribirTxtSispro, escribirXlsxSispro, nombreSispro } from '../../../test/sispro/archivos.js';
import {
  crearProgreso,
  type DependenciasCatalogos,
  rutaArchivo,
  textoEstadosCatalogos,
} from '../../cli/catalogos.js';
import { ejecutarCli } from '../../cli/programa.js';
import { ServicioCredenciales } from '../../entidades/credenciales.js';
import { ServicioEntidades } from '../../entidades/servicio.js';
import type { EstadoCatalogoDetallado } from './servicio.js';

const bd = usarBdAislada('cli-catalogo-');
const sufijo = `${process.pid}x${Date.now().toString(36)}`;

function deps(
  env: Record<string, string> = {},
  extra: Partial<DependenciasCatalogos> = {},
  antiguedadMaximaDias?: number,
) {
  const { salida, escritor } = capturarSalida();
  const d: DependenciasCatalogos = {
    errEsTerminal: false,
    ...extra,
    ejecutar: async (fn) =>
      fn({
        em: bd.orm().em.fork(),
        entidades: new ServicioEntidades(),
        credenciales: new ServicioCredenciales(randomBytes(32)),
        migracionesAplicadas: [],
        ...(antiguedadMaximaDias === undefined ? {} : { catalogos: { antiguedadMaximaDias } }),
      }),
    salida: escritor,
    env,
    leerLineas: async () => [],
  };
  return { d, salida };
}

describe('cli: catalogo', () => {
  it('importar: resumen en texto con los rechazos, y la ruta relativa se toma de INIT_CWD', async () => {
    const tabla = `CliTexto${sufijo}`;
    await writeFile(
      path.join(bd.dir(), 'export.csv'),
      'Código;Nombre;Habilitado\nA1;Uno;SI\n;Sin código;SI\nA1;Otra vez;SI\nA2;Dos;NO\n',
    );
    const { d, salida } = deps({ INIT_CWD: bd.dir() });
    expect(await ejecutarCli(['catalogo', 'importar', 'export.csv', '--tabla', tabla], d)).toBe(0);
    expect(salida.out).toContain(`Tabla ${tabla} importada desde export.csv (CSV, utf-8, delimitador «;»).`);
    expect(salida.out).toMatch(/filas leídas:\s+4\n/);
    expect(salida.out).toMatch(/importadas:\s+2\n/);
    expect(salida.out).toMatch(/rechazadas:\s+2\n/);
    expect(salida.out).toContain('  - Código vacío: 1\n');
    expect(salida.out).toContain(
      '  - línea 4 (código A1): El código ya aparece en la línea 2; se conserva la primera.\n',
    );
  });

  it('importar --json y listar --json / texto', async () => {
    const tabla = `CliJson${sufijo}`;
    const ruta = path.join(bd.dir(), 'json.csv');
    await writeFile(ruta, 'Código,Nombre\nX,Equis\n');
    const imp = deps();
    expect(await ejecutarCli(['catalogo', 'importar', ruta, '--tabla', tabla, '--json'], imp.d)).toBe(0);
    expect(JSON.parse(imp.salida.out)).toMatchObject({ tabla, leidas: 1, importadas: 1, rechazadas: 0 });

    const lista = deps();
    expect(await ejecutarCli(['catalogo', 'listar', '--json'], lista.d)).toBe(0);
    const estados = JSON.parse(lista.salida.out) as { tabla: string; cargado: boolean; origen: string }[];
    expect(estados.find((e) => e.tabla === tabla)).toMatchObject({
      cargado: true,
      origen: 'importado',
      filas: 1,
    });
    expect(estados.find((e) => e.tabla === 'Sexo')).toMatchObject({ cargado: true, origen: 'incluido' });
    expect(estados.some((e) => e.tabla === 'CIE10')).toBe(true);

    const texto = deps();
    expect(await ejecutarCli(['catalogo', 'listar'], texto.d)).toBe(0);
    expect(texto.salida.out).toMatch(
      /^TABLA\s+ESTADO\s+FILAS\s+FECHA\s+ACTUALIZADA EN SISPRO\s+ARCHIVO \/ CONTENIDO\n/,
    );
    expect(texto.salida.out).toMatch(/\nSexo\s+incluida\s+3\s+2026-07-16\s+—\s*\n/);
    expect(texto.salida.out).toMatch(
      new RegExp(`\\n${tabla}\\s+importada\\s+1\\s+\\d{4}-\\d{2}-\\d{2} [\\d:]+ UTC\\s+—\\s+json\\.csv\\n`),
    );
  });

  it('errores: archivo inexistente (código 1) y falta el argumento (código 2)', async () => {
    const a = deps();
    expect(await ejecutarCli(['catalogo', 'importar', path.join(bd.dir(), 'nada.csv')], a.d)).toBe(1);
    expect(a.salida.err).toBe(`Error: El archivo «${path.join(bd.dir(), 'nada.csv')}» no existe.\n`);
    const b = deps();
    expect(await ejecutarCli(['catalogo', 'importar'], b.d)).toBe(2);
    expect(b.salida.err).toContain("falta el argumento obligatorio 'archivo'");
  });

  it('rutaArchivo resuelve rutas relativas desde INIT_CWD y respeta las absolutas', () => {
    expect(rutaArchivo('a.csv', { INIT_CWD: '/datos' })).toBe('/datos/a.csv');
    expect(rutaArchivo('/x/a.csv', { INIT_CWD: '/datos' })).toBe('/x/a.csv');
  });

  it('importar una carpeta: un resultado por tabla, los archivos no leídos y un resumen; código 1 si una tabla falla', async () => {
    const carpeta = path.join(bd.dir(), 'descargas');
    await mkdir(carpeta);
    const a = `CliA${sufijo}`;
    const b = `CliB${sufijo}`;
    await escribirXlsxSispro(path.join(carpeta, nombreSispro(a, 1)), {
      tabla: a,
      filas: [{ codigo: '01', nombre: 'Uno' }],
    });
    await escribirXlsxSispro(path.join(carpeta, nombreSispro(a, 2)), {
      tabla: a,
      filas: [{ codigo: '02', nombre: 'Dos' }],
    });
    await escribirTxtSispro(path.join(carpeta, nombreSispro(b, 1, 'txt')), {
      tabla: b,
      etiquetas: { I: 'Sexo' },
      filas: [{ codigo: '004', nombre: 'Cuatro', extra: { I: 'F' } }],
    });
    await writeFile(path.join(carpeta, 'notas.md'), '# notas');

    const bien = deps({ INIT_CWD: bd.dir() });
    expect(await ejecutarCli(['catalogo', 'importar', 'descargas'], bien.d)).toBe(0);
    expect(bien.salida.out).toContain(
      `Tabla ${a} importada desde ${nombreSispro(a, 1)}, ${nombreSispro(a, 2)} (XLSX, hoja «Table»).\n` +
        `  partes:            ${nombreSispro(a, 1)} (1 filas), ${nombreSispro(a, 2)} (1 filas)\n` +
        '  filas leídas:      2\n',
    );
    expect(bien.salida.out).toContain(
      `Tabla ${b} importada desde ${nombreSispro(b, 1, 'txt')} (CSV, utf-8, delimitador «;»).\n`,
    );
    expect(bien.salida.out).toContain('  actualizada en SISPRO: 2025-05-03 18:47:52 UTC\n');
    expect(bien.salida.out).toContain('  columnas Extra:    I Sexo\n');
    expect(bien.salida.out).toContain('Archivos no leídos:\n  - notas.md: no es .xlsx, .txt ni .csv\n');
    expect(bien.salida.out).toMatch(
      new RegExp(`Resumen: 2 tablas importadas \\(${a}, ${b}\\), 1 archivo no leído\\.\\n$`),
    );
    expect(bien.salida.err).toBe('');

    await writeFile(path.join(carpeta, 'malo.csv'), 'Tabla;Nombre\nX;Y\n');
    const mal = deps({ INIT_CWD: bd.dir() });
    expect(await ejecutarCli(['catalogo', 'importar', 'descargas', '--json'], mal.d)).toBe(1);
    const json = JSON.parse(mal.salida.out) as {
      importadas: { tabla: string; importadas: number; revision: number }[];
      fallidas: { archivos: string[]; mensaje: string }[];
      ignorados: { archivo: string; motivo: string }[];
    };
    expect(json.importadas.map((i) => [i.tabla, i.importadas, i.revision])).toEqual([
      [a, 2, 2],
      [b, 1, 2],
    ]);
    expect(json.fallidas).toMatchObject([
      { archivos: ['malo.csv'], mensaje: expect.stringContaining('«Código»') },
    ]);
    expect(json.ignorados).toEqual([
      { archivo: path.join(carpeta, 'notas.md'), motivo: 'no es .xlsx, .txt ni .csv' },
    ]);
    expect(mal.salida.err).toBe('Error: No se importó 1 tabla (vea el detalle arriba); las demás sí.\n');
  });

  it('varios archivos sueltos y --tabla para todos', async () => {
    const tabla = `CliVarios${sufijo}`;
    const uno = path.join(bd.dir(), 'uno.csv');
    const dos = path.join(bd.dir(), 'dos.csv');
    await writeFile(uno, 'Codigo;Nombre\nA;a\n');
    await writeFile(dos, 'Codigo;Nombre\nB;b\nA;otra\n');
    const r = deps();
    expect(await ejecutarCli(['catalogo', 'importar', uno, dos, '--tabla', tabla], r.d)).toBe(0);
    expect(r.salida.out).toContain(`Tabla ${tabla} importada desde uno.csv, dos.csv`);
    expect(r.salida.out).toContain(
      '  - dos.csv, línea 3 (código A): El código ya aparece en la línea 2 de uno.csv; se conserva la primera.\n',
    );
    expect(r.salida.out).toMatch(/Resumen: 1 tabla importada \(CliVarios[^)]*\)\.\n$/);
  });

  describe('progreso en la terminal', () => {
    async function grande(nombre: string, tabla: string): Promise<string> {
      const ruta = path.join(bd.dir(), nombre);
      const filas = Array.from({ length: 3500 }, (_, i) => `${tabla};C${i};Nombre ${i}`);
      await writeFile(ruta, `Tabla;Codigo;Nombre\n${filas.join('\n')}\n`);
      return ruta;
    }
    /** A clock that advances 400 ms on every reading. */
    const reloj = () => {
      let t = 0;
      return () => {
        t += 400;
        return t;
      };
    };

    it('en una terminal: filas leídas y filas/s en una línea que se reescribe, y se borra al terminar', async () => {
      const tabla = `CliProg${sufijo}`;
      const ruta = await grande('progreso.csv', tabla);
      const r = deps({}, { errEsTerminal: true, ahora: reloj() });
      expect(await ejecutarCli(['catalogo', 'importar', ruta], r.d)).toBe(0);
      // Start at 800 ms; readings at 1000, 2000 and 3000 rows (1200, 1600, 2000 ms): only the last is a
      // second after the start, 3000 rows in 1.2 s.
      expect(r.salida.err).toBe(
        `\r\x1b[2K  ${tabla} (progreso.csv): 3.000 filas leídas, 2.500 filas/s\r\x1b[2K`,
      );
      expect(r.salida.out).toContain(`Tabla ${tabla} importada desde progreso.csv`);
    });

    it('sin terminal o con --json no escribe nada en stderr', async () => {
      const tabla = `CliMudo${sufijo}`;
      const ruta = await grande('mudo.csv', tabla);
      const sinTty = deps({}, { errEsTerminal: false, ahora: reloj() });
      expect(await ejecutarCli(['catalogo', 'importar', ruta], sinTty.d)).toBe(0);
      expect(sinTty.salida.err).toBe('');
      const json = deps({}, { errEsTerminal: true, ahora: reloj() });
      expect(await ejecutarCli(['catalogo', 'importar', ruta, '--json'], json.d)).toBe(0);
      expect(json.salida.err).toBe('');
      expect(JSON.parse(json.salida.out)).toMatchObject({ tabla, leidas: 3500 });
    });

    it('crearProgreso: como mucho una vez por segundo, con el promedio de filas/s de la tabla', () => {
      const escrito: string[] = [];
      let t = 10_000;
      const p = crearProgreso(
        (x) => escrito.push(x),
        () => t,
      );
      p.empezar();
      t += 500;
      p.avance({ tabla: 'CIE10', archivo: 'a.xlsx', leidas: 1000 });
      t += 700;
      p.avance({ tabla: 'CIE10', archivo: 'a.xlsx', leidas: 250_000 });
      t += 100;
      p.avance({ tabla: 'CIE10', archivo: 'a.xlsx', leidas: 260_000 });
      p.terminar();
      p.terminar();
      expect(escrito).toEqual([
        '\r\x1b[2K  CIE10 (a.xlsx): 250.000 filas leídas, 208.333 filas/s',
        '\r\x1b[2K',
      ]);
    });
  });
});

const DIA = 86_400_000;

/** A table imported `dias` days ago from two parts, whose rows SISPRO last changed on 2025-05-03. */
async function importadaHace(tabla: string, dias: number): Promise<void> {
  const ruta = path.join(bd.dir(), `${tabla}.csv`);
  await writeFile(ruta, 'Código;Nombre;Habilitado\nA1;Uno;SI\nA2;Dos;SI\n');
  const { d } = deps();
  expect(await ejecutarCli(['catalogo', 'importar', ruta, '--tabla', tabla, '--json'], d)).toBe(0);
  // The columns issue 33's importer fills, set as it would.
  await bd
    .em()
    .getConnection()
    .execute(
      `update carga_catalogo set importado_en = ?, fecha_actualizacion = '2025-05-03T18:47:52Z',
         archivos = ?::text[] where tabla = ?`,
      [
        new Date(Date.now() - dias * DIA).toISOString(),
        `{TablaReferencia_${tabla}__1.xlsx,TablaReferencia_${tabla}__2.xlsx}`,
        tabla,
      ],
    );
}

describe('catalogo listar: fechas y antigüedad', () => {
  it('texto: fecha de importación, Fecha_Actualizacion de SISPRO, las partes y la marca «antigua» con qué hacer', async () => {
    await importadaHace('Vieja', 200);
    await importadaHace('Reciente', 5);
    const { d, salida } = deps({}, {}, 30);
    expect(await ejecutarCli(['catalogo', 'listar'], d)).toBe(0);
    expect(salida.out).toMatch(
      /\nVieja\s+importada, antigua\s+2\s+\d{4}-\d{2}-\d{2} [\d:]+ UTC\s+2025-05-03\s+TablaReferencia_Vieja__1\.xlsx, TablaReferencia_Vieja__2\.xlsx\n/,
    );
    expect(salida.out).toMatch(/\nReciente\s+importada\s+2\s+\d{4}-\d{2}-\d{2} [\d:]+ UTC\s+2025-05-03\s+/);
    expect(salida.out).toContain(
      '\n1 tabla importada hace más de 30 días (CATALOGOS_ANTIGUEDAD_MAXIMA_DIAS): Vieja (hace 200 días).\n' +
        'Descargue de SISPRO la exportación actual e impórtela de nuevo: catalogo importar <carpeta>\n',
    );

    const json = deps({}, {}, 30);
    expect(await ejecutarCli(['catalogo', 'listar', '--json'], json.d)).toBe(0);
    const estados = JSON.parse(json.salida.out) as EstadoCatalogoDetallado[];
    expect(estados.find((e) => e.tabla === 'Vieja')).toMatchObject({
      origen: 'importado',
      fechaActualizacion: '2025-05-03T18:47:52.000Z',
      importadoEn: expect.any(String),
      archivos: ['TablaReferencia_Vieja__1.xlsx', 'TablaReferencia_Vieja__2.xlsx'],
      antiguedadDias: 200,
      antigua: true,
    });
    expect(estados.find((e) => e.tabla === 'Reciente')).toMatchObject({ antiguedadDias: 5, antigua: false });

    // Default (90 days) without the setting in the context; 0 turns the mark off.
    const porDefecto = deps();
    expect(await ejecutarCli(['catalogo', 'listar'], porDefecto.d)).toBe(0);
    expect(porDefecto.salida.out).toContain('hace más de 90 días (CATALOGOS_ANTIGUEDAD_MAXIMA_DIAS): Vieja');
    const apagado = deps({}, {}, 0);
    expect(await ejecutarCli(['catalogo', 'listar'], apagado.d)).toBe(0);
    expect(apagado.salida.out).not.toContain('antigua');
    expect(apagado.salida.out).not.toContain('CATALOGOS_ANTIGUEDAD_MAXIMA_DIAS');
  });

  it('textoEstadosCatalogos: varias antiguas en una línea; sin Fecha_Actualizacion, «—»', () => {
    const importada = (tabla: string, dias: number, antigua: boolean): EstadoCatalogoDetallado => ({
      tabla,
      cargado: true,
      filas: 1,
      fecha: '2026-01-01T00:00:00.000Z',
      origen: 'importado',
      archivo: `${tabla}.txt`,
      archivos: [`${tabla}.txt`],
      importadoEn: '2026-01-01T00:00:00.000Z',
      antiguedadDias: dias,
      antigua,
    });
    const texto = textoEstadosCatalogos(
      [importada('CIE10', 120, true), importada('CUPSRips', 95, true), importada('Municipio', 3, false)],
      90,
    );
    expect(texto).toMatch(/\nCIE10\s+importada, antigua\s+1\s+2026-01-01 00:00:00 UTC\s+—\s+CIE10\.txt\n/);
    expect(texto).toMatch(/\nMunicipio\s+importada\s+1\s+2026-01-01 00:00:00 UTC\s+—\s+Municipio\.txt\n/);
    expect(texto).toContain(
      '2 tablas importadas hace más de 90 días (CATALOGOS_ANTIGUEDAD_MAXIMA_DIAS): CIE10 (hace 120 días), CUPSRips (hace 95 días).',
    );
  });
});
