import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CatalogosEnMemoria } from '../../catalogos/memoria.js';
import { REGLAS } from '../../reglas/registro.js';
import type { DatosFev } from '../../reglas/tipos.js';
import type { Hallazgo, Registro } from '../../tipos.js';
import { LIMITES_POR_DEFECTO, type LimitesHallazgos, maxCrudos } from '../acotar.js';
import { profundidadExcesiva } from '../encabezado.js';
import type { Recorrido } from '../motor.js';
import { type ResultadoValidacion, resultadoDeMotor } from '../validar.js';
import { Cortador } from './cortes.js';
import type { MensajeAlHilo, MensajeDelHilo } from './mensajes.js';

/**
 * Size of a slice of users in a parallel walk, and slices in flight per thread: small slices keep
 * each thread's live objects (and so its heap growth) small; two per thread keep it busy.
 */
const TAMANO_TRAMO = 256 * 1024;
const TRAMOS_POR_HILO = 2;

/**
 * Bound on each thread's young generation, so busy threads cannot grow their heaps with the load.
 * Measured on a 20 MB body (docs/benchmarks.md): 8–16 MB cost CPU in scavenges; from 32 MB up the
 * time and the peak (≈ 1.7–2.3× body) no longer change.
 */
const GENERACION_JOVEN_MB = 32;

export interface EntradaParalela {
  transaccion: Registro;
  /**
   * The walk so far: the users read in this thread before the body proved large. It goes on in
   * `global` mode (cross-user rules over the threads' reduced users) and holds every finding's base.
   */
  global: Recorrido;
  /** Text of `usuarios` from the next user on, read so far (decoded) … */
  inicio: string;
  /** … then the rest of the body as it arrives, as UTF-8 bytes (the threads decode their slices). */
  bytes: AsyncIterable<Uint8Array>;
  catalogos: CatalogosEnMemoria;
  fecha: Date;
  rechazoDesde: Record<string, string>;
  /** The invoice read by the FEV gate (rules of alcance 'fev'), as in OpcionesMotor. */
  fev?: DatosFev | null;
  /** The codigoVIDA cross-check runs (OpcionesMotor.vida). */
  vida?: boolean;
  /** The entity's declared provider codes (OpcionesMotor.prestadores). */
  prestadores?: readonly string[];
  /** Findings and characters answered (LIMITES_POR_DEFECTO if absent). */
  limites?: LimitesHallazgos;
}

export interface SalidaHilo {
  resultado: ResultadoValidacion;
  /** Body text from the `]` closing `usuarios` to the end. */
  cola: string;
}

/** A slice was not a run of whole users (broken JSON, or a cut inside a user): read the body again in order. */
export class TramoInvalido extends Error {}

type Manejador = (m: MensajeDelHilo) => void;

interface Hilo {
  worker: Worker;
  tareas: Map<number, { manejar: Manejador; caer: (e: unknown) => void }>;
  catalogos: Set<number>;
}

/**
 * Validation threads for large bodies. The request thread reads and inflates the body and cuts it
 * into slices of users; the threads decode, parse and check them. A large RIPS then neither holds
 * the event loop nor waits for it, and the work spreads over the cores.
 */
export class GrupoHilos {
  private readonly hilos: Hilo[] = [];
  private readonly idsCatalogos = new WeakMap<CatalogosEnMemoria, number>();
  private ultimoCatalogo = 0;
  private ultimaTarea = 0;
  private cerrado = false;

  constructor(
    private readonly script: string,
    private readonly tamano: number,
    /** Bytes per slice of users (tests use small ones). */
    private readonly tamanoTramo = TAMANO_TRAMO,
  ) {}

  /** The compiled thread script next to this module, when it exists (not when running from sources). */
  static scriptCompilado(): string | undefined {
    const archivo = fileURLToPath(new URL('./trabajador.js', import.meta.url));
    return existsSync(archivo) ? archivo : undefined;
  }

  /** Starts every thread now (like a connection pool), so no request pays for it. */
  iniciar(): this {
    if (this.cerrado) throw new Error('grupo de hilos cerrado');
    while (this.hilos.length < this.tamano) this.crear();
    return this;
  }

