import type { SistemaCodigos } from '../codigos.js';

/** Small helpers to write FHIR JSON: the builders stay readable. */
export type Recurso = Record<string, unknown>;

export const coding = (system: string, code: string, display?: string) => ({
  system,
  code,
  ...(display ? { display } : {}),
});

/** A coding of one of our small code systems, with its display. */
export const codingDe = (s: SistemaCodigos, code: string) => coding(s.url, code, s.codigos.get(code));

export const concepto = (...codings: ReturnType<typeof coding>[]) => ({ coding: codings });

export const referencia = (fullUrl: string, display?: string) => ({
  reference: fullUrl,
  ...(display ? { display } : {}),
});

export const narrativa = (texto: string) => ({
  status: 'generated',
  div: `<div xmlns="http://www.w3.org/1999/xhtml">${escaparXml(texto)}</div>`,
});

function escaparXml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

/** `undefined` members are dropped, so optional data never leaves empty keys behind. */
export function limpio<T extends Recurso>(o: T): T {
  for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k];
  return o;
}
