import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { EntityManager } from '@mikro-orm/postgresql';
import { inject } from 'vitest';
import { arrancar, type OpcionesArranque } from '../src/arranque.js';
import { loadConfig } from '../src/config.js';
import type { Modulo } from '../src/entidades/valores.js';
import { nombreGraphql, VALORES_ENUM } from '../src/graphql/enums.js';
import { CREDENCIALES_SANDBOX } from '../src/simuladores/muv/sandbox.js';

export const CLAVE_CREDENCIALES_PRUEBA = Buffer.alloc(32, 7).toString('base64');

let contador = 0;
export function slugUnico(base: string): string {
  contador += 1;
  return `${base}-${process.pid}-${Date.now().toString(36)}-${contador}`;
}

/** Starts the real service on a port the OS picks (PORT=0) against the test database. */
export async function iniciarServicio(env: Record<string, string> = {}, o: OpcionesArranque = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'motor-prueba-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: inject('databaseUrl'),
    PORT: '0',
    HOST: '127.0.0.1',
    DEMO: 'false',
    DATA_DIR: dataDir,
    CREDENTIALS_KEY: CLAVE_CREDENCIALES_PRUEBA,
    LOG_LEVEL: 'silent',
    // A test that leaves a request in flight must not hold its teardown for the production window.
    SHUTDOWN_DRAIN_SECONDS: '5',
    // A MUV sandbox started by the default run takes a port the OS picks (never its fixed 9443).
    MUV_SIM_PORT: '0',
    ...env,
  });
  const servicio = await arrancar(config, o);
  await servicio.listo;
  const em = (): EntityManager => servicio.orm()!.em.fork();

  /** An entity with the given modules and a fresh API key. */
  async function crearEntidad(base: string, modulos: Modulo[] = ['rips', 'rda']) {
    const e = em();
    const entidad = await servicio.servicios.entidades.crear(e, {
      slug: slugUnico(base),
      nombre: `Entidad ${base}`,
      tipoEntidad: 'ips',
      modulos,
    });
    const { clave } = await servicio.servicios.entidades.emitirApiKey(e, entidad, 'prueba');
    return { entidad, clave };
  }
  /** An entity with the MUV sandbox's credentials stored (what filing needs). */
  async function crearEntidadConMuv(base: string) {
    const x = await crearEntidad(base);
    await servicio.servicios.credenciales.guardar(em(), x.entidad, 'muv', { ...CREDENCIALES_SANDBOX });
    return x;
  }

  return {
    url: servicio.url,
    servicio,
    config,
    em,
    crearEntidad,
    crearEntidadConMuv,
    cerrar: servicio.detener,
  };
}

export async function pedir(
  url: string,
  ruta: string,
  o: { metodo?: string; cabeceras?: Record<string, string>; cuerpo?: unknown; crudo?: BodyInit } = {},
) {
  const res = await fetch(url + ruta, {
    method: o.metodo ?? (o.cuerpo !== undefined || o.crudo !== undefined ? 'POST' : 'GET'),
    headers: { ...(o.cuerpo !== undefined ? { 'content-type': 'application/json' } : {}), ...o.cabeceras },
    body: o.crudo ?? (o.cuerpo !== undefined ? JSON.stringify(o.cuerpo) : undefined),
  });
  const texto = await res.text();
  let body: any;
  try {
    body = JSON.parse(texto);
  } catch {
    body = texto;
  }
  return { status: res.status, body, headers: res.headers };
}

export async function graphql(
  url: string,
  query: string,
  cabeceras: Record<string, string> = {},
  variables?: Record<string, unknown>,
) {
  return pedir(url, '/graphql', { cuerpo: { query, variables }, cabeceras });
}

/** POST of a gzip-compressed JSON text in small chunks (a body that arrives while the service reads it). */
export async function postGzipEnTrozos(url: string, clave: string, texto: string, trozo: number) {
  const datos = gzipSync(texto);
  const cuerpo = new ReadableStream<Uint8Array>({
    start(c) {
      for (let i = 0; i < datos.length; i += trozo) c.enqueue(datos.subarray(i, i + trozo));
      c.close();
    },
  });
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', 'X-Api-Key': clave },
    body: cuerpo,
    duplex: 'half',
  } as RequestInit);
}

/** GraphQL name → the seed's value, over every domain enum (the REST door's spelling). */
const VALOR_REST: ReadonlyMap<string, string> = new Map(
  Object.values(VALORES_ENUM).flatMap((d) => d.valores.map((v) => [nombreGraphql(v), v] as [string, string])),
);
/** Fields that hold a domain enum in the service's answers. */
const CAMPOS_ENUM = new Set([
  'severidad',
  'fuente',
  'tipoServicio',
  'estado',
  'estadoAnterior',
  'estadoNuevo',
  'tipo',
  'severity',
  'modulos',
  'permisos',
  'rol',
  'tipoEntidad',
  'tipoNota',
  'origen',
  'alcance',
]);

/**
 * A GraphQL answer written as REST writes it: enum names in the known enum fields become the seed's
 * values, so a test can compare both doors' answers.
 */
export function comoRest<T>(x: T, campo?: string): T {
  if (Array.isArray(x)) return x.map((v) => comoRest(v, campo)) as T;
  if (typeof x === 'string') return (campo && CAMPOS_ENUM.has(campo) ? (VALOR_REST.get(x) ?? x) : x) as T;
  if (x && typeof x === 'object')
    return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, comoRest(v, k)])) as T;
  return x;
}
