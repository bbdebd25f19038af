import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAVE_BENCH, iniciarServidorHijo } from '../bench/servidor-hijo.js';
import { catalogosIncluidos } from '../src/rips/catalogos/servicio.js';
import type { Registro } from '../src/rips/tipos.js';
import { FlujoCuerpo } from '../src/rips/validacion/flujo-cuerpo.js';
import { ServicioValidacionRips } from '../src/rips/validacion/servicio.js';
import { ripsValido } from './fixtures/rips.js';

// The built server (validation threads run compiled code): built by `npm test` or test/global-setup.ts.

function ripsConDefectos(n: number): Registro {
  const base = ripsValido();
  const [a, b] = base.usuarios as Registro[];
  const usuarios: Registro[] = Array.from({ length: n }, (_, i) => ({
    ...structuredClone(i % 2 ? b! : a!),
    numDocumentoIdentificacion: String(30_000_000 + i),
  }));
  usuarios[n - 1]!.numDocumentoIdentificacion = usuarios[1]!.numDocumentoIdentificacion;
  usuarios[n - 7]!.codSexo = 'X';
  return { ...base, usuarios };
}

describe('POST /rips/validar con hilos de validación (servidor compilado)', () => {
  let servidor: Awaited<ReturnType<typeof iniciarServidorHijo>>;
  beforeAll(async () => {
    // Bodies this small are read whole by default (RIPS_CUERPO_ENTERO_HASTA): here they stream to the threads.
    servidor = await iniciarServidorHijo({
      RIPS_HILOS: '2',
      RIPS_HILO_DESDE: '20kb',
      RIPS_CUERPO_ENTERO_HASTA: '0',
      LOG_LEVEL: 'silent',
    });
  }, 90_000);
  afterAll(async () => {
    await servidor?.detener();
  });

  it('un RIPS grande repartido entre hilos da lo mismo que la validación en un solo hilo', async () => {
    const texto = JSON.stringify({ fechaEvaluacion: '2026-11-01T12:00:00Z', rips: ripsConDefectos(400) });
    const r = await fetch(`${servidor.url}/rips/validar`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', 'X-Api-Key': CLAVE_BENCH },
      body: gzipSync(texto),
    });
    expect(r.status).toBe(200);
    const cuerpo = await r.json();
    const catalogos = catalogosIncluidos();
    const servicio = new ServicioValidacionRips(
      { obtener: async () => catalogos },
      {},
      undefined,
      undefined,
      1e9,
    );
    const trozos = async function* () {
      yield texto;
    };
    const local = await servicio.validarCuerpoFlujo({} as never, new FlujoCuerpo(trozos(), trozos));
    // The same body read whole (the default for small REST bodies) gives the same answer.
    const entero = await servicio.validarCuerpoFlujo(
      {} as never,
      new FlujoCuerpo(trozos(), trozos, async () => ({ texto })),
    );
    expect(entero).toEqual(local);
    expect(cuerpo.resumen.rechazos).toBeGreaterThan(0);
    expect(cuerpo.errores.map((e: { codigo: string }) => e.codigo)).toEqual(
      expect.arrayContaining(['RVG12']),
    );
    expect(cuerpo).toEqual(JSON.parse(JSON.stringify(local)));
  });

  it('JSON roto en medio de los usuarios → 400 en español', async () => {
    const texto = JSON.stringify({ rips: ripsConDefectos(200) });
    const i = texto.indexOf(',"codSexo"', 60_000);
    const r = await fetch(`${servidor.url}/rips/validar`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Api-Key': CLAVE_BENCH },
      body: `${texto.slice(0, i)}}}${texto.slice(i)}`,
    });
    expect(r.status).toBe(400);
    expect((await r.json()).error).toMatch(/JSON válido/);
  });
});
