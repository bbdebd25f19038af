import { mkdirSync, writeFileSync } from 'node:fs';

/** Writes a benchmark's raw figures to `bench/out/<nombre>.json`, dated. */
export function guardarSalida(nombre: string, datos: Record<string, unknown>): void {
  mkdirSync('bench/out', { recursive: true });
  writeFileSync(
    `bench/out/${nombre}.json`,
    JSON.stringify({ fecha: new Date().toISOString(), ...datos }, null, 2),
  );
}
