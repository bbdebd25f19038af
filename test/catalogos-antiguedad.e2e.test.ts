import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { importarCatalogo } from '../src/rips/catalogos/importar.js';
import { enServidor } from './db.js';
import { exportacionCie10 } from './fixtures/cie10.js';
import { ripsValido } from './fixtures/rips.js';
import { iniciarServicio, pedir } from './servidor.js';

let s: Awaited<ReturnType<typeof iniciarServicio>>;
let clave: string;
let aislada: Awaited<ReturnType<typeof enServidor>>;

// Imported catalogs are global to a database: this suite gets its own.
beforeAll(async () => {
  aislada = await enServidor(inject('databaseUrl'));
  s = await iniciarServicio({ DATABASE_URL: aislada.url, CATALOGOS_ANTIGUEDAD_MAXIMA_DIAS: '30' });
  clave = (await s.crearEntidad('antiguedad')).clave;
});

afterAll(async () => {
  await s?.cerrar();
  await aislada?.limpiar();
});

type Nota = { codigo: string; titulo: string; explicacion: string; comoCorregir: string };

const cat01 = async () =>
  (
    (
      await pedir(s.url, '/rips/validar', {
        cuerpo: { rips: ripsValido(), fechaEvaluacion: '2026-11-01T12:00:00Z' },
        cabeceras: { 'X-Api-Key': clave },
      })
    ).body as { errores: Nota[] }
  ).errores.filter((e) => e.codigo === 'CAT01');

const listo = async () => (await pedir(s.url, '/ready')).body;

/** SQL from another process: the service sees it once the NOTIFY arrives. */
async function enOtroProceso(sql: string) {
  const avisos = s.servicio.servicios.avisos;
  const generacion = avisos.generacion('carga_catalogo');
  await s.em().getConnection().execute(sql);
  for (const limite = Date.now() + 2000; avisos.generacion('carga_catalogo') === generacion; ) {
    expect(Date.now()).toBeLessThan(limite);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('antigüedad de las tablas importadas (CATALOGOS_ANTIGUEDAD_MAXIMA_DIAS=30)', () => {
  it('/ready y la nota CAT01 muestran las fechas y marcan la tabla importada hace más de 30 días', async () => {
    await importarCatalogo(s.em(), await exportacionCie10());
    const recien = await listo();
    expect(recien.catalogos.find((c: { tabla: string }) => c.tabla === 'CIE10')).toMatchObject({
      origen: 'importado',
      importadoEn: expect.any(String),
      antiguedadDias: 0,
      antigua: false,
    });
    expect(recien.dependencias.catalogos.detalle ?? '').not.toContain('CATALOGOS_ANTIGUEDAD_MAXIMA_DIAS');
    expect((await cat01()).some((n) => n.explicacion.includes('CIE10'))).toBe(false);

    // The same import, as if made 45 days ago from SISPRO's two-part download.
    await enOtroProceso(
      `update carga_catalogo set importado_en = now() - interval '45 days', revision = revision + 1,
         fecha_actualizacion = '2025-05-03T18:47:52Z', archivos = '{TablaReferencia_CIE10__1.xlsx}'
       where tabla = 'CIE10'`,
    );
    const viejo = await listo();
    expect(viejo.catalogos.find((c: { tabla: string }) => c.tabla === 'CIE10')).toMatchObject({
      importadoEn: expect.any(String),
      fechaActualizacion: '2025-05-03T18:47:52.000Z',
      archivos: ['TablaReferencia_CIE10__1.xlsx'],
      antiguedadDias: 45,
      antigua: true,
    });
    // Still ready: an old copy validates; the detail says what to import again.
    expect(viejo.dependencias.catalogos).toMatchObject({
      estado: 'disponible',
      detalle: expect.stringContaining(
        'Tablas importadas hace más de 30 días (CATALOGOS_ANTIGUEDAD_MAXIMA_DIAS); impórtelas de nuevo con «catalogo importar <carpeta>»: CIE10 (hace 45 días)',
      ),
    });

    // The /ready answer, imported table included, matches the schema /openapi.json publishes.
    const openapi = (await pedir(s.url, '/openapi.json')).body;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const esquema = openapi.paths['/ready'].get.responses['200'].content['application/json'].schema;
    const validarListo = ajv.compile({ ...esquema, components: openapi.components });
    expect(validarListo(viejo), JSON.stringify(validarListo.errors)).toBe(true);
    expect(esquema.properties.catalogos.items.properties.antigua.type).toBe('boolean');

    const notas = await cat01();
    expect(notas).toHaveLength(1);
    expect(notas[0]!.titulo).toMatch(/catálogo CIE10 importado hace 45 días$/);
    expect(notas[0]!.explicacion).toMatch(
      /«CIE10» importada el \d{4}-\d{2}-\d{2} \(hace 45 días\), con Fecha_Actualizacion de SISPRO 2025-05-03/,
    );
    expect(notas[0]!.comoCorregir).toContain(
      'Importe de nuevo la tabla CIE10 con la exportación actual de SISPRO (web.sispro.gov.co): `npm run cli -- catalogo importar <carpeta>`.',
    );
  });
});
