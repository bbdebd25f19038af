import { parentPort } from 'node:worker_threads';
import { CatalogosEnMemoria } from '../../catalogos/memoria.js';
import { CAMPOS } from '../../estructura/campos.js';
import type { VerificadorEstructura } from '../../estructura/verificador.js';
import { crearVerificadorEstructura } from '../../estructura/verificar.js';
import { REGLAS } from '../../reglas/registro.js';
import { usuariosEnFlujo } from '../flujo-rips.js';
import { Recorrido } from '../motor.js';
import { camposProyeccion, proyectar } from '../proyeccion.js';
import { ErrorTextoRips, elementos } from '../texto-rips.js';
import { validarRipsFlujo } from '../validar.js';
import { ColaTextos } from './cola-textos.js';
import type { MensajeAlHilo, MensajeDelHilo } from './mensajes.js';

/**
 * A validation thread: receives the text of `usuarios` as the request thread reads it and runs the
 * whole walk (every rule, cross-record ones included) exactly as the request thread would.
 */
const puerto = parentPort;
if (!puerto) throw new Error('trabajador.js se carga solo como hilo (worker_threads)');

/** Catalog sets by id; a new revision replaces the older ones once no task uses them. */
const juegos = new Map<number, { catalogos: CatalogosEnMemoria; estructura: VerificadorEstructura }>();
const tareas = new Map<number, ColaTextos>();
const paralelas = new Map<number, Extract<MensajeAlHilo, { tipo: 'paralelo' }>>();
const CAMPOS_PROYECCION = camposProyeccion(REGLAS);

/** One slice of a parallel walk: its users parsed, checked, and reduced for the cross-user rules. */
function tramo(m: Extract<MensajeAlHilo, { tipo: 'tramo' }>) {
  const p = paralelas.get(m.tarea);
  try {
    const juego = p && juegos.get(p.catalogos);
    if (!p || !juego) throw new Error(`tarea ${m.tarea} sin inicio o sin catálogos`);
    let usuarios: unknown[];
    let cola: string | undefined;
    if (m.ultimo) {
      const t = `[${m.texto}`;
      usuarios = [...elementos(t, 0, (fin) => (cola = t.slice(fin - 1)))];
    } else usuarios = JSON.parse(`[${m.texto}]`) as unknown[];
    const r = new Recorrido(p.transaccion, {
      fecha: p.fecha,
      catalogos: juego.catalogos,
      reglas: REGLAS,
      estructura: juego.estructura,
      fev: p.fev,
      modo: 'tramo',
    });
    const proyecciones: unknown[] = [];
    for (const u of usuarios) {
      r.usuario(u);
      proyecciones.push(proyectar(u, CAMPOS_PROYECCION));
    }
    const { hallazgos, documentos } = r.terminar();
    enviar({ tipo: 'tramo-hecho', tarea: m.tarea, n: m.n, hallazgos, documentos, proyecciones, cola });
  } catch (e) {
    enviar({ tipo: 'tramo-fallido', tarea: m.tarea, n: m.n, mensaje: (e as Error).message });
  }
}
const enviar = (m: MensajeDelHilo) => puerto.postMessage(m);

async function ejecutar(m: Extract<MensajeAlHilo, { tipo: 'inicio' }>, cola: ColaTextos) {
  try {
    const juego = juegos.get(m.catalogos);
    if (!juego) throw new Error(`catálogos ${m.catalogos} no recibidos`);
    const fin = { texto: '' };
    const resultado = await validarRipsFlujo(
      m.transaccion,
      {
        fecha: m.fecha,
        catalogos: juego.catalogos,
        estructura: juego.estructura,
        rechazoDesde: m.rechazoDesde,
        fev: m.fev,
      },
      usuariosEnFlujo('', cola, fin),
    );
    enviar({ tipo: 'resultado', tarea: m.tarea, resultado, cola: fin.texto });
  } catch (e) {
    const sintaxis = e instanceof ErrorTextoRips || e instanceof SyntaxError;
    enviar({ tipo: 'error', tarea: m.tarea, sintaxis, mensaje: (e as Error).stack ?? String(e) });
  } finally {
    tareas.delete(m.tarea);
  }
}

puerto.on('message', (m: MensajeAlHilo) => {
  switch (m.tipo) {
    case 'catalogos': {
      const catalogos = new CatalogosEnMemoria(m.tablas);
      juegos.set(m.id, { catalogos, estructura: crearVerificadorEstructura(CAMPOS, catalogos) });
      // Keep the previous set too: a task started before the new revision may still use it.
      for (const id of juegos.keys()) if (id < m.id - 1) juegos.delete(id);
      return;
    }
    case 'inicio': {
      const cola = new ColaTextos((caracteres) => enviar({ tipo: 'consumido', tarea: m.tarea, caracteres }));
      tareas.set(m.tarea, cola);
      void ejecutar(m, cola);
      return;
    }
    case 'paralelo':
      paralelas.set(m.tarea, m);
      return;
    case 'tramo':
      tramo(m);
      return;
    case 'texto':
      tareas.get(m.tarea)?.poner(m.texto);
      return;
    case 'fin':
      tareas.get(m.tarea)?.terminar();
      return;
    case 'cancelar':
      tareas.get(m.tarea)?.cancelar();
      paralelas.delete(m.tarea);
      return;
  }
});
