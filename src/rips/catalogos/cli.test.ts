import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { usarBdAislada } from '../../../test/bd-aislada.js';
import { rutaArchivo } from '../../cli/catalogos.js';
import { type Dependencias, ejecutarCli } from '../../cli/programa.js';
import { ServicioCredenciales } from '../../entidades/credenciales.js';
import { ServicioEntidades } from '../../entidades/servicio.js';

const bd = usarBdAislada('cli-catalogo-');
const sufijo = `${process.pid}x${Date.now().toString(36)}`;

function deps(env: Record<string, string> = {}) {
  const salida = { out: '', err: '' };
  const d: Dependencias = {
    ejecutar: async (fn) =>
      fn({
        em: bd.orm().em.fork(),
        entidades: new ServicioEntidades(),
        credenciales: new ServicioCredenciales(randomBytes(32)),
        migracionesAplicadas: [],
      }),
    salida: {
      out: (t) => {
        salida.out += t;
      },
      err: (t) => {
        salida.err += t;
      },
    },
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
    expect(texto.salida.out).toMatch(/^TABLA\s+ESTADO\s+FILAS\s+FECHA\s+ARCHIVO \/ CONTENIDO\n/);
    expect(texto.salida.out).toMatch(/\nSexo\s+incluida\s+3\s+2026-07-16\s*\n/);
    expect(texto.salida.out).toMatch(
      new RegExp(`\\n${tabla}\\s+importada\\s+1\\s+\\d{4}-\\d{2}-\\d{2} [\\d:]+ UTC\\s+json\\.csv\\n`),
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
});
