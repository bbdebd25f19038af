import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { errores } from '../../../errores/errores.js';
import type { CatalogosEnMemoria } from '../../catalogos/memoria.js';
import type { VerificadorEstructura } from '../../estructura/verificador.js';
import { REGLAS } from '../../reglas/registro.js';
import type { DatosFev } from '../../reglas/tipos.js';
import type { Hallazgo, Registro } from '../../tipos.js';
import { Recorrido } from '../motor.js';
import { type ResultadoValidacion, resultadoDeMotor } from '../validar.js';
import { Cortador } from './cortes.js';
import type { MensajeAlHilo, MensajeDelHilo } from './mensajes.js';

/** Text posted but not yet read by the thread, in characters: bounds memory when the thread lags. */
const EN_VUELO_MAXIMO = 4 * 1024 * 1024;
/** Size of a slice of users in a parallel walk, and slices in flight per thread. */
const TAMANO_TRAMO = 1024 * 1024;
const TRAMOS_POR_HILO = 3;

export interface EntradaHilo {
  transaccion: Registro;
  /** Text of `usuarios` after its `[` read so far (chunks), then the rest of the body as it arrives. */
  textos: string[];
  siguientes: AsyncIterator<string>;
  catalogos: CatalogosEnMemoria;
  fecha: Date | undefined;
  rechazoDesde: Record<string, string>;
  /** The invoice read by the FEV gate (rules of alcance 'fev'), as in OpcionesMotor. */
  fev?: DatosFev | null;
}

