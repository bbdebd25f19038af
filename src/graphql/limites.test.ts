import { readdirSync, readFileSync } from 'node:fs';
import { buildSchema, Kind, type OperationDefinitionNode, parse, print } from 'graphql';
import { describe, expect, it } from 'vitest';
import { type LimitesGraphql, loadConfig } from '../config.js';
import { ErrorApp } from '../errores/errores.js';
import {
  CAMPOS_COSTOSOS,
  camposRaiz,
  consultaDeSolicitud,
  escanear,
  LimitesOperacion,
  MAX_ANIDAMIENTO,
  problemaVariablesGet,
} from './limites.js';

const schema = buildSchema(readFileSync('schema/schema.graphql', 'utf8'));
const PREDETERMINADOS: LimitesGraphql = loadConfig({
  NODE_ENV: 'test',
  CREDENTIALS_KEY: Buffer.alloc(32, 7).toString('base64'),
}).graphqlLimites;
const limites = (o: Partial<LimitesGraphql> = {}) =>
  new LimitesOperacion(schema, { ...PREDETERMINADOS, ...o });

/** The refusal's motive, message and timing of one document. */
function verificar(texto: string, o: Partial<LimitesGraphql> = {}) {
  const l = limites(o);
  const t = performance.now();
  const r = l.verificar(texto);
  return { r, ms: performance.now() - t };
}

