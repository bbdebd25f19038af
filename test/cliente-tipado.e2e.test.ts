import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { generate } from '@graphql-codegen/cli';
import {
  buildClientSchema,
  type DocumentNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  getIntrospectionQuery,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isScalarType,
  parse,
  TypeInfo,
  typeFromAST,
  visit,
  visitWithTypeInfo,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salidaCliente } from '../cliente/config-codegen.js';
import { ejecutar } from '../cliente/ejecutar.js';
import { iniciarServicio } from './servidor.js';

const ejecutarProceso = promisify(execFile);
const RAIZ = path.resolve(import.meta.dirname, '..');
const OPERACIONES = path.join(RAIZ, 'cliente/operaciones');
/** The only scalars a client meets: GraphQL's own, a date-time and the JSON documents (RIPS, Bundle). */
const ESCALARES_GENERALES = new Set([
  'String',
  'Int',
  'Float',
  'Boolean',
  'ID',
  'DateTimeISO',
  'JSON',
  'JSONObject',
  // Integers beyond 32 bits (pesos, milliseconds) as JSON numbers.
  'SafeInt',
]);

let srv: Awaited<ReturnType<typeof iniciarServicio>>;
let clave: string;
let schema: GraphQLSchema;
let documentos: DocumentNode[];

beforeAll(async () => {
  srv = await iniciarServicio();
  ({ clave } = await srv.crearEntidad('cliente-tipado'));
  const r = await fetch(`${srv.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': clave },
    body: JSON.stringify({ query: getIntrospectionQuery() }),
  });
  const introspeccion = (await r.json()) as { data: Parameters<typeof buildClientSchema>[0] };
  schema = buildClientSchema(introspeccion.data);
  const archivos = (await readdir(OPERACIONES)).filter((f) => f.endsWith('.graphql'));
  documentos = await Promise.all(
    archivos.map(async (f) => parse(await readFile(path.join(OPERACIONES, f), 'utf8'))),
  );
}, 60_000);

afterAll(async () => {
  await srv?.cerrar();
});

/** Every named type an operation uses: its variables (with their input fields, recursively) and selections. */
function tiposUsados(docs: DocumentNode[]): Set<string> {
  const usados = new Set<string>();
  const agregarEntrada = (t: GraphQLNamedType) => {
    if (usados.has(t.name)) return;
    usados.add(t.name);
    if (isInputObjectType(t))
      for (const f of Object.values(t.getFields())) agregarEntrada(getNamedType(f.type));
  };
  for (const doc of docs) {
    const info = new TypeInfo(schema);
    visit(
      doc,
      visitWithTypeInfo(info, {
        VariableDefinition(v) {
          const t = typeFromAST(schema, v.type as Parameters<typeof typeFromAST>[1]);
          if (t) agregarEntrada(getNamedType(t));
        },
        Field() {
          const t = info.getType();
          if (t) usados.add(getNamedType(t).name);
        },
      }),
    );
  }
  return usados;
}

describe('cliente tipado: graphql-codegen client preset desde la introspección en vivo', () => {
  it('el esquema no tiene escalares de dominio: los valores cerrados son enums', () => {
    const propios = Object.values(schema.getTypeMap())
      .filter((t) => isScalarType(t) && !t.name.startsWith('__'))
      .map((t) => t.name)
      .filter((n) => !ESCALARES_GENERALES.has(n));
    expect(propios).toEqual([]);
  });

  it('las operaciones publicadas usan cada enum, cada input y cada conexión del esquema', () => {
    const usados = tiposUsados(documentos);
    const tipos = Object.values(schema.getTypeMap()).filter((t) => !t.name.startsWith('__'));
    const requeridos = tipos
      .filter((t) => isEnumType(t) || isInputObjectType(t) || t.name.endsWith('Conexion'))
      .map((t) => t.name);
    expect(requeridos.filter((n) => !usados.has(n))).toEqual([]);
    expect(requeridos.length).toBeGreaterThan(10);
  });

  it('genera el cliente, compila con tsc un uso de cada enum, input y conexión, y una operación responde', async () => {
    const dir = await mkdtemp(path.join(RAIZ, '.cliente-prueba-'));
    try {
      await writeFile(path.join(dir, 'schema.json'), JSON.stringify(await introspeccionJson()));
      await generate(
        {
          silent: true,
          importExtension: '.js',
          generates: {
            [`${dir}/generated/`]: {
              schema: path.join(dir, 'schema.json'),
              ...salidaCliente(`${OPERACIONES}/*.graphql`),
            },
          },
        },
        true,
      );
      const graphqlTs = await readFile(path.join(dir, 'generated/graphql.ts'), 'utf8');
      // A domain value typed `unknown` would be a scalar; the only `unknown` left are JSON documents.
      expect(graphqlTs).not.toMatch(/Scalars\['(?!JSON|JSONObject)[A-Za-z]+'\]\['output'\]: unknown/);
      await cp(path.join(RAIZ, 'cliente/uso.ts'), path.join(dir, 'uso.ts'));
      await cp(path.join(RAIZ, 'cliente/ejecutar.ts'), path.join(dir, 'ejecutar.ts'));
      await writeFile(
        path.join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            target: 'ES2022',
            module: 'NodeNext',
            moduleResolution: 'NodeNext',
            strict: true,
            noEmit: true,
            skipLibCheck: true,
            types: [],
            lib: ['ES2022', 'DOM'],
          },
          include: ['uso.ts', 'ejecutar.ts', 'generated/*.ts'],
        }),
      );
      const tsc = path.join(RAIZ, 'node_modules/.bin/tsc');
      const r = await ejecutarProceso(tsc, ['-p', dir]).catch((e: { stdout: string }) => e);
      expect((r as { stdout: string }).stdout ?? '').toBe('');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    // The same typed document, run: enum values arrive by their GraphQL names.
    const { SesionDocument } = await import('../cliente/generated/graphql.js');
    const sesion = await ejecutar(`${srv.url}/graphql`, SesionDocument, {}, { 'x-api-key': clave });
    expect(sesion.sesion.entidad.modulos).toEqual(['RIPS', 'RDA']);
    expect(sesion.sesion.permisos).toContain('RIPS_ENVIAR');
  }, 120_000);
});

async function introspeccionJson() {
  const r = await fetch(`${srv.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': clave },
    body: JSON.stringify({ query: getIntrospectionQuery() }),
  });
  return r.json();
}
