import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import { catalogosIncluidos } from '../src/rips/catalogos/servicio.js';
import { CAMPOS } from '../src/rips/estructura/campos.js';
import { crearVerificadorEstructura } from '../src/rips/estructura/verificar.js';
import { miembrosRaiz } from '../src/rips/validacion/cuerpo-texto.js';
import { ripsPorPartes } from '../src/rips/validacion/texto-rips.js';
import { decodificar } from '../src/rips/validacion/textos-bytes.js';
import { validarRips } from '../src/rips/validacion/validar.js';
import { mediana } from './estadistica.js';

/**
 * The engine alone, with no HTTP, next to a bare JSON.parse of the same bytes, in a process of its
 * own that never forces a collection: in a process that calls gc() (the benchmark's, to steady its
 * baseline) the engine's code runs 2.5–3× slower for a while after each forced collection, while
 * JSON.parse (native) barely changes, which made the earlier in-process column meaningless.
 * Arguments: body file, gzip (1|0), timed runs. Prints one JSON line.
 */
const [archivo, gzipArg, repArg] = process.argv.slice(2);
const enviado = readFileSync(archivo!);
const gzip = gzipArg === '1';
const repeticiones = Number(repArg ?? 30);
const cuerpo = gzip ? gunzipSync(enviado) : enviado;

const catalogos = catalogosIncluidos();
const estructura = crearVerificadorEstructura(CAMPOS, catalogos);

/** As the server reads a body whole: inflate → decode → body members → RIPS by parts → every rule. */
function motor(): number {
  const t = performance.now();
  const bytes = gzip ? gunzipSync(enviado) : Buffer.from(enviado);
  const texto = decodificar(bytes, 0, bytes.length, true);
  const rips = miembrosRaiz(texto, ['fechaEvaluacion', 'xmlFevFile']).rips?.texto;
  if (!rips) throw new Error('el cuerpo del benchmark no trae «rips» como objeto');
  const { transaccion, usuarios } = ripsPorPartes(rips, 0);
  validarRips(transaccion, { catalogos, estructura }, usuarios);
  return performance.now() - t;
}

function parse(): number {
  const t = performance.now();
  JSON.parse(cuerpo.toString('utf8'));
  return performance.now() - t;
}

// Warm-up like the server's: about 100 MB of bodies (at least two runs).
const calentamientos = Math.max(2, Math.min(100, Math.ceil((100 * 1024 * 1024) / cuerpo.length)));
for (let i = 0; i < calentamientos; i++) {
  motor();
  parse();
}
const tiemposMotor: number[] = [];
const tiemposParse: number[] = [];
for (let i = 0; i < repeticiones; i++) {
  tiemposParse.push(parse());
  tiemposMotor.push(motor());
}
console.log(JSON.stringify({ parseMs: mediana(tiemposParse), motorMs: mediana(tiemposMotor) }));
