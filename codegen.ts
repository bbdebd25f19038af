import type { CodegenConfig } from '@graphql-codegen/cli';
import { VALORES_ENUM } from './src/graphql/enums.js';

// Domain enum scalars become string-literal unions in the generated types.
const escalares = Object.fromEntries(
  Object.entries(VALORES_ENUM).map(([nombre, d]) => [nombre, d.valores.map((v) => `'${v}'`).join(' | ')]),
);

const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  documents: 'schema/operations/*.graphql',
  generates: {
    'rest-adapter/generated/operaciones.ts': {
      plugins: ['typescript', 'typescript-operations', 'typed-document-node'],
      config: {
        scalars: {
          ...escalares,
          DateTimeISO: 'string',
          JSON: 'unknown',
          FlujoCuerpo: 'unknown',
          JSONObject: 'Record<string, unknown>',
        },
        useTypeImports: true,
        enumsAsTypes: true,
        skipTypename: true,
      },
    },
  },
};

export default config;
