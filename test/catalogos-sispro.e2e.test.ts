import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { importarCatalogos } from '../src/rips/catalogos/importar.js';
import { enServidor } from './db.js';
import { ripsMinimo } from './fixtures/rips.js';
import { iniciarServicio, pedir } from './servidor.js';
import {
  ETIQUETAS_FINALIDAD_CUPS,
  ETIQUETAS_FINALIDAD_SEXO_EDAD,
  escribirTxtSispro,
  escribirXlsxSispro,
  nombreSispro,
} from './sispro/archivos.js';

/**
 * Issue 33 end to end: a folder of downloads in SISPRO's own layout (XLSX and TXT, a table split in
 * parts, a user's prefix and a repeated download) imported with one call, and the rules those
 * tables decide raised by the running service's /rips/validar.
 */

let s: Awaited<ReturnType<typeof iniciarServicio>>;
let clave: string;
let aislada: Awaited<ReturnType<typeof enServidor>>;
let carpeta: string;

type Error = { codigo: string; severidad: string; explicacion: string; ubicacion: { ruta: string } };
type EstadoListo = {
  tabla: string;
  cargado: boolean;
  filas: number;
  archivos?: string[];
  fechaActualizacion?: string;
};

// Imported catalogs are global to a database: this suite gets its own.
beforeAll(async () => {
  aislada = await enServidor(inject('databaseUrl'));
  s = await iniciarServicio({ DATABASE_URL: aislada.url });
  clave = (await s.crearEntidad('catalogos-sispro')).clave;
  carpeta = await mkdtemp(path.join(os.tmpdir(), 'descargas-sispro-'));
});

afterAll(async () => {
  await s?.cerrar();
  await aislada?.limpiar();
  if (carpeta) await rm(carpeta, { recursive: true, force: true });
});

const validar = async () =>
  (
    await pedir(s.url, '/rips/validar', {
      cuerpo: { rips: ripsMinimo(), fechaEvaluacion: '2026-11-01T12:00:00Z' },
      cabeceras: { 'X-Api-Key': clave },
    })
  ).body as { valid: boolean; errores: Error[] };

const CONSULTA = 'usuarios[0].servicios.consultas[0]';

