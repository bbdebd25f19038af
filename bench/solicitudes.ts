import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { iniciarPostgresEmbebido } from '../src/db/embedded.js';
import { crearOrm } from '../src/db/orm.js';
import { ServicioEntidades } from '../src/entidades/servicio.js';
import { construirBundle } from '../src/rda/construccion/construir.js';
import { QUERY_VALIDAR } from '../test/fixtures/graphql-rips.js';
import { AHORA_RDA, datosRda } from '../test/fixtures/rda.js';
import { ripsMinimo } from '../test/fixtures/rips.js';
import { cuantil } from './estadistica.js';
import { bajoCallgrind, contarInstrucciones, ENTORNO_VALGRIND } from './instrucciones.js';
import { leerPerfil, repartir, tablaReparto, type Ventana } from './perfil.js';
import { iniciarPiso } from './piso-http.js';
import { guardarSalida } from './salida.js';
import { CLAVE_BENCH, puertoLibre } from './servidor-hijo.js';
import { iniciarTecho } from './techo-pila.js';

/**
 * Issue 34: the fixed cost of a small request. Each kind of request is sent with autocannon
 * (BENCH_CONEXIONES connections, same machine) to the floor (bench/piso-http.ts in `fijo` mode: a
 * bare node:http server that reads the body, JSON.parses it and writes a fixed JSON) and to the
 * service started as production starts it, one after the other, in the same run. Prints req/s,
 * p50/p99 latency, the server's CPU per request and the share of the floor.
 */
const SEGUNDOS = Number(process.env.BENCH_SEGUNDOS ?? 10);
const CALENTAMIENTO = Number(process.env.BENCH_CALENTAMIENTO ?? 3);
const CONEXIONES = Number(process.env.BENCH_CONEXIONES ?? 16);
// BENCH_TIPOS=health,rips-validar: only those kinds (names of SOLICITUDES below).
const TIPOS = process.env.BENCH_TIPOS?.split(',').map((t) => t.trim());
// BENCH_PISO_RESPUESTA=igual: the floor writes, for each kind, the service's own answer (same size).
const PISO_IGUAL = process.env.BENCH_PISO_RESPUESTA === 'igual';
// High enough that neither limit answers 429 during the run; the limiter itself stays on.
const LIMITE_TASA = 100_000_000;
// BENCH_SERVICIO_ENV="K=V K=V": extra variables for the service (e.g. LOG_LEVEL=warn, to see what logging costs).
const EXTRA: Record<string, string> = Object.fromEntries(
  (process.env.BENCH_SERVICIO_ENV ?? '')
    .split(' ')
    .filter(Boolean)
    .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
);
const NIVEL_LOG = EXTRA.LOG_LEVEL ?? 'info';
// BENCH_INSTRUCCIONES=1: instructions per request under callgrind instead of req/s (bench/instrucciones.ts):
// BENCH_INSTR_CALENTAMIENTO requests uncounted, then BENCH_INSTR_SOLICITUDES counted, per kind.
const INSTRUCCIONES = process.env.BENCH_INSTRUCCIONES === '1';
const INSTR_CALENTAMIENTO = Number(process.env.BENCH_INSTR_CALENTAMIENTO ?? 1500);
const INSTR_SOLICITUDES = Number(process.env.BENCH_INSTR_SOLICITUDES ?? 300);
// A folder of its own under BENCH_PERFIL, so profiles of earlier runs are never read.
const DIR_PERFIL = process.env.BENCH_PERFIL
  ? path.join(
      path.resolve(process.env.BENCH_PERFIL),
      `perfil-${new Date().toISOString().replace(/[:.]/g, '-')}`,
    )
  : undefined;
// Below info the `servicio escuchando` line is not written: then the port is picked beforehand.
const PUERTO_DEL_REGISTRO = ['trace', 'debug', 'info'].includes(NIVEL_LOG);

interface Solicitud {
  nombre: string;
  descripcion: string;
  metodo: 'GET' | 'POST';
  ruta: string;
  cuerpo?: string;
  /** The request is answered as expected (beyond its 2xx status); a short summary for the output. */
  comprobar?: (cuerpo: string) => string;
  /** No ceiling for it (bench/techo-pila.ts has no schema for that GraphQL operation). */
  sinTecho?: boolean;
}

const conClave = { 'X-Api-Key': CLAVE_BENCH };

