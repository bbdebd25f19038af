import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, describe, expect, it } from 'vitest';
import { base64, contenedorFev } from '../../../../test/fixtures/fev.js';
import { catalogosPrueba, ripsValido } from '../../../../test/fixtures/rips.js';
import type { Registro } from '../../tipos.js';
import { FlujoCuerpo } from '../flujo-cuerpo.js';
import { ServicioValidacionRips } from '../servicio.js';
import { GrupoHilos } from './grupo.js';

// Threads run compiled JavaScript: `npm test` builds before vitest, and test/global-setup.ts builds when
// the output is missing.
const SCRIPT = path.resolve('dist/src/rips/validacion/hilos/trabajador.js');

const em = {} as EntityManager;
const catalogos = catalogosPrueba();
const proveedor = { obtener: async () => catalogos };
const FECHA = '2026-11-01T12:00:00.000Z';

/** Many users with cross-record findings (duplicate user, dispensation twice) and a type error (RVG01). */
function ripsGrande(n: number, defectos = true): Registro {
  const base = ripsValido();
  const [madre, asma] = base.usuarios as Registro[];
  const usuarios: Registro[] = [];
  for (let i = 0; i < n; i++) {
    const u = structuredClone(i % 2 ? asma! : madre!);
    u.numDocumentoIdentificacion = String(10_000_000 + i);
    u.consecutivo = i + 1;
    usuarios.push(u);
  }
  if (!defectos) return { ...base, usuarios };
  usuarios[n - 3]!.numDocumentoIdentificacion = usuarios[2]!.numDocumentoIdentificacion;
  usuarios[n - 5]!.fechaNacimiento = 19900101;
  const meds = (usuarios[n - 2]!.servicios as Record<string, Registro[]>).medicamentos;
  if (meds?.length) meds.push({ ...meds[0]! });
  return { ...base, usuarios };
}

async function* trozos(texto: string, tam: number): AsyncGenerator<string> {
  for (let i = 0; i < texto.length; i += tam) yield texto.slice(i, i + tam);
}

const flujo = (texto: string, tam = 4096) => new FlujoCuerpo(trozos(texto, tam), () => trozos(texto, tam));

