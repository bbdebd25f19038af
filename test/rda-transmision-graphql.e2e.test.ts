import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { construirBundle } from '../src/rda/construccion/construir.js';
import { TIPOS_RDA } from '../src/rda/tipos.js';
import { datosUnicos, entornoIhce } from './ihce.js';
import { graphql, pedir } from './servidor.js';

let env: Awaited<ReturnType<typeof entornoIhce>>;
/** An entity with a known set of transmissions (nothing in flight: states do not change under the test). */
let c: Awaited<ReturnType<typeof env.entidadConIhce>>;
const PACIENTE_DESCONOCIDO = '99999999';
const CREADAS = 22;
/** REST's view of c's transmissions, newest first. */
let todas: { id: string; tipo: string; estado: string; creadaEn: string }[];

const gql = (query: string, variables?: Record<string, unknown>, cab = c.cabeceras) =>
  graphql(env.s.url, query, cab, variables);
const post = (ruta: string, cuerpo: unknown, cab = c.cabeceras) =>
  pedir(env.s.url, ruta, { cuerpo, cabeceras: cab });

const PAGINA = `query($first: Int, $after: String, $estado: EstadoTransmision, $tipo: TipoRda,
  $desde: DateTimeISO, $hasta: DateTimeISO) {
  transmisiones(first: $first, after: $after, estado: $estado, tipo: $tipo, desde: $desde, hasta: $hasta) {
    edges { cursor node { id tipo estado creadaEn } }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    totalCount
  }
}`;

/** Every page of a filter, following endCursor; the ids in order and the totalCount of each page. */
async function recorrer(variables: Record<string, unknown>) {
  const ids: string[] = [];
  const totales = new Set<number>();
  let after: string | null = null;
  for (let paginas = 0; paginas < 50; paginas++) {
    const r = await gql(PAGINA, { ...variables, after });
    expect(r.status, JSON.stringify(r.body.errors)).toBe(200);
    const t = r.body.data.transmisiones;
    ids.push(...t.edges.map((e: { node: { id: string } }) => e.node.id));
    totales.add(t.totalCount);
    expect(t.pageInfo.hasPreviousPage).toBe(after !== null);
    if (!t.pageInfo.hasNextPage) return { ids, totales };
    expect(t.pageInfo.endCursor).toBe(t.edges.at(-1).cursor);
    after = t.pageInfo.endCursor;
  }
  throw new Error('demasiadas páginas');
}

/** SQL statements the service sends while `fn` runs (every request's em shares this connection). */
async function sqlDurante(fn: () => Promise<unknown>): Promise<string[]> {
  const espia = vi.spyOn(env.s.servicio.orm()!.em.getConnection(), 'execute');
  try {
    await fn();
    return espia.mock.calls.map((x) => String(x[0]));
  } finally {
    espia.mockRestore();
  }
}

beforeAll(async () => {
  env = await entornoIhce({ simulador: { pacientesDesconocidos: [PACIENTE_DESCONOCIDO] } });
  c = await env.entidadConIhce('rda-conexion');
  // Sequential: distinct creation instants, in a known order.
  for (let i = 0; i < CREADAS - 2; i++) {
    const tipo = TIPOS_RDA[i % TIPOS_RDA.length]!;
    expect((await post('/rda/desde-datos', { tipo, datos: datosUnicos(tipo) })).status).toBe(201);
  }
  const d = datosUnicos('urgencias');
  d.paciente.numeroDocumento = PACIENTE_DESCONOCIDO;
  expect((await post('/rda/desde-datos', { tipo: 'urgencias', datos: d })).status).toBe(422);
  const bloqueado = construirBundle('consulta-externa', datosUnicos('consulta-externa'));
  (bloqueado as { type: string }).type = 'collection';
  expect((await post('/rda', { tipo: 'consulta-externa', bundle: bloqueado })).status).toBe(422);
  todas = (await pedir(env.s.url, '/rda?limit=200', { cabeceras: c.cabeceras })).body.items;
  expect(todas).toHaveLength(CREADAS);
});
afterAll(async () => {
  await env?.cerrar();
});

