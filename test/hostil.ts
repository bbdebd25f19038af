import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { parse } from 'graphql';
import type { Modulo } from '../src/entidades/valores.js';
import { crearLogger } from '../src/logger.js';
import { CREDENCIALES_SANDBOX as IHCE_SANDBOX } from '../src/simuladores/ihce/arranque.js';
import { CREDENCIALES_SANDBOX as MUV_SANDBOX } from '../src/simuladores/muv/sandbox.js';
import { iniciarServicio } from './servidor.js';

/**
 * Shared by the hostile-input suites (logs-hostiles, fuzz): the real service with both sandboxes
 * in process, everything it logs captured, and entities ready to use both modules.
 */
export async function entornoHostil(nivel: 'debug' | 'info' = 'debug', env: Record<string, string> = {}) {
  const lineas: string[] = [];
  const destino = new Writable({
    write(chunk, _e, cb) {
      lineas.push(String(chunk));
      cb();
    },
  });
  // Both sandboxes on ports the OS picks (MUV_SIM_PORT=0; the IHCE one always does).
  const s = await iniciarServicio(
    {
      MUV_SIMULADOR: 'true',
      MUV_SIM_PORT: '0',
      IHCE_SIMULADOR: 'true',
      RDA_COLA: `hostil-${randomUUID()}`,
      RDA_REINTENTO_BASE_SEGUNDOS: '1',
      IHCE_TIMEOUT_MS: '3000',
      MUV_REINTENTOS: '0',
      ...env,
    },
    { log: crearLogger(nivel, destino) },
  );
  /** An entity with both modules, an API key and sandbox credentials for the MUV and the IHCE. */
  async function entidadCompleta(base: string, modulos: Modulo[] = ['rips', 'rda']) {
    const e = await s.crearEntidad(base, modulos);
    const creds = s.servicio.servicios.credenciales;
    if (modulos.includes('rips')) await creds.guardar(s.em(), e.entidad, 'muv', { ...MUV_SANDBOX });
    if (modulos.includes('rda')) await creds.guardar(s.em(), e.entidad, 'ihce', { ...IHCE_SANDBOX });
    return { ...e, cabeceras: { 'x-api-key': e.clave } as Record<string, string> };
  }
  return { s, lineas, log: () => lineas.join(''), entidadCompleta, cerrar: s.cerrar };
}

export interface OperacionGql {
  nombre: string;
  tipo: 'query' | 'mutation' | 'subscription';
  /** The whole .graphql file (the operation and the fragments it may use). */
  documento: string;
  variables: { nombre: string; tipo: string }[];
}

/** The operations the REST adapter runs (schema/operations/*.graphql): every GraphQL entry point. */
export function operacionesGraphql(): OperacionGql[] {
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'schema', 'operations');
  const out: OperacionGql[] = [];
  for (const f of readdirSync(dir)
    .filter((x) => x.endsWith('.graphql'))
    .sort()) {
    const documento = readFileSync(path.join(dir, f), 'utf8');
    for (const d of parse(documento).definitions) {
      if (d.kind !== 'OperationDefinition' || !d.name) continue;
      out.push({
        nombre: d.name.value,
        tipo: d.operation,
        documento,
        variables: (d.variableDefinitions ?? []).map((v) => ({
          nombre: v.variable.name.value,
          tipo: tipoTexto(v.type),
        })),
      });
    }
  }
  return out;
}

type NodoTipo = { kind: string; name?: { value: string }; type?: NodoTipo };
function tipoTexto(t: NodoTipo): string {
  if (t.kind === 'NonNullType') return `${tipoTexto(t.type!)}!`;
  if (t.kind === 'ListType') return `[${tipoTexto(t.type!)}]`;
  return t.name!.value;
}

/** A value nested `n` levels (objects), built without recursion. */
export function anidado(n: number, hoja: unknown = 1): unknown {
  let v = hoja;
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
}

/** The same as JSON text, for a raw body (the serializer would overflow at great depths). */
export function anidadoTexto(n: number, clave = 'a'): string {
  return `${`{"${clave}":`.repeat(n)}1${'}'.repeat(n)}`;
}
