// Checks that graphql-shield (patched by patches/graphql-shield+7.6.5.patch) loads and evaluates its
// chain/race rules on the running Node, in both its ESM and CJS builds. Unpatched, the ESM build fails
// at import on Node >= 23 (util.isUndefined was removed) and the CJS build fails when chain/race run.
// Usage: node .ci/comprobar-graphql-shield.mjs
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const opciones = { debug: true };

async function comprobar(nombre, shield) {
  const si = shield.rule({ cache: 'no_cache' })(() => true);
  const no = shield.rule({ cache: 'no_cache' })(() => false);
  const casos = [
    ['chain(si, si)', shield.chain(si, si), true],
    ['chain(si, no)', shield.chain(si, no), false],
    ['race(no, si)', shield.race(no, si), true],
    ['race(no, no)', shield.race(no, no), false],
    ['and(si, no)', shield.and(si, no), false],
  ];
  for (const [caso, regla, esperado] of casos) {
    const obtenido = await regla.resolve({}, {}, {}, {}, opciones);
    if (obtenido !== esperado) {
      throw new Error(`graphql-shield ${nombre}: ${caso} dio ${String(obtenido)}, se esperaba ${esperado}`);
    }
  }
}

await comprobar('ESM', await import('graphql-shield'));
await comprobar('CJS', require('graphql-shield'));
console.log(`graphql-shield: ESM y CJS cargan y evalúan chain/race/and en Node ${process.version}`);
