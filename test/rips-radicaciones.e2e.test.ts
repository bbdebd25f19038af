import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Entidad } from '../src/entidades/entidad.entity.js';
import type { ErrorAccionable } from '../src/errores/error-accionable.js';
import type { SeveridadError } from '../src/errores/valores.js';
import { type EstadoRadicacion, Radicacion } from '../src/rips/radicacion/radicacion.entity.js';
import { iniciarSimuladorMuv, type SimuladorMuv } from '../src/simuladores/muv/servidor.js';
import { CAMPOS_HALLAZGO, valoresRest } from './fixtures/graphql-rips.js';
import { consulta, ripsDe, xmlFev } from './fixtures/muv.js';
import { graphql, iniciarServicio, pedir } from './servidor.js';

/*
 * Issue 21: one `Radicacion` type (list items, detail and the filing's payload), findings split by
 * severity and loaded for a whole page at once, the `radicaciones` connection (keyset cursor, filters),
 * and GET /rips items with the contract's `estado` plus `estadoDetalle`.
 */

let sim: SimuladorMuv;
let s: Awaited<ReturnType<typeof iniciarServicio>>;
let a: { entidad: Entidad; clave: string };
let otra: { entidad: Entidad; clave: string };

beforeAll(async () => {
  sim = await iniciarSimuladorMuv();
  // No reconciler pass: the SQL counted below is the request's alone.
  s = await iniciarServicio({ MUV_BASE_URL: sim.url, MUV_REINTENTOS: '0', MUV_CONCILIAR_CADA_SEGUNDOS: '0' });
  a = await s.crearEntidadConMuv('radicaciones-a');
  otra = await s.crearEntidadConMuv('radicaciones-otra');
});

afterAll(async () => {
  await s?.cerrar();
  await sim?.cerrar();
});

const hallazgo = (codigo: string, severidad: SeveridadError): ErrorAccionable => ({
  codigo,
  severidad,
  fuente: 'linter-local',
  ubicacion: {
    factura: null,
    usuarioIndex: null,
    documentoUsuario: null,
    tipoServicio: null,
    servicioIndex: null,
    campo: null,
    campoNombre: null,
    ruta: null,
    descripcion: 'Factura',
  },
  titulo: `Título ${codigo}`,
  explicacion: 'Explicación',
  comoCorregir: 'Cómo corregir',
  mensajeOriginal: null,
});

const MEZCLA = [
  hallazgo('CAT01', 'informativo'),
  hallazgo('RVC010', 'rechazo'),
  hallazgo('RVC086', 'aviso-gradualidad'),
  hallazgo('MUV01', 'informativo'),
  hallazgo('RVG05', 'rechazo'),
  hallazgo('FED01', 'aviso-conformidad'),
];

let n = 0;
/** Evidence rows written directly (the table allows INSERT), with a chosen instant and state. */
async function filas(
  entidad: Entidad,
  datos: { estado: EstadoRadicacion; createdAt: Date; errores?: ErrorAccionable[]; id?: string }[],
): Promise<Radicacion[]> {
  const em = s.em();
  const creadas = datos.map((d) =>
    em.create(Radicacion, {
      ...(d.id ? { id: d.id } : {}),
      entidad: em.getReference(Entidad, entidad.id),
      numFactura: `LST${++n}`,
      numDocumentoIdObligado: '900123456',
      operacion: 'CargarFevRips',
      estado: d.estado,
      nErrores: 0,
      nAvisos: 0,
      errores: d.errores ?? [],
      omitidos: [{ codigo: 'RVC010', severidad: 'rechazo', cantidad: 3 }],
      createdAt: d.createdAt,
    }),
  );
  await em.flush();
  return creadas;
}

const gql = (query: string, variables?: Record<string, unknown>, clave = a.clave) =>
  graphql(s.url, query, { 'X-Api-Key': clave }, variables);

const PAGINA = `query ($first: Int, $after: String, $estado: EstadoRadicacion, $desde: DateTimeISO, $hasta: DateTimeISO) {
  radicaciones(first: $first, after: $after, estado: $estado, desde: $desde, hasta: $hasta) {
    edges { cursor node { id estado createdAt } }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    totalCount
  }
}`;