/** A GraphQL answer without `errors`. */
function sinErroresGraphql(texto: string): Record<string, any> {
  const r = JSON.parse(texto) as { data?: Record<string, any>; errors?: { message: string }[] };
  if (r.errors?.length || !r.data) throw new Error(`GraphQL respondió errores: ${texto.slice(0, 300)}`);
  return r.data;
}

const resumenValidacion = (r: { valid: boolean; resumen: Record<string, number> }) =>
  `valid=${r.valid} rechazos=${r.resumen.rechazos} avisos=${r.resumen.avisos} informativos=${r.resumen.informativos}`;

// A consultas RIPS like the official 1.7 KB example (one user, one consultation), tab-indented as
// that file is; sent as its text inside {"rips": …}.
const ripsTexto = JSON.stringify(ripsMinimo(), null, '\t');
const bundle = construirBundle('paciente', datosRda('paciente', 'minimo'), { ahora: AHORA_RDA });

const TODAS: Solicitud[] = [
  { nombre: 'health', descripcion: 'GET /health', metodo: 'GET', ruta: '/health' },
  {
    nombre: 'sesion-rest',
    descripcion: 'GET /sesion (API key)',
    metodo: 'GET',
    ruta: '/sesion',
  },
  {
    nombre: 'sesion-graphql',
    descripcion: 'POST /graphql { sesion { permisos } }',
    metodo: 'POST',
    ruta: '/graphql',
    cuerpo: JSON.stringify({ query: '{ sesion { permisos } }' }),
    comprobar: (t) => `permisos=${sinErroresGraphql(t).sesion.permisos.length}`,
  },
  {
    nombre: 'lista-rest',
    descripcion: 'GET /rips (lista de radicaciones, vacía)',
    metodo: 'GET',
    ruta: '/rips',
    comprobar: (t) => `items=${(JSON.parse(t) as { items: unknown[] }).items.length}`,
  },
  {
    nombre: 'rips-validar',
    descripcion: 'POST /rips/validar (consultas 1.7 KB)',
    metodo: 'POST',
    ruta: '/rips/validar',
    cuerpo: `{"rips":${ripsTexto}}`,
    comprobar: (t) => resumenValidacion(JSON.parse(t)),
  },
  {
    nombre: 'rips-validar-graphql',
    descripcion: 'GraphQL validarRips (el mismo RIPS)',
    metodo: 'POST',
    ruta: '/graphql',
    cuerpo: JSON.stringify({ query: QUERY_VALIDAR, variables: { rips: JSON.parse(ripsTexto) } }),
    comprobar: (t) => resumenValidacion(sinErroresGraphql(t).validarRips),
    sinTecho: true,
  },
  {
    nombre: 'rda-validar',
    descripcion: 'POST /rda/validar (paciente mínimo)',
    metodo: 'POST',
    ruta: '/rda/validar',
    cuerpo: JSON.stringify({ bundle, fechaEvaluacion: AHORA_RDA.toISOString() }),
    comprobar: (t) => {
      const r = JSON.parse(t) as { valid: boolean; issues: unknown[] };
      return `valid=${r.valid} issues=${r.issues.length}`;
    },
  },
];
const SOLICITUDES = TODAS.filter((s) => !TIPOS || TIPOS.includes(s.nombre));
if (!SOLICITUDES.length)
  throw new Error(`BENCH_TIPOS no nombra ninguna solicitud: ${process.env.BENCH_TIPOS}`);

const cabecerasDe = (s: Solicitud): Record<string, string> => ({
  ...(s.nombre === 'health' ? {} : conClave),
  ...(s.cuerpo ? { 'content-type': 'application/json' } : {}),
});

