import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { Request } from 'express';

export type EsquemaJson = Record<string, unknown>;

/**
 * One REST route = one GraphQL operation plus how the request becomes variables and how
 * the result becomes a status and a body. No business logic lives here.
 */
export interface Ruta<TData = Record<string, unknown>, TVars = Record<string, unknown>> {
  metodo: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Express-style path (`/rips/:id`). */
  ruta: string;
  operacion: TypedDocumentNode<TData, TVars>;
  /**
   * Operations run instead of `operacion` when the request asks for more (the first whose `cuando`
   * holds); same variables, a selection with extra fields, so the common request does not pay for them.
   */
  variantes?: { operacion: TypedDocumentNode<TData, TVars>; cuando: (req: Request) => boolean }[];
  etiqueta: string;
  resumen: string;
  descripcion?: string;
  /** Permission the shield requires (for the docs; the shield enforces it). null = any authenticated caller. */
  permiso: string | null;
  variables?: (req: Request) => TVars;
  /**
   * Default: 200 with the operation's only root field. A `tipoContenido` answer sends `body` (a
   * string) as is with that media type, e.g. a CSV chosen by the request.
   */
  respuesta?: (
    data: TData,
    req: Request,
  ) => { status: number; body: unknown; tipoContenido?: string; cabeceras?: Record<string, string> };
  /** The success body's schema derived from the operation, reshaped as `respuesta` reshapes the body. */
  esquemaRespuesta?: (derivado: EsquemaJson) => EsquemaJson;
  /** Request body schema; by default the route has no body. */
  cuerpo?: EsquemaJson;
  /**
   * The body is not read before the operation runs: `variables` wraps the request stream so the
   * resolver reads (and validates) it while it arrives.
   */
  cuerpoFlujo?: boolean;
  /** Success statuses with their body schema; by default 200 with the root field's selection. */
  exitos?: Record<number, { descripcion: string; esquema?: EsquemaJson }>;
  /** Error statuses this route can answer besides 401/403/503, which every protected route has. */
  errores?: number[];
  /** Media type of the success body (default application/json), e.g. application/fhir+json. */
  tipoContenido?: string;
  /** Query-string parameters the route reads (for the docs). */
  parametrosConsulta?: { nombre: string; descripcion: string; esquema: EsquemaJson }[];
  /** Request headers the route reads (for the docs). */
  cabeceras?: { nombre: string; descripcion: string }[];
  /** Named schemas the body refers to (`#/components/schemas/<nombre>`), published in /openapi.json. */
  esquemas?: Record<string, EsquemaJson>;
}

/** Erases the route's own types so routes of different operations share one table. */
export function ruta<TData, TVars>(r: Ruta<TData, TVars>): Ruta {
  return r as unknown as Ruta;
}