type Pagina = {
  edges: { cursor: string; node: { id: string; estado: string; createdAt: string } }[];
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
  };
  totalCount: number;
};

/** Every page of a filter, following endCursor. */
async function todas(variables: Record<string, unknown>, clave = a.clave): Promise<Pagina[]> {
  const paginas: Pagina[] = [];
  let after: string | null = null;
  for (;;) {
    const r = await gql(PAGINA, { ...variables, after }, clave);
    expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    const p = r.body.data.radicaciones as Pagina;
    paginas.push(p);
    if (!p.pageInfo.hasNextPage) return paginas;
    after = p.pageInfo.endCursor;
    expect(paginas.length).toBeLessThan(50);
  }
}

/**
 * A refusal of the resolver: GraphQL answers HTTP 200 with `data: null` (an execution error, as every
 * resolver error of /graphql), our Spanish `codigo` entrada-invalida (REST's 400) and BAD_USER_INPUT.
 */
function esEntradaInvalida(r: {
  status: number;
  body: { data?: unknown; errors?: { extensions: Record<string, unknown> }[] };
}) {
  expect(r.status).toBe(200);
  expect(r.body.data ?? null).toBeNull();
  expect(r.body.errors?.[0]?.extensions).toMatchObject({
    codigo: 'entrada-invalida',
    code: 'BAD_USER_INPUT',
  });
}

/** Newest first; the id breaks ties (as the keyset does). */
const orden = (x: Radicacion[]) =>
  [...x]
    .sort((p, q) => q.createdAt.getTime() - p.createdAt.getTime() || (q.id < p.id ? -1 : q.id > p.id ? 1 : 0))
    .map((r) => r.id);

