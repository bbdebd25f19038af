import type { CodegenConfig } from '@graphql-codegen/cli';
import { nombreGraphql, VALORES_ENUM } from './src/graphql/enums.js';

// The REST adapter sees enums as REST writes them (`consulta-externa`), not by their GraphQL names.
const enumValues = Object.fromEntries(
  Object.entries(VALORES_ENUM).map(([nombre, d]) => [
    nombre,
    Object.fromEntries(d.valores.map((v) => [nombreGraphql(v), v])),
  ]),
);

const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  documents: 'schema/operations/*.graphql',
  generates: {
    'rest-adapter/generated/operaciones.ts': {
      plugins: ['typescript-operations', 'typed-document-node'],
      config: {
        enumValues,
        scalars: {
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
