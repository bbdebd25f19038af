import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { construirSchemaBase, schemaPublico } from './schema.js';

/** Writes `schema/schema.graphql`, or with `--check` fails when it is not current. */
const archivo = new URL('../../../schema/schema.graphql', import.meta.url);
const sdl = `${printSchema(lexicographicSortSchema(schemaPublico(await construirSchemaBase())))}\n`;
if (process.argv.includes('--check')) {
  let actual = '';
  try {
    actual = readFileSync(archivo, 'utf8');
  } catch {}
  if (actual !== sdl) {
    console.error(
      'schema/schema.graphql no está al día: ejecute `npm run schema:emit` y confirme el cambio.',
    );
    process.exit(1);
  }
  console.log('schema/schema.graphql al día');
} else {
  writeFileSync(archivo, sdl);
  console.log('schema/schema.graphql escrito');
}
