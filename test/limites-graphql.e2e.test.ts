import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datosUnicos, entornoIhce } from './ihce.js';
import { graphql, pedir } from './servidor.js';

let env: Awaited<ReturnType<typeof entornoIhce>>;
let a: Awaited<ReturnType<typeof env.entidadConIhce>>;
/** An RDA the IHCE accepted: `documentoIhce` on it would call the platform's $document. */
let aceptada: string;

beforeAll(async () => {
  // A lower depth limit than the default, so this schema (5 levels at most) can reach it.
  env = await entornoIhce({ env: { GRAPHQL_MAX_DEPTH: '4' } });
  a = await env.entidadConIhce('limites-gql');
  const r = await pedir(env.s.url, '/rda/desde-datos', {
    cuerpo: { tipo: 'consulta-externa', datos: datosUnicos('consulta-externa') },
    cabeceras: a.cabeceras,
  });
  expect(r.body.estado).toBe('aceptado');
  aceptada = r.body.id;
});
afterAll(async () => {
  await env?.cerrar();
});

const alias = (n: number, campo: string) =>
  `${Array.from({ length: n }, (_, i) => `a${i}: ${campo}`).join(' ')}`;

/** Sends the document and times the answer. */
async function enviar(query: string) {
  const t = performance.now();
  const r = await graphql(env.s.url, query, a.cabeceras);
  return { ...r, ms: performance.now() - t };
}

/** What every refusal looks like: a Spanish 400 with the stable code and no data. */
function rechazada(r: Awaited<ReturnType<typeof enviar>>, mensaje: RegExp) {
  expect(r.status).toBe(400);
  expect(r.body.data).toBeUndefined();
  expect(r.body.errors).toHaveLength(1);
  expect(r.body.errors[0].extensions.codigo).toBe('consulta-demasiado-compleja');
  expect(r.body.errors[0].message).toMatch(mensaje);
  expect(r.ms).toBeLessThan(1000);
}

const eventos = async () =>
  (await pedir(env.s.url, `/rda/${aceptada}/eventos`, { cabeceras: a.cabeceras })).body.length as number;