describe('descargas de SISPRO en la validación', () => {
  it('una carpeta de descargas se importa de una vez y sus tablas deciden RVC059 y RVC051', async () => {
    // ripsMinimo: one consultation 890301 with finalidad 16, patient of sex M born in 1988.
    const antes = await validar();
    const cat01 = antes.errores.find((e) => e.codigo === 'CAT01');
    expect(cat01?.explicacion).toContain('FinalidadCUPS');
    expect(cat01?.explicacion).toContain('FinalidadSexoEdad');
    expect(antes.errores.filter((e) => e.codigo === 'RVC059' || e.codigo === 'RVC051')).toEqual([]);

    // FinalidadCUPS pairs 890301 only with finalidad 15: the consultation's 16 is not related.
    await escribirXlsxSispro(path.join(carpeta, nombreSispro('FinalidadCUPS')), {
      tabla: 'FinalidadCUPS',
      etiquetas: ETIQUETAS_FINALIDAD_CUPS,
      filas: [
        { codigo: '1', nombre: 'ab1', extra: { I: '15', II: '890301' } },
        { codigo: '2', nombre: 'ab2', extra: { I: '16', II: '890201' } },
      ],
    });
    // FinalidadSexoEdad in SISPRO's Sexo coding (H hombre, M mujer): 16 only for women here.
    await escribirTxtSispro(path.join(carpeta, `09-${nombreSispro('FinalidadSexoEdad', 1, 'txt')}`), {
      tabla: 'FinalidadSexoEdad',
      etiquetas: ETIQUETAS_FINALIDAD_SEXO_EDAD,
      filas: [
        { codigo: '1', nombre: 'aa', extra: { I: '16', II: 'M', III: '0', IV: '120', V: 'SI', VI: 'SI' } },
        { codigo: '2', nombre: 'ab', extra: { I: '19', II: 'H', III: '10', IV: '120', V: 'SI', VI: 'SI' } },
      ],
    });
    // CatalogoCUMs in two parts, the second one downloaded twice (` (1)`).
    const cums = (desde: number) =>
      Array.from({ length: 3 }, (_, i) => ({
        codigo: `${19992190 + desde + i}-3`,
        nombre: `MEDICAMENTO ${desde + i}; CAJA X 10`,
        fechaActualizacion: desde ? '2026-10-02 01:34:06 PM' : '2025-05-03 01:47:52 PM',
      }));
    await escribirXlsxSispro(path.join(carpeta, nombreSispro('CatalogoCUMs', 1)), {
      tabla: 'CatalogoCUMs',
      filas: cums(0),
    });
    await escribirXlsxSispro(path.join(carpeta, nombreSispro('CatalogoCUMs', 2)), {
      tabla: 'CatalogoCUMs',
      filas: cums(3),
    });
    await escribirXlsxSispro(
      path.join(carpeta, nombreSispro('CatalogoCUMs', 2).replace('.xlsx', ' (1).xlsx')),
      {
        tabla: 'CatalogoCUMs',
        filas: cums(3),
      },
    );

    const avisos = s.servicio.servicios.avisos;
    const generacion = avisos.generacion('carga_catalogo');
    const r = await importarCatalogos(s.em(), [carpeta]);
    expect(r.fallidas).toEqual([]);
    expect(Object.fromEntries(r.importadas.map((t) => [t.tabla, t.importadas]))).toEqual({
      CatalogoCUMs: 6,
      FinalidadCUPS: 2,
      FinalidadSexoEdad: 2,
    });
    for (const limite = Date.now() + 5000; avisos.generacion('carga_catalogo') === generacion; ) {
      expect(Date.now()).toBeLessThan(limite);
      await new Promise((r) => setTimeout(r, 10));
    }

    const listo = (await pedir(s.url, '/ready')).body.catalogos as EstadoListo[];
    const cums_ = listo.find((c) => c.tabla === 'CatalogoCUMs');
    expect(cums_).toMatchObject({ cargado: true, filas: 6 });
    expect(cums_?.archivos).toHaveLength(2);
    // The newest Fecha_Actualizacion of the parts, 12-hour clock in Bogotá time (UTC−05:00).
    expect(cums_?.fechaActualizacion).toBe('2026-10-02T18:34:06.000Z');
    expect(listo.find((c) => c.tabla === 'FinalidadCUPS')?.fechaActualizacion).toBe(
      '2025-05-03T18:47:52.000Z',
    );

    // Wait until the validation sees the tables (the service reloads them on the notice).
    let despues = await validar();
    for (let i = 0; i < 50 && !despues.errores.some((e) => e.codigo === 'RVC059'); i += 1) {
      await new Promise((r) => setTimeout(r, 50));
      despues = await validar();
    }
    const rvc059 = despues.errores.filter((e) => e.codigo === 'RVC059');
    expect(rvc059.map((e) => e.ubicacion.ruta)).toEqual([`${CONSULTA}.codConsulta`]);
    expect(rvc059[0]!.explicacion).toContain('CodConsulta (890301) - Finalidad (16)');
    const rvc051 = despues.errores.filter((e) => e.codigo === 'RVC051');
    expect(rvc051.map((e) => e.ubicacion.ruta)).toEqual([`${CONSULTA}.finalidadTecnologiaSalud`]);
    expect(rvc051[0]!.explicacion).toContain('Finalidad 16 - sexo del usuario M');
    // Notifications: the RIPS is still valid, and the note no longer names the imported tables.
    expect(despues.valid).toBe(true);
    const nota = despues.errores.find((e) => e.codigo === 'CAT01');
    expect(nota?.explicacion ?? '').not.toContain('FinalidadCUPS');
    expect(nota?.explicacion ?? '').not.toContain('FinalidadSexoEdad');
  });
});
