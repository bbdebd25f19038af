// `npm start`: in development it compiles first (a fresh clone just works); in production it runs the
// built output only, so a production install needs no TypeScript (`npm ci --omit=dev` after `npm run build`).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entrada = path.join(raiz, 'dist', 'src', 'main.js');
const produccion = process.env.NODE_ENV === 'production';

function hayTypescript() {
  try {
    createRequire(import.meta.url).resolve('typescript/package.json');
    return true;
  } catch {
    return false;
  }
}

if (!produccion && hayTypescript()) {
  const r = spawnSync(
    process.execPath,
    [path.join(raiz, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'],
    {
      cwd: raiz,
      stdio: 'inherit',
    },
  );
  if (r.status !== 0) {
    console.error(
      'No se pudo compilar el servicio (npm run build). Corrija los errores de arriba y vuelva a intentar.',
    );
    process.exit(1);
  }
}

if (!existsSync(entrada)) {
  console.error(
    produccion
      ? 'Falta el código compilado (dist/src/main.js). En producción el servicio no compila al arrancar: ejecute «npm run build» al construir la imagen (con las dependencias de desarrollo) y luego «npm ci --omit=dev».'
      : 'Falta el código compilado (dist/src/main.js) y TypeScript no está instalado: ejecute «npm ci» (con las dependencias de desarrollo) y de nuevo «npm start».',
  );
  process.exit(1);
}

await import(pathToFileURL(entrada).href);
