import { randomUUID } from 'node:crypto';
import type { OpcionesArranque } from '../src/arranque.js';
import type { DatosRda } from '../src/rda/construccion/datos.js';
import type { TipoRda } from '../src/rda/tipos.js';
import {
  type ClienteSandbox,
  iniciarSimulador,
  type OpcionesSimuladorIhce,
} from '../src/simuladores/ihce/servidor.js';
import { datosRda } from './fixtures/rda.js';
import { iniciarServicio, pedir } from './servidor.js';

let secuencia = 0;

/** Fixture datos with a distinct encounter (the platform refuses duplicates with 409). */
export function datosUnicos(tipo: TipoRda, variante: 'rico' | 'minimo' = 'minimo'): DatosRda {
  const d = datosRda(tipo, variante);
  secuencia += 1;
  if (d.encuentro) {
    const inicio = new Date(Date.parse('2026-11-18T08:00:00-05:00') - secuencia * 3_600_000);
    (d.encuentro as { fechaInicio: string }).fechaInicio = inicio.toISOString();
  }
  return d;
}

export function clienteSandbox(): ClienteSandbox {
  const id = randomUUID().slice(0, 8);
  return {
    clientId: `cliente-${id}`,
    clientSecret: `secreto-${id}`,
    tenantId: `tenant-${id}`,
    scope: 'api://ihce-sandbox/.default',
    subscriptionKey: `suscripcion-${id}`,
  };
}

/**
 * The IHCE simulator on its own port plus the real service pointed at it, with a queue of its own
 * (test files share one database) and short retries.
 */
export async function entornoIhce(
  o: {
    simulador?: OpcionesSimuladorIhce;
    env?: Record<string, string>;
    cola?: string;
    opciones?: OpcionesArranque;
  } = {},
) {
  const sim = await iniciarSimulador(o.simulador);
  const cola = o.cola ?? `rda-prueba-${randomUUID()}`;
  const env = {
    IHCE_BASE_URL: sim.baseUrl,
    IHCE_TOKEN_URL: sim.tokenUrl,
    RDA_COLA: cola,
    RDA_REINTENTO_BASE_SEGUNDOS: '1',
    IHCE_TIMEOUT_MS: '1500',
    ...o.env,
  };
  const s = await iniciarServicio(env, o.opciones);
  /** An entity with the rda module, IHCE credentials registered here and in the simulator. */
  async function entidadConIhce(base: string) {
    const e = await s.crearEntidad(base);
    const c = clienteSandbox();
    sim.registrarCliente(c);
    await s.servicio.servicios.credenciales.guardar(s.em(), e.entidad, 'ihce', { ...c });
    return { ...e, cabeceras: { 'x-api-key': e.clave } };
  }
  /** Polls GET /rda/{id} until the predicate holds (the worker runs in the background). */
  async function esperarEstado(
    id: string,
    cabeceras: Record<string, string>,
    listo: (t: { estado: string; reintentosAgotados: boolean }) => boolean,
    ms = 20_000,
  ) {
    const fin = Date.now() + ms;
    for (;;) {
      const r = await pedir(s.url, `/rda/${id}`, { cabeceras });
      if (listo(r.body) || Date.now() > fin) return r;
      await new Promise((res) => setTimeout(res, 200));
    }
  }
  return {
    sim,
    esperarEstado,
    s,
    env,
    entidadConIhce,
    cerrar: async () => {
      await s.cerrar();
      await sim.detener();
    },
  };
}