describe('radicaciones: conexión Relay', () => {
  let propia: { entidad: Entidad; clave: string };
  let creadas: Radicacion[];
  const t0 = Date.parse('2026-06-01T12:00:00Z');
  const minuto = (m: number) => new Date(t0 + m * 60_000);

  beforeAll(async () => {
    propia = await s.crearEntidad('radicaciones-paginas', ['rips']);
    const estados: EstadoRadicacion[] = ['radicado', 'rechazado', 'rechazado-local', 'fallido', 'radicado'];
    creadas = await filas(
      propia.entidad,
      Array.from({ length: 11 }, (_, i) => ({
        estado: estados[i % estados.length]!,
        // Three rows share one instant: the id orders them and the cursor must not skip or repeat any.
        createdAt: i < 3 ? minuto(5) : minuto(i),
      })),
    );
    // Another entity's rows in the same window never show.
    await filas(otra.entidad, [{ estado: 'radicado', createdAt: minuto(5) }]);
  });

  it('pagina hacia adelante sin saltar ni repetir (empates de fecha incluidos), la más reciente primero', async () => {
    const paginas = await todas({ first: 4 }, propia.clave);
    expect(paginas.map((p) => p.edges.length)).toEqual([4, 4, 3]);
    expect(paginas.map((p) => p.pageInfo.hasNextPage)).toEqual([true, true, false]);
    expect(paginas.map((p) => p.pageInfo.hasPreviousPage)).toEqual([false, true, true]);
    const ids = paginas.flatMap((p) => p.edges.map((e) => e.node.id));
    expect(ids).toEqual(orden(creadas));
    for (const p of paginas) {
      expect(p.totalCount).toBe(11);
      expect(p.pageInfo.startCursor).toBe(p.edges[0]!.cursor);
      expect(p.pageInfo.endCursor).toBe(p.edges.at(-1)!.cursor);
    }
    // An item's own cursor continues right after it.
    const desdeElTercero = await gql(PAGINA, { first: 2, after: paginas[0]!.edges[2]!.cursor }, propia.clave);
    expect(
      desdeElTercero.body.data.radicaciones.edges.map((e: { node: { id: string } }) => e.node.id),
    ).toEqual(ids.slice(3, 5));
  });

  it('por defecto 50; first fuera de 1..200 → 400 en español', async () => {
    const r = await gql(
      '{ radicaciones { edges { node { id } } pageInfo { hasNextPage endCursor } } }',
      undefined,
      propia.clave,
    );
    expect(r.body.data.radicaciones.edges).toHaveLength(11);
    expect(r.body.data.radicaciones.pageInfo.hasNextPage).toBe(false);
    for (const first of [0, 201, -1]) {
      const x = await gql(PAGINA, { first }, propia.clave);
      esEntradaInvalida(x);
      expect(x.body.errors[0].extensions.detalles).toEqual([
        { campo: 'first', mensaje: 'Entero entre 1 y 200.' },
      ]);
    }
  });

  it('filtros: estado, desde (incluido) y hasta (excluido), también combinados', async () => {
    const ids = (ps: Pagina[]) => ps.flatMap((p) => p.edges.map((e) => e.node.id));
    const radicadas = await todas({ first: 2, estado: 'RADICADO' }, propia.clave);
    expect(ids(radicadas)).toEqual(orden(creadas.filter((c) => c.estado === 'radicado')));
    expect(radicadas[0]!.totalCount).toBe(creadas.filter((c) => c.estado === 'radicado').length);
    for (const p of radicadas) for (const e of p.edges) expect(e.node.estado).toBe('RADICADO');

    const locales = await todas({ estado: 'RECHAZADO_LOCAL' }, propia.clave);
    expect(ids(locales)).toEqual(orden(creadas.filter((c) => c.estado === 'rechazado-local')));

    const ventana = { desde: minuto(5).toISOString(), hasta: minuto(9).toISOString() };
    const enVentana = creadas.filter((c) => c.createdAt >= minuto(5) && c.createdAt < minuto(9));
    const v = await todas({ first: 3, ...ventana }, propia.clave);
    expect(ids(v)).toEqual(orden(enVentana));
    expect(v[0]!.totalCount).toBe(enVentana.length);

    const ambos = await todas({ ...ventana, estado: 'FALLIDO' }, propia.clave);
    expect(ids(ambos)).toEqual(orden(enVentana.filter((c) => c.estado === 'fallido')));

    const vacia = await todas({ estado: 'PENDIENTE' }, propia.clave);
    expect(vacia[0]).toMatchObject({
      edges: [],
      totalCount: 0,
      pageInfo: { hasNextPage: false, startCursor: null, endCursor: null },
    });

    const alReves = await gql(PAGINA, { desde: ventana.hasta, hasta: ventana.desde }, propia.clave);
    esEntradaInvalida(alReves);
    expect(alReves.body.errors[0].extensions.detalles[0].campo).toBe('hasta');
    // A seed spelling is not an enum name: refused in Spanish too.
    const semilla = await gql(PAGINA, { estado: 'rechazado-local' }, propia.clave);
    expect(semilla.status).toBe(400);
    expect(semilla.body.errors[0].extensions.codigo).toBe('entrada-invalida');
  });

  it('cursor inválido → 400 entrada-invalida en español', async () => {
    const bueno = (await todas({ first: 4 }, propia.clave))[0]!.pageInfo.endCursor!;
    const malos = [
      'no-es-un-cursor',
      '%%%',
      Buffer.from('1|abc|x').toString('base64url'),
      Buffer.from(`k1|${Date.now()}|no-uuid`).toString('base64url'),
      `${bueno}x`,
      'A'.repeat(500),
    ];
    for (const after of malos) {
      const r = await gql(PAGINA, { after }, propia.clave);
      esEntradaInvalida(r);
      expect(r.body.errors[0].message, after).toMatch(/cursor «after» no es válido/);
    }
  });
});

