import { ErrorApp } from '../../errores/errores.js';
import type { ConfigValidadorHl7 } from './config.js';

type ConfigServidor = Extract<ConfigValidadorHl7, { modo: 'servidor' }>;

/** `{url}/Bundle/$validate`, or the URL as given when it already names the operation. */
export function urlValidate(c: ConfigServidor, perfil: string): string {
  const base = c.url.includes('$validate') ? c.url : `${c.url}/Bundle/$validate`;
  const u = new URL(base);
  u.searchParams.set('profile', perfil);
  return u.toString();
}

/**
 * POSTs the bundle to a FHIR server that implements `$validate` (Matchbox, HAPI) and returns its
 * OperationOutcome. A 4xx/5xx that still carries an OperationOutcome is a result, not a failure.
 */
export async function validarConServidor(
  c: ConfigServidor,
  bundle: unknown,
  perfil: string,
): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(urlValidate(c, perfil), {
      method: 'POST',
      headers: { 'content-type': 'application/fhir+json', accept: 'application/fhir+json' },
      body: JSON.stringify(bundle),
      signal: AbortSignal.timeout(c.timeoutMs),
    });
  } catch (e) {
    const tiempo = (e as Error).name === 'TimeoutError';
    throw new ErrorApp(
      'upstream-no-disponible',
      tiempo
        ? `El servidor de validación no respondió en ${Math.round(c.timeoutMs / 1000)} s.`
        : 'No se pudo conectar con el servidor de validación (RDA_VALIDADOR_URL).',
    );
  }
  const texto = await res.text();
  let cuerpo: unknown;
  try {
    cuerpo = JSON.parse(texto);
  } catch {
    cuerpo = undefined;
  }
  const oo = extraerOperationOutcome(cuerpo);
  if (!oo)
    throw new ErrorApp(
      'upstream-no-disponible',
      `El servidor de validación respondió HTTP ${res.status} sin un OperationOutcome.`,
    );
  return oo;
}

/** HAPI/Matchbox answer an OperationOutcome, sometimes wrapped in Parameters (`return`). */
function extraerOperationOutcome(v: unknown): unknown {
  if (typeof v !== 'object' || v === null) return undefined;
  const r = v as Record<string, unknown>;
  if (r.resourceType === 'OperationOutcome') return r;
  if (r.resourceType === 'Parameters' && Array.isArray(r.parameter)) {
    for (const p of r.parameter as Record<string, unknown>[]) {
      const res = p?.resource as Record<string, unknown> | undefined;
      if (res?.resourceType === 'OperationOutcome') return res;
    }
  }
  return undefined;
}
