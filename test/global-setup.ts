import type { TestProject } from 'vitest/node';
import { prepararBaseDePrueba } from './db.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/** One database for the whole run; test files isolate themselves by unique entity slugs. */
export default async function setup(project: TestProject) {
  const db = await prepararBaseDePrueba();
  console.log(`[pruebas] PostgreSQL: ${db.origen}`);
  project.provide('databaseUrl', db.url);
  return async () => {
    await db.limpiar();
  };
}