describe('transmisiones: conexión Relay con cursor (creadaEn, id)', () => {
  it('recorre todas las páginas sin repetir ni saltar, en el orden de GET /rda, con totalCount', async () => {
    const { ids, totales } = await recorrer({ first: 5 });
    expect(ids).toEqual(todas.map((t) => t.id));
    expect([...totales]).toEqual([CREADAS]);
    const primera = (await gql(PAGINA, { first: 5 })).body.data.transmisiones;
    expect(primera.edges).toHaveLength(5);
    expect(primera.pageInfo).toMatchObject({
      hasNextPage: true,
      hasPreviousPage: false,
      startCursor: primera.edges[0].cursor,
    });
    // Enum names in GraphQL; REST keeps the seed's strings.
    expect(primera.edges[0].node.tipo).toBe(todas[0]!.tipo.toUpperCase().replace('-', '_'));
    // Default page size: 50.
    const defecto = (await gql(PAGINA)).body.data.transmisiones;
    expect(defecto.edges).toHaveLength(CREADAS);
    expect(defecto.pageInfo).toMatchObject({ hasNextPage: false, endCursor: defecto.edges.at(-1).cursor });
  });

  it('filtros por estado, tipo y ventana de fechas [desde, hasta)', async () => {
    const rechazadas = await recorrer({ first: 1, estado: 'RECHAZADO' });
    expect(rechazadas.ids).toEqual(todas.filter((t) => t.estado === 'rechazado').map((t) => t.id));
    expect([...rechazadas.totales]).toEqual([1]);
    const urgencias = await recorrer({ first: 2, tipo: 'URGENCIAS' });
    const esperadas = todas.filter((t) => t.tipo === 'urgencias').map((t) => t.id);
    expect(urgencias.ids).toEqual(esperadas);
    expect([...urgencias.totales]).toEqual([esperadas.length]);
    const ambos = await recorrer({ first: 3, tipo: 'URGENCIAS', estado: 'ACEPTADO' });
    expect(ambos.ids).toEqual(
      todas.filter((t) => t.tipo === 'urgencias' && t.estado === 'aceptado').map((t) => t.id),
    );

    // Newest first: todas[5] is older than todas[2]. hasta excludes its own instant.
    const desde = todas[12]!.creadaEn;
    const hasta = todas[2]!.creadaEn;
    const ventana = await recorrer({ first: 4, desde, hasta });
    const enVentana = todas.filter((t) => t.creadaEn >= desde && t.creadaEn < hasta).map((t) => t.id);
    expect(enVentana.length).toBeGreaterThanOrEqual(9);
    expect(ventana.ids).toEqual(enVentana);
    expect([...ventana.totales]).toEqual([enVentana.length]);
    const vacia = (await gql(PAGINA, { desde: '2000-01-01T00:00:00Z', hasta: '2000-01-02T00:00:00Z' })).body
      .data.transmisiones;
    expect(vacia).toEqual({
      edges: [],
      pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
      totalCount: 0,
    });
  });

  it('cursor inválido, first fuera de rango o hasta ≤ desde → 400 entrada-invalida en español', async () => {
    const primera = (await gql(PAGINA, { first: 1 })).body.data.transmisiones;
    const cursor: string = primera.pageInfo.endCursor;
    const alterado = Buffer.from(
      Buffer.from(cursor, 'base64url')
        .toString()
        .replace(/\|[0-9a-f-]{36}$/, '|x'),
    ).toString('base64url');
    for (const after of ['basura', `${cursor}%`, alterado, 'a'.repeat(500), cursor.slice(0, 10)]) {
      const r = await gql(PAGINA, { after });
      // Refused by the resolver: GraphQL answers 200 with the error and no data.
      expect(r.body.data, after).toBeNull();
      expect(r.body.errors[0].extensions.codigo).toBe('entrada-invalida');
      expect(r.body.errors[0].message).toBe('El cursor «after» no es válido.');
    }
    for (const first of [0, 201, -1]) {
      const r = await gql(PAGINA, { first });
      expect(r.body.errors[0].extensions.codigo, String(first)).toBe('entrada-invalida');
      expect(r.body.errors[0].message).toBe('Paginación inválida.');
    }
    const fechas = await gql(PAGINA, { desde: todas[0]!.creadaEn, hasta: todas[0]!.creadaEn });
    expect(fechas.body.errors[0].extensions.codigo).toBe('entrada-invalida');
    // A cursor from another entity's list is only a position: it never shows that entity's rows.
    const otra = await env.entidadConIhce('rda-conexion-otra');
    const ajena = await gql(PAGINA, { after: cursor }, otra.cabeceras);
    expect(ajena.body.data.transmisiones).toMatchObject({ edges: [], totalCount: 0 });
  });

  it('la lista por desplazamiento es solo de REST: no está en el esquema público', async () => {
    const r = await gql('{ transmisionesPagina { total } }');
    expect(r.status).toBe(400);
    const sdl = await gql('{ __type(name: "Transmision") { fields { name } } }');
    const campos = sdl.body.data.__type.fields.map((f: { name: string }) => f.name);
    expect(campos).toEqual(expect.arrayContaining(['errores', 'avisos', 'informativos', 'eventos']));
    expect(campos).not.toContain('repetida');
    expect(campos).not.toContain('erroresRest');
    expect(campos).not.toContain('avisosRest');
  });
});

