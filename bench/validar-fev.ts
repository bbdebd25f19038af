import { performance } from 'node:perf_hooks';
import { XMLParser } from 'fast-xml-parser';
import { catalogosIncluidos } from '../src/rips/catalogos/servicio.js';
import { ejecutarCompuerta } from '../src/rips/fev/compuerta.js';
import { decodificarXmlFev, LIMITES_FEV_POR_DEFECTO } from '../src/rips/fev/entrada.js';
import { parsearXml } from '../src/rips/fev/xml.js';
import { ServicioValidacionRips } from '../src/rips/validacion/servicio.js';
import { base64, contenedorFev } from '../test/fixtures/fev.js';
import { ripsValido } from '../test/fixtures/rips.js';
import { mediana } from './estadistica.js';
import { guardarSalida } from './salida.js';
import { CLAVE_BENCH, iniciarServidorHijo } from './servidor-hijo.js';

/**
 * The FEV gate on a 1 MB and a 16 MB AttachedDocument (the DT2 limit): in process by phase, next to
 * a default fast-xml-parser parse of the container and of the embedded invoice (the least any reader
 * does), and end to end through POST /rips/validar.
 * BENCH_FEV_MB=1,16 · BENCH_REPETICIONES=3 · BENCH_HTTP=0 skips the HTTP part.
 */
const TAMANOS = (process.env.BENCH_FEV_MB ?? '1,16').split(',').map(Number);
const REPETICIONES = Number(process.env.BENCH_REPETICIONES ?? 3);
const HTTP = process.env.BENCH_HTTP !== '0';
const limpiar = (): void => (globalThis as { gc?: () => void }).gc?.();
const MB = 1024 * 1024;

/** A container of about `bytes` (never above the 16 MiB limit): the fixture grown with zero-value lines. */
function contenedorDe(bytes: number): string {
  const base = contenedorFev().length;
  const porLinea = contenedorFev({ lineasExtra: 100 }).length / 100 - base / 100;
  const objetivo = Math.min(bytes, LIMITES_FEV_POR_DEFECTO.maxBytes - 64 * 1024);
  let n = Math.max(0, Math.floor((objetivo - base) / porLinea));
  let xml = contenedorFev({ lineasExtra: n });
  // Line numbers grow longer: shrink until the container fits.
  while (Buffer.byteLength(xml) > objetivo) {
    n = Math.floor((n * objetivo) / Buffer.byteLength(xml)) - 1;
    xml = contenedorFev({ lineasExtra: n });
  }
  return xml;
}

function tiempo<T>(fn: () => T): [number, T] {
  limpiar();
  const t = performance.now();
  const r = fn();
  return [performance.now() - t, r];
}

const catalogos = catalogosIncluidos();
const servicio = new ServicioValidacionRips({ obtener: async () => catalogos }, {});
const planoParser = new XMLParser({ ignoreAttributes: false });
const servidor = HTTP ? await iniciarServidorHijo({ BODY_LIMIT: '100mb' }) : undefined;
const filas: Record<string, unknown>[] = [];
try {
  for (const mb of TAMANOS) {
    const xml = contenedorDe(mb * MB);
    const xmlFevFile = base64(xml);
    const interno = xml.slice(xml.indexOf('<![CDATA[') + 9, xml.indexOf(']]>'));
    const rips = ripsValido();
    const m: Record<string, number[]> = {
      decodificar: [],
      parsePlano: [],
      parseContenedorSeguro: [],
      compuerta: [],
      validarConFev: [],
      http: [],
    };
    let resultado: unknown;
    for (let i = 0; i < REPETICIONES; i++) {
      const [td, dec] = tiempo(() => decodificarXmlFev(xmlFevFile, LIMITES_FEV_POR_DEFECTO));
      if (!dec.ok) throw new Error(`decodificación: ${dec.codigo}`);
      m.decodificar!.push(td);
      // Baseline: what any reader must do at least, a default parse of the container and of the embedded invoice.
      m.parsePlano!.push(tiempo(() => [planoParser.parse(xml), planoParser.parse(interno)])[0]);
      m.parseContenedorSeguro!.push(tiempo(() => parsearXml(xml, LIMITES_FEV_POR_DEFECTO))[0]);
      const [tc, c] = tiempo(() => ejecutarCompuerta(rips, xmlFevFile));
      if (c.hallazgos.length) throw new Error(`hallazgos inesperados: ${JSON.stringify(c.hallazgos)}`);
      m.compuerta!.push(tc);
      limpiar();
      let t = performance.now();
      const r = await servicio.validarConFev({} as never, {
        rips,
        xmlFevFile,
        fecha: new Date('2026-11-01T12:00:00Z'),
      });
      m.validarConFev!.push(performance.now() - t);
      resultado = { valid: r.valid, ...r.resumen };
      if (servidor) {
        t = performance.now();
        const res = await fetch(`${servidor.url}/rips/validar`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'X-Api-Key': CLAVE_BENCH },
          body: JSON.stringify({ xmlFevFile, fechaEvaluacion: '2026-11-01T12:00:00Z', rips }),
        });
        const json = (await res.json()) as { valid: boolean };
        m.http!.push(performance.now() - t);
        if (res.status !== 200 || !json.valid)
          throw new Error(`HTTP ${res.status}: ${JSON.stringify(json).slice(0, 300)}`);
      }
    }
    const fila = {
      contenedorMB: Number((Buffer.byteLength(xml) / MB).toFixed(2)),
      base64MB: Number((xmlFevFile.length / MB).toFixed(2)),
      ...Object.fromEntries(
        Object.entries(m)
          .filter(([, v]) => v.length)
          .map(([k, v]) => [`${k}Ms`, Math.round(mediana(v))]),
      ),
      compuertaSobreParsePlano: Number((mediana(m.compuerta!) / mediana(m.parsePlano!)).toFixed(2)),
      resultado,
    };
    filas.push(fila);
    console.log(JSON.stringify(fila));
  }
} finally {
  await servidor?.detener();
}
guardarSalida('validar-fev', { filas });