describe('límites de las operaciones GraphQL, antes de ejecutar', () => {
  it('1.000 y 2.000 alias de documentoIhce: 400 en español, sin llamar a la IHCE ni dejar traza', async () => {
    const llamadas = env.sim.llamadas.documento;
    const trazas = await eventos();
    for (const n of [1000, 2000]) {
      const r = await enviar(`{ ${alias(n, `documentoIhce(id: "${aceptada}")`)} }`);
      rechazada(r, /más de 1000 elementos léxicos/);
    }
    // Within the token limit the cap on fields that call the platform refuses, naming the field.
    const seis = await enviar(`{ ${alias(6, `documentoIhce(id: "${aceptada}")`)} }`);
    rechazada(
      seis,
      /^El campo «documentoIhce» aparece 6 veces .*consulta la IHCE \(\$document\): el máximo es 5/,
    );
    expect(env.sim.llamadas.documento).toBe(llamadas);
    expect(await eventos()).toBe(trazas);
    // One call is served as before (and is what the counters above would have seen).
    const una = await enviar(`{ documentoIhce(id: "${aceptada}") }`);
    expect(una.status).toBe(200);
    expect(una.body.data.documentoIhce.resourceType).toBe('Bundle');
    expect(env.sim.llamadas.documento).toBe(llamadas + 1);
  });

  it('200 alias de consultarRda: ninguna consulta a la plataforma', async () => {
    const llamadas = env.sim.llamadas.consultar;
    const campo =
      'consultarRda(paciente: {tipo: "CC", numero: "1"}, humanuser: {tipo: "CC", numero: "2"}) { items { vida } }';
    rechazada(await enviar(`mutation { ${alias(200, campo)} }`), /elementos léxicos/);
    rechazada(await enviar(`mutation { ${alias(6, campo)} }`), /^El campo «consultarRda» aparece 6 veces/);
    expect(env.sim.llamadas.consultar).toBe(llamadas);
  });

  it('verificarCuv y transmitirRda: a lo sumo 5 por operación', async () => {
    const cuv = await enviar(`{ ${alias(6, 'verificarCuv(id: "x") { verificado }')} }`);
    rechazada(cuv, /^El campo «verificarCuv» aparece 6 veces .*ConsultarCUV/);
    const enviadas = env.sim.llamadas.enviar;
    const tx = await enviar(
      `mutation { ${alias(6, 'transmitirRda(tipo: "urgencias", bundle: {}) { id }')} }`,
    );
    rechazada(tx, /^El campo «transmitirRda» aparece 6 veces .*transmite a la IHCE/);
    expect(env.sim.llamadas.enviar).toBe(enviadas);
  });

  it('1.000 alias de transmisiones(first: 200): rechazados enseguida, sin consultas SQL', async () => {
    const pagina = 'transmisiones(first: 200) { totalCount edges { node { id estado } } }';
    rechazada(await enviar(`{ ${alias(1000, pagina)} }`), /elementos léxicos/);
    rechazada(await enviar(`{ ${alias(16, pagina)} }`), /^La operación usa 16 alias; el máximo es 15/);
    // Within the alias limit, the pages' size still counts: 15 full pages cost too much.
    rechazada(await enviar(`{ ${alias(15, pagina)} }`), /^La operación es demasiado costosa/);
    // A page size set by a variable counts as the maximum.
    const porVariable = `query($n: Int) { ${alias(5, 'transmisiones(first: $n) { edges { node { id estado tipo vida } } }')} }`;
    rechazada(await enviar(porVariable), /^La operación es demasiado costosa/);
  });

  it('literales anidados 5.000 y 100.000 niveles (objeto y lista): 400, el proceso sigue', async () => {
    for (const n of [5000, 100_000]) {
      rechazada(
        await enviar(`{ validarRda(bundle: ${'{a:'.repeat(n)}1${'}'.repeat(n)}) { valido } }`),
        /anidados|elementos léxicos/,
      );
      rechazada(
        await enviar(`{ validarRda(bundle: ${'['.repeat(n)}1${']'.repeat(n)}) { valido } }`),
        /anidados|elementos léxicos/,
      );
      rechazada(
        await enviar(`{${' sesion {'.repeat(n)} permisos${'}'.repeat(n)} }`),
        /anidados|elementos léxicos/,
      );
    }
    rechazada(
      await enviar(`{ validarRda(bundle: ${'{a:'.repeat(65)}1${'}'.repeat(65)}) { valido } }`),
      /a 65 niveles; el máximo es 64/,
    );
    expect((await graphql(env.s.url, '{ sesion { permisos } }', a.cabeceras)).status).toBe(200);
  });

  it('profundidad (GRAPHQL_MAX_DEPTH=4 en esta instancia)', async () => {
    rechazada(
      await enviar('{ transmisiones { edges { node { errores { codigo } } } } }'),
      /^La operación anida campos a 5 niveles; el máximo es 4/,
    );
    expect((await enviar('{ transmisiones { edges { node { id } } } }')).status).toBe(200);
  });

  it('una consulta sin credencial sigue siendo 401 antes que cualquier límite', async () => {
    const r = await graphql(env.s.url, `{ ${alias(1000, 'resumen { __typename }')} }`);
    expect(r.status).toBe(401);
    expect(r.body.errors[0].extensions.codigo).toBe('no-autenticado');
  });

  it('las rutas REST no pasan por estos límites (su operación tiene 5 niveles)', async () => {
    const lista = await pedir(env.s.url, '/rda?limit=200', { cabeceras: a.cabeceras });
    expect(lista.status).toBe(200);
    expect(lista.body.items.length).toBeGreaterThan(0);
    expect((await pedir(env.s.url, `/rda/${aceptada}/ihce`, { cabeceras: a.cabeceras })).status).toBe(200);
  });

  it('las métricas cuentan los rechazos por motivo', async () => {
    const texto = String((await pedir(env.s.url, '/metrics')).body);
    for (const motivo of ['tokens', 'campo-costoso', 'alias', 'profundidad', 'literal'])
      expect(texto).toMatch(new RegExp(`motor_limited_requests_total\\{limit="${motivo}"\\} [1-9]`));
  });
});
