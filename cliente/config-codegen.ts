import type { CodegenConfig } from '@graphql-codegen/cli';

type Salida = CodegenConfig['generates'][string];

/**
 * The published client's settings (graphql-codegen client preset), one place for `npm run codegen` and
 * for the test that rebuilds the client from live introspection: enums as string unions of their
 * GraphQL names, the general scalars as the JSON types they carry, no fragment masking.
 */
export function salidaCliente(documentos: string | string[]): Salida {
  return {
    preset: 'client',
    documents: documentos,
    presetConfig: { fragmentMasking: false },
    config: {
      enumsAsTypes: true,
      useTypeImports: true,
      skipTypename: true,
      scalars: {
        DateTimeISO: 'string',
        SafeInt: 'number',
        JSON: 'unknown',
        JSONObject: 'Record<string, unknown>',
      },
    },
  };
}