describe('motor compilado', () => {
  it('carga sin reflect-metadata ni GraphQL (como en los hilos y los benchmarks)', () => {
    const r = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', "await import('./dist/src/rips/validacion/validar.js')"],
      { encoding: 'utf8' },
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});

describe.each([1, 2])('validación en %i hilo(s) (script compilado)', (n) => {
  // Small slices: a few users each, so cuts, order and cross-slice findings are exercised; the
  // first users (about a dozen) are walked in the request thread until 30 000 characters were read.
  const grupo = new GrupoHilos(SCRIPT, n, 6000);
  const conHilos = new ServicioValidacionRips(proveedor, {}, undefined, { grupo, desdeCaracteres: 30_000 });
  const sinHilos = new ServicioValidacionRips(proveedor, {});
  afterAll(() => grupo.cerrar());

  it('da exactamente el mismo resultado que el hilo de la solicitud, con hallazgos entre usuarios', async () => {
    const texto = JSON.stringify({ fechaEvaluacion: FECHA, rips: ripsGrande(300) });
    const [a, b] = await Promise.all([
      conHilos.validarCuerpoFlujo(em, flujo(texto)),
      sinHilos.validarCuerpoFlujo(em, flujo(texto)),
    ]);
    expect(a.resumen.rechazos).toBeGreaterThan(0);
    expect(a.errores.map((e) => e.codigo)).toEqual(expect.arrayContaining(['RVG12', 'RVG13', 'RVG01']));
    expect(a).toEqual(b);
  });

  it('con la factura antes del RIPS: las reglas que cruzan con el XML dan lo mismo (sumas incluidas)', async () => {
    // A total that differs from the RIPS: RVG08 (sum of all users' values) fires.
    const xmlFevFile = base64(contenedorFev({ valorServicios: '1000.00' }));
    const texto = JSON.stringify({ fechaEvaluacion: FECHA, xmlFevFile, rips: ripsGrande(150, false) });
    const a = await conHilos.validarCuerpoFlujo(em, flujo(texto));
    expect(a.errores.map((e) => e.codigo)).toEqual(expect.arrayContaining(['RVG08']));
    expect(a.errores.map((e) => e.codigo)).not.toContain('XML01');
    expect(a).toEqual(await sinHilos.validarCuerpoFlujo(em, flujo(texto)));
  });

  it('varias validaciones a la vez en dos hilos, cada una con su resultado', async () => {
    const textos = [10, 40, 120, 200].map((n) =>
      JSON.stringify({ fechaEvaluacion: FECHA, rips: ripsGrande(n) }),
    );
    const hilos = await Promise.all(textos.map((t) => conHilos.validarCuerpoFlujo(em, flujo(t, 997))));
    const solo = await Promise.all(textos.map((t) => sinHilos.validarCuerpoFlujo(em, flujo(t, 997))));
    expect(hilos).toEqual(solo);
  });

  it('JSON roto dentro de usuarios → 400 en español, y el hilo sigue sirviendo', async () => {
    const texto = JSON.stringify({ rips: ripsGrande(50) });
    const roto = `${texto.slice(0, 30_000)}}}{${texto.slice(30_000)}`;
    await expect(conHilos.validarCuerpoFlujo(em, flujo(roto))).rejects.toMatchObject({
      codigo: 'entrada-invalida',
      message: expect.stringMatching(/JSON válido/),
    });
    const ok = await conHilos.validarCuerpoFlujo(em, flujo(JSON.stringify({ rips: ripsGrande(20, false) })));
    expect(ok.valid).toBe(true);
  });

  it('si el cuerpo falla mientras llega, la tarea se cancela y el error llega a quien llama', async () => {
    const texto = JSON.stringify({ rips: ripsGrande(100) });
    async function* cortado() {
      yield* trozos(texto.slice(0, 20_000), 1000);
      throw new Error('conexión cerrada');
    }
    await expect(
      conHilos.validarCuerpoFlujo(em, new FlujoCuerpo(cortado(), () => cortado())),
    ).rejects.toThrow('conexión cerrada');
    const ok = await conHilos.validarCuerpoFlujo(em, flujo(JSON.stringify({ rips: ripsGrande(20, false) })));
    expect(ok.valid).toBe(true);
  });

  it('un usuario anidado más de 64 niveles en un hilo: 400 que nombra al usuario (índice absoluto)', async () => {
    const rips = ripsGrande(200);
    (rips.usuarios as Registro[])[150]!.extra = 'HONDO';
    const texto = JSON.stringify({ rips }).replace('"HONDO"', `${'['.repeat(5000)}1${']'.repeat(5000)}`);
    for (const s of [conHilos, sinHilos]) {
      await expect(s.validarCuerpoFlujo(em, flujo(texto))).rejects.toMatchObject({
        codigo: 'entrada-invalida',
        message: expect.stringMatching(/más de 64 niveles .*«usuarios\[150\]\.extra\[0\]/),
      });
    }
    const ok = await conHilos.validarCuerpoFlujo(em, flujo(JSON.stringify({ rips: ripsGrande(20, false) })));
    expect(ok.valid).toBe(true);
  });

  it('el tope de hallazgos vale igual con hilos: mismos primeros hallazgos y mismos omitidos', async () => {
    const limites = { maxHallazgos: 40, maxCaracteres: 1e9 };
    const con = new ServicioValidacionRips(
      proveedor,
      {},
      undefined,
      { grupo, desdeCaracteres: 30_000 },
      0,
      limites,
    );
    const sin = new ServicioValidacionRips(proveedor, {}, undefined, undefined, 0, limites);
    const rips = ripsGrande(300);
    for (const u of rips.usuarios as Registro[]) u.codSexo = 'X';
    const texto = JSON.stringify({ fechaEvaluacion: FECHA, rips });
    const a = await con.validarCuerpoFlujo(em, flujo(texto));
    expect(a.omitidos.reduce((n, o) => n + o.cantidad, 0)).toBeGreaterThan(300);
    expect(a).toEqual(await sin.validarCuerpoFlujo(em, flujo(texto)));
  });

  it('un cuerpo pequeño se valida en el hilo de la solicitud (mismo resultado)', async () => {
    const texto = JSON.stringify({ fechaEvaluacion: FECHA, rips: ripsValido() });
    expect(texto.length).toBeLessThan(20_000);
    const grande = new ServicioValidacionRips(proveedor, {}, undefined, { grupo, desdeCaracteres: 1 << 20 });
    expect(await grande.validarCuerpoFlujo(em, flujo(texto))).toEqual(
      await sinHilos.validarCuerpoFlujo(em, flujo(texto)),
    );
  });
});

describe('usuarios repartidos: cortes en el lugar equivocado', () => {
  const grupo = new GrupoHilos(SCRIPT, 2, 500);
  const conHilos = new ServicioValidacionRips(proveedor, {}, undefined, { grupo, desdeCaracteres: 100 });
  const sinHilos = new ServicioValidacionRips(proveedor, {});
  afterAll(() => grupo.cerrar());

  it('un objeto anidado con la misma primera clave que los usuarios no cambia el resultado', async () => {
    const rips = ripsGrande(40);
    // Users whose newborn records start with the users' first key: `},{"tipoDocumentoIdentificacion"`
    // appears inside a user, a cut there leaves a slice that does not parse, and the body is read in order.
    for (const u of rips.usuarios as Registro[]) {
      const s = u.servicios as Record<string, Registro[]>;
      if (s.recienNacidos?.length) {
        const rn = s.recienNacidos[0]!;
        const { tipoDocumentoIdentificacion, ...resto } = rn;
        s.recienNacidos = [
          { tipoDocumentoIdentificacion, ...resto },
          { tipoDocumentoIdentificacion, ...resto, numDocumentoIdentificacion: '99' },
        ];
      }
      const { tipoDocumentoIdentificacion, ...resto } = u;
      for (const k of Object.keys(u)) delete u[k];
      Object.assign(u, { tipoDocumentoIdentificacion, ...resto });
    }
    const texto = JSON.stringify({ fechaEvaluacion: FECHA, rips });
    expect(texto).toMatch(/\},\{"tipoDocumentoIdentificacion"[^}]*"numDocumentoIdentificacion":"99"/);
    expect(await conHilos.validarCuerpoFlujo(em, flujo(texto, 300))).toEqual(
      await sinHilos.validarCuerpoFlujo(em, flujo(texto, 300)),
    );
  });
});
