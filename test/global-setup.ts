import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { prepararBaseDePrueba } from './db.js';

/** Compiled output some tests run (validation threads, the built server); `npm test` builds it first. */
export const COMPILADO = ['dist/src/server.js', 'dist/src/rips/validacion/hilos/trabajador.js'];

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/** One database for the whole run; test files isolate themselves by unique entity slugs. */
export default async function setup(project: TestProject) {
  // A bare `vitest run` on a fresh clone: build once so those tests run rather than skip.
  if (!COMPILADO.every((f) => existsSync(f))) {
    execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  }
  const db = await prepararBaseDePrueba();
  console.log(`[pruebas] PostgreSQL: ${db.origen}`);
  project.provide('databaseUrl', db.url);
  return async () => {
    await db.limpiar();
  };
}