describe('Transmision.eventos con DataLoader', () => {
  const CON_EVENTOS = `query($first: Int) {
    transmisiones(first: $first) { edges { node { id eventos { id secuencia tipo estadoAnterior estadoNuevo } } } }
  }`;

  it('una página de N transmisiones con su traza: una sola consulta de eventos, sea N 5 o 20', async () => {
    const cuentas: Record<number, { eventos: number; transmision: number }> = {};
    for (const first of [5, 20]) {
      let r: Awaited<ReturnType<typeof gql>> | undefined;
      const sql = await sqlDurante(async () => {
        r = await gql(CON_EVENTOS, { first });
      });
      expect(r!.status).toBe(200);
      const nodos = r!.body.data.transmisiones.edges.map((e: { node: unknown }) => e.node);
      expect(nodos).toHaveLength(first);
      for (const n of nodos) {
        expect(n.eventos.length).toBeGreaterThanOrEqual(2);
        expect(n.eventos.map((e: { secuencia: number }) => e.secuencia)).toEqual(
          n.eventos.map((_: unknown, i: number) => i + 1),
        );
      }
      cuentas[first] = {
        eventos: sql.filter((q) => /evento_transmision/.test(q)).length,
        transmision: sql.filter((q) => /transmision/.test(q)).length,
      };
    }
    expect(cuentas[5]!.eventos).toBe(1);
    expect(cuentas[20]).toEqual(cuentas[5]);
    // The page and its events; 1 + N would be 21 for twenty.
    expect(cuentas[20]!.transmision).toBeLessThanOrEqual(2);
  });

  it('los eventos tienen id estable, el mismo que GET /rda/{id}/eventos y eventosTransmision(id)', async () => {
    const t = todas.find((x) => x.estado === 'aceptado')!;
    const rest = (await pedir(env.s.url, `/rda/${t.id}/eventos`, { cabeceras: c.cabeceras })).body;
    expect(rest[0]).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      secuencia: 1,
      tipo: 'generado',
    });
    const porRaiz = await gql('query($id: ID!) { eventosTransmision(id: $id) { id tipo } }', { id: t.id });
    const anidados = await gql('query($id: ID!) { transmision(id: $id) { eventos { id tipo } } }', {
      id: t.id,
    });
    const ids = rest.map((e: { id: string }) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(porRaiz.body.data.eventosTransmision.map((e: { id: string }) => e.id)).toEqual(ids);
    expect(anidados.body.data.transmision.eventos.map((e: { id: string }) => e.id)).toEqual(ids);
    expect(anidados.body.data.transmision.eventos[0].tipo).toBe('GENERADO');
  });
});

