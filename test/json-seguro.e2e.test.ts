import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Radicacion } from '../src/rips/radicacion/radicacion.entity.js';
import { ripsMinimo } from './fixtures/rips.js';
import { graphql, iniciarServicio, pedir } from './servidor.js';

let s: Awaited<ReturnType<typeof iniciarServicio>>;
let clave: string;
let entidadId: string;

beforeAll(async () => {
  s = await iniciarServicio();
  const e = await s.crearEntidad('json-seguro');
  clave = e.clave;
  entidadId = e.entidad.id;
});
afterAll(() => s.cerrar());

const anidado = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;

/** A RIPS as JSON text with `extra` spliced in as the raw value of an unknown key. */
function ripsConExtra(extra: string, cambios: Record<string, string> = {}): string {
  const texto = JSON.stringify({ ...ripsMinimo(), ...cambios });
  return `${texto.slice(0, -1)},"desconocida":${extra}}`;
}

async function postCrudo(ruta: string, cuerpo: string) {
  return pedir(s.url, ruta, {
    crudo: cuerpo,
    cabeceras: { 'content-type': 'application/json', 'X-Api-Key': clave },
  });
}

describe('cuerpos JSON hostiles: 400 en español antes de cualquier trabajo', () => {
  it('anidamiento de 5.000 y 100.000 niveles en una clave desconocida de POST /rips: 400, ninguna radicación', async () => {
    for (const n of [5000, 100_000]) {
      const r = await postCrudo('/rips', ripsConExtra(anidado(n)));
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ codigo: 'entrada-invalida' });
      expect(r.body.error).toMatch(/anida más de 64 niveles/);
    }
    expect(await s.em().count(Radicacion, { entidad: entidadId } as never)).toBe(0);
  });

  it('\\u0000 y \\udfff en un campo que se guarda o se repite: 400 que nombra el campo, sin repetir el valor', async () => {
    for (const [secuencia, que] of [
      ['\\u0000', /carácter nulo/],
      ['\\udfff', /sustituto UTF-16 suelto/],
    ] as const) {
      const texto = JSON.stringify(ripsMinimo()).replace(
        /"numFactura":"([^"]*)"/,
        `"numFactura":"$1${secuencia}"`,
      );
      const r = await postCrudo('/rips', texto);
      expect(r.status).toBe(400);
      expect(r.body.error).toMatch(que);
      expect(r.body.error).toContain('«numFactura»');
    }
    expect(await s.em().count(Radicacion, { entidad: entidadId } as never)).toBe(0);
  });

  it('las mismas reglas en las rutas RDA y en las variables de GraphQL', async () => {
    const rda = await postCrudo('/rda', `{"resourceType":"Bundle","x":${anidado(5000)}}`);
    expect(rda.status).toBe(400);
    expect(rda.body.error).toMatch(/anida más de 64 niveles/);
    const g = await pedir(s.url, '/graphql', {
      crudo: '{"query":"{ sesion { permisos } }","variables":{"v":"\\udfff"}}',
      cabeceras: { 'content-type': 'application/json', 'X-Api-Key': clave },
    });
    expect(g.status).toBe(400);
    expect(g.body.error).toMatch(/sustituto UTF-16 suelto .* en «variables\.v»/);
    // A body within the limits still works.
    expect((await graphql(s.url, '{ sesion { permisos } }', { 'X-Api-Key': clave })).status).toBe(200);
  });
});