const alias = (n: number, campo = 'documentoIhce(id: "1")') =>
  `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${campo}`).join(' ')} }`;

describe('límites del documento GraphQL', () => {
  it('los predeterminados son los documentados', () => {
    expect(PREDETERMINADOS).toEqual({
      maxTokens: 1000,
      maxProfundidad: 10,
      maxAlias: 15,
      maxCosto: 20000,
      maxDirectivas: 20,
      maxCampoCostoso: 5,
      maxCostoInformes: 20000,
      maxHallazgos: 20000,
    });
  });

  it('cada operación publicada en schema/operations pasa con los predeterminados', () => {
    const texto = readdirSync('schema/operations')
      .map((f) => readFileSync(`schema/operations/${f}`, 'utf8'))
      .join('\n');
    const doc = parse(texto);
    const fragmentos = doc.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION);
    const operaciones = doc.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
    expect(operaciones.length).toBeGreaterThan(15);
    for (const op of operaciones) {
      const uno = print({ kind: Kind.DOCUMENT, definitions: [op, ...fragmentos] });
      expect(limites().verificar(uno), op.name?.value).toBeUndefined();
    }
  });

  it('1.000 alias: rechazados por elementos léxicos, en español, en mucho menos de un segundo', () => {
    const { r, ms } = verificar(alias(1000));
    expect(r?.motivo).toBe('tokens');
    expect(r?.error).toBeInstanceOf(ErrorApp);
    expect(r?.error.codigo).toBe('consulta-demasiado-compleja');
    expect(r?.error.message).toMatch(/más de 1000 elementos léxicos .*variables/);
    expect(ms).toBeLessThan(100);
  });

  it('más alias que el máximo: rechazados por alias aunque quepan en los elementos léxicos', () => {
    const { r } = verificar(alias(16, 'sesion { permisos }'));
    expect(r?.motivo).toBe('alias');
    expect(r?.error.message).toBe('La operación usa 16 alias; el máximo es 15 (GRAPHQL_MAX_ALIASES).');
    expect(verificar(alias(15, 'sesion { permisos }')).r).toBeUndefined();
  });

  it('un literal anidado 5.000 y 100.000 niveles (objeto y lista) no desborda el analizador', () => {
    for (const n of [5000, 100_000]) {
      const objeto = `{ validarRda(bundle: ${'{a:'.repeat(n)}1${'}'.repeat(n)}) { valido } }`;
      const lista = `{ validarRda(bundle: ${'['.repeat(n)}1${']'.repeat(n)}) { valido } }`;
      for (const texto of [objeto, lista]) {
        const { r, ms } = verificar(texto);
        expect(r?.error.codigo).toBe('consulta-demasiado-compleja');
        expect(ms).toBeLessThan(200);
      }
    }
    // With a token budget large enough to reach it, the nesting bound refuses first.
    const lista = `{ validarRda(bundle: ${'['.repeat(5000)}1${']'.repeat(5000)}) { valido } }`;
    expect(verificar(lista, { maxTokens: 10_000 }).r?.motivo).toBe('anidamiento');
  });

  it('selecciones y fragmentos en línea anidados sin fin: rechazados', () => {
    const sel = `{${' sesion {'.repeat(5000)} permisos${'}'.repeat(5000)} }`;
    expect(verificar(sel).r?.motivo).toBe('anidamiento');
    const enLinea = `{${' ... on Query {'.repeat(200)} resumen { __typename }${'}'.repeat(200)} }`;
    expect(verificar(enLinea, { maxTokens: 10_000 }).r?.motivo).toBe('anidamiento');
  });

  it('el escáner cuenta llaves, corchetes y paréntesis abiertos a la vez, no en total', () => {
    expect(escanear(`{ ${'a { b } '.repeat(500)} }`, 10_000)).toBeUndefined();
    expect(escanear(`${'['.repeat(MAX_ANIDAMIENTO)}${']'.repeat(MAX_ANIDAMIENTO)}`, 10_000)).toBeUndefined();
    expect(escanear(`${'['.repeat(MAX_ANIDAMIENTO + 1)}`, 10_000)).toBe('anidamiento');
    // Brackets inside strings and comments are not structure.
    expect(escanear(`{ a(b: "${'['.repeat(500)}") } # ${'{'.repeat(500)}`, 10_000)).toBeUndefined();
    // A lexical error is Apollo's to report.
    expect(escanear('{ a(b: "sin cerrar', 10_000)).toBeUndefined();
  });

  it('NUL o un sustituto suelto escritos en un texto de la consulta: 400 en español que nombra el argumento', () => {
    // The document as the JSON body carries it after parsing: GraphQL's own escape, which the lexer decodes.
    const nul = 'mutation { radicarRips(rips: {numFactura: "F\\u0000", usuarios: []}) { estado } }';
    expect(escanear(nul, 10_000)).toEqual({ cual: 'nulo', linea: 1, columna: 43, nombre: 'numFactura' });
    const r = limites().verificar(nul);
    expect(r?.motivo).toBeUndefined();
    expect(r?.error.codigo).toBe('entrada-invalida');
    expect(r?.error.message).toBe(
      'La consulta GraphQL contiene el carácter nulo (\\u0000) en «numFactura» (línea 1, columna 43): no es texto válido y no puede guardarse. Quítelo en el sistema de origen.',
    );
    // Without `nombre:` before it (a list element), the position alone.
    expect(escanear('{ a(b: ["x", "\\u0000"]) }', 100)).toEqual({ cual: 'nulo', linea: 1, columna: 14 });
    // graphql 16's lexer refuses lone surrogates itself (a syntax error Apollo reports in Spanish).
    expect(escanear('{ a(b: "\ud800") }', 100)).toBeUndefined();
    expect(escanear('{ a(b: "\\udc00") }', 100)).toBeUndefined();
    // A pair, its escape, and NUL-free texts pass.
    expect(escanear('{ a(b: "\\uD83D\\uDE00 😀 \\u0001") }', 100)).toBeUndefined();
    // A limit reached before the string is reported first.
    expect(escanear(`${'['.repeat(MAX_ANIDAMIENTO + 1)} "\\u0000"`, 10_000)).toBe('anidamiento');
  });

  it('un literal más hondo que un cuerpo JSON: rechazado; a 64 niveles, aceptado', () => {
    const hondo = (n: number) => `{ validarRda(bundle: ${'{a:'.repeat(n)}1${'}'.repeat(n)}) { valido } }`;
    const r = verificar(hondo(65)).r;
    expect(r?.motivo).toBe('literal');
    expect(r?.error.message).toMatch(/anida objetos o listas a 65 niveles; el máximo es 64/);
    expect(verificar(hondo(64)).r).toBeUndefined();
  });

  it('profundidad, costo y directivas', () => {
    const hondo = '{ transmisiones { items { errores { ubicacion { campo } } } } }';
    expect(verificar(hondo).r).toBeUndefined();
    expect(verificar(hondo, { maxProfundidad: 4 }).r?.error.message).toBe(
      'La operación anida campos a 5 niveles; el máximo es 4 (GRAPHQL_MAX_DEPTH).',
    );
    const costo = verificar(alias(10, 'transmisiones { items { id estado errores { codigo titulo } } }'), {
      maxCosto: 150,
    }).r;
    expect(costo?.motivo).toBe('costo');
    expect(costo?.error.message).toMatch(
      /^La operación es demasiado costosa \(costo \d+; el máximo es 150, GRAPHQL_MAX_COST\)/,
    );
    const directivas = `{ sesion { permisos ${'@include(if: true) '.repeat(21)} } }`;
    expect(verificar(directivas).r?.error.message).toBe(
      'La operación usa 21 directivas; el máximo es 20 (GRAPHQL_MAX_DIRECTIVES).',
    );
  });

  it('fragmentos que se multiplican: el costo los cuenta tantas veces como se ejecutarían', () => {
    let texto = '{ ...F0 }\n';
    for (let i = 0; i < 20; i++) texto += `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }\n`;
    texto += 'fragment F20 on Query { sesion { entidad { slug } } }';
    expect(verificar(texto).r?.motivo).toBe('costo');
  });

  it('una cadena larga de fragmentos no desborda la pila', () => {
    let texto = '{ ...F0 }\n';
    const n = 1200;
    for (let i = 0; i < n; i++) texto += `fragment F${i} on Query { ...F${i + 1} }\n`;
    texto += `fragment F${n} on Query { resumen { __typename } }`;
    const { r, ms } = verificar(texto, { maxTokens: 10_000, maxCosto: 100_000 });
    expect(r).toBeUndefined();
    expect(ms).toBeLessThan(1000);
    // Each link costs: with a lower cost limit the chain is refused, with its figure.
    expect(verificar(texto, { maxTokens: 10_000, maxCosto: 2000 }).r?.error.message).toMatch(
      /\(costo 3609; el máximo es 2000/,
    );
  });

  it('una conexión cuesta por su tamaño de página: escrito, el número; por variable, el máximo; omitido, 50', () => {
    const costo = (q: string) =>
      Number(/costo (\d+)/.exec(verificar(q, { maxCosto: 1 }).r?.error.message ?? '')?.[1]);
    const sel = '{ edges { node { id estado tipo vida } } }';
    const uno = costo(`{ transmisiones(first: 1) ${sel} }`);
    expect(costo(`{ transmisiones(first: 10) ${sel} }`)).toBe(10 * uno);
    expect(costo(`{ transmisiones ${sel} }`)).toBe(50 * uno);
    // A variable may carry any size up to the maximum, whatever its default: counted as 200.
    expect(costo(`query($n: Int = 1) { transmisiones(first: $n) ${sel} }`)).toBe(200 * uno);
    expect(costo(`query($n: Int) { radicaciones(first: $n) { edges { node { id } } } }`)).toBe(
      costo('{ radicaciones(first: 200) { edges { node { id } } } }'),
    );
    // One full page of 200 with the trail fits the default; two do not.
    const completa = `transmisiones(first: $n) { edges { cursor node { id estado tipo vida creadaEn actualizadaEn
      intentos motivo origen compositionId creadoPor eventos { id tipo fecha estadoNuevo } } }
      pageInfo { hasNextPage endCursor } totalCount }`;
    expect(verificar(`query($n: Int) { ${completa} }`).r).toBeUndefined();
    expect(verificar(`query($n: Int) { a: ${completa} b: ${completa} }`).r?.motivo).toBe('costo');
  });

  it('un campo que llama al MUV o a la IHCE: a lo sumo 5 veces por operación, nombrándolo', () => {
    expect(verificar(alias(5)).r).toBeUndefined();
    const r = verificar(alias(6)).r;
    expect(r?.motivo).toBe('campo-costoso');
    expect(r?.error.message).toBe(
      'El campo «documentoIhce» aparece 6 veces en la operación y cada vez consulta la IHCE ($document): el máximo es 5 por operación (GRAPHQL_MAX_EXPENSIVE_FIELD). Envíe una solicitud por documento.',
    );
    const verificarCuv = `{ ${Array.from({ length: 2 }, (_, i) => `c${i}: verificarCuv(id: "${i}") { verificado }`).join(' ')} }`;
    expect(verificar(verificarCuv, { maxCampoCostoso: 1 }).r?.error.message).toMatch(
      /^El campo «verificarCuv» aparece 2 veces .* consulta el MUV \(ConsultarCUV\): el máximo es 1/,
    );
    const mutacion = `mutation { ${Array.from({ length: 6 }, (_, i) => `r${i}: radicarRips(rips: {}) { repetida }`).join(' ')} }`;
    expect(verificar(mutacion).r?.error.message).toMatch(/^El campo «radicarRips» aparece 6 veces/);
  });

  it('probarWebhook envía un POST por alias: a lo sumo 5 por operación', () => {
    const probar = (n: number) =>
      `mutation { ${Array.from({ length: n }, (_, i) => `p${i}: probarWebhook(id: "${i}") { eventoId }`).join(' ')} }`;
    expect(verificar(probar(5)).r).toBeUndefined();
    for (const n of [6, 15]) {
      const r = verificar(probar(n)).r;
      expect(r?.motivo).toBe('campo-costoso');
      expect(r?.error.codigo).toBe('consulta-demasiado-compleja');
      expect(r?.error.message).toBe(
        `El campo «probarWebhook» aparece ${n} veces en la operación y cada vez envía un POST de prueba al receptor del webhook: el máximo es 5 por operación (GRAPHQL_MAX_EXPENSIVE_FIELD). Envíe una solicitud por documento.`,
      );
    }
  });

  it('los campos costosos se cuentan también a través de fragmentos, y una clave repetida corre una vez', () => {
    const porFragmentos = `{ ...A ...B ... on Query { c: documentoIhce(id: "3") } }
      fragment A on Query { a: documentoIhce(id: "1") b: documentoIhce(id: "2") ...B }
      fragment B on Query { d: documentoIhce(id: "4") }`;
    expect(verificar(porFragmentos, { maxCampoCostoso: 3 }).r?.error.message).toMatch(/aparece 4 veces/);
    // The same response key twice is merged by GraphQL: one call.
    const repetida = `{ documentoIhce(id: "1") documentoIhce(id: "1") }`;
    expect(verificar(repetida, { maxCampoCostoso: 1 }).r).toBeUndefined();
  });

  it('camposRaiz sigue cada fragmento una vez aunque se repita o se cite a sí mismo', () => {
    const doc = parse(`{ ...A ...A } fragment A on Query { x: resumen { __typename } ...A }`);
    const op = doc.definitions[0] as OperationDefinitionNode;
    const fragmentos = new Map(
      doc.definitions.flatMap((d) =>
        d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [],
      ),
    );
    expect([...camposRaiz(op, fragmentos)]).toEqual([['resumen', new Set(['x'])]]);
  });

  it('cada campo de CAMPOS_COSTOSOS existe en el esquema; uno que no, impide arrancar', () => {
    expect(() => limites()).not.toThrow();
    const sinCampo = buildSchema('type Query { resumen: Int }');
    expect(() => new LimitesOperacion(sinCampo, PREDETERMINADOS)).toThrow(/CAMPOS_COSTOSOS nombra campos/);
    expect(Object.keys(CAMPOS_COSTOSOS)).toContain('Mutation.consultarRda');
  });

  it('recuerda los textos aceptados, y un texto rechazado lo sigue siendo', () => {
    const l = limites();
    const bueno = '{ sesion { permisos } }';
    expect(l.verificar(bueno)).toBeUndefined();
    expect(l.verificar(bueno)).toBeUndefined();
    for (let i = 0; i < 2; i++) expect(l.verificar(alias(6))?.motivo).toBe('campo-costoso');
  });

  it('un error de sintaxis se deja a Apollo', () => {
    expect(verificar('{ sesion { permisos }').r).toBeUndefined();
    expect(verificar('no es graphql').r).toBeUndefined();
  });
});