  /**
   * Users cut into slices of whole users (at the first key of each user, like texto-rips.ts) spread
   * over every thread; each slice comes back with its findings and its users reduced to what the
   * cross-user rules read, which run here over every user in order. Same findings as one walk.
   * Throws TramoInvalido when a slice does not parse: the caller reads the body again in order.
   */
  async validarEnParalelo(e: EntradaParalela): Promise<SalidaHilo> {
    const { fecha, global } = e;
    const id = ++this.ultimaTarea;
    this.iniciar();
    const hilos = [...this.hilos];
    global.pasarAGlobal();
    const limites = e.limites ?? LIMITES_POR_DEFECTO;
    const crudos = maxCrudos(limites.maxHallazgos);
    const hallazgos: Hallazgo[] = [];
    // Findings past the bound are counted, not kept: the slices' own counts plus those dropped here.
    const omitidos: Record<string, number> = {};
    const omitir = (codigo: string, n: number) => {
      omitidos[codigo] = (omitidos[codigo] ?? 0) + n;
    };
    const hechos = new Map<number, Extract<MensajeDelHilo, { tipo: 'tramo-hecho' | 'tramo-prohibido' }>>();
    let siguiente = 0;
    let enviados = 0;
    /** Slices sent to each thread and not answered yet. */
    const pendientes = new Map<Hilo, number>(hilos.map((h) => [h, 0]));
    // The least busy thread with room: a thread slowed down (a busy core) gets fewer slices.
    const libre = (): Hilo | undefined => {
      let mejor: Hilo | undefined;
      for (const h of hilos) {
        const p = pendientes.get(h)!;
        if (p < TRAMOS_POR_HILO && (mejor === undefined || p < pendientes.get(mejor)!)) mejor = h;
      }
      return mejor;
    };
    let cola: string | undefined;
    let fallo: unknown;
    let despertar: (() => void) | undefined;
    const avisar = () => {
      const d = despertar;
      despertar = undefined;
      d?.();
    };
    const esperar = () =>
      new Promise<void>((r) => {
        despertar = r;
      });

    // Slices come back in any order; the cross-user rules take their users in order.
    const absorber = () => {
      for (let h = hechos.get(siguiente); h; h = hechos.get(siguiente)) {
        hechos.delete(siguiente++);
        const desplazamiento = global.usuarios;
        if (h.tipo === 'tramo-prohibido')
          throw profundidadExcesiva(`usuarios[${desplazamiento + h.usuario}]${h.ruta}`);
        for (const x of h.hallazgos) {
          if (x.usuarioIndex !== undefined) x.usuarioIndex += desplazamiento;
          if (hallazgos.length < crudos) hallazgos.push(x);
          else omitir(x.codigo, 1);
        }
        for (const [codigo, n] of Object.entries(h.omitidos)) omitir(codigo, n);
        for (const p of JSON.parse(h.proyecciones) as unknown[]) global.usuario(p);
        if (h.cola !== undefined) cola = h.cola;
      }
    };
    for (const hilo of hilos) {
      const catalogos = this.enviarCatalogos(hilo, e.catalogos);
      hilo.tareas.set(id, {
        manejar: (m) => {
          pendientes.set(hilo, pendientes.get(hilo)! - 1);
          if (m.tipo === 'tramo-hecho' || m.tipo === 'tramo-prohibido') {
            hechos.set(m.n, m);
            try {
              absorber();
            } catch (err) {
              fallo ??= err;
            }
          } else if (m.tipo === 'tramo-fallido') fallo ??= new TramoInvalido(m.mensaje);
          avisar();
        },
        caer: (causa) => {
          fallo ??= causa;
          avisar();
        },
      });
      hilo.worker.postMessage({
        tipo: 'paralelo',
        tarea: id,
        catalogos,
        transaccion: e.transaccion,
        fecha,
        fev: e.fev,
        vida: e.vida,
        prestadores: e.prestadores,
        maxHallazgos: crudos,
      } satisfies MensajeAlHilo);
    }
    const enviar = async (bytes: Uint8Array, ultimo: boolean) => {
      let hilo = libre();
      while (hilo === undefined && fallo === undefined) {
        await esperar();
        hilo = libre();
      }
      if (hilo === undefined || fallo !== undefined) return;
      const n = enviados++;
      pendientes.set(hilo, pendientes.get(hilo)! + 1);
      const m: MensajeAlHilo = { tipo: 'tramo', tarea: id, n, bytes, ultimo };
      hilo.worker.postMessage(m, [bytes.buffer as ArrayBuffer]);
    };
    try {
      const cortador = new Cortador(this.tamanoTramo);
      for (const t of cortador.poner(Buffer.from(e.inicio, 'utf8'))) await enviar(t, false);
      for await (const b of e.bytes) {
        for (const t of cortador.poner(b)) await enviar(t, false);
        if (fallo !== undefined) break;
      }
      if (fallo === undefined) await enviar(cortador.resto(), true);
      while (fallo === undefined && siguiente < enviados) await esperar();
      if (fallo !== undefined) throw fallo;
    } finally {
      for (const hilo of hilos) {
        hilo.tareas.delete(id);
        hilo.worker.postMessage({ tipo: 'cancelar', tarea: id } satisfies MensajeAlHilo);
      }
    }
    const motor = global.terminar();
    for (const [codigo, n] of Object.entries(motor.omitidos)) omitir(codigo, n);
    const resultado = resultadoDeMotor(
      e.transaccion,
      { ...motor, hallazgos: [...motor.hallazgos, ...hallazgos], omitidos },
      REGLAS,
      fecha,
      { catalogos: e.catalogos, rechazoDesde: e.rechazoDesde, limites },
    );
    return { resultado, cola: cola ?? '' };
  }

  async cerrar(): Promise<void> {
    this.cerrado = true;
    await Promise.all(this.hilos.map((h) => h.worker.terminate()));
    this.hilos.length = 0;
  }

  private crear(): Hilo {
    if (this.cerrado) throw new Error('grupo de hilos cerrado');
    const worker = new Worker(this.script, {
      resourceLimits: { maxYoungGenerationSizeMb: GENERACION_JOVEN_MB },
    });
    worker.unref();
    const hilo: Hilo = { worker, tareas: new Map(), catalogos: new Set() };
    worker.on('message', (m: MensajeDelHilo) => hilo.tareas.get(m.tarea)?.manejar(m));
    const caido = (causa: unknown) => {
      const i = this.hilos.indexOf(hilo);
      if (i >= 0) this.hilos.splice(i, 1);
      for (const t of [...hilo.tareas.values()]) t.caer(causa);
    };
    worker.on('error', caido);
    worker.on('exit', (codigo) => caido(new Error(`hilo de validación terminó (código ${codigo})`)));
    this.hilos.push(hilo);
    return hilo;
  }

  private enviarCatalogos(hilo: Hilo, catalogos: CatalogosEnMemoria): number {
    let id = this.idsCatalogos.get(catalogos);
    if (id === undefined) {
      id = ++this.ultimoCatalogo;
      this.idsCatalogos.set(catalogos, id);
    }
    if (!hilo.catalogos.has(id)) {
      hilo.worker.postMessage({
        tipo: 'catalogos',
        id,
        tablas: catalogos.instantanea(),
      } satisfies MensajeAlHilo);
      hilo.catalogos.add(id);
    }
    return id;
  }
}
