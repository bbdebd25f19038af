import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import { type GraphQLSchema, lexicographicSortSchema, printSchema } from 'graphql';
import { construirSchemaBase, schemaPublico } from './schema.js';

/**
 * Writes `schema/schema.graphql` (the public schema clients see) and `schema/rest.graphql` (the whole
 * schema, with the REST-only fields the adapter's operations use; codegen checks them against it), or
 * with `--check` fails when either is not current.
 */
const base = await construirSchemaBase();
const archivos: [URL, GraphQLSchema][] = [
  [new URL('../../../schema/schema.graphql', import.meta.url), schemaPublico(base)],
  [new URL('../../../schema/rest.graphql', import.meta.url), base],
];
const comprobar = process.argv.includes('--check');
for (const [archivo, schema] of archivos) {
  const sdl = `${printSchema(lexicographicSortSchema(schema))}\n`;
  const nombre = archivo.pathname.split('/').slice(-2).join('/');
  if (comprobar) {
    let actual = '';
    try {
      actual = readFileSync(archivo, 'utf8');
    } catch {}
    if (actual !== sdl) {
      console.error(`${nombre} no está al día: ejecute \`npm run schema:emit\` y confirme el cambio.`);
      process.exit(1);
    }
    console.log(`${nombre} al día`);
  } else {
    writeFileSync(archivo, sdl);
    console.log(`${nombre} escrito`);
  }
}