describe('mutaciones: ResultadoTransmision y hallazgos separados', () => {
  const TRANSMITIR = `mutation($tipo: TipoRda!, $bundle: JSON!, $clave: String) {
    transmitirRda(tipo: $tipo, bundle: $bundle, idempotencyKey: $clave) {
      repetida
      transmision {
        id estado motivo
        errores { codigo severidad }
        avisos { codigo severidad }
        informativos { codigo severidad }
        eventos { secuencia tipo }
      }
    }
  }`;

  it('repetida va en el resultado, no en la transmisión; la traza se puede pedir en la misma mutación', async () => {
    const bundle = construirBundle('urgencias', datosUnicos('urgencias'));
    const clave = `gql-${Date.now()}`;
    const uno = await gql(TRANSMITIR, { tipo: 'URGENCIAS', bundle, clave });
    expect(uno.body.data.transmitirRda).toMatchObject({
      repetida: false,
      transmision: { estado: 'ACEPTADO', errores: [], motivo: null },
    });
    expect(uno.body.data.transmitirRda.transmision.eventos.map((e: { tipo: string }) => e.tipo)).toEqual([
      'GENERADO',
      'VALIDADO',
      'ENVIADO',
      'ACEPTADO',
    ]);
    const dos = await gql(TRANSMITIR, { tipo: 'URGENCIAS', bundle, clave });
    expect(dos.body.data.transmitirRda.repetida).toBe(true);
    expect(dos.body.data.transmitirRda.transmision.id).toBe(uno.body.data.transmitirRda.transmision.id);
    const sinBundle = await gql(TRANSMITIR, { tipo: 'URGENCIAS', bundle: null });
    expect(sinBundle.status).toBe(400);
    expect(sinBundle.body.errors[0].extensions.codigo).toBe('entrada-invalida');
  });

  it('errores (RECHAZO), avisos (AVISO_*) e informativos (INFORMATIVO); REST conserva sus listas', async () => {
    const conAviso = construirBundle('urgencias', datosUnicos('urgencias'));
    conAviso.identifier = { system: 'urn:sistema-propio', value: 'X-1' };
    const a = (await gql(TRANSMITIR, { tipo: 'URGENCIAS', bundle: conAviso })).body.data.transmitirRda;
    expect(a.transmision.errores).toEqual([]);
    expect(a.transmision.avisos).toContainEqual({ codigo: 'RDA04', severidad: 'AVISO_CONFORMIDAD' });

    const bloqueado = construirBundle('paciente', datosUnicos('paciente'));
    (bloqueado as { type: string }).type = 'collection';
    const b = (await gql(TRANSMITIR, { tipo: 'PACIENTE', bundle: bloqueado })).body.data.transmitirRda;
    expect(b.transmision.estado).toBe('GENERADO');
    expect(b.transmision.errores.length).toBeGreaterThan(0);
    expect(b.transmision.errores.every((e: { severidad: string }) => e.severidad === 'RECHAZO')).toBe(true);

    // A transient failure: its notes are informative in GraphQL, and stay in REST's `errores`.
    env.sim.fallas.programar({ tipo: 'error', status: 503, rutas: ['enviar'], veces: 1 });
    const bundle = construirBundle('paciente', datosUnicos('paciente'));
    const t = (await gql(TRANSMITIR, { tipo: 'PACIENTE', bundle })).body.data.transmitirRda.transmision;
    expect(t.estado).toBe('ENVIADO');
    expect(t.errores).toEqual([]);
    expect(t.informativos).toContainEqual({ codigo: 'IHCE-transient', severidad: 'INFORMATIVO' });
    const rest = (await pedir(env.s.url, `/rda/${t.id}`, { cabeceras: c.cabeceras })).body;
    // The worker's retry is seconds away.
    expect(rest.estado).toBe('enviado');
    expect(rest.errores).toContainEqual(
      expect.objectContaining({ codigo: 'IHCE-transient', severidad: 'informativo' }),
    );
  });

  it('consultarRda con DocumentoIdentidadEntrada: formato revisado en español', async () => {
    const q = `mutation($paciente: DocumentoIdentidadEntrada!, $humanuser: DocumentoIdentidadEntrada!) {
      consultarRda(alcance: PACIENTE, paciente: $paciente, humanuser: $humanuser) { alcance items { tipo } }
    }`;
    const humanuser = { tipo: 'CC', numero: '79000111' };
    const ok = await gql(q, { paciente: { tipo: 'CC', numero: '1020304050' }, humanuser });
    expect(ok.status).toBe(200);
    expect(ok.body.data.consultarRda.alcance).toBe('PACIENTE');
    const malos = await gql(q, { paciente: { tipo: 'cc', numero: '1.020' }, humanuser });
    expect(malos.body.errors[0].extensions.codigo).toBe('entrada-invalida');
    expect(malos.body.errors[0].message).toBe('Consulta inválida: revise paciente y humanuser.');
    expect(malos.body.errors[0].extensions.detalles.map((d: { campo: string }) => d.campo)).toEqual([
      'paciente.tipo',
      'paciente.numero',
    ]);
    const sinHumanuser = await gql(q, { paciente: { tipo: 'CC', numero: '1020304050' } });
    expect(sinHumanuser.status).toBe(400);
    expect(sinHumanuser.body.errors[0].extensions.codigo).toBe('entrada-invalida');
    expect(sinHumanuser.body.errors[0].message).toMatch(/humanuser/);
  });
});