describe('la consulta de una solicitud a /graphql', () => {
  it('POST: el texto de query; GET: query y variables del query string', () => {
    expect(consultaDeSolicitud({ method: 'POST', body: { query: '{ a }' } })).toEqual({ texto: '{ a }' });
    expect(consultaDeSolicitud({ method: 'POST', body: [{ query: '{ a }' }] })).toEqual({});
    expect(consultaDeSolicitud({ method: 'POST', body: { query: 7 } })).toEqual({ texto: undefined });
    expect(consultaDeSolicitud({ method: 'POST' })).toEqual({});
    expect(consultaDeSolicitud({ method: 'GET', query: { query: '{ a }', variables: '{"x":1}' } })).toEqual({
      texto: '{ a }',
      variablesGet: '{"x":1}',
    });
  });

  it('las variables de un GET pasan las mismas revisiones que un cuerpo JSON', () => {
    expect(problemaVariablesGet('{"x":[1,2]}')).toBeUndefined();
    expect(problemaVariablesGet(`{"x":${'['.repeat(65)}${']'.repeat(65)}}`)?.message).toMatch(
      /^El parámetro variables anida más de 64 niveles/,
    );
    expect(problemaVariablesGet(`{"x":${'['.repeat(63)}${']'.repeat(63)}}`)).toBeUndefined();
    expect(problemaVariablesGet('{"x":"a\\u0000"}')?.message).toMatch(
      /^El parámetro variables contiene el carácter nulo .* en «variables\.x»/,
    );
  });
});