/** CPU time (ms) the process's threads have used so far (Linux schedstat; 0 elsewhere). */
function cpuMs(pid: number): number {
  let ns = 0;
  try {
    for (const t of readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${t}/schedstat`, 'utf8').split(' ')[0]);
      } catch {}
    }
  } catch {}
  return ns / 1e6;
}

const esperar = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The service as docs/operacion.md starts it in production: `node dist/src/main.js` with
 * NODE_ENV=production, DATABASE_URL, CREDENTIALS_KEY and METRICS_TOKEN, on its own PostgreSQL
 * (an embedded cluster the benchmark starts, since production refuses the service's own).
 * PORT=0: the port is read back from its `servicio escuchando` log line. Its log (info, one line
 * per request, as in production) goes to a file, not through this process (which runs the load).
 */
async function iniciarServicio(dir: string) {
  const pg = await iniciarPostgresEmbebido({
    dir: path.join(dir, 'bd'),
    port: await puertoLibre(),
    database: 'motor',
    persistente: true,
  });
  const registro = path.join(dir, 'servicio.log');
  const fd = openSync(registro, 'w');
  // BENCH_PERFIL=<dir>: the service writes a V8 CPU profile there when it stops (sampled every 250 µs);
  // the run then prints where each request's CPU went (bench/perfil.ts).
  const perfil = DIR_PERFIL ? ['--cpu-prof', `--cpu-prof-dir=${DIR_PERFIL}`, '--cpu-prof-interval=250'] : [];
  const banderas = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const env: Record<string, string> = {
    // Only what is set here: nothing of the shell running the benchmark leaks in.
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    DATABASE_URL: pg.url,
    CREDENTIALS_KEY: randomBytes(32).toString('base64'),
    METRICS_TOKEN: randomBytes(24).toString('base64url'),
    PORT: PUERTO_DEL_REGISTRO ? '0' : String(await puertoLibre()),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dir, 'datos'),
    RATE_LIMIT_IP_PER_MINUTE: String(LIMITE_TASA),
    RATE_LIMIT_ENTITY_PER_MINUTE: String(LIMITE_TASA),
    // No balancer to wait for when the benchmark stops it.
    SHUTDOWN_PRESTOP_SECONDS: '0',
    ...(INSTRUCCIONES ? ENTORNO_VALGRIND : {}),
    ...EXTRA,
  };
  const nodeArgs = [...banderas, ...perfil, 'dist/src/main.js'];
  const { comando, args } = INSTRUCCIONES
    ? bajoCallgrind(dir, nodeArgs)
    : { comando: process.execPath, args: nodeArgs };
  // valgrind's own messages go to its stderr: not this run's output.
  const hijo: ChildProcess = spawn(comando, args, {
    env,
    stdio: ['ignore', fd, INSTRUCCIONES ? 'ignore' : 'inherit'],
  });
  closeSync(fd);
  const detener = async () => {
    if (hijo.exitCode === null && hijo.signalCode === null) {
      hijo.kill('SIGTERM');
      await new Promise((r) => hijo.once('exit', r));
    }
    await pg.detener();
  };
  try {
    // Under valgrind the start-up (catalogs, schema) takes minutes.
    const limite = Date.now() + (INSTRUCCIONES ? 900_000 : 90_000);
    const vivo = () => {
      if (hijo.exitCode !== null || hijo.signalCode !== null)
        throw new Error(`el servicio terminó al arrancar (${hijo.exitCode ?? hijo.signalCode})`);
      if (Date.now() > limite) throw new Error('el servicio no quedó listo a tiempo');
    };
    let puerto = PUERTO_DEL_REGISTRO ? undefined : Number(env.PORT);
    while (puerto === undefined) {
      vivo();
      for (const linea of readFileSync(registro, 'utf8').split('\n')) {
        if (!linea.includes('servicio escuchando')) continue;
        puerto = (JSON.parse(linea) as { port: number }).port;
      }
      if (puerto === undefined) await esperar(100);
    }
    const url = `http://127.0.0.1:${puerto}`;
    // Migrated and open once the database guard stops answering 503 (bd-arrancando).
    for (;;) {
      vivo();
      const r = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"query":"{ __typename }"}',
      }).catch(() => undefined);
      if (r && r.status !== 503) break;
      await esperar(200);
    }
    // No demo entity in production: one entity with the benchmark's key, written as the operator's CLI does.
    const orm = await crearOrm({ url: pg.url, timeoutConexionMs: 5000 });
    try {
      const em = orm.em.fork();
      const entidades = new ServicioEntidades();
      const entidad = await entidades.crear(em, {
        slug: 'bench-solicitudes',
        nombre: 'Entidad del benchmark de solicitudes',
        tipoEntidad: 'ips',
        modulos: ['rips', 'rda'],
        // Those of the RIPS fixture, so its answer is a clean one.
        obligados: ['900123456'],
        prestadores: ['110010123401'],
      });
      await entidades.emitirApiKey(em, entidad, 'bench:solicitudes', CLAVE_BENCH);
    } finally {
      await orm.close(true);
    }
    for (;;) {
      vivo();
      const r = await fetch(`${url}/sesion`, { headers: conClave }).catch(() => undefined);
      if (r?.status === 200) break;
      await esperar(200);
    }
    return { url, pid: hijo.pid!, registro, detener, env };
  } catch (e) {
    await detener();
    throw e;
  }
}