describe('Radicacion: hallazgos por severidad, cargados por página', () => {
  let propia: { entidad: Entidad; clave: string };
  let creadas: Radicacion[];

  beforeAll(async () => {
    propia = await s.crearEntidad('radicaciones-hallazgos', ['rips']);
    creadas = await filas(
      propia.entidad,
      Array.from({ length: 25 }, (_, i) => ({
        estado: 'rechazado-local' as const,
        createdAt: new Date(Date.parse('2026-07-01T00:00:00Z') + i * 1000),
        errores: i % 5 === 0 ? [] : MEZCLA.slice(0, 1 + (i % MEZCLA.length)),
      })),
    );
  });

  /** SQL statements on `radicacion` while `hacer` runs (the knex pool all requests share). */
  async function sentencias(hacer: () => Promise<unknown>): Promise<string[]> {
    const knex = s.servicio.orm()!.em.getConnection().getKnex();
    const vistas: string[] = [];
    const oir = (q: { sql: string }) => {
      if (/\bradicacion\b/.test(q.sql)) vistas.push(q.sql);
    };
    knex.on('query', oir);
    try {
      await hacer();
    } finally {
      knex.removeListener('query', oir);
    }
    return vistas;
  }

  it('errores (rechazo), avisos (gradualidad y conformidad) e informativos; omitidos', async () => {
    const r = await gql(
      `query ($id: ID!) { radicacion(id: $id) { id errores { ${CAMPOS_HALLAZGO} } avisos { codigo severidad }
        informativos { codigo severidad } omitidos { codigo severidad cantidad } } }`,
      { id: creadas.find((c) => c.errores.length === MEZCLA.length)!.id },
      propia.clave,
    );
    const d = r.body.data.radicacion;
    expect(d.errores.map((e: { codigo: string }) => e.codigo)).toEqual(['RVC010', 'RVG05']);
    expect(valoresRest(d.errores)).toEqual([MEZCLA[1], MEZCLA[4]]);
    expect(d.avisos).toEqual([
      { codigo: 'RVC086', severidad: 'AVISO_GRADUALIDAD' },
      { codigo: 'FED01', severidad: 'AVISO_CONFORMIDAD' },
    ]);
    expect(d.informativos).toEqual([
      { codigo: 'CAT01', severidad: 'INFORMATIVO' },
      { codigo: 'MUV01', severidad: 'INFORMATIVO' },
    ]);
    expect(d.omitidos).toEqual([{ codigo: 'RVC010', severidad: 'RECHAZO', cantidad: 3 }]);
    // REST keeps every finding in `errores`, in the stored order.
    const rest = await pedir(s.url, `/rips/${d.id}`, { cabeceras: { 'X-Api-Key': propia.clave } });
    expect(rest.body.errores).toEqual(MEZCLA);
    expect(rest.body).not.toHaveProperty('avisos');
    expect(rest.body).not.toHaveProperty('informativos');
  });

  it('una página con sus hallazgos: una sentencia para la página, una para su tamaño y una para todos los hallazgos', async () => {
    const consulta = `{ radicaciones(first: 25) { edges { node { id errores { codigo } avisos { codigo }
      informativos { codigo } omitidos { cantidad } } } } }`;
    let r: Awaited<ReturnType<typeof gql>> | undefined;
    const sql = await sentencias(async () => {
      r = await gql(consulta, undefined, propia.clave);
    });
    const nodos = r!.body.data.radicaciones.edges.map((e: { node: unknown }) => e.node);
    expect(nodos).toHaveLength(25);
    expect(sql).toHaveLength(3);
    // The budget (GRAPHQL_MAX_HALLAZGOS) asks the sizes before the findings are read.
    expect(sql.filter((x) => /jsonb_array_length\(errores\)/.test(x))).toHaveLength(1);
    expect(
      sql.filter((x) => /select id, errores, omitidos from radicacion where id in/.test(x)),
    ).toHaveLength(1);
    // The page itself does not read the findings' columns.
    expect(sql.filter((x) => /"errores"|"omitidos"/.test(x))).toEqual([]);
    const porId = new Map(creadas.map((c) => [c.id, c]));
    for (const nodo of nodos as {
      id: string;
      errores: { codigo: string }[];
      avisos: unknown[];
      informativos: unknown[];
    }[]) {
      const guardados = porId.get(nodo.id)!.errores;
      expect(nodo.errores.map((e) => e.codigo)).toEqual(
        guardados.filter((e) => e.severidad === 'rechazo').map((e) => e.codigo),
      );
      expect(nodo.avisos.length + nodo.informativos.length + nodo.errores.length).toBe(guardados.length);
    }

    // Without findings in the selection, only the page is read.
    const sinHallazgos = await sentencias(() =>
      gql('{ radicaciones(first: 25) { edges { node { id nErrores } } } }', undefined, propia.clave),
    );
    expect(sinHallazgos).toHaveLength(1);
    // totalCount is one count, only when asked for.
    const conTotal = await sentencias(() =>
      gql('{ radicaciones(first: 5) { totalCount } }', undefined, propia.clave),
    );
    expect(conTotal).toHaveLength(2);
    expect(conTotal.filter((x) => /count\(/.test(x))).toHaveLength(1);
  });

  it('más hallazgos guardados que GRAPHQL_MAX_HALLAZGOS en una solicitud → consulta-demasiado-compleja, sin leerlos', async () => {
    const chico = await iniciarServicio({ GRAPHQL_MAX_HALLAZGOS: '20', MUV_CONCILIAR_CADA_SEGUNDOS: '0' });
    try {
      const e = await chico.crearEntidad('radicaciones-presupuesto');
      const em = chico.em();
      for (let i = 0; i < 5; i++)
        em.create(Radicacion, {
          entidad: em.getReference(Entidad, e.entidad.id),
          numFactura: `PRS${i}`,
          numDocumentoIdObligado: '900123456',
          operacion: 'CargarFevRips',
          estado: 'rechazado-local',
          nErrores: MEZCLA.length,
          nAvisos: 0,
          errores: MEZCLA,
          createdAt: new Date(Date.now() - i * 1000),
        });
      await em.flush();
      const pocos = await graphql(
        chico.url,
        '{ radicaciones(first: 3) { edges { node { errores { codigo } } } } }',
        { 'X-Api-Key': e.clave },
      );
      expect(pocos.body.errors).toBeUndefined();
      const muchos = await graphql(
        chico.url,
        '{ radicaciones(first: 5) { edges { node { errores { codigo } } } } }',
        { 'X-Api-Key': e.clave },
      );
      expect(muchos.body.errors[0].extensions.codigo).toBe('consulta-demasiado-compleja');
      expect(muchos.body.errors[0].message).toMatch(/más de 20 hallazgos guardados.*GRAPHQL_MAX_HALLAZGOS/);
    } finally {
      await chico.cerrar();
    }
  });
});

describe('radicarRips: payload ResultadoRadicacion', () => {
  const RADICAR = `mutation ($rips: JSON!, $x: String) { radicarRips(rips: $rips, xmlFevFile: $x) {
    repetida
    radicacion { id estado cuv tipoNota nErrores errores { codigo severidad } avisos { codigo severidad }
      informativos { codigo severidad } omitidos { codigo } }
  } }`;

  it('radicada: la radicación y repetida por separado; la misma factura otra vez → repetida, el mismo id', async () => {
    const num = `GQ${Date.now().toString(36)}`.toUpperCase();
    const variables = { rips: ripsDe(num), x: xmlFev(num) };
    const r = await gql(RADICAR, variables);
    expect(r.body.errors).toBeUndefined();
    const p = r.body.data.radicarRips;
    expect(p.repetida).toBe(false);
    expect(p.radicacion).toMatchObject({ estado: 'RADICADO', tipoNota: null, errores: [], nErrores: 0 });
    expect(p.radicacion.cuv).toMatch(/^[0-9a-f]{96}$/);
    expect(p.radicacion.informativos.length).toBeGreaterThan(0);
    for (const e of p.radicacion.informativos) expect(e.severidad).toBe('INFORMATIVO');
    const otra = await gql(RADICAR, variables);
    expect(otra.body.data.radicarRips).toMatchObject({ repetida: true, radicacion: { id: p.radicacion.id } });
    // The same filing read later is the same type with the same findings.
    const leida = await gql(
      `query ($id: ID!) { radicacion(id: $id) { id estado errores { codigo severidad } avisos { codigo severidad }
        informativos { codigo severidad } } }`,
      { id: p.radicacion.id },
    );
    const { omitidos: _o, cuv: _c, tipoNota: _t, nErrores: _n, ...campos } = p.radicacion;
    expect(leida.body.data.radicacion).toEqual(campos);
  });

  it('rechazada por la compuerta local: los rechazos en errores, las notas aparte; REST igual que antes', async () => {
    const num = `GL${Date.now().toString(36)}`.toUpperCase();
    const rips = ripsDe(num);
    consulta(rips).codDiagnosticoPrincipal = 'J4';
    const r = await gql(RADICAR, { rips, x: xmlFev(num) });
    const d = r.body.data.radicarRips.radicacion;
    expect(d.estado).toBe('RECHAZADO_LOCAL');
    expect(d.errores.length).toBeGreaterThan(0);
    for (const e of d.errores) expect(e.severidad).toBe('RECHAZO');
    for (const e of d.informativos) expect(e.severidad).toBe('INFORMATIVO');
    const rest = await pedir(s.url, `/rips/${d.id}`, { cabeceras: { 'X-Api-Key': a.clave } });
    expect(rest.body.errores).toHaveLength(d.errores.length + d.avisos.length + d.informativos.length);
  });

  it('sin rips ni operacion: error de entrada en español (rips es opcional desde las operaciones sin RIPS)', async () => {
    const r = await gql('mutation { radicarRips { repetida } }');
    expect(r.body.errors[0].extensions.codigo).toBe('entrada-invalida');
    expect(r.body.errors[0].message).toMatch(/«rips».*«operacion»/s);
    // The REST door keeps its own 400 with the resolver's words.
    const rest = await pedir(s.url, '/rips', { cuerpo: {}, cabeceras: { 'X-Api-Key': a.clave } });
    expect(rest.status).toBe(400);
    expect(rest.body).toEqual({
      error: expect.stringMatching(
        /^Envíe el RIPS como objeto JSON en el campo «rips»\. Las operaciones que se radican sin RIPS/,
      ),
      codigo: 'entrada-invalida',
      detalles: [{ campo: 'rips', mensaje: 'Es obligatorio.' }],
    });
  });
});

describe('GET /rips: estado del contrato y estadoDetalle', () => {
  it('radicado y rechazado (del MUV o local) como estado; pendiente y fallido sin desenlace (null)', async () => {
    const propia = await s.crearEntidad('radicaciones-rest', ['rips']);
    const base = Date.parse('2026-08-01T00:00:00Z');
    const estados: EstadoRadicacion[] = ['radicado', 'rechazado', 'rechazado-local', 'fallido', 'pendiente'];
    await filas(
      propia.entidad,
      estados.map((estado, i) => ({ estado, createdAt: new Date(base + i * 1000) })),
    );
    const r = await pedir(s.url, '/rips', { cabeceras: { 'X-Api-Key': propia.clave } });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['items']);
    expect(
      r.body.items.map((i: { estado: string | null; estadoDetalle: string }) => [i.estadoDetalle, i.estado]),
    ).toEqual([
      ['pendiente', null],
      ['fallido', null],
      ['rechazado-local', 'rechazado'],
      ['rechazado', 'rechazado'],
      ['radicado', 'radicado'],
    ]);
    for (const i of r.body.items) {
      expect(i).not.toHaveProperty('errores');
      expect(i).not.toHaveProperty('cursor');
      expect(typeof i.nErrores).toBe('number');
    }
    // GraphQL keeps the full state.
    const g = await gql('{ radicaciones { edges { node { estado } } } }', undefined, propia.clave);
    expect(g.body.data.radicaciones.edges.map((e: { node: { estado: string } }) => e.node.estado)).toEqual([
      'PENDIENTE',
      'FALLIDO',
      'RECHAZADO_LOCAL',
      'RECHAZADO',
      'RADICADO',
    ]);
  });

  it('las últimas 100, la más reciente primero', async () => {
    const propia = await s.crearEntidad('radicaciones-cien', ['rips']);
    const base = Date.parse('2026-09-01T00:00:00Z');
    const creadas = await filas(
      propia.entidad,
      Array.from({ length: 104 }, (_, i) => ({
        estado: 'radicado' as const,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const r = await pedir(s.url, '/rips', { cabeceras: { 'X-Api-Key': propia.clave } });
    expect(r.body.items.map((i: { id: string }) => i.id)).toEqual(orden(creadas).slice(0, 100));
  });

  it('/openapi.json describe estado (radicado | rechazado | null) y estadoDetalle', async () => {
    const doc = (await pedir(s.url, '/openapi.json')).body;
    const item =
      doc.paths['/rips'].get.responses['200'].content['application/json'].schema.properties.items.items;
    expect(item.properties.estado).toMatchObject({
      type: ['string', 'null'],
      enum: ['radicado', 'rechazado', null],
    });
    expect(item.properties.estadoDetalle.enum).toEqual([
      'radicado',
      'rechazado',
      'rechazado-local',
      'fallido',
      'pendiente',
    ]);
    expect(item.required).toEqual(expect.arrayContaining(['estado', 'estadoDetalle']));
    expect(doc.paths['/rips'].get.description).toMatch(/estadoDetalle/);
  });
});
