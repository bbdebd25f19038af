import type { CodegenConfig } from '@graphql-codegen/cli';
import { salidaCliente } from './cliente/config-codegen.js';
import { nombreGraphql, VALORES_ENUM } from './src/graphql/enums.js';

// The REST adapter sees enums as REST writes them (`consulta-externa`), not by their GraphQL names.
const enumValues = Object.fromEntries(
  Object.entries(VALORES_ENUM).map(([nombre, d]) => [
    nombre,
    Object.fromEntries(d.valores.map((v) => [nombreGraphql(v), v])),
  ]),
);

const config: CodegenConfig = {
  // ESM with NodeNext resolution: relative imports of the generated files carry their extension.
  importExtension: '.js',
  generates: {
    // The REST adapter's operations, against the whole schema (REST-only fields included).
    'rest-adapter/generated/operaciones.ts': {
      schema: 'schema/rest.graphql',
      documents: 'schema/operations/*.graphql',
      plugins: ['typescript-operations', 'typed-document-node'],
      config: {
        enumValues,
        scalars: {
          DateTimeISO: 'string',
          SafeInt: 'number',
          JSON: 'unknown',
          FlujoCuerpo: 'unknown',
          JSONObject: 'Record<string, unknown>',
        },
        useTypeImports: true,
        enumsAsTypes: true,
        skipTypename: true,
      },
    },
    // The typed client published for integrators: the public schema and cliente/operaciones.
    'cliente/generated/': {
      schema: 'schema/schema.graphql',
      ...salidaCliente('cliente/operaciones/*.graphql'),
    },
  },
};

export default config;