interface Medida {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  cpuUsPorSolicitud: number;
  respuestas: number;
  no2xx: number;
  errores: number;
}

/** autocannon sending `s` to `url` (one request per connection at a time), with how long and how wide. */
function lanzarCarga(
  url: string,
  s: Solicitud,
  opciones: Pick<autocannon.Options, 'connections' | 'duration' | 'amount' | 'timeout'>,
  alResponder: (estado: number, ms: number) => void,
): Promise<autocannon.Result> {
  return new Promise((ok, fallar) => {
    const instancia = autocannon(
      {
        url: url + s.ruta,
        method: s.metodo,
        headers: cabecerasDe(s),
        ...(s.cuerpo ? { body: s.cuerpo } : {}),
        pipelining: 1,
        ...opciones,
      },
      (e, res) => (e ? fallar(e) : ok(res)),
    );
    instancia.on('response', (_c, estado, _b, ms) => alResponder(estado, ms));
  });
}

/** autocannon for `segundos` against `url`; latencies from its per-response event (sub-millisecond). */
async function cargar(
  url: string,
  s: Solicitud,
  segundos: number,
  pid: number,
): Promise<Medida & { desdeUs: number; hastaUs: number }> {
  const latencias: number[] = [];
  const cpu = cpuMs(pid);
  const desdeUs = Number(process.hrtime.bigint() / 1000n);
  const r = await lanzarCarga(url, s, { connections: CONEXIONES, duration: segundos }, (estado, ms) => {
    if (estado >= 200 && estado < 300) latencias.push(ms);
  });
  const cpuUsado = cpuMs(pid) - cpu;
  return {
    desdeUs,
    hastaUs: Number(process.hrtime.bigint() / 1000n),
    rps: latencias.length / r.duration,
    p50Ms: latencias.length ? cuantil(latencias, 0.5) : Number.NaN,
    p99Ms: latencias.length ? cuantil(latencias, 0.99) : Number.NaN,
    cpuUsPorSolicitud: latencias.length ? (cpuUsado * 1000) / latencias.length : Number.NaN,
    respuestas: latencias.length,
    no2xx: r.non2xx,
    errores: r.errors,
  };
}

/** `cantidad` requests with autocannon; how many got a 2xx. */
async function cargarCantidad(url: string, s: Solicitud, cantidad: number): Promise<number> {
  let bien = 0;
  // Under valgrind one request takes tens of milliseconds.
  const opciones = { connections: Math.min(CONEXIONES, 4), amount: cantidad, timeout: 120 };
  await lanzarCarga(url, s, opciones, (estado) => {
    if (estado >= 200 && estado < 300) bien++;
  });
  return bien;
}

