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

/** Every field of every finding, a selection the schemas before and after issue 21 both answer. */
const CONSULTA = `query ($r: String) { validarRips(ripsTexto: $r) { valid
  errores { codigo titulo explicacion comoCorregir mensajeOriginal severidad fuente
    ubicacion { descripcion campo campoNombre ruta factura documentoUsuario usuarioIndex tipoServicio servicioIndex } }
  issues { severity regla path message } } }`;

function peticion(puerta: string, rips: string) {
  if (puerta === 'rest') return { ruta: '/rips/validar', cuerpo: gzipSync(`{"rips":${rips}}`) };
  return { ruta: '/graphql', cuerpo: gzipSync(JSON.stringify({ query: CONSULTA, variables: { r: rips } })) };
}

function cantidadErrores(puerta: string, texto: string): number {
  const r = JSON.parse(texto) as { errores?: unknown[]; data?: { validarRips: { errores: unknown[] } } };
  return (puerta === 'rest' ? r.errores : r.data?.validarRips.errores)?.length ?? -1;
}

const servidor = await iniciarServidorHijo();
const filas: Record<string, unknown>[] = [];
try {
  const valido = generarRips(MB * 1024 * 1024).texto;
  const casos = [
    ['válido', valido],
    ['con hallazgos', conHallazgos(valido)],
  ] as const;
  for (const puerta of PUERTAS)
    for (const [caso, rips] of casos) {
      const { ruta, cuerpo } = peticion(puerta, rips);
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
        hallazgos = cantidadErrores(puerta, texto);
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
