import { createHash } from 'node:crypto';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { graphql, iniciarServicio, pedir } from './servidor.js';

type Servicio = Awaited<ReturnType<typeof iniciarServicio>>;

const PERMITIDO = 'https://app.hospital.example';
const OTRO = 'https://malicioso.example';

let s: Servicio;
let sinCors: Servicio;
let clave: string;
let claveSinCors: string;

beforeAll(async () => {
  // One after the other: pg-boss creating its queues twice at once on one database can deadlock.
  s = await iniciarServicio({ CORS_ORIGINS: `${PERMITIDO}, http://localhost:5173` });
  sinCors = await iniciarServicio({ GRAPHQL_INTROSPECTION: 'false' });
  clave = (await s.crearEntidad('proteccion')).clave;
  claveSinCors = (await sinCors.crearEntidad('proteccion-sin-cors')).clave;
}, 120_000);
afterAll(async () => {
  await Promise.all([s?.cerrar(), sinCors?.cerrar()]);
});

const sha256 = (t: string) => createHash('sha256').update(t).digest('hex');
const apq = (query: string) => ({ persistedQuery: { version: 1, sha256Hash: sha256(query) } });

/** Every error keeps our Spanish code next to the standard one. */
function error(r: { body: any }) {
  expect(r.body.errors).toHaveLength(1);
  const e = r.body.errors[0];
  return { message: e.message as string, code: e.extensions.code, codigo: e.extensions.codigo, e };
}