/** The BENCH_INSTRUCCIONES run: per kind, instructions of the service per 2xx request. */
async function medirInstrucciones(): Promise<void> {
  const filasInstr: {
    nombre: string;
    solicitud: string;
    respuestas: number;
    instrucciones: number;
    brutas: number;
  }[] = [];
  let reposoPorSegundo = 0;
  try {
    // What the service does with no requests (timers: database monitor, metrics, periodic tasks) is
    // counted for REPOSO_S seconds and taken off each window by its length: under valgrind a window
    // lasts seconds, and that background work is not the requests'.
    const REPOSO_S = 10;
    const reposo = await contarInstrucciones(dir, servicio.pid, 'reposo', servicio.env, async () => {
      await esperar(REPOSO_S * 1000);
    });
    reposoPorSegundo = reposo / REPOSO_S;
    for (const s of SOLICITUDES) {
      const muestra = await una(servicio.url, s);
      if (muestra.estado < 200 || muestra.estado >= 300)
        throw new Error(`${s.descripcion}: HTTP ${muestra.estado}: ${muestra.texto.slice(0, 300)}`);
      await cargarCantidad(servicio.url, s, INSTR_CALENTAMIENTO);
      let respuestas = 0;
      let segundos = 0;
      const total = await contarInstrucciones(dir, servicio.pid, s.nombre, servicio.env, async () => {
        const desde = performance.now();
        respuestas = await cargarCantidad(servicio.url, s, INSTR_SOLICITUDES);
        segundos = (performance.now() - desde) / 1000;
      });
      if (respuestas !== INSTR_SOLICITUDES) {
        console.error(`${s.descripcion}: ${INSTR_SOLICITUDES - respuestas} respuestas no 2xx`);
        process.exitCode = 1;
      }
      const fila = {
        nombre: s.nombre,
        solicitud: s.descripcion,
        respuestas,
        instrucciones: (total - reposoPorSegundo * segundos) / respuestas,
        brutas: total / respuestas,
      };
      filasInstr.push(fila);
      console.log(
        `${s.nombre}: ${fijo(fila.instrucciones / 1000)} mil instrucciones por solicitud ` +
          `(${fijo(fila.brutas / 1000)} mil con el reposo de ${fijo(segundos, 1)} s)`,
      );
    }
  } finally {
    await servicio.detener();
  }
  console.log(
    `\nInstrucciones del servicio por solicitud (callgrind; ${INSTR_CALENTAMIENTO} solicitudes de calentamiento ` +
      `sin contar, ${INSTR_SOLICITUDES} contadas; ${Math.min(CONEXIONES, 4)} conexiones; todos sus hilos):\n`,
  );
  console.log(
    `En reposo, el servicio ejecutó ${fijo(reposoPorSegundo / 1000)} mil instrucciones por segundo ` +
      '(temporizadores), descontadas de cada ventana por su duración.\n',
  );
  console.log('| Solicitud | miles de instrucciones por solicitud | sin descontar el reposo |');
  console.log('|---|---|---|');
  for (const f of filasInstr)
    console.log(`| ${f.solicitud} | ${fijo(f.instrucciones / 1000)} | ${fijo(f.brutas / 1000)} |`);
  guardarSalida('solicitudes-instrucciones', {
    reposoPorSegundo,
    calentamiento: INSTR_CALENTAMIENTO,
    contadas: INSTR_SOLICITUDES,
    filas: filasInstr,
  });
  if (!process.env.BENCH_CONSERVAR) rmSync(dir, { recursive: true, force: true });
}

/** One request as a client sends it: its status, answer and the answer's size. */
async function una(url: string, s: Solicitud): Promise<{ estado: number; texto: string; bytes: number }> {
  const r = await fetch(url + s.ruta, {
    method: s.metodo,
    headers: cabecerasDe(s),
    ...(s.cuerpo ? { body: s.cuerpo } : {}),
  });
  const bytes = Buffer.from(await r.arrayBuffer());
  return { estado: r.status, texto: bytes.toString('utf8'), bytes: bytes.length };
}

/** Sets the answer the floor or the ceiling writes (PUT /respuesta): the service's own, for the same size. */
async function ponerRespuesta(url: string, texto: string): Promise<void> {
  const r = await fetch(`${url}/respuesta`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: texto,
  });
  await r.arrayBuffer();
  if (r.status !== 204) throw new Error(`PUT ${url}/respuesta: HTTP ${r.status}`);
}

const fijo = (x: number, d = 0) => (Number.isFinite(x) ? x.toFixed(d) : '—');
const kb = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);

const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-solicitudes-'));
// The embedded cluster runs as `postgres` when this runs as root: it must reach its folder.
chmodSync(dir, 0o755);
console.log(
  `RIPS de consultas de la prueba: ${Buffer.byteLength(ripsTexto)} bytes (un usuario, una consulta; ` +
    'del tamaño del ejemplo oficial de 1.7 KB)',
);
const servicio = await iniciarServicio(dir);
if (INSTRUCCIONES) {
  await medirInstrucciones();
  process.exit(process.exitCode ?? 0);
}
const piso = await iniciarPiso('fijo');
const techo = await iniciarTecho();
console.log(
  `Servicio en producción: NODE_ENV=production, node dist/src/main.js, DATABASE_URL (PostgreSQL embebido propio ` +
    'del benchmark), CREDENTIALS_KEY y METRICS_TOKEN definidas; LOG_LEVEL ' +
    `${NIVEL_LOG}${NIVEL_LOG === 'info' ? ' (el de producción: una línea por solicitud, a un archivo)' : ''}; métricas activas; ` +
    'trazas apagadas (sin OTEL_EXPORTER_OTLP_ENDPOINT).',
);
console.log(
  `Límites de tasa ACTIVOS pero elevados para que no limiten la medición: RATE_LIMIT_IP_PER_MINUTE=` +
    `RATE_LIMIT_ENTITY_PER_MINUTE=${LIMITE_TASA} (en producción, por defecto: 3000 y 1200).`,
);
if (process.env.BENCH_SERVICIO_ENV)
  console.log(`Variables añadidas al servicio: ${process.env.BENCH_SERVICIO_ENV}`);
