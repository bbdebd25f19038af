import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { importarCatalogo } from '../src/rips/catalogos/importar.js';
import { enServidor } from './db.js';
import { exportacionCie10 } from './fixtures/cie10.js';
import { ripsValido } from './fixtures/rips.js';
import { iniciarServicio, pedir } from './servidor.js';

let s: Awaited<ReturnType<typeof iniciarServicio>>;
let clave: string;
let aislada: Awaited<ReturnType<typeof enServidor>>;

// Imported catalogs are global to a database: this suite gets its own so others are unaffected.
beforeAll(async () => {
  aislada = await enServidor(inject('databaseUrl'));
  s = await iniciarServicio({ DATABASE_URL: aislada.url });
  clave = (await s.crearEntidad('catalogos')).clave;
});

afterAll(async () => {
  await s?.cerrar();
  await aislada?.limpiar();
});

type Error = { codigo: string; severidad: string; explicacion: string; ubicacion: { ruta: string } };

const validar = async () =>
  (
    await pedir(s.url, '/rips/validar', {
      cuerpo: { rips: ripsValido(), fechaEvaluacion: '2026-11-01T12:00:00Z' },
      cabeceras: { 'X-Api-Key': clave },
    })
  ).body as { valid: boolean; errores: Error[] };

const estadoCie10 = async () =>
  (
    (await pedir(s.url, '/ready')).body.catalogos as { tabla: string; cargado: boolean; filas: number }[]
  ).find((c) => c.tabla === 'CIE10');

describe('catálogos grandes en la validación', () => {
  it('sin CIE10 cargado: solo formato y una nota informativa que lo nombra; con CIE10: existencia', async () => {
    const sin = await validar();
    expect(sin.valid).toBe(true);
    const nota = sin.errores.find((e) => e.codigo === 'CAT01' && e.explicacion.includes('CIE10'));
    expect(nota).toMatchObject({ severidad: 'informativo' });
    expect(nota!.explicacion).toContain('RVG06');
    expect((await estadoCie10())?.cargado).toBe(false);

    // Every diagnosis of the fixture except Z380 (the newborn's).
    const archivo = await exportacionCie10();
    const avisos = s.servicio.servicios.avisos;
    const generacion = avisos.generacion('carga_catalogo');
    const r = await importarCatalogo(s.em(), archivo);
    expect(r.importadas).toBe(4);
    // Raw SQL, as from the CLI in another process: the service sees it once the NOTIFY arrives.
    for (const limite = Date.now() + 2000; avisos.generacion('carga_catalogo') === generacion; ) {
      expect(Date.now()).toBeLessThan(limite);
      await new Promise((r) => setTimeout(r, 10));
    }

    const con = await validar();
    expect(con.errores.some((e) => e.codigo === 'CAT01' && e.explicacion.includes('CIE10'))).toBe(false);
    const rvg06 = con.errores.filter((e) => e.codigo === 'RVG06');
    expect(rvg06.map((e) => e.ubicacion.ruta)).toEqual([
      'usuarios[0].servicios.recienNacidos[0].codDiagnosticoPrincipal',
    ]);
    expect(rvg06[0]!.explicacion).toContain('Z380');
    expect(con.valid).toBe(false);
    expect(await estadoCie10()).toMatchObject({ cargado: true, filas: 4 });
  });
});
