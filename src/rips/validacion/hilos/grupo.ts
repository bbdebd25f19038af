import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { errores } from '../../../errores/errores.js';
import type { CatalogosEnMemoria } from '../../catalogos/memoria.js';
import type { Registro } from '../../tipos.js';
import type { ResultadoValidacion } from '../validar.js';
import type { MensajeAlHilo, MensajeDelHilo } from './mensajes.js';

/** Text posted but not yet read by the thread, in characters: bounds memory when the thread lags. */
const EN_VUELO_MAXIMO = 4 * 1024 * 1024;

export interface EntradaHilo {
  transaccion: Registro;
  /** Text of `usuarios` after its `[` read so far (chunks), then the rest of the body as it arrives. */
  textos: string[];
  siguientes: AsyncIterator<string>;
  catalogos: CatalogosEnMemoria;
  fecha: Date | undefined;
  rechazoDesde: Record<string, string>;
}

export interface SalidaHilo {
  resultado: ResultadoValidacion;
  /** Body text from the `]` closing `usuarios` to the end. */
  cola: string;
}

interface Tarea {
  hilo: Hilo;
  consumido: number;
  terminada: boolean;
  alConsumir?: () => void;
  resolver: (s: SalidaHilo) => void;
  rechazar: (e: unknown) => void;
}

interface Hilo {
  worker: Worker;
  tareas: Set<number>;
  catalogos: Set<number>;
}

/**
 * Validation threads for large bodies. The request thread only reads, inflates and decodes the
 * body and posts its text; the thread splits users and runs the whole walk. So a large RIPS
 * does not hold the event loop, and reading overlaps validation on a second core.
 */
export class GrupoHilos {
  private readonly hilos: Hilo[] = [];
  private readonly tareas = new Map<number, Tarea>();
  private readonly idsCatalogos = new WeakMap<CatalogosEnMemoria, number>();
  private ultimoCatalogo = 0;
  private ultimaTarea = 0;
  private cerrado = false;

  constructor(
    private readonly script: string,
    private readonly tamano: number,
  ) {}

  /** The compiled thread script next to this module, when it exists (not when running from sources). */
  static scriptCompilado(): string | undefined {
    const archivo = fileURLToPath(new URL('./trabajador.js', import.meta.url));
    return existsSync(archivo) ? archivo : undefined;
  }

  async validar(e: EntradaHilo): Promise<SalidaHilo> {
    if (this.cerrado) throw new Error('grupo de hilos cerrado');
    const hilo = this.elegir();
    const idCatalogos = this.enviarCatalogos(hilo, e.catalogos);
    const id = ++this.ultimaTarea;
    const salida = new Promise<SalidaHilo>((resolver, rechazar) => {
      this.tareas.set(id, { hilo, consumido: 0, terminada: false, resolver, rechazar });
    });
    // The caller reads it after posting the body; an early failure must not count as unhandled.
    salida.catch(() => {});
    hilo.tareas.add(id);
    const tarea = this.tareas.get(id)!;
    const post = (m: MensajeAlHilo) => hilo.worker.postMessage(m);
    post({
      tipo: 'inicio',
      tarea: id,
      catalogos: idCatalogos,
      transaccion: e.transaccion,
      fecha: e.fecha,
      rechazoDesde: e.rechazoDesde,
    });
    try {
      let enviado = 0;
      for (const texto of e.textos) {
        enviado += texto.length;
        post({ tipo: 'texto', tarea: id, texto });
      }
      while (!tarea.terminada) {
        while (enviado - tarea.consumido > EN_VUELO_MAXIMO && !tarea.terminada) {
          await new Promise<void>((r) => {
            tarea.alConsumir = r;
          });
        }
        if (tarea.terminada) break;
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

  async cerrar(): Promise<void> {
    this.cerrado = true;
    await Promise.all(this.hilos.map((h) => h.worker.terminate()));
    this.hilos.length = 0;
  }

  /** The thread with the fewest running tasks; a new one while the pool is not full. */
  private elegir(): Hilo {
    const libre = this.hilos.find((h) => h.tareas.size === 0);
    if (libre) return libre;
    if (this.hilos.length < this.tamano) return this.crear();
    return this.hilos.reduce((a, b) => (b.tareas.size < a.tareas.size ? b : a));
  }

  private crear(): Hilo {
    const worker = new Worker(this.script);
    worker.unref();
    const hilo: Hilo = { worker, tareas: new Set(), catalogos: new Set() };
    worker.on('message', (m: MensajeDelHilo) => this.recibir(m));
    const caido = (causa: unknown) => {
      const i = this.hilos.indexOf(hilo);
      if (i >= 0) this.hilos.splice(i, 1);
      for (const id of hilo.tareas) this.fallar(id, causa);
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

  private recibir(m: MensajeDelHilo): void {
    const tarea = this.tareas.get(m.tarea);
    if (!tarea) return;
    if (m.tipo === 'consumido') {
      tarea.consumido += m.caracteres;
      const a = tarea.alConsumir;
      tarea.alConsumir = undefined;
      a?.();
      return;
    }
    this.quitar(m.tarea);
    if (m.tipo === 'resultado') tarea.resolver({ resultado: m.resultado, cola: m.cola });
    else if (m.sintaxis) {
      tarea.rechazar(
        errores.entradaInvalida('El cuerpo no es JSON válido. Revise comillas, comas y llaves.'),
      );
    } else tarea.rechazar(new Error(`validación en hilo: ${m.mensaje}`));
  }

  private fallar(id: number, causa: unknown): void {
    const tarea = this.tareas.get(id);
    if (!tarea) return;
    this.quitar(id);
    tarea.rechazar(causa);
  }

  private quitar(id: number): void {
    const tarea = this.tareas.get(id);
    if (!tarea) return;
    tarea.terminada = true;
    tarea.hilo.tareas.delete(id);
    this.tareas.delete(id);
    const a = tarea.alConsumir;
    tarea.alConsumir = undefined;
    a?.();
  }
}