console.log(
  `Piso: node:http que lee el cuerpo, lo pasa por JSON.parse y escribe ${PISO_IGUAL ? 'la misma respuesta que el servicio (BENCH_PISO_RESPUESTA=igual)' : 'un JSON fijo'}. ` +
    `autocannon ${CONEXIONES} conexiones en esta máquina (${os.cpus().length} núcleos); ` +
    `${CALENTAMIENTO} s de calentamiento y ${SEGUNDOS} s medidos por solicitud y servidor.`,
);
console.log(
  'Techo de la pila (bench/techo-pila.ts): express con una ruta que escribe con res.json la misma respuesta ' +
    'que dio el servicio (y express.json() si hay cuerpo), y Apollo Server por su integración con express ' +
    'para { sesion { permisos } }; nada del servicio (registro, métricas, cabeceras, límites, autenticación, ' +
    'base de datos). Lo que la pila sola alcanza es una cota de lo que el servicio puede alcanzar.\n',
);

const filas: Record<string, unknown>[] = [];
const ventanas: Ventana[] = [];
let fallos = 0;
try {
  for (const s of SOLICITUDES) {
    const muestra = await una(servicio.url, s);
    if (muestra.estado < 200 || muestra.estado >= 300)
      throw new Error(`${s.descripcion}: HTTP ${muestra.estado}: ${muestra.texto.slice(0, 300)}`);
    const resultado = s.comprobar?.(muestra.texto);
    if (PISO_IGUAL) await ponerRespuesta(piso.url, muestra.texto);
    const muestraPiso = await una(piso.url, s);
    if (muestraPiso.estado !== 200) throw new Error(`piso, ${s.descripcion}: HTTP ${muestraPiso.estado}`);
    // The ceiling answers REST with the service's own answer (same bytes); GraphQL with its one-field schema.
    let muestraTecho: Awaited<ReturnType<typeof una>> | undefined;
    if (!s.sinTecho) {
      const porGraphql = s.ruta === '/graphql';
      if (!porGraphql) await ponerRespuesta(techo.url, muestra.texto);
      muestraTecho = await una(techo.url, s);
      if (muestraTecho.estado !== 200 || (!porGraphql && muestraTecho.bytes !== muestra.bytes))
        throw new Error(`techo, ${s.descripcion}: HTTP ${muestraTecho.estado}, ${muestraTecho.bytes} bytes`);
      if (porGraphql) s.comprobar?.(muestraTecho.texto);
    }
    // Floor first, then the stack's ceiling, then the service; each warmed by its own untimed run.
    await cargar(piso.url, s, CALENTAMIENTO, piso.pid);
    const { desdeUs: _d, hastaUs: _h, ...enPiso } = await cargar(piso.url, s, SEGUNDOS, piso.pid);
    let enTecho: Medida | undefined;
    if (muestraTecho) {
      await cargar(techo.url, s, CALENTAMIENTO, techo.pid);
      const { desdeUs: _dt, hastaUs: _ht, ...m } = await cargar(techo.url, s, SEGUNDOS, techo.pid);
      enTecho = m;
    }
    await cargar(servicio.url, s, CALENTAMIENTO, servicio.pid);
    const { desdeUs, hastaUs, ...enServicio } = await cargar(servicio.url, s, SEGUNDOS, servicio.pid);
    ventanas.push({ nombre: s.nombre, desdeUs, hastaUs, solicitudes: enServicio.respuestas });
    for (const m of [enPiso, enServicio, ...(enTecho ? [enTecho] : [])])
      if (m.no2xx || m.errores) fallos += 1;
    const fila = {
      nombre: s.nombre,
      solicitud: s.descripcion,
      cuerpoBytes: s.cuerpo ? Buffer.byteLength(s.cuerpo) : 0,
      respuestaBytes: muestra.bytes,
      respuestaPisoBytes: muestraPiso.bytes,
      ...(resultado ? { resultado } : {}),
      piso: enPiso,
      ...(enTecho ? { techo: enTecho, razonTecho: enTecho.rps / enPiso.rps } : {}),
      servicio: enServicio,
      razon: enServicio.rps / enPiso.rps,
    };
    filas.push(fila);
    console.log(
      `${s.nombre}: piso ${fijo(enPiso.rps)} req/s, ` +
        (enTecho
          ? `techo de la pila ${fijo(enTecho.rps)} req/s (${fijo((enTecho.rps / enPiso.rps) * 100, 1)} %), `
          : '') +
        `servicio ${fijo(enServicio.rps)} req/s ` +
        `(${fijo(fila.razon * 100, 1)} % del piso)${resultado ? `; ${resultado}` : ''}`,
    );
  }
} finally {
  await piso.detener();
  await techo.detener();
  await servicio.detener();
}