export interface EntradaParalela extends EntradaHilo {
  estructura: VerificadorEstructura;
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
 * Validation threads for large bodies. The request thread only reads, inflates and decodes the
 * body; the threads parse and check users. A large RIPS then neither holds the event loop nor waits
 * for it, and the work spreads over the cores.
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
    /** Characters per slice of users in a parallel walk (tests use small ones). */
    private readonly tamanoTramo = TAMANO_TRAMO,
  ) {}

  /** The compiled thread script next to this module, when it exists (not when running from sources). */
  static scriptCompilado(): string | undefined {
    const archivo = fileURLToPath(new URL('./trabajador.js', import.meta.url));
    return existsSync(archivo) ? archivo : undefined;
  }

  /** Starts every thread now (like a connection pool), so no request pays for it. */
  iniciar(): this {
    while (this.hilos.length < this.tamano) this.crear();
    return this;
  }

  /** One thread runs the whole walk (every rule, in order) over the text it is sent. */
  async validar(e: EntradaHilo): Promise<SalidaHilo> {
    const hilo = this.elegir();
    const idCatalogos = this.enviarCatalogos(hilo, e.catalogos);
    const id = ++this.ultimaTarea;
    let consumido = 0;
    let terminada = false;
    let alConsumir: (() => void) | undefined;
    const despertar = () => {
      const a = alConsumir;
      alConsumir = undefined;
      a?.();
    };
    const salida = new Promise<SalidaHilo>((resolver, rechazar) => {
      const fin = () => {
        terminada = true;
        hilo.tareas.delete(id);
        despertar();
      };
      hilo.tareas.set(id, {
        manejar: (m) => {
          if (m.tipo === 'consumido') {
            consumido += m.caracteres;
            despertar();
            return;
          }
          fin();
          if (m.tipo === 'resultado') resolver({ resultado: m.resultado, cola: m.cola });
          else if (m.tipo === 'error' && m.sintaxis) rechazar(jsonInvalido());
          else rechazar(new Error(`validación en hilo: ${'mensaje' in m ? m.mensaje : m.tipo}`));
        },
        caer: (causa) => {
          fin();
          rechazar(causa);
        },
      });
    });
    // The caller reads it after posting the body; an early failure must not count as unhandled.
    salida.catch(() => {});
    const post = (m: MensajeAlHilo) => hilo.worker.postMessage(m);
    post({
      tipo: 'inicio',
      tarea: id,
      catalogos: idCatalogos,
      transaccion: e.transaccion,
      fecha: e.fecha,
      rechazoDesde: e.rechazoDesde,
      fev: e.fev,
    });
    try {
      let enviado = 0;
      for (const texto of e.textos) {
        enviado += texto.length;
        post({ tipo: 'texto', tarea: id, texto });
      }
      while (!terminada) {
        while (enviado - consumido > EN_VUELO_MAXIMO && !terminada) {
          await new Promise<void>((r) => {
            alConsumir = r;
          });
        }
        if (terminada) break;
        const r = await e.siguientes.next();
        if (r.done) break;
        enviado += r.value.length;
        post({ tipo: 'texto', tarea: id, texto: r.value });
      }
      post({ tipo: 'fin', tarea: id });
    } catch (err) {
      // The body failed while arriving (client gone, bad gzip…): stop the thread's task.
      post({ tipo: 'cancelar', tarea: id });
      throw err;
    }
    return salida;
  }

  /**
   * Users cut into slices of whole users (at the first key of each user, like texto-rips.ts) spread
   * over every thread; each slice comes back with its findings and its users reduced to what the
   * cross-user rules read, which run here over every user in order. Same findings as one walk.
   * Throws TramoInvalido when a slice does not parse: the caller reads the body again in order.
   */
  async validarEnParalelo(e: EntradaParalela): Promise<SalidaHilo> {
    const fecha = e.fecha ?? new Date();
    const id = ++this.ultimaTarea;
    while (this.hilos.length < this.tamano) this.crear();
    const hilos = [...this.hilos];
    const global = new Recorrido(e.transaccion, {
      fecha,
      catalogos: e.catalogos,
      reglas: REGLAS,
      estructura: e.estructura,
      fev: e.fev,
      modo: 'global',
    });
    const hallazgos: Hallazgo[] = [];
    const documentos: (string | null)[] = [];
    const hechos = new Map<number, Extract<MensajeDelHilo, { tipo: 'tramo-hecho' }>>();
    let siguiente = 0;
    let enviados = 0;
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
        const desplazamiento = documentos.length;
        for (const x of h.hallazgos) {
          if (x.usuarioIndex !== undefined) x.usuarioIndex += desplazamiento;
          hallazgos.push(x);
        }
        for (const d of h.documentos) documentos.push(d);
        for (const p of h.proyecciones) global.usuario(p);
        if (h.cola !== undefined) cola = h.cola;
      }
    };
    for (const hilo of hilos) {
      const catalogos = this.enviarCatalogos(hilo, e.catalogos);
      hilo.tareas.set(id, {
        manejar: (m) => {
          if (m.tipo === 'tramo-hecho') {
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
      } satisfies MensajeAlHilo);
    }
    const enviar = async (texto: string, ultimo: boolean) => {
      while (enviados - siguiente >= hilos.length * TRAMOS_POR_HILO && fallo === undefined) await esperar();
      if (fallo !== undefined) return;
      const n = enviados++;
      hilos[n % hilos.length]!.worker.postMessage({
        tipo: 'tramo',
        tarea: id,
        n,
        texto,
        ultimo,
      } satisfies MensajeAlHilo);
    };
    try {
      const cortador = new Cortador(this.tamanoTramo);
      const textos = e.textos;
      for (let i = 0; i < textos.length && fallo === undefined; i++) {
        for (const t of cortador.poner(textos[i]!)) await enviar(t, false);
        textos[i] = '';
      }
      while (fallo === undefined) {
        const r = await e.siguientes.next();
        if (r.done) break;
        for (const t of cortador.poner(r.value)) await enviar(t, false);
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
    const resultado = resultadoDeMotor(
      e.transaccion,
      { hallazgos: [...motor.hallazgos, ...hallazgos], notas: motor.notas, documentos },
      REGLAS,
      fecha,
      { catalogos: e.catalogos, rechazoDesde: e.rechazoDesde },
    );
    return { resultado, cola: cola ?? '' };
  }

  async cerrar(): Promise<void> {
    this.cerrado = true;
    await Promise.all(this.hilos.map((h) => h.worker.terminate()));
    this.hilos.length = 0;
  }

  /** The thread with the fewest running tasks; a new one while the pool is not full. */
  private elegir(): Hilo {
    if (this.cerrado) throw new Error('grupo de hilos cerrado');
    const libre = this.hilos.find((h) => h.tareas.size === 0);
    if (libre) return libre;
    if (this.hilos.length < this.tamano) return this.crear();
    return this.hilos.reduce((a, b) => (b.tareas.size < a.tareas.size ? b : a));
  }

  private crear(): Hilo {
    if (this.cerrado) throw new Error('grupo de hilos cerrado');
    const worker = new Worker(this.script);
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

function jsonInvalido() {
  return errores.entradaInvalida('El cuerpo no es JSON válido. Revise comillas, comas y llaves.');
}