describe('consultas persistidas automáticas (APQ)', () => {
  it('POST: fallo → PERSISTED_QUERY_NOT_FOUND; hash + texto → datos; solo hash → datos', async () => {
    const query = 'query SesionApqPost { sesion { permisos } }';
    const cab = { 'X-Api-Key': clave };
    const fallo = await pedir(s.url, '/graphql', { cuerpo: { extensions: apq(query) }, cabeceras: cab });
    // As Apollo Server answers it: 200, the exact message and code standard clients retry on.
    expect(fallo.status).toBe(200);
    const f = error(fallo);
    expect(f.message).toBe('PersistedQueryNotFound');
    expect(f.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect(f.codigo).toBe('consulta-persistida-no-encontrada');
    expect(f.e.extensions.detalle).toMatch(/reenvíela con el texto completo/);
    expect(fallo.body.data).toBeUndefined();

    const registro = await pedir(s.url, '/graphql', {
      cuerpo: { query, extensions: apq(query) },
      cabeceras: cab,
    });
    expect(registro.status).toBe(200);
    expect(registro.body.errors).toBeUndefined();
    expect(Array.isArray(registro.body.data.sesion.permisos)).toBe(true);

    const acierto = await pedir(s.url, '/graphql', { cuerpo: { extensions: apq(query) }, cabeceras: cab });
    expect(acierto.status).toBe(200);
    expect(acierto.body).toEqual(registro.body);
  });

  it('GET: la misma ida y vuelta, por la cadena de consulta', async () => {
    const query = 'query SesionApqGet { sesion { permisos } }';
    const cab = { 'X-Api-Key': clave, 'apollo-require-preflight': 'true' };
    const ext = encodeURIComponent(JSON.stringify(apq(query)));
    const fallo = await pedir(s.url, `/graphql?extensions=${ext}`, { cabeceras: cab });
    expect(fallo.status).toBe(200);
    expect(error(fallo)).toMatchObject({
      message: 'PersistedQueryNotFound',
      code: 'PERSISTED_QUERY_NOT_FOUND',
    });
    const registro = await pedir(s.url, `/graphql?query=${encodeURIComponent(query)}&extensions=${ext}`, {
      cabeceras: cab,
    });
    expect(registro.status).toBe(200);
    expect(registro.body.data.sesion.permisos).toBeDefined();
    const acierto = await pedir(s.url, `/graphql?extensions=${ext}`, { cabeceras: cab });
    expect(acierto.status).toBe(200);
    expect(acierto.body).toEqual(registro.body);
  });

  it('un hash que no es el del texto: 400 en español', async () => {
    const r = await pedir(s.url, '/graphql', {
      cuerpo: { query: '{ sesion { permisos } }', extensions: apq('{ otra }') },
      cabeceras: { 'X-Api-Key': clave },
    });
    expect(r.status).toBe(400);
    expect(error(r)).toMatchObject({ code: 'BAD_USER_INPUT', codigo: 'entrada-invalida' });
    expect(error(r).message).toMatch(/no es el SHA-256 del texto/);
  });

  it('sin credencial, un hash solo sigue siendo 401', async () => {
    const r = await pedir(s.url, '/graphql', { cuerpo: { extensions: apq('{ sesion { permisos } }') } });
    expect(r.status).toBe(401);
    expect(error(r)).toMatchObject({ code: 'UNAUTHENTICATED', codigo: 'no-autenticado' });
  });
});

describe('códigos estándar de Apollo junto al código propio', () => {
  const casos: [string, () => Promise<{ status: number; body: any }>, number, string, string][] = [
    [
      'sin credencial',
      () => graphql(s.url, '{ sesion { permisos } }'),
      401,
      'UNAUTHENTICATED',
      'no-autenticado',
    ],
    [
      'clave inválida',
      () => graphql(s.url, '{ sesion { permisos } }', { 'X-Api-Key': 'mk_no_existe' }),
      401,
      'UNAUTHENTICATED',
      'credencial-invalida',
    ],
    [
      'sintaxis',
      () => graphql(s.url, '{ sesion { ', { 'X-Api-Key': clave }),
      400,
      'GRAPHQL_PARSE_FAILED',
      'entrada-invalida',
    ],
    [
      'campo inexistente',
      () => graphql(s.url, '{ noExiste }', { 'X-Api-Key': clave }),
      400,
      'GRAPHQL_VALIDATION_FAILED',
      'entrada-invalida',
    ],
    [
      'variable inválida',
      () =>
        graphql(
          s.url,
          'query ($id: ID!) { transmision(id: $id) { __typename } }',
          { 'X-Api-Key': clave },
          { id: { a: 1 } },
        ),
      400,
      'BAD_USER_INPUT',
      'entrada-invalida',
    ],
    [
      'demasiados alias',
      () =>
        graphql(
          s.url,
          `{ ${Array.from({ length: 40 }, (_, i) => `a${i}: sesion { permisos }`).join(' ')} }`,
          { 'X-Api-Key': clave },
        ),
      400,
      'GRAPHQL_VALIDATION_FAILED',
      'consulta-demasiado-compleja',
    ],
  ];
  for (const [nombre, hacer, status, code, codigo] of casos)
    it(`${nombre}: ${status} ${code} / ${codigo}`, async () => {
      const r = await hacer();
      expect(r.status).toBe(status);
      const e = error(r);
      expect(e).toMatchObject({ code, codigo });
      expect(e.message).not.toMatch(/^(Syntax Error|Cannot query|Variable)/);
    });

  it('módulo no contratado: FORBIDDEN / modulo-no-contratado', async () => {
    const soloRips = (await s.crearEntidad('proteccion-rips', ['rips'])).clave;
    const r = await graphql(s.url, '{ transmision(id: "x") { __typename } }', { 'X-Api-Key': soloRips });
    expect(error(r)).toMatchObject({ code: 'FORBIDDEN', codigo: 'modulo-no-contratado' });
  });
});

describe('introspección', () => {
  const introspeccion = '{ __schema { queryType { name } } }';

  it('habilitada (por defecto fuera de producción): responde el esquema', async () => {
    const r = await graphql(s.url, introspeccion, { 'X-Api-Key': clave });
    expect(r.status).toBe(200);
    expect(r.body.data.__schema.queryType.name).toBe('Query');
  });

  it('GRAPHQL_INTROSPECTION=false: 400 en español, introspeccion-deshabilitada / GRAPHQL_VALIDATION_FAILED', async () => {
    const r = await graphql(sinCors.url, introspeccion, { 'X-Api-Key': claveSinCors });
    expect(r.status).toBe(400);
    expect(r.body.data).toBeUndefined();
    const e = error(r);
    expect(e).toMatchObject({ code: 'GRAPHQL_VALIDATION_FAILED', codigo: 'introspeccion-deshabilitada' });
    expect(e.message).toMatch(/introspección del esquema GraphQL está deshabilitada/);
    // `__typename` is not introspection: it stays available.
    const t = await graphql(sinCors.url, '{ __typename }', { 'X-Api-Key': claveSinCors });
    expect(t.body.data).toEqual({ __typename: 'Query' });
  });
});

describe('sugerencias de nombres («Did you mean …») solo con la introspección habilitada', () => {
  /** A misspelled name and the schema's name the suggestion would reveal. */
  const casos: { caso: string; query: string; variables?: Record<string, unknown>; revela: RegExp }[] = [
    { caso: 'campo', query: '{ sesion { permiso } }', revela: /"permisos"|«permisos»/ },
    { caso: 'argumento', query: '{ apiKey(id: "1", ide: "1") { __typename } }', revela: /"id"|«id»/ },
    {
      caso: 'campo de un input escrito en la consulta',
      query: '{ construirRda(datos: { consultaExterno: {} }) { __typename } }',
      revela: /consultaExterna/,
    },
    {
      caso: 'campo de un input en una variable',
      query: 'query ($d: DatosRdaEntrada!) { construirRda(datos: $d) { __typename } }',
      variables: { d: { consultaExterno: {} } },
      revela: /consultaExterna/,
    },
  ];

  for (const { caso, query, variables, revela } of casos) {
    it(`${caso}: con introspección se sugiere el nombre; sin ella (producción), nada`, async () => {
      // The first error is the misspelling (a @oneOf variable also gets «exactly one of its fields»).
      const con = await graphql(s.url, query, { 'X-Api-Key': clave }, variables);
      expect(con.status).toBe(400);
      expect(con.body.errors[0].message).toMatch(/Did you mean|¿quiso decir/);
      expect(con.body.errors[0].message).toMatch(revela);

      const sin = await graphql(sinCors.url, query, { 'X-Api-Key': claveSinCors }, variables);
      expect(sin.status).toBe(400);
      const e = sin.body.errors[0];
      expect(e.extensions.codigo).toBe('entrada-invalida');
      expect(e.message).toMatch(/inválid|desconocido/);
      expect(e.message).not.toMatch(/Did you mean|quiso decir|Suggestion/);
      expect(e.message).not.toMatch(revela);
    });
  }

  it('suscripción por WebSocket: la misma regla', async () => {
    /** The first error a subscription with a misspelled field gets. */
    async function mensaje(srv: Servicio, k: string): Promise<string> {
      const c = createClient({
        url: `${srv.url.replace(/^http/, 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { 'X-Api-Key': k },
        retryAttempts: 0,
      });
      try {
        return await new Promise<string>((ok, falla) => {
          c.subscribe(
            { query: 'subscription { radicacionesDeLaEntidad { fechx } }' },
            {
              next: () => falla(new Error('la suscripción no debía aceptarse')),
              error: (e) => ok((e as { message: string }[])[0]!.message),
              complete: () => falla(new Error('terminó sin error')),
            },
          );
        });
      } finally {
        await c.dispose();
      }
    }
    expect(await mensaje(s, clave)).toMatch(/Did you mean "fecha"\?/);
    const sin = await mensaje(sinCors, claveSinCors);
    expect(sin).toMatch(/^Consulta GraphQL inválida: Cannot query field "fechx"/);
    expect(sin).not.toMatch(/Did you mean|"fecha"/);
  });
});

describe('CORS (CORS_ORIGINS)', () => {
  const preflight = (url: string, ruta: string, origen: string) =>
    fetch(url + ruta, {
      method: 'OPTIONS',
      headers: {
        Origin: origen,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,x-api-key,apollo-require-preflight,idempotency-key',
      },
    });
  const cabecerasCors = (h: Headers) => [...h.keys()].filter((k) => k.startsWith('access-control-'));

  for (const ruta of ['/graphql', '/rips/validar'])
    it(`preflight de un origen permitido a ${ruta}: 204 con las cabeceras Access-Control-Allow-*`, async () => {
      const r = await preflight(s.url, ruta, PERMITIDO);
      expect(r.status).toBe(204);
      expect(r.headers.get('access-control-allow-origin')).toBe(PERMITIDO);
      expect(r.headers.get('access-control-allow-methods')).toMatch(/POST/);
      const permitidas = (r.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(',');
      for (const c of [
        'x-api-key',
        'authorization',
        'content-type',
        'apollo-require-preflight',
        'idempotency-key',
      ])
        expect(permitidas).toContain(c);
      expect(r.headers.get('access-control-allow-credentials')).toBeNull();
      expect(r.headers.get('vary')).toMatch(/Origin/);
    });

  it('preflight de un origen no permitido: ninguna cabecera CORS, y no es 204', async () => {
    const r = await preflight(s.url, '/graphql', OTRO);
    expect(cabecerasCors(r.headers)).toEqual([]);
    expect(r.status).not.toBe(204);
    // A near miss (trailing slash, other port) is another origin.
    for (const casi of [`${PERMITIDO}/`, `${PERMITIDO}:8443`, 'http://app.hospital.example'])
      expect(cabecerasCors((await preflight(s.url, '/graphql', casi)).headers)).toEqual([]);
  });

  it('la solicitud real: el origen permitido recibe Allow-Origin y Expose-Headers; otro, nada', async () => {
    const cuerpo = { query: '{ sesion { permisos } }' };
    const cab = { 'X-Api-Key': clave };
    const permitida = await pedir(s.url, '/graphql', { cuerpo, cabeceras: { ...cab, Origin: PERMITIDO } });
    expect(permitida.status).toBe(200);
    expect(permitida.headers.get('access-control-allow-origin')).toBe(PERMITIDO);
    expect(permitida.headers.get('access-control-expose-headers')).toMatch(/X-Request-Id/);
    const rest = await pedir(s.url, '/sesion', { cabeceras: { ...cab, Origin: 'http://localhost:5173' } });
    expect(rest.status).toBe(200);
    expect(rest.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const otra = await pedir(s.url, '/graphql', { cuerpo, cabeceras: { ...cab, Origin: OTRO } });
    expect(cabecerasCors(otra.headers)).toEqual([]);
  });

  it('el guardián CSRF sigue protegiendo, también al origen permitido', async () => {
    const r = await fetch(`${s.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'X-Api-Key': clave, Origin: PERMITIDO },
      body: JSON.stringify({ query: '{ sesion { permisos } }' }),
    });
    expect(r.status).toBe(400);
    const g = await fetch(`${s.url}/graphql?query=${encodeURIComponent('{ sesion { permisos } }')}`, {
      headers: { 'X-Api-Key': clave, Origin: PERMITIDO },
    });
    expect(g.status).toBe(400);
  });

  it('sin CORS_ORIGINS: ninguna cabecera CORS, como hasta ahora', async () => {
    const r = await preflight(sinCors.url, '/graphql', PERMITIDO);
    expect(cabecerasCors(r.headers)).toEqual([]);
    expect(r.status).not.toBe(204);
    const real = await pedir(sinCors.url, '/graphql', {
      cuerpo: { query: '{ sesion { permisos } }' },
      cabeceras: { 'X-Api-Key': claveSinCors, Origin: PERMITIDO },
    });
    expect(real.status).toBe(200);
    expect(cabecerasCors(real.headers)).toEqual([]);
  });
});