const bytesRegistro = statSync(servicio.registro).size;
console.log(
  '\n| Solicitud | cuerpo | respuesta | piso req/s | piso p50 / p99 ms | techo de la pila req/s (% del piso) | ' +
    'servicio req/s | servicio p50 / p99 ms | CPU µs/sol. piso / techo / servicio (sin PostgreSQL) | % del piso |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const f of filas as {
  solicitud: string;
  cuerpoBytes: number;
  respuestaBytes: number;
  piso: Medida;
  techo?: Medida;
  razonTecho?: number;
  servicio: Medida;
  razon: number;
}[]) {
  const techo = f.techo ? `${fijo(f.techo.rps)} (${fijo(f.razonTecho! * 100, 1)} %)` : '—';
  console.log(
    `| ${f.solicitud} | ${f.cuerpoBytes ? kb(f.cuerpoBytes) : '—'} | ${kb(f.respuestaBytes)} | ` +
      `${fijo(f.piso.rps)} | ${fijo(f.piso.p50Ms, 2)} / ${fijo(f.piso.p99Ms, 2)} | ${techo} | ${fijo(f.servicio.rps)} | ` +
      `${fijo(f.servicio.p50Ms, 2)} / ${fijo(f.servicio.p99Ms, 2)} | ${fijo(f.piso.cpuUsPorSolicitud)} / ` +
      `${f.techo ? fijo(f.techo.cpuUsPorSolicitud) : '—'} / ${fijo(f.servicio.cpuUsPorSolicitud)} | ` +
      `${fijo(f.razon * 100, 1)} % |`,
  );
}
console.log(
  `\nRegistro del servicio: ${(bytesRegistro / 1024 / 1024).toFixed(1)} MB escritos durante la prueba.`,
);

let reparto: Record<string, Record<string, number>> | undefined;
if (DIR_PERFIL) {
  const r = repartir(leerPerfil(DIR_PERFIL), ventanas);
  console.log(
    `\nPerfil de CPU del servicio (${DIR_PERFIL}; muestreo cada 250 µs, solo los segundos medidos, ` +
      'hilo principal; el perfilador mismo encarece un poco cada solicitud):\n',
  );
  console.log(tablaReparto(r, new Map(SOLICITUDES.map((s) => [s.nombre, s.descripcion]))));
  reparto = Object.fromEntries([...r].map(([n, m]) => [n, Object.fromEntries(m)]));
}

guardarSalida('solicitudes', {
  segundos: SEGUNDOS,
  calentamientoSegundos: CALENTAMIENTO,
  conexiones: CONEXIONES,
  nucleos: os.cpus().length,
  pisoRespuesta: PISO_IGUAL ? 'igual' : 'fija',
  produccion: {
    NODE_ENV: 'production',
    limitesDeTasa: { habilitados: true, ipPorMinuto: LIMITE_TASA, entidadPorMinuto: LIMITE_TASA },
    logLevel: NIVEL_LOG,
    trazas: false,
    extra: process.env.BENCH_SERVICIO_ENV ?? null,
  },
  ripsBytes: Buffer.byteLength(ripsTexto),
  filas,
  ...(reparto ? { perfilUsPorSolicitud: reparto } : {}),
});
if (process.env.BENCH_CONSERVAR) console.log(`Datos conservados en ${dir}`);
else rmSync(dir, { recursive: true, force: true });
if (fallos) {
  console.error(
    `${fallos} mediciones tuvieron respuestas no 2xx o errores de conexión (ver bench/out/solicitudes.json): sus cifras no valen.`,
  );
  process.exitCode = 1;
}
