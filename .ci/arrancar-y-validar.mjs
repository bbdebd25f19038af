// Starts the service the way `npm start` does (its last `node …` command; the build must already exist,
// CI compiled it in the previous phases) on the Node running this script, with the embedded defaults
// (own DATA_DIR, PORT=0 read back from its log, fixed demo key); waits until /sesion answers 200 with the demo key,
// validates a small valid RIPS (.ci/rips-minimo.json: ripsMinimo() of test/fixtures/rips.ts, fictitious
// data), stops it with SIGTERM and requires exit code 0.
// Only Node built-ins and fetch: it must run on every supported Node without anything else.
// Usage (after `npm run build`): node .ci/arrancar-y-validar.mjs
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLAVE = 'rda_ci_arranque_0123456789abcdefghijklmn';
const ESPERA_ARRANQUE_MS = 240_000;
const ESPERA_PARADA_MS = 90_000;
const ESPERA_SOLICITUD_MS = 30_000;

/** The node arguments of `npm start` (its last `node …` command), so this follows its entry point. */
function argumentosDeStart() {
  const start = JSON.parse(readFileSync(path.join(raiz, 'package.json'), 'utf8')).scripts?.start ?? '';
  const comando = start
    .split('&&')
    .map((c) => c.trim())
    .findLast((c) => /^node\s/.test(c));
  if (!comando) throw new Error(`scripts.start no tiene un comando «node …»: ${start}`);
  const args = comando.split(/\s+/).slice(1);
  const entrada = args.find((a) => !a.startsWith('-'));
  if (!entrada || !existsSync(path.join(raiz, entrada)))
    throw new Error(`scripts.start («${start}»): no existe ${entrada ?? 'el archivo que ejecuta'}`);
  return args;
}

function puertoLibre() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

const dormir = (ms) => new Promise((r) => setTimeout(r, ms));

async function pedir(url, init = {}) {
  const r = await fetch(url, { ...init, signal: AbortSignal.timeout(ESPERA_SOLICITUD_MS) });
  const texto = await r.text();
  let cuerpo;
  try {
    cuerpo = JSON.parse(texto);
  } catch {
    cuerpo = texto;
  }
  return { status: r.status, cuerpo };
}

const args = argumentosDeStart();
// PostgreSQL cannot listen on port 0; the service and its sandboxes can, and the service logs its port.
const puertoPg = await puertoLibre();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'motor-ci-'));
const env = { ...process.env };
for (const v of ['DATABASE_URL', 'NODE_ENV', 'MUV_BASE_URL', 'IHCE_BASE_URL', 'OTEL_EXPORTER_OTLP_ENDPOINT'])
  delete env[v];
Object.assign(env, {
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  EMBEDDED_PG_PORT: String(puertoPg),
  MUV_SIM_PORT: '0',
  DEMO_API_KEY: CLAVE,
  LOG_LEVEL: 'info',
});

console.log(`arrancar-y-validar: Node ${process.version}, node ${args.join(' ')}, DATA_DIR ${dataDir}`);
const hijo = spawn(process.execPath, args, { cwd: raiz, env, stdio: ['ignore', 'pipe', 'pipe'] });
// Keep only the tail of the service's output, shown if something fails.
const salida = [];
/** The port from the service's `servicio escuchando` line. */
let puerto;
const guardar = (trozo) => {
  const lineas = String(trozo).split('\n').filter(Boolean);
  for (const l of lineas) {
    if (puerto || !l.includes('"servicio escuchando"')) continue;
    try {
      puerto = JSON.parse(l).port;
    } catch {}
  }
  salida.push(...lineas);
  if (salida.length > 200) salida.splice(0, salida.length - 200);
};
hijo.stdout.on('data', guardar);
hijo.stderr.on('data', guardar);
const fin = new Promise((resolve) => hijo.once('exit', (code, signal) => resolve({ code, signal })));
let terminado;
fin.then((r) => {
  terminado = r;
});

async function detenerPostgresHuerfano() {
  // Only on failure: the service did not stop its embedded cluster, do not leave it running.
  try {
    const pid = Number((await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    if (Number.isInteger(pid) && pid > 0) process.kill(pid, 'SIGQUIT');
  } catch {}
}

async function fallar(mensaje) {
  console.error(`arrancar-y-validar: FALLA: ${mensaje}`);
  console.error('--- últimas líneas del servicio ---');
  for (const l of salida.slice(-60)) console.error(l);
  if (!terminado) {
    hijo.kill('SIGKILL');
    await fin;
  }
  await detenerPostgresHuerfano();
  await rm(dataDir, { recursive: true, force: true }).catch(() => {});
  process.exit(1);
}

const t0 = Date.now();
let listo = false;
while (!listo) {
  if (terminado) await fallar(`el servicio terminó antes de estar listo (${JSON.stringify(terminado)})`);
  if (Date.now() - t0 > ESPERA_ARRANQUE_MS) await fallar(`/sesion no respondió 200 en ${ESPERA_ARRANQUE_MS} ms`);
  try {
    if (puerto) {
      const r = await pedir(`http://127.0.0.1:${puerto}/sesion`, { headers: { 'X-Api-Key': CLAVE } });
      listo = r.status === 200;
    }
  } catch {}
  if (!listo) await dormir(500);
}
const base = `http://127.0.0.1:${puerto}`;
console.log(`arrancar-y-validar: /sesion 200 con la clave demo a los ${Date.now() - t0} ms (puerto ${puerto})`);

const rips = JSON.parse(readFileSync(path.join(raiz, '.ci', 'rips-minimo.json'), 'utf8'));
const v = await pedir(`${base}/rips/validar`, {
  method: 'POST',
  headers: { 'X-Api-Key': CLAVE, 'Content-Type': 'application/json' },
  body: JSON.stringify({ rips, fechaEvaluacion: '2026-11-01T12:00:00Z' }),
}).catch((e) => fallar(`POST /rips/validar: ${e.message}`));
if (v.status !== 200 || v.cuerpo?.valid !== true) {
  const codigos = Array.isArray(v.cuerpo?.errores) ? v.cuerpo.errores.map((e) => e.codigo ?? e.regla) : v.cuerpo;
  await fallar(`POST /rips/validar respondió ${v.status}, valid=${v.cuerpo?.valid}: ${JSON.stringify(codigos)}`);
}
console.log('arrancar-y-validar: POST /rips/validar 200, valid=true');

hijo.kill('SIGTERM');
let plazo;
const parada = await Promise.race([
  fin,
  new Promise((r) => {
    plazo = setTimeout(r, ESPERA_PARADA_MS);
  }),
]);
clearTimeout(plazo);
if (!parada) await fallar(`no terminó ${ESPERA_PARADA_MS} ms después de SIGTERM`);
if (parada.code !== 0) await fallar(`tras SIGTERM terminó con ${JSON.stringify(parada)}, se esperaba código 0`);
console.log('arrancar-y-validar: SIGTERM → código de salida 0');
await rm(dataDir, { recursive: true, force: true });
console.log(`arrancar-y-validar: OK en Node ${process.version}`);
