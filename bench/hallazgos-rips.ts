import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { mediana } from './estadistica.js';
import { generarRips } from './generar-rips.js';
import { guardarSalida } from './salida.js';
import { CLAVE_BENCH, iniciarServidorHijo } from './servidor-hijo.js';

/**
 * POST /rips/validar on a RIPS full of findings (every user's sex code, every consultation's
 * diagnosis and value wrong): what explaining, completing and sending thousands of
 * ErrorAccionable costs next to validating a valid RIPS of the same size.
 */
const MB = Number(process.env.BENCH_MB ?? 1);
/** `rest` (POST /rips/validar), `graphql` (the validarRips query with the RIPS as text) or both. */
const PUERTAS = (process.env.BENCH_PUERTAS ?? 'rest,graphql').split(',');
const REPETICIONES = Number(process.env.BENCH_REPETICIONES ?? 30);

type Registro = Record<string, unknown>;

function conHallazgos(texto: string): string {
  const rips = JSON.parse(texto) as { usuarios: Registro[] };
  for (const u of rips.usuarios) {
    u.codSexo = 'X';
    for (const c of ((u.servicios as Record<string, Registro[]>).consultas ?? []) as Registro[]) {
      c.codDiagnosticoPrincipal = 'ZZZZ';
      c.vrServicio = -5;
    }
  }
  return JSON.stringify(rips);
}

const CAMPOS_HALLAZGO = `codigo titulo explicacion comoCorregir mensajeOriginal severidad fuente
  ubicacion { descripcion campo campoNombre ruta factura documentoUsuario usuarioIndex tipoServicio servicioIndex }`;

/**
 * Every field of every finding. Since issue 21 GraphQL splits them into errores (rechazo), avisos and
 * informativos: all three are asked for, so both schemas answer the same 853 findings.
 */
function consulta(dividido: boolean): string {
  const listas = dividido ? ['errores', 'avisos', 'informativos'] : ['errores'];
  return `query ($r: String) { validarRips(ripsTexto: $r) { valid
  ${listas.map((l) => `${l} { ${CAMPOS_HALLAZGO} }`).join('\n  ')}
  issues { severity regla path message } } }`;
}

async function esquemaDividido(url: string): Promise<boolean> {
  const r = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Api-Key': CLAVE_BENCH },
    body: JSON.stringify({ query: '{ __type(name: "ResultadoValidacionRips") { fields { name } } }' }),
  });
  const j = (await r.json()) as { data: { __type: { fields: { name: string }[] } } };
  return j.data.__type.fields.some((f) => f.name === 'informativos');
}

function peticion(puerta: string, rips: string, dividido: boolean) {
  if (puerta === 'rest') return { ruta: '/rips/validar', cuerpo: gzipSync(`{"rips":${rips}}`) };
  return {
    ruta: '/graphql',
    cuerpo: gzipSync(JSON.stringify({ query: consulta(dividido), variables: { r: rips } })),
  };
}

type Lista = unknown[] | undefined;
function cantidadHallazgos(puerta: string, texto: string): number {
  const r = JSON.parse(texto) as {
    errores?: unknown[];
    data?: { validarRips: { errores: unknown[]; avisos?: Lista; informativos?: Lista } };
  };
  if (puerta === 'rest') return r.errores?.length ?? -1;
  const v = r.data?.validarRips;
  return v ? v.errores.length + (v.avisos?.length ?? 0) + (v.informativos?.length ?? 0) : -1;
}

const servidor = await iniciarServidorHijo();
const dividido = await esquemaDividido(servidor.url);
const filas: Record<string, unknown>[] = [];
try {
  const valido = generarRips(MB * 1024 * 1024).texto;
  const casos = [
    ['válido', valido],
    ['con hallazgos', conHallazgos(valido)],
  ] as const;
  for (const puerta of PUERTAS)
    for (const [caso, rips] of casos) {
      const { ruta, cuerpo } = peticion(puerta, rips, dividido);
      const tiempos: number[] = [];
      const cpus: number[] = [];
      let hallazgos = 0;
      let respuestaMB = 0;
      for (let i = 0; i < REPETICIONES + 20; i++) {
        const cpu = servidor.cpuMs();
        const t = performance.now();
        const r = await fetch(`${servidor.url}${ruta}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-encoding': 'gzip',
            'X-Api-Key': CLAVE_BENCH,
          },
          body: cuerpo,
        });
        const texto = await r.text();
        if (r.status !== 200 || texto.startsWith('{"errors"'))
          throw new Error(`HTTP ${r.status}: ${texto.slice(0, 300)}`);
        if (i < 20) continue; // warm-up
        tiempos.push(performance.now() - t);
        cpus.push(servidor.cpuMs() - cpu);
        hallazgos = cantidadHallazgos(puerta, texto);
        respuestaMB = Buffer.byteLength(texto) / 1024 / 1024;
      }
      const fila = {
        puerta,
        caso,
        tamanoMB: MB,
        hallazgos,
        respuestaMB: Number(respuestaMB.toFixed(2)),
        totalMs: Number(mediana(tiempos).toFixed(1)),
        cpuMs: Number(mediana(cpus).toFixed(1)),
      };
      filas.push(fila);
      console.log(JSON.stringify(fila));
    }
} finally {
  await servidor.detener();
}
guardarSalida('hallazgos-rips', { filas });
