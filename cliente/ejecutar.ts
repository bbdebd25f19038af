import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';

/** An error the service answered: its Spanish message and codes (`codigo` ours, `code` Apollo's). */
export class ErrorMotor extends Error {
  constructor(
    message: string,
    readonly codigo: string | undefined,
    readonly code: string | undefined,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * Runs one of the generated typed documents with fetch: the result and the variables are typed by the
 * document. A deliberately small example; graphql-request, urql or Apollo Client take the same documents.
 */
export async function ejecutar<R, V extends Record<string, unknown>>(
  url: string,
  documento: TypedDocumentNode<R, V>,
  variables: V,
  cabeceras: Record<string, string>,
): Promise<R> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...cabeceras },
    body: JSON.stringify({ query: print(documento), variables }),
  });
  const cuerpo = (await res.json()) as {
    data?: R;
    errors?: { message: string; extensions?: { codigo?: string; code?: string } }[];
  };
  const e = cuerpo.errors?.[0];
  if (e || !cuerpo.data)
    throw new ErrorMotor(
      e?.message ?? 'Respuesta sin datos',
      e?.extensions?.codigo,
      e?.extensions?.code,
      res.status,
    );
  return cuerpo.data;
}
